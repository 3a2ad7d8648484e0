"""A digest of the default agent's decisions, to show that a change left every one of them
as it was (issue 28: the reader made cheaper without changing a decision).

    python tools/decision_digest.py                  # every built-in variant, 2 and 4 seats
    python tools/decision_digest.py paulista mineiro

Plays seeded matches (three a table) with the default agent in every seat, and two against
a fast information-set search (which samples its worlds with the same sampler), and prints
a sha256 of every chosen action's seat and text, a line a match, then one for them all. Run
it before and after a change: the output must be identical. It decides nothing by time.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, default_agent
from truco_rules.runs.simulate import play_match


def play(name: str, seats: int, i: int, rival: str | None = None) -> tuple[str, int]:
    """Match ``i`` of a table: the digest of its decisions and how many there were."""
    v = tr.get_variant(name)
    teams = v.new_match(seats, seed=1000 + i).team
    agents = {
        s: ISMCTSAgent.with_strength(rival, seed=i * 8 + s)
        if rival and teams[s] == 1
        else default_agent(seed=i * 8 + s)
        for s in range(seats)
    }
    m = play_match(v, seats, 1000 + i, agents)
    digest = hashlib.sha256()
    for seat, action in m.actions:
        digest.update(f"{seat}:{action}\n".encode())
    return digest.hexdigest()[:16], len(m.actions)


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("variant", nargs="*", help="variants (default: every registered one)")
    names = p.parse_args().variant or list(tr.variant_names())
    total = hashlib.sha256()
    for name in names:
        for seats in (2, 4):
            if seats not in tr.get_variant(name).seat_counts:
                continue
            for i in range(3):
                d, n = play(name, seats, i)
                total.update(d.encode())
                print(f"{name} {seats} m{i} n={n} {d}", flush=True)
    for name, seats in (("paulista", 2), ("argentine", 4)):
        if name in names:
            d, n = play(name, seats, 7, rival="fast")
            total.update(d.encode())
            print(f"{name} {seats} ismcts n={n} {d}", flush=True)
    print("TOTAL", total.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
