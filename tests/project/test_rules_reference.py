"""Every citation of the rules resolves (issue 27): each § number, design decision (D), house
rule (B) and test vector (TV) cited anywhere in src/, variants/, examples/ or docs/ has its
anchor (an attr_list id, ``{#s2-6-1}``) on the page of the rules reference (docs/rules/) that
holds its part of the rules; and every link into the reference lands on an anchor.

The scheme of pages and anchors: :mod:`truco_rules.variants.reference`, and the docs' own
guide to the reference (docs/rules/index.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules.describe.citations import Citation, cited, parse_citation
from truco_rules.describe.reference import Reference, UnknownCitation
from truco_rules.variants.reference import ANCHORS, PAGES, REFERENCE

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGES = ROOT / "docs" / "rules"
SCANNED = ("src", "variants", "examples", "docs")
TEXT = {".py", ".md", ".json", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".html", ".js", ".css"}
ANCHOR = re.compile(r"\{:?\s*#([\w-]+)[^}\n]*\}|<a id=\"([\w-]+)\"")
"""An anchor: an attr_list id on a heading (``{#s2-6-1}``), or an HTML anchor in a table row
(``<a id="tv06"></a>``, where attr_list cannot reach)."""
BY_PAGE = Reference(PAGES)
"""The built-in pages without their anchors."""
CITABLE = re.compile(r"s[0-9]+(?:-[0-9]+)*|d[0-9]+|b[0-9]+|tv[0-9]+")
"""An anchor a citation has (``s2-6-1``, ``d12``, ``b7``, ``tv06``)."""
LINK = re.compile(r"\]\((?P<target>[^)\s#]*rules/[\w-]+\.md|[\w-]+\.md)#(?P<anchor>[\w-]+)\)")


def scanned_files() -> Iterator[Path]:
    """The text files of the scanned folders (no hidden folder, cache or build output)."""
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            parts = path.relative_to(ROOT).parts
            if any(p.startswith(".") or p in ("__pycache__", "build", "dist") for p in parts):
                continue
            if path.suffix in TEXT and path.is_file():
                yield path


def citations() -> dict[Citation, list[str]]:
    """Every citation made in the scanned files, with where (``path:line``)."""
    found: dict[Citation, list[str]] = {}
    for path in scanned_files():
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for no, line in enumerate(lines, 1):
            for c in cited(line):
                found.setdefault(c, []).append(f"{path.relative_to(ROOT)}:{no}")
    return found


def anchors(folder: Path = RULES_PAGES) -> dict[str, set[str]]:
    """The anchors of each page of the rules reference, by page name."""
    return {
        page.stem: {a or b for a, b in ANCHOR.findall(page.read_text(encoding="utf-8"))}
        for page in sorted(folder.glob("*.md"))
    }


def unresolved(
    cites: dict[Citation, list[str]], have: dict[str, set[str]], ref: Reference = BY_PAGE
) -> list[str]:
    """The citations with no anchor on their page, each with where it is cited (the pages
    read by their parts alone: the anchors are what this checks)."""
    out = []
    for c in sorted(cites):
        where = ", ".join(cites[c][:3]) + (" ..." if len(cites[c]) > 3 else "")
        if not ref.holds(c):
            out.append(f"{c.text}: no page holds its part of the rules (cited at {where})")
        elif c.anchor not in have.get(ref.page(c), set()):
            page = f"docs/rules/{ref.page(c)}.md"
            out.append(f"{c.text}: no {{#{c.anchor}}} on {page} (cited at {where})")
    return out


def test_every_cited_section_decision_and_house_rule_has_its_anchor() -> None:
    cites = citations()
    # the scan finds what the code cites: the envido's source, RULES §2.6.1, §4 B2 (D10)
    assert {parse_citation(t) for t in ("§2.6.1", "B2", "D10", "§4")} <= set(cites)
    missing = unresolved(cites, anchors())
    assert not missing, f"{len(missing)} citations do not resolve:\n" + "\n".join(missing)


def test_the_check_finds_a_citation_with_no_anchor() -> None:
    """A section that does not exist (the §3.3 trick_play.py cited until issue 27), a part
    of the rules with no page, and an anchor on the wrong page are all reported."""
    have = {"argentine": {"s3", "s2-4"}, "decisions": {"d1"}, "house-rules": {"d2"}}
    cites = {parse_citation(t): ["x.py:1"] for t in ("§2.4", "§3.3", "§11", "D1", "D2")}
    missing = unresolved(cites, have)
    assert {m.split(":")[0] for m in missing} == {"D2", "§3.3", "§11"}
    assert "§3.3: no {#s3-3} on docs/rules/argentine.md (cited at x.py:1)" in missing


def test_anchors_are_read_in_every_attr_list_form(tmp_path: Path) -> None:
    (tmp_path / "p.md").write_text(
        "### 2.6.1 The score {#s2-6-1}\n### D12 · Who calls { #d12 }\n### B7 {: #b7 .x }\n"
        '| <a id="tv06"></a>TV06 | argentine-blog |\n',
        encoding="utf-8",
    )
    assert anchors(tmp_path) == {"p": {"s2-6-1", "d12", "b7", "tv06"}}


@pytest.mark.parametrize(
    "page",
    sorted((ROOT / "docs").rglob("*.md")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_link_into_the_rules_reference_lands_on_an_anchor(page: Path) -> None:
    have = anchors()
    bad = []
    for m in LINK.finditer(page.read_text(encoding="utf-8")):
        target = (page.parent / m["target"]).resolve()
        if target.parent != RULES_PAGES.resolve():
            continue
        if m["anchor"] not in have.get(target.stem, set()):
            bad.append(f"{m['target']}#{m['anchor']}")
    assert not bad, f"{page.relative_to(ROOT)}: links to no anchor: {bad}"


def test_render_checks_its_grid_and_reference() -> None:
    """docs/cli.md shows ``render`` as public API; a grid or a reference of another type
    was an AttributeError inside it, a row shorter than the columns an IndexError, and
    ``installed_reference(3)`` was taken and failed later."""
    from truco_rules.describe.comparison import rule_sheet
    from truco_rules.describe.reference import installed_reference
    from truco_rules.describe.render import Grid, Section, html_page, render

    g = rule_sheet("paulista")
    with pytest.raises(tr.InvalidType, match="grid must be a Grid"):
        render(None)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="reference"):
        render(g, "markdown", reference=3)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="base_url"):
        installed_reference(3)  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="1 cells under 2 columns"):
        render(Grid("t", ("a", "b"), (Section("s", (("1",),)),)), "text")
    with pytest.raises(tr.InvalidType, match="sections"):
        render(Grid("t", ("a",), None), "csv")  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="grids"):
        html_page(None)  # type: ignore[arg-type]
    assert render(Grid("t", ("a",), (Section("s", (("x",),)),)), "csv") == "section,a\ns,x"
    assert "paulista" in render(g, "markdown", reference=installed_reference("https://x.org"))


def test_the_reference_knows_the_numbers_its_pages_have() -> None:
    """A third review: the reader linked numbers the rules do not have (a 31st decision, a
    test vector between two numbered ones, a section past the last) to anchors that do not
    exist. ANCHORS is the pages' own anchors; a number not among them is no link."""
    have = {
        page: {a for a in found if CITABLE.fullmatch(a)} for page, found in anchors().items()
    }
    assert {page: set(a) for page, a in ANCHORS.items()} == {p: a for p, a in have.items() if a}
    for text in ("D31", "TV02", "§2.99", "D01", "TV6", "B20"):
        assert not REFERENCE.holds(parse_citation(text))
        with pytest.raises(UnknownCitation):
            REFERENCE.path(text)
        assert "](" not in REFERENCE.markdown(f"see {text}")
    assert REFERENCE.holds(parse_citation("D30")) and REFERENCE.holds(parse_citation("TV06"))
    assert "[D12](" in REFERENCE.markdown("see D12")


def test_the_sin_flor_page_names_every_option_it_drops() -> None:
    """RULES §3: every flor rule is disabled in `argentine-sin-flor`; the rules reference
    lists the options it drops (it named seven of the ten)."""
    text = (ROOT / "docs" / "rules" / "argentine.md").read_text(encoding="utf-8")
    listed = text.split("are the flor options:", 1)[1].split("Every other option", 1)[0]
    named = set(re.findall(r"`([a-z_]+)`", listed))
    full = tr.get_variant("argentine").options()
    dropped = set(full) - set(tr.get_variant("argentine-sin-flor").options())
    assert named == dropped


def test_the_rule_sheet_gives_every_score_of_a_hand_of_10() -> None:
    """RULES §6.6 and §5.7 (special hands two points short of the target or closer): a side
    at 11 plays the hand of 10 in Mineiro, as the code and the variant's page say; the sheet
    said "at 10 of 12" and "both sides at 10"."""
    rows = {str(r[0]): str(r[2]) for r in tr.rule_sheet("mineiro").rows}
    assert rows["Hand of 11 (or 10)"].startswith("a side at 10 or 11 of 12 ")
    assert rows["Iron hand"].startswith("both sides at 10 or 11:")
    m = tr.get_variant("mineiro").new_match(2, seed=1, scores=(11, 4))
    assert [a.verb for a in m.legal_actions()][:2] == ["accept-hand", "decline-hand"]
    paulista = {str(r[0]): str(r[2]) for r in tr.rule_sheet("paulista").rows}
    assert paulista["Hand of 11 (or 10)"].startswith("a side at 11 of 12 ")
    longer = {
        str(r[0]): str(r[2])
        for r in tr.rule_sheet(tr.get_variant("mineiro").with_options(target=15)).rows
    }
    assert longer["Iron hand"].startswith("both sides at 13 or 14:")
