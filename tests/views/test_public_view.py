"""The public view of a match (DESIGN §4 "Information"): what a spectator holding no cards may
see, for a server that streams tables to people watching them (issue 23)."""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.testing import cards_seen, check_observation_hides, hidden_swaps
from truco_rules.views.public_view import SPECTATOR, public_observation

TABLES = [(name, n) for name in tr.variant_names() for n in tr.get_variant(name).seat_counts]
PUBLIC_FIELDS = (
    "seats", "variant", "scores", "score_text", "chicos", "hand_no", "mano", "mano_side",
    "current_player", "phase", "turned", "stake", "pending_call", "pending_caller",
    "raise_team", "special", "player_scores", "notation", "sides", "contests", "contest",
)  # fmt: skip


def _random_positions(name: str, seats: int, matches: int, seed: int) -> list[tr.Match]:
    """Copies of random matches at every step."""
    v = tr.get_variant(name)
    rng = random.Random(seed)
    out: list[tr.Match] = []
    for k in range(matches):
        m = v.new_match(seats=seats, seed=seed * 1000 + k)
        out.append(m.copy())
        while not m.is_over():
            m.apply(rng.choice(m.legal_actions()))
            out.append(m.copy())
    return out


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_a_spectator_sees_only_what_every_seat_sees(name: str, seats: int) -> None:
    """DESIGN §4: every card of the public view is in every seat's observation, the public
    view holds no card of its own and no legal action, and its public facts are the seats'."""
    for m in _random_positions(name, seats, 6, seed=seats):
        pub = m.public_observation()
        assert pub == public_observation(m)
        assert (pub.seat, pub.team) == (SPECTATOR, SPECTATOR)
        assert pub.my_cards == pub.my_dealt == pub.legal_actions == pub.partner_cards == ()
        assert all(card is None for _s, card in pub.discards)
        seen = cards_seen(pub)
        for seat in range(seats):
            obs = m.observation(seat)
            assert seen <= cards_seen(obs), (seat, seen - cards_seen(obs), m.to_json())
            for field in PUBLIC_FIELDS:
                assert getattr(pub, field) == getattr(obs, field), field
            assert pub.current.tricks == obs.current.tricks
            assert pub.current.envido_chain == obs.current.envido_chain
            assert len(pub.current.public_log) == len(obs.current.public_log)
        assert pub.to_dict()["seat"] == SPECTATOR


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_public_view_does_not_depend_on_hidden_cards(name: str, seats: int) -> None:
    """DESIGN §4: a deal that differs only in cards a seat cannot see gives the same public
    view (the kit's swaps keep everything that seat sees, a fortiori what nobody holds)."""
    rng = random.Random(7)
    checked = 0
    for m in _random_positions(name, seats, 3, seed=11 + seats)[1::5]:
        if m.is_over():
            continue
        seat = rng.randrange(seats)
        swaps = hidden_swaps(m, seat)
        if not swaps:
            continue
        other = check_observation_hides(m, seat, rng.sample(swaps, min(3, len(swaps))))
        assert other.public_observation() == m.public_observation()
        checked += 1
    assert checked > 0


def test_a_face_down_card_is_hidden_from_the_spectator() -> None:
    """RULES §2.9 and DESIGN §4: a card played face down is known only to its owner."""
    v = tr.get_variant("argentine")
    m = v.new_match(seats=2, seed=3)
    while True:
        downs = [a for a in m.legal_action_texts() if a.endswith(" down")]
        if downs:
            break
        m.apply(next(a for a in m.legal_action_texts() if a.startswith("play")))
    seat = m.current_player()
    m.apply(downs[0])
    card = v.card(downs[0].split()[1])
    played = [p for p in m.public_observation().current.table if p.seat == seat and p.down]
    assert played and played[-1].card is None
    assert card not in cards_seen(m.public_observation())
    assert card in cards_seen(m.observation(seat))
    assert card not in cards_seen(m.observation(1 - seat))


def test_between_deals_the_public_view_is_empty_of_cards() -> None:
    """A finished match: the public view still shows the score and the last contest's
    public record, and every card in it is one every seat saw."""
    v = tr.get_variant("paulista")
    m = v.new_match(seats=4, seed=5)
    rng = random.Random(5)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    pub = m.public_observation()
    assert pub.phase == "over" and pub.scores == m.score
    assert pub.previous is not None
    assert cards_seen(pub) <= set.intersection(*(cards_seen(m.observation(s)) for s in range(4)))
