"""The deal: how a hand's cards are ordered, drawn and summed up (RULES §2.3, §7.3).

:class:`HandSummary` is what a finished contest leaves in the match's history;
:func:`deal_order` builds the card order that deals given hands (for scenarios and tests);
the seeded helpers here make every deal reproducible from ``(seed, hand number)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .cards import Card
from .errors import InvalidType, ParseError, shown

if TYPE_CHECKING:
    from .variant import Variant

__all__ = ["MAX_SEED", "HandSummary", "check_arguments", "deal_order", "draw_for_deal", "hand_seed"]


@attrs.frozen
class HandSummary:
    """What one finished contest gave (kept in :attr:`Match.history`)."""

    hand_no: int
    contest: int
    mano: int
    mano_side: int
    dealt: tuple[tuple[Card, ...], ...]
    points: tuple[int, int]
    """Points each side scored in the contest."""
    events: tuple[tuple[int, int, str], ...]
    """(side, points, reason) in the order they were awarded."""
    winner: int | None
    """Side that won the tricks part (``None``: nobody, or the hand stopped early)."""
    end_reason: str
    tricks: tuple[int, ...]
    """Per trick: 0 mano's side, 1 the other side, -1 tied."""
    actions: int
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Cards shown to everyone at the end (envido proof, flores)."""
    special: str = ""
    """The special hand it was (``"one-side"``: hand of 11/10; ``"iron"``), or ``""``."""
    kind: str = ""
    """The format of the deal (:attr:`DealPlan.kind`), e.g. ``"pica-pica"``."""
    top_bet: bool = False
    """Whether the contest was won on an accepted top rung worth the whole target."""
    sides: tuple[int, ...] = ()
    """The side of every seat in this deal (sides may change from deal to deal: gallo)."""


def deal_order(
    variant: Variant,
    hands: Sequence[Sequence[Card] | str],
    mano: int = 0,
    turned: Card | str | None = None,
) -> tuple[Card, ...]:
    """The card order that deals ``hands[s]`` to seat ``s`` (and turns up ``turned``).

    Handy for scenarios: ``m = v.new_match(deals=[deal_order(v, ["1E 7E 3B", "4C 5C 6O"])])``.
    The rest of the deck follows in canonical order.
    """
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise InvalidType("hands", "a sequence of hands (card text or Cards), one per seat", hands)
    if not 1 <= len(hands) <= 8:
        raise ParseError(f"hands lists one hand per seat, not {len(hands)}")
    parsed = [variant._as_cards(h) for h in hands]
    n = len(parsed)
    if type(mano) is not int:
        raise InvalidType("mano", "an int", mano)
    if not 0 <= mano < n:
        raise ParseError(f"mano must be a seat from 0 to {n - 1}, not {shown(mano)}")
    order = [parsed[(mano + k) % n][k // n] for k in range(3 * n)]
    if turned is not None:
        if isinstance(turned, Card):
            order.append(turned)
        elif isinstance(turned, str):
            order.append(variant.card(turned))
        else:
            raise InvalidType("turned", "a Card, card text or None", turned)
    if len(set(order)) != len(order):
        raise ParseError("a card appears twice in the deal")
    used = set(order)
    return tuple(order) + tuple(c for c in variant.deck.cards if c not in used)


def draw_for_deal(
    variant: Variant, seats: int, seed: int
) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """Everyone draws a card; the highest deals; a tie for highest redraws among the tied
    (RULES §7.3). Returns the dealer and the draws ``(seat, card)`` in order."""
    deck = variant.deck.shuffled(random.Random(f"truco-rules/{seed}/draw"))
    strength = variant.ranking.strengths(None, variant.deck.cards)
    drawn: list[tuple[int, Card]] = []
    candidates = list(range(seats))
    while True:
        if len(deck) < len(candidates):  # tie after tie: gather and shuffle again
            deck = variant.deck.shuffled(random.Random(f"truco-rules/{seed}/draw/{len(drawn)}"))
        round_ = [(s, deck.pop()) for s in candidates]
        drawn += round_
        best = max(strength[c.index] for _s, c in round_)
        candidates = [s for s, c in round_ if strength[c.index] == best]
        if len(candidates) == 1:
            return candidates[0], tuple(drawn)


MAX_SEED = 2**64 - 1
"""The largest seed a match accepts (records keep seeds as JSON integers)."""


def check_arguments(
    seats: object, seed: object, deals: object, mano: object, scores: object, chicos: object
) -> None:
    """Types and ranges of :class:`Match`'s arguments that do not depend on the variant."""
    if type(seats) is not int:
        raise InvalidType("seats", "an int", seats)
    if seed is not None:
        if type(seed) is not int:
            raise InvalidType("seed", "an int or None", seed)
        if not 0 <= seed <= MAX_SEED:
            raise ParseError(f"seed must be an integer from 0 to 2**64-1, not {shown(seed)}")
    if deals is not None and (not isinstance(deals, Sequence) or isinstance(deals, str)):
        raise InvalidType("deals", "a sequence of card orders (text or Cards) or None", deals)
    if mano is not None and type(mano) is not int:
        raise InvalidType("mano", "an int or None", mano)
    for name, value in (("scores", scores), ("chicos", chicos)):
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise InvalidType(name, "a sequence of ints", value)
        if len(value) > 8 or any(type(x) is not int for x in value):
            raise ParseError(f"{name} must be a few non-negative ints, not {shown(value)}")


def hand_seed(seed: int, hand_no: int) -> random.Random:
    """The generator that shuffles hand ``hand_no`` of a match seeded ``seed``."""
    return random.Random(f"truco-rules/{seed}/{hand_no}")
