"""``truco-rules perft``: count legal action sequences, or write perft files."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ..core.errors import ParseError
from ..runs.perft import DEPTH_LIMIT, LEAF_BUDGET, divide, format_perft, generate, perft_counts
from ._common import add_variant_argument, at_least, chosen_variants, default_variant, formatter

PERFT_HEADER = """\
Perft counts of truco-rules: distinct legal (seat, action) sequences from a seeded deal.
Format and meaning: docs/invariants.md (Perft). Regenerate: truco-rules perft --write DIR"""


_ONE_MATCH = {"seats": 2, "seed": 1, "depth": 3}
"""The defaults of the options that name one match (not used with ``--write``)."""


def cmd_perft(args: argparse.Namespace) -> int:
    if args.write is not None:
        given = [f"--{k}" for k in _ONE_MATCH if getattr(args, k) is not None]
        if given or args.divide:
            raise ParseError(
                f"{', '.join(given + (['--divide'] if args.divide else []))}: --write writes "
                "every seat count of the variant from the standard seeds, each as deep as "
                "--budget allows; only --option and --budget apply"
            )
        variants = chosen_variants(args.perft_variant, args.option, None)
        budget = LEAF_BUDGET if args.budget is None else args.budget
        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        for v in variants:
            started = time.perf_counter()
            records = generate(v, budget=budget)
            path = folder / f"{v.name}.perft"
            path.write_text(format_perft(records, PERFT_HEADER), encoding="utf-8")
            print(f"wrote {path}: {len(records)} records ({time.perf_counter() - started:.1f} s)")
        return 0
    if args.budget is not None:
        raise ParseError("--budget bounds the records of --write: add --write DIR, or leave it out")
    for k, value in _ONE_MATCH.items():
        if getattr(args, k) is None:
            setattr(args, k, value)
    v = chosen_variants(args.perft_variant or default_variant(), args.option, args.seats)[0]
    m = v.new_match(args.seats, seed=args.seed)
    print(
        f"perft of {v.name}, {args.seats} seats, seed {args.seed}: the number of distinct "
        "sequences of legal actions (any seat, chance deals included) of each length"
    )
    for depth, count in enumerate(perft_counts(m, args.depth), 1):
        print(f"perft {depth} {count}")
    if args.divide:
        for step, count in divide(m, args.depth):
            print(f"  {step} {count}")
    return 0




def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``perft``."""
    pf = sub.add_parser(
        "perft",
        help="count the legal action sequences of a seeded match, or write perft files",
        formatter_class=formatter,
    )
    add_variant_argument(  # not "variant": main() would fill in the default for --write
        pf,
        f"a variant name or alias; none: {default_variant()} (with --write: every variant)",
        dest="perft_variant",
    )
    pf.add_argument("--seats", type=at_least(2), help="seats at the table (default: 2)")
    pf.add_argument("--seed", type=at_least(0), help="seed of the match (default: 1)")
    pf.add_argument(
        "--depth", type=at_least(1, DEPTH_LIMIT), help="deepest count (default: 3)"
    )
    pf.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="change an option (repeatable)"
    )
    pf.add_argument("--divide", action="store_true", help="also count per first action")
    pf.add_argument(
        "--write",
        metavar="DIR",
        default=None,
        help="write DIR/<variant>.perft for --variant, or for every registered variant (with "
        "--option: those options kept in its records)",
    )
    pf.add_argument(
        "--budget",
        type=at_least(1),
        default=None,
        help="with --write: the most leaves a record's deepest count may have (default: "
        f"{LEAF_BUDGET:,})",
    )
    pf.set_defaults(func=cmd_perft)
