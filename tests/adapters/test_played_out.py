"""The reader's played-out contests (issue 28) are the contest played by its rule: where
only cards are left to play they are worked out on the cards alone
(:meth:`~truco_rules.contest.hand.Hand.tricks_alone`), and that gives the winner the contest
itself gives, played action by action, at every state of every variant, table size and
option set (RULES §1.2-§1.4: tricks, ties and who wins the hand).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.actions import PLAY
from truco_rules.agents.estimate import _settle_action, played_out
from truco_rules.contest.hand import PLAY as PH_PLAY
from truco_rules.contest.hand import Hand
from truco_rules.testing import variants

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _by_the_contest(hand: Hand, side: int) -> float:
    """The contest played action by action by the rule of the played-out contests."""
    h = hand.copy()
    for _ in range(64):
        if h.over:
            break
        seat = h.turn
        legal = h.legal_actions(seat)
        if not legal:
            break
        h.apply(_settle_action(h, seat, legal), seat)
    if h.hand_winner is None:
        return 0.5
    return 1.0 if h.hand_winner == side else 0.0


@SETTINGS
@given(v=variants(), data=st.data())
def test_played_out_gives_the_winner_the_contest_gives(v: tr.Variant, data: st.DataObject) -> None:
    seats = data.draw(st.sampled_from(v.seat_counts))
    m = v.new_match(seats, seed=data.draw(st.integers(0, 2**31 - 1)))
    rng = random.Random(data.draw(st.integers(0, 2**31 - 1)))
    alone = 0
    for _ in range(200):
        if m.is_over():
            break
        h = m.hand
        if h is not None and not h.over and m.current_player() == h.turn:
            before = h.key()
            alone += h.tricks_alone()
            for side in (0, 1):
                assert played_out(h, side) == _by_the_contest(h, side)
            assert h.key() == before  # the contest itself is not played
        legal = m.legal_actions()
        plays = [a for a in legal if a.verb == PLAY]
        m.apply(rng.choice(plays if plays and rng.random() < 0.8 else legal))


def test_most_states_of_a_plain_contest_are_worked_out_on_the_cards() -> None:
    """The shortcut is taken where it may be (else the test above proves nothing of it):
    in a played-out contest of every built-in variant, once the first trick is over."""
    for name in tr.variant_names():
        v = tr.get_variant(name)
        m = v.new_match(2, seed=3)
        rng = random.Random(3)
        seen = 0
        while not m.is_over() and m.hand_no < 3:
            h = m.hand
            if h is not None and not h.over and h.trick_play.trick_no >= 1 and h.phase == PH_PLAY:
                seen += h.tricks_alone()
            legal = m.legal_actions()
            plays = [a for a in legal if a.verb == PLAY]
            m.apply(rng.choice(plays or legal))
        assert seen >= 1, name
