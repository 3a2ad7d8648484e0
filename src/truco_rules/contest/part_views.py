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

if TYPE_CHECKING:
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

    if TYPE_CHECKING:  # what type checkers see; the properties are made from SHOWN below

        @property
        def trick_no(self) -> int: ...
        @property
        def trick_plays(self) -> list[tuple[int, Card, bool]]: ...
        @property
        def plays(self) -> list[tuple[int, int, Card, bool]]: ...
        @property
        def to_play(self) -> list[int]: ...
        @property
        def results(self) -> list[int]: ...
        @property
        def played_first(self) -> list[bool]: ...
        @property
        def folded(self) -> list[bool]: ...
        @property
        def under(self) -> list[Card | None]: ...
        @property
        def revealed(self) -> list[tuple[int, Card]]: ...
        @property
        def double(self) -> bool: ...
        @property
        def level(self) -> int: ...
        @property
        def raise_team(self) -> int | None: ...
        @property
        def call(self) -> int: ...
        @property
        def call_caller(self) -> int: ...
        @property
        def call_responder(self) -> int: ...
        @property
        def call_refused(self) -> list[int]: ...
        @property
        def call_passed(self) -> list[int]: ...
        @property
        def special(self) -> str: ...
        @property
        def special_team(self) -> int: ...
        @property
        def fixed_value(self) -> int: ...
        @property
        def deciders(self) -> list[int]: ...
        @property
        def blind(self) -> bool: ...


SHOWN: dict[str, tuple[str, str]] = {
    "trick_no": ("trick_play", "The trick being played (0-based)."),
    "trick_plays": (
        "trick_play",
        "The cards of the trick being played: ``(seat, card, face down)``.",
    ),
    "plays": (
        "trick_play",
        "Every card played in the contest: ``(trick, seat, card, face down)``.",
    ),
    "to_play": ("trick_play", "The seats still to play the trick being played, in turn."),
    "results": (
        "trick_play",
        "Each finished trick: 0 won by the mano's side, 1 by the other, -1 tied.",
    ),
    "played_first": ("trick_play", "Whether each seat has played its first card."),
    "folded": ("trick_play", "Whether each seat has gone to the deck."),
    "under": ("trick_play", "The hidden card of each seat's two-card play, until it is turned up."),
    "revealed": ("trick_play", "Hidden cards shown because they decided something."),
    "double": ("trick_play", "Whether this trick is played two cards at a time."),
    "level": ("ladder_play", "How many ladder calls were accepted."),
    "raise_team": (
        "ladder_play",
        "The side that may raise the accepted call (``None``: none accepted yet).",
    ),
    "call": ("ladder_play", "The ladder call awaiting an answer (0: none)."),
    "call_caller": ("ladder_play", "The seat whose ladder call awaits an answer."),
    "call_responder": ("ladder_play", "The seat asked to answer the pending ladder call."),
    "call_refused": (
        "ladder_play",
        "The seats that refused the pending call (``every_opponent``).",
    ),
    "call_passed": (
        "ladder_play",
        "The seats that passed the answer to a partner (``answer_pass``).",
    ),
    "special": ("special_play", 'The special hand in play (``""``: none).'),
    "special_team": ("special_play", "The side at the mark in a hand of 11/10 (-1: none)."),
    "fixed_value": ("special_play", "The hand's worth where a special hand fixes it, else 0."),
    "deciders": ("special_play", "The seats still to accept or decline a hand of 11/10, in turn."),
    "blind": ("special_play", "Whether the cards are played blind."),
}
"""Each field the contest shows: the part that owns it and what it is."""

for _name, (_part, _doc) in SHOWN.items():
    # a property over operator.attrgetter reads the part's field without a Python call
    # frame: the kernel's side bets read these on every action
    setattr(PartViews, _name, property(attrgetter(f"{_part}.{_name}"), doc=_doc))
