"""The deck and ranking hooks: the cards in play and how they are written, a seeded shuffle,
and each card's trick strength (RULES §0.2, §1.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.cards import DECK, SPANISH, Card, Notation
from ..core.errors import InvalidOption, InvalidOptionType, ProtocolError, shown

__all__ = [
    "Deck",
    "DeckRule",
    "FixedRanking",
    "Ranking",
    "check_ranking",
    "check_strengths",
    "is_card_order",
    "shuffle_cards",
    "strength_groups",
]

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


def is_card_order(value: object) -> bool:
    """Whether ``value`` is a tuple (or list) of Cards, each once: what a deck holds and
    what its ``shuffled`` gives a deal (the count is checked where it is known)."""
    return (
        isinstance(value, (tuple, list))
        and all(type(c) is Card for c in value)
        and len(set(value)) == len(value)
    )


def _as_tuple(value: Any) -> Any:
    """A list as the tuple of its items (a frozen hook holds tuples); anything else as it
    is, for the validator to judge."""
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class DeckRule:
    """A fixed deck: the cards in play and how they are written."""

    notation: Notation = attrs.field(default=SPANISH)
    cards: tuple[Card, ...] = attrs.field(default=DECK, converter=_as_tuple)

    @notation.validator
    def _check_notation(self, _a: Any, value: object) -> None:
        if not isinstance(value, Notation):
            raise InvalidOptionType("deck.notation", value, "a Notation", "a Notation")

    @cards.validator
    def _check_cards(self, _a: Any, value: object) -> None:
        allowed = "a tuple of distinct Cards (the variant checks there are enough to deal)"
        if type(value) is not tuple or not all(type(c) is Card for c in value):
            raise InvalidOptionType("deck.cards", value, allowed, "a tuple of Cards")
        if not value or not is_card_order(value):
            raise InvalidOption("deck.cards", value, allowed)

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
        allowed = "a tuple of 40 ints: each card a strength >= 1"
        if type(value) is not tuple or not all(type(x) is int for x in value):
            raise InvalidOptionType("ranking.table", value, allowed, "a tuple of ints")
        if not _strength_table(value):
            raise InvalidOption("ranking.table", value, allowed)

    @classmethod
    def from_ranks(
        cls, by_rank: Mapping[int, int], special: Mapping[Card, int] = {}
    ) -> FixedRanking:
        """Strength by rank, with some cards given their own strength."""
        return cls(tuple(special.get(c, by_rank[c.rank]) for c in DECK))

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        """The fixed table, whatever card is turned up."""
        return self.table


def _strength_table(table: object) -> bool:
    return (
        type(table) is tuple
        and len(table) == 40
        and all(type(x) is int and x >= 1 for x in table)
    )


_CHECKED: set[tuple[object, tuple[Card, ...]]] = set()
"""Rankings already found sound with a deck (hooks are immutable): a variant is built again
with every change of options."""


def check_ranking(ranking: Ranking, cards: tuple[Card, ...]) -> None:
    """Raise :class:`~truco_rules.core.errors.ProtocolError` unless ``ranking`` gives a
    table of 40 ints, each 1 or more, with no card turned up and (if it follows one) with
    each card of ``cards`` turned up: the kernel reads strengths by card index and takes 0
    for a card played face down."""
    try:
        key: tuple[object, tuple[Card, ...]] | None = (ranking, cards)
        if key in _CHECKED:
            return
    except TypeError:  # an unhashable hook is checked every time
        key = None
    turned_up = ranking.turns_up_card
    for turned in (None, *cards) if turned_up else (None,):
        try:
            table = ranking.strengths(turned, cards)
        except Exception as exc:
            raise ProtocolError(
                "ranking", "strengths", f"raised {type(exc).__name__}: {exc}"
            ) from exc
        check_strengths(table, turned)
    if key is not None and len(_CHECKED) < 256:
        _CHECKED.add(key)


def check_strengths(table: object, turned: Card | None) -> None:
    """Refuse, with :class:`~truco_rules.core.errors.ProtocolError`, a ``table`` that is not
    what a ranking's ``strengths()`` owes the kernel (a tuple of 40 ints, each 1 or more): asked as
    the variant is built, and of a ranking from outside the library at every contest, whose
    answer may change (``turned``: the card turned up, for the message)."""
    if not _strength_table(table):
        raise ProtocolError(
            "ranking",
            "strengths",
            f"gave {shown(table)} with {turned or 'no card'} turned up, not a tuple of "
            "40 ints each 1 or more (one per card, by Card.index)",
        )


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
