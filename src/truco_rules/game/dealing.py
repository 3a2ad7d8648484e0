"""The deal: how a hand's cards are ordered, drawn and summed up (RULES §2.3, §7.3).

:class:`HandSummary` is what a finished contest leaves in the match's history;
:func:`deal_order` builds the card order that deals given hands (for scenarios and tests);
the seeded helpers here make every deal reproducible from ``(seed, hand number)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import attrs

from ..core.arguments import integer
from ..core.cards import DECK, Card
from ..core.errors import InvalidType, ParseError, shown
from ..rules.card_scores import three_cards
from ..rules.registry import get_variant
from ..rules.table import DealContext, DealPlan, cards_dealt
from ..rules.variant import Variant

if TYPE_CHECKING:
    from ..contest.hand import Hand

__all__ = [
    "MAX_SEED",
    "HandSummary",
    "PendingSummary",
    "check_arguments",
    "check_deal",
    "check_standing",
    "deal_order",
    "deal_size",
    "draw_for_deal",
    "hand_seed",
    "summarize",
]


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
    variant: Variant | str,
    hands: Sequence[Sequence[Card] | str],
    mano: int = 0,
    turned: Card | str | None = None,
) -> tuple[Card, ...]:
    """The card order that deals ``hands[s]`` to seat ``s`` (and turns up ``turned``) in
    ``variant`` (a :class:`~truco_rules.rules.variant.Variant` or a registered name).

    Handy for scenarios: ``m = v.new_match(deals=[deal_order(v, ["1E 7E 3B", "4C 5C 6O"])])``.
    The rest of the deck follows in canonical order.
    """
    variant = get_variant(variant)
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise InvalidType("hands", "a sequence of hands (card text or Cards), one per seat", hands)
    if not 1 <= len(hands) <= 8:
        raise ParseError(f"hands lists one hand per seat, not {len(hands)}")
    parsed = [three_cards(variant, h) for h in hands]
    n = len(parsed)
    mano = integer(mano, "mano")
    if not 0 <= mano < n:
        raise ParseError(f"mano must be a seat from 0 to {n - 1}, not {shown(mano)}")
    order = [parsed[(mano + k) % n][k // n] for k in range(3 * n)]
    if turned is not None:
        if type(turned) is Card:
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
) -> tuple[int, int | None, int | None, tuple[int, ...], tuple[int, ...]]:
    """Types and ranges of :class:`Match`'s arguments that do not depend on the variant;
    returns ``seats``, ``seed``, ``mano``, ``scores`` and ``chicos`` as Python ints (numpy
    integers are welcome: see :mod:`truco_rules.core.arguments`)."""
    count = integer(seats, "seats")
    if seed is not None:
        seed = integer(seed, "seed", "an int or None")
        if not 0 <= seed <= MAX_SEED:
            raise ParseError(f"seed must be an integer from 0 to 2**64-1, not {shown(seed)}")
    if deals is not None and (not isinstance(deals, Sequence) or isinstance(deals, str)):
        raise InvalidType("deals", "a sequence of card orders (text or Cards) or None", deals)
    if mano is not None:
        mano = integer(mano, "mano", "an int or None")
    standing: list[tuple[int, ...]] = []
    for name, value in (("scores", scores), ("chicos", chicos)):
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise InvalidType(name, "a sequence of ints", value)
        if len(value) > 8:
            raise ParseError(f"{name} must be a few non-negative ints, not {shown(value)}")
        standing.append(tuple(integer(x, f"each of {name}") for x in value))
    return count, seed, mano, standing[0], standing[1]


def hand_seed(seed: int, hand_no: int) -> random.Random:
    """The generator that shuffles hand ``hand_no`` of a match seeded ``seed`` under
    derivation 1 (see :mod:`~truco_rules.game.derivation`)."""
    return random.Random(f"truco-rules/{seed}/{hand_no}")


def deal_size(variant: Variant, seats: int, plan: DealPlan | None) -> int:
    """How many cards a deal of ``plan`` takes: three a seat, the extra cards to discard, and
    the turned card if the variant turns one."""
    return cards_dealt(seats, plan, variant.ranking.turns_up_card)


def check_deal(
    variant: Variant, seats: int, deal: Sequence[Card] | str, i: int
) -> tuple[Card, ...]:
    """Deal ``i`` of the explicit deals given to a match, as cards (``InvalidType`` or
    ``ParseError`` if it is not a card order the table can deal from)."""
    if isinstance(deal, str):
        cards = variant.cards(deal)
    elif isinstance(deal, Sequence) and set(map(type, deal)) <= {Card}:  # Cards only
        cards = tuple(cast("Sequence[Card]", deal))
    else:
        raise InvalidType(f"deals[{i}]", "card text or a sequence of Cards", deal)
    probe = variant.table.plan(DealContext(seats, 0, 0, (0, 0), variant.match.target, None))
    need = deal_size(variant, seats, probe)
    if len(cards) < need:
        raise ParseError(f"deal {i} must list at least {need} cards, got {len(cards)}")
    deck = variant.deck.cards
    # every card is one of the 40 shared instances (equal cards are the same object), so
    # a deck of 40 holds each of them
    if len(set(map(id, cards))) != len(cards) or (
        len(deck) < len(DECK) and not set(cards) <= set(deck)
    ):
        raise ParseError(f"deal {i} repeats a card or uses one not in the deck")
    return cards


def check_standing(
    variant: Variant,
    seats: int,
    individual: bool,
    scores: Sequence[int],
    chicos: Sequence[int],
    *,
    mid_deal: bool = False,
) -> tuple[list[int], list[int]]:
    """The starting scores and chicos of a match, checked: one figure per side (per player
    with individual scores, where ``(0, 0)`` stands for all zeros), below the target. With
    ``mid_deal`` (a match resumed in the middle of a deal, whose contests after the first may
    be played with a score already at the target, as a later pica-pica duel is) the scores
    may be at or over the target; the chicos stay below the chicos to win."""
    width = seats if individual else 2
    if individual:
        scores = [0] * seats if list(scores) == [0, 0] else scores
        chicos = [0] * seats if list(chicos) == [0, 0] else chicos
    if (
        len(scores) != width
        or len(chicos) != width
        or any(type(x) is not int or x < 0 for x in (*scores, *chicos))
    ):
        who = "player" if individual else "side"
        raise ParseError(
            f"scores and chicos are {width} non-negative integers each (one per {who})"
        )
    mr = variant.match
    if (max(scores) >= mr.target and not mid_deal) or max(chicos) >= mr.chicos_to_win:
        raise ParseError(
            f"a match starts below the target ({mr.target}) and below the chicos to win "
            f"({mr.chicos_to_win}); got scores {shown(tuple(scores))}, "
            f"chicos {shown(tuple(chicos))}"
        )
    return list(scores), list(chicos)


PendingSummary = tuple["Hand", int, int, str, tuple[int, ...]]
"""A finished contest not yet summed up: the arguments of :func:`summarize`."""


def summarize(
    hand: Hand, hand_no: int, contest: int, kind: str, sides: tuple[int, ...]
) -> HandSummary:
    """The :class:`HandSummary` of a finished contest: contest ``contest`` of deal
    ``hand_no``, of format ``kind``, with every seat's side."""
    return HandSummary(
        hand_no=hand_no,
        contest=contest,
        mano=hand.order[0],
        mano_side=hand.mano_team,
        dealt=tuple(hand.dealt),
        points=(hand.team_total(0), hand.team_total(1)),
        events=tuple(hand.points),
        winner=hand.hand_winner,
        end_reason=hand.end_reason,
        tricks=tuple(hand.results),
        actions=len(hand.log),
        shown=hand.shown(),
        special=hand.special,
        kind=kind,
        top_bet=hand.won_top_bet(),
        sides=sides,
    )
