"""ISMCTS agent vs the simple bot: win rate per variant and decision time.

    python bench/bench_ismcts.py --matches 400            # every variant, 2 seats
    python bench/bench_ismcts.py --matches 100 --variant paulista --iterations 1000
    python bench/bench_ismcts.py --matches 200 --whole   # every iteration of each search, as before
    python bench/bench_ismcts.py --settle-lead 1         # the certain stop, the default before

Matches are interleaved over the variants (match 0 of each, then match 1 of each...), so a
run stopped early still covers every variant; a line per variant is printed every
``--report`` rounds and at the end. The agent takes seat ``i % 2`` in match ``i`` (so each
seat is mano first half the time), the deals come from seed ``--seed + i``. Decision time is
measured around ``agent.choose`` for every decision with more than one legal action: wall
time, and the process's CPU time (one core; it does not count time spent waiting for a
core on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent
from truco_rules.runs.bots import SimpleBot


def play(
    variant: tr.Variant, i: int, seed: int, knobs: dict[str, float]
) -> tuple[bool, list[float], list[float]]:
    """Match ``i``: whether the agent won, and its decision times (wall and CPU seconds)."""
    m = variant.new_match(2, seed=seed + i)
    me = i % 2
    agent = ISMCTSAgent(seed=seed + i, **knobs)  # type: ignore[arg-type]
    bot = SimpleBot(random.Random(seed + i))
    times: list[float] = []
    cpu: list[float] = []
    while not m.is_over():
        legal = m.legal_actions()
        if m.current_player() == me:
            t, c = time.perf_counter(), time.process_time()
            action = agent.choose(m, legal)
            if len(legal) > 1:
                times.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
        else:
            action = bot.choose(m, legal)
        m.apply(action)
    return m.winner() == m.team[me], times, cpu


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--matches", type=int, default=400, help="matches per variant")
    p.add_argument("--variant", action="append", help="default: every registered variant")
    p.add_argument("--iterations", type=int, default=ISMCTSAgent().iterations)
    p.add_argument("--worlds", type=int, default=ISMCTSAgent().worlds)
    p.add_argument("--exploration", type=float, default=ISMCTSAgent().exploration)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--whole",
        action="store_true",
        help="run every iteration of each search (stop_settled=False), as earlier releases did",
    )
    p.add_argument(
        "--settle-lead",
        type=float,
        default=ISMCTSAgent().settle_lead,
        help="the lead, as a share of the iterations left, that stops a search (1: certain)",
    )
    p.add_argument("--report", type=int, default=50, help="print a table every N rounds")
    p.add_argument("--json", default=None, help="write the final table here as JSON")
    args = p.parse_args()
    names = args.variant or list(tr.variant_names())
    knobs: dict[str, float] = {
        "iterations": args.iterations,
        "worlds": args.worlds,
        "exploration": args.exploration,
        "stop_settled": not args.whole,
        "settle_lead": args.settle_lead,
    }
    variants = {n: tr.get_variant(n) for n in names}
    wins = {n: 0 for n in names}
    played = {n: 0 for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    started = time.perf_counter()

    def table() -> list[dict[str, object]]:
        rows = []
        for n in names:
            ts = times[n] or [0.0]
            cs = sorted(cpu[n] or [0.0])
            rows.append(
                {
                    "variant": n,
                    "matches": played[n],
                    "wins": wins[n],
                    "win_rate": wins[n] / max(1, played[n]),
                    "mean_ms": 1000 * statistics.fmean(ts),
                    "max_ms": 1000 * max(ts),
                    "cpu_mean_ms": 1000 * statistics.fmean(cs),
                    "cpu_p95_ms": 1000 * cs[int(0.95 * (len(cs) - 1))],
                    "cpu_p99_ms": 1000 * cs[int(0.99 * (len(cs) - 1))],
                    "cpu_max_ms": 1000 * cs[-1],
                    "decisions": len(times[n]),
                }
            )
        return rows

    def show() -> None:
        print(f"--- after {time.perf_counter() - started:.0f} s, {knobs}")
        for r in table():
            print(
                f"{r['variant']:20} {r['wins']:>4}/{r['matches']:<4} {r['win_rate']:6.1%}  "
                f"wall mean {r['mean_ms']:5.1f} max {r['max_ms']:6.1f} ms | cpu mean "
                f"{r['cpu_mean_ms']:5.1f} p95 {r['cpu_p95_ms']:5.1f} p99 {r['cpu_p99_ms']:5.1f} "
                f"max {r['cpu_max_ms']:6.1f} ms "
                f"({r['decisions']} decisions)"
            )
        sys.stdout.flush()

    for i in range(args.matches):
        for n in names:
            won, ts, cs = play(variants[n], i, args.seed, knobs)
            wins[n] += won
            played[n] += 1
            times[n] += ts
            cpu[n] += cs
        if (i + 1) % args.report == 0:
            show()
    show()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(table(), f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
