"""Benchmark: what ``Match.copy()`` costs beside one play step, on one core (not a test).

    python bench/bench_copy.py                        # argentine, 2 seats
    python bench/bench_copy.py --variant mineiro --seats 4 --states 3000

Search bots copy a state at every step, so a copy should cost no more than a play step
(``legal_actions()`` then ``apply()``). The states are taken from seeded random playouts
(every state of the first matches, until ``--states`` are collected). For each state the
script times, over ``--rounds`` passes: a copy alone, and a copy followed by a play step;
the step's cost is the difference. Prints microseconds per copy and per step, and their
ratio (copy / step; at most 1 is the goal).
"""

from __future__ import annotations

import argparse
import random
import time

import truco_rules as tr


def states(variant: str, seats: int, count: int, seed: int) -> list[tuple[tr.Match, tr.Action]]:
    """``count`` states with a seat to act, each with the random action played from it."""
    v = tr.get_variant(variant)
    out: list[tuple[tr.Match, tr.Action]] = []
    i = 0
    while len(out) < count:
        m: tr.Match = v.new_match(seats, seed=seed * 1_000_003 + i)
        rng = random.Random(i)
        while not m.is_over() and len(out) < count:
            legal = m.legal_actions()
            act = legal[int(rng.random() * len(legal))]
            out.append((m.copy(), act))
            m.apply(act)
        i += 1
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="argentine")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--states", type=int, default=5000)
    p.add_argument("--rounds", type=int, default=5, help="passes; the fastest is kept")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    sample = states(a.variant, a.seats, a.states, a.seed)
    best_copy = best_both = float("inf")
    for _ in range(a.rounds):
        t = time.perf_counter()
        for m, _act in sample:
            m.copy()
        best_copy = min(best_copy, time.perf_counter() - t)
        t = time.perf_counter()
        for m, act in sample:
            c = m.copy()
            c.legal_actions()
            c.apply(act)
        best_both = min(best_both, time.perf_counter() - t)
    n = len(sample)
    copy_us = best_copy / n * 1e6
    step_us = (best_both - best_copy) / n * 1e6
    print(f"{a.variant} {a.seats} seats, {n} states")
    print(f"copy()                    {copy_us:8.2f} us")
    print(f"legal_actions() + apply() {step_us:8.2f} us")
    print(f"copy / step               {copy_us / step_us:8.2f}")


if __name__ == "__main__":
    main()
