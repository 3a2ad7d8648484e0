"""What a variant says of cards: the strength of one in a trick, the envido and flor of three.

:class:`CardScores` is part of :class:`~truco_rules.rules.variant.Variant` (as
:class:`~truco_rules.rules.action_space.ActionIds` is): it reads the variant's ranking, deck,
envido and flor hooks, and takes cards as text in the variant's notation or as
:class:`~truco_rules.core.cards.Card` objects.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Protocol, cast

from ..core.cards import BINARY, Card
from ..core.context import HandContext, as_context
from ..core.errors import InvalidType, ParseError, shown
from .deck import Deck, Ranking
from .envido import EnvidoRules
from .flor import FlorRules

__all__ = ["CardScores", "three_cards"]


class Scored(Protocol):
    """What :class:`CardScores` reads of the variant it is part of."""

    @property
    def deck(self) -> Deck: ...
    @property
    def ranking(self) -> Ranking: ...
    @property
    def envido(self) -> EnvidoRules | None: ...
    @property
    def flor(self) -> FlorRules | None: ...
    def card(self, text: str) -> Card: ...
    def cards(self, text: str | Iterable[str]) -> tuple[Card, ...]: ...


def three_cards(v: Scored, cards: str | Sequence[Card]) -> tuple[Card, ...]:
    """Three distinct cards, from text in ``v``'s notation or a sequence of Cards."""
    if isinstance(cards, str):
        parsed = v.cards(cards)
    elif isinstance(cards, Iterable) and not isinstance(cards, BINARY):
        parsed = tuple(itertools.islice(cards, 4))
    else:
        raise InvalidType("cards", "card text or a sequence of three Cards", cards)
    if len(parsed) != 3 or not all(type(c) is Card for c in parsed) or len(set(parsed)) < 3:
        raise ParseError(f"a hand is three distinct cards, not {shown(cards)}")
    return parsed


class CardScores:
    """The card readings of a :class:`~truco_rules.rules.variant.Variant` (see the module)."""

    __slots__ = ()

    def envido_points(
        self: Scored, cards: str | Sequence[Card], context: HandContext | None = None
    ) -> int | None:
        """Envido score of three cards in the deal ``context`` (none: the cards alone); ``None``
        without envido, or for a flor in a variant with flor: its envido is void (RULES §2.6.1)."""
        if self.envido is None:
            return None
        hand, ctx = three_cards(self, cards), as_context(context)
        if self.flor is not None and self.flor.points_in(hand, ctx) is not None:
            return None
        return self.envido.points_in(hand, ctx)

    def flor_points(
        self: Scored, cards: str | Sequence[Card], context: HandContext | None = None
    ) -> int | None:
        """Flor score of three cards in ``context`` (as for :meth:`envido_points`); else None."""
        fl = self.flor
        return None if fl is None else fl.points_in(three_cards(self, cards), as_context(context))

    def card_strength(self: Scored, card: Card | str, vira: Card | str | None = None) -> int:
        """Trick strength of a card face up (higher wins), given the turned card if any."""
        c = card if type(card) is Card else self.card(cast(str, card))
        v = vira if vira is None or type(vira) is Card else self.card(cast(str, vira))
        return self.ranking.strengths(v, self.deck.cards)[c.index]
