"""The envido as a side bet (RULES §2.6): its calls and answers, the scores stated (or
compared at once), the truth check at the end, and its points; a flor voids it (§2.7.4).

One implementation of the :mod:`side-bet protocol <truco_rules.rules.side_bet>`, built from a
variant's :class:`~truco_rules.rules.envido.EnvidoRules` hook; the contest plays it before the
variant's own side bets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..core import actions as A
from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import ProtocolError, shown
from ..core.options import MAX_OPTION_INT
from ..rules.envido import EnvidoRules
from ..rules.side_bet import _NO_QUIERO, _QUIERO, Contest, Credit, SideBet
from .bet_states import (
    ENV_DECLARING,
    ENV_DONE,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    EnvidoState,
    FlorState,
)
from .side_refusals import envido_blocked, envido_refusal

__all__ = ["EnvidoBet"]

_SON_BUENAS = Action.call(A.SON_BUENAS)
_PASO = Action.call(A.PASO)
_CALLS = A.ENVIDO_CALLS
_CALL_ACTS = {v: Action.call(v) for v in _CALLS}
_STARTS: dict[int, EnvidoState] = {}


def _staged(st: EnvidoState, stage: int) -> EnvidoState:
    """``st`` at another stage (a named tuple made directly: cheaper than ``_replace``)."""
    return EnvidoState(
        st.spoken,
        stage,
        st.chain,
        st.called,
        st.caller,
        st.responder,
        st.public,
        st.result,
        st.best,
    )


def _flor(contest: Contest) -> FlorState | None:
    return contest.bet_state("flor")  # type: ignore[return-value]  # cast() costs a call


@attrs.frozen
class EnvidoBet(SideBet[EnvidoState]):
    """The envido of a variant whose :attr:`~truco_rules.rules.variant.Variant.envido` is
    ``rules``. It reads the flor's state (``contest.bet_state("flor")``) where the flor
    changes it."""

    name: ClassVar[str] = "envido"
    verbs: ClassVar[tuple[str, ...]] = _CALLS
    precedence: ClassVar[int] = -1
    side_answers: ClassVar[bool] = True

    rules: EnvidoRules
    passes: bool = False
    """Whether the seat asked to answer may pass the answer to a partner ('paso': the
    ladder's ``answer_pass``)."""
    out_of_turn: bool = False
    """The ladder's ``mazo_out_of_turn``: whether going to the deck answers the envido, unless
    the envido's ``mazo_answering_envido`` says otherwise."""
    leaving: bool = attrs.field(init=False, eq=False, repr=False)
    chains: frozenset[tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False)
    pie_only: bool = attrs.field(init=False, eq=False, repr=False)
    side_only: bool = attrs.field(init=False, eq=False, repr=False)
    bonus: bool = attrs.field(init=False, eq=False, repr=False)
    bonus_in_first_trick: bool = attrs.field(init=False, eq=False, repr=False)
    first: tuple[Action, ...] = attrs.field(init=False, eq=False, repr=False)
    declared: bool = attrs.field(init=False, eq=False, repr=False)
    raiser_first: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "chains", self.rules.chains())
        object.__setattr__(self, "pie_only", self.rules.pie_only())
        object.__setattr__(self, "side_only", self.rules.side_to_act_only())
        leaving = self.rules.leaving_answers()
        by_turn = leaving == "as_out_of_turn"
        object.__setattr__(self, "leaving", self.out_of_turn if by_turn else leaving == "yes")
        late = self.rules.mazo_bonus_while_first_trick_open()
        object.__setattr__(self, "bonus_in_first_trick", late)
        object.__setattr__(self, "bonus", late or self.rules.mazo_bonus_before_first_card())
        object.__setattr__(self, "first", tuple(self._calls(())))
        object.__setattr__(self, "declared", self.rules.declared())
        object.__setattr__(self, "raiser_first", self.rules.last_raiser_states_first())

    # -- values -----------------------------------------------------------------------
    def points(self, contest: Contest, seat: int) -> int | None:
        """True envido score of ``seat``'s dealt cards; ``None`` for a flor in a game with
        flor, whose envido is void (RULES §2.6.1): its holder takes part in an envido only
        by singing the flor, which voids the envido (§2.7.4)."""
        fl = _flor(contest)
        if fl is not None and fl.pts[seat] is not None:
            return None
        pts = self.rules.points_in(contest.dealt[seat], contest.context(seat))
        if type(pts) is not int or not 0 <= pts <= MAX_OPTION_INT:
            raise ProtocolError("envido", "points_in", f"gave {shown(pts)}, not a score")
        return pts

    def _value(self, contest: Contest, st: EnvidoState, winner_side: int) -> int:
        rules = self.rules
        return rules.accepted(
            st.chain,
            lambda: rules.falta(contest.mr, contest.scores_now(), winner_side),
        )

    # -- the protocol -----------------------------------------------------------------
    def uses(self, method: str) -> bool:
        if method == "deck_bonus":
            return self.bonus
        return super().uses(method)

    def start(self, contest: Contest) -> EnvidoState:
        n = len(contest.team)
        st = _STARTS.get(n)
        if st is None:
            st = _STARTS[n] = EnvidoState((False,) * n)
        return st

    def _open(self, contest: Contest, st: EnvidoState, s: int, on_turn: bool = False) -> bool:
        if st.stage != ENV_NONE or contest.trick_no or contest.level:
            return False
        team = contest.team
        if self.side_only and team[s] != team[contest.turn]:
            return False  # only the side to act may call it
        if self.pie_only:
            side = team[s]
            if s != next(x for x in reversed(contest.order) if team[x] == side):
                return False
        elif contest.played_first[s] and not (
            (self.rules.envido_answers_truco_after_card and contest.phase_name == "answer-call")
            or (on_turn and self._partner_to_play(contest, s))
        ):
            return False
        fl = _flor(contest)
        return fl is None or not fl.called

    def _partner_to_play(self, contest: Contest, s: int) -> bool:
        """With ``envido_while_partner_unplayed``: whether a partner of ``s`` in the contest
        has not played his first card yet (``s``, to act, may then call though he played)."""
        if not self.rules.envido_while_partner_unplayed:
            return False
        team, played, folded = contest.team, contest.played_first, contest.folded
        return any(
            x != s and team[x] == team[s] and not played[x] and not folded[x] for x in contest.order
        )

    def _calls(self, chain: tuple[str, ...]) -> list[Action]:
        allowed = self.chains
        return [_CALL_ACTS[b] for b in _CALLS if (*chain, b) in allowed]

    def offers(
        self, contest: Contest, state: EnvidoState, seat: int, on_turn: bool
    ) -> Sequence[Action]:
        st = state
        return self.first if self._open(contest, st, seat, on_turn) else ()

    def awaiting(self, contest: Contest, state: EnvidoState) -> int:
        st = state
        if st.stage == ENV_PENDING:
            return st.responder
        if st.stage == ENV_DECLARING:
            return self._declarer_after(contest, st.caller, st.best, st.spoken)
        return -1

    def phase(self, contest: Contest, state: EnvidoState) -> str:
        st = state
        return "answer-envido" if st.stage == ENV_PENDING else "declare-envido"

    def answers(self, contest: Contest, state: EnvidoState, seat: int) -> Sequence[Action]:
        st = state
        if st.stage == ENV_PENDING:
            if contest.team[seat] == contest.team[st.caller]:
                return ()
            out = [_QUIERO, _NO_QUIERO, *self._calls(st.chain)]
            if self.passes and self._passed_to(contest, st, seat) >= 0:
                out.append(_PASO)
            return out
        if self.awaiting(contest, st) != seat:
            return ()
        best = st.best
        out = [_SON_BUENAS] if best is not None else []
        for v in self.rules.possible_scores():
            if best is None or self._beats(contest, seat, v, best):
                out.append(Action.declare(v))
        return out

    def _passed_to(self, contest: Contest, st: EnvidoState, seat: int) -> int:
        """The partner the seat asked to answer, ``seat``, may pass the answer to (the next
        one asked), or -1: he is not the one asked, passed already, or has no partner left."""
        if seat != st.responder or seat in st.passed:
            return -1
        asked = contest.answer_order(st.caller)
        if seat not in asked or len(asked) < 2:
            return -1
        return asked[(asked.index(seat) + 1) % len(asked)]

    def answered_by_leaving(self, contest: Contest, state: EnvidoState) -> bool:
        return self.leaving and state.stage == ENV_PENDING

    def act(
        self, contest: Contest, state: EnvidoState, seat: int, action: Action
    ) -> tuple[EnvidoState, Sequence[Credit]]:
        st = state
        verb = action.verb
        if verb == A.PASO:
            passed = (*st.passed, seat)
            return st._replace(responder=self._passed_to(contest, st, seat), passed=passed), ()
        if verb in _CALL_ACTS:
            asked = contest.answer_order(seat)
            responder = asked[0] if asked else -1
            new = EnvidoState(
                st.spoken,
                ENV_PENDING,
                (*st.chain, verb),
                True,
                seat,
                responder,
                st.public,
                st.result,
                st.best,
            )
            return new, ()
        if st.stage == ENV_DECLARING:
            return self._declare(contest, st, seat, action), ()
        if verb != A.QUIERO:
            refused = self.rules.refused(st.chain)
            return _staged(st, ENV_DONE), ((contest.team[st.caller], refused),)
        if self.declared:
            return _staged(st, ENV_DECLARING), ()
        return self._compare(contest, st)

    def _compare(self, contest: Contest, st: EnvidoState) -> tuple[EnvidoState, Sequence[Credit]]:
        """An accepted envido with automatic statements: the declaration protocol followed
        with the true scores."""
        best: tuple[int, int] | None = None
        spoken = [False] * len(contest.team)
        public = list(st.public)
        while True:
            s2 = self._declarer_after(contest, st.caller, best, spoken)
            if s2 < 0:
                break
            spoken[s2] = True
            v = self.points(contest, s2)
            if v is not None and (best is None or self._beats(contest, s2, v, best)):
                best = (s2, v)
                public.append((s2, v))
            else:  # no better score, or none at all (an unsung flor): son buenas
                public.append((s2, None))
        if best is None:  # only unsung flores were in play: nobody wins it
            return st._replace(stage=ENV_DONE, public=tuple(public)), ()
        seat, value = best
        side = contest.team[seat]
        pts = self._value(contest, st, side)
        done = EnvidoState(
            st.spoken,
            ENV_DONE,
            st.chain,
            st.called,
            st.caller,
            st.responder,
            tuple(public),
            (seat, pts, value),
            st.best,
        )
        return done, ((side, pts),)

    def _declare(self, contest: Contest, st: EnvidoState, seat: int, act: Action) -> EnvidoState:
        spoken = list(st.spoken)
        spoken[seat] = True
        best = st.best
        if act.verb == A.DECLARE:
            assert act.number is not None
            best = (seat, act.number)
            said: tuple[int, int | None] = (seat, act.number)
        else:
            said = (seat, None)
        st = st._replace(spoken=tuple(spoken), best=best, public=(*st.public, said))
        if self._declarer_after(contest, st.caller, best, st.spoken) >= 0:
            return st
        assert best is not None
        won, stated = best
        # the truth is checked when the hand ends (RULES §2.6.5, §2.11)
        value = self._value(contest, st, contest.team[won])
        return st._replace(stage=ENV_DONE, result=(won, value, stated))

    def _beats(self, contest: Contest, s: int, value: int, best: tuple[int, int]) -> bool:
        bs, bv = best
        return value > bv or (value == bv and contest.pos[s] < contest.pos[bs])

    def _declarer_after(
        self,
        contest: Contest,
        caller: int,
        best: tuple[int, int] | None,
        spoken: Sequence[bool],
    ) -> int:
        order = contest.order
        n = len(order)
        team = contest.team
        start = contest.pos[caller] if self.raiser_first else 0
        for i in range(n):
            s = order[(start + i) % n]
            if spoken[s] or contest.folded[s]:
                continue
            if best is None or team[s] != team[best[0]]:
                return s
        return -1

    def interrupted(
        self, contest: Contest, state: EnvidoState, seat: int, action: Action
    ) -> tuple[EnvidoState, Sequence[Credit]]:
        st = state
        if action.verb == A.FLOR:
            if st.stage in (ENV_NONE, ENV_PENDING, ENV_DECLARING):
                return _staged(st, ENV_VOID), ()  # RULES §2.7.4
        elif (
            action.verb == A.MAZO
            and st.stage == ENV_PENDING
            and contest.phase_name == "answer-envido"
        ):
            # going to the deck as the answer refuses the envido
            refused = self.rules.refused(st.chain)
            return _staged(st, ENV_DONE), ((contest.team[st.caller], refused),)
        return st, ()

    def deck_bonus(self, contest: Contest, state: EnvidoState, side: int) -> int:
        st = state
        if not self.bonus or st.called:
            return 0
        fl = _flor(contest)
        if fl is not None and fl.called:
            return 0
        if self.bonus_in_first_trick:  # the envido counts as unplayed till trick 1 ends
            return 0 if contest.trick_no else 1
        return 0 if any(contest.team[x] == side for _k, x, _c, _d in contest.plays) else 1

    def close(self, contest: Contest, state: EnvidoState) -> tuple[EnvidoState, Sequence[Credit]]:
        """At the end of the hand: a stated envido score is checked against the cards; a
        false one gives the points to the other side (RULES §2.6.5, §2.11)."""
        st = state
        if not self.declared or not st.result:
            return st, ()
        seat, value, stated = st.result
        truthful = stated == self.points(contest, seat) and not contest.folded[seat]
        side = contest.team[seat]
        if truthful:
            return st, ((side, value),)
        return st, ((1 - side, value, "envido forfeited"),)

    def shown(self, contest: Contest, state: EnvidoState) -> Sequence[tuple[int, tuple[Card, ...]]]:
        st = state
        if st.result is None:
            return ()
        seat = st.result[0]
        return ((seat, self.rules.proof_in(contest.dealt[seat], contest.context(seat))),)

    # -- why an action is refused (asked only on a refusal): side_refusals --------------
    def refusal(self, contest: Contest, state: EnvidoState, seat: int, action: Action) -> str:
        opens, side = self.first, self.side_only
        return envido_refusal(contest, state, seat, action, self.pie_only, opens, side)

    def blocked(self, contest: Contest, state: EnvidoState, seat: int, action: Action) -> str:
        return envido_blocked(state, action)

    def all_actions(self) -> Sequence[Action]:
        return (
            *_CALL_ACTS.values(),
            _QUIERO,
            _NO_QUIERO,
            _SON_BUENAS,
            *(Action.declare(v) for v in self.rules.possible_scores()),
            *((_PASO,) if self.passes else ()),
        )
