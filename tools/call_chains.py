"""Where the points go, call by call, and what the reader's answers were worth (issue 28).

    python tools/call_chains.py --variant mineiro --seats 2 --rival ismcts --matches 400
    python tools/call_chains.py --variant paulista --seats 4 --rival simple --workers 2

Plays seeded matches of the default agent against a rival, as bench/bench_strength.py does
(match ``i`` from seed ``--seed + i``, the reader's side ``i % 2``), then replays each
match's record and prints two tables:

* **chains**: every contest by the ladder calls and answers made in it, in order (``U`` the
  reader's side, ``T`` the other; a call with the trick it was made at, from 0), with how
  many contests went that way and the points they gave the reader's side net, a match and a
  contest (``-``: nobody called; special hands show as ``accept-hand`` and
  ``decline-hand``);
* **answers**: the reader's side's answers to a call of the ladder by trick, stake in force
  and answer, with the mean outcome of the contest played out with the real cards at the
  moment of the answer (:func:`truco_rules.agents.calibration.true_chance`), so that a
  refusal of contests that would mostly have been won shows.

At a four-seat table every seat's answer counts: partners asked in turn count twice.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import truco_rules as tr
from truco_rules import Action, Match
from truco_rules.agents.calibration import true_chance

# the matches are the benchmark's own
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from bench_strength import play_table, table_arguments

Tally = dict[Any, list[float]]  # key: [count, sum]
_ANSWERS = {"quiero": "accept", "no-quiero": "refuse"}
_SPECIAL = ("accept-hand", "decline-hand")


def _add(table: Tally, key: Any, total: float, count: int = 1) -> None:
    """Add ``count`` values summing to ``total`` to ``table``'s row ``key``."""
    row = table.setdefault(key, [0, 0.0])
    row[0] += count
    row[1] += total


def walk(match: Match, ours: int) -> tuple[Tally, Tally]:
    """The chains and answers of a finished ``match`` (see the module), replayed from its
    record; ``ours`` is the reader's side."""
    record = match.to_record()
    m = Match.from_record(dict(record, actions=[]))
    names = m.variant.ladder.names
    chains: Tally = {}
    answers: Tally = {}
    chain: list[str] = []
    for seat, action in match.actions:
        verb = action.verb
        mine = m.team[seat] == ours if seat >= 0 else False
        if m.hand is not None and (verb in names or verb in _ANSWERS or verb in _SPECIAL):
            obs = m.observation(seat)
            trick = len(obs.current.tricks)
            who = "U" if mine else "T"
            chain.append(f"{who}:{verb}@{trick}" if verb in names else f"{who}:{verb}")
            if mine and obs.phase == "answer-call":
                truth = true_chance(m)
                kind = _ANSWERS.get(verb, "raise")
                if truth is not None:
                    _add(answers, (trick, obs.stake, kind), truth)
        before = len(m.history)
        m.apply(action, seat=seat)
        if len(m.history) > before:
            points = m.history[-1].points
            _add(chains, " ".join(chain) or "-", points[ours] - points[1 - ours])
            chain = []
    return chains, answers


def play(job: tuple[str, int, str, int]) -> tuple[bool, Tally, Tally]:
    """Match ``i`` of a table: whether the reader's side won, its chains and answers."""
    name, seats, rival, i = job
    last: list[Match] = []

    def keep(m: Match, seat: int, agent: Any, legal: list[Action]) -> Action:
        if not last:
            last.append(m)
        action: Action = agent.choose(m, legal)
        return action

    won = play_table(name, seats, rival, "default", i, keep)
    chains, answers = walk(last[0], i % 2)
    return won, chains, answers


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    table_arguments(p)
    p.add_argument("--least", type=int, default=5, help="chains seen fewer times are not shown")
    args = p.parse_args()
    tr.get_variant(args.variant)  # an unknown name fails here, before any process starts
    jobs = [(args.variant, args.seats, args.rival, args.seed + i) for i in range(args.matches)]
    chains: Tally = {}
    answers: Tally = {}
    won = 0
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for w, c, a in pool.map(play, jobs, chunksize=4):
            won += w
            for into, part in ((chains, c), (answers, a)):
                for key, (count, total) in part.items():
                    _add(into, key, total, int(count))
    n = args.matches
    print(f"{args.variant}, {args.seats} seats, against {args.rival}: the reader won {won} of {n}")
    print()
    print("| contest's calls and answers | contests | points a match | points a contest |")
    print("|---|---|---|---|")
    for key, (count, total) in sorted(chains.items(), key=lambda kv: kv[1][1]):
        if count >= args.least:
            print(f"| {key} | {count} | {total / n:+.3f} | {total / count:+.2f} |")
    print()
    print("| trick | stake | answer | answers | won played out |")
    print("|---|---|---|---|---|")
    for (trick, stake, kind), (count, total) in sorted(answers.items()):
        print(f"| {trick} | {stake} | {kind} | {count} | {total / count:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
