r"""The default agent (the reader) against ISMCTS and the simple bot: win rates with 95%
Wilson intervals for every variant at 2 and 4 seats (and 6 where the variant has it).

    python bench/bench_strength.py --matches 100                      # every table, both rivals
    python bench/bench_strength.py --matches 400 --variant paulista --seats 4 --rival ismcts
    python bench/bench_strength.py --matches 40 --workers 2 --json /tmp/strength.json

In match ``i`` of a table the reader's side is side ``i % 2`` (so each side is mano first
half the time) and the deals come from seed ``--seed + i``; every seat of a side is played
by the same kind of agent. ISMCTS plays at ``--rival-strength`` (default: its ``default``
strength, 500 iterations), the reader at ``--strength``. The CPU time per decision of each
side (decisions with more than one legal action) is reported as well: its mean and 95th
percentile, in ms, so that the two can be compared at the same time a decision:

    python bench/bench_strength.py --matches 400 --variant mineiro --seats 2 --rival ismcts \
        --rival-strength 100

``--reader NAME=VALUE`` sets one of the reader's settings (a ``ReaderAgent`` attribute, checked
as the agent checks it), to measure the reader with another value on the same matches:

    python bench/bench_strength.py --matches 400 --variant argentine --seats 2 --rival ismcts \
        --reader falta_at=0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import truco_rules as tr
from truco_rules import Action, Match
from truco_rules.agents import ISMCTSAgent, default_agent
from truco_rules.cli._common import at_least, parse_options
from truco_rules.runs.bots import SimpleBot
from truco_rules.runs.intervals import share_interval

_SEATS = (2, 4, 6)


Chooser = Callable[[Match, int, Any, list[Action]], Action]
"""How a decision is made: ``(match, seat, its agent, legal actions) -> action``."""


def play_table(
    name: str,
    seats: int,
    rival: str,
    strength: str | int,
    i: int,
    choose: Chooser,
    rival_strength: str | int = "default",
    settings: tuple[tuple[str, object], ...] = (),
) -> bool:
    """Match ``i`` of a table (the reader's side ``i % 2``, its deals from seed ``i``), each
    decision made by ``choose``; whether the reader's side won. ISMCTS plays at
    ``rival_strength`` (a named strength or a number of iterations); the reader with
    ``settings`` (name, value) set."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=i)
    ours = i % 2
    agents: dict[int, Any] = {}
    for s in range(seats):
        if m.team[s] == ours:
            agents[s] = default_agent(seed=i * 8 + s, strength=strength)
            for name_, value in settings:
                setattr(agents[s], name_, value)
        elif rival == "ismcts":
            agents[s] = ISMCTSAgent.with_strength(rival_strength, seed=i * 8 + s)
        else:
            agents[s] = SimpleBot(random.Random(i * 8 + s))
    while not m.is_over():
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        seat = m.current_player()
        m.apply(choose(m, seat, agents[seat], legal))
    return bool(m.winner() == ours)


def strength_level(text: str) -> str | int:
    """A ``--strength`` as :func:`~truco_rules.agents.default_agent` takes it: a named
    level, or a number of worlds given in digits."""
    return int(text) if text.isdecimal() else text


def table_arguments(p: argparse.ArgumentParser) -> None:
    """The options of one table of these matches, for the tools that replay them
    (tools/reading_calibration.py, tools/call_chains.py)."""
    p.add_argument("--variant", default="mineiro")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--rival", choices=("ismcts", "simple"), default="ismcts")
    p.add_argument("--matches", type=at_least(1), default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=at_least(1), default=1)


def play(
    job: tuple[str, int, str, str | int, int, str | int, tuple[tuple[str, object], ...]],
) -> tuple[bool, list[float], list[float]]:
    """Match ``i`` of a table: whether the reader's side won, and the CPU seconds of each
    decision of the reader's side and of the rival's (decisions with more than one legal
    action)."""
    name, seats, rival, strength, i, rival_strength, settings = job
    cpu: list[float] = []
    rival_cpu: list[float] = []

    def timed(m: Match, seat: int, agent: Any, legal: list[Action]) -> Action:
        c = time.process_time()
        action: Action = agent.choose(m, legal)
        if len(legal) > 1:
            (cpu if m.team[seat] == i % 2 else rival_cpu).append(time.process_time() - c)
        return action

    won = play_table(name, seats, rival, strength, i, timed, rival_strength, settings)
    return won, cpu, rival_cpu


def _times(cpu: list[float]) -> tuple[float, float]:
    """The mean and 95th percentile of decision times ``cpu`` (seconds), in ms."""
    cpu = sorted(cpu) or [0.0]
    return 1000 * sum(cpu) / len(cpu), 1000 * cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--matches", type=at_least(1), default=100, help="matches per table and rival")
    p.add_argument("--variant", action="append", help="default: every registered variant")
    p.add_argument("--seats", type=int, action="append", help="default: 2, 4 and 6 if there")
    p.add_argument("--rival", action="append", choices=("ismcts", "simple"))
    p.add_argument(
        "--strength",
        type=strength_level,
        default="default",
        help="the reader's strength: fast, default, strong or a number of worlds",
    )
    p.add_argument(
        "--rival-strength",
        type=strength_level,
        default="default",
        help="ISMCTS's strength: fast, default, strong or a number of iterations (to compare "
        "the two at the same time a decision)",
    )
    p.add_argument(
        "--reader",
        action="append",
        metavar="NAME=VALUE",
        help="set a setting of the reader (a ReaderAgent attribute), e.g. falta_at=0",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=at_least(1), default=1)
    p.add_argument("--json", default=None, help="write the table here as JSON")
    args = p.parse_args()
    try:  # values read as --option reads them
        settings = tuple(parse_options(args.reader, "--reader").items())
    except tr.TrucoError as e:
        p.error(str(e))
    probe = default_agent(seed=0, strength=args.strength)
    for name, value in settings:  # checked here, not in the middle of the run
        try:
            setattr(probe, name, value)
        except (tr.TrucoError, AttributeError, TypeError) as e:
            p.error(f"--reader {name}={value!r}: {e}")
    names = args.variant or list(tr.variant_names())
    for n in names:
        try:
            tr.get_variant(n)
        except tr.UnknownVariant as e:
            p.error(str(e))
    rivals = args.rival or ["ismcts", "simple"]
    tables = [
        (n, s)
        for n in names
        for s in (args.seats or _SEATS)
        if s in tr.get_variant(n).seat_counts
    ]
    if not tables:  # every table asked for is one the variants do not have
        counts = "; ".join(f"{n}: {tr.get_variant(n).seat_counts}" for n in names)
        p.error(f"no variant asked for is played at those seat counts ({counts})")
    rows = []
    print(
        "| variant | seats | rival | reader won | 95% interval | CPU ms a decision: mean, p95 "
        "| the rival's |"
    )
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for name, seats in tables:
            for rival in rivals:
                jobs = [
                    (
                        name,
                        seats,
                        rival,
                        args.strength,
                        args.seed + i,
                        args.rival_strength,
                        settings,
                    )
                    for i in range(args.matches)
                ]
                results = list(pool.map(play, jobs))
                won = sum(1 for w, _c, _r in results if w)
                mean, p95 = _times([x for _w, c, _r in results for x in c])
                rival_mean, rival_p95 = _times([x for _w, _c, r in results for x in r])
                est = share_interval(won, len(results))
                print(
                    f"| {name} | {seats} | {rival} | {won}/{len(results)} = "
                    f"{100 * est.value:.1f}% | {100 * est.low:.1f}–{100 * est.high:.1f} | "
                    f"{mean:.1f} / {p95:.1f} | {rival_mean:.1f} / {rival_p95:.1f} |",
                    flush=True,
                )
                rows.append(
                    {
                        "variant": name,
                        "seats": seats,
                        "rival": rival,
                        "won": won,
                        "matches": len(results),
                        "interval": [est.low, est.high],
                        "cpu_ms_mean": mean,
                        "cpu_ms_p95": p95,
                        "rival_strength": args.rival_strength if rival == "ismcts" else None,
                        "reader_settings": dict(settings),
                        "rival_cpu_ms_mean": rival_mean,
                        "rival_cpu_ms_p95": rival_p95,
                    }
                )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
