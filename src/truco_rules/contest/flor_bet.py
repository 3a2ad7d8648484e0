"""The flor as a side bet (RULES §2.7, §2.10): flores sung (automatically or by hand), the
duel of flores and its raises, deferred and forfeited flores; a flor voids the envido.

One implementation of the :mod:`side-bet protocol <truco_rules.rules.side_bet>`, built from a
variant's :class:`~truco_rules.rules.flor.FlorRules` hook; the contest plays it before the
variant's own side bets and answers it before any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from ..core import actions as A
from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import UnhandledChoice
from ..rules.flor import FlorRules
from ..rules.side_bet import _NO_QUIERO, _QUIERO, Contest, Credit, SideBet
from . import flor_leaving as duel_deck
from .bet_states import (
    ENV_NONE,
    ENV_PENDING,
    FL_CONTRA,
    FL_DONE,
    FL_RESPOND,
    FL_RESTO,
    EnvidoState,
    FlorState,
)
from .flor_holders import (
    held_score,
    holder_after,
    kept,
    partner_silences,
    sings_first,
    unsung_after,
)
from .side_refusals import flor_blocked, flor_refusal, flor_restriction

__all__ = ["FlorBet"]

_FLOR = Action.call(A.FLOR)
_MAZO = Action.call(A.MAZO)
_CONTRAFLOR = Action.call(A.CONTRAFLOR)
_RESTO = Action.call(A.CONTRAFLOR_AL_RESTO)
_CF_QUIERO = Action.call(A.CON_FLOR_QUIERO)
_ACHICO = Action.call(A.CON_FLOR_ME_ACHICO)
_WAITING = (FL_RESPOND, FL_CONTRA, FL_RESTO)
_KEPT = frozenset((A.PLAY, A.MAZO, A.FLOR))
"""What a player whose partner holds a flor still to sing keeps (``partner_unsung_flor``):
his cards, the deck and his own flor; the seat to act keeps his answer too."""
_KEPT_ON_TURN = _KEPT | {A.QUIERO, A.NO_QUIERO}


_NO_FLOR: dict[int, FlorState] = {}
"""The start of a contest of ``n`` seats where nobody holds a flor (one value per ``n``)."""


@attrs.frozen
class FlorBet(SideBet[FlorState]):
    """The flor of a variant whose :attr:`~truco_rules.rules.variant.Variant.flor` is ``rules``.
    It reads the envido's state (``contest.bet_state("envido")``): a flor is sung by hand
    only while no envido was settled."""

    name: ClassVar[str] = "flor"
    verbs: ClassVar[tuple[str, ...]] = (
        A.FLOR,
        A.CONTRAFLOR,
        A.CONTRAFLOR_AL_RESTO,
        A.CON_FLOR_QUIERO,
        A.CON_FLOR_ME_ACHICO,
    )
    precedence: ClassVar[int] = -2
    side_answers: ClassVar[bool] = True

    rules: FlorRules
    auto: bool = attrs.field(init=False, eq=False, repr=False)
    sing_or_leave: bool = attrs.field(init=False, eq=False, repr=False)
    penalised: bool = attrs.field(init=False, eq=False, repr=False)
    plain: bool = attrs.field(init=False, eq=False, repr=False)
    silenced: bool = attrs.field(init=False, eq=False, repr=False)
    leaving: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "leaving", self.rules.leaving_in_duel())
        object.__setattr__(self, "auto", self.rules.sung_automatically())
        object.__setattr__(self, "sing_or_leave", self.rules.must_sing_or_leave())
        object.__setattr__(self, "penalised", self.rules.penalised())
        object.__setattr__(self, "silenced", self.rules.partner_flor_silences())
        # the stock points_in ignores the deal: skip building a context per seat
        object.__setattr__(self, "plain", type(self.rules).points_in is FlorRules.points_in)

    def uses(self, method: str) -> bool:
        if method in ("offers", "interjections"):  # a flor sung by hand
            return not self.auto
        if method in ("automatic", "holds_back"):
            return self.auto
        if method == "restrict":
            return self.sing_or_leave or self.silenced
        if method == "interrupted":  # going to the deck during the duel
            return self.leaving
        return super().uses(method)

    def start(self, contest: Contest) -> FlorState:
        n = len(contest.team)
        fl = self.rules
        pts: list[int | None] = [None] * n
        if self.plain:  # the stock score, asked only of three cards of one suit
            for s in contest.order:
                c = contest.dealt[s]
                if len(c) == 3 and c[0].suit == c[1].suit == c[2].suit:
                    pts[s] = fl.points(c)
        else:
            for s in contest.order:
                pts[s] = held_score(contest, fl, s)
        if pts.count(None) == n:  # the commonest deal: nobody holds a flor
            st = _NO_FLOR.get(n)
            if st is None:
                st = _NO_FLOR[n] = FlorState((None,) * n, (False,) * n)
            return st
        return FlorState(tuple(pts), tuple([p is not None for p in pts]))

    def _by_hand(self, contest: Contest, st: FlorState, s: int) -> bool:
        if self.auto or not st.undeclared[s] or contest.played_first[s] or contest.trick_no:
            return False
        env: EnvidoState | None = contest.bet_state("envido")  # type: ignore[assignment]
        return env is None or env.stage in (ENV_NONE, ENV_PENDING)

    def offers(
        self, contest: Contest, state: FlorState, seat: int, on_turn: bool
    ) -> Sequence[Action]:
        return (_FLOR,) if self._by_hand(contest, state, seat) else ()

    def interjections(
        self, contest: Contest, state: FlorState, seat: int, on_turn: bool, awaiting: SideBet[Any]
    ) -> Sequence[Action]:
        # a flor answers any envido, whoever holds it (RULES §2.7.4)
        if awaiting.name == "envido" and self._by_hand(contest, state, seat):
            return (_FLOR,)
        return ()

    def awaiting(self, contest: Contest, state: FlorState) -> int:
        st = state
        if st.owed >= 0:
            return st.owed
        return st.responder if st.stage in _WAITING else -1

    def hold(self, contest: Contest, state: FlorState, side: int) -> FlorState | None:
        """With ``mazo_waits_for_flor``, as the other side goes to the deck: the state that
        awaits the first flor of ``side`` still to be sung (one his side would be scored at
        the end, see :meth:`close`), or ``None`` when there is none or the rule is off."""
        if not self.rules.mazo_waits_for_flor or state.called:
            return None
        for s in contest.order:
            if contest.team[s] == side and kept(contest, state, s):
                return state._replace(owed=s)
        return None

    def phase(self, contest: Contest, state: FlorState) -> str:
        return "answer-flor"

    # -- going to the deck during the duel (mazo_during_flor_duel): flor_leaving --------
    def answered_by_leaving(self, contest: Contest, state: FlorState) -> bool:
        return self.leaving and duel_deck.answered_by_leaving(state)

    def leaves_out_of_turn(self, contest: Contest, state: FlorState, seat: int) -> bool:
        """Whether ``seat``, who has no answer to give, may go to the deck while the duel
        awaits one (his side's call). The kernel's own rule, asked only of the flor."""
        return self.leaving and duel_deck.leaves_out_of_turn(contest, state, seat)

    def interrupted(
        self, contest: Contest, state: FlorState, seat: int, action: Action
    ) -> tuple[FlorState, Sequence[Credit]]:
        if action.verb == A.MAZO:
            effect = duel_deck.leaving_effect(contest, state, seat)
            if effect == duel_deck.REFUSES:
                return self._answer(contest, state, seat, A.NO_QUIERO)
            if effect == duel_deck.CONCEDES:
                pts, holder = duel_deck.conceded(self.rules, contest, state)
                out: list[Credit] = []
                done = state._replace(stage=FL_DONE)
                return self._award(done, 1 - contest.team[seat], pts, holder, out), out
        return state, ()

    def answers(self, contest: Contest, state: FlorState, seat: int) -> Sequence[Action]:
        st = state
        if st.owed >= 0:  # the hand waits for his flor: he sings it
            return (_FLOR,) if seat == st.owed else ()
        if contest.team[seat] == duel_deck.caller_side(st) or st.pts[seat] is None:
            return ()
        if st.stage == FL_RESPOND:
            return (_ACHICO, _CF_QUIERO, _CONTRAFLOR, _RESTO)
        if st.stage == FL_CONTRA:
            return (_QUIERO, _NO_QUIERO, _RESTO)
        return (_QUIERO, _NO_QUIERO)

    def act(
        self, contest: Contest, state: FlorState, seat: int, action: Action
    ) -> tuple[FlorState, Sequence[Credit]]:
        st = state
        if action.verb == A.FLOR:
            return self._sing(contest, st, seat)
        return self._answer(contest, st, seat, action.verb)

    def _award(
        self, st: FlorState, side: int, pts: int, holder: int, out: list[Credit]
    ) -> FlorState:
        """Flor points: credited now, or with declaration under penalty at the end of the
        hand, when a flor whose holder went to the deck without showing it is lost (§2.7.2)."""
        if self.penalised:
            return st._replace(deferred=(*st.deferred, (side, pts, holder)))
        out.append((side, pts))
        return st

    def _sing(self, contest: Contest, st: FlorState, s: int) -> tuple[FlorState, Sequence[Credit]]:
        fl = self.rules
        team = contest.team
        x = team[s]

        def in_play(p: int) -> bool:
            # a flor hidden by playing a card unsung stays out (lost; penalised at the end
            # with declaration under penalty)
            return p == s or (st.undeclared[p] and not contest.played_first[p])

        mine = [p for p in contest.live(x) if in_play(p)]
        theirs = [p for p in contest.live(1 - x) if in_play(p)]
        undeclared = list(st.undeclared)
        for p in mine + theirs:
            undeclared[p] = False
        # every flor in play is sung and shown (a flor cannot be bluffed, RULES §2.11)
        sung = tuple(p for p in contest.order if p in mine or p in theirs)
        duel = fl.duel() if theirs else ""
        if theirs and duel not in ("ladder", "each_scores", "best_scores"):
            known = ("ladder", "each_scores", "best_scores")
            raise UnhandledChoice(type(fl).__name__, "flor_duel_mode", duel, "duel", known)
        ladder = duel == "ladder"
        st = st._replace(
            called=True,
            owed=-1,
            undeclared=tuple(undeclared),
            sung=sung,
            first_team=x,
            singer=s,
            stage=FL_RESPOND if ladder else FL_DONE,
            responder=holder_after(contest, st, s, 1 - x) if ladder else st.responder,
        )
        out: list[Credit] = []
        if not theirs:
            st = self._award(st, x, fl.uncontested(len(mine)), s, out)
        elif duel == "each_scores":
            st = self._award(st, x, fl.flor_value * len(mine), s, out)
            st = self._award(st, 1 - x, fl.flor_value * len(theirs), theirs[0], out)
        elif duel == "best_scores":
            best = self._best(contest, st)
            st = self._award(st, team[best], fl.flor_value, best, out)
        return st, out

    def _best(self, contest: Contest, st: FlorState) -> int:
        """The best flor in play; equal flores go to the player nearest the mano."""
        best, best_pts = -1, -1
        for s in st.sung:  # in play order
            p = st.pts[s]
            if p is not None and not contest.folded[s] and p > best_pts:
                best, best_pts = s, p
        return best

    def _answer(
        self, contest: Contest, st: FlorState, s: int, verb: str
    ) -> tuple[FlorState, Sequence[Credit]]:
        fl = self.rules
        team = contest.team
        out: list[Credit] = []
        if verb == A.CON_FLOR_ME_ACHICO:
            st = st._replace(stage=FL_DONE)
            st = self._award(st, st.first_team, fl.achico_value, st.singer, out)
        elif verb == A.CON_FLOR_QUIERO:
            best = self._best(contest, st)
            st = st._replace(stage=FL_DONE)
            st = self._award(st, team[best], fl.con_flor_quiero_value, best, out)
        elif verb in (A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO):
            t = team[s]
            st = st._replace(
                resto_over_contra=st.stage == FL_CONTRA,
                stage=FL_CONTRA if verb == A.CONTRAFLOR else FL_RESTO,
                caller_team=t,
                caller=s,
                responder=holder_after(contest, st, s, 1 - t),
            )
        elif verb == A.QUIERO:
            best = self._best(contest, st)
            side = team[best]
            if st.stage == FL_CONTRA:
                st = st._replace(stage=FL_DONE)
                st = self._award(st, side, fl.contraflor_value, best, out)
            else:
                nflor = sum(1 for p in st.sung if not contest.folded[p])
                resto = fl.resto(contest.mr, contest.scores_now(), side, nflor)
                st = st._replace(stage=FL_DONE)
                st = self._award(st, side, resto, best, out)
                if fl.contraflor_al_resto_ends_hand:
                    st = st._replace(ends="contraflor-al-resto")
        else:  # no-quiero
            value = (
                fl.contraflor_refused_value
                if st.stage == FL_CONTRA
                else fl.resto_refused(st.resto_over_contra)
            )
            st = st._replace(stage=FL_DONE)
            st = self._award(st, st.caller_team, value, st.caller, out)
        return st, out

    def ends(self, contest: Contest, state: FlorState) -> str:
        return state.ends

    # -- a flor sung automatically: at its holder's first decision -------------------
    def automatic(self, contest: Contest, state: FlorState) -> tuple[int, Action] | None:
        if not self.auto or contest.trick_no:
            return None
        st = state
        if True not in st.undeclared:
            return None
        env: EnvidoState | None = contest.bet_state("envido")  # type: ignore[assignment]
        if env is not None and env.stage == ENV_PENDING:
            # a flor answers any envido: it is declared and the envido is void (§2.7.4)
            for x in contest.order:
                if st.undeclared[x] and not contest.folded[x]:
                    return x, _FLOR
        # A flor is sung at its holder's first decision (RULES §2.7.2): his turn, or a call
        # his side may answer, whoever of the side answers it.
        t = contest.turn
        if t < 0:
            return None
        if contest.phase_name == "answer-call" and not st.undeclared[t]:
            t = unsung_after(contest, st, contest.call_caller, contest.team[t])
        if t >= 0 and st.undeclared[t]:
            return t, _FLOR
        return None

    def holds_back(self, contest: Contest, state: FlorState, seat: int) -> bool:
        # his flor is sung at his first decision, before anything else he does
        return self.auto and not contest.trick_no and state.undeclared[seat]

    def restrict(
        self, contest: Contest, state: FlorState, seat: int, legal: list[Action]
    ) -> list[Action]:
        if sings_first(contest, legal, self.sing_or_leave):
            # an unsung flor: sing it or go to the deck (RULES §2.7.2)
            return [a for a in legal if a is _FLOR or a is _MAZO]
        if self.silenced and partner_silences(contest, state, seat):
            # a partner's flor still to sing: no call; out of turn, only the deck
            keep = _KEPT_ON_TURN if seat == contest.turn else _KEPT
            return [a for a in legal if a.verb in keep]
        return legal

    def close(self, contest: Contest, state: FlorState) -> tuple[FlorState, Sequence[Credit]]:
        """At the end of the hand, settle the flores still open."""
        st = state
        fl = self.rules
        side = contest.hand_winner
        out: list[Credit] = []
        # Flores not yet sung when the hand stops in trick 1 (RULES §2.10, S2 ABC c): those
        # of the side that did not leave are still scored; a flor its holder hid by playing
        # a card without declaring it gives the opponents 3 (RULES §2.7.2).
        if not st.called and side is not None:
            held = tuple(
                s for s in contest.order if contest.team[s] == side and kept(contest, st, s)
            )
            if held:  # declared and shown (RULES §2.10, §2.11)
                st = st._replace(called=True, sung=held)
                out.append((side, fl.uncontested(len(held))))
        if self.penalised:
            for won, award, holder in st.deferred:
                if contest.folded[holder]:  # quit without showing: lost, opponents score 3
                    out.append((1 - won, fl.flor_value, "flor forfeited"))
                else:
                    out.append((won, award))
            for s in contest.order:
                if st.undeclared[s] and contest.played_first[s]:
                    out.append((1 - contest.team[s], fl.flor_value, "hidden flor"))
        return st, out

    def shown(self, contest: Contest, state: FlorState) -> Sequence[tuple[int, tuple[Card, ...]]]:
        st = state
        return tuple((s, tuple(contest.dealt[s])) for s in st.sung)

    # -- why an action is refused (asked only on a refusal): side_refusals --------------
    def refusal(self, contest: Contest, state: FlorState, seat: int, action: Action) -> str:
        if action.verb not in self.verbs:  # restrict took it away
            own = self.sing_or_leave and bool(state.undeclared[seat])
            return flor_restriction(partner=not own and self.silenced)
        return flor_refusal(contest, state, seat, action, self.auto)

    def blocked(self, contest: Contest, state: FlorState, seat: int, action: Action) -> str:
        return flor_blocked(state)

    def all_actions(self) -> Sequence[Action]:
        return (_FLOR, _CONTRAFLOR, _RESTO, _CF_QUIERO, _ACHICO, _QUIERO, _NO_QUIERO)
