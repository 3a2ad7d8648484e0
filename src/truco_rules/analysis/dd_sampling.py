"""The double-dummy result over many random deals: the mano's side win rate, with intervals,
and how often another rule set changes the result of the same deal.

Deals come in blocks of :data:`BLOCK`; block ``b`` of a run seeded ``S`` is shuffled from its
own generator, so the report is the same whichever executor solves the blocks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import attrs

from ..core.arguments import in_range, integer, run_size
from ..core.cards import Card
from ..core.errors import InvalidType, ParseError, shown
from ..game.dealing import MAX_SEED
from ..rules.registry import get_variant
from ..rules.variant import Variant
from ..runs.fanout import (
    VariantSpec,
    chunks,
    counting,
    counts_problem,
    resolve_variant,
    run_tasks,
    variant_spec,
)
from ..runs.intervals import Estimate, share_interval
from .double_dummy import solver

__all__ = ["BLOCK", "DoubleDummyReport", "double_dummy_rates"]

BLOCK = 1000
"""Deals per task (and per random generator)."""


@attrs.frozen
class DoubleDummyReport:
    """Counts of double-dummy results over ``deals`` random deals (mano = seat 0)."""

    variant: str
    seats: int
    deals: int
    seed: int
    mano_wins: int
    other_wins: int
    nobody: int
    against: str | None = None
    changed: int = 0
    """Deals whose result differs under the other rule set."""
    against_counts: tuple[int, int, int] = (0, 0, 0)
    """The other rule set's (mano wins, other wins, nobody)."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """Solver time summed over the tasks (CPU time, not wall time); not compared."""

    @property
    def mano_rate(self) -> Estimate:
        """Share of deals the mano's side wins, with its 95% interval."""
        return share_interval(self.mano_wins, self.deals)

    @property
    def other_rate(self) -> Estimate:
        """Share of deals the other side wins."""
        return share_interval(self.other_wins, self.deals)

    @property
    def nobody_rate(self) -> Estimate:
        """Share of deals neither side is ahead after: nobody scores, or both score alike
        (a deal played as duels, one won by each side)."""
        return share_interval(self.nobody, self.deals)

    @property
    def changed_rate(self) -> Estimate:
        """Share of deals whose result the other rule set changes."""
        return share_interval(self.changed, self.deals)

    @property
    def against_mano_rate(self) -> Estimate:
        """The other rule set's mano win rate on the same deals."""
        return share_interval(self.against_counts[0], self.deals)

    def merge(self, other: DoubleDummyReport) -> DoubleDummyReport:
        """The sum of two reports of the same run."""
        if not isinstance(other, DoubleDummyReport):
            raise InvalidType("other", "a DoubleDummyReport", other)
        return attrs.evolve(
            self,
            deals=self.deals + other.deals,
            mano_wins=self.mano_wins + other.mano_wins,
            other_wins=self.other_wins + other.other_wins,
            nobody=self.nobody + other.nobody,
            changed=self.changed + other.changed,
            against_counts=tuple(
                a + b for a, b in zip(self.against_counts, other.against_counts, strict=True)
            ),  # type: ignore[arg-type]
            seconds=self.seconds + other.seconds,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON."""
        out: dict[str, Any] = {
            "variant": self.variant,
            "seats": self.seats,
            "deals": self.deals,
            "seed": self.seed,
            "mano_wins": self.mano_wins,
            "other_wins": self.other_wins,
            "nobody": self.nobody,
            "mano_rate": self.mano_rate.to_dict(),
            "other_rate": self.other_rate.to_dict(),
            "nobody_rate": self.nobody_rate.to_dict(),
        }
        if self.against is not None:
            out["against"] = {
                "variant": self.against,
                "changed": self.changed,
                "changed_rate": self.changed_rate.to_dict(),
                "mano_wins": self.against_counts[0],
                "other_wins": self.against_counts[1],
                "nobody": self.against_counts[2],
                "mano_rate": self.against_mano_rate.to_dict(),
            }
        return out


def _deal_cards(
    v: Variant, seats: int, extra: tuple[int, ...], rng: random.Random
) -> tuple[list[list[Card]], Card]:
    """One random deal (mano = seat 0): the hands, and the next card (turned up if the
    variant turns one)."""
    need = 3 * seats + len(extra) + 1
    order = v.deck.shuffled(rng, need)
    hands = [list(order[3 * s : 3 * s + 3]) for s in range(seats)]
    for i, s in enumerate(extra):
        hands[s] = [*hands[s], order[3 * seats + i]]
    return hands, order[need - 1]


def _solve_block(
    task: tuple[VariantSpec, VariantSpec | None, int, int, int, int],
) -> DoubleDummyReport:
    vspec, aspec, seats, seed, start, count = task
    t0 = time.perf_counter()
    v = resolve_variant(vspec)
    main = solver(v, seats)  # kept between blocks: its solved positions are reused
    plan = main.plan(0)
    other = solver(resolve_variant(aspec), seats) if aspec is not None else None
    oplan = other.plan(0) if other is not None else None
    counts = [0, 0, 0]  # mano, other, nobody
    against = [0, 0, 0]
    changed = 0
    index = {1: 0, -1: 1, 0: 2}
    turns = v.ranking.turns_up_card
    rng = random.Random(f"truco-rules/double-dummy/{seed}/{start}")
    for _ in range(count):
        hands, turned = _deal_cards(v, seats, plan.extra_cards, rng)
        st = main.strengths(turned if turns else None)
        value = main.solve_strengths(plan, [[st[c.index] for c in h] for h in hands])
        counts[index[value]] += 1
        if other is not None and oplan is not None:
            ost = other.strengths(turned if other.variant.ranking.turns_up_card else None)
            ovalue = other.solve_strengths(oplan, [[ost[c.index] for c in h] for h in hands])
            against[index[ovalue]] += 1
            changed += ovalue != value
    return DoubleDummyReport(
        v.name,
        seats,
        count,
        seed,
        counts[0],
        counts[1],
        counts[2],
        against=None if other is None else other.variant.name,
        changed=changed,
        against_counts=(against[0], against[1], against[2]),
        seconds=time.perf_counter() - t0,
    )


def double_dummy_rates(
    variant: Variant | str,
    seats: int = 2,
    deals: int = 10_000,
    seed: int = 0,
    *,
    against: Variant | str | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DoubleDummyReport:
    """Solve ``deals`` random deals (mano = seat 0) double dummy and count the results.

    With ``against``, the same deals are solved under that rule set too (it must use the
    same cards and seat count, and deal the table alike), and the report counts the deals
    whose result it changes.
    ``executor`` runs the blocks of :data:`BLOCK` deals (default: in this process);
    ``progress(done, total)`` is called after each block. ``deals`` is an integer from 1 to
    :data:`~truco_rules.core.arguments.MAX_RUN` and ``seed`` one from 0 to 2**64-1: another type
    raises :class:`~truco_rules.core.errors.InvalidType`, another number
    :class:`~truco_rules.core.errors.ParseError`.
    """
    v = get_variant(variant)
    seats = integer(seats, "seats")
    v.table.check_seats(seats, v.name)
    deals = run_size(deals, "deals", executor, progress)
    seed = in_range(seed, "seed", 0, MAX_SEED)
    aspec: VariantSpec | None = None
    against_name = None
    if against is not None:
        a = get_variant(against)
        against_name = a.name
        a.table.check_seats(seats, a.name)
        if set(a.deck.cards) != set(v.deck.cards):
            raise ParseError(f"{a.name} and {v.name} are not played with the same cards")
        deal_a, deal_v = solver(a, seats).plan(0), solver(v, seats).plan(0)
        if (deal_a.contests, deal_a.sides, deal_a.extra_cards) != (
            deal_v.contests,
            deal_v.sides,
            deal_v.extra_cards,
        ):  # e.g. a gallo's fourth card; the plans' names ('duel') do not matter
            raise ParseError(
                f"{a.name} and {v.name} deal the {seats}-seat table otherwise (who plays in "
                "which contest, or who is dealt a card more): one deal cannot be solved "
                "under both"
            )
        aspec = variant_spec(a, executor)
    vspec = variant_spec(v, executor)
    tasks = [(vspec, aspec, seats, seed, s, n) for s, n in chunks(deals, BLOCK)]
    tick = counting(progress, deals, lambda part: part.deals)

    def problem(task: tuple[Any, ...], part: DoubleDummyReport) -> str:
        same = (part.variant, part.seats, part.seed) == (v.name, seats, seed)
        same = same and part.against == (None if aspec is None else against_name)
        total = part.mano_wins + part.other_wins + part.nobody
        other = part.against_counts
        fits = len(other) == 3 and sum(other) == (0 if aspec is None else part.deals)
        return counts_problem(part, "deals", task[5]) or (
            ""
            if same and total == part.deals and fits and part.changed <= part.deals
            else f"counts that cannot be: {shown(part)}"
        )

    parts = run_tasks(_solve_block, tasks, executor, tick, DoubleDummyReport, problem)
    total = parts[0]
    for part in parts[1:]:
        total = total.merge(part)
    return total
