"""Special hands, a part of the contest: the hand of 11 (10 in some variants), which the side
at the mark accepts or declines, and the iron hand, possibly played blind (RULES §5.5, §5.6,
§6.5).

:class:`SpecialPlay` owns the state of the special hand in play: its kind, the side it
belongs to, the worth it fixes, who is still to decide and whether the cards are played
blind. Its transitions take the contest that composes it
(:class:`~truco_rules.contest.host.Host`) for the table and the contest's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.copying import LIST, copier
from ..rules.special import SPECIAL_IRON, SPECIAL_ONE, SpecialHands

if TYPE_CHECKING:
    from .host import Host

__all__ = ["SpecialPlay"]


class SpecialPlay:
    """The special-hands part of a contest and its state.

    ``special`` is the kind of special hand and the side it belongs to, as the variant's
    :class:`~truco_rules.rules.special.SpecialHands` hook (``hook``) calls it for the
    scores; ``order`` and ``team`` are the contest's play order and sides.
    """

    __slots__ = ("blind", "deciders", "fixed_value", "special", "special_team")

    special: str
    """The special hand in play (``SPECIAL_NONE``, ``SPECIAL_ONE`` or ``SPECIAL_IRON``)."""
    special_team: int
    """The side at the mark in a hand of 11/10 (-1: none)."""
    fixed_value: int
    """The hand's worth where the special hand fixes it, else 0."""
    deciders: list[int]
    """The seats still to accept or decline a hand of 11/10, in turn."""
    blind: bool
    """Whether the cards are played blind (an iron hand where the variant says so)."""

    def __init__(
        self,
        hook: SpecialHands | None,
        special: tuple[str, int],
        order: Sequence[int],
        team: Sequence[int],
    ) -> None:
        self.special, self.special_team = special
        self.fixed_value = 0
        self.deciders = []
        self.blind = False
        if hook is not None and self.special == SPECIAL_ONE:
            self.fixed_value = hook.play_value
            side = [s for s in order if team[s] == self.special_team]
            self.deciders = side if hook.any_partner_accepts() else side[-1:]
        elif hook is not None and self.special == SPECIAL_IRON:
            self.fixed_value = hook.iron_value
            self.blind = hook.iron_blind()

    def copy(self) -> SpecialPlay:
        """An independent copy."""
        return _copy_special_play(self)

    def key(self) -> tuple[object, ...]:
        """The part's state as one comparable value."""
        return (self.special, self.special_team, self.fixed_value, tuple(self.deciders), self.blind)

    def sees_partners(self, team: Sequence[int], seat: int) -> bool:
        """Whether ``seat`` may look at its partners' cards (the side of a hand of 11/10)."""
        return self.special == SPECIAL_ONE and team[seat] == self.special_team

    def decide(self, hand: Host, s: int, accepted: bool) -> None:
        """``s`` accepts or declines the hand of 11/10 for his side."""
        sp = hand.variant.special
        assert sp is not None
        if accepted:
            self.deciders = []
            return
        self.deciders.pop(0)
        if not self.deciders:
            hand._finish("declined", 1 - self.special_team, sp.decline_value)

    def forbidden_call(self, hand: Host, s: int) -> None:
        """A ladder call in a special hand that forbids it: the caller's side loses the game
        (the opponents get what they lack)."""
        others = 1 - hand.team[s]
        lack = max(1, hand.mr.target - hand.scores_now()[others])
        hand._finish("forbidden call", others, lack)


COPY = {"deciders": LIST}
"""How a copy of the part copies each field (the others are shared), for its own copier and
the contest's, which copies the part in line."""

_copy_special_play = copier(SpecialPlay, SpecialPlay.__slots__, COPY)
