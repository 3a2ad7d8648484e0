"""Going to the deck and the end of the contest, a part of the contest: who folds with a
player who leaves (RULES §2.10), what leaving gives the other side, and ending the contest
once its winner is known (the open side bets are closed first).
"""

from __future__ import annotations

from .fields import (
    _MAZO,
    HandFields,
)

__all__ = ["EndingPlay"]


class EndingPlay(HandFields):
    """The deck-and-end part of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _mazo(self, s: int) -> None:
        t = self.team[s]
        others = 1 - t
        bonus = self._deck_bonus(t) if self.bt.users["deck_bonus"] else 0
        if self.bt.users["interrupted"]:  # e.g. as the answer, it refuses the envido
            self._side_interrupt(s, _MAZO)
        if self.call and self.team[self.call_caller] != t:
            # going to the deck with a call pending refuses it for the side
            for x in self.live(t):
                self.folded[x] = True
            self._finish("mazo", others, self.ld.refused(self.call) + bonus)
            return
        if self.call:  # his own side's call, still unanswered, is withdrawn
            self.call = 0
            self.call_refused = []
            self.call_passed = []
        if self.ld.mazo_concedes_for_side:  # one player running concedes for his side
            for x in self.live(t):
                self.folded[x] = True
        self.folded[s] = True
        if s in self.to_play:
            self.to_play.remove(s)
        if not self.live(t):
            self._finish("mazo", others, self._award(others) + bonus)
        elif not self.to_play:
            self._end_trick()

    def _finish(self, reason: str, team: int | None, pts: int) -> None:
        ended = bool(self.end_reason)  # the target was reached: nobody won the contest
        self.hand_winner = team  # what the side bets settled at the end read
        if self.bets:
            self._close_side_bets()  # their points may reach the target: end_reason is set
        if ended:
            self.hand_winner = None
        if not self.end_reason:
            if team is not None and pts > 0:
                self.points.append((team, pts, reason))
                self.pts_end[team] += pts
            self.end_reason = reason
