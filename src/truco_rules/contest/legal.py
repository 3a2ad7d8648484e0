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

from ..core.actions import PLAY as _PLAY_VERB
from ..core.actions import Action
from ..core.errors import InvalidType
from ..rules.side_bet import _NO_QUIERO, _QUIERO
from .fields import _ACCEPT_HAND, _DECLINE_HAND, _MAZO, _PASO, DECIDE, OVER, PLAY, TRUCO
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
