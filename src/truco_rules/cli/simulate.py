"""``truco-rules simulate``: random playouts and their statistics."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..simulate import simulate
from ..variant import get_variant, variant_names
from ._common import parse_options, progress_bar


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.variant is None:
        return _simulate_every_variant(args)
    v = get_variant(args.variant, parse_options(args.option))
    started = time.perf_counter()
    bar = progress_bar(sys.stderr, started)
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
    options = parse_options(args.option)
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




def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``simulate``."""
    s = sub.add_parser("simulate", help="random legal playouts and their statistics")
    s.add_argument("--variant", default=None, help="default: every variant, one row each")
    s.add_argument("--matches", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--seats", type=int, default=2)
    s.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    s.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    s.set_defaults(func=cmd_simulate)
