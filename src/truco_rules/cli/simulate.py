"""``truco-rules simulate``: playouts by pluggable agents, with 95% intervals."""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import Executor

from ..core.errors import ParseError
from ..describe.rule_words import changed_options, option_words
from ..rules.variant import Variant
from ..runs.policy import AgentSpec, load_agent
from ..runs.simulate import SimulationReport, simulate
from ._common import add_variant_argument, at_least, chosen_variants, formatter, parse_options
from ._executor import add_executor_arguments, describe_executor, executor_from
from ._progress import progress_for


def _agents(text: str | None) -> list[AgentSpec] | None:
    if not text:
        return None
    return [load_agent(part.strip()) for part in text.split(",")]


def _who(args: argparse.Namespace) -> str:
    return "random" if not args.agents else f"{args.agents.replace(',', ' vs ')}"


def _run(
    v: Variant, args: argparse.Namespace, ex: Executor | None, agents: list[AgentSpec] | None
) -> SimulationReport:
    return simulate(
        v,
        args.matches,
        args.seed,
        args.seats,
        agents=agents,
        executor=ex,
        progress=progress_for(sys.stderr, "matches"),
    )


def cmd_simulate(args: argparse.Namespace) -> int:
    agents = _agents(args.agents)
    if agents is not None and len(agents) > args.seats:  # the header would name one unplayed
        raise ParseError(
            f"--agents names {len(agents)} agents for {args.seats} seats: give at most one "
            "per seat (fewer are repeated round the table)"
        )
    variants = chosen_variants(args.variant, args.option, args.seats)
    if args.variant is None:
        return _simulate_every_variant(args, agents, variants)
    v = variants[0]
    started = time.perf_counter()
    with executor_from(args) as ex:
        report = _run(v, args, ex, agents)
    if args.json:
        print(json.dumps(_head(v, args) | report.to_dict(), indent=2))
        return 0
    print(
        f"simulating {args.matches} {_who(args)} {v.name} matches, {args.seats} seats, "
        f"seed {args.seed}{describe_executor(args)}"
    )
    _print_options(changed_options(v))
    print(report.summary(time.perf_counter() - started))
    return 0


def _print_options(options: dict[str, object]) -> None:
    """The options the matches were played under, on a line of their own (if any)."""
    if options:
        print(f"options: {option_words(options)}")


def _head(v: Variant, args: argparse.Namespace) -> dict[str, object]:
    """What a JSON report was run with: enough to run it again."""
    options = changed_options(v)
    return {"variant": v.name, "options": options, "seats": args.seats, "seed": args.seed}


def _simulate_every_variant(
    args: argparse.Namespace, agents: list[AgentSpec] | None, variants: list[Variant]
) -> int:
    """One row per registered variant that has ``--seats`` seats: the rule sets side by side."""
    rows = []
    with executor_from(args) as ex:
        for v in variants:
            rows.append((v, _run(v, args, ex, agents)))
    if args.json:
        data = [_head(v, args) | r.to_dict() for v, r in rows]
        print(json.dumps(data, indent=2))
        return 0
    print(
        f"simulating {args.matches} {_who(args)} matches of each variant, {args.seats} seats, "
        f"seed {args.seed}{describe_executor(args)}"
    )
    _print_options(parse_options(args.option))
    print(
        f"{'variant':20} {'hands/match':>23} {'points/hand':>19} {'stake':>19} "
        f"{'mano wins':>20} {'side bets decide':>20} {'side 0 wins':>11} {'actions/s':>10}"
    )
    alone = False  # a row whose players keep their own scores: seat 0's wins, marked
    for v, r in rows:
        rate = r.actions / r.seconds if r.seconds else 0.0
        won = f"{r.wins[0] / max(1, r.matches):.1%}"
        if r.seat_wins:
            alone = True
            won = f"*{r.seat_wins[0] / max(1, r.matches):.1%}"
        print(
            f"{v.name:20} {r.length_estimate.plain(2):>23} {r.points_estimate.plain(2):>19} "
            f"{r.stake_estimate.plain(2):>19} {r.mano_estimate.percent():>20} "
            f"{r.side_bets_estimate.percent():>20} {won:>11} "
            f"{rate:>10,.0f}"
        )
    print(
        "95% intervals in brackets; mano wins: hands decided by tricks that the mano's side "
        "won; side bets decide: matches the winner would not lead without envido and flor"
        + ("; *: seat 0's wins, where each player keeps his own score" if alone else "")
    )
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``simulate``."""
    s = sub.add_parser(
        "simulate", help="playouts by agents and their statistics", formatter_class=formatter
    )
    add_variant_argument(s, "a variant name or alias; none: every variant, one row each")
    s.add_argument("--matches", type=at_least(1), default=1000, help="matches per variant")
    s.add_argument(
        "--seed",
        type=at_least(0),
        default=0,
        help="run seed: match i is dealt and played from its own seed, derived from it",
    )
    s.add_argument("--seats", type=at_least(2), default=2, help="seats at the table")
    s.add_argument(
        "--agents",
        default=None,
        metavar="A[,B...]",
        help="agents by seat, repeated round the table: random, simple or package.module:name "
        "(a policy (observation, legal) -> action); 'simple,random' sets the sides against "
        "each other; default: random",
    )
    s.add_argument("--json", action="store_true", help="print the report as JSON")
    s.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="change an option (repeatable)"
    )
    add_executor_arguments(s)
    s.set_defaults(func=cmd_simulate)
