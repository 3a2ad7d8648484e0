"""Benchmark: the time of a search's decision on a fixed set of decision points (not a test).

    python bench/bench_decisions.py                       # ISMCTS at its default strength
    python bench/bench_decisions.py --settle-lead 1       # the certain stop
    python bench/bench_decisions.py --whole               # every iteration of each search
    python bench/bench_decisions.py --agent default       # the default agent (the reader)

The points are the decisions with more than one legal action of seat 0 in the first matches
of 2-seat ``argentine``, ``paulista`` and ``mineiro`` (seeds 0 to 3 of each), played by the
seeded simple bot: 715 of them, the same on every commit. Each point is decided by a fresh
agent seeded with its number, so two commits that decide alike make the same decisions.
Prints the points and the mean CPU time a decision. Compare commits as whole processes run
in turn (``farm-bench --vs``), each from its own installed package: the script runs on
commits before the settings it names existed as long as none is given.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import truco_rules as tr

try:
    from truco_rules.runs.bots import SimpleBot
except ImportError:  # before the layout by layer
    from truco_rules.bots import SimpleBot  # type: ignore[import-not-found,no-redef]

VARIANTS = ("argentine", "paulista", "mineiro")


def points() -> list[tuple[Any, list[Any]]]:
    """The decision points: (a copy of the match, its legal actions)."""
    out: list[tuple[Any, list[Any]]] = []
    for name in VARIANTS:
        v = tr.get_variant(name)
        for seed in range(4):
            m = v.new_match(2, seed=seed)
            bot = SimpleBot(random.Random(seed))
            while not m.is_over():
                legal = m.legal_actions()
                if len(legal) > 1 and m.current_player() == 0 and not m.is_chance_node():
                    out.append((m.copy(), legal))
                m.apply(bot.choose(m, legal))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agent", choices=("ismcts", "default"), default="ismcts")
    p.add_argument("--settle-lead", type=float, help="ISMCTS: the lead that stops a search")
    p.add_argument("--whole", action="store_true", help="ISMCTS: run every iteration")
    a = p.parse_args()
    settings: dict[str, Any] = {}
    if a.settle_lead is not None:
        settings["settle_lead"] = a.settle_lead
    if a.whole:
        settings["stop_settled"] = False
    if a.agent == "default":
        from truco_rules.agents import default_agent

        def make(k: int) -> Any:
            return default_agent(seed=k)
    else:
        from truco_rules.agents import ISMCTSAgent

        def make(k: int) -> Any:
            return ISMCTSAgent(seed=k, **settings)

    states = points()
    t = time.process_time()
    for k, (m, legal) in enumerate(states):
        make(k).choose(m, legal)
    ms = (time.process_time() - t) / len(states) * 1000
    named = settings or "defaults"
    print(f"{len(states)} decisions, {ms:.2f} ms CPU a decision ({a.agent}, {named})")


if __name__ == "__main__":
    main()
