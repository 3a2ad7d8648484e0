"""A match's deals as card orders, and its actions replayed on other orders: the second
deal of I7 (:mod:`.hiding`), which agrees with the first on all that one seat may see.

:func:`deal_orders` gives the order of every deal so far, :class:`Swap` exchanges two of its
cards, :func:`replay_with_deals` plays the same actions on other orders (renaming the cards
they name), :func:`checked_swaps` checks swaps against the orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from ..core.actions import Action
from ..core.arguments import in_range, integer
from ..core.cards import Card
from ..core.errors import InvalidType, TrucoError
from ..game.derivation import hand_random
from ..match import CHANCE, Match, checked_match

__all__ = [
    "CardMap",
    "DealInProgress",
    "Swap",
    "checked_swaps",
    "deal_orders",
    "replay_with_deals",
]

CardMap = Mapping[int, Mapping[Card, Card]]
"""Per deal number, the cards an action names that stand for other cards after a swap."""


class DealInProgress(TrucoError, ValueError):
    """The match is in the middle of a deal by chance actions: that deal has no card order
    yet (apply the pending ``deal`` actions first). A ``ValueError`` too, as it was."""


@attrs.frozen
class Swap:
    """Exchange the cards at positions ``i`` and ``j`` of deal number ``deal``."""

    deal: int
    i: int
    j: int


def deal_orders(m: Match) -> list[tuple[Card, ...]]:
    """The card order of every deal of ``m`` so far: seeded, explicit, or dealt by chance
    actions (``deal`` actions of the chance seat, as after the explicit deals run out).

    Seeded deals follow the match's deal derivation (docs/notation.md, "Deal derivations"):
    deal ``k`` is shuffled by the deck hook from the generator the derivation gives it
    (derivation 1: ``random.Random("truco-rules/S/k")``). A deal dealt by chance actions is
    the cards they dealt, in order. A match in the middle of a chance deal raises
    :class:`DealInProgress`: the deal being dealt has no order yet.
    """
    checked_match("m", m)
    n = m.hand_no + 1
    if m.seed is not None:
        return [
            tuple(m.variant.deck.shuffled(hand_random(m.seed, k, m.derivation))) for k in range(n)
        ]
    orders = [tuple(d) for d in m.deals or ()]
    runs: list[list[Card]] = []
    last = None
    for seat, act in m.actions:
        if seat == CHANCE and act.card is not None:
            if last != CHANCE:
                runs.append([])
            runs[-1].append(act.card)
        last = seat
    orders = orders[:n] + [tuple(r) for r in runs]
    if m.is_chance_node() or len(orders) < n:
        raise DealInProgress(
            f"deal_orders needs every deal of the match dealt: this one is at deal {n} with "
            f"{len(orders)} known (explicit deals, a seed, or complete chance deals); apply "
            "the pending deal actions first"
        )
    return orders[:n]


def checked_swaps(swaps: object, orders: Sequence[Sequence[Card]]) -> list[Swap]:
    """``swaps`` as a list, each a :class:`Swap` of a deal of ``orders`` and two positions
    in it: InvalidType for anything else, ParseError for a deal or a position out of range
    (they were IndexErrors)."""
    if isinstance(swaps, (str, bytes)) or not isinstance(swaps, Iterable):
        raise InvalidType("swaps", "a sequence of Swap", swaps)
    out = list(swaps)
    for sw in out:
        if not isinstance(sw, Swap):
            raise InvalidType("swaps", "Swap objects", sw)
        deal = in_range(sw.deal, "a swap's deal", 0, len(orders) - 1)
        for position in (sw.i, sw.j):
            in_range(position, "a swap's position", 0, len(orders[deal]) - 1)
    return out


def _renamed(act: Action, names: Mapping[Card, Card]) -> Action:
    """``act`` with every card it names replaced through ``names``."""
    card, under = act.card, act.under
    if (card is None or card not in names) and (under is None or under not in names):
        return act
    return attrs.evolve(
        act,
        card=names.get(card, card) if card is not None else None,
        under=names.get(under, under) if under is not None else None,
    )


def replay_with_deals(
    m: Match,
    orders: Sequence[Sequence[Card]],
    names: CardMap | None = None,
    upto: int | None = None,
) -> Match:
    """Replay ``m``'s actions (the first ``upto``) on a match with the same start dealt from
    ``orders``; in deal ``k`` an action naming card ``c`` names ``names[k][c]`` instead.
    ``upto`` is None or an int (InvalidType otherwise)."""
    checked_match("m", m)
    if upto is not None:
        upto = integer(upto, "upto", "None or an int")
    _check_orders(orders)
    _check_names(names)
    r: Match = m.variant.new_match(
        m.seats,
        deals=[tuple(o) for o in orders],
        mano=m.start["mano"],
        scores=tuple(m.start["scores"]),
        chicos=tuple(m.start["chicos"]),
    )
    for seat, act in m.actions[:upto]:
        if seat == CHANCE:
            continue  # a deal dealt by chance actions is one of the explicit ``orders`` here
        table = names.get(r.hand_no) if names else None
        r.apply(_renamed(act, table) if table else act, seat)
    return r


def _check_orders(orders: object) -> None:
    if isinstance(orders, str) or not isinstance(orders, Sequence):
        raise InvalidType("orders", "a list of card orders, one a deal", orders)
    for order in orders:
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise InvalidType("orders", "card orders (lists of Cards)", order)


def _check_names(names: object) -> None:
    if names is None:
        return
    if not isinstance(names, Mapping):
        raise InvalidType("names", "None or a mapping of deal numbers to card maps", names)
    for deal, table in names.items():
        integer(deal, "names", "a mapping of deal numbers (int) to card maps")
        if not isinstance(table, Mapping):
            raise InvalidType("names", "a mapping of deal numbers (int) to card maps", table)
        for a, b in table.items():
            if not isinstance(a, Card) or not isinstance(b, Card):
                raise InvalidType("names", "card maps of Cards to Cards", (a, b))
