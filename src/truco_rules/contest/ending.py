"""Going to the deck and the end of the contest, a part of the contest: who folds with a
player who leaves (RULES §2.10), what leaving gives the other side, and ending the contest
once its winner is known (the open side bets are closed first).
"""

from __future__ import annotations

from typing import cast

from .bet_states import FlorState
from .fields import (
    _MAZO,
    HandFields,
)
from .flor_bet import FlorBet

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
        ladder, tricks = self.ladder_play, self.trick_play
        if ladder.call and self.team[ladder.call_caller] != t:
            # going to the deck with a call pending refuses it for the side
            tricks.mark_folded(self.live(t))
            self._end_by_mazo(others, self.ld.refused(ladder.call) + bonus)
            return
        if ladder.call:  # his own side's call, still unanswered, is withdrawn
            ladder = self.ladder_play = ladder.copy()  # copies share it until it changes
            ladder.withdraw()
        if self.ld.mazo_concedes_for_side:  # one player running concedes for his side
            tricks.mark_folded(self.live(t))
        tricks.fold(s)
        if not self.live(t):
            self._end_by_mazo(others, self._award(others) + bonus)
        elif not tricks.to_play:
            tricks.end_trick(self)

    def _end_by_mazo(self, team: int, pts: int) -> None:
        """End the contest: the other side went to the deck. Where the rules say so
        (``FlorRules.mazo_waits_for_flor``), the end waits while a player of ``team`` still
        has a flor to sing: the flor awaits him (RULES §2.10)."""
        i = self.bt.by_name.get("flor", -1)
        bet = self.bets[i] if i >= 0 else None
        if isinstance(bet, FlorBet):
            held = bet.hold(self, cast("FlorState", self.side_state[i]), team)
            if held is not None:
                self.side_state[i] = held
                self.side_scan = True
                self.held_end = (team, pts)
                return
        self._finish("mazo", team, pts)

    def _release_held_end(self) -> None:
        held = self.held_end
        st = cast("FlorState | None", self.bet_state("flor"))
        if held is not None and (st is None or st.owed < 0):
            self.held_end = None
            self._finish("mazo", *held)

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
