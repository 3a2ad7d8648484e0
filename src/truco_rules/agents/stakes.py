"""What a bet is worth to a side, in its chance of winning the match.

The reader (:mod:`.reader`) weighs every bet of the ladder by the chance of winning the
match it leaves (:func:`~.odds.match_odds`), not by the points alone: the same three points
are worth more to a side one point from the target than to a side at the start.
:func:`chance_after` reads that chance once the sides score some points more;
:func:`worth_playing` compares playing a contest for a stake with giving points away (an
answer to a call, a hand of 11/10), :func:`refusal_gain` by how much; :func:`shifted` reads
a chance higher or lower in log-odds; :func:`call_gain` weighs a call against playing on,
the other side answering in each sampled world as its cards there warrant.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..contest.hand import Hand
from ..rules.variant import Variant
from ..views.observe import Observation
from .estimate import World
from .inference import ACCEPT_MID, accepts, raises, read_bet, side_power
from .odds import lacking, match_odds

__all__ = [
    "accept_chance",
    "call_gain",
    "chance_after",
    "refusal_gain",
    "shifted",
    "worth_playing",
]

_LAST = 2
"""The index of the last trick of a contest (every variant's contest has three)."""


def chance_after(variant: Variant, obs: Observation, mine: int, theirs: int) -> float:
    """The chance that the side of ``obs``'s seat wins the match once it scores ``mine``
    more points and the other side ``theirs``."""
    need, other = lacking(
        variant.match.target, obs.seat, obs.sides, obs.scores, obs.player_scores, mine, theirs
    )
    return match_odds(variant).chance(need, other)


def worth_playing(
    variant: Variant, obs: Observation, p: float, stake: int, refused: int, margin: float = 0.0
) -> bool:
    """Whether playing for ``stake`` with chance ``p`` of winning it is worth at least
    giving away ``refused`` points (plus ``margin``), in the chance of winning the match."""
    return -refusal_gain(variant, obs, p, stake, refused) >= margin


def refusal_gain(variant: Variant, obs: Observation, p: float, stake: int, refused: int) -> float:
    """How much giving away ``refused`` points beats playing for ``stake`` with chance
    ``p`` of winning it, in the chance of winning the match."""
    play = p * chance_after(variant, obs, stake, 0) + (1 - p) * chance_after(variant, obs, 0, stake)
    return chance_after(variant, obs, 0, refused) - play


def shifted(p: float, shift: float) -> float:
    """The chance ``p`` with ``shift`` added to its log-odds (0 and 1 stay as they are)."""
    if not shift or not 0.0 < p < 1.0:
        return p
    z = math.log(p) - math.log1p(-p) + shift
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)  # no overflow however small p is
    return e / (1.0 + e)


def _accepts(hand: Hand, side: int, x: float, read: float) -> tuple[float, float]:
    """The chances that the side other than ``side`` accepts a call in contest ``hand``
    and, if it does, raises it, where ``side`` wins the played-out contest with chance
    ``x`` (see :func:`call_gain`)."""
    rivals = [s for s in hand.order if hand.team[s] != side]
    power = max((side_power(hand, s) for s in rivals), default=1.0)
    seen = read * min(1.0, hand.trick_no / _LAST)
    yes = read_bet(power, 1.0 - x, ACCEPT_MID, seen) if seen else accepts(power)
    return yes, raises(power)


def accept_chance(
    obs: Observation, worlds: Sequence[World], won: Sequence[float], read: float = 0.0
) -> float:
    """The chance, over ``worlds``, that the other side accepts (or raises) a call by the
    side of ``obs``'s seat, answering as :func:`call_gain` has it answer."""
    total = sum(weight for _hand, weight in worlds)
    if total <= 0:
        return 0.0
    yes = sum(
        weight * _accepts(hand, obs.team, x, read)[0]
        for (hand, weight), x in zip(worlds, won, strict=True)
    )
    return yes / total


def call_gain(
    variant: Variant,
    obs: Observation,
    worlds: Sequence[World],
    won: Sequence[float],
    stakes: tuple[int, int, int],
    read: float = 0.0,
    scale: float = 1.0,
) -> float:
    """How much calling beats playing on, in the chance of winning the match.

    The contest is played out as in ``won`` (the side's result per world), and the other
    side answers as its cards warrant there: it accepts as :func:`~.inference.accepts`
    says of its power, blended, by ``read`` at the last trick (none at the first, in
    proportion in between), with whether it wins that world's contest (a side that has
    seen tricks played knows its chances better); it raises as
    :func:`~.inference.raises` says, and the seat then accepts the raise where it wins
    that world's contest, else refuses. ``stakes``: the stake in force, the one called,
    the one a raise would call. ``scale`` multiplies the chance of acceptance (up to 1):
    how much more often than the model says the other side has met the side's calls
    (:meth:`~.answers.AnswerTally.scale`)."""
    stake, new, top = stakes
    up, down = chance_after(variant, obs, stake, 0), chance_after(variant, obs, 0, stake)
    up_new, down_new = chance_after(variant, obs, new, 0), chance_after(variant, obs, 0, new)
    up_top, down_top = chance_after(variant, obs, top, 0), chance_after(variant, obs, 0, top)
    total = 0.0
    gain = 0.0
    for (hand, weight), x in zip(worlds, won, strict=True):
        yes, again = _accepts(hand, obs.team, x, read)
        yes = max(0.0, min(1.0, scale * yes))
        up_again = again if top > new else 0.0
        stay = x * up + (1 - x) * down
        played = x * up_new + (1 - x) * down_new
        raised = x * up_top + (1 - x) * down_top if x >= 0.5 else down_new
        called = (1 - yes) * up + yes * ((1 - up_again) * played + up_again * raised)
        gain += weight * (called - stay)
        total += weight
    return gain / total if total > 0 else 0.0
