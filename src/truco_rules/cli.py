"""The ``truco-rules`` command: variants, simulate, play, replay, describe, compare, perft."""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

from .actions import Action
from .bots import SimpleBot
from .errors import TrucoError
from .hand import Hand
from .match import HandSummary, Match
from .perft import LEAF_BUDGET, divide, format_perft, generate, perft_counts
from .simulate import simulate
from .variant import compare, get_variant, variant_names


def default_variant() -> str:
    """The variant used when none is named: the first registered one (built-ins load first)."""
    return variant_names()[0]


def _progress_bar(stream: TextIO, started: float) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        if elapsed < 1.0 and done < total:
            return  # short runs print no bar
        width = 30
        filled = int(width * done / total) if total else width
        rate = done / elapsed if elapsed > 0 else 0.0
        stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches {rate:,.0f}/s"
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def cmd_variants(args: argparse.Namespace) -> int:
    for name in variant_names():
        v = get_variant(name)
        aliases = f" (also: {', '.join(v.aliases)})" if v.aliases else ""
        print(f"{name:22} {v.description}{aliases}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.variant is None:
        return _simulate_every_variant(args)
    v = get_variant(args.variant, _parse_options(args.option))
    started = time.perf_counter()
    bar = _progress_bar(sys.stderr, started)
    print(
        f"simulating {args.matches} random {v.name} matches, {args.seats} seats, seed {args.seed}"
        + (f", {args.workers} workers" if args.workers > 1 else "")
    )
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as ex:
            report = simulate(v, args.matches, args.seed, args.seats, executor=ex, progress=bar)
    else:
        report = simulate(v, args.matches, args.seed, args.seats, progress=bar)
    print(report.summary(time.perf_counter() - started))
    return 0


def _simulate_every_variant(args: argparse.Namespace) -> int:
    """One row per registered variant that has ``--seats`` seats: the rule sets side by side."""
    options = _parse_options(args.option)
    names = [n for n in variant_names() if args.seats in get_variant(n).seat_counts]
    print(
        f"simulating {args.matches} random matches of each variant, {args.seats} seats, "
        f"seed {args.seed}"
    )
    print(
        f"{'variant':20} {'hands/match':>11} {'points/hand':>11} {'mano wins':>9} "
        f"{'side 0 wins':>11} {'actions/s':>10}"
    )
    for name in names:
        v = get_variant(name)
        own = {k: val for k, val in options.items() if k in v.options()}
        v = v.with_options(**own)
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as ex:
                r = simulate(v, args.matches, args.seed, args.seats, executor=ex)
        else:
            r = simulate(v, args.matches, args.seed, args.seats)
        rate = r.actions / r.seconds if r.seconds else 0.0
        print(
            f"{name:20} {r.hands_per_match:>11.2f} {r.points_per_hand:>11.2f} "
            f"{r.mano_win_rate:>9.1%} {r.wins[0] / max(1, r.matches):>11.1%} {rate:>10,.0f}"
        )
    print("mano wins: hands decided by tricks that the mano's side won")
    return 0


def _parse_options(pairs: Sequence[str] | None) -> dict[str, object]:
    out: dict[str, object] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        try:
            value: object = json.loads(raw)
        except json.JSONDecodeError:
            value = None if raw.strip() == "None" else raw  # Python spelling of null
        out[name.strip()] = tuple(value) if isinstance(value, list) else value
    return out


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
    v = get_variant(args.variant, _parse_options(args.option))
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    m = v.new_match(args.seats, seed=seed)
    me = args.seat
    if not 0 <= me < args.seats:
        raise SystemExit(f"--seat must be a seat from 0 to {args.seats - 1}")
    bot = SimpleBot(random.Random(seed))
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


def _events_text(h: HandSummary) -> str:
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
    line = f"--- hand over ({h.end_reason}): {_events_text(h)}"
    if h.shown:  # only what the table is shown: envido proof, flores
        line += "\n    shown: " + " | ".join(
            f"seat {s}: {' '.join(fmt(c) for c in cards)}" for s, cards in h.shown
        )
    print(line)


def cmd_replay(args: argparse.Namespace) -> int:
    with open(args.record, encoding="utf-8") as f:
        text = f.read()
    m = Match.from_json(text) if text.lstrip().startswith("{") else Match.from_text(text)
    print(f"{m.variant.name}, {m.seats} seats: {len(m.actions)} actions replayed")
    for h in m.history:
        events = _events_text(h)
        print(f"hand {h.hand_no + 1}.{h.contest + 1} mano seat {h.mano}: {events} [{h.end_reason}]")
    state = "over" if m.is_over() else f"in progress, seat {m.current_player()} to act"
    print(
        f"score {m.score_text()} | chicos {m.chicos[0]}-{m.chicos[1]} | {state}"
        + (f" | winner: side {m.winner()}" if m.is_over() else "")
    )
    return 0


def cmd_describe(args: argparse.Namespace) -> int:
    v = get_variant(args.variant)
    print(json.dumps(v.describe(), indent=2, ensure_ascii=False))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    diffs = compare(get_variant(args.left), get_variant(args.right))
    for d in diffs:
        print(d)
    if not diffs:
        print("no differences")
    return 0


PERFT_HEADER = """\
Perft counts of truco-rules: distinct legal (seat, action) sequences from a seeded deal.
Format and meaning: docs/invariants.md (Perft). Regenerate: truco-rules perft --write DIR"""


def cmd_perft(args: argparse.Namespace) -> int:
    if args.write is not None:
        from pathlib import Path

        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        names = [args.perft_variant] if args.perft_variant else list(variant_names())
        for name in names:
            v = get_variant(name)
            started = time.perf_counter()
            records = generate(v.name, budget=args.budget)
            path = folder / f"{v.name}.perft"
            path.write_text(format_perft(records, PERFT_HEADER), encoding="utf-8")
            print(f"wrote {path}: {len(records)} records ({time.perf_counter() - started:.1f} s)")
        return 0
    v = get_variant(args.perft_variant or default_variant(), _parse_options(args.option))
    m = v.new_match(args.seats, seed=args.seed)
    for depth, count in enumerate(perft_counts(m, args.depth), 1):
        print(f"perft {depth} {count}")
    if args.divide:
        for step, count in divide(m, args.depth):
            print(f"  {step} {count}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="truco-rules", description="The rules of Truco, variant by variant."
    )
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list the variants").set_defaults(func=cmd_variants)

    s = sub.add_parser("simulate", help="random legal playouts and their statistics")
    s.add_argument("--variant", default=None, help="default: every variant, one row each")
    s.add_argument("--matches", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--seats", type=int, default=2)
    s.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    s.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    s.set_defaults(func=cmd_simulate)

    pl = sub.add_parser("play", help="play against a simple bot in the terminal")
    pl.add_argument("--variant", default=None, help="default: the first registered variant")
    pl.add_argument("--seats", type=int, default=2)
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--option", action="append", metavar="NAME=VALUE")
    pl.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help="replay a record (JSON or text) and print its hands")
    r.add_argument("record")
    r.set_defaults(func=cmd_replay)

    d = sub.add_parser("describe", help="a variant's rules as JSON")
    d.add_argument("variant", nargs="?", default=None)
    d.set_defaults(func=cmd_describe)

    c = sub.add_parser("compare", help="rule-by-rule differences of two variants")
    c.add_argument("left")
    c.add_argument("right")
    c.set_defaults(func=cmd_compare)

    pf = sub.add_parser(
        "perft", help="count the legal action sequences of a seeded match, or write perft files"
    )
    pf.add_argument(
        "--variant",
        dest="perft_variant",  # not "variant": main() would fill in the default for --write
        default=None,
        help="default: the first registered variant (with --write: every registered variant)",
    )
    pf.add_argument("--seats", type=int, default=2)
    pf.add_argument("--seed", type=int, default=1)
    pf.add_argument("--depth", type=int, default=3, help="deepest count (default 3)")
    pf.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    pf.add_argument("--divide", action="store_true", help="also count per first action")
    pf.add_argument(
        "--write",
        metavar="DIR",
        default=None,
        help="write DIR/<variant>.perft for --variant, or for every registered variant",
    )
    pf.add_argument(
        "--budget",
        type=int,
        default=LEAF_BUDGET,
        help=f"with --write: deepest count allowed per record (default {LEAF_BUDGET:,})",
    )
    pf.set_defaults(func=cmd_perft)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``truco-rules`` command."""
    args = build_parser().parse_args(argv)
    if getattr(args, "variant", "") is None and args.func is not cmd_simulate:
        args.variant = default_variant()  # simulate without a variant runs every variant
    try:
        return int(args.func(args))
    except TrucoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
