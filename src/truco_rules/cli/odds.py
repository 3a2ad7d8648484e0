"""``truco-rules odds``: exact odds by enumeration (envido, flor, bravas and manilhas)."""

from __future__ import annotations

import argparse
import json

from ..analysis.odds import odds, odds_grids
from ..core.errors import ParseError
from ..describe.render import Grid, Section, html_page, render
from ._common import add_variant_argument, chosen_variants


def cmd_odds(args: argparse.Namespace) -> int:
    if args.exact and not args.json:
        raise ParseError("--exact writes the fractions of --json: add --json")
    if args.json and args.format is not None:
        raise ParseError(f"--json prints JSON, --format {args.format} prints tables: choose one")
    variants = chosen_variants(args.rule_set, args.option, None)
    results = [odds(v) for v in variants]
    if args.json:
        data = [o.to_dict(exact=args.exact) for o in results]
        print(json.dumps(data[0] if args.rule_set is not None else data, indent=2))
        return 0
    fmt = args.format or "text"
    if fmt == "html":  # one page with every table
        print(html_page([g for o in results for g in odds_grids(o)], "exact odds"))
        return 0
    blocks = []
    for o in results:
        grids = odds_grids(o)
        if fmt == "csv":  # CSV has no title: the variant is a column of every row
            grids = [_with_variant(g, o.label) for g in grids]
        blocks.append("\n\n".join(render(g, fmt) for g in grids))
    print("\n\n".join(blocks))
    return 0


def _with_variant(grid: Grid, label: str) -> Grid:
    """``grid`` with a first column naming the variant (and its options) on every row."""
    sections = tuple(Section(s.title, tuple((label, *r) for r in s.rows)) for s in grid.sections)
    return Grid(grid.title, ("variant", *grid.columns), sections, grid.notes)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``odds``."""
    p = sub.add_parser("odds", help="exact odds of the hands: envido, flor, bravas/manilhas")
    add_variant_argument(p, "a variant name or alias; none: every variant", dest="rule_set")
    p.add_argument("--json", action="store_true", help="print JSON (envido scores as keys)")
    p.add_argument("--exact", action="store_true", help="with --json: fractions as 'n/d'")
    p.add_argument(
        "--format",
        choices=("text", "markdown", "html", "csv"),
        default=None,
        help="how to print the tables (default: text; csv: a CSV table each, with a blank "
        "line between them, as their columns differ)",
    )
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    p.set_defaults(func=cmd_odds)
