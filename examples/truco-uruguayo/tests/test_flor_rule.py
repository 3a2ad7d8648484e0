"""R4 on every flor holding a pieza: the variant's flor value against the rule as published
(README "Sources"), computed here from the rule's words alone, under every muestra.

The rule: the piezas are the 2, 4, 5, 11 and 10 of the muestra's suit (the 12 of the suit
stands in for a turned pieza and counts as it); they are worth 30, 29, 28, 27 and 27. A hand
is a flor when its cards other than piezas share one suit. A flor with piezas counts the
highest pieza's full value, only the last digit of every other pieza's value, and the usual
value (1-7 at face, figures 0) of a card that is not a pieza; a flor without, 20 plus the
three usual values.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from truco_rules.core.cards import DECK, Card
from truco_rules.hooks import HandContext

from truco_uruguayo import URUGUAYO

V = URUGUAYO
WORTH = {2: 30, 4: 29, 5: 28, 11: 27, 10: 27}


def rule_piezas(muestra: Card) -> dict[Card, int]:
    """Each pieza under ``muestra`` and what it is worth."""
    out = {}
    for rank, worth in WORTH.items():
        card = Card.of(rank, muestra.suit)
        out[Card.of(12, muestra.suit) if card == muestra else card] = worth
    return out


def rule_flor(hand: tuple[Card, ...], muestra: Card) -> int | None:
    """The flor value of ``hand`` by the rule's words; ``None`` if it is no flor."""
    worth = rule_piezas(muestra)
    held = sorted((worth[c] for c in hand if c in worth), reverse=True)
    others = [c for c in hand if c not in worth]
    if len({c.suit for c in others}) > 1:
        return None
    face = sum(c.rank if c.rank <= 7 else 0 for c in others)
    if not held:
        return 20 + face
    return held[0] + sum(w % 10 for w in held[1:]) + face


def pieza_hands(muestra: Card) -> list[tuple[Card, ...]]:
    """Every hand of three cards (the muestra left out) holding at least one pieza."""
    worth = rule_piezas(muestra)
    rest = [c for c in DECK if c != muestra and c not in worth]
    out: list[tuple[Card, ...]] = []
    for k in (1, 2, 3):
        for pz in combinations(sorted(worth, key=lambda c: c.index), k):
            out += [(*pz, *more) for more in combinations(rest, 3 - k)]
    return out


@pytest.mark.parametrize("muestra", DECK, ids=[V.format_card(c) for c in DECK])
def test_every_pieza_flor_is_valued_by_the_rule(muestra: Card) -> None:
    """R4 under this muestra: every hand with a pieza is a flor exactly when the rule says so,
    worth what the rule says, whatever the order of its cards."""
    context = HandContext(turned=muestra)
    flor = V.flor
    assert flor is not None
    hands = pieza_hands(muestra)
    assert len(hands) == 5 * 561 + 10 * 34 + 10  # one, two or three of the five piezas
    several = 0
    for hand in hands:
        expected = rule_flor(hand, muestra)
        assert flor.points_in(hand, context) == expected, (hand, muestra)
        if expected is not None:
            assert flor.points_in(hand[::-1], context) == expected
        several += expected is not None and sum(c in rule_piezas(muestra) for c in hand) > 1
    assert several == 10 * 34 + 10  # two or three piezas: always a flor


def test_the_rule_reads_the_issue_examples() -> None:
    """The oracle itself, on issue 24's worked examples (41, 40, 44)."""
    for hand, muestra, value in [
        ("4C 5E 4E", "3E", 41),
        ("10E 11E 6B", "7E", 40),
        ("12E 4E 11E", "5E", 44),
    ]:
        assert rule_flor(tuple(V.cards(hand)), V.card(muestra)) == value
