"""The table hook: seat counts, sides, who is mano and how the mano moves, the contests of a
deal (RULES §0.3, §2.3).
"""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

import attrs

from ..core.errors import UnsupportedSeats
from ..core.options import ask, meaning, option

__all__ = ["DealContext", "DealPlan", "StandardTable", "Table"]

# ---------------------------------------------------------------------------------------------
# Table topology
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class DealPlan:
    """How one deal is played: its contests and the side of every seat.

    A contest is a tuple of seats in play order, its mano first. The standard plan has one
    contest with every seat; a 6-seat pica-pica deal has three 1v1 contests; a 3-seat gallo
    deal sets the gallo alone on one side. Sides may change from deal to deal.
    """

    contests: tuple[tuple[int, ...], ...]
    sides: tuple[int, ...]
    """Side (0 or 1) of each seat for this deal."""
    kind: str = ""
    """A name for the format of the deal (``"redonda"``, ``"pica-pica"``...), for records and
    observations; empty for the one format of a table."""
    extra_cards: tuple[int, ...] = ()
    """Seats dealt one card more, which they discard unseen before play (in this order)."""


def cards_dealt(seats: int, plan: DealPlan | None, turns_up_card: bool) -> int:
    """How many cards a deal of ``plan`` at ``seats`` seats takes: three a seat, the extra
    cards to put aside, and the turned card if the ranking turns one."""
    extra = len(plan.extra_cards) if plan is not None else 0
    return 3 * seats + extra + (1 if turns_up_card else 0)


@attrs.frozen
class DealContext:
    """What a table knows when it plans a deal or passes the mano after one."""

    seats: int
    mano: int
    """The mano of the deal (for :meth:`Table.next_mano`: of the deal that ended)."""
    hand_no: int
    """The number of the deal (for :meth:`Table.next_mano`: of the deal that ended)."""
    scores: tuple[int, int]
    """The sides' scores now."""
    target: int
    """The points that win a chico."""
    previous: DealPlan | None
    """The plan of the deal before in the same chico (for :meth:`Table.next_mano`: of the
    deal that ended); ``None`` at the start of a chico."""


@runtime_checkable
class Table(Protocol):
    """Seats, sides and rotation. Seats are numbered in play order (RULES §0.3)."""

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts this table supports."""
        ...

    def check_seats(self, seats: int, variant: str) -> None:
        """Raise :class:`UnsupportedSeats` if ``seats`` is not allowed."""
        ...

    def plan(self, ctx: DealContext) -> DealPlan:
        """The plan of deal ``ctx.hand_no`` with mano ``ctx.mano``; the scores, the target
        and the previous plan let a format alternate or stop near the target (pica-pica)."""
        ...

    def next_mano(self, ctx: DealContext) -> int:
        """The mano of the deal after the one ``ctx`` describes (``ctx.previous`` is its plan,
        or ``None`` if it ended a chico)."""
        ...


_PLANS: dict[tuple[int, int], DealPlan] = {}
"""The stock plan of each seat count and mano (see :meth:`StandardTable.plan`)."""


@attrs.frozen
class StandardTable:
    """Sides alternate (seat ``i`` is on side ``i mod 2``); one contest per deal with every
    seat; the mano moves one seat every deal (by default forward in play order: the old mano
    deals next)."""

    seat_counts: tuple[int, ...] = (2, 4)
    table_direction: str = option(
        "counterclockwise",
        "Direction of play around a physical table. Cosmetic: seats are numbered in play order.",
        choices=("counterclockwise", "clockwise"),
        source="RULES §2.3 (D20)",
    )
    mano_rotation: str = "with_play"
    """``with_play``: the next mano is the next seat in play order; ``against_play``: the
    previous one (the old pie). A plain field; a variant may declare it as an option."""
    first_dealer: str = "random"
    """How a seeded match picks its first dealer: ``random`` (a seeded draw of a seat) or
    ``card_draw`` (everyone draws a card, the highest deals; see :class:`Match`)."""

    def check_seats(self, seats: int, variant: str) -> None:
        """Raise :class:`~truco_rules.core.errors.UnsupportedSeats` unless ``seats`` is one
        of :attr:`seat_counts`."""
        if type(seats) is not int or seats not in self.seat_counts:
            raise UnsupportedSeats(seats, variant, self.seat_counts)

    def individual_scores(self, seats: int) -> bool:
        """Whether every player keeps his own score at ``seats`` seats (a side's points go to
        each of its players). Optional for other tables: absent means never."""
        return False

    @property
    def deals_extra_cards(self) -> bool:
        """Whether a plan of this table may deal extra cards (the ``discard`` action exists).
        Optional for other tables: absent means no."""
        return False

    def plan(self, ctx: DealContext) -> DealPlan:
        """One contest with every seat in play order from the mano, sides alternating, no
        card to put aside."""
        key = (ctx.seats, ctx.mano)
        hit = _PLANS.get(key)
        if hit is None:  # one value per seat count and mano: plans are immutable
            n = ctx.seats
            hit = _PLANS[key] = DealPlan(
                contests=(tuple([(ctx.mano + i) % n for i in range(n)]),),
                sides=tuple([s % 2 for s in range(n)]),
            )
        return hit

    DECISIONS: ClassVar[tuple[str, ...]] = ("mano_step",)
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`)."""

    def mano_step(self) -> int:
        """Where the mano moves after a deal (``mano_rotation``): ``1`` with the play,
        ``-1`` against it."""
        return meaning(self, "mano_rotation", "mano_step", {"with_play": 1, "against_play": -1})

    def next_mano(self, ctx: DealContext) -> int:
        """The next seat in play order (``with_play``) or the one before (``against_play``)."""
        step: int = ask(self, "mano_step")
        return (ctx.mano + step) % ctx.seats
