"""Why the envido and the flor refuse an action, in a player's words (RULES §2.6, §2.7).

The envido and flor bets (:mod:`.envido_bet`, :mod:`.flor_bet`) own these texts: the
contest asks a bet only once an action is refused, so none of this runs on the legal path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..core import actions as A
from ..core.actions import Action
from ..rules.side_bet import Contest
from .bet_states import (
    ENV_DECLARING,
    ENV_DONE,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    FL_CONTRA,
    FL_RESPOND,
    FL_RESTO,
    EnvidoState,
    FlorState,
)

__all__ = [
    "envido_blocked",
    "envido_refusal",
    "flor_blocked",
    "flor_refusal",
    "flor_restriction",
]

_CALLS = frozenset(A.ENVIDO_CALLS)
_VOIDED = "a flor was sung in this hand: the envido is void (RULES §2.7.4)"
_ANSWERS = {
    FL_RESPOND: "a flor is answered with con-flor-quiero, con-flor-me-achico, contraflor or "
    "contraflor-al-resto (RULES §2.7.3)",
    FL_CONTRA: "a contraflor is answered with quiero, no-quiero or contraflor-al-resto "
    "(RULES §2.7.3)",
    FL_RESTO: "a contraflor al resto is answered with quiero or no-quiero (RULES §2.7.3)",
}


def envido_refusal(
    contest: Contest,
    st: EnvidoState,
    seat: int,
    action: Action,
    pie_only: bool,
    opens: Sequence[Action],
    side_only: bool = False,
) -> str:
    """Why the envido refuses ``action`` of ``seat`` (``pie_only``: only a side's pie may call
    it; ``opens``: the calls that may open it; ``side_only``: only the side to act may)."""
    if action.verb not in _CALLS:  # a score stated, or son buenas, out of its time
        if st.stage == ENV_DONE:
            return "the envido is settled: its scores were already stated (RULES §2.6.5)"
        if st.stage == ENV_VOID:
            return _VOIDED
        return "no envido was accepted: there is no envido score to state (RULES §2.6.5)"
    if st.stage == ENV_PENDING:
        return "that raise does not follow the envido bets made so far (RULES §2.6.3)"
    if st.stage == ENV_DECLARING:
        return "the envido was accepted: its scores are being stated (RULES §2.6.5)"
    if st.stage == ENV_DONE:
        return "envido was already called in this hand: one envido per hand (RULES §2.6.2)"
    if st.stage == ENV_VOID:
        return _VOIDED
    fl = cast("FlorState | None", contest.bet_state("flor"))
    if fl is not None and fl.called:
        return _VOIDED
    if contest.trick_no:
        return "envido may be called only in the first trick (RULES §2.6.2)"
    if contest.level:
        return "envido may not be called once a truco is accepted (RULES §2.6.2)"
    team = contest.team
    if pie_only:
        if seat != next(x for x in reversed(contest.order) if team[x] == team[seat]):
            return "this player may not call envido: he is not his side's pie (RULES §2.6.2)"
    elif contest.played_first[seat]:
        return (
            "this player has played his first card: envido is called before it, or by a "
            "partner who has not played (RULES §2.6.2)"
        )
    if side_only and team[seat] != team[contest.turn]:
        return "only the side to act may call envido here (RULES §2.6.2, option envido_call_timing)"
    if action not in opens:
        return "that call may not open the envido (RULES §2.6.3)"
    if contest.phase_name == "answer-side-bet":
        return "answer the bet that awaits an answer before calling envido"
    return "envido may not be called now (RULES §2.6.2)"


def envido_blocked(st: EnvidoState, action: Action) -> str:
    """Why ``action`` waits while the envido awaits its answer or its scores."""
    if st.stage == ENV_DECLARING:
        best = st.best
        if action.verb == A.DECLARE and best is not None:
            return (
                f"a score stated must beat the best so far ({best[1]}, seat {best[0]}); "
                "otherwise say son-buenas (RULES §2.6.5)"
            )
        if action.verb == A.SON_BUENAS:
            return "the first to speak states a score: son-buenas answers one (RULES §2.6.5)"
        return "the envido was accepted: state your score first ('declare N'; RULES §2.6.5)"
    if action.verb in (A.DECLARE, A.SON_BUENAS):
        return "the envido must be accepted (quiero) before the scores are stated (RULES §2.6.5)"
    if action.verb == A.MAZO:
        return (
            "answer the envido first: going to the deck does not answer it at this table "
            "(RULES §2.10, options mazo_out_of_turn, mazo_answering_envido)"
        )
    return "answer the envido first: quiero, no-quiero or a raise (RULES §2.5, §2.6.3)"


def flor_restriction(partner: bool) -> str:
    """Why the flor took an action away: the seat's own unsung flor, or (``partner``) a
    partner's."""
    if partner:
        return (
            "a partner holds a flor still to sing: no call until then; play a card, answer "
            "or go to the deck (RULES §2.7.2, option partner_unsung_flor)"
        )
    return "this player holds a flor not yet sung: sing it or go to the deck (RULES §2.7.2)"


def flor_refusal(contest: Contest, st: FlorState, seat: int, action: Action, auto: bool) -> str:
    """Why the flor refuses one of its own actions (``auto``: flores are sung automatically)."""
    if action.verb != A.FLOR:  # an answer in the flor exchange
        if st.owed >= 0:
            return _OWED
        if st.stage in _ANSWERS:
            return _ANSWERS[st.stage]
        if not st.called:
            return "no flor was sung: there is no flor to answer (RULES §2.7.3)"
        return "the flor exchange is settled (RULES §2.7.3)"
    if auto:
        return "flores are sung automatically here, never by hand (RULES §2.7.2)"
    if st.pts[seat] is None:
        return "this player holds no flor (three cards of one suit, RULES §2.7.1, §2.7.2)"
    if not st.undeclared[seat]:
        return "this player's flor was already sung (RULES §2.7.2)"
    if contest.played_first[seat] or contest.trick_no:
        return "a flor is sung before its holder plays his first card (RULES §2.7.2)"
    if st.stage in _ANSWERS:
        return f"answer the flor first: {_ANSWERS[st.stage]}"
    env = cast("EnvidoState | None", contest.bet_state("envido"))
    if env is not None and env.stage not in (ENV_NONE, ENV_PENDING):
        return "the envido was accepted: too late to sing a flor now (RULES §2.7.4)"
    return "a flor may not be sung while that bet awaits its answer (RULES §2.7.4)"


_OWED = (
    "the other side went to the deck and the hand waits for this player's flor: sing it "
    "('flor') before anything else (RULES §2.10, option mazo_waits_for_flor)"
)


def flor_blocked(st: FlorState) -> str:
    """Why an action waits while the flor awaits an answer, or a flor still to be sung."""
    if st.owed >= 0:
        return _OWED
    return f"answer the flor first: {_ANSWERS[st.stage]}"
