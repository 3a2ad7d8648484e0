"""Property-based invariants over every registered variant, seat count and option combination.

The invariants (see docs): the cards of a deal are distinct and none is lost; every hand ends
within a bound of actions and every match ends; scores change only by the points awarded;
replay and JSON / text round-trips are identities; every action that is not legal is rejected
and changes nothing.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.actions import BASE_VERBS, Action
from truco_rules.testing import matches, variants

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hand_bound(seats: int) -> int:
    """Most actions one hand can take: 3 cards each, 3 calls and answers, an envido chain,
    statements, a flor exchange and the deck (generous)."""
    return 12 + 6 * seats


def vocabulary(v: tr.Variant) -> list[Action]:
    """Every action text the library knows, for a variant."""
    acts = [Action.play(c, d) for c in tr.DECK for d in (False, True)]
    acts += [Action.deal(c) for c in tr.DECK]
    acts += [Action.call(n) for n in (*BASE_VERBS, *v.ladder.names)]
    acts += [Action.declare(n) for n in range(0, 40)]
    return acts


def check_cards(m: tr.Match) -> None:
    h = m.hand
    if h is None:
        return
    dealt = [c for d in h.dealt for c in d]
    assert len(dealt) == 3 * m.seats
    assert len(set(dealt)) == len(dealt), "a card was dealt twice"
    assert set(dealt) <= set(m.variant.deck.cards)
    if m.turned is not None:
        assert m.turned not in dealt
    for s in h.order:
        played = [c for _t, p, c, _d in h.plays if p == s]
        assert sorted(h.cards[s] + played) == sorted(h.dealt[s]), f"seat {s} lost or gained a card"


@SETTINGS
@given(v=variants(), data=st.data())
def test_random_play_keeps_every_invariant(v: tr.Variant, data: st.DataObject) -> None:
    seats = data.draw(st.sampled_from(v.seat_counts))
    m = v.new_match(seats, seed=data.draw(st.integers(0, 2**31 - 1)))
    rng = random.Random(data.draw(st.integers(0, 2**31 - 1)))
    individual = m.player_scores is not None  # gallo: one score per player (RULES §2.12.2)
    expected = list(m.player_scores) if m.player_scores is not None else list(m.score)
    def chicos_now() -> list[int]:
        return list(m.player_chicos) if m.player_chicos is not None else list(m.chicos)

    chicos = chicos_now()
    seen_hands = 0
    steps = 0
    hand_actions = 0
    while not m.is_over():
        check_cards(m)
        legal = m.legal_actions()
        assert legal, "a live state has legal actions"
        before = list(m.player_scores) if m.player_scores is not None else list(m.score)
        m.apply(legal[rng.randrange(len(legal))])
        steps += 1
        hand_actions += 1
        assert steps < 5000, "the match does not end"
        for h in m.history[seen_hands:]:
            assert h.actions <= hand_bound(seats)
            assert h.points == (
                sum(p for t, p, _ in h.events if t == 0),
                sum(p for t, p, _ in h.events if t == 1),
            ), "a hand's points are exactly its awards"
            if individual:
                expected = [e + h.points[h.sides[s]] for s, e in enumerate(expected)]
            else:
                expected = [expected[0] + h.points[0], expected[1] + h.points[1]]
            hand_actions = 0
        seen_hands = len(m.history)
        if chicos_now() != chicos:
            chicos = chicos_now()
            if not m.is_over():
                expected = [0] * len(expected)
                continue
        now = list(m.player_scores) if m.player_scores is not None else list(m.score)
        assert now == expected
        assert all(a >= b for a, b in zip(now, before, strict=True)), "scores never decrease"
    assert m.current_player() == tr.TERMINAL
    assert m.winner() in (0, 1)
    assert m.chicos[m.winner()] == v.match.chicos_to_win
    assert m.legal_actions() == []


@SETTINGS
@given(m=matches())
def test_replay_and_round_trips_are_identities(m: tr.Match) -> None:
    text = m.to_json()
    again = tr.Match.from_json(text)
    assert again == m
    assert again.to_json() == text
    assert tr.Match.from_text(m.to_text()) == m
    assert m.copy() == m


@SETTINGS
@given(m=matches(seeded=False, max_actions=60))
def test_chance_dealt_matches_replay(m: tr.Match) -> None:
    assert tr.Match.from_json(m.to_json()) == m


@settings(max_examples=25, deadline=None)
@given(m=matches(max_actions=80))
def test_every_illegal_action_is_rejected_and_changes_nothing(m: tr.Match) -> None:
    if m.is_over():
        return
    seat = m.current_player()
    legal = m.legal_actions()
    key = m.key()
    for act in vocabulary(m.variant):
        if act in legal:
            continue
        try:
            m.apply(act)
        except tr.TrucoError:
            pass
        else:
            raise AssertionError(f"{act} was accepted but is not legal")
        assert m.key() == key, f"rejecting {act} changed the state"
    # a seat with nothing to do is told it is not its turn
    for other in range(m.seats):
        if other != seat and not m.legal_actions(other):
            try:
                m.apply(legal[0], other)
            except tr.WrongPlayer:
                pass
            else:
                raise AssertionError("an action by a seat with no legal action was accepted")
            assert m.key() == key


@SETTINGS
@given(m=matches(max_actions=120))
def test_legal_actions_all_apply(m: tr.Match) -> None:
    if m.is_over():
        return
    legal = m.legal_actions()
    assert len(set(legal)) == len(legal), "legal actions are distinct"
    assert legal == m.copy().legal_actions(), "legal actions come in a fixed order"
    for act in legal:
        c = m.copy()
        c.apply(act)
    assert m.legal_actions() == legal


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), seats=st.sampled_from((2, 4)))
def test_same_seed_same_deal(seed: int, seats: int) -> None:
    v = tr.get_variant("argentine")
    a, b = v.new_match(seats, seed=seed), v.new_match(seats, seed=seed)
    assert a == b
    assert a.hand is not None and b.hand is not None
    assert a.hand.dealt == b.hand.dealt


@SETTINGS
@given(v=variants(), data=st.data())
def test_any_seat_acting_out_of_turn_keeps_the_invariants(
    v: tr.Variant, data: st.DataObject
) -> None:
    """Every seat's legal actions are explored, not only the seat to act: partners answering,
    out-of-turn calls (truco_call_timing='any_time'), manual flor sung out of turn."""
    seats = data.draw(st.sampled_from(v.seat_counts))
    m = v.new_match(seats, seed=data.draw(st.integers(0, 2**31 - 1)))
    rng = random.Random(data.draw(st.integers(0, 2**31 - 1)))
    steps = 0
    while not m.is_over():
        check_cards(m)
        choices = [(s, a) for s in range(seats) for a in m.legal_actions(s)]
        if m.is_chance_node():
            choices = [(tr.CHANCE, a) for a in m.legal_actions()]
        assert choices, "a live state has legal actions"
        seat, act = choices[rng.randrange(len(choices))]
        # per player with individual scores (gallo, RULES §2.12.2), else per side
        before = list(m.player_scores) if m.player_scores is not None else list(m.score)
        chicos = list(m.player_chicos) if m.player_chicos is not None else list(m.chicos)
        m.apply(act, seat)
        steps += 1
        assert steps < 5000
        if m.history and m.history[-1].actions > hand_bound(seats):
            raise AssertionError("a hand went past the action bound")
        after = list(m.player_scores) if m.player_scores is not None else list(m.score)
        same_chico = chicos == (
            list(m.player_chicos) if m.player_chicos is not None else list(m.chicos)
        )
        if same_chico:  # within a chico scores never decrease
            assert all(a >= b for a, b in zip(after, before, strict=True))
        # the record replays even with out-of-turn actions in it
        if steps % 25 == 0:
            assert tr.Match.from_json(m.to_json()) == m
    assert tr.Match.from_json(m.to_json()) == m
