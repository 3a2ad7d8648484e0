"""What a part of the contest reads of the contest that composes it.

The contest (:class:`~truco_rules.contest.hand.Hand`) is composed of parts that own their
state: trick play (:mod:`~truco_rules.contest.trick_play`), the main bet ladder
(:mod:`~truco_rules.contest.ladder_play`) and the special hands
(:mod:`~truco_rules.contest.special_play`). A part's transitions take the contest as
:class:`Host`: the deal, the table and the hooks that the whole contest shares, what the
other parts show of their state, and the contest's end. A part never reaches into another
part; it reads what the host shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..core.actions import Action
from ..core.cards import Card

if TYPE_CHECKING:
    from ..rules.ladder import BetLadder
    from ..rules.scoring import MatchRule
    from ..rules.trick_rule import TrickRule
    from ..rules.variant import Variant

__all__ = ["Host"]


class Host(Protocol):
    """The contest as its parts see it."""

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
    def mr(self) -> MatchRule:
        """The variant's match rule."""
        ...

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in play order, mano first."""
        ...

    @property
    def team(self) -> tuple[int, ...]:
        """Each seat's side (0 or 1)."""
        ...

    @property
    def pos(self) -> Sequence[int]:
        """Each seat's place in :attr:`order` (-1: not in this contest)."""
        ...

    @property
    def mano_team(self) -> int:
        """The side of the contest's mano."""
        ...

    @property
    def dealt(self) -> Sequence[tuple[Card, ...]]:
        """The cards dealt to each seat."""
        ...

    @property
    def cards(self) -> list[list[Card]]:
        """The cards each seat still holds (the trick-play part takes them out as played)."""
        ...

    @property
    def strength(self) -> Sequence[int]:
        """Trick strength of each card by :attr:`Card.index`."""
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
    def folded(self) -> list[bool]:
        """Whether each seat has gone to the deck (the trick-play part's)."""
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

    def scores_now(self) -> tuple[int, int]:
        """The two sides' match scores with the points credited so far in the contest."""
        ...

    def answer_order(self, caller: int) -> list[int]:
        """The seats of the side ``caller`` calls, in the order they are asked to answer."""
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
