"""Going to the deck while the duel of flores awaits an answer (``FlorRules.mazo_during_flor_duel``;
RULES §2.7.3 is silent on the moment, §2.10 says a flor of the side that stays is scored).

With the rule on, two kinds of player may leave during the duel:

- a player of the side whose flor, contraflor or contraflor al resto awaits the answer, out of
  turn: his side's call stands while a flor holder of his side is still in the hand to answer
  a raise; when the side's last one leaves, the side concedes the duel, as a truco caller who
  leaves withdraws his call: the other side scores the stake in force before that call (an
  uncontested flor's worth for a flor, the flor's 3 for a contraflor, the contraflor's refused
  4 for a contraflor al resto over one);
- a player of the side answering a contraflor or a contraflor al resto, as his answer: it
  refuses the call, and its caller scores the refused value, as with ``no quiero``.

Plain functions of a contest and the flor's state, read by :mod:`.flor_bet`.
"""

from __future__ import annotations

from ..rules.flor import FlorRules
from ..rules.side_bet import Contest
from .bet_states import FL_CONTRA, FL_RESPOND, FL_RESTO, FlorState

__all__ = [
    "CONCEDES",
    "REFUSES",
    "answered_by_leaving",
    "caller_side",
    "conceded",
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
CONCEDES = "concedes"


def leaving_effect(contest: Contest, st: FlorState, seat: int) -> str:
    """What ``seat`` going to the deck now does to the duel: :data:`REFUSES` (he answers a
    contraflor or a contraflor al resto: ``no quiero``), :data:`CONCEDES` (the last flor holder
    of the calling side leaves: see :func:`conceded`) or ``""`` (nothing: no duel awaits an
    answer, or a flor holder of his side stays to answer for it)."""
    if st.owed >= 0 or st.stage not in _OPEN:
        return ""
    side = contest.team[seat]
    if side != caller_side(st):
        return REFUSES if st.stage in _RAISED else ""
    team, folded = contest.team, contest.folded
    if any(s != seat and team[s] == side and not folded[s] for s in st.sung):
        return ""
    return CONCEDES


def conceded(fl: FlorRules, contest: Contest, st: FlorState) -> tuple[int, int]:
    """The other side's points, and its best flor holder, when the calling side concedes
    the duel: the stake in force before the pending call."""
    other = 1 - caller_side(st)
    holders = [s for s in st.sung if contest.team[s] == other and not contest.folded[s]]
    if not holders:  # none left to score (not reached: the answering side leaves by refusing)
        return 0, st.singer
    best = max(holders, key=lambda s: (st.pts[s] or 0, -contest.pos[s]))
    if st.stage == FL_RESPOND:
        return fl.uncontested(len(holders)), best
    if st.stage == FL_RESTO and st.resto_over_contra:
        return fl.contraflor_refused_value, best
    return fl.achico_value, best
