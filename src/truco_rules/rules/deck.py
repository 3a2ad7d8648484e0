"""The deck and ranking hooks: the cards in play and how they are written, a seeded shuffle,
and each card's trick strength (RULES §0.2, §1.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.cards import DECK, SPANISH, Card, Notation

__all__ = ["Deck", "DeckRule", "FixedRanking", "Ranking", "shuffle_cards", "strength_groups"]

# ---------------------------------------------------------------------------------------------
# Deck and ranking
# ---------------------------------------------------------------------------------------------


def shuffle_cards(
    cards: Sequence[Card], rng: random.Random, needed: int | None = None
) -> list[Card]:
    """``cards`` in a random order; only the first ``needed`` positions are drawn.

    A Fisher-Yates shuffle driven by ``rng.random()`` alone, so a seed gives the same deal
    on every Python version (``random.shuffle``'s internals are not part of that promise).
    """
    order = list(cards)
    n = len(order)
    rand = rng.random
    for i in range(n - 1 if needed is None else min(needed, n - 1)):
        j = i + int(rand() * (n - i))
        order[i], order[j] = order[j], order[i]
    return order


@runtime_checkable
class Deck(Protocol):
    """The cards in play and how they are written."""

    @property
    def notation(self) -> Notation:
        """How cards are read and written."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play, in canonical order (a subset of the 40 identities)."""
        ...

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[Card]:
        """The cards in a random order; only the first ``needed`` positions are drawn."""
        ...


@attrs.frozen
class DeckRule:
    """A fixed deck: the cards in play and how they are written."""

    notation: Notation = SPANISH
    cards: tuple[Card, ...] = DECK

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[Card]:
        """The cards in a random order (see :func:`shuffle_cards`)."""
        return shuffle_cards(self.cards, rng, needed)


@runtime_checkable
class Ranking(Protocol):
    """Trick strength of each card. Higher wins; equal strengths tie; face-down cards are 0."""

    @property
    def turns_up_card(self) -> bool:
        """Whether a card is turned face up after the deal (and strengths depend on it)."""
        ...

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        """Strength of every card, indexed by :attr:`Card.index` (40 entries, all >= 1).

        ``deck`` is the cards in play: a ranking that follows a turned-up card may need to
        know which ranks the deck holds (a 24-card deck skips ranks in a cycle)."""
        ...


@attrs.frozen
class FixedRanking:
    """A ranking that does not depend on any turned-up card: one table for the whole game."""

    table: tuple[int, ...] = attrs.field(repr=False)
    turns_up_card: bool = False

    @table.validator
    def _check(self, _a: Any, value: tuple[int, ...]) -> None:
        if len(value) != 40 or min(value) < 1:
            raise ValueError("a ranking gives each of the 40 cards a strength >= 1")

    @classmethod
    def from_ranks(
        cls, by_rank: Mapping[int, int], special: Mapping[Card, int] = {}
    ) -> FixedRanking:
        """Strength by rank, with some cards given their own strength."""
        return cls(tuple(special.get(c, by_rank[c.rank]) for c in DECK))

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        return self.table


def strength_groups(
    ranking: Ranking, deck: Sequence[Card], turned: Card | None = None
) -> list[list[Card]]:
    """The cards of ``deck`` grouped by equal trick strength, strongest group first (the
    turned card, if any, left out): the ranking as players say it."""
    table = ranking.strengths(turned, deck)
    by: dict[int, list[Card]] = {}
    for c in deck:
        if c != turned:
            by.setdefault(table[c.index], []).append(c)
    return [by[k] for k in sorted(by, reverse=True)]
