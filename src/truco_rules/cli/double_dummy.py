"""``truco-rules double-dummy``: what the trick rules are worth, over random deals."""

from __future__ import annotations

import argparse
import json
import sys

from ..analysis.dd_sampling import DoubleDummyReport, double_dummy_rates
from ..describe.rule_words import changed_options, option_words
from ..rules.registry import get_variant
from ._common import add_variant_argument, at_least, chosen_variants
from ._executor import add_executor_arguments, describe_executor, executor_from
from ._progress import progress_for


def _line(r: DoubleDummyReport) -> str:
    line = (
        f"{r.variant:20} {r.mano_rate.percent():>21} {r.other_rate.percent():>21} "
        f"{r.nobody_rate.percent():>19}"
    )
    if r.against is not None:
        line += f" {r.changed_rate.percent():>19} {r.against_mano_rate.percent():>21}"
    return line


def cmd_double_dummy(args: argparse.Namespace) -> int:
    # without a variant: every variant with that many seats, each with its own options
    variants = chosen_variants(args.rule_set, args.option, args.seats)
    reports: list[DoubleDummyReport] = []
    with executor_from(args) as ex:
        for v in variants:
            reports.append(
                double_dummy_rates(
                    v,
                    args.seats,
                    args.deals,
                    args.seed,
                    against=args.against,
                    executor=ex,
                    progress=progress_for(sys.stderr, "deals"),
                )
            )
    other = None if args.against is None else get_variant(args.against)
    # what was solved, as simulate and odds name it: --option changes the variants solved,
    # not the one compared with
    solved = [changed_options(v) for v in variants]
    theirs = None if other is None else changed_options(other)
    if args.json:
        data = []
        for options, r in zip(solved, reports, strict=True):
            d = r.to_dict()
            d["options"] = options
            if theirs is not None:
                d["against"]["options"] = theirs
            data.append(d)
        print(json.dumps(data[0] if args.rule_set is not None else data, indent=2))
        return 0
    print(
        f"double dummy: {args.deals} random deals, {args.seats} seats, seed {args.seed}"
        f"{describe_executor(args)}; every card face up, perfect play, no bets, no going to "
        "the deck; 95% intervals"
    )
    for v, options in zip(variants, solved, strict=True):
        if options:
            print(f"options of {v.name}: {option_words(options)}")
    if other is not None and (theirs or any(solved)):
        print(f"against {other.name}: {option_words(theirs) if theirs else 'its defaults'}")
    head = f"{'variant':20} {'mano side wins':>21} {'other side wins':>21} {'neither ahead':>19}"
    if other is not None:
        head += f" {'changed by ' + other.name:>19} {other.name + ' mano wins':>21}"
    print(head)
    for r in reports:
        print(_line(r))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``double-dummy``."""
    p = sub.add_parser(
        "double-dummy",
        help="who wins with every card face up and perfect play, over random deals",
    )
    add_variant_argument(p, "a variant name or alias; none: every variant", dest="rule_set")
    p.add_argument("--seats", type=at_least(2), default=2, help="seats at the table")
    p.add_argument("--deals", type=at_least(1), default=10_000, help="random deals to solve")
    p.add_argument(
        "--seed", type=at_least(0), default=0, help="run seed: the deals are derived from it"
    )
    p.add_argument("--against", default=None, metavar="OTHER", help="another rule set to compare")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    add_executor_arguments(p)
    p.set_defaults(func=cmd_double_dummy)
