"""Why an action is refused, a part of the contest: the reason an
:class:`~truco_rules.core.errors.IllegalAction` gives, drawn from the public state and the
acting seat's own cards only (RULES §6.4, DESIGN §4).
"""

from __future__ import annotations

from ..core import actions as A
from ..core.actions import Action
from ..rules.special import SPECIAL_NONE
from .bet_states import ENV_NONE
from .bet_views import BetViews
from .fields import _ENVIDO_ACTS, DECIDE, ENVIDO, PHASES, PLAY

__all__ = ["RefusalPlay"]


class RefusalPlay(BetViews):
    """The refusal reasons of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _why(self, action: Action, s: int) -> str:
        verb = action.verb
        if verb == A.PLAY:
            if self.phase != PLAY:
                return f"no card can be played now ({PHASES[self.phase]})"
            if self.blind and action.card is not None:
                return "this hand is played blind: name a dealt position ('play #1')"
            if action.card is None:
                return "a blind play ('play #k') is only for blind hands, of a card still held"
            if action.card not in self.cards[s] or (
                action.under is not None and action.under not in self.cards[s]
            ):
                return "that card is not in this seat's hand"
            if self.double and action.under is None:
                return "after a tied first trick both cards are played at once ('play X over Y')"
            if action.under is not None:
                return "a two-card play is only allowed after a tied first trick"
            if action.down:
                if self.trick_no == 0:
                    return "a card may not be played face down in the first trick"
                if self.tr.facedown_one_per_side and any(
                    d and self.team[x] == self.team[s] for x, _c, d in self.trick_plays
                ):
                    return "a partner already played face down in this trick: one per side"
                return "a card may not be played face down now"
            return f"no card can be played now ({PHASES[self.phase]})"
        if verb in (A.ACCEPT_HAND, A.DECLINE_HAND):
            return "there is no special hand to accept or decline now"
        if verb in self.variant._ladder_names:
            if self.special != SPECIAL_NONE:
                return "no ladder call is allowed in a hand of 11/10 or an iron hand"
            if self.phase == DECIDE:
                return "the special hand must be accepted or declined first"
            return "that call is not the next one this side may make now"
        if verb in _ENVIDO_ACTS:
            if self.phase == ENVIDO:
                return "that raise does not follow the envido bets made so far"
            if self.env_state != ENV_NONE:
                return "envido was already called (or voided by a flor) in this hand"
            if self.trick_no or self.level:
                return "envido may be called only in the first trick, before a truco is accepted"
            return "this player may not call envido (he has played, or is not his side's pie)"
        side = self._side_refusal(action, s)
        if side is not None:
            return side
        return f"not allowed now ({PHASES[self.phase]}, seat {self.turn} to act)"

    def _side_refusal(self, action: Action, s: int) -> str | None:
        """A side bet's own reason for refusing an action with one of its verbs."""
        i = self.variant._sides.owner.get(action.verb, -1)
        if i < 0:
            return None
        i += self.bt.own  # the kernel's bets come first
        return self.bets[i].refusal(self, self.side_state[i], s, action)
