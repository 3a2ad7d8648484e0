"""What a part of the contest reads of the contest that composes it.

The contest (:class:`~truco_rules.contest.hand.Hand`) is composed of parts that own their
state: trick play (:mod:`~truco_rules.contest.trick_play`), the main bet ladder
(:mod:`~truco_rules.contest.ladder_play`) and the special hands
(:mod:`~truco_rules.contest.special_play`). A part's transitions take the contest as
:class:`Host`: what a side bet reads of the contest (the deal, the table, the tricks and
the ladder so far), and beside it the hooks, what the other parts show of their state and
the contest's end. A part never reaches into another
part; it reads what the host shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..core.actions import Action
from ..core.cards import Card
from ..rules.bet_view import Contest

if TYPE_CHECKING:
    from ..rules.ladder import BetLadder
    from ..rules.trick_rule import TrickRule
    from ..rules.variant import Variant

__all__ = ["Host"]


class Host(Contest, Protocol):
    """The contest as its parts see it: what a side bet reads of it (:class:`Contest`), and
    the hooks, the shared tables, what the other parts show and the contest's end."""

    @property
    def variant(self) -> Variant:
        """The variant whose hooks the contest plays."""
        ...

    @property
    def tr(self) -> TrickRule:
        """The variant's trick rule."""
        ...

    @property
    def ld(self) -> BetLadder:
        """The variant's bet ladder."""
        ...

    @property
    def turned(self) -> Card | None:
        """The card turned up after the deal, if the variant turns one."""
        ...

    @property
    def play_table(self) -> tuple[Action, ...]:
        """The shared ``play`` actions in the variant's notation."""
        ...

    @property
    def caps_raises(self) -> bool:
        """Whether no call is made once the stake decides the game for both sides."""
        ...

    @property
    def tie_leader(self) -> str:
        """Who leads after a tied trick (the trick rule's ``tie_leader()``)."""
        ...

    @property
    def end_reason(self) -> str:
        """Why the contest ended (``""`` while it goes on)."""
        ...

    @property
    def special(self) -> str:
        """The special hand in play (the special-hands part's)."""
        ...

    @property
    def blind(self) -> bool:
        """Whether the cards are played blind (the special-hands part's)."""
        ...

    @property
    def fixed_value(self) -> int:
        """The hand's worth where a special hand fixes it, else 0 (the special-hands
        part's)."""
        ...

    def first_answerer(self, caller: int) -> int:
        """The seat asked first to answer ``caller``'s call, or -1."""
        ...

    def _finish(self, reason: str, team: int | None, pts: int) -> None:
        """End the contest: ``team`` (``None``: nobody) wins it and ``pts``."""
        ...

    def _award(self, team: int) -> int:
        """What winning the contest now gives ``team``."""
        ...
