"""Hypothesis strategies of cards, hands and card orders (deals), plain or biased towards
the hands the rules treat specially (suited hands for envido and flor, equal strengths for
tied tricks). :mod:`truco_rules.testing.strategies` gives them with the others.
"""

from __future__ import annotations

from hypothesis import strategies as st

from ..core.arguments import in_range
from ..core.cards import DECK, Card
from ..core.errors import InvalidOption, InvalidOptionType
from ..rules.registry import get_variant
from ..rules.variant import Variant

__all__ = ["VariantLike", "cards", "deals", "hands"]

VariantLike = str | Variant


def _variant(variant: VariantLike) -> Variant:
    return variant if isinstance(variant, Variant) else get_variant(variant)


def _deck(variant: VariantLike | None) -> tuple[Card, ...]:
    return DECK if variant is None else tuple(_variant(variant).deck.cards)


# ------------------------------------------------------------------------------ cards and deals
def cards(*, variant: VariantLike | None = None) -> st.SearchStrategy[Card]:
    """Any card of ``variant``'s deck (default: any of the 40 cards)."""
    return st.sampled_from(_deck(variant))


def hands(
    size: int = 3, *, variant: VariantLike | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """``size`` distinct cards of ``variant``'s deck (default: the 40 cards)."""
    deck = _deck(variant)
    size = in_range(size, "size", 0, len(deck))
    return st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True).map(tuple)


def deals(
    *, variant: VariantLike | None = None, bias: str | None = None, seats: int | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A full card order of ``variant``'s deck (top card first), as ``new_match(deals=[...])``
    takes it.

    ``bias="suits"`` makes hands with two or three cards of one suit (envido, flor) frequent;
    ``bias="ranks"`` makes the seats' hands hold cards of equal strength (tied tricks; where
    the strengths depend on a turned-up card, those the card turned up in a deal of
    ``seats`` seats makes, without cards to put aside; by rank when ``seats`` is not given).
    Cards are dealt one at a time round the table, so three times out of four the bias sorts
    a drawn part of a drawn permutation: by suit, spread so that each seat gets neighbouring
    cards; or by strength, so that each round of the deal hands out cards of one strength.
    ``seats`` (default: drawn) is the table the suit bias aims at. Every permutation can
    still be drawn.
    """
    if bias is not None and type(bias) is not str:
        raise InvalidOptionType("bias", bias, "None, 'suits' or 'ranks'")
    if bias not in (None, "suits", "ranks"):
        raise InvalidOption("bias", bias, "None, 'suits' or 'ranks'")
    if seats is not None:
        seats = in_range(seats, "seats", 1, 40)
    deck = _deck(variant)
    if bias is None:
        return st.permutations(deck).map(tuple)
    strength: dict[Card, int] = {c: c.rank for c in deck}
    ranking = _variant(variant).ranking if variant is not None else None
    turns_up = ranking is not None and ranking.turns_up_card
    if ranking is not None and not turns_up:
        table = ranking.strengths(None)
        strength = {c: table[c.index] for c in deck}

    @st.composite
    def biased(draw: st.DrawFn) -> tuple[Card, ...]:
        order = list(draw(st.permutations(deck)))
        if draw(st.integers(0, 3)) == 0:
            return tuple(order)
        cut = min(draw(st.sampled_from([len(order), len(order), 12, 24])), len(order))
        if bias == "ranks":
            key, turned, at = strength.__getitem__, None, 0
            if turns_up and seats is not None and 3 * seats < len(order):
                # the strengths the last card makes, turned up where a deal of `seats` turns it
                assert ranking is not None
                turned, at = order.pop(), 3 * seats
                up = ranking.strengths(turned, deck)
                key, cut = (lambda c: up[c.index]), min(cut, len(order))
            order[:cut] = sorted(order[:cut], key=key)
            if turned is not None:
                order.insert(at, turned)
            return tuple(order)
        head = sorted(order[:cut], key=lambda c: c.suit.value)
        n = seats if seats is not None else draw(st.integers(2, 6))
        # card k goes to seat k % n: seat s takes positions s, s + n, ...; fill each
        # seat's positions with consecutive cards of the sorted prefix
        slots = [i for s in range(n) for i in range(s, cut, n)]
        spread = list(head)
        for card, slot in zip(head, slots, strict=True):
            spread[slot] = card
        order[:cut] = spread
        return tuple(order)

    return biased()
