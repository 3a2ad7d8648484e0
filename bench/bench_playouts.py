"""Benchmark: random legal playouts of full matches, on one core (not a test).

    python bench/bench_playouts.py                       # every variant at every seat count
    python bench/bench_playouts.py --variant paulista --seats 2 --matches 500

Each match is dealt from its own seed and played by a seeded random agent, through the public
API only: ``legal_actions()`` then ``apply()`` (which validates) until the match is over.
Prints actions/s and matches/s for every variant and seat count. The goal is
150,000 actions/s for 2-seat ``argentine`` (docs/performance.md has the figures and what
stands between them and the goal).
"""

from __future__ import annotations

import argparse
import random
import time

import truco_rules as tr


def run(
    variant: str, seats: int, matches: int, seed: int, derivation: int = 2
) -> tuple[int, float]:
    v = tr.get_variant(variant)
    actions = 0
    t0 = time.perf_counter()
    for i in range(matches):
        # derivation 1 is not named, so that other scripts can time commits from before
        # derivations were numbered with this loop
        named = {"derivation": derivation} if derivation != 1 else {}
        m = v.new_match(seats, seed=seed * 1_000_003 + i, **named)
        rng = random.Random(i)
        while not m.is_over():
            legal = m.legal_actions()
            m.apply(legal[int(rng.random() * len(legal))])
        actions += len(m.actions)
    return actions, time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", action="append", help="variant(s) (default: all registered)")
    p.add_argument(
        "--seats", type=int, action="append", help="seat count(s) (default: all the variant has)"
    )
    p.add_argument("--matches", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="runs per case; the best is shown")
    p.add_argument(
        "--derivation", type=int, default=2, help="deal derivation of the seeded matches (1 or 2)"
    )
    a = p.parse_args()
    print(
        f"{'variant':22} {'seats':>5} {'matches':>8} {'actions':>9} "
        f"{'actions/s':>11} {'matches/s':>10}"
    )
    for name in a.variant or tr.variant_names():
        for seats in a.seats or tr.get_variant(name).seat_counts:
            if seats not in tr.get_variant(name).seat_counts:
                continue
            best = min(
                (run(name, seats, a.matches, a.seed, a.derivation) for _ in range(a.repeat)),
                key=lambda r: r[1],
            )
            actions, secs = best
            print(
                f"{name:22} {seats:>5} {a.matches:>8} {actions:>9} "
                f"{actions / secs:>11,.0f} {a.matches / secs:>10,.1f}"
            )


if __name__ == "__main__":
    main()
