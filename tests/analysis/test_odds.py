"""Exact odds by enumeration (issue 11 §2), checked against counts done by hand."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb, prod

import pytest

import truco_rules as tr
from truco_rules.analysis.odds import (
    envido_distribution,
    flor_probability,
    odds,
    special_cards,
    special_probability,
    strength_classes,
    table_odds,
)
from truco_rules.cli import main

HANDS = comb(40, 3)


def test_flor_is_three_cards_of_one_suit() -> None:
    """RULES §2.7.1: 4 suits x C(10, 3) flores; no flor in the sin-flor variants (§3)."""
    assert flor_probability("argentine") == Fraction(4 * comb(10, 3), HANDS) == Fraction(12, 247)
    assert flor_probability("argentine-sin-flor") == 0
    assert flor_probability("paulista") == 0


def test_envido_distribution() -> None:
    """RULES §2.6.1: 33 = a 7 and a 6 of one suit. Sin flor the third card is any other
    (4 x 38 hands); con flor the hands whose third card is of the same suit sing flor."""
    sin = envido_distribution("argentine-sin-flor")
    con = envido_distribution("argentine")
    assert sin[33] == Fraction(4 * 38, HANDS)
    assert con[33] == Fraction(4 * (38 - 8), HANDS)
    assert sum(sin.values()) == 1
    assert sum(con.values()) == 1 - flor_probability("argentine")
    assert max(k for k in con if k < 20) == 7  # unsuited: the best single card
    # RULES §4 B2: the blog adds the two highest unsuited cards: two 7s of two suits make 14
    blog = envido_distribution("argentine-blog")
    assert max(k for k in blog if k < 20) == 14
    # a pair of 7s (6 ways) and a card of the two other suits (20), three 7s counted once
    assert blog[14] == Fraction(6 * 20 - 2 * comb(4, 3), HANDS)
    assert envido_distribution("mineiro") == {}


def test_cards_that_rank_alone() -> None:
    """RULES §2.1 bravas, §6.1 fixed manilhas, §5.2 manilhas after the vira, §7.1 none."""
    v = tr.get_variant("argentine")
    assert [v.format_card(c) for c in special_cards(v)] == ["1E", "1B", "7E", "7O"]
    m = tr.get_variant("mineiro")
    assert [m.format_card(c) for c in special_cards(m)] == ["4c", "7h", "As", "7d"]
    p = tr.get_variant("paulista")
    assert [p.format_card(c) for c in special_cards(p, "7d")] == ["Qc", "Qh", "Qs", "Qd"]
    assert special_cards("almeria") == ()
    assert special_probability("argentine") == 1 - Fraction(comb(36, 3), HANDS)
    # the vira is out of play, and is never a manilha: 4 manilhas among 39 cards
    assert special_probability("paulista") == 1 - Fraction(comb(35, 3), comb(39, 3))
    assert special_probability("almeria") == 0


def test_strength_classes_add_up() -> None:
    """RULES §2.1: the best card of a hand is 1E in C(39, 2) / C(40, 3) of hands."""
    for name in tr.variant_names():
        classes = strength_classes(name)
        assert sum(c.best for c in classes) == 1
        assert [c.strength for c in classes] == sorted((c.strength for c in classes), reverse=True)
    top = strength_classes("argentine")[0]
    assert top.cards == ("1E",) and top.best == top.held == Fraction(comb(39, 2), HANDS)


def test_table_odds() -> None:
    """RULES §2.2, §2.7.3: both players of a 2-seat table hold a flor (same suit or not)."""
    both = Fraction(4 * comb(10, 3) * comb(7, 3) + 12 * comb(10, 3) ** 2, HANDS * comb(37, 3))
    assert table_odds("argentine", 2).flor_both_sides == both
    assert table_odds("argentine", 2).flor_anyone == 2 * flor_probability("argentine") - both
    assert table_odds("argentine", 3).flor_both_sides is None
    six = table_odds("argentine", 6)
    assert six.special_anyone == 1 - Fraction(comb(36, 18), comb(40, 18))
    with pytest.raises(tr.UnsupportedSeats):
        table_odds("paulista", 6)


def _gallo_no_flor() -> Fraction:
    """No flor at a gallo's table, counted another way: over the suits of the gallo's four
    cards (he has a flor when three share a suit), then the two others' hands from the
    36 cards left, by inclusion-exclusion on the suits left."""
    total = Fraction(0)
    for counts in itertools.product(range(5), repeat=4):
        if sum(counts) != 4 or max(counts) >= 3:
            continue
        ways = prod(comb(10, k) for k in counts)
        left = [10 - k for k in counts]
        one = Fraction(sum(comb(r, 3) for r in left), comb(36, 3))
        two = Fraction(
            sum(
                comb(left[a], 3) * comb(left[b] - 3 * (a == b), 3)
                for a in range(4)
                for b in range(4)
            ),
            comb(36, 3) * comb(33, 3),
        )
        total += Fraction(ways, comb(40, 4)) * (1 - 2 * one + two)
    return total


def test_table_odds_count_the_gallos_fourth_card() -> None:
    """RULES §2.12.2: the gallo is dealt four cards and keeps three. He holds a card that
    ranks alone when any of his four is one, and a flor when three of them share a suit;
    the table's figures counted nine cards, as if no fourth were dealt (65.6% where it is
    70.0%)."""
    three = table_odds("argentine", 3)
    assert three.special_anyone == 1 - Fraction(comb(36, 10), comb(40, 10))
    assert three.flor_anyone == 1 - _gallo_no_flor()
    assert three.flor_both_sides is None
    plain = table_odds(tr.get_variant("argentine").with_options(gallo_extra_card=False), 3)
    assert plain.special_anyone == 1 - Fraction(comb(36, 9), comb(40, 9))
    lone = flor_probability("argentine")
    both = table_odds("argentine", 2).flor_both_sides
    assert both is not None
    assert plain.flor_anyone == 1 - (1 - 3 * lone + 3 * both - _three_flores())


def _three_flores() -> Fraction:
    """Three given players all hold a flor: the suits of the three hands, counted directly."""
    ways = 0
    for suits in itertools.product(range(4), repeat=3):
        left = [10] * 4
        w = 1
        for s in suits:
            w *= comb(left[s], 3)
            left[s] -= 3
        ways += w
    return Fraction(ways, comb(40, 3) * comb(37, 3) * comb(34, 3))


def test_cli_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "argentine", "--json", "--exact"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["flor_probability"] == "12/247"
    assert data["envido_distribution"]["33"] == "3/247"
    assert main(["odds", "sin-flor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert abs(sum(data["envido_distribution"].values()) - 1) < 1e-12
    assert main(["odds", "paulista"]) == 0
    out = capsys.readouterr().out
    assert "28.38%" in out and "2594/9139" in out
    assert main(["odds", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(tr.variant_names())


def test_odds_to_dict_is_plain_data() -> None:
    o = odds("argentine-blog")
    assert o.envido_mean is not None and 0 < o.envido_mean < 33
    json.dumps(o.to_dict())
    assert set(o.to_dict()["envido_distribution"]) == {str(k) for k in o.envido}


def test_cli_odds_exact_without_json_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md: --exact is a --json option; alone it was silently ignored."""
    assert main(["odds", "argentine", "--exact"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: --exact") and "--json" in err


def test_table_flor_odds_only_where_a_flor_is_three_of_a_suit() -> None:
    """The exact count of disjoint hands at a table assumes a flor is three cards of one
    suit; a flor rule with wild cards (Uruguayan piezas) gave 9.5% for someone of two
    players, less than one player's own 15.5%: no figure is better than a wrong one."""
    pytest.importorskip("truco_uruguayo", reason="the example variant's package")
    for seats in tr.get_variant("uruguayo").seat_counts:
        t = table_odds("uruguayo", seats)
        assert t.flor_anyone is None and t.flor_both_sides is None
    assert table_odds("argentine", 2).flor_anyone == Fraction(466, 4921)
