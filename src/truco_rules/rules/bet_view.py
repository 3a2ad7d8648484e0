"""What a side bet sees of the contest in play (the read side of the
:mod:`side-bet protocol <truco_rules.rules.side_bet>`, which names it ``Contest``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from ..core.cards import Card
from ..core.context import HandContext
from .scoring import MatchRule

__all__ = ["Contest"]


class Contest(Protocol):
    """What a side bet may read of the contest in play. The kernel's own bets get the
    :class:`~truco_rules.contest.hand.Hand` itself; a variant's own bet gets a read-only
    :class:`~truco_rules.contest.view.ContestView` of it, whose lists are copies."""

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in play order, mano first."""
        ...

    @property
    def team(self) -> tuple[int, ...]:
        """Each seat's side (0 or 1)."""
        ...

    @property
    def dealt(self) -> list[tuple[Card, ...]]:
        """The cards dealt to each seat."""
        ...

    @property
    def cards(self) -> list[list[Card]]:
        """The cards each seat still holds."""
        ...

    @property
    def strength(self) -> Sequence[int]:
        """Trick strength of each card by :attr:`Card.index` (higher wins)."""
        ...

    @property
    def trick_no(self) -> int:
        """The trick being played (0-based)."""
        ...

    @property
    def results(self) -> list[int]:
        """Each finished trick: 0 won by the mano's side, 1 by the other, -1 tied."""
        ...

    @property
    def mano_team(self) -> int:
        """The side of the contest's mano."""
        ...

    @property
    def played_first(self) -> list[bool]:
        """Whether each seat has played a card."""
        ...

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has gone to the deck."""
        ...

    @property
    def level(self) -> int:
        """How many ladder calls were accepted."""
        ...

    @property
    def call(self) -> int:
        """The ladder call awaiting an answer (0: none)."""
        ...

    @property
    def turn(self) -> int:
        """The seat to act."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """The two sides' match scores before the contest."""
        ...

    @property
    def hand_winner(self) -> int | None:
        """The side that won the contest, once over (``None``: nobody, or not yet)."""
        ...

    @property
    def pos(self) -> Sequence[int]:
        """Each seat's place in :attr:`order` (-1: not in this contest)."""
        ...

    @property
    def mr(self) -> MatchRule:
        """The variant's match rule (the target, malas and buenas)."""
        ...

    @property
    def phase_name(self) -> str:
        """The phase of the contest (see :data:`truco_rules.contest.hand.PHASES`)."""
        ...

    @property
    def call_caller(self) -> int:
        """The seat whose ladder call awaits an answer (when :attr:`call` is non-zero)."""
        ...

    @property
    def plays(self) -> Sequence[tuple[int, int, Card, bool]]:
        """The cards played so far: ``(trick, seat, card, face down)``."""
        ...

    def context(self, seat: int) -> HandContext:
        """What a value hook may know of ``seat``'s deal (the turned card, seats, scores)."""
        ...

    def scores_now(self) -> tuple[int, int]:
        """The two sides' match scores with the points this contest has credited so far."""
        ...

    def live(self, side: int) -> list[int]:
        """The seats of ``side`` still in the contest (not gone to the deck), in play order."""
        ...

    def next_of_side(self, after: int, side: int) -> int:
        """The first seat of ``side`` after ``after`` in play order still in the contest."""
        ...

    def answer_order(self, caller: int) -> list[int]:
        """The other side's seats in the contest, in the order asked to answer ``caller``."""
        ...

    def bet_state(self, name: str) -> Hashable | None:
        """The state of the side bet called ``name`` (``None``: the variant has none)."""
        ...
