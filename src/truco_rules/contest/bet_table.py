"""Every side bet a contest of a variant plays, worked out once per variant: the kernel's
envido and flor (built from the variant's ``envido`` and ``flor`` hooks) followed by the
variant's own :attr:`~truco_rules.rules.variant.Variant.side_bets`, each behind a
:class:`~truco_rules.contest.bet_guard.GuardedBet` that checks what it returns (the kernel's two are
trusted and played as they are), which bet owns each verb, the order in which waiting bets
are answered and settled, and which bets use each optional method of the
:class:`~truco_rules.rules.side_bet.SideBet` protocol (only those are asked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..core.per_object import PerObject
from ..rules.side_bet import OPTIONAL_METHODS, SideBet
from ..rules.side_bet_checks import KERNEL_CALLS
from .bet_guard import GuardedBet
from .envido_bet import EnvidoBet
from .flor_bet import FlorBet

if TYPE_CHECKING:
    from ..rules.variant import Variant

__all__ = ["BetTable", "bet_table"]

_ASKED = ("offers", *OPTIONAL_METHODS)


@attrs.frozen
class BetTable:
    """The side bets of a variant's contests (see the module)."""

    bets: tuple[SideBet[Any], ...]
    """The kernel's bets, then the variant's own (guarded), in the order their calls are
    offered."""
    raw: tuple[SideBet[Any], ...]
    """The same bets as the variant has them (the variant's own unguarded): what a bet is
    shown of another (:meth:`~truco_rules.rules.side_bet.SideBet.interjections`)."""
    own: int
    """The index of the variant's first bet of its own (the kernel's come before it)."""
    owner: dict[str, int]
    """The bet whose call each verb is."""
    by_name: dict[str, int]
    settle: tuple[int, ...]
    """Bets by precedence: the order waiting bets are answered and closed."""
    users: dict[str, tuple[int, ...]]
    """For :meth:`~SideBet.offers` and each optional method, the bets that use it."""


def bet_table(variant: Variant) -> BetTable:
    """The :class:`BetTable` of ``variant`` (worked out once per variant object)."""
    return _TABLES(variant)


def _bet_table(variant: Variant) -> BetTable:
    kernel: list[SideBet[Any]] = []
    if variant.envido is not None:
        ld = variant.ladder
        kernel.append(
            EnvidoBet(variant.envido, passes=ld.answer_pass, out_of_turn=ld.mazo_out_of_turn)
        )
    if variant.flor is not None:
        kernel.append(FlorBet(variant.flor))
    own = len(kernel)
    sides = variant._sides
    owner = {verb: own + i for verb, i in sides.owner.items()}
    for i, bet in enumerate(kernel):
        owner.update(dict.fromkeys(bet.verbs, i))
    guarded = tuple(
        GuardedBet(
            bet,
            sides.declared[k],
            sides.ordered[k],
            sides.uses[k],
            frozenset(verb for verb, i in owner.items() if i != own + k) | KERNEL_CALLS,
        )
        for k, bet in enumerate(variant.side_bets)
    )
    bets = (*kernel, *guarded)
    users = {m: tuple(i for i, b in enumerate(bets) if b.uses(m)) for m in _ASKED}
    return BetTable(
        bets,
        (*kernel, *variant.side_bets),
        own,
        owner,
        {b.name: i for i, b in reversed(list(enumerate(bets)))},  # the kernel's first
        tuple(sorted(range(len(bets)), key=lambda i: bets[i].precedence)),
        users,
    )


_TABLES: PerObject[Variant, BetTable] = PerObject(_bet_table)
