"""How right the reader reads its chances, situation by situation (issue 28).

    python tools/reading_calibration.py --variant mineiro --seats 2 --rival ismcts --matches 100
    python tools/reading_calibration.py --variant paulista --seats 4 --rival simple --by 0:3

Plays seeded matches of the default agent against a rival, as bench/bench_strength.py does
(match ``i`` from seed ``--seed + i``, the reader's side ``i % 2``), and at every decision
of a reader seat with more than one legal action in the phases listed (``--phase``) sets
the chance of winning the contest's tricks as that seat reads it
(:func:`truco_rules.agents.calibration.read_chance`, with the seat's own opponent model)
beside the outcome of the same contest played out with the real cards
(:func:`~truco_rules.agents.calibration.true_chance`). It prints, for each situation
(phase, stake, trick, cards already on the table in the trick; ``--by`` keeps a part of
it), the number of decisions, the mean reading, the mean outcome, the bias and the Brier
score. A bias above 0 says the sampled worlds make the others weaker than they are there.
Reading takes its own draws: the matches are the ones bench_strength plays.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import truco_rules as tr
from truco_rules import Action, Match
from truco_rules.agents import ReaderAgent
from truco_rules.agents.calibration import Calibration, read_chance, situation, true_chance

# the matches are the benchmark's own
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from bench_strength import play_table, table_arguments


def play(job: tuple[str, int, str, int, int, tuple[str, ...]]) -> tuple[bool, Calibration]:
    """Match ``i`` of a table: whether the reader's side won, and its readings."""
    name, seats, rival, worlds, i, phases = job
    v = tr.get_variant(name)
    found = Calibration()

    def reading(m: Match, seat: int, agent: Any, legal: list[Action]) -> Action:
        action: Action = agent.choose(m, legal)
        # read after choosing, from the same observation: the agent's tally of the other
        # side is then up to date, and its choice is the one it makes alone
        if isinstance(agent, ReaderAgent) and len(legal) > 1:
            obs = m.observation(seat)
            if obs.phase in phases:
                step = len(m.actions)
                chance = read_chance(v, obs, agent.table_model, worlds, seed=i * 1000 + step)
                truth = true_chance(m)
                if chance is not None and truth is not None:
                    found.add(situation(obs), chance, truth)
        return action

    return play_table(name, seats, rival, "default", i, reading), found


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    table_arguments(p)
    p.add_argument("--worlds", type=int, default=64, help="worlds a reading")
    p.add_argument("--phase", action="append", help="default: play and answer-call")
    p.add_argument("--by", default="0:4", help="the part of the situation to group by, a slice")
    args = p.parse_args()
    start, _, stop = args.by.partition(":")
    key = slice(int(start) if start else None, int(stop) if stop else None)
    phases = tuple(args.phase or ("play", "answer-call"))
    jobs = [
        (args.variant, args.seats, args.rival, args.worlds, args.seed + i, phases)
        for i in range(args.matches)
    ]
    total = Calibration()
    won = 0
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for w, found in pool.map(play, jobs):
            won += w
            total.merge(found)
    print(f"{args.variant}, {args.seats} seats, against {args.rival}: the reader won {won} of "
          f"{args.matches}")
    print("| situation | decisions | reading | outcome | bias | Brier |")
    print("|---|---|---|---|---|---|")
    for row in total.rows(key):
        where = ", ".join(str(x) for x in row.situation)
        print(f"| {where} | {row.n} | {row.reading:.3f} | {row.truth:.3f} | {row.bias:+.3f} "
              f"| {row.brier:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
