"""How likely a flor is at a whole table, counted exactly over disjoint hands.

A flor is taken to be three cards of one suit, in a deck of four suits of ten cards; a hand
may hold three cards (a flor when they share a suit) or four (a gallo's fourth card: a flor
when three of the four share a suit, which the player keeps). :func:`no_flor` is the one
entry point; :mod:`truco_rules.analysis.odds` checks that a variant's flor is that rule
before it uses it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from math import comb, factorial, prod

from ..core.arguments import integer
from ..core.errors import InvalidType, ParseError, shown

__all__ = ["no_flor"]


def _flor_picks(size: int, suits: int) -> list[tuple[tuple[int, int], ...]]:
    """How a hand of ``size`` cards (3 or 4) can hold three cards of one suit, as blocks of
    (suit, cards): three of a suit; or, with a fourth card, four of a suit, or three of one
    and one of another (the suit of three is then the hand's only one, so no hand counts
    twice)."""
    if size == 3:
        return [((s, 3),) for s in range(suits)]
    return [((s, 4),) for s in range(suits)] + [
        ((s, 3), (u, 1)) for s in range(suits) for u in range(suits) if u != s
    ]


def _flor_hands(sizes: Sequence[int], suits: int = 4, per_suit: int = 10) -> int:
    """Ways to deal disjoint hands of the given sizes (3 or 4 cards), in order, that each
    hold three cards of one suit."""
    total = 0
    for pick in itertools.product(*(_flor_picks(n, suits) for n in sizes)):
        blocks: list[list[int]] = [[] for _ in range(suits)]
        for hand in pick:
            for suit, cards in hand:
                blocks[suit].append(cards)
        ways = 1
        for taken in blocks:
            used = sum(taken)
            if used > per_suit:
                ways = 0
                break
            ways *= factorial(per_suit) // (
                prod(factorial(b) for b in taken) * factorial(per_suit - used)
            )
        total += ways
    return total


def _all_flores(sizes: Sequence[int], deck: int) -> Fraction:
    """Probability that given players with hands of these sizes all hold a flor."""
    if not sizes:
        return Fraction(1)
    hands = factorial(deck) // (prod(factorial(n) for n in sizes) * factorial(deck - sum(sizes)))
    return Fraction(_flor_hands(sizes), hands)


def no_flor(sizes: Sequence[int], deck: int) -> Fraction:
    """Probability that none of the players with hands of these sizes holds a flor
    (inclusion-exclusion over the players of 3 cards and those of 4): ``sizes`` are 3s
    and 4s, ``deck`` is 40 (four suits of ten)."""
    given: object = sizes
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise InvalidType("sizes", "a sequence of hand sizes (3 or 4)", sizes)
    sizes = [integer(n, "a hand size", "3 or 4") for n in sizes]
    if any(n not in (3, 4) for n in sizes):
        raise ParseError(f"hand sizes must be 3 or 4, not {shown(sizes)}")
    deck = integer(deck, "deck", "40 (cards)")
    if deck != 40:
        raise ParseError(f"the count is of the 40-card deck, not of a deck of {shown(deck)}")
    three, four = sizes.count(3), sizes.count(4)
    return sum(
        (
            Fraction((-1) ** (i + j) * comb(three, i) * comb(four, j))
            * _all_flores((3,) * i + (4,) * j, deck)
            for i in range(three + 1)
            for j in range(four + 1)
        ),
        Fraction(0),
    )
