"""Cards (RULES §0.2, §1.2): a card is one of the 40 identities, immutable, never equal to its
text, and every ranking table gives each card a strength above a face-down card's."""

from __future__ import annotations

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import FixedRanking

ARG = "argentine"


def test_s0_2_cards_are_immutable() -> None:
    """RULES §0.2: a card is one of the 40 identities; it cannot be changed into another (cards
    are shared by hands, decks and records, and hashed)."""
    card = tr.get_variant(ARG).card("7E")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = 1  # type: ignore[misc]
    assert str(card) == "7E"


def test_s0_2_a_card_is_never_equal_to_its_text() -> None:
    """RULES §0.2: '1E' is the notation of a card, not the card: comparing a Card with its
    text (either way round) is False, not None, and != is True."""
    card = tr.get_variant("argentine").card("1E")
    assert (card == "1E") is False
    assert ("1E" == card) is False  # noqa: SIM300 (the reflected comparison)
    assert (card != "1E") is True
    assert card.__eq__("1E") is NotImplemented
    assert (card == tr.get_variant("argentine").card("1E")) is True


def test_s0_2_there_is_one_object_per_card() -> None:
    """RULES §0.2: a card is one of the 40 identities, and there is one object for each: made
    by its constructor, parsed, copied, pickled or evolved, a card is the deck's own instance,
    so equality is identity and the hash is the card's index (the same set order every run)."""
    import copy
    import pickle

    from truco_rules.core.cards import DECK, Card, Suit

    seven = DECK[Card.of(7, Suit.OROS).index]
    made = [
        Card(7, Suit.OROS),
        Card(suit=Suit.OROS, rank=7),
        tr.SPANISH.parse("7O"),
        tr.FRENCH.parse("7d"),
        copy.copy(seven),
        copy.deepcopy(seven),
        attrs.evolve(DECK[0], rank=7, suit=Suit.OROS),
        *(pickle.loads(pickle.dumps(seven, protocol)) for protocol in range(2, 6)),
    ]
    assert all(card is seven for card in made)
    assert hash(seven) == seven.index and seven != DECK[0] and seven == made[0]
    assert [c.index for c in {*reversed(DECK)}] == list(range(40))
    with pytest.raises(tr.InvalidCard):
        Card(8, Suit.OROS)
    with pytest.raises(tr.InvalidType):
        Card(True, Suit.OROS)  # a bool is no rank, though it equals 1


def test_s1_2_a_ranking_strength_is_at_least_1() -> None:
    """RULES §1.2 / §2.9: a face-down card has strength 0, below every card, so a ranking
    table gives each of the 40 cards a strength of at least 1: a 0 is refused."""
    with pytest.raises(ValueError, match="strength >= 1"):
        FixedRanking(table=(0,) + (1,) * 39)
    assert FixedRanking(table=(1,) * 40).table[0] == 1
