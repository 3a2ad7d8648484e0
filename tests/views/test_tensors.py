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


def test_the_sizes_check_their_variant_and_seats() -> None:
    """observation_size, information_size and phase_names took a variant's name to an
    AttributeError, and gave sizes for 0, -3 or 5 seats, which no table of the variant has
    (call_names alone checked its argument)."""
    from truco_rules.views.tensors import (
        call_names,
        information_size,
        observation_size,
        phase_names,
    )

    v = tr.get_variant("argentine")
    for size in (observation_size, information_size):
        with pytest.raises(tr.InvalidType, match="variant"):
            size("argentine", 2)  # type: ignore[arg-type]
        for seats in (0, -3, 5):
            with pytest.raises(tr.UnsupportedSeats):
                size(v, seats)
        with pytest.raises(tr.InvalidType, match="seats"):
            size(v, "2")  # type: ignore[arg-type]
    for names in (phase_names, call_names):
        with pytest.raises(tr.InvalidType, match="variant"):
            names("argentine")  # type: ignore[arg-type]
    assert observation_size(v, 2) < information_size(v, 2)


def test_a_face_up_card_gathered_since_is_not_rendered_as_face_down() -> None:
    """docs/architecture.md, "Information": with ``played_cards_visible=False`` a finished
    trick's cards are gathered; ``render()`` wrote a face-up card gathered since as
    "(down)", where the observation (``down=False``) and its log ("play (gathered)") say
    it fell face up. ``observation_string`` checks its ``fmt`` as ``render`` does."""
    from truco_rules.views.infostate import observation_string

    v = tr.get_variant("argentine").with_options(played_cards_visible=False)
    m = v.new_match(seats=2, seed=10)
    for a in ["play 3E", "play 6O", "play 1C"]:  # trick 1 finished: face up, then gathered
        m.apply(a)
    o = m.observation(1)
    first = next(p for p in o.current.table if p.trick == 0 and p.seat == 0)
    assert first.card is None and not first.down
    line = next(x for x in o.render().splitlines() if x.startswith("trick 1"))
    assert "seat 0: (gathered)" in line and "(down)" not in line
    with pytest.raises(tr.InvalidType, match="fmt"):
        observation_string(o, 5)  # type: ignore[arg-type]


def test_the_features_refuse_another_variant_s_observation() -> None:
    """An observation's features read with another variant's rules were silently other
    numbers (its deck, ladder and calls)."""
    from truco_rules.views.tensors import information_features, observation_features

    m = tr.get_variant("paulista").new_match(2, seed=1)
    obs = m.observation(0)
    for features in (observation_features, information_features):
        with pytest.raises(tr.InvalidOption, match="paulista"):
            features(obs, tr.get_variant("mineiro"))
        assert len(features(obs, m.variant)) > 0


def test_render_refuses_a_card_format_that_gives_no_text() -> None:
    """A ``fmt`` that takes no card, or gives no text, was a bare TypeError out of the
    lines being joined."""
    m = tr.get_variant("argentine").new_match(2, seed=1)
    obs = m.observation(0)
    for fmt in (lambda: "x", lambda c: 5):
        with pytest.raises(tr.InvalidType, match="fmt"):
            obs.render(fmt)  # type: ignore[arg-type]
    assert obs.render(str) == obs.render(str)
