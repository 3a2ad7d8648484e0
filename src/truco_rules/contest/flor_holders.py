"""Who holds a flor, in play order (RULES §2.7): the score a seat holds, the next holder of
a side to answer a flor, the next holder still to sing, a partner's flor still to sing, a
flor kept unsung.

Plain functions of a contest and the flor's state, read by :mod:`.flor_bet`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import actions as A
from ..core.actions import Action
from ..core.errors import ProtocolError, shown
from ..core.options import MAX_OPTION_INT
from ..rules.flor import FlorRules
from ..rules.side_bet import Contest
from .bet_states import FlorState

__all__ = [
    "held_score",
    "holder_after",
    "kept",
    "partner_silences",
    "partner_unsung",
    "sings_first",
    "unsung_after",
]

_SILENCED = ("play", "answer-call")
"""The phases in which a partner's flor still to sing takes a player's calls away."""
_NARROWED = ("play", "answer-call", "answer-envido")
"""The phases in which a player's own unsung flor narrows his options (sing it or leave)."""
_FLOR = Action.call(A.FLOR)


def held_score(contest: Contest, rules: FlorRules, seat: int) -> int | None:
    """The flor score of ``seat``'s dealt cards as the variant's ``points_in`` counts it
    (``None``: no flor). Any other answer is the hook's fault, a
    :class:`~truco_rules.core.errors.ProtocolError`."""
    pts = rules.points_in(contest.dealt[seat], contest.context(seat))
    if pts is not None and (type(pts) is not int or not 0 <= pts <= MAX_OPTION_INT):
        raise ProtocolError("flor", "points_in", f"gave {shown(pts)}, not a score or None")
    return pts


def _next_of_side(contest: Contest, after: int, side: int, holds: Callable[[int], bool]) -> int:
    """The first seat of ``side`` after ``after`` in play order, still in the contest, for
    which ``holds(seat)``; -1 if none."""
    order, team, folded = contest.order, contest.team, contest.folded
    n = len(order)
    start = contest.pos[after]
    for i in range(1, n + 1):
        s = order[(start + i) % n]
        if team[s] == side and not folded[s] and holds(s):
            return s
    return -1


def holder_after(contest: Contest, st: FlorState, after: int, side: int) -> int:
    """The first seat of ``side`` after ``after`` holding a flor (sung or not)."""
    return _next_of_side(contest, after, side, lambda s: st.pts[s] is not None)


def unsung_after(contest: Contest, st: FlorState, after: int, side: int) -> int:
    """The first seat of ``side`` after ``after`` holding a flor not yet sung."""
    return _next_of_side(contest, after, side, lambda s: bool(st.undeclared[s]))


def kept(contest: Contest, st: FlorState, s: int) -> bool:
    """Whether ``s`` holds a flor not sung that is scored when the hand stops in trick 1:
    not hidden by a card played, its holder still in the hand (RULES §2.10)."""
    return bool(st.undeclared[s]) and not contest.played_first[s] and not contest.folded[s]


def partner_unsung(contest: Contest, st: FlorState, seat: int) -> bool:
    """Whether a partner of ``seat`` holds a flor he may still sing: unsung, in the first
    trick, before his first card, still in the contest."""
    if contest.trick_no:
        return False
    team, played, folded = contest.team, contest.played_first, contest.folded
    return any(
        x != seat and team[x] == team[seat] and st.undeclared[x] and not played[x] and not folded[x]
        for x in contest.order
    )


def partner_silences(contest: Contest, st: FlorState, seat: int) -> bool:
    """Whether, where a partner's unsung flor takes a player's calls away
    (``partner_unsung_flor='no_calls'``: the caller checks the rule), it takes ``seat``'s
    now: a fact the seat's own options tell it, which its information state keeps."""
    return contest.phase_name in _SILENCED and partner_unsung(contest, st, seat)


def sings_first(contest: Contest, legal: Sequence[Action], sing_or_leave: bool) -> bool:
    """Whether a player's own unsung flor narrows his options ``legal`` now, before a
    partner's could (``unsung_flor='sing_or_mazo'``: he sings it or goes to the deck)."""
    return sing_or_leave and _FLOR in legal and contest.phase_name in _NARROWED
