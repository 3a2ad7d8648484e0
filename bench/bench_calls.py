"""Benchmark: Python function calls per action of random play (not a test).

    python bench/bench_calls.py                          # every variant at every seat count
    python bench/bench_calls.py --variant argentine --seats 2 --matches 300

Plays seeded matches with the seeded random player of ``bench_playouts.py`` under
``cProfile`` and prints the calls it counted per action (the player's own calls included).
Unlike a time, the count does not drift with the machine's load: the same code and seeds
give the same figure on any machine, so it tracks the kernel's work between commits where
timings on a shared machine cannot (a call costs roughly the same anywhere; read it beside
``bench_playouts.py``, not instead of it).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from bench_playouts import run  # the same seeded random play, under the profiler

import truco_rules as tr


def calls_per_action(variant: str, seats: int, matches: int, derivation: int) -> float:
    """Python calls per action over ``matches`` seeded random matches (seeds 0, 1, ...)."""
    profile = cProfile.Profile()
    profile.enable()
    actions, _seconds = run(variant, seats, matches, 0, derivation)
    profile.disable()
    calls: int = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    return calls / actions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", action="append", help="variant(s) (default: all registered)")
    p.add_argument(
        "--seats", type=int, action="append", help="seat count(s) (default: all the variant has)"
    )
    p.add_argument("--matches", type=int, default=300)
    p.add_argument("--derivation", type=int, default=1, help="deal derivation (1 or 2)")
    a = p.parse_args()
    print(f"{'variant':22} {'seats':>5} {'calls/action':>13}")
    for name in a.variant or tr.variant_names():
        counts = tr.get_variant(name).seat_counts
        for seats in a.seats or counts:
            if seats in counts:
                per = calls_per_action(name, seats, a.matches, a.derivation)
                print(f"{name:22} {seats:>5} {per:>13.1f}")


if __name__ == "__main__":
    main()
