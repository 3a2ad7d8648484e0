"""``truco-rules play``: you against a bot in the terminal."""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..actions import Action
from ..agents import ISMCTSAgent
from ..bots import SimpleBot
from ..hand import Hand
from ..match import HandSummary, Match
from ..variant import get_variant
from ._common import parse_options


def _match_action(text: str, legal: list[Action], fmt: Callable[[Action], str]) -> Action | str:
    """The legal action the player meant, or a message saying why none fits."""
    texts = [fmt(a) for a in legal]
    t = " ".join(text.strip().lower().replace("_", " ").split())
    if t.isascii() and t.isdigit() and 1 <= int(t) <= len(legal):
        return legal[int(t) - 1]
    low = [x.lower() for x in texts]
    for cand in (t, t.replace(" ", "-"), "play " + t):
        if cand in low:
            return legal[low.index(cand)]
    starts = [i for i, x in enumerate(low) if x.startswith(t) or x.replace("-", " ").startswith(t)]
    if len(starts) == 1:
        return legal[starts[0]]
    close = difflib.get_close_matches(t, low, n=3, cutoff=0.6)
    if len(close) == 1:
        return legal[low.index(close[0])]
    hint = [texts[low.index(c)] for c in close] or [texts[i] for i in starts]
    if hint:
        return "did you mean: " + ", ".join(hint) + "?"
    return f"{text.strip()!r} is not a legal action now; type 'help' for the list"


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    v = get_variant(args.variant, parse_options(args.option))
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    m = v.new_match(args.seats, seed=seed)
    me = args.seat
    if not 0 <= me < args.seats:
        raise SystemExit(f"--seat must be a seat from 0 to {args.seats - 1}")
    bot = _opponent(args.opponent, args.strength, seed)
    fmt = v.format_action
    print(
        f"{v.name}: you are seat {me} (side {m.team[me]}); seed {seed}. Type an action, its "
        "number, or a prefix; 'help' lists them; 'quit' leaves."
    )
    shown: Hand | None = None  # the contest being printed
    seen = 0  # how many of its actions are printed
    reported = 0  # how many finished contests are reported
    while not m.is_over():
        if shown is not None and shown is not m.hand:  # it ended: its last actions, result
            _print_actions(shown.log[seen:], me, fmt)
            shown = None
        for h in m.history[reported:]:
            _print_hand_end(m, h)
        reported = len(m.history)
        if m.hand is not None and shown is None:
            shown, seen = m.hand, 0
            duels = len(m.plan.contests) if m.plan is not None else 1
            what = f"hand {m.hand_no + 1}"
            if duels > 1:
                what += f", duel {len([h for h in m.history if h.hand_no == m.hand_no]) + 1}"
            kind = f" ({m.plan.kind})" if m.plan is not None and m.plan.kind else ""
            print(f"\n=== {what}{kind} | score {m.score_text()} | mano: seat {shown.order[0]}")
        if shown is not None:
            _print_actions(shown.log[seen:], me, fmt)
            seen = len(shown.log)
        seat = m.current_player()
        legal = m.legal_actions()
        if seat != me:
            m.apply(bot.choose(m, legal))
            continue
        print(m.observation(me).render(v.format_card))
        for i, a in enumerate(legal, 1):
            print(f"  {i:2}. {fmt(a)}")
        while True:
            print("> ", end="", flush=True)
            line = stdin.readline()
            if not line or line.strip().lower() in ("quit", "exit", "q"):
                print("\nbye")
                return 0
            if line.strip().lower() in ("help", "?", ""):
                print("legal: " + ", ".join(fmt(a) for a in legal))
                continue
            choice = _match_action(line, legal, fmt)
            if isinstance(choice, str):
                print(choice)
                continue
            break
        m.apply(choice)
    if shown is not None:
        _print_actions(shown.log[seen:], me, fmt)
    for h in m.history[reported:]:
        _print_hand_end(m, h)
    seats = m.winning_seats()
    who = "you" if me in seats else "the bot"
    winners = f"side {m.winner()}" if m.winner_seat is None else f"seat {m.winner_seat}"
    print(f"\nmatch over: {winners} wins ({who}); final score {m.score_text()}")
    return 0


def _opponent(kind: str, strength: str, seed: int) -> SimpleBot | ISMCTSAgent:
    """The bot the player faces: the simple bot, or the search player at ``strength``."""
    if kind == "simple":
        return SimpleBot(random.Random(seed))
    level: str | int = int(strength) if strength.isdigit() else strength
    return ISMCTSAgent.with_strength(level, seed=seed)


def events_text(h: HandSummary) -> str:
    return ", ".join(f"side {t} +{p} ({why})" for t, p, why in h.events) or "no points"


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


def _print_hand_end(m: Match, h: HandSummary) -> None:
    fmt = m.variant.format_card
    line = f"--- hand over ({h.end_reason}): {events_text(h)}"
    if h.shown:  # only what the table is shown: envido proof, flores
        line += "\n    shown: " + " | ".join(
            f"seat {s}: {' '.join(fmt(c) for c in cards)}" for s, cards in h.shown
        )
    print(line)




def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play``."""
    pl = sub.add_parser("play", help="play against a bot in the terminal")
    pl.add_argument("--variant", default=None, help="default: the first registered variant")
    pl.add_argument("--seats", type=int, default=2)
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--option", action="append", metavar="NAME=VALUE")
    pl.add_argument(
        "--opponent",
        choices=("simple", "ismcts"),
        default="simple",
        help="the bot: the simple rule-of-thumb bot (default) or the search player",
    )
    pl.add_argument(
        "--strength",
        default="default",
        help="the search player's strength: fast, default, strong, or iterations per move",
    )
    pl.set_defaults(func=cmd_play)
