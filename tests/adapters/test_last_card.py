"""The other side's last unseen card is drawn in turn across a decision's worlds (issue 28).

At the last trick a raise from the other side makes the few deals in which it holds the
card that beats the seat's own weigh much; drawn at random, 32 worlds often hold none of
them, and the reader read a lost contest as won. With strata numbered in a row,
:func:`~truco_rules.agents.determinize.weighted_world` gives the first seat of the other
side with one card unseen each card left to draw in turn (stratified sampling), and
changes nothing where no such seat is.
"""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.agents.determinize import last_card_open, weighted_world
from truco_rules.agents.inference import TableModel
from truco_rules.bots import SimpleBot
from truco_rules.views.observe import Observation

_MODEL = TableModel(0.1, 0.0)


def _first(name: str, seats: int, seed: int, open_: bool) -> tuple[tr.Variant, Observation]:
    """The first decision of a match played by the simple bot at which a seat of the
    other side has (``open_``) or has not one card unseen, with a card on the table."""
    v = tr.get_variant(name)
    for s in range(seed, seed + 40):
        m = v.new_match(seats, seed=s)
        bot = SimpleBot(random.Random(s))
        while not m.is_over():
            seat = m.current_player()
            obs = m.observation(seat)
            if obs.phase == "play" and obs.current.table and last_card_open(v, obs) == open_:
                return v, obs
            m.apply(bot.choose(m, m.legal_actions()))
    raise AssertionError("no such decision")


def _last_cards(v: tr.Variant, obs: Observation, strata: range) -> list[tr.Card]:
    """The unseen card of the other side's first seat with one left, in the worlds of
    ``strata`` that were found."""
    sides = obs.sides
    out = []
    for k in strata:
        found = weighted_world(v, obs, random.Random(k), model=_MODEL, fit_plays=False, stratum=k)
        if found is None:
            continue
        hand = found[0].hand
        assert hand is not None
        shown = {p.card for p in obs.current.table if p.card is not None}
        seat = next(
            s
            for s in range(obs.seats)
            if sides[s] != obs.team and len([c for c in hand.dealt[s] if c in shown]) == 2
        )
        (card,) = [c for c in hand.dealt[seat] if c not in shown]
        out.append(card)
    return out


@pytest.mark.parametrize(("name", "seats"), [("paulista", 2), ("mineiro", 4), ("argentine", 2)])
def test_worlds_in_a_row_give_the_last_unseen_card_each_card_in_turn(name: str, seats: int) -> None:
    v, obs = _first(name, seats, 1, open_=True)
    seen = {*obs.my_dealt, obs.turned, *(p.card for p in obs.current.table)}
    for _s, cards in (*obs.partner_cards, *obs.deal_seen):
        seen.update(cards)
    unseen = [c for c in v.deck.cards if c not in seen]
    cards = _last_cards(v, obs, range(100, 100 + len(unseen)))
    assert len(cards) >= len(unseen) // 2  # the rest do not fit what the seat saw
    assert len(set(cards)) == len(cards)  # one world a card: none drawn twice
    assert not set(cards) & set(obs.my_dealt)
    # the next run of strata draws the same cards again, in the same order
    assert _last_cards(v, obs, range(100 + len(unseen), 100 + 2 * len(unseen)))[:3] == cards[:3]


@pytest.mark.parametrize(("name", "seats"), [("paulista", 2), ("argentine-blog", 4)])
def test_a_stratum_changes_nothing_where_no_card_is_the_last_unseen(name: str, seats: int) -> None:
    v, obs = _first(name, seats, 1, open_=False)
    for k in range(6):
        plain = weighted_world(v, obs, random.Random(k), model=_MODEL, fit_plays=False)
        strat = weighted_world(v, obs, random.Random(k), model=_MODEL, fit_plays=False, stratum=k)
        assert (plain is None) == (strat is None)
        if plain is not None and strat is not None:
            assert plain[0].hand is not None and strat[0].hand is not None
            assert plain[0].hand.dealt == strat[0].hand.dealt and plain[1] == strat[1]
