"""The N-way rule table and the rule sheet (issue 11 §1): rules in words, grouped by concern."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

import attrs
import pytest
from sample_bets import AskedFirstBet

import truco_rules as tr
from truco_rules.cli import main
from truco_rules.comparison import CONCERNS, compare_table, rule_sheet
from truco_rules.render import FORMATS, render
from truco_rules.variants.argentine import ARGENTINE_RANKING

ALL = tr.variant_names()


def _cell(grid: tr.render.Grid, rule: str, variant: str) -> str:  # type: ignore[name-defined]
    col = next(i for i, c in enumerate(grid.columns) if c == variant)
    row = next(r for r in grid.rows if r[0] == rule)
    return row[col]


def test_six_way_table_is_grouped_by_concern_in_words() -> None:
    grid = compare_table(ALL)
    titles = [s.title for s in grid.sections]
    assert titles == [t for t in CONCERNS if t in titles] and len(titles) == len(CONCERNS)
    assert grid.columns[:2] == ("rule", "RULES")
    for row in grid.rows:
        assert len(row) == 2 + len(ALL)
        for cell in row[2:]:  # values in words, never a Python repr
            assert not any(ch in cell for ch in '{}[]"') and "('" not in cell, row
    # RULES §2.1, §6.1, §7.1: rankings as ranks in order
    assert _cell(grid, "Trick ranking, high to low", "argentine").startswith(
        "1E > 1B > 7E > 7O > 3 > 2 > 1O 1C > 12 > 11 > 10 > 7B 7C"
    )
    assert _cell(grid, "Trick ranking, high to low", "mineiro").startswith("4c > 7h > As > 7d > 3")
    assert (
        _cell(grid, "Trick ranking, high to low", "almeria")
        == "3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4"
    )
    # RULES §2.5, §6.3, §7.5: ladders in words
    calls = "Calls, and the hand's worth if accepted"
    assert _cell(grid, calls, "argentine") == "truco 2 / retruco 3 / vale cuatro 4"
    assert _cell(grid, calls, "mineiro") == "truco 4 / seis 6 / dez 10 / doze 12"
    assert _cell(grid, calls, "almeria").endswith("para el toro the whole game")
    assert (
        _cell(grid, "A refused call gives the caller", "paulista")
        == "truco 1 / seis 3 / nove 6 / doze 9"
    )
    # RULES §1.4 row 16 and rows 7-8
    assert _cell(grid, "Three tied tricks", "argentine") == "the mano's side"
    assert _cell(grid, "Three tied tricks", "paulista") == "nobody scores"
    assert _cell(grid, "Three tied tricks", "almeria") == "the other side"
    assert _cell(grid, "Lost, won, tied", "argentine") == "the other side"
    assert _cell(grid, "Lost, won, tied", "argentine-blog") == "the mano's side"
    assert _cell(grid, "Trick 1 won, trick 2 tied", "argentine-blog") == "trick 3 decides"
    # RULES §6.4, §5.5: the two-card play and face-down cards
    assert _cell(grid, "Trick 2 after a tied first trick", "mineiro").startswith("both remaining")
    assert _cell(grid, "Cards face down (strength 0)", "paulista") == "not in trick 1"
    assert _cell(grid, "Cards face down (strength 0)", "almeria") == "never"


def test_equal_rows_only_with_show_all() -> None:
    """RULES §3: sin flor differs from con flor in the flor alone."""
    grid = compare_table(["argentine", "sin-flor"])
    rules = [r[0] for r in grid.rows]
    assert "Flor" in rules and "Trick ranking, high to low" not in rules
    assert all(r[2] != r[3] for r in grid.rows)
    full = compare_table(["argentine", "sin-flor"], show_all=True)
    assert len(full.rows) > len(grid.rows)
    assert "Trick ranking, high to low" in [r[0] for r in full.rows]


def test_options_show_in_the_column_label() -> None:
    """RULES §2.8.1: a shorter game is a house rule of the same variant."""
    grid = compare_table(["argentine", tr.get_variant("argentine", {"target": 15})])
    assert grid.columns[3] == "argentine (target=15)"
    assert _cell(grid, "Target", "argentine (target=15)").startswith("15 points")
    assert _cell(grid, "Malas and buenas", "argentine (target=15)") == "no split"


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format(fmt: str) -> None:
    grid = compare_table(["paulista", "mineiro", "almeria"])
    out = render(grid, fmt)
    if fmt == "json":
        data = json.loads(out)
        assert sum(len(s["rows"]) for s in data["sections"]) == len(grid.rows)
        assert data["sections"][0]["rows"][0]["rule"] == grid.rows[0][0]
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert rows[0] == ["section", *grid.columns] and len(rows) == len(grid.rows) + 1
    elif fmt == "html":
        assert out.startswith("<!DOCTYPE html>")  # a standalone page (issue 25)
        assert out.count("<tr>") == len(grid.rows) + 1
        assert out.count('<tr class="section">') == len(grid.sections)
    elif fmt == "markdown":
        assert out.count("\n| ") >= len(grid.rows) + 1
    else:
        assert "TRICKS AND TIES" in out and "mineiro" in out
    with pytest.raises(ValueError, match="unknown format"):
        render(grid, "pdf")


def test_rule_sheet_shows_every_rule() -> None:
    sheet = rule_sheet("paulista")
    assert sheet.columns == ("rule", "RULES", "value")
    assert sheet.title.startswith("paulista (also: truco-paulista")
    rules = [r[0] for r in sheet.rows]
    assert "Trick ranking, high to low" in rules
    # an option's rule in words, from its documentation, with the name that changes it
    raise_rule = next(r for r in rules if r.endswith("(forbid_pointless_raise)"))
    assert raise_rule.startswith("Whether a raise is illegal")


def test_cli_compare_and_describe(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no column name wraps
    assert main(["compare", "argentine", "paulista", "almeria", "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "| **Tricks and ties** |" in out and "| argentine | paulista | almeria |" in out
    assert main(["compare", "argentine", "argentine", "--option", "2:target=15", "--all"]) == 0
    out = capsys.readouterr().out
    assert "argentine (target=15)" in out and "Trick ranking" in out
    assert main(["compare", "argentine", "blog", "--option", "all_tricks_tied=postre"]) == 0
    out = capsys.readouterr().out
    assert "Three tied tricks" not in out  # both changed alike
    assert main(["describe", "mineiro"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mineiro") and "SPECIAL HANDS" in out
    assert main(["describe", "mineiro", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "mineiro"
    # an option no compared variant has: error: and status 2, as for any bad input
    assert main(["compare", "argentine", "paulista", "--option", "flor_duel_modez=1"]) == 2


@attrs.frozen
class _TurnedTwoOnTop:
    """A ranking whose turned card raises the 2 of its suit alone above the bravas (no vira
    and manilhas): the rule words must not call it one."""

    turns_up_card: bool = True

    def strengths(self, turned: tr.Card | None, deck: Sequence[tr.Card] = ()) -> tuple[int, ...]:
        table = list(ARGENTINE_RANKING.table)
        if turned is not None:
            table[tr.Card.of(2, turned.suit).index] = 15
        return tuple(table)


def _sheet_cell(v: tr.Variant | str, rule: str) -> str:
    grid = rule_sheet(v)
    return next(r[2] for r in grid.rows if r[0] == rule)


def test_turned_card_words_for_a_ranking_that_is_no_vira() -> None:
    """RULES §1.1: a card turned up that does not set four manilhas of one rank is described
    by the ranking under a sample turned card; Paulista's vira keeps its words (§5.2)."""
    v = tr.get_variant("argentine").derive(
        "two-on-top", "a turned suit's 2 on top", ranking=_TurnedTwoOnTop()
    )
    turned = "A card turned up after the deal (vira)"
    assert _sheet_cell(v, turned) == "yes: it changes the ranking"
    assert _sheet_cell(v, "Trick ranking, high to low").startswith(
        "e.g. under a turned 1E: 2E > 1B > 7E > 7O > 3 > 2B 2O 2C > "
    )
    alone = "Cards that rank alone (bravas, manilhas)"
    assert _sheet_cell(v, alone) == "e.g. under a turned 1E: 2E > 1B > 7E > 7O"
    assert _sheet_cell("paulista", turned) == "yes: it sets the manilhas"
    assert _sheet_cell("argentine", turned) == "no"


PAULISTA = tr.get_variant("paulista")


@attrs.frozen
class _ManilhasOfTheViraRank:
    """The vira's own rank gives the manilhas (three left in play), not the rank after it."""

    turns_up_card: bool = True

    def strengths(self, turned: tr.Card | None, deck: Sequence[tr.Card] = ()) -> tuple[int, ...]:
        plain = PAULISTA.ranking.strengths(None, PAULISTA.deck.cards)
        if turned is None:
            return plain
        ranks = sorted(
            {c.rank for c in PAULISTA.deck.cards},
            key=lambda r: plain[tr.Card.of(r, turned.suit).index],
        )
        before = ranks[ranks.index(turned.rank) - 1]  # the rank whose "next" is the vira's
        return PAULISTA.ranking.strengths(tr.Card.of(before, turned.suit), PAULISTA.deck.cards)


@attrs.frozen
class _SuitsTurnAround:
    """Paulista's ranking under the first card of the deck; under any other the manilhas'
    suits rank the other way round."""

    turns_up_card: bool = True

    def strengths(self, turned: tr.Card | None, deck: Sequence[tr.Card] = ()) -> tuple[int, ...]:
        table = list(PAULISTA.ranking.strengths(turned, PAULISTA.deck.cards))
        if turned is not None and turned != PAULISTA.deck.cards[0]:
            top = sorted(
                (c for c in PAULISTA.deck.cards if table[c.index] >= 11),
                key=lambda c: table[c.index],
            )
            for card, strength in zip(
                top, sorted((table[c.index] for c in top), reverse=True), strict=True
            ):
                table[card.index] = strength
        return tuple(table)


def test_two_turned_card_rankings_that_differ_are_told_apart() -> None:
    """RULES §5.2: the manilhas are the rank after the vira. A ranking that takes the vira's
    own rank was described in the same words, and one that agrees with Paulista's under the
    sample turned card alone compared as equal: compare() found no difference in either."""
    ranking = "Trick ranking, high to low"
    paulista = _sheet_cell(PAULISTA, ranking)
    assert paulista.startswith("the rank after the vira on top, by suit ")
    for other in (_ManilhasOfTheViraRank(), _SuitsTurnAround()):
        v = PAULISTA.derive("house", "another ranking", ranking=other)
        words = _sheet_cell(v, ranking)
        assert words != paulista and "the rank after the vira" not in words
        assert "ranking" in {d.rule for d in tr.compare(PAULISTA, v)}
    # equal rankings keep equal words, whatever the object that gives them
    same = PAULISTA.derive("same", "the ranking again", ranking=attrs.evolve(PAULISTA.ranking))
    assert _sheet_cell(same, ranking) == paulista
    assert "ranking" not in {d.rule for d in tr.compare(PAULISTA, same)}
    two = tr.get_variant("argentine").derive("two", "x", ranking=_TurnedTwoOnTop())
    again = tr.get_variant("argentine").derive("again", "x", ranking=_TurnedTwoOnTop())
    assert _sheet_cell(two, ranking) == _sheet_cell(again, ranking)


ARGENTINE = tr.get_variant("argentine")


def test_compare_shows_an_added_side_bet_both_ways() -> None:
    """Defect 3: tr.compare reads Variant.describe(), where "side_bets" is present only for a
    variant with side bets: compare(base, with_bet) finds no difference at all, and
    compare(with_bet, base) raises KeyError."""
    house = ARGENTINE.derive("argentine-primera", "x", side_bets=(AskedFirstBet(),))
    assert [d.rule for d in tr.compare(ARGENTINE, house)] == ["side_bets"]
    assert [d.rule for d in tr.compare(house, ARGENTINE)] == ["side_bets"]


def test_render_checks_its_width() -> None:
    """A width of 0 never finished wrapping (the process grew until it was killed)."""
    grid = compare_table(["argentine", "paulista"])
    for bad, error in ((0, tr.ParseError), (-5, tr.ParseError), ("80", tr.InvalidType)):
        with pytest.raises(error):
            render(grid, "text", bad)  # type: ignore[arg-type]
    assert render(grid, "text", 1)  # one character a line, but it ends


def test_json_rows_keep_every_column() -> None:
    """Two columns of one name (a variant compared with itself) or a column named like the
    links' key each keep their own key: a row was built as a dict and lost one."""
    grid = compare_table(["argentine", "argentine"], show_all=True)
    data = json.loads(render(grid, "json"))
    assert data["columns"] == ["rule", "RULES", "argentine", "argentine #2"]
    row = data["sections"][0]["rows"][0]
    assert list(row) == data["columns"]


def test_a_derived_variant_is_headed_by_its_name_and_base() -> None:
    """A house rule made with derive has no registered defaults: its column listed every
    one of its options as changed (some 1,500 characters)."""
    base = tr.get_variant("argentine")
    house = base.derive("house", "a house rule", target=15)
    assert compare_table([base, house]).columns[-1] == "house (from argentine)"


@pytest.mark.parametrize(
    ("value", "error"),
    [("argentine", tr.InvalidType), (None, tr.InvalidType), ([], tr.ParseError)],
    ids=["a-name-alone", "none", "empty"],
)
def test_compare_table_checks_its_list(value: object, error: type[Exception]) -> None:
    """A name alone was read letter by letter ("unknown variant 'a'"), an empty list gave
    an empty table, None a bare TypeError."""
    with pytest.raises(error):
        compare_table(value)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType):
        compare_table(["argentine", "paulista"], show_all="no")  # type: ignore[arg-type]


def test_markdown_titles_stay_one_line_of_text() -> None:
    """A description with a line break split the bold title; a tag in it passed through as
    HTML."""
    v = tr.get_variant("argentine").derive("house", "two\nlines *and* <b>a tag</b>")
    first = render(rule_sheet(v), "markdown").splitlines()[0]
    assert first.startswith("**house") and first.endswith("**")
    assert "<b>" not in first and "\\*and\\*" in first


def test_a_variants_own_side_bet_is_a_rule_of_the_table() -> None:
    """A variant that adds a side bet of its own (docs/extending.md) differs from the one it
    builds on by that bet: the table and the rule sheet name it and its calls."""
    base = tr.get_variant("argentine")
    primera = base.derive(
        "argentine-primera-t", "with the first-trick bet", side_bets=(AskedFirstBet(),)
    )
    rows = {
        row[0]: row[2:]
        for section in compare_table([base, primera]).sections
        for row in section.rows
    }
    assert rows["The variant's own side bets"] == ("none", "primera (calls: primera)")
    sheet = {row[0]: row[2] for s in rule_sheet(primera).sections for row in s.rows}
    assert sheet["The variant's own side bets"] == "primera (calls: primera)"
    assert "The variant's own side bets" not in {
        row[0]
        for s in compare_table([base, base.with_options(target=15)]).sections
        for row in s.rows
    }


def test_two_bets_of_one_name_set_up_otherwise_are_a_difference() -> None:
    """A side bet's settings are part of the rules: two variants whose bets share a name
    but not a stake differ, in compare() and in the table."""

    @attrs.frozen
    class Staked(AskedFirstBet):
        stake: int = 1

    base = tr.get_variant("argentine")
    one = base.derive("argentine-stake-1", "x", side_bets=(Staked(),))
    two = base.derive("argentine-stake-2", "x", side_bets=(Staked(stake=2),))
    assert one.describe()["side_bets"] == ["primera"]
    assert one.describe()["side_bet_settings"] == {"primera": "stake=1"}
    assert [d.rule for d in tr.compare(one, two)] == ["side_bet_settings"]
    rows = [row for s in compare_table([one, two]).sections for row in s.rows]
    assert rows == [
        (
            "The variant's own side bets",
            "",
            "primera (calls: primera; stake=1)",
            "primera (calls: primera; stake=2)",
        )
    ]


def test_where_the_mano_goes_is_read_from_the_table_itself() -> None:
    """RULES §2.3: the rule sheet says where the mano goes. It read the table's option only,
    so a package's table that passes the mano otherwise (its own next_mano) was described
    as the stock one."""
    from truco_rules.hooks import DealContext, StandardTable

    @attrs.frozen
    class Stays(StandardTable):
        def next_mano(self, ctx: DealContext) -> int:
            return ctx.mano

    @attrs.frozen
    class TwoOn(StandardTable):
        def next_mano(self, ctx: DealContext) -> int:
            return (ctx.mano + 2) % ctx.seats

    base = tr.get_variant("argentine-sin-flor")
    rows = {
        name: dict((r[0], r[-1]) for r in rule_sheet(v).rows)
        for name, v in (
            ("stays", base.derive("stays", "x", table=Stays())),
            ("two", base.derive("two-on", "x", table=TwoOn())),
            ("back", tr.get_variant("paulista", {"mano_rotation": "against_play"})),
            ("stock", base),
        )
    }
    rule = "Where the mano goes next"
    assert rows["stays"][rule] == "the mano stays"
    assert rows["two"][rule] == "2 seats on in play order"
    assert rows["back"][rule].startswith("the previous player")
    assert rows["stock"][rule] == "the next player in play order"
