"""I7 (docs/invariants.md) on matches that run past their explicit deals (issue 29): the
deals after them are dealt by chance actions, and hidden_swaps / check_observation_hides
take their order from those actions."""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.testing import check_observation_hides, deal_orders, hidden_swaps


def _past_the_explicit_deal(name: str, seats: int, rs: int) -> tr.Match:
    v = tr.get_variant(name, {"target": 24} if name == "paulista" else None)
    r = random.Random(rs)
    m = v.new_match(seats, deals=[v.deck.shuffled(random.Random(9))], mano=0)
    while (m.hand_no < 2 or m.is_chance_node()) and not m.is_over():
        m.apply(r.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("name,seats", [("paulista", 4), ("mineiro", 4), ("almeria", 4)])
def test_swaps_reach_the_deals_after_the_explicit_ones(name: str, seats: int) -> None:
    later = 0
    for rs in range(3):
        m = _past_the_explicit_deal(name, seats, rs)
        orders = deal_orders(m)
        assert len(orders) == m.hand_no + 1
        for k in range(1, len(orders)):  # the chance deals, card by card
            dealt = [a.card for s, a in m.actions if s == tr.CHANCE]
            assert set(orders[k]) <= set(dealt)
        for seat in range(seats):
            swaps = hidden_swaps(m, seat)
            later += sum(1 for w in swaps if w.deal >= 1)
            check_observation_hides(m, seat, swaps[:6])
    assert later > 0


def test_a_match_in_the_middle_of_a_chance_deal_says_what_it_needs() -> None:
    v = tr.get_variant("mineiro")
    r = random.Random(1)
    m = v.new_match(2, deals=[v.deck.shuffled(random.Random(9))], mano=0)
    while not m.is_chance_node():
        m.apply(r.choice(m.legal_actions()))
    m.apply(m.legal_actions()[0])  # one card of the next deal
    with pytest.raises(ValueError, match="apply the pending deal actions first"):
        hidden_swaps(m, 0)


@pytest.mark.parametrize("derivation", [1, 2])
def test_deal_orders_follow_the_matchs_own_derivation(derivation: int) -> None:
    """docs/notation.md (Deal derivations): a seeded match deals by its derivation; the kit's
    card orders are the ones it dealt (before, every seed was read under derivation 1, and
    the checks of a derivation-2 match swapped cards of other deals)."""
    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=11, derivation=derivation)
    rng = random.Random(0)
    dealt: dict[int, set[object]] = {}
    while not m.is_over() and len(dealt) < 4:
        if m.hand is not None:
            dealt.setdefault(m.hand_no, {c for h in m.hand.dealt for c in h})
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
    orders = deal_orders(m)
    assert len(dealt) == 4
    for k, cards in dealt.items():
        assert cards == set(orders[k][: 3 * m.seats]), k
    seat = m.current_player() if m.current_player() >= 0 else 0
    if m.hand is not None:
        check_observation_hides(m, seat, hidden_swaps(m, seat)[:6])
