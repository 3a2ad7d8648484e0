"""Differential test against pytruco (the Python engine of Uruguayan truco on the package
index, a test-only dependency pinned in ``pyproject.toml``): the flor of every hand holding
a pieza under every muestra, and the envido of hands without flor.

Where the two engines are known to differ, the test says so rather than skipping the case:
pytruco values a flor of three cards of a suit without any pieza as the plain sum of the
three cards, leaving out the 20 the flor adds (R4; pagat.com, Uruguayan Truco).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from truco_rules.core.cards import DECK, Card, Suit
from truco_rules.hooks import HandContext

from truco_uruguayo import URUGUAYO, piezas

pdt = pytest.importorskip(
    "pytruco.pdt",
    reason="pytruco is not installed: pip install -e 'examples/truco-uruguayo[test]'",
)
from pytruco.pdt.carta import Carta  # noqa: E402
from pytruco.pdt.manojo import Manojo  # noqa: E402

V = URUGUAYO
PALO = {Suit.ESPADAS: "espada", Suit.BASTOS: "basto", Suit.OROS: "oro", Suit.COPAS: "copa"}


def carta(card: Card) -> Any:
    return Carta(card.rank, PALO[card.suit])


def manojo(hand: tuple[Card, ...]) -> Any:
    m = Manojo(None)
    m.cartas = [carta(c) for c in hand]
    return m


def hands_with_a_pieza(muestra: Card) -> list[tuple[Card, ...]]:
    """Every hand (the muestra left out) with two or three piezas, and every 8th hand with
    one (tests/test_flor_rule.py checks them all against the rule; here the time goes to
    building pytruco's objects)."""
    pz = sorted(piezas(muestra), key=lambda c: c.index)
    rest = [c for c in DECK if c != muestra and c not in pz]
    one = [(p, *more) for p in pz for more in combinations(rest, 2)]
    return [
        *one[::8],
        *(
            (*held, *more)
            for k in (2, 3)
            for held in combinations(pz, k)
            for more in combinations(rest, 3 - k)
        ),
    ]


@pytest.mark.parametrize("muestra", DECK, ids=[V.format_card(c) for c in DECK])
def test_flor_with_piezas_agrees_with_pytruco(muestra: Card) -> None:
    """R4: every hand with two or three piezas (and a sample of those with one) is a flor in
    both engines or in neither, and worth the same (``Manojo.calc_flor``: the highest pieza in
    full, the last digit of the others)."""
    flor = V.flor
    assert flor is not None
    context = HandContext(turned=muestra)
    m = carta(muestra)
    for hand in hands_with_a_pieza(muestra):
        ours = flor.points_in(hand, context)
        theirs = int(manojo(hand).calc_flor(m))
        assert (-1 if ours is None else ours) == theirs, (hand, muestra)


def test_plain_flor_is_pytruco_plus_20() -> None:
    """R4: a flor of one suit without a pieza is 20 plus its three cards; pytruco leaves out
    the 20 (the one known difference)."""
    flor = V.flor
    assert flor is not None
    rng = random.Random(24)
    checked = 0
    for muestra in DECK:
        context = HandContext(turned=muestra)
        for suit in Suit:
            pz = piezas(muestra)
            cards = [c for c in DECK if c.suit == suit and c != muestra and c not in pz]
            trios = list(combinations(cards, 3))
            for hand in rng.sample(trios, min(5, len(trios))):
                theirs = int(manojo(hand).calc_flor(carta(muestra)))
                assert flor.points_in(hand, context) == theirs + 20
                checked += 1
    assert checked > 40 * 3 * 5


def test_envido_without_flor_agrees_with_pytruco() -> None:
    """R3: on random hands without flor (with and without a pieza) the envido is the same
    (``Manojo.calcular_envido``)."""
    envido = V.envido
    assert envido is not None and V.flor is not None
    rng = random.Random(2024)
    with_pieza = 0
    for _ in range(4000):
        muestra, *hand = rng.sample(DECK, 4)
        cards = tuple(hand)
        context = HandContext(turned=muestra)
        if V.flor.points_in(cards, context) is not None:
            continue
        ours = envido.points_in(cards, context)
        assert ours == int(manojo(cards).calcular_envido(carta(muestra))), (cards, muestra)
        with_pieza += any(c in piezas(muestra) for c in cards)
    assert with_pieza > 300
