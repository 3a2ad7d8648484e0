"""Write the generated tables of the docs from the variants: option tables, card rankings and
bet ladders, wherever a page marks one.

    python tools/option_docs.py          # rewrites the marked tables in docs/**/*.md

A page marks a table with a pair of HTML comments, what is between them being replaced:

* ``<!-- options: NAME -->`` … ``<!-- /options -->``: one row per option of the registered
  variant ``NAME``: its default, its documentation and allowed values, its source and the hook
  that holds it (four columns, so that the table reads at a laptop's width);
* ``<!-- ranking: NAME -->`` … ``<!-- /ranking -->``: the cards by trick strength;
* ``<!-- ladder: NAME -->`` … ``<!-- /ladder -->``: the calls of the main bet, with what the
  hand is worth accepted and what a refusal gives the caller.

Every citation of the rules in a table (§2.6.1, D12, B7) links to its anchor in the rules
reference (docs/rules/), relative to the page; on the variant pages (docs/variants/) so does
every citation of the prose, outside code. ``tests/project/test_docs_tables.py`` checks that every
page is current, so an option added to a variant cannot be missing from its page.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import truco_rules as tr
from truco_rules.describe.rule_words import special_card_words
from truco_rules.rules.deck import strength_groups
from truco_rules.variants.reference import REFERENCE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
KINDS = ("options", "ranking", "ladder")
BLOCK = re.compile(
    r"(?P<open><!-- (?P<kind>options|ranking|ladder): (?P<name>[\w-]+) -->)[ \t]*\n?"
    r"(?P<body>.*?)(?P<close><!-- /(?P=kind) -->)",
    re.S,
)
HEADER = "| option | default | what it does | source |\n|---|---|---|---|\n"


def pages() -> list[Path]:
    """Every Markdown page of the docs (any of them may mark a generated table)."""
    return sorted(DOCS.rglob("*.md"))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _value(x: Any) -> str:
    return f"`{x!r}`"


def _allowed(entry: dict[str, Any]) -> str:
    if entry["choices"]:
        return ", ".join(_value(c) for c in entry["choices"])
    return str(entry["allowed"] or "")


def linked(text: str, folder: str = "variants") -> str:
    """``text`` with every citation of the rules a Markdown link to its anchor in the rules
    reference, from a page in the docs folder ``folder`` (``""``: the docs' root)."""
    return REFERENCE.markdown(text, lambda c: REFERENCE.doc_link(c, folder))


def table(name: str, folder: str = "variants") -> str:
    """The option table of the registered variant ``name`` (Markdown, ending in a newline),
    its citations linked from a page in ``folder``."""
    rows = []
    v = tr.get_variant(name)
    for option, entry in v.option_info().items():
        source = re.sub(r"^RULES\s+", "", entry["source"])
        hook = getattr(v, entry["hook"])
        aliases = attrs.fields_dict(type(hook))[option].metadata.get("aliases", ())
        also = "".join(f" *Also named:* `{a}`." for a in aliases)
        cells = (
            f"`{option}`",
            _value(entry["default"]),
            f"{linked(entry['doc'], folder)} *Values:* {_allowed(entry)}.{also}",
            f"{linked(source, folder)} (hook: {entry['hook']})",
        )
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |\n")
    return HEADER + "".join(rows)


def ranking(name: str, folder: str = "variants") -> str:
    """The cards of the registered variant ``name`` by trick strength, strongest first; a
    variant whose turned-up card makes cards rank alone gets a first row saying which."""
    v = tr.get_variant(name)
    strengths = v.ranking.strengths(None, v.deck.cards)
    rows = ["| strength | cards |\n", "|---|---|\n"]
    if v.ranking.turns_up_card:
        rows.append(f"| above all | {_cell(special_card_words(v))} |\n")
    for group in strength_groups(v.ranking, v.deck.cards):
        cards = " ".join(v.format_card(c) for c in group)
        rows.append(f"| {strengths[group[0].index]} | `{cards}` |\n")
    if v.ranking.turns_up_card:  # the numbers are those of no turned card
        rows.append(
            "\nThe numbers are the strengths with no card turned up. Once one is, the cards"
            " that rank alone leave their place and the cards above them move down, so that"
            " the others count down to 1 (`v.card_strength(card, vira=...)`).\n"
        )
    return "".join(rows)


def ladder(name: str, folder: str = "variants") -> str:
    """The calls of the registered variant ``name``'s main bet: what the hand is worth once
    each is accepted, and what a refusal of it gives the caller's side."""
    ld = tr.get_variant(name).ladder
    rows = [
        "| call | the hand is worth, accepted | a refusal gives the caller |\n",
        "|---|---|---|\n",
        f"| *(no call)* | {ld.values[0]} | |\n",
    ]
    for i, call in enumerate(ld.names, start=1):
        last = i == len(ld.names)
        worth = "the whole game" if last and ld.top_wins_target else str(ld.values[i])
        rows.append(f"| {call.replace('-', ' ')} | {worth} | {ld.refused(i)} |\n")
    return "".join(rows)


GENERATORS: dict[str, Callable[[str, str], str]] = {
    "options": table,
    "ranking": ranking,
    "ladder": ladder,
}
"""The table each kind of marker holds: ``generator(variant name, docs folder of the page)``."""


LINKED_FOLDERS = ("variants",)
"""The docs folders whose pages link every citation of their prose too (the variant pages)."""

_NOT_PROSE = re.compile(
    r"^[ \t]*```.*?^[ \t]*```|`[^`\n]*`|<!--.*?-->|\[[^\]\n]*\]\([^)\n]*\)", re.S | re.M
)
"""Fenced code, inline code, HTML comments and links: left as they are by :func:`link_prose`."""


def link_prose(text: str, folder: str = "variants") -> str:
    """``text`` with every citation outside code, comments and existing links made a link
    to its anchor in the rules reference (running it again changes nothing)."""
    out: list[str] = []
    at = 0
    for m in _NOT_PROSE.finditer(text):
        out += [linked(text[at : m.start()], folder), m.group()]
        at = m.end()
    out.append(linked(text[at:], folder))
    return "".join(out)


def rebuilt(text: str, folder: str = "variants") -> str:
    """``text`` (a page in the docs folder ``folder``) with every marked table regenerated,
    and, on the pages of :data:`LINKED_FOLDERS`, every citation of its prose linked."""

    def fill(m: re.Match[str]) -> str:
        body = GENERATORS[m.group("kind")](m.group("name"), folder)
        return f"{m.group('open')}\n{body}{m.group('close')}"

    text = BLOCK.sub(fill, text)
    return link_prose(text, folder) if folder in LINKED_FOLDERS else text


def folder_of(page: Path) -> str:
    """The docs folder of ``page``, as its links start from (``""`` at the docs' root)."""
    parent = page.parent.relative_to(DOCS).as_posix()
    return "" if parent == "." else parent


def main() -> int:
    changed = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        new = rebuilt(text, folder_of(page))
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page.relative_to(ROOT))
    print("rewrote " + (", ".join(map(str, changed)) if changed else "nothing (all current)"))
    return 0


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    sys.exit(main())
