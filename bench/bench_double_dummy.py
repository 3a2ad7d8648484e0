"""Benchmark: double-dummy deals solved per second on one core (not a test).

    python bench/bench_double_dummy.py                     # every variant, 2 seats
    python bench/bench_double_dummy.py --variant argentine --deals 20000 --seats 4

Each run starts from a cold solver in a fresh process (the table of solved positions fills up
as the deals go), deals ``--deals`` random hands with mano 0 and solves each exactly with
:func:`truco_rules.analysis.double_dummy_rates`, in this process. The target is 5,000 2-seat
deals per second for every variant.
"""

from __future__ import annotations

import argparse
import time

import truco_rules as tr
from truco_rules.analysis import double_dummy_rates


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--variant", action="append", help="variant(s) (default: all registered)")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--deals", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    names = args.variant or [
        n for n in tr.variant_names() if args.seats in tr.get_variant(n).seat_counts
    ]
    print(f"{'variant':20} {'seats':>5} {'deals':>7} {'seconds':>8} {'deals/s':>9} mano wins")
    for name in names:
        t0 = time.perf_counter()
        r = double_dummy_rates(name, args.seats, args.deals, args.seed)
        secs = time.perf_counter() - t0
        print(
            f"{name:20} {args.seats:>5} {args.deals:>7} {secs:>8.2f} "
            f"{args.deals / secs:>9,.0f} {r.mano_rate.percent()}"
        )


if __name__ == "__main__":
    main()
