"""``truco-rules variants``, ``describe`` and ``compare``: the rule sets themselves."""

from __future__ import annotations

import argparse
import json

from ..variant import compare, get_variant, variant_names


def cmd_variants(args: argparse.Namespace) -> int:
    for name in variant_names():
        v = get_variant(name)
        aliases = f" (also: {', '.join(v.aliases)})" if v.aliases else ""
        print(f"{name:22} {v.description}{aliases}")
    return 0


def cmd_describe(args: argparse.Namespace) -> int:
    v = get_variant(args.variant)
    print(json.dumps(v.describe(), indent=2, ensure_ascii=False))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    diffs = compare(get_variant(args.left), get_variant(args.right))
    for d in diffs:
        print(d)
    if not diffs:
        print("no differences")
    return 0




def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``variants``, ``describe`` and ``compare``."""
    sub.add_parser("variants", help="list the variants").set_defaults(func=cmd_variants)

    d = sub.add_parser("describe", help="a variant's rules as JSON")
    d.add_argument("variant", nargs="?", default=None)
    d.set_defaults(func=cmd_describe)

    c = sub.add_parser("compare", help="rule-by-rule differences of two variants")
    c.add_argument("left")
    c.add_argument("right")
    c.set_defaults(func=cmd_compare)
