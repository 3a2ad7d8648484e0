"""``truco-rules variants``, ``describe`` and ``compare``: the rule sets themselves."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Sequence

from ..core.errors import ParseError
from ..describe.comparison import compare_table, rule_sheet
from ..describe.reference import Reference, installed_reference
from ..describe.render import FORMATS, render
from ..rules.registry import default_variant, failed_entry_points, get_variant, variant_names
from ..rules.variant import Variant
from ._common import add_variant_argument, parse_options, put_option


def terminal_width() -> int:
    """The width text tables are fitted to: the terminal's (``COLUMNS`` when set; 80 when
    the output is not a terminal)."""
    return max(40, shutil.get_terminal_size().columns)


def cmd_variants(args: argparse.Namespace) -> int:
    for name in variant_names():
        v = get_variant(name)
        aliases = f" (also: {', '.join(v.aliases)})" if v.aliases else ""
        presets = "".join(f" {name}@{p}" for p in v.presets())
        presets = f" Presets:{presets}." if presets else ""
        print(f"{name:22} {v.description}{aliases}{presets}")
    for name, why in failed_entry_points().items():
        print(f"{name:22} FAILED to load: {why}")
    return 0


def cmd_describe(args: argparse.Namespace) -> int:
    given = [f"--format {args.format}"] if args.format is not None else []
    given += ["--docs-url"] if args.docs_url is not None else []
    if args.json and given:
        raise ParseError(
            f"--json prints the rules as data; {' and '.join(given)} "
            f"{'shape' if len(given) > 1 else 'shapes'} the rule sheet: choose one"
        )
    v = get_variant(args.variant, parse_options(args.option))
    if args.json:
        print(json.dumps(v.describe(), indent=2, ensure_ascii=False))
    else:
        ref = _reference(args.docs_url)
        print(render(rule_sheet(v), args.format or "text", terminal_width(), reference=ref))
    return 0


def _with_options(names: Sequence[str], pairs: Sequence[str] | None) -> list[Variant]:
    """The variants to compare. ``NAME=VALUE`` goes to every variant that has the option;
    ``V:NAME=VALUE`` only to the variant named V (or to the V-th, counting from 1)."""
    variants = [get_variant(n) for n in names]
    per: list[dict[str, object]] = [{} for _ in variants]
    for pair in pairs or ():
        target, sep, rest = pair.partition(":")
        if sep and "=" not in target:
            if target.isdigit():
                if not 1 <= int(target) <= len(variants):
                    raise ParseError(
                        f"--option {pair!r}: there is no variant {target} of the "
                        f"{len(variants)} compared"
                    )
                which = [int(target) - 1]
            else:
                key = get_variant(target).name
                which = [i for i, v in enumerate(variants) if v.name == key]
                if not which:
                    raise ParseError(f"--option {pair!r}: {target!r} is not being compared")
            for i in which:
                for name, value in parse_options([rest]).items():
                    put_option(per[i], name, value)
        else:
            for name, value in parse_options([pair]).items():
                owners = [i for i, v in enumerate(variants) if v.option_name(name) is not None]
                if not owners:
                    raise ParseError(f"--option {pair!r}: no variant compared has {name!r}")
                for i in owners:
                    put_option(per[i], name, value)
    return [v.with_options(**opts) for v, opts in zip(variants, per, strict=True)]


def cmd_compare(args: argparse.Namespace) -> int:
    names = [*args.variants, *(args.variant_list or ())]
    if len(names) < 2:
        known = variant_names()
        one = names[0] if names else known[0]
        other = next((n for n in known if n != one), one)
        raise ParseError(
            f"compare needs two or more variants, {'got only ' + one if names else 'got none'}: "
            f"e.g. truco-rules compare {one} {other} (truco-rules describe {one} shows "
            "one variant's rules; truco-rules variants lists the names)"
        )
    variants = _with_options(names, args.option)
    table = compare_table(variants, show_all=args.all)
    ref = _reference(args.docs_url)
    print(render(table, args.format, terminal_width(), reference=ref))
    return 0


def _reference(docs_url: str | None) -> Reference:
    """The installed rules reference; a third party's table that fails is left out and
    named on stderr (its citations stay text), as ``variants`` names a broken variant."""
    broken: dict[str, str] = {}
    ref = installed_reference(docs_url, broken)
    for name, why in broken.items():
        print(f"note: the rules reference table {name!r} is left out: {why}", file=sys.stderr)
    return ref


def _add_docs_url(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--docs-url",
        metavar="URL",
        help="the documentation site the citations of the rules (§2.6.1, D12, B7) link to in "
        "the markdown and html formats (default: $TRUCO_RULES_DOCS_URL, else the package's "
        "Documentation URL, else links from the site's root)",
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``variants``, ``describe`` and ``compare``."""
    sub.add_parser("variants", help="list the variants").set_defaults(func=cmd_variants)

    d = sub.add_parser("describe", help="a variant's rule sheet (or its rules as JSON)")
    add_variant_argument(d, f"a variant name or alias; none: {default_variant().name}")
    d.add_argument("--json", action="store_true", help="the rules as JSON data")
    d.add_argument(
        "--format", choices=FORMATS, default=None, help="how to print the sheet (default: text)"
    )
    d.add_argument("--option", action="append", metavar="NAME=VALUE", help="change an option")
    _add_docs_url(d)
    d.set_defaults(func=cmd_describe)

    c = sub.add_parser("compare", help="rule sets side by side, grouped by concern")
    c.add_argument(
        "variants",
        nargs="*",
        metavar="VARIANT",
        help="two or more (names or aliases; VARIANT@PRESET for a preset)",
    )
    c.add_argument(
        "--variant",
        dest="variant_list",
        action="append",
        metavar="VARIANT",
        help="a variant to compare, as an option (repeatable; after the positional ones)",
    )
    c.add_argument("--all", action="store_true", help="show the rules they share too")
    c.add_argument("--format", choices=FORMATS, default="text", help="how to print the table")
    c.add_argument(
        "--option",
        action="append",
        metavar="[V:]NAME=VALUE",
        help="change an option of every variant that has it, or only of variant V "
        "(a name, or its position from 1)",
    )
    _add_docs_url(c)
    c.set_defaults(func=cmd_compare)
