"""A contest's card plays, asked for alone (:meth:`Hand.card_plays`): the ``play`` actions of
the legal list, in its order, at every state of every variant, table size and option set
(RULES §1.1: a player plays one of his cards on his turn); applied, they move the contest
exactly as the same action taken from the legal list; the list kept for them never stands
for another state, another seat or an action outside it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.actions import PLAY, Action
from truco_rules.errors import IllegalAction, WrongPlayer
from truco_rules.testing import variants

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _plays(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.verb == PLAY]


@SETTINGS
@given(v=variants(), data=st.data())
def test_card_plays_are_the_plays_of_the_legal_list(v: tr.Variant, data: st.DataObject) -> None:
    seats = data.draw(st.sampled_from(v.seat_counts))
    m = v.new_match(seats, seed=data.draw(st.integers(0, 2**31 - 1)))
    rng = random.Random(data.draw(st.integers(0, 2**31 - 1)))
    for _ in range(300):
        if m.is_over():
            break
        h = m.hand
        if h is not None and m.current_player() == h.turn:
            fresh = h.copy()  # nothing cached: the plays worked out alone
            plays = fresh.card_plays()
            assert plays == _plays(h.legal_actions())
            after = h.copy()  # the legal list cached first
            after.legal_actions()
            assert after.card_plays() == plays
            if plays:
                pick = rng.choice(plays)
                fresh.apply(pick, fresh.turn)  # recognised by identity, not checked again
                plain = h.copy()
                plain.apply(next(a for a in plain.legal_actions() if a == pick))
                assert fresh.key() == plain.key()
                # the next state's plays, not the last seat's kept ones
                assert fresh.card_plays() == _plays(fresh.legal_actions())
        legal = m.legal_actions()
        m.apply(rng.choice(legal))


@pytest.mark.parametrize("name", tr.variant_names())
def test_kept_card_plays_never_pass_an_action_the_rules_refuse(name: str) -> None:
    """With the card plays kept, a card the seat does not hold, or a play by a seat that
    is not to act, is still refused and changes nothing (RULES §1.1)."""
    v = tr.get_variant(name)
    m = v.new_match(4 if 4 in v.seat_counts else 2, seed=12)
    h = m.hand
    assert h is not None
    plays = h.card_plays()
    assert plays
    before = h.key()
    other = next(c for c in v.deck.cards if c not in h.cards[h.turn])
    with pytest.raises(IllegalAction):
        h.apply(Action.play(other), h.turn)
    nxt = next(s for s in h.order if s != h.turn)
    with pytest.raises((WrongPlayer, IllegalAction)):
        h.apply(plays[0], nxt)
    assert h.key() == before
    h.apply(plays[0])
    assert h.key() != before
