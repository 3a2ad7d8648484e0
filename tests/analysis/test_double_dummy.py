"""The double-dummy solver (issue 11 §3): exact, and faithful to each variant's trick rules.

The strongest check is against the engine itself: a plain minimax over ``Match`` (public API
only: ``copy``, ``legal_actions``, ``apply``), card plays only, must give the solver's result
on random deals of every variant, at 2 seats with the variants' own face-down rules and at 3
and 4 seats with face-down play off (to keep the engine's tree small).
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

import truco_rules as tr
from truco_rules.analysis import DoubleDummy, double_dummy, double_dummy_rates
from truco_rules.cli import main


def _engine_value(v: tr.Variant, seats: int, order: list[tr.Card], mano: int) -> int:
    """+1 / -1 / 0 for the mano's side by minimax over the engine's own card plays."""
    m = v.new_match(seats, deals=[order], mano=mano)
    mano_side = m.team[mano]
    skip = {*v.ladder.names, "mazo"}

    def rec(m: tr.Match) -> int:
        if m.hand_no > 0 or m.is_over():
            tot = [0, 0]
            for h in m.history:
                if h.hand_no == 0 and h.winner is not None:
                    tot[h.winner] += 1
            if tot[0] == tot[1]:
                return 0
            return 1 if (0 if tot[0] > tot[1] else 1) == mano_side else -1
        seat = m.current_player()
        legal = m.legal_actions()
        plays = [a for a in legal if a.verb in ("play", "discard")]
        if not plays:  # a flor exchange: it does not touch the cards
            c = m.copy()
            c.apply(next(a for a in legal if a.verb not in skip))
            return rec(c)
        values = []
        for a in plays:
            c = m.copy()
            c.apply(a)
            values.append(rec(c))
        return max(values) if m.team[seat] == mano_side else min(values)

    return rec(m)


def _random_deal(
    v: tr.Variant, dd: DoubleDummy, rng: random.Random, seats: int, mano: int
) -> tuple[list[tr.Card], list[list[tr.Card]], tr.Card | None]:
    plan = dd.plan(mano)
    deck = list(v.deck.cards)
    rng.shuffle(deck)
    hands: list[list[tr.Card]] = [[] for _ in range(seats)]
    for k in range(3 * seats):
        hands[(mano + k) % seats].append(deck[k])
    for j, s in enumerate(plan.extra_cards):
        hands[s].append(deck[3 * seats + j])
    turned = deck[3 * seats + len(plan.extra_cards)] if v.ranking.turns_up_card else None
    return deck, hands, turned


CASES: list[tuple[str, int, int, dict[str, Any] | None]] = [
    *((name, 2, 8, None) for name in tr.variant_names()),
    ("argentine", 4, 2, {"facedown_allowed": False}),
    ("argentine-blog", 4, 2, {"facedown_allowed": False}),
    ("paulista", 4, 2, {"facedown_allowed": False, "tie_next_leader": "earliest_top_card"}),
    ("mineiro", 4, 2, {"facedown_allowed": False}),
    ("mineiro", 2, 8, {"mineiro_first_trick_tie": "standard"}),
    ("almeria", 4, 3, None),
    ("argentine-sin-flor", 3, 2, {"facedown_allowed": False}),
    ("argentine-sin-flor", 3, 2, {"facedown_allowed": False, "gallo_mode": "fijo"}),
]


@pytest.mark.parametrize(("name", "seats", "deals", "options"), CASES)
def test_solver_agrees_with_a_minimax_over_the_engine(
    name: str, seats: int, deals: int, options: dict[str, Any] | None
) -> None:
    """RULES §1.2-§1.4, §2.9, §5.2, §6.4, §7.2, §2.12.2: tricks, ties, face-down cards, the
    vira, the two-card reveal, Almería's two duels and the gallo's discard, as the engine
    plays them."""
    v = tr.get_variant(name, options)
    dd = DoubleDummy(v, seats)
    rng = random.Random(f"{name}/{seats}/{options}")
    for _ in range(deals):
        mano = rng.randrange(seats)
        order, hands, turned = _random_deal(v, dd, rng, seats, mano)
        got = dd.solve(hands, mano, turned)
        expected = _engine_value(v, seats, order, mano)
        assert {1: 0, -1: 1, 0: None}[expected] == got, (hands, mano, turned)


def test_the_vira_decides_the_manilhas() -> None:
    """RULES §5.2: vira 3 makes the 4s manilhas (4c zap, 4h copas): the mano wins two tricks;
    with vira 7 the 4s are the lowest cards and the other side wins."""
    p = tr.get_variant("paulista")
    assert double_dummy(p, ["4c 4h 5s", "3c 3h 2s"], turned="3d") == 0
    assert double_dummy(p, ["4c 4h 5s", "3c 3h 2s"], turned="7d") == 1


def test_the_follower_wins_with_equal_hands() -> None:
    """RULES §1.2, §1.4: with equal strengths in both hands the player who answers can give up
    the first trick cheaply and take the other two (M O O). The answer is relative to the
    mano: 1 when seat 1 answers seat 0, and still 1 when seat 0 answers seat 1."""
    assert double_dummy("argentine", ["3E 2E 12E", "3B 2B 12B"]) == 1
    assert double_dummy("argentine", ["3E 2E 12E", "3B 2B 12B"], mano=1) == 1
    assert double_dummy("almeria", ["3E 2E 1E", "3B 2B 1B"]) == 1


def test_bravas_and_a_hand_of_bravas() -> None:
    """RULES §2.1 / §7.1: 1E 1B 7E are unbeatable in Argentina, plain cards in Almería."""
    assert double_dummy("argentine", ["1E 1B 7E", "3B 3C 3O"]) == 0
    assert double_dummy("almeria", ["1E 1B 7E", "3B 3C 3O"]) == 1


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(tr.ParseError, match="vira"):
        double_dummy("paulista", ["4c 4h 5s", "3c 3h 2s"])
    with pytest.raises(tr.ParseError, match="twice"):
        double_dummy("argentine", ["1E 1B 7E", "1E 3C 3O"])
    with pytest.raises(tr.ParseError, match="3 cards"):
        double_dummy("argentine", ["1E 1B", "3B 3C 3O"])
    with pytest.raises(tr.UnsupportedSeats):
        double_dummy("paulista", ["4c 4h 5s", "3c 3h 2s", "Ac Ah As"], turned="3d")
    with pytest.raises(tr.ParseError, match="mano"):
        double_dummy("argentine", ["1E 1B 7E", "3B 3C 3O"], mano=2)


def test_the_solver_s_other_entry_points_check_their_arguments() -> None:
    """docs/getting-started.md: every error on bad input is a TrucoError. The solver's plan,
    strengths and solve_strengths, odds_grids, no_flor and a report's merge were an
    AttributeError or a TypeError from inside, or took junk: a text as the turned card, a
    ninth seat of two, a five-card hand as never a flor."""
    from truco_rules.analysis.flor_count import no_flor
    from truco_rules.analysis.odds import odds_grids

    dd = DoubleDummy("paulista", 2)
    for bad in ("3d", 3):
        with pytest.raises(tr.InvalidType, match="turned"):
            dd.strengths(bad)  # type: ignore[arg-type]
    assert dd.strengths(tr.get_variant("paulista").card("3d"))
    with pytest.raises(tr.InvalidType, match="mano"):
        dd.plan("x")  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="mano"):
        dd.plan(9)
    with pytest.raises(tr.InvalidType, match="plan"):
        dd.solve_strengths(None, [[1, 2, 3], [4, 5, 6]])  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="hands"):
        dd.solve_strengths(dd.plan(0), [[1, 2, 3]])
    with pytest.raises(tr.InvalidType, match="Odds"):
        odds_grids("argentine")  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="3 or 4"):
        no_flor([5], 40)
    with pytest.raises(tr.InvalidType, match="sizes"):
        no_flor("33", 40)  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="40"):
        no_flor([3, 3], 36)
    report = double_dummy_rates("argentine", 2, 50, 1)
    with pytest.raises(tr.InvalidType, match="DoubleDummyReport"):
        report.merge(None)  # type: ignore[arg-type]


def test_a_4_seat_almeria_deal_whose_duels_split_has_neither_side_ahead(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RULES §7.2: the 4-seat almeria deal is two duels, each worth its point; a deal whose
    duels go one to each side leaves neither side ahead, which the report counted and the CLI
    labelled as deals "nobody scores"."""
    v = tr.get_variant("almeria")
    hands = ["3E 3B 3C", "1E 1B 7E", "4O 5O 6O", "4E 4B 4C"]  # duels 0 v 3 and 2 v 1
    assert double_dummy(v, hands) is None
    m = v.new_match(4, deals=[tr.deal_order(v, hands)], mano=0)
    while m.hand_no == 0:
        m.apply(next(a for a in m.legal_actions() if a.verb == "play"))
    assert m.score == (1, 1)  # each side won a duel: both scored
    assert main(["double-dummy", "almeria", "--deals", "100", "--seats", "4"]) == 0
    head = capsys.readouterr().out.splitlines()[1]
    assert "neither ahead" in head and "nobody scores" not in head


def test_rates_are_reproducible_and_against_counts_changes() -> None:
    """Same seed, same report; sin flor plays its tricks exactly like con flor (RULES §3), the
    blog's tie rules (RULES §4 B10-B11) change some deals."""
    a = double_dummy_rates("argentine", 2, 1500, 4, against="argentine-sin-flor")
    assert a == double_dummy_rates("argentine", 2, 1500, 4, against="argentine-sin-flor")
    assert a.mano_wins + a.other_wins + a.nobody == 1500
    assert a.changed == 0 and a.against_counts == (a.mano_wins, a.other_wins, a.nobody)
    b = double_dummy_rates("argentine", 2, 1500, 4, against="argentine-blog")
    assert 0 < b.changed < 1500
    assert b.mano_rate.low < b.mano_rate.value < b.mano_rate.high
    with pytest.raises(tr.ParseError, match="same cards"):
        double_dummy_rates("mineiro", 2, 10, against=tr.get_variant("paulista", {"deck": "limpo"}))


def test_cli_double_dummy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["double-dummy", "mineiro", "--deals", "300", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "mano side wins" in out and "mineiro" in out and "%" in out
    args = ["double-dummy", "argentine", "--deals", "300", "--json", "--against", "blog"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 300 and data["against"]["variant"] == "argentine-blog"
    assert data["mano_rate"]["low"] <= data["mano_rate"]["value"] <= data["mano_rate"]["high"]
    assert main(["double-dummy", "--deals", "200", "--seats", "4"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert sum(line.startswith("almeria") for line in rows) == 1


def test_three_and_six_seats() -> None:
    """RULES §2.12: the gallo (dealer, seat 2 when seat 0 is mano) holds four cards and keeps
    the best three; six seats play a redonda of 3 v 3."""
    gallo = ["4E 5E 6E", "4B 5B 6B", "1E 1B 7E 7O"]
    assert double_dummy("argentine", gallo) == 1  # the gallo alone takes every trick
    with pytest.raises(tr.ParseError, match="4 cards"):
        double_dummy("argentine", ["4E 5E 6E", "4B 5B 6B", "1E 1B 7E"])
    six = ["1E 1B 7E", "4E 5E 6E", "3E 3B 3O", "4B 5B 6B", "2E 2B 2O", "4O 5O 6O"]
    assert double_dummy("argentine", six) == 0  # the mano's side holds every strong card


def test_a_full_table_of_positions_is_cleared_without_changing_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the module, not the function of the same name that truco_rules.analysis exports
    dd_module = importlib.import_module("truco_rules.analysis.double_dummy")
    v = tr.get_variant("argentine-blog")
    rng = random.Random(7)
    deals = [[rng.sample(list(v.deck.cards), 6)] for _ in range(60)]
    roomy = DoubleDummy(v, 2)
    expected = [roomy.solve([d[0][:3], d[0][3:]]) for d in deals]
    monkeypatch.setattr(dd_module, "_MEMO_LIMIT", 40)
    tight = DoubleDummy(v, 2)
    assert [tight.solve([d[0][:3], d[0][3:]]) for d in deals] == expected
    assert all(len(s.memo) <= 40 for s in tight._searches.values())


def test_against_a_rule_set_that_deals_the_table_otherwise_is_refused() -> None:
    """Without the gallo's fourth card the other rule set was solved on hands dealt for the
    main one (a four-card gallo): a mano rate that neither rule set has."""
    gallo = tr.get_variant("argentine")
    plain = gallo.with_options(gallo_extra_card=False)
    for one, other in ((gallo, plain), (plain, gallo)):
        with pytest.raises(tr.ParseError, match="deal the 3-seat table otherwise"):
            double_dummy_rates(one, 3, 50, 1, against=other)
    assert double_dummy_rates(gallo, 2, 50, 1, against=plain).changed == 0  # alike at 2


def test_a_turned_card_already_in_a_hand_is_refused_even_without_a_vira() -> None:
    """A card is dealt once: the turned card given for a variant that does not read it
    still may not be a card of a hand."""
    with pytest.raises(tr.ParseError, match="twice"):
        double_dummy("argentine", ["1E 7E 4C", "3B 3C 2O"], turned="1E")
    assert double_dummy("argentine", ["1E 7E 4C", "3B 3C 2O"], turned="5E") in (0, 1, None)


def test_against_compares_who_is_dealt_what_not_the_plans_names() -> None:
    """Almería's two-seat duel deals as any two-seat table: one deal is solved under both."""
    report = double_dummy_rates("argentine", 2, deals=20, against="almeria")
    assert report.against == "almeria" and sum(report.against_counts) == 20


def test_the_checks_take_numpy_integers_and_arrays_as_before() -> None:
    """The argument checks added to the solver and no_flor took numpy integers and a
    numpy array of strengths for errors (the library takes integers of any kind); a mano
    of another type passed once the plan of that seat was cached."""
    np = pytest.importorskip("numpy", reason="numpy comes with the openspiel or pettingzoo extra")
    from truco_rules.analysis.flor_count import no_flor

    assert no_flor([np.int64(3)] * 2, np.int64(40)) == no_flor([3, 3], 40)
    dd = DoubleDummy("argentine", 2)
    plan = dd.plan(np.int64(1))
    assert dd.solve_strengths(plan, np.array([[1, 2, 3], [4, 5, 6]])) == dd.solve_strengths(
        plan, [[1, 2, 3], [4, 5, 6]]
    )
    dd.plan(1)
    for bad in (True, 1.0):
        with pytest.raises(tr.InvalidType, match="mano"):
            dd.plan(bad)  # type: ignore[arg-type]
