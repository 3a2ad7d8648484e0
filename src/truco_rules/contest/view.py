"""What a side bet of a variant's own may read of the contest: a read-only view.

The kernel hands its own bets (envido, flor) the live contest. A bet from outside the kernel
gets a :class:`ContestView` instead (:mod:`truco_rules.contest.bet_guard` builds one per call):
every
member of the :class:`~truco_rules.rules.side_bet.Contest` protocol, each list a fresh copy, so a
bet that changes what it reads (``contest.folded[0] = True``) changes its copy only, and
assigning to the view raises. The view keeps the contest in a private attribute: a bet that
digs it out is outside the protocol, which Python cannot forbid, and the kernel does not try.
The view lives as long as the call.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.cards import Card
from ..core.context import HandContext
from ..rules.scoring import MatchRule

if TYPE_CHECKING:
    from ..rules.side_bet import Contest

__all__ = ["ContestView"]


class ContestView:
    """The contest ``hand`` as the :class:`~truco_rules.rules.side_bet.Contest` protocol shows it,
    read-only: lists are copies, values are immutable."""

    __slots__ = ("_hand",)
    _hand: Contest

    def __init__(self, hand: Contest) -> None:
        object.__setattr__(self, "_hand", hand)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the contest a side bet reads is read-only (not {name!r})")

    def __repr__(self) -> str:
        return "ContestView(...)"

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(self._hand.order)

    @property
    def team(self) -> tuple[int, ...]:
        return tuple(self._hand.team)

    @property
    def dealt(self) -> list[tuple[Card, ...]]:
        return [tuple(c) for c in self._hand.dealt]

    @property
    def cards(self) -> list[list[Card]]:
        return [list(c) for c in self._hand.cards]

    @property
    def strength(self) -> Sequence[int]:
        return tuple(self._hand.strength)

    @property
    def trick_no(self) -> int:
        return self._hand.trick_no

    @property
    def results(self) -> list[int]:
        return list(self._hand.results)

    @property
    def mano_team(self) -> int:
        return self._hand.mano_team

    @property
    def played_first(self) -> list[bool]:
        return list(self._hand.played_first)

    @property
    def folded(self) -> list[bool]:
        return list(self._hand.folded)

    @property
    def level(self) -> int:
        return self._hand.level

    @property
    def call(self) -> int:
        return self._hand.call

    @property
    def turn(self) -> int:
        return self._hand.turn

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._hand.scores)

    @property
    def hand_winner(self) -> int | None:
        return self._hand.hand_winner

    @property
    def pos(self) -> Sequence[int]:
        return tuple(self._hand.pos)

    @property
    def mr(self) -> MatchRule:
        return self._hand.mr

    @property
    def phase_name(self) -> str:
        return self._hand.phase_name

    @property
    def call_caller(self) -> int:
        return self._hand.call_caller

    @property
    def plays(self) -> Sequence[tuple[int, int, Card, bool]]:
        return tuple(self._hand.plays)

    def context(self, seat: int) -> HandContext:
        return self._hand.context(seat)

    def scores_now(self) -> tuple[int, int]:
        return self._hand.scores_now()

    def live(self, side: int) -> list[int]:
        return list(self._hand.live(side))

    def next_of_side(self, after: int, side: int) -> int:
        return self._hand.next_of_side(after, side)

    def answer_order(self, caller: int) -> list[int]:
        return list(self._hand.answer_order(caller))

    def bet_state(self, name: str) -> Hashable | None:
        return self._hand.bet_state(name)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act), a copy (the contest has
        them beside the protocol's members)."""
        hand: Any = self._hand
        return list(hand.legal_actions(seat))
