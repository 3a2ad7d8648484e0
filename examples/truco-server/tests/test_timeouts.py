"""What a seat does when its turn timer runs out (README "Turn timers"), at every built-in
variant and seat count: always a legal action; with the default options, going to the deck
(``mazo``) on every turn where the seat could play a card."""

from __future__ import annotations

import random

import attrs
import pytest
import truco_rules as tr

from truco_server.bots import timeout_action

TABLES = [(name, n) for name in tr.variant_names() for n in tr.get_variant(name).seat_counts]


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_timeout_action_is_legal_and_goes_to_the_deck(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    rng = random.Random(name)
    could_play = 0
    for k in range(6):
        m = v.new_match(seats=seats, seed=k)
        while not m.is_over():
            seat = m.current_player()
            legal = m.legal_action_texts(seat)
            chosen = timeout_action(m, seat)
            assert chosen in legal
            if any(t.startswith("play ") for t in legal):
                could_play += 1
                assert chosen == "mazo", (legal, chosen)
            m.apply(rng.choice(m.legal_actions()))
    assert could_play > 0


class _NoDeck:
    """A match seen through observations without ``mazo`` (as a rule set that forbids
    going to the deck then would give them)."""

    def __init__(self, match: tr.Match) -> None:
        self.match = match
        self.variant = match.variant

    def observation(self, seat: int) -> tr.Observation:
        obs = self.match.observation(seat)
        return attrs.evolve(obs, legal_actions=tuple(t for t in obs.legal_actions if t != "mazo"))


@pytest.mark.parametrize("name", ["paulista", "argentine", "mineiro"])
def test_without_the_deck_the_lowest_card_is_played(name: str) -> None:
    """The next rule: the lowest card by the variant's trick strength (given the turned
    card), face up."""
    v = tr.get_variant(name)
    for k in range(5):
        m = v.new_match(seats=2, seed=k)
        seat = m.current_player()
        obs = m.observation(seat)
        lowest = min(v.card_strength(c, obs.turned) for c in obs.my_cards)
        chosen = timeout_action(_NoDeck(m), seat)  # type: ignore[arg-type]
        assert chosen in m.legal_action_texts(seat) and chosen.startswith("play ")
        assert v.card_strength(chosen.split()[1], obs.turned) == lowest
