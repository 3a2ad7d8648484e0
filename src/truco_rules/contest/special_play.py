"""Special hands, a part of the contest: the hand of 11 (10 in Minas), which the side at the
mark accepts or declines, and the iron hand, possibly played blind (RULES §5.5, §5.6, §6.5).
"""

from __future__ import annotations

from ..rules.special import SPECIAL_IRON, SPECIAL_ONE
from .fields import HandFields

__all__ = ["SpecialPlay"]


class SpecialPlay(HandFields):
    """The special-hands part of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _init_special(self, special: tuple[str, int]) -> None:
        self.special, self.special_team = special
        self.fixed_value = 0  # the hand's worth when special hands fix it
        self.deciders = []
        self.blind = False
        sp = self.variant.special
        if sp is not None and self.special == SPECIAL_ONE:
            self.fixed_value = sp.play_value
            side = [s for s in self.order if self.team[s] == self.special_team]
            self.deciders = side if sp.any_partner_accepts() else side[-1:]
        elif sp is not None and self.special == SPECIAL_IRON:
            self.fixed_value = sp.iron_value
            self.blind = sp.iron_blind()

    def sees_partners(self, seat: int) -> bool:
        """Whether ``seat`` may look at its partners' cards (the side of a hand of 11/10)."""
        return self.special == SPECIAL_ONE and self.team[seat] == self.special_team

    def _decide(self, s: int, accepted: bool) -> None:
        sp = self.variant.special
        assert sp is not None
        if accepted:
            self.deciders = []
            return
        self.deciders.pop(0)
        if not self.deciders:
            self._finish("declined", 1 - self.special_team, sp.decline_value)

    def _forbidden_call(self, s: int) -> None:
        """A ladder call in a special hand that forbids it: the caller's side loses the game
        (the opponents get what they lack)."""
        others = 1 - self.team[s]
        lack = max(1, self.mr.target - self.scores_now()[others])
        self._finish("forbidden call", others, lack)
