"""The legal actions of a contest by phase, a part of the contest: what each seat may do
now, in a fixed order, and the cached list of the seat to act (RULES §1.5, §2.5, §2.7,
§5.5).

The contest offers, by phase: the accept or decline of a hand of 11/10; in play, the card
plays (the trick-play part's), the next ladder call (the ladder part's), the side bets'
calls and going to the deck; while a ladder call awaits, its answers, a raise, the side
bets' calls and the pass to a partner; while a side bet awaits, what the bets allow. A side
bet may then take calls away (an unsung flor: sing it or leave).
"""

from __future__ import annotations

from typing import cast

from ..core.actions import PLAY as _PLAY_VERB
from ..core.actions import Action
from ..core.errors import InvalidType
from ..rules.side_bet import _NO_QUIERO, _QUIERO
from ..rules.special import SPECIAL_ONE
from .bet_states import EnvidoState, FlorState
from .envido_bet import EnvidoBet
from .fields import _ACCEPT_HAND, _DECLINE_HAND, _MAZO, _PASO, DECIDE, OVER, PLAY, TRUCO
from .flor_bet import FlorBet
from .side_play import SideBetPlay

__all__ = ["LegalPlay"]


class LegalPlay(SideBetPlay):
    """The legal actions of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act), in a fixed order.

        Seats other than the one to act may have actions too: a partner may answer a call for
        his side, and with ``truco_call_timing='any_time'`` a player may call out of turn.
        """
        if seat is None:  # the seat to act: the cached list, worked out once per state
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal(self.turn, True)
            return list(legal)
        if type(seat) is not int:  # True is no seat 1
            raise InvalidType("seat", "an int or None", seat)
        return list(self._legal_of(seat))

    def card_plays(self) -> list[Action]:
        """The card plays of the seat to act: the ``play`` actions of :meth:`legal_actions`,
        in its order (a new list), worked out without the rest of the list (calls, side bets)
        when nothing can take a play away. :meth:`apply` recognises them by identity, as it
        does the cached legal list (a played-out contest asks for nothing else)."""
        s = self.turn
        if self.phase != PLAY or s < 0 or self.trick_play.folded[s] or self.bt.users["restrict"]:
            return [a for a in self._legal_of(s) if a.verb == _PLAY_VERB]
        plays = self._plays
        if plays is None:
            legal = self._legal
            if legal is not None:
                return [a for a in legal if a.verb == _PLAY_VERB]
            plays = self._plays = []
            self.trick_play.plays_of(self, s, plays)  # where the legal list starts, on turn
        return list(plays)

    def tricks_alone(self) -> bool:
        """Whether, if only cards are played from here, one each turn and face up, the
        contest goes on by its tricks alone and is won by the side they give: each trick
        settled by its cards (:func:`~truco_rules.rules.tricks.trick_result`, the next led
        by its winner), the contest ended when the trick rule's ``decide`` says so, nothing
        else acting. A card is to be played; no side bet awaits, acts by itself or narrows
        the plays, nor can its points at the end of the contest reach the target (which
        leaves it without a winner); no hand is played blind or two cards at once, and no
        rule ends the contest early on an unbeatable card or a certain winner. A played-out
        contest may then be worked out on the cards alone."""
        tricks = self.trick_play
        tr = self.tr
        one_side = self.special == SPECIAL_ONE
        if (
            self.phase != PLAY
            or self.side_scan
            or self.blind
            or tricks.double
            or self.bt.users["restrict"]
            or tr.end_on_unbeatable_card
            or tr.end_when_certain
            or (tricks.trick_no == 0 and tr.double_play_after_first_tie(one_side))
        ):
            return False
        for i in self.bt.users["automatic"]:
            bet = self.bets[i]
            if type(bet) is not FlorBet:
                return False
            # the kernel's flor is sung by itself only in the first trick, while a flor is
            # undeclared (FlorBet.automatic); card plays leave the bet's state as it is
            state = cast("FlorState", self.side_state[i])
            if bet.auto and not tricks.trick_no and True in state.undeclared:
                return False
        return not self.credits_at_once or all(
            _closes_quietly(b, st) for b, st in zip(self.bets, self.side_state, strict=True)
        )

    def _legal_of(self, seat: int) -> list[Action]:
        """Legal actions of ``seat``; for the seat to act, the cached list itself."""
        if seat == self.turn:
            if self._legal is None:
                self._legal = self._compute_legal(self.turn, True)
            return self._legal
        if not 0 <= seat < len(self.team) or self.pos[seat] < 0:
            return []
        return self._compute_legal(seat, False)

    def _compute_legal(self, s: int, on_turn: bool) -> list[Action]:
        out = self._legal_by_phase(s, on_turn)
        if out and self.bt.users["restrict"]:  # e.g. an unsung flor: sing it or leave
            out = self._restricted(s, out)
        return out

    def _legal_by_phase(self, s: int, on_turn: bool) -> list[Action]:
        ph = self.phase
        if ph == OVER or self.trick_play.folded[s]:
            return []
        if not on_turn and self.bt.users["holds_back"] and self._held_back(s):
            return []  # e.g. his flor is sung at his first decision, before anything else
        out: list[Action] = []
        if ph == DECIDE:
            if on_turn:
                out += [_ACCEPT_HAND, _DECLINE_HAND]
            return out
        ladder = self.ladder_play
        if ph == PLAY:
            if on_turn:
                self.trick_play.plays_of(self, s, out)
            elif not self.calls_any_time:
                if self.ld.mazo_out_of_turn:
                    out.append(_MAZO)
                return out
            call = ladder.next_call(self, s)
            if call is not None:
                out.append(call)
            if self.bt.users["offers"]:
                self._side_offers(s, on_turn, out)
            if on_turn or self.ld.mazo_out_of_turn:
                out.append(_MAZO)
            return out
        if ph == TRUCO:
            leave = self.leaves_on_pending_call
            if self.team[s] == self.team[ladder.call_caller]:
                if self.ld.mazo_out_of_turn and leave:
                    out.append(_MAZO)
                return out
            if s in ladder.call_refused:
                return out
            out.append(_QUIERO)
            out.append(_NO_QUIERO)
            call = ladder.next_call(self, s)
            if call is not None:
                out.append(call)
            if self.bt.users["offers"]:
                self._side_offers(s, on_turn, out)
            if on_turn and self.ld.answer_pass and ladder.pass_to(self, s) >= 0:
                out.append(_PASO)
            if leave:
                out.append(_MAZO)
            return out
        self._side_answers(s, on_turn, out)  # a side bet awaits an answer
        return out


def _closes_quietly(bet: object, state: object) -> bool:
    """Whether the kernel's envido or flor ``bet`` in ``state`` credits nothing as the
    contest ends, however its cards are played: an envido scored as settled (no statement
    left to check), a flor with none undeclared and no penalty owed (EnvidoBet.close,
    FlorBet.close). Any other bet may."""
    if type(bet) is EnvidoBet:
        return not bet.declared or not cast("EnvidoState", state).result
    if type(bet) is FlorBet:
        return not bet.penalised and True not in cast("FlorState", state).undeclared
    return False
