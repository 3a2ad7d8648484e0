"""Citations of the rules and where they point (issue 27): the anchors of docs/anchors scheme
(§2.6.1 -> s2-6-1, D12 -> d12, B7 -> b7, TV06 -> tv06), the pages of the built-in reference,
and the links of ``truco-rules describe`` in Markdown, HTML and JSON."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.cli import main
from truco_rules.describe import reference as reference_module
from truco_rules.describe.citations import Citation, cited, mentions, parse_citation
from truco_rules.describe.comparison import rule_sheet
from truco_rules.describe.reference import (
    DOCS_URL_VARIABLE,
    Reference,
    UnknownCitation,
    installed_pages,
    installed_reference,
)
from truco_rules.describe.render import render
from truco_rules.variants.reference import PAGES, REFERENCE


@pytest.mark.parametrize(
    ("text", "kind", "anchor"),
    [
        ("§2.6.1", "section", "s2-6-1"),
        ("§7", "section", "s7"),
        ("§10.2", "section", "s10-2"),
        ("RULES §2.12.1", "section", "s2-12-1"),
        ("§ 5.7", "section", "s5-7"),
        ("D12", "decision", "d12"),
        ("B7", "house-rule", "b7"),
        ("§4 B2", "house-rule", "b2"),
        ("TV06", "test-vector", "tv06"),
    ],
)
def test_a_citation_gives_the_anchor_of_the_scheme(text: str, kind: str, anchor: str) -> None:
    c = parse_citation(text)
    assert (c.kind, c.anchor) == (kind, anchor)


@pytest.mark.parametrize("bad", ["", "§", "2.6.1", "X12", "D", "§2.6.1 and more", "B7x", "§4 B"])
def test_text_that_is_no_citation_is_a_parse_error(bad: str) -> None:
    with pytest.raises(tr.ParseError, match="not a citation"):
        parse_citation(bad)


def test_a_citation_of_another_type_or_kind_is_a_parse_error() -> None:
    with pytest.raises(tr.ParseError):
        parse_citation(12)  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError):
        Citation("rule", "2")
    with pytest.raises(tr.ParseError):
        Citation("decision", "2.1")


@given(st.lists(st.integers(0, 30), min_size=1, max_size=4))
def test_a_section_number_reads_back_and_its_anchor_joins_its_numbers(parts: list[int]) -> None:
    number = ".".join(map(str, parts))
    c = parse_citation(f"§{number}")
    assert c == Citation("section", number) and parse_citation(c.text) == c
    assert c.anchor == "s" + "-".join(map(str, parts)) and c.part == str(parts[0])


@given(st.sampled_from(["D", "B", "TV"]), st.integers(1, 120))
def test_an_item_citation_reads_back(prefix: str, n: int) -> None:
    c = parse_citation(f"{prefix}{n}")
    assert c.text == f"{prefix}{n}" and c.anchor == f"{prefix.lower()}{n}" and c.part == prefix


def test_the_mentions_of_an_option_source_are_where_the_text_writes_them() -> None:
    """The envido_refused option's source (RULES §2.6.3, §4 B3-B4, B8 (D7, D8))."""
    text = "RULES §2.6.3, §4 B3-B4, B8 (D7, D8)"
    found = [(text[m.start : m.end], m.citation.text) for m in mentions(text)]
    assert found == [
        ("§2.6.3", "§2.6.3"),
        ("§4 B3", "B3"),
        ("B4", "B4"),
        ("B8", "B8"),
        ("D7", "D7"),
        ("D8", "D8"),
    ]


def test_cited_expands_ranges_and_keeps_the_section_of_a_house_rule() -> None:
    assert {c.text for c in cited("RULES §2.6, §4 B2-B4, B18")} == {
        "§2.6",
        "§4",
        "B2",
        "B3",
        "B4",
        "B18",
    }
    assert {c.text for c in cited("RULES §1.2-§1.4")} == {"§1.2", "§1.3", "§1.4"}
    assert {c.text for c in cited("RULES §2-§4")} == {"§2", "§3", "§4"}
    assert {c.text for c in cited("D1–D3 and TV01-TV03")} == {
        "D1",
        "D2",
        "D3",
        "TV01",
        "TV02",
        "TV03",
    }
    # a source's own sections are not sections of the rules
    assert {c.text for c in cited("(§7.3, S4 §7, P12 §2.1, C1 §3)")} == {"§7.3"}
    # words and card notation are not citations
    assert cited("7B beats 4D; BD2 and D12x are not cited; B-side") == set()


def test_the_built_in_pages_follow_the_anchor_scheme() -> None:
    """docs/rules/: index (§0, §1), argentine (§2, §3), house-rules (§4, B), brazilian (§5,
    §6), almeria (§7), decisions (§8, D), test-vectors (§9, TV), sources (§10)."""
    paths = {t: REFERENCE.path(t) for t in ["§2.6.1", "D12", "B7", "§1.4", "§5.2", "TV06"]}
    assert paths == {
        "§2.6.1": "rules/argentine/#s2-6-1",
        "D12": "rules/decisions/#d12",
        "B7": "rules/house-rules/#b7",
        "§1.4": "rules/#s1-4",
        "§5.2": "rules/brazilian/#s5-2",
        "TV06": "rules/test-vectors/#tv06",
    }
    assert REFERENCE.doc_link("§2.6.1", "variants") == "../rules/argentine.md#s2-6-1"
    assert REFERENCE.doc_link("§7.3", "rules") == "almeria.md#s7-3"
    assert REFERENCE.doc_link("§0.2", "") == "rules/index.md#s0-2"


def test_a_part_with_no_page_is_an_unknown_citation() -> None:
    with pytest.raises(UnknownCitation, match=r"§11\.1") as info:
        REFERENCE.path("§11.1")
    assert isinstance(info.value, tr.TrucoError)
    assert not REFERENCE.holds(parse_citation("§11.1"))


def test_the_url_puts_the_site_address_before_the_path() -> None:
    ref = Reference({"2": "cards"}, base_url="https://docs.example/truco/")
    assert ref.url("§2.1") == "https://docs.example/truco/rules/cards/#s2-1"
    assert Reference({"2": "cards"}).url("§2.1") == "rules/cards/#s2-1"


def test_markdown_and_html_link_what_a_page_holds_and_nothing_else() -> None:
    ref = Reference({"2": "cards", "D": "choices"}, base_url="https://d.example")
    text = "§2.3 (D20), §9.1 and `§2.1` <b>"
    assert ref.markdown(text) == (
        "[§2.3](https://d.example/rules/cards/#s2-3) ([D20](https://d.example/rules/choices/#d20))"
        ", §9.1 and `§2.1` <b>"
    )
    assert ref.html(text) == (
        '<a href="https://d.example/rules/cards/#s2-3">§2.3</a> '
        '(<a href="https://d.example/rules/choices/#d20">D20</a>), §9.1 and '
        '`<a href="https://d.example/rules/cards/#s2-1">§2.1</a>` &lt;b&gt;'
    )  # backticks are not code in HTML
    assert ref.paths(text) == {
        "§2.3": "rules/cards/#s2-3",
        "D20": "rules/choices/#d20",
        "§2.1": "rules/cards/#s2-1",
    }


def test_the_docs_url_comes_from_the_environment_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DOCS_URL_VARIABLE, "https://env.example/")
    assert installed_reference().url("D12") == "https://env.example/rules/decisions/#d12"
    assert installed_reference("").url("D12") == "rules/decisions/#d12"


def test_the_installed_reference_is_the_table_truco_rules_declares() -> None:
    """The entry point of pyproject.toml."""
    assert installed_pages() == PAGES, (
        "the truco_rules.reference entry point is not installed: pip install -e . again"
    )


def test_an_entry_point_that_gives_no_table_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name, value, dist = "broken", "pkg:THING", None

        def load(self) -> object:
            return ["argentine"]

    monkeypatch.setattr(reference_module.metadata, "entry_points", lambda group: [Broken()])
    with pytest.raises(tr.InvalidType, match="broken"):
        installed_pages()


def test_the_rule_sheet_in_markdown_links_every_citation() -> None:
    """RULES §2.12.1: the pica-pica cutoff row of describe argentine cites §2.12.1 (D30)."""
    ref = installed_reference("https://d.example")
    text = render(rule_sheet("argentine"), "markdown", reference=ref)
    assert "[§2.12.1](https://d.example/rules/argentine/#s2-12-1)" in text
    plain = render(rule_sheet("argentine"), "markdown")
    assert "](" not in plain
    # no citation that a page holds is left outside a link
    unlinked = re.sub(r"\[[^\]]*\]\([^)]*\)", "", text)
    assert not [c for c in cited(unlinked) if REFERENCE.holds(c)]
    assert [c for c in cited(plain) if REFERENCE.holds(c)]


def test_describe_links_in_markdown_and_html_and_gives_paths_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RULES §2.6.1, §4 B2 (D10): the envido_unsuited option's row in describe's output."""
    base = ["describe", "argentine-blog", "--docs-url", "https://d.example/"]
    assert main([*base, "--format", "markdown"]) == 0
    md = capsys.readouterr().out
    assert "[§4 B2](https://d.example/rules/house-rules/#b2)" in md
    assert main([*base, "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert '<a href="https://d.example/rules/argentine/#s2-6-1">§2.6.1</a>' in page
    assert main([*base, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = [r for s in data["sections"] for r in s["rows"]]
    row = next(r for r in rows if "envido_unsuited" in r["rule"])
    assert row["links"] == {"§2.6.1": "rules/argentine/#s2-6-1", "B2": "rules/house-rules/#b2"}
    assert all(set(r["links"]) == {c.text for c in _linkable(r["RULES"])} for r in rows)
    assert main([*base, "--format", "text"]) == 0
    assert "rules/" not in capsys.readouterr().out


def _linkable(text: str) -> list[Citation]:
    return [m.citation for m in mentions(text) if REFERENCE.holds(m.citation)]


def test_compare_links_its_citations_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "argentine", "paulista", "--format", "markdown"]) == 0
    assert "[§5.7](rules/brazilian/#s5-7)" in capsys.readouterr().out


def test_another_documents_section_is_no_rules_citation() -> None:
    """``DESIGN §4`` is the architecture's section, not the rules reference's §4 (the blog's
    house rules): it is not linked; ``RULES §2.6.1`` and a bare ``§2.6.1`` are."""
    assert [m.citation.text for m in mentions("what a seat sees (DESIGN §4)")] == []
    assert [m.citation.text for m in mentions("RULES §2.6.1 and §1.4")] == ["§2.6.1", "§1.4"]


@pytest.mark.parametrize("text", ["D١٢", "B７", "TV٠٦", "§2.６", "RULES §٢", "B7٣"])
def test_digits_of_another_script_cite_nothing(text: str) -> None:
    """A third review: ``\\d`` took Arabic-Indic and full-width digits, and the prefix read
    from them was a bare ``KeyError`` (in Markdown, HTML and JSON output too)."""
    assert all(c.number.isascii() for c in cited(text))
    for m in mentions(text):
        assert m.citation.number.isascii()
    with pytest.raises(tr.ParseError):
        parse_citation(text)
    # a rule sheet of a variant whose option value has such digits renders in every format
    assert "B７" in REFERENCE.markdown("room B７ and §2.6")
    assert "[§2.6]" in REFERENCE.markdown("room B７ and §2.6")


def test_a_long_range_cites_its_two_ends() -> None:
    """``§1.1-§1.99999999999`` ran for ever; a range of more than 100 members cites its ends,
    and a number of thousands of digits is no citation (it was a bare ValueError)."""
    assert {c.text for c in cited("§1.1-§1.999")} == {"§1.1", "§1.999"}
    assert {c.text for c in cited("D1-D500")} == {"D1", "D500"}
    assert len(cited("§1.1-§1.99999999999")) <= 2
    assert len(cited("§1-§" + "9" * 5000)) <= 2
    assert {c.text for c in cited("§1.2-§1.4")} == {"§1.2", "§1.3", "§1.4"}


@pytest.mark.parametrize("bad", [None, b"D12", 12, ["D12"]])
def test_the_readers_refuse_text_of_another_type(bad: object) -> None:
    for read in (mentions, cited, REFERENCE.markdown, REFERENCE.html, REFERENCE.paths):
        with pytest.raises(tr.InvalidType):
            read(bad)  # type: ignore[operator]
    for where in (REFERENCE.page, REFERENCE.path, REFERENCE.url, REFERENCE.doc_link):
        with pytest.raises(tr.InvalidType):
            where(bad)  # type: ignore[operator]
    with pytest.raises(tr.InvalidType):
        REFERENCE.doc_link("D1", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "pages", ["abc", {"2": None}, {2: "argentine"}, None, [("2", "argentine")]]
)
def test_a_reference_refuses_a_table_that_is_none(pages: object) -> None:
    """``Reference({"2": None}).url("§2")`` gave ``rules/None/#s2``."""
    with pytest.raises(tr.InvalidType):
        Reference(pages)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType):
        Reference(PAGES, folder=None)  # type: ignore[arg-type]


def test_a_table_that_fails_to_load_is_a_registry_error_or_left_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A third party's table whose module is not there made describe and compare fail in
    every format with a traceback; the CLI now leaves it out and says so."""
    real = list(reference_module.metadata.entry_points(group=reference_module.ENTRY_POINT_GROUP))

    class Broken:
        name, value, dist = "broken", "gone_pkg:PAGES", None

        def load(self) -> object:
            raise ModuleNotFoundError("No module named 'gone_pkg'")

    monkeypatch.setattr(reference_module.metadata, "entry_points", lambda group: [*real, Broken()])
    with pytest.raises(tr.RegistryError, match="gone_pkg"):
        installed_pages()
    left: dict[str, str] = {}
    assert installed_pages(left) == PAGES
    assert "gone_pkg" in left["broken"]
    for args in (["describe", "argentine"], ["compare", "argentine", "paulista"]):
        assert main([*args, "--format", "markdown", "--docs-url", "https://d.example"]) == 0
        out = capsys.readouterr()
        assert "https://d.example/rules/" in out.out
        assert "'broken' is left out" in out.err and "gone_pkg" in out.err


def test_markdown_output_keeps_a_third_party_text_as_text() -> None:
    """An option value with a carriage return ended the table row; a tag stayed a live
    element; the title's emphasis, links and code marks were Markdown."""
    from truco_rules.describe.render import Grid, Section

    grid = Grid(
        title="_house_ [here](http://evil.example) `x` R&D",
        columns=("rule", "value"),
        sections=(Section("", (("a", "x\ry"), ("b", "<img src=x onerror=1> &amp;"))),),
    )
    text = render(grid, "markdown")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 3  # the header and two rows: no row ended early
    assert "<img" not in text and "&lt;img" in text and "&amp;amp;" in text
    title = text.splitlines()[0]
    assert "\\_house\\_" in title and "\\[here\\]" in title and "\\`x\\`" in title
    assert "R&amp;D" in title


def test_a_docs_url_is_a_whole_link_target_in_markdown() -> None:
    ref = Reference(PAGES, base_url="https://ex.org/a)b c")
    assert "[D12](https://ex.org/a%29b%20c/rules/decisions/#d12)" in ref.markdown("D12")


@pytest.mark.parametrize("text", ["see §2.6.1234", "§2.1-§2.1000", "§1.1-§1.99999999999"])
def test_a_section_with_a_long_part_is_no_citation_at_all(text: str) -> None:
    """A review of the day's change: the three-digit bound read ``§2.6.1234`` as §2.6 and
    linked it, the rest left as text after the link."""
    assert {c.text for c in cited(text)} <= {"§2.1", "§1.1"}
    assert "§2.6" not in {c.text for c in cited(text)}
    assert "[§2.6]" not in REFERENCE.markdown(text)
    assert "[§1](" not in REFERENCE.markdown(text)


def test_a_code_span_in_a_markdown_cell_keeps_its_text() -> None:
    """Markdown shows a code span's text as written: ``&lt;`` escaped in it showed."""
    md = pytest.importorskip("markdown", reason="renders Markdown: the docs extra has it")
    from truco_rules.describe.render import Grid, Section

    grid = Grid("t", ("rule", "value"), (Section("", (("a", "use `a<b` or `x&y`, not <b>"),)),))
    html = md.markdown(render(grid, "markdown", reference=REFERENCE), extensions=["tables"])
    assert "<code>a&lt;b</code>" in html and "<code>x&amp;y</code>" in html
    assert "not &lt;b&gt;" in html or "not &lt;b>" in html
