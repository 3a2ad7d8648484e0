"""The main bet ladder, a part of the contest: truco, its raises and their answers, what the
hand is worth, and what winning it gives (RULES §2.5, §5.4, §7.5).
"""

from __future__ import annotations

from ..core.actions import Action
from ..rules.special import SPECIAL_NONE
from .fields import HandFields

__all__ = ["LadderPlay"]


class LadderPlay(HandFields):
    """The bet-ladder part of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _init_ladder(self) -> None:
        self.level = 0
        self.raise_team = None
        self.call = 0  # pending ladder level (0 = none)
        self.call_caller = -1
        self.call_responder = -1
        self.call_refused = []  # seats that refused the pending call (every_opponent)
        self.call_passed = []  # seats that passed the answer to a partner (answer_pass)

    def stake(self) -> int:
        """The accepted worth of the main bet (or the fixed worth of a special hand)."""
        return self.fixed_value or self.ld.values[self.level]

    def _at_top_bet(self) -> bool:
        """Whether the accepted stake is a top rung worth the whole target."""
        ld = self.ld
        return ld.top_wins_target and not self.fixed_value and self.level == len(ld.values) - 1

    def won_top_bet(self) -> bool:
        """Whether the contest was won on an accepted top rung worth the whole target."""
        return self._at_top_bet() and self.hand_winner is not None

    def _award(self, team: int) -> int:
        """What winning the hand now gives ``team``: the stake, or, for an accepted top rung
        that wins the target, whatever ``team`` still lacks (RULES §7.5)."""
        if self._at_top_bet():
            return max(1, self.mr.target - self.scores_now()[team])
        return self.stake()

    def _ladder_call(self, s: int) -> Action | None:
        nxt = self.call + 1 if self.call else self.level + 1
        if nxt >= len(self.ld.values):
            return None
        if self.special != SPECIAL_NONE:
            sp = self.variant.special
            assert sp is not None
            if sp.call_forbidden_outright():
                return None
        ld = self.ld
        if (  # no call once the stake in force or pending already decides the game for both
            self.caps_raises
            and ld.values[self.call or self.level] >= self.mr.target - min(self.scores_now())
        ):
            return None
        if self.call:
            # raising an answer: the answering side's right, unless pointless or not allowed
            if not ld.raise_as_answer:
                return None
            if (
                ld.forbid_pointless_raise
                and self.scores_now()[self.team[s]] + ld.values[self.call] >= self.mr.target
            ):
                return None
            return self.variant._ladder_actions[nxt - 1]
        if self.raise_team is not None and self.raise_team != self.team[s]:
            return None
        return self.variant._ladder_actions[nxt - 1]

    def _next_to_answer(self, s: int) -> int:
        """With ``ladder_refusal='every_opponent'``: the next partner of ``s`` who has not
        refused the pending call, or -1 (the call is refused for the side)."""
        if not self.ld.refusal_passes_to_partner():
            return -1
        order, n, t = self.order, len(self.order), self.team[s]
        for i in range(1, n):
            p = order[(self.pos[s] + i) % n]
            if self.team[p] == t and not self.folded[p] and p not in self.call_refused:
                return p if p != s else -1
        return -1

    def _pass_to(self, s: int) -> int:
        """With ``answer_pass``: the partner ``s``, asked to answer the pending call, may pass
        it to (the next one asked after him, each asked again in turn), or -1 (he may not
        pass: he passed already, or no partner is left)."""
        if not self.ld.answer_pass or s != self.call_responder or s in self.call_passed:
            return -1
        asked = [x for x in self.answer_order(self.call_caller) if x not in self.call_refused]
        if s not in asked or len(asked) < 2:
            return -1
        return asked[(asked.index(s) + 1) % len(asked)]

    def _pass_call(self, s: int) -> None:
        """``s`` passes the answer to the pending call to his next partner ('paso')."""
        self.call_responder = self._pass_to(s)
        self.call_passed.append(s)

    def _accept_call(self, s: int) -> None:
        """``s`` accepts the pending call for his side."""
        self.level = self.call
        self.raise_team = self.team[s]
        self.call = 0
        self.call_refused = []
        self.call_passed = []

    def _refuse_call(self, s: int) -> None:
        """``s`` refuses the pending call: for his side, or (``every_opponent``) the answer
        passes to his next partner."""
        nxt = self._next_to_answer(s)
        if nxt >= 0:
            self.call_refused.append(s)
            self.call_responder = nxt
        else:
            caller = self.team[self.call_caller]
            self._finish("refused", caller, self.ld.refused(self.call))

    def _raise_call(self, s: int) -> None:
        """``s`` makes the next call of the ladder (as an answer, it accepts the pending one
        first)."""
        if self.call:
            self.level = self.call
        self.call = self.level + 1
        self.call_caller = s
        self.call_refused = []
        self.call_passed = []
        self.call_responder = self.first_answerer(s)
