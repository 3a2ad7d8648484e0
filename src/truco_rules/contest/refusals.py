"""Why an action is refused, a part of the contest: the reason an
:class:`~truco_rules.core.errors.IllegalAction` gives, drawn from the public state and the
acting seat's own cards only (RULES §6.4; docs/architecture.md, "Information").

The contest words its own refusals (cards, the bet ladder, the special hands, answers with
nothing to answer) and asks the part that owns the rule for the rest: a side bet explains
its own calls and answers and what its ``restrict`` takes away
(:meth:`~truco_rules.rules.side_bet.SideBet.refusal`), and what it holds up while it awaits
an answer (:meth:`~truco_rules.rules.side_bet.SideBet.blocked`). Nothing here runs while
actions are legal: the reason is worked out only once an action is refused.
"""

from __future__ import annotations

from typing import Any

from ..core import actions as A
from ..core.actions import Action
from ..rules.side_bet import SideBet
from ..rules.special import SPECIAL_NONE, SPECIAL_ONE
from .bet_views import BetViews
from .fields import DECIDE, DECLARE, ENVIDO, FLOR, PHASES, PLAY, SIDE, TRUCO

__all__ = ["RefusalPlay"]

_BET_PHASES = (ENVIDO, DECLARE, FLOR, SIDE)
_ANSWERS = (A.QUIERO, A.NO_QUIERO)
_SPECIAL_RULES = "RULES §5.7, §6.6"


_OWNERS: dict[int, tuple[tuple[SideBet[Any], ...], dict[str, int]]] = {}


def _answer_owners(bets: tuple[SideBet[Any], ...]) -> dict[str, int]:
    """The bet whose answer each verb is (the first that lists an action of it), for the
    verbs that are no bet's call and not the contest's answers (worked out once per table,
    on the first refusal that needs it)."""
    hit = _OWNERS.get(id(bets))
    if hit is not None and hit[0] is bets:
        return hit[1]
    owners: dict[str, int] = {}
    for i, bet in enumerate(bets):
        for act in bet.all_actions():
            if act.verb not in _ANSWERS and act.verb not in bet.verbs:
                owners.setdefault(act.verb, i)
    if len(_OWNERS) > 256:
        _OWNERS.clear()
    _OWNERS[id(bets)] = (bets, owners)
    return owners


class RefusalPlay(BetViews):
    """The refusal reasons of a :class:`~truco_rules.contest.hand.Hand`."""

    __slots__ = ()

    def _why(self, action: Action, s: int) -> str:
        """Why ``action`` is refused to ``s``, the seat to act."""
        verb = action.verb
        if self.bt.users["restrict"]:
            why = self._restricted_why(action, s)
            if why:
                return why
        if verb == A.DEAL:
            return "only chance deals cards, before the contest: the cards are already dealt"
        if verb == A.DISCARD:
            return "a card is discarded only right after a deal that gave this seat one extra"
        if self.phase == DECIDE:
            n = self._mark()
            return (
                f"the hand of {n} is being decided: the side at {n} accepts or declines it "
                f"first ('accept-hand' or 'decline-hand', {_SPECIAL_RULES})"
            )
        if verb in (A.ACCEPT_HAND, A.DECLINE_HAND):
            return "there is no special hand to accept or decline now"
        owner = self.bt.owner.get(verb, -1)
        if owner >= 0:  # a side bet's call: the bet says why
            return self.bets[owner].refusal(self, self.side_state[owner], s, action)
        if self.phase in _BET_PHASES:  # a side bet awaits an answer: it says what it waits for
            i = self.side_waiting
            return self.bets[i].blocked(self, self.side_state[i], s, action)
        if verb == A.PLAY:
            return self._card_why(action, s)
        if verb in self.variant._ladder_names:
            return self._ladder_why(action, s)
        if verb in _ANSWERS and self.phase == PLAY:
            return "there is no bet to answer: nobody has called anything that awaits an answer"
        if verb == A.PASO:
            return self._paso_why()
        if verb == A.MAZO and self.phase == TRUCO:  # the only time the seat to act may not
            return (
                "answer the call first: at this table nobody goes to the deck while a call "
                "awaits its answer (RULES §2.10, option mazo_pending_call)"
            )
        i = _answer_owners(self.bets).get(verb, -1)
        if i >= 0:  # a bet's answer, out of its time
            return self.bets[i].refusal(self, self.side_state[i], s, action)
        return f"not allowed now ({PHASES[self.phase]}, seat {self.turn} to act)"

    def _paso_why(self) -> str:
        """Why ``paso`` (passing the answer to a partner) is refused to the seat to act."""
        if not self.ld.answer_pass:
            return "this table has no paso: the player asked answers himself (option answer_pass)"
        if self.phase == PLAY:
            return (
                "there is no call to pass: paso passes the answer to a call to a partner "
                "(RULES §2.5, option answer_pass)"
            )
        return (
            "paso passes the answer to the next partner in the hand, once per call each: this "
            "seat has passed it already, or has none (RULES §2.5, option answer_pass)"
        )

    def _legal_by_phase(self, s: int, on_turn: bool) -> list[Action]:
        """The actions of ``s`` before any bet restricts them (the hand loop knows)."""
        raise NotImplementedError

    def _whose_turn(self) -> str:
        """The reason a seat that is not to act gets (a :class:`WrongPlayer`'s)."""
        if self.phase == DECIDE:
            n = self._mark()
            return (
                f"it is not this seat's turn: the hand of {n} is being decided, only the side "
                f"at {n} decides (seat {self.turn} now, {_SPECIAL_RULES})"
            )
        return f"it is not this seat's turn: seat {self.turn} is to act ({PHASES[self.phase]})"

    def _mark(self) -> int:
        """The score of the side that decides a hand of 11 (10 where two are lacking)."""
        sp = self.variant.special
        return self.mr.target - (sp.lacking if sp is not None else 1)

    def _restricted_why(self, action: Action, s: int) -> str:
        """The reason of the bet whose ``restrict`` took ``action`` away, or ``""``."""
        out = self._legal_by_phase(s, True)
        if action not in out:
            return ""
        for i in self.bt.users["restrict"]:
            out = self.bets[i].restrict(self, self.side_state[i], s, out)
            if action not in out:
                return self.bets[i].refusal(self, self.side_state[i], s, action)
        return ""

    def _card_why(self, action: Action, s: int) -> str:
        if self.phase == TRUCO:
            name = self.variant._ladder_actions[self.call - 1].verb
            return f"answer the {name} first: a card waits until the call is answered (RULES §1.5)"
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

    def _ladder_why(self, action: Action, s: int) -> str:
        """Why a call of the bet ladder is refused (the checks of ``_ladder_call``, worded)."""
        ld = self.ld
        if self.special != SPECIAL_NONE:
            hand = f"the hand of {self._mark()}" if self.special == SPECIAL_ONE else "an iron hand"
            return f"no ladder call is allowed in {hand} ({_SPECIAL_RULES})"
        nxt = self.call + 1 if self.call else self.level + 1
        if nxt >= len(ld.values):
            return "the bet is already at the top of the ladder: no call follows (RULES §1.5)"
        wanted = self.variant._ladder_actions[nxt - 1].verb
        if self.caps_raises and ld.values[self.call or self.level] >= self.mr.target - min(
            self.scores_now()
        ):
            return "the stake already decides the game: no higher call (option raise_cap)"
        if self.call and not ld.raise_as_answer:
            return "a call is answered with quiero or no-quiero here (option raise_as_answer)"
        if (
            self.call
            and ld.forbid_pointless_raise
            and self.scores_now()[self.team[s]] + ld.values[self.call] >= self.mr.target
        ):
            return "accepting already wins the game: raising is pointless here (RULES §5.6)"
        if not self.call and self.raise_team is not None and self.raise_team != self.team[s]:
            return "only the side that accepted the last call may raise it (RULES §1.5)"
        if action.verb != wanted:
            return f"the next call this side may make is {wanted!r}"
        return f"that call may not be made now ({PHASES[self.phase]})"
