"""What a value hook may know of the deal: :class:`HandContext` (docs/architecture.md).

The side-bet hooks compute a player's envido and flor from his three cards. Some regions count
them differently depending on the deal: a card turned face up after the deal may make some
cards wild (the Uruguayan *muestra*), or the score may matter. The kernel therefore hands the
value hooks (:meth:`EnvidoRules.points_in`, :meth:`EnvidoRules.proof_in`,
:meth:`FlorRules.points_in`) a context; the stock hooks ignore it.
"""

from __future__ import annotations

import attrs

from .cards import Card
from .errors import InvalidType

__all__ = ["NO_CONTEXT", "HandContext", "as_context"]


@attrs.frozen
class HandContext:
    """The deal around a player's cards, as the value hooks see it.

    Every field has a default, so ``HandContext()`` means "no deal known": no turned card,
    seat 0 of 2, scores 0-0 (what :meth:`truco_rules.Variant.envido_points` assumes when it is
    given no context).
    """

    turned: Card | None = None
    """The card turned face up after the deal (a vira, a muestra), or ``None``."""
    seats: int = 2
    """How many seats the match has."""
    seat: int = 0
    """The seat whose cards are being valued."""
    scores: tuple[int, ...] = (0, 0)
    """The two sides' scores before the contest."""


NO_CONTEXT = HandContext()
"""The context of three cards valued on their own (no deal known)."""


def as_context(context: HandContext | None) -> HandContext:
    """``context``, or :data:`NO_CONTEXT` for ``None``; anything else is an
    :class:`~truco_rules.core.errors.InvalidType`."""
    if context is None:
        return NO_CONTEXT
    if not isinstance(context, HandContext):
        raise InvalidType("context", "a HandContext or None", context)
    return context
