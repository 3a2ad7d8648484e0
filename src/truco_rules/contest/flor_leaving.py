"""Going to the deck while the duel of flores awaits an answer (``FlorRules.mazo_during_flor_duel``,
RULES §2.7.3, §2.10, which are silent on the moment).

With the rule on, two kinds of player may leave during the duel:

- a player of the side whose flor, contraflor or contraflor al resto awaits the answer, out of
  turn: his side's call stands while a partner of his is still in the hand; when his side has
  nobody left, the call is withdrawn and the duel scores nothing;
- a player of the side answering a contraflor or a contraflor al resto, as his answer: it
  refuses the call, and its caller scores the refused value, as with ``no quiero``.

Plain functions of a contest and the flor's state, read by :mod:`.flor_bet`.
"""

from __future__ import annotations

from ..rules.side_bet import Contest
from .bet_states import FL_CONTRA, FL_RESPOND, FL_RESTO, FlorState

__all__ = [
    "REFUSES",
    "WITHDRAWS",
    "answered_by_leaving",
    "caller_side",
    "leaves_out_of_turn",
    "leaving_effect",
]

_RAISED = (FL_CONTRA, FL_RESTO)
_OPEN = (FL_RESPOND, FL_CONTRA, FL_RESTO)


def caller_side(st: FlorState) -> int:
    """The side whose flor call awaits the answer: the first singer's while his flor awaits
    it, then the side of the last contraflor."""
    return st.first_team if st.stage == FL_RESPOND else st.caller_team


def answered_by_leaving(st: FlorState) -> bool:
    """Whether going to the deck answers (refuses) the duel's pending call now: a contraflor
    or a contraflor al resto awaits its answer."""
    return st.owed < 0 and st.stage in _RAISED


def leaves_out_of_turn(contest: Contest, st: FlorState, seat: int) -> bool:
    """Whether ``seat`` may go to the deck while his side's flor call awaits the answer."""
    return (
        st.owed < 0
        and st.stage in _OPEN
        and contest.team[seat] == caller_side(st)
        and not contest.folded[seat]
    )


REFUSES = "refuses"
WITHDRAWS = "withdraws"


def leaving_effect(contest: Contest, st: FlorState, seat: int) -> str:
    """What ``seat`` going to the deck now does to the duel: :data:`REFUSES` (he answers a
    contraflor or a contraflor al resto: ``no quiero``), :data:`WITHDRAWS` (the last player of
    the calling side leaves: the call is withdrawn and the duel scores nothing) or ``""``
    (nothing: no duel awaits an answer, or a partner of his keeps his side's call)."""
    if st.owed >= 0 or st.stage not in _OPEN:
        return ""
    side = contest.team[seat]
    if side != caller_side(st):
        return REFUSES if st.stage in _RAISED else ""
    if any(s != seat for s in contest.live(side)):
        return ""
    return WITHDRAWS
