"""Every Markdown table in the docs renders as a table (issue 25): its second row is the
delimiter row and every row has as many cells as the header. A pasted row with more cells,
or a delimiter row out of place, turns the whole table into a paragraph of pipes, and the
strict docs build does not notice.

The option tables of the variant pages are generated from ``option_info()`` by
``tools/option_docs.py``, and so are the tables any page marks (options, ranking, ladder) and
the links of the variant pages' citations; this also checks that they are current."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

import truco_rules as tr
from truco_rules.variants import builtin_names

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md"))
DELIMITER = re.compile(r"^\|(\s*:?-+:?\s*\|)+\s*$")


def cells(row: str) -> int:
    """The cells of a table row: its ``|`` separators, minus escaped ones and those inside
    code spans (the tables extension reads both as text)."""
    text = re.sub(r"`[^`]*`", "code", row.replace("\\|", "x")).strip()
    return text.strip("|").count("|") + 1


def tables(text: str) -> list[tuple[int, list[str]]]:
    """(first line number, rows) of every table outside fenced code."""
    found: list[tuple[int, list[str]]] = []
    fenced = False
    current: list[str] = []
    start = 0
    for no, line in enumerate([*text.splitlines(), ""], 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("|"):
            if not current:
                start = no
            current.append(line)
            continue
        if current:
            found.append((start, current))
            current = []
    return found


def test_the_checks_catch_the_broken_tables_of_issue_25() -> None:
    pasted = (
        "| `deck` | cards | notation |\n"
        "| `manilha_mode` | `'vira'` | `'vira'`, `'fixed'` | manilhas | ranking | §5.2 |\n"
        "|---|---|---|\n"
        "| `sujo` (default) | 40: A 2-7 Q J K | French |\n"
    )
    ((_, rows),) = tables(pasted)
    assert [cells(r) for r in rows] == [3, 6, 3, 3]
    assert not DELIMITER.match(rows[1])
    assert cells("| `a|b` | c \\| d |") == 2


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_table_has_a_delimiter_row_and_equal_rows(page: Path) -> None:
    for start, rows in tables(page.read_text(encoding="utf-8")):
        where = f"{page.relative_to(ROOT)}:{start}"
        assert len(rows) >= 2 and DELIMITER.match(rows[1]), f"{where}: row 2 is not |---|"
        width = cells(rows[0])
        assert cells(rows[1]) == width, f"{where}: the delimiter row has another cell count"
        for k, row in enumerate(rows[2:], start + 2):
            n = cells(row)
            assert n == width, f"{page.relative_to(ROOT)}:{k}: {n} cells, the header has {width}"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("option_docs", ROOT / "tools" / "option_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_generated_table_and_link_of_the_docs_is_current() -> None:
    """Every marked table (options, ranking, ladder) of every docs page, the rules
    reference's included, and the links of the variant pages' citations."""
    gen = _generator()
    variant_pages = set()
    for page in gen.pages():
        text = page.read_text(encoding="utf-8")
        assert gen.rebuilt(text, gen.folder_of(page)) == text, (
            f"{page.relative_to(ROOT)}: a generated table or link is stale: run "
            "`python tools/option_docs.py` and commit the result"
        )
        if gen.folder_of(page) == "variants":
            marked = {m["name"] for m in gen.BLOCK.finditer(text) if m["kind"] == "options"}
            variant_pages.add(page.stem)
            # one option table on a variant page, of the variant the page is named after
            assert marked == {page.stem}, f"{page.relative_to(ROOT)}: option tables {marked}"
    assert variant_pages and variant_pages <= set(builtin_names())


def test_a_marker_is_filled_with_its_table_from_the_variant() -> None:
    """The markers of the rules reference (docs/rules/): left empty by the writer, filled by
    the generator; RULES §7.5: Almería's para el toro is worth the whole toro."""
    gen = _generator()
    empty = (
        "# Page\n\n<!-- ladder: almeria -->\n<!-- /ladder -->\n\n"
        "<!-- ranking: argentine --><!-- /ranking -->\n"
        "<!-- options: mineiro -->\n<!-- /options -->\n"
    )
    filled = gen.rebuilt(empty, "rules")
    assert filled != empty and gen.rebuilt(filled, "rules") == filled
    assert "| para el toro | the whole game | 9 |" in filled
    assert "| 14 | `1E` |" in filled
    assert "[§6.4](brazilian.md#s6-4)" in filled  # links from a page beside the reference's
    with pytest.raises(tr.UnknownVariant):
        gen.rebuilt("<!-- ladder: no-such-variant -->\n<!-- /ladder -->", "rules")


def test_the_prose_of_a_variant_page_links_its_citations_outside_code() -> None:
    gen = _generator()
    text = (
        "Ties (§1.4, D1; S4 §8) and [§2.1](x.md#s2-1).\n`§2.2` <!-- §2.3 -->\n"
        "```python\nprint('§2.4')\n```\n"
    )
    assert gen.link_prose(text, "variants") == (
        "Ties ([§1.4](../rules/index.md#s1-4), [D1](../rules/decisions.md#d1); S4 §8) and "
        "[§2.1](x.md#s2-1).\n`§2.2` <!-- §2.3 -->\n```python\nprint('§2.4')\n```\n"
    )


@pytest.mark.parametrize("name", builtin_names())
def test_an_option_table_lists_every_option_with_its_default(name: str) -> None:
    table = _generator().table(name)
    info = tr.get_variant(name).option_info()
    rows = table.splitlines()[2:]
    assert [r.split(" | ")[0].strip("| `") for r in rows] == list(info)
    for row, entry in zip(rows, info.values(), strict=True):
        cells = row.split(" | ")
        assert cells[1] == f"`{entry['default']!r}`" and f"(hook: {entry['hook']})" in cells[3]
