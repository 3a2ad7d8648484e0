"""The state of a contest's parts as the contest shows it, read-only.

The parts of a :class:`~truco_rules.contest.hand.Hand` own their state
(:class:`~truco_rules.contest.trick_play.TrickPlay`,
:class:`~truco_rules.contest.ladder_play.LadderPlay`,
:class:`~truco_rules.contest.special_play.SpecialPlay`). The contest shows their fields under
the names a reader of the contest knows (``hand.results``, ``hand.call``, ``hand.special``):
they are what the side bets' :class:`~truco_rules.rules.bet_view.Contest` protocol, the
views and the agents read. Only the part that owns a field changes it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from ..core.cards import Card
from .ladder_play import LadderPlay
from .special_play import SpecialPlay
from .trick_play import TrickPlay

__all__ = ["PartViews"]


class PartViews:
    """The parts of a contest and their fields, read-only."""

    __slots__ = ()

    trick_play: TrickPlay
    """The trick-play part and its state."""
    ladder_play: LadderPlay
    """The bet-ladder part and its state."""
    special_play: SpecialPlay
    """The special-hands part and its state."""

    if TYPE_CHECKING:  # what type checkers and readers see; the properties are made below

        @property
        def trick_no(self) -> int:
            """The trick being played (0-based)."""

        @property
        def trick_plays(self) -> list[tuple[int, Card, bool]]:
            """The cards of the trick being played: ``(seat, card, face down)``."""

        @property
        def plays(self) -> list[tuple[int, int, Card, bool]]:
            """Every card played in the contest: ``(trick, seat, card, face down)``."""

        @property
        def to_play(self) -> list[int]:
            """The seats still to play the trick being played, in turn."""

        @property
        def results(self) -> list[int]:
            """Each finished trick: 0 won by the mano's side, 1 by the other, -1 tied."""

        @property
        def played_first(self) -> list[bool]:
            """Whether each seat has played its first card."""

        @property
        def folded(self) -> list[bool]:
            """Whether each seat has gone to the deck."""

        @property
        def under(self) -> list[Card | None]:
            """The hidden card of each seat's two-card play, until it is turned up."""

        @property
        def revealed(self) -> list[tuple[int, Card]]:
            """Hidden cards shown because they decided something."""

        @property
        def double(self) -> bool:
            """Whether this trick is played two cards at a time."""

        @property
        def level(self) -> int:
            """How many ladder calls were accepted."""

        @property
        def raise_team(self) -> int | None:
            """The side that may raise the accepted call (``None``: none accepted yet)."""

        @property
        def call(self) -> int:
            """The ladder call awaiting an answer (0: none)."""

        @property
        def call_caller(self) -> int:
            """The seat whose ladder call awaits an answer."""

        @property
        def call_responder(self) -> int:
            """The seat asked to answer the pending ladder call."""

        @property
        def call_refused(self) -> list[int]:
            """The seats that refused the pending call (``every_opponent``)."""

        @property
        def call_passed(self) -> list[int]:
            """The seats that passed the answer to a partner (``answer_pass``)."""

        @property
        def special(self) -> str:
            """The special hand in play (``""``: none)."""

        @property
        def special_team(self) -> int:
            """The side at the mark in a hand of 11/10 (-1: none)."""

        @property
        def fixed_value(self) -> int:
            """The hand's worth where a special hand fixes it, else 0."""

        @property
        def deciders(self) -> list[int]:
            """The seats still to accept or decline a hand of 11/10, in turn."""

        @property
        def blind(self) -> bool:
            """Whether the cards are played blind."""


# Every field of every part is shown, as a property over operator.attrgetter: it reads the
# part's field without a Python call frame (the kernel's side bets read these on every action)
for _part, _class in (
    ("trick_play", TrickPlay),
    ("ladder_play", LadderPlay),
    ("special_play", SpecialPlay),
):
    for _name in _class.__slots__:
        _doc = f"The {_part} part's ``{_name}``, read-only."
        setattr(PartViews, _name, property(attrgetter(f"{_part}.{_name}"), doc=_doc))
