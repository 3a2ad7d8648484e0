"""The side bets, a part of the contest: every :class:`~truco_rules.rules.side_bet.SideBet` the
contest plays (the kernel's envido and flor, then the variant's own, see
:mod:`truco_rules.contest.bet_table`), with their states, calls, answers and points, played through
the one protocol of :mod:`truco_rules.rules.side_bet`.

The part keeps one state value per bet in ``side_state`` (immutable values, so a copy of
the contest shares them) and the index of the bet awaiting an answer in ``side_waiting``.
A bet's action is worked out in full (:meth:`SideBetPlay._side_outcome`, which may raise)
before anything in the contest changes. The variant's own bets are played behind a guard
that checks everything they return (:mod:`truco_rules.contest.bet_guard`); the kernel's two are
trusted.

While a bet awaits an answer, only its answers reach it: going to the deck is the kernel's
(the bets hear of it through ``interrupted``) and a call of another bet, interjected
meanwhile, is that bet's.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

from ..core import actions as A
from ..core.actions import Action
from ..rules.side_bet import Credit
from ..rules.side_bet_checks import MAX_AUTOMATIC, broke
from .bet_states import FlorState
from .fields import _MAZO, PHASES, SIDE, HandFields
from .flor_bet import FlorBet

__all__ = ["SideBetPlay"]

_Outcome = tuple[int, Hashable, tuple[tuple[int, int, str], ...]]
_PHASE_OF = {name: i for i, name in enumerate(PHASES)}


class SideBetPlay(HandFields):
    """The side-bet part of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _init_side(self) -> None:
        bt = self.bt = self._bet_table
        self.bets = bt.bets
        self.side_state = []  # the bets may read each other's states as they start
        for b in bt.bets:
            self.side_state.append(b.start(self))
        self.side_waiting = -1
        # whether a bet may be waiting: the kernel's bets wait only after their state changed
        # (none waits as a contest starts), a variant's own may wait at any time
        self.side_scan = bt.own < len(bt.bets)

    # -- legal actions ----------------------------------------------------------------
    def _side_offers(self, s: int, on_turn: bool, out: list[Action]) -> None:
        """Append the calls the side bets offer ``s`` (cards in play or a ladder call to
        answer)."""
        states = self.side_state
        bets = self.bets
        for i in self.bt.users["offers"]:
            out.extend(bets[i].offers(self, states[i], s, on_turn))

    def _side_answers(self, s: int, on_turn: bool, out: list[Action]) -> None:
        """Append what ``s`` may do while a side bet awaits an answer: its answers (the
        awaited seat's, or any of its side's), the calls other bets allow meanwhile, and
        going to the deck where that answers the bet."""
        i = self.side_waiting
        bet = self.bets[i]
        answers: Sequence[Action] = ()
        if bet.side_answers:  # any seat of the awaited seat's side (the seat to act) answers
            if i < self.bt.own or self.team[s] == self.team[self.turn]:
                answers = bet.answers(self, self.side_state[i], s)
        elif on_turn and bet.awaiting(self, self.side_state[i]) == s:
            answers = bet.answers(self, self.side_state[i], s)
        out.extend(answers)
        shown = self.bt.raw[i]  # the bet as the variant has it, not its guard
        for j in self.bt.users["interjections"]:
            if j != i:
                out.extend(self.bets[j].interjections(self, self.side_state[j], s, on_turn, shown))
        if answers:
            if (
                i < self.bt.own or self.ld.mazo_out_of_turn  # the kernel's: its own rule
            ) and bet.answered_by_leaving(self, self.side_state[i]):
                out.append(_MAZO)
        elif isinstance(bet, FlorBet) and bet.leaves_out_of_turn(
            self, cast("FlorState", self.side_state[i]), s
        ):
            out.append(_MAZO)  # the duel's calling side (FlorRules.mazo_during_flor_duel)

    def _held_back(self, s: int) -> bool:
        """Whether a bet holds ``s`` (not the seat to act) back until it acts for it."""
        states = self.side_state
        return any(self.bets[i].holds_back(self, states[i], s) for i in self.bt.users["holds_back"])

    def _restricted(self, s: int, out: list[Action]) -> list[Action]:
        states = self.side_state
        for i in self.bt.users["restrict"]:
            out = self.bets[i].restrict(self, states[i], s, out)
        return out

    # -- who acts ---------------------------------------------------------------------
    def _side_awaited(self) -> int:
        """The seat a side bet awaits (the first bet by precedence that awaits one), noting
        the bet and setting the phase; -1 if none does (and, with the kernel's bets alone,
        none will until a bet's state changes: ``side_scan`` is cleared)."""
        own = self.bt.own
        for i in self.bt.settle:
            bet = self.bets[i]
            seat = bet.awaiting(self, self.side_state[i])
            if seat >= 0:
                self.side_waiting = i
                name = bet.phase(self, self.side_state[i]) if i < own else PHASES[SIDE]
                self.phase = _PHASE_OF[name]
                return seat
        self.side_waiting = -1
        self.side_scan = own < len(self.bets)
        return -1

    def _side_automatic(self, done: int) -> bool:
        """Take the first action a bet takes by itself now (unrecorded); whether one was.
        ``done``: how many the bets took since a seat last acted, at most
        :data:`~truco_rules.rules.side_bet_checks.MAX_AUTOMATIC` (one that changes nothing for good
        would be taken again forever)."""
        for i in self.bt.users["automatic"]:
            bet = self.bets[i]
            auto = bet.automatic(self, self.side_state[i])
            if auto is not None:
                if done >= MAX_AUTOMATIC:
                    raise broke(
                        bet.name,
                        "automatic",
                        f"took {done} actions by itself in a row and takes another: an "
                        "automatic action must change the bet's state for good",
                    )
                seat, act = auto
                self._side_apply(self._side_outcome(i, seat, act), seat, act)
                return True
        return False

    # -- acting -----------------------------------------------------------------------
    def _side_owner(self, act: Action) -> int:
        """The index of the side bet whose action ``act`` is, or -1 (the contest's own; a
        card played is always the contest's own). While a bet waits, going to the deck is
        the contest's and another bet's call that bet's (the waiting bet's answers are
        never another's call); the rest is the waiting bet's."""
        i = self.side_waiting
        if i >= 0:
            verb = act.verb
            if verb == A.MAZO:
                return -1
            return self.bt.owner.get(verb, i)
        return self.bt.owner.get(act.verb, -1)

    def _side_outcome(self, i: int, s: int, act: Action) -> _Outcome:
        """What bet ``i`` makes of ``s`` taking ``act``: its new state and the points it
        gives, checked; nothing changes yet."""
        bet = self.bets[i]
        state, credits = bet.act(self, self.side_state[i], s, act)  # checked by a guard
        if not credits:
            return i, state, ()
        return _named(i, bet.name, state, credits)

    def _side_interrupt(self, s: int, act: Action, skip: int = -1) -> None:
        """Tell the bets that listen that ``s`` takes ``act``, not theirs."""
        for j in self.bt.users["interrupted"]:
            if j != skip:
                bet = self.bets[j]
                before = self.side_state[j]
                state, credits = bet.interrupted(self, before, s, act)
                if state is not before or credits:
                    self._side_set(_named(j, bet.name, state, credits))

    def _side_apply(self, outcome: _Outcome, s: int, act: Action) -> None:
        i, state, credits = outcome
        users = self.bt.users
        heard = users["interrupted"]
        if heard and heard != (i,):
            self._side_interrupt(s, act, i)
        self.side_state[i] = state
        self.side_scan = True
        for side, pts, reason in credits:
            self._credit(side, pts, reason)
        if i in users["ends"] and not self.end_reason:
            reason = self.bets[i].ends(self, self.side_state[i])
            if reason:
                self._finish(reason, None, 0)
        if self.held_end is not None:  # the end waited for a flor: sung now?
            self._release_held_end()

    def _side_set(self, outcome: _Outcome) -> None:
        i, state, credits = outcome
        self.side_state[i] = state
        self.side_scan = True
        for side, pts, reason in credits:
            self._credit(side, pts, reason)

    def _deck_bonus(self, side: int) -> int:
        states = self.side_state
        bets = self.bets
        total = 0
        for i in self.bt.users["deck_bonus"]:
            total += bets[i].deck_bonus(self, states[i], side)
        return total

    def _close_side_bets(self) -> None:
        """At the end of the contest: each bet's last state and the points still owed (all
        worked out, in the order of precedence, before any is applied)."""
        states = self.side_state
        outcomes = []
        for i in self.bt.settle:
            bet = self.bets[i]
            state, credits = bet.close(self, states[i])
            if credits or state is not states[i]:
                outcomes.append(_named(i, bet.name, state, credits))
        for outcome in outcomes:
            self._side_set(outcome)


def _named(i: int, name: str, state: Hashable, credits: Sequence[Credit]) -> _Outcome:
    """Bet ``i``'s new state and points, each with its reason (the bet's name unless it
    gave one). A guard has checked a variant's own bet's; the kernel's are trusted."""
    if not credits:
        return i, state, ()
    return i, state, tuple((c[0], c[1], c[2] if len(c) == 3 else name) for c in credits)
