"""The main bet ladder, a part of the contest: truco, its raises and their answers, what the
hand is worth, and what winning it gives (RULES §2.5, §5.4, §7.5).

:class:`LadderPlay` owns the state of the ladder: the level accepted, the call awaiting an
answer, who made it and who answers it. Its transitions take the contest that composes it
(:class:`~truco_rules.contest.host.Host`) for the table, the hooks and the contest's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.copying import LIST, copier
from ..rules.special import SPECIAL_NONE

if TYPE_CHECKING:
    from .host import Host

__all__ = ["LadderPlay"]


class LadderPlay:
    """The bet-ladder part of a contest and its state."""

    __slots__ = (
        "call",
        "call_caller",
        "call_passed",
        "call_refused",
        "call_responder",
        "level",
        "raise_team",
    )

    level: int
    """How many ladder calls were accepted."""
    raise_team: int | None
    """The side that accepted the last call: the one that may raise it (``None``: none
    accepted yet)."""
    call: int
    """The ladder call awaiting an answer (its level; 0: none)."""
    call_caller: int
    """The seat whose call awaits an answer."""
    call_responder: int
    """The seat asked to answer it."""
    call_refused: list[int]
    """The seats that refused the pending call (``ladder_refusal='every_opponent'``)."""
    call_passed: list[int]
    """The seats that passed the answer to a partner (``answer_pass``)."""

    def __init__(self) -> None:
        self.level = 0
        self.raise_team = None
        self.call = 0
        self.call_caller = -1
        self.call_responder = -1
        self.call_refused = []
        self.call_passed = []

    def copy(self) -> LadderPlay:
        """An independent copy."""
        return _copy_ladder_play(self)

    def key(self) -> tuple[object, ...]:
        """The part's state as one comparable value."""
        return (
            self.level,
            self.raise_team,
            self.call,
            self.call_caller,
            self.call_responder,
            tuple(self.call_refused),
            tuple(self.call_passed),
        )

    # -- worth ------------------------------------------------------------------------
    def at_top_bet(self, hand: Host) -> bool:
        """Whether the accepted stake is a top rung worth the whole target."""
        ld = hand.ld
        return ld.top_wins_target and not hand.fixed_value and self.level == len(ld.values) - 1

    def stake(self, hand: Host) -> int:
        """The accepted worth of the main bet (or the fixed worth of a special hand)."""
        return hand.fixed_value or hand.ld.values[self.level]

    def award(self, hand: Host, team: int) -> int:
        """What winning the hand now gives ``team``: the stake, or, for an accepted top rung
        that wins the target, whatever ``team`` still lacks (RULES §7.5)."""
        if self.at_top_bet(hand):
            return max(1, hand.mr.target - hand.scores_now()[team])
        return self.stake(hand)

    # -- legal calls ------------------------------------------------------------------
    def next_call(self, hand: Host, s: int) -> Action | None:
        """The ladder call open to ``s`` now, if any."""
        nxt = self.call + 1 if self.call else self.level + 1
        ld = hand.ld
        if nxt >= len(ld.values):
            return None
        if hand.special != SPECIAL_NONE:
            sp = hand.variant.special
            assert sp is not None
            if sp.call_forbidden_outright():
                return None
        target = hand.mr.target
        if (  # no call once the stake in force or pending already decides the game for both
            hand.caps_raises
            and ld.values[self.call or self.level] >= target - min(hand.scores_now())
        ):
            return None
        if self.call:
            # raising an answer: the answering side's right, unless pointless or not allowed
            if not ld.raise_as_answer:
                return None
            if (
                ld.forbid_pointless_raise
                and hand.scores_now()[hand.team[s]] + ld.values[self.call] >= target
            ):
                return None
            return hand.variant._ladder_actions[nxt - 1]
        if self.raise_team is not None and self.raise_team != hand.team[s]:
            return None
        return hand.variant._ladder_actions[nxt - 1]

    def _next_to_answer(self, hand: Host, s: int) -> int:
        """With ``ladder_refusal='every_opponent'``: the next partner of ``s`` who has not
        refused the pending call, or -1 (the call is refused for the side)."""
        if not hand.ld.refusal_passes_to_partner():
            return -1
        order, n, t = hand.order, len(hand.order), hand.team[s]
        folded = hand.folded
        for i in range(1, n):
            p = order[(hand.pos[s] + i) % n]
            if hand.team[p] == t and not folded[p] and p not in self.call_refused:
                return p if p != s else -1
        return -1

    def pass_to(self, hand: Host, s: int) -> int:
        """With ``answer_pass``: the partner ``s``, asked to answer the pending call, may pass
        it to (the next one asked after him, each asked again in turn), or -1 (he may not
        pass: he passed already, or no partner is left)."""
        if not hand.ld.answer_pass or s != self.call_responder or s in self.call_passed:
            return -1
        asked = [x for x in hand.answer_order(self.call_caller) if x not in self.call_refused]
        if s not in asked or len(asked) < 2:
            return -1
        return asked[(asked.index(s) + 1) % len(asked)]

    # -- transitions ------------------------------------------------------------------
    def pass_call(self, hand: Host, s: int) -> None:
        """``s`` passes the answer to the pending call to his next partner ('paso')."""
        self.call_responder = self.pass_to(hand, s)
        self.call_passed.append(s)

    def accept_call(self, hand: Host, s: int) -> None:
        """``s`` accepts the pending call for his side."""
        self.level = self.call
        self.raise_team = hand.team[s]
        self.call = 0
        self.call_refused = []
        self.call_passed = []

    def refuse_call(self, hand: Host, s: int) -> None:
        """``s`` refuses the pending call: for his side, or (``every_opponent``) the answer
        passes to his next partner."""
        nxt = self._next_to_answer(hand, s)
        if nxt >= 0:
            self.call_refused.append(s)
            self.call_responder = nxt
        else:
            caller = hand.team[self.call_caller]
            hand._finish("refused", caller, hand.ld.refused(self.call))

    def raise_call(self, hand: Host, s: int) -> None:
        """``s`` makes the next call of the ladder (as an answer, it accepts the pending one
        first)."""
        if self.call:
            self.level = self.call
        self.call = self.level + 1
        self.call_caller = s
        self.call_refused = []
        self.call_passed = []
        self.call_responder = hand.first_answerer(s)

    def withdraw(self) -> None:
        """The pending call is withdrawn: its caller left before it was answered."""
        self.call = 0
        self.call_refused = []
        self.call_passed = []


COPY = {"call_refused": LIST, "call_passed": LIST}
"""How a copy of the part copies each field (the others are shared), for its own copier and
the contest's, which copies the part in line."""

_copy_ladder_play = copier(LadderPlay, LadderPlay.__slots__, COPY)
