"""The numeric views of an observation (``truco_rules.tensors``) tell apart what a learner
must tell apart: two states of a seat with different legal actions never share their
features (DESIGN §4; the OpenSpiel and PettingZoo adapters hand these to learners)."""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.tensors import (
    call_names,
    information_features,
    information_size,
    observation_features,
    observation_size,
)

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts if s <= 4]


def test_an_envido_and_a_falta_envido_awaiting_an_answer_differ() -> None:
    """RULES §2.6: an envido may be raised, a falta envido only accepted or refused; the
    seat that answers sees which one it answers."""
    v = tr.get_variant("argentine-sin-flor")
    feats, legal = [], []
    for call in ("envido", "falta-envido"):
        m = v.new_match(2, seed=4, mano=0)
        m.apply(call)
        feats.append(information_features(m.observation(1), v))
        legal.append(m.legal_action_texts())
    assert legal[0] != legal[1]
    assert feats[0] != feats[1]
    assert "falta-envido" in call_names(v) and "envido" in call_names(v)


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_features_never_hide_a_difference_in_legal_actions(name: str, seats: int) -> None:
    """Random play: the seat to act's observation features determine its legal actions."""
    v = tr.get_variant(name)
    seen: dict[tuple[float, ...], tuple[str, ...]] = {}
    for seed in range(25):
        m = v.new_match(seats, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            if not m.is_chance_node():
                seat = m.current_player()
                key = tuple(observation_features(m.observation(seat), v))
                legal = tuple(m.legal_action_texts())
                assert seen.setdefault(key, legal) == legal, (seed, m.position())
            legal_now = m.legal_actions()
            m.apply(legal_now[int(rng.random() * len(legal_now))])


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_a_spectators_view_has_the_features_of_a_seat(name: str, seats: int) -> None:
    """The public observation (seat -1, DESIGN §4) is counted from seat 0: its features have
    the sizes of every seat's, and hold no card in hand (before, it raised IndexError)."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=2)
    rng = random.Random(2)
    for _ in range(6):
        if m.is_over():
            break
        public = m.public_observation()
        feats = observation_features(public, v)
        assert len(feats) == observation_size(v, seats)
        assert len(information_features(public, v)) == information_size(v, seats)
        assert not any(feats[: 2 * len(v.deck.cards)])  # no hand, no dealt cards
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
