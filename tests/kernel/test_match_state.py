"""A match is its state (RULES §1.1): equal matches are in the same state, a hand's key is its
whole state, and the markers of a chance node and of a finished match are distinct."""

from __future__ import annotations

import pytest
from conftest import scenario

import truco_rules as tr

SIN = "argentine-sin-flor"


E33 = "7E 6E 3B"  # envido 33, no flor


E4 = "4C 12O 10B"  # envido 4


def test_s1_1_different_states_are_different_matches() -> None:
    """RULES §1.1: a match is its state; two matches are equal only in the same state (the
    same deal, the same actions), and a copy stays equal until one of them moves on."""
    m = scenario(SIN, [E33, E4])
    other = scenario(SIN, [E4, E33])
    assert m != other
    c = m.copy()
    assert c == m and hash(c) == hash(m)
    c.apply("play 7E", 0)
    assert c != m


def test_s1_1_a_finished_match_is_terminal_not_chance() -> None:
    """RULES §1.1 / §2.8.3 (DESIGN: current_player() is a seat, CHANCE or TERMINAL): the
    two markers are distinct negative numbers, so a finished match is never mistaken for
    one waiting for a deal."""
    assert tr.TERMINAL < 0 and tr.CHANCE < 0 and tr.TERMINAL != tr.CHANCE
    m = scenario(SIN, [E33, E4], ["0:play 7E", "1:mazo"], scores=(29, 0))
    assert m.is_over() and not m.is_chance_node()
    assert m.current_player() == tr.TERMINAL
    assert m.current_player() != tr.CHANCE


def test_s1_1_a_hand_key_is_its_state() -> None:
    """RULES §1.1 (a contest is its state): Hand.key() is the whole state of the hand as one
    value: equal for a copy, different once a card is played."""
    m = scenario(SIN, [E33, E4])
    assert m.hand is not None
    before = m.hand.key()
    assert isinstance(before, tuple) and before == m.hand.copy().key()
    m.apply("play 7E", 0)
    assert m.hand.key() != before


def test_a_deal_or_discard_with_stray_fields_is_illegal_and_changes_nothing() -> None:
    """DESIGN §3: only the legal actions are applied; a deal or a gallo's discard written
    with a field its verb does not have (face down, a position, a card under) is refused,
    so every match apply() accepts replays from its record."""
    import attrs

    v = tr.get_variant("argentine")
    m = v.new_match(2)  # dealt by chance actions
    for stray in ({"down": True}, {"number": 3}, {"under": v.card("1E")}):
        before = m.copy()
        with pytest.raises(tr.IllegalAction):
            m.apply(tr.Action("deal", v.card("7O"), **stray))  # type: ignore[arg-type]
        assert m == before
    m.apply("deal 7O")
    assert tr.Match.from_json(m.to_json()) == m
    g = v.new_match(3, seed=5)  # the gallo discards his fourth card first
    before = g.copy()
    with pytest.raises(tr.IllegalAction):
        g.apply(attrs.evolve(g.legal_actions()[0], down=True))
    assert g == before
