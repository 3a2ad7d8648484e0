"""``truco-rules play``: you against a bot in the terminal."""

from __future__ import annotations

import argparse
import difflib
import io
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from ..agents import ISMCTSAgent, ReaderAgent, default_agent
from ..contest.hand import Hand
from ..core.actions import Action
from ..core.errors import ParseError
from ..match import HandSummary, Match
from ..runs.bots import SimpleBot
from ..views.narrate import events_text, who_won
from ._common import add_variant_argument, at_least, chosen_variants, default_variant

MAX_LINE = 64
"""The longest input line read as an action (longer ones are not actions)."""


def _match_action(text: str, legal: list[Action], fmt: Callable[[Action], str]) -> Action | str:
    """The legal action the player meant, or a message saying why none fits.

    Accepted: the action's text (any case; a space or ``_`` for ``-``, ``play`` may be left
    out), its number in the list, or a prefix that only one legal action starts with. Anything
    else is never guessed: the answer suggests the closest legal actions.
    """
    texts = [fmt(a) for a in legal]
    t = " ".join(text.strip().lower().replace("_", " ").split())[: MAX_LINE + 1]
    if not t:
        return "type an action, its number, or a prefix; 'help' lists them"
    if t.isascii() and t.isdigit():
        n = int(t) if len(t) < 4 else 0
        return legal[n - 1] if 1 <= n <= len(legal) else f"there is no action {t} in the list"
    low = [x.lower() for x in texts]
    for cand in (t, t.replace(" ", "-"), "play " + t):
        if cand in low:
            return legal[low.index(cand)]
    starts = [
        i
        for i, x in enumerate(low)
        if x.startswith(t) or x.replace("-", " ").startswith(t) or x.startswith("play " + t)
    ]
    if len(starts) == 1:
        return legal[starts[0]]
    if len(starts) > 1:
        return "that starts several actions: " + ", ".join(texts[i] for i in starts) + "?"
    close = difflib.get_close_matches(t, low, n=3, cutoff=0.5)
    if close:
        return "did you mean: " + ", ".join(texts[low.index(c)] for c in close) + "?"
    return f"{text.strip()[:MAX_LINE]!r} is not a legal action now; type 'help' for the list"


def _ask(
    stdin: TextIO, legal: list[Action], fmt: Callable[[Action], str], may_pass: bool
) -> Action | str | None:
    """Read until the player names a legal action (or passes, if allowed, with an empty line);
    ``"quit"`` when he leaves."""
    while True:
        print("> ", end="", flush=True)
        line = stdin.readline()
        word = line.strip().lower()
        if not line or word in ("quit", "exit"):  # not "q": the prefix of "quiero"
            return "quit"
        if may_pass and not word:
            return None
        if word in ("help", "?", ""):
            print("legal: " + ", ".join(fmt(a) for a in legal))
            continue
        choice = _match_action(line, legal, fmt)
        if isinstance(choice, str):
            print(choice)
            continue
        return choice


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    # closed standard input (``<&-``): Python gives None; read it as at its end, a player who
    # has left
    stdin = stdin or sys.stdin or io.StringIO()
    v = chosen_variants(args.variant, args.option, args.seats)[0]
    if not 0 <= args.seat < args.seats:
        raise ParseError(f"--seat must be a seat from 0 to {args.seats - 1}, not {args.seat}")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    m = v.new_match(args.seats, seed=seed)
    me = args.seat
    # one agent per bot seat: an agent keeps what it read of the table, which must be its
    # own seat's view alone; the first bot seat after the player's plays from the seed, the
    # n-th after it from the seed plus n
    bots = {
        s: _opponent(args.opponent, args.strength, seed + (s - me - 1) % args.seats)
        for s in range(args.seats)
        if s != me
    }
    if args.save is not None:  # before the game, not after it: a game played is not lost
        target = Path(args.save)
        if target.is_dir() or not target.parent.is_dir():
            raise ParseError(f"--save {args.save!r}: no file can be written there")
    print(
        f"{v.name}: you are seat {me} (side {m.team[me]}); seed {seed}. Type an action, its "
        "number, or a prefix; 'help' lists them; 'quit' leaves."
    )
    try:
        _loop(m, me, bots, stdin, args.step, args.out_of_turn)
    finally:
        if args.save is not None:
            Path(args.save).write_text(m.to_json(), encoding="utf-8")
            print(f"record saved to {args.save}")
    return 0


def _loop(
    m: Match,
    me: int,
    bots: Mapping[int, SimpleBot | ISMCTSAgent | ReaderAgent],
    stdin: TextIO,
    step: bool = False,
    offer: bool = True,
) -> None:
    """Play to the end, ``bots`` playing the other seats, one agent a seat; with ``step``
    (``--step``) stop before every bot move, offering the
    calls the player may make out of turn unless ``offer`` is false
    (``--no-out-of-turn``), else the bots' moves flow until the player's turn."""
    fmt = m.variant.format_action
    shown: Hand | None = None  # the contest being printed
    seen = 0  # how many of its actions are printed
    reported = 0  # how many finished contests are reported
    while not m.is_over():
        if shown is not None and shown is not m.hand:  # it ended: its last actions, result
            _print_actions(shown.log[seen:], me, fmt)
            shown = None
        for h in m.history[reported:]:
            _print_hand_end(m, h, me)
        reported = len(m.history)
        if m.hand is not None and shown is None:
            shown, seen = m.hand, 0
            duels = len(m.plan.contests) if m.plan is not None else 1
            what = f"hand {m.hand_no + 1}"
            if duels > 1:
                what += f", duel {len([h for h in m.history if h.hand_no == m.hand_no]) + 1}"
            kind = f" ({m.plan.kind})" if m.plan is not None and m.plan.kind else ""
            print(f"\n=== {what}{kind} | score {m.score_text()} | mano: seat {shown.order[0]}")
            if m.current_player() != me:  # else the observation below shows them
                print(_your_cards(m, me))  # before any bot move, or call offered
        if shown is not None:
            _print_actions(shown.log[seen:], me, fmt)
            seen = len(shown.log)
        seat = m.current_player()
        if seat != me:
            mine = m.legal_actions(me) if step and offer and seat >= 0 else []
            if step:  # stop before the bot's move
                if mine:  # calls this seat may make out of turn, before the other acts
                    print(
                        f"seat {seat} is to act; you may: "
                        + ", ".join(f"{i}. {fmt(a)}" for i, a in enumerate(mine, 1))
                        + " (Enter: let it act)"
                    )
                else:
                    print(f"seat {seat} is to act (Enter: let it act)")
                choice = _ask(stdin, mine, fmt, may_pass=True)
                if choice == "quit":
                    print("\nbye")
                    return
                if isinstance(choice, Action):
                    m.apply(choice, me)
                    continue
            m.apply(bots[seat].choose(m, m.legal_actions()))
            continue
        legal = m.legal_actions()
        print(m.observation(me).render())
        for i, a in enumerate(legal, 1):
            print(f"  {i:2}. {fmt(a)}")
        choice = _ask(stdin, legal, fmt, may_pass=False)
        if not isinstance(choice, Action):
            print("\nbye")
            return
        m.apply(choice)
    if shown is not None:
        _print_actions(shown.log[seen:], me, fmt)
    for h in m.history[reported:]:
        _print_hand_end(m, h, me)
    who = "you" if me in m.winning_seats() else "the bot"
    print(f"\nmatch over: {who_won(m)} ({who}); final score {m.score_text()}")


def _your_cards(m: Match, me: int) -> str:
    """The player's cards as the hand starts (or how many he holds unseen, in a blind hand)."""
    o = m.observation(me)
    if o.my_cards:
        return "your cards: " + " ".join(m.variant.format_card(c) for c in o.my_cards)
    if o.unseen_cards:
        return f"your cards: {o.unseen_cards} dealt face down (you may not look at them)"
    return "you hold no cards in this contest"


def _opponent(kind: str, strength: str, seed: int) -> SimpleBot | ISMCTSAgent | ReaderAgent:
    """The bot the player faces: the library's default agent or the search player at
    ``strength``, or the simple bot."""
    level: str | int = int(strength) if strength.isascii() and strength.isdecimal() else strength
    if kind == "simple":
        default_agent(seed=seed, strength=level)  # --strength is checked, though unused here
        return SimpleBot(random.Random(seed))
    if kind == "ismcts":
        return ISMCTSAgent.with_strength(level, seed=seed)
    return default_agent(seed=seed, strength=level)


def _print_actions(
    log: Sequence[tuple[int, Action]], me: int, fmt: Callable[[Action], str]
) -> None:
    """Other seats' actions as the table sees them (a face-down card stays hidden)."""
    for s, a in log:
        if s == me:
            continue
        if a.verb == "play" and a.down:
            text = "play (face down)"
        elif a.under is not None and a.card is not None:
            text = fmt(Action.play(a.card)) + " over (face down)"
        else:
            text = fmt(a)
        print(f"  seat {s}: {text}")


def _print_hand_end(m: Match, h: HandSummary, me: int) -> None:
    fmt = m.variant.format_card
    print(f"--- hand over ({h.end_reason}): {events_text(h)}")
    view = m.observation(me).previous
    if view is not None and view.mano == h.mano:
        for k, r in enumerate(view.tricks):  # every trick, the last one included
            cards = ", ".join(
                f"seat {p.seat} "
                + ("(down)" if p.card is None else fmt(p.card) + (" down" if p.down else ""))
                for p in view.table
                if p.trick == k
            )
            side = h.mano_side if r == 0 else 1 - h.mano_side
            print(f"    trick {k + 1}: {cards} -> {'tied' if r < 0 else f'side {side}'}")
    if h.shown:  # only what the table is shown: envido proof, flores
        print(
            "    shown: "
            + " | ".join(f"seat {s}: {' '.join(fmt(c) for c in cards)}" for s, cards in h.shown)
        )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play``."""
    pl = sub.add_parser("play", help="play against a bot in the terminal")
    add_variant_argument(pl, f"a variant name or alias; none: {default_variant()}")
    pl.add_argument("--seats", type=at_least(2), default=2, help="seats at the table")
    pl.add_argument("--seat", type=at_least(0), default=0, help="your seat")
    pl.add_argument(
        "--seed", type=at_least(0), default=None, help="seed of the match; none: a random one"
    )
    pl.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="change an option (repeatable)"
    )
    pl.add_argument(
        "--opponent",
        choices=("default", "simple", "ismcts"),
        default="default",
        help="the bot: the library's default agent (truco_rules.agents.default_agent), the "
        "simple rule-of-thumb bot or the search player",
    )
    pl.add_argument(
        "--strength",
        default="default",
        help="the bot's strength: fast, default, strong, or a number (worlds a move for the "
        "default agent, iterations for the search player)",
    )
    pl.add_argument(
        "--save", metavar="FILE", default=None, help="write the match's JSON record to FILE"
    )
    pl.add_argument(
        "--step",
        action="store_true",
        help="stop before every bot move (Enter lets it act) and offer the calls you may "
        "make while another seat is to act; default: the bots' moves flow to your turn",
    )
    pl.add_argument(
        "--no-out-of-turn",
        dest="out_of_turn",
        action="store_false",
        help="with --step: stop before every bot move without offering the calls you may "
        "make while another seat is to act",
    )
    pl.set_defaults(func=cmd_play)
