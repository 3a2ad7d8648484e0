"""What the other seats' choices say about their cards: the reader's opponent model.

A seat that calls or raises the bet ladder probably holds good cards, one that accepts a
call fair ones, one that refuses poor ones; a seat plays its cards mostly, not always, by
the rule of :func:`~.estimate.greedy_card`. :func:`table_likelihood` gives how likely a
seat's choice is with the cards it holds in a sampled world, on a smooth scale of how good
its cards are (:func:`~.rollout.hand_power`), never ruling a world out; the sampler
(:func:`~.determinize.weighted_world`) weighs each world by the product over the others'
choices. :func:`accepts` is the same model's chance that a side accepts a call, which the
reader uses to weigh a call of its own.
"""

from __future__ import annotations

import math

from ..contest.hand import TRUCO as PH_TRUCO
from ..contest.hand import Hand
from ..core.actions import NO_QUIERO, PLAY, QUIERO, Action
from ..match import Match
from .estimate import greedy_card
from .rollout import hand_power, rollout_probability

__all__ = ["accepts", "calls", "raises", "side_power", "table_likelihood"]

CALL_MID = 0.6
"""The hand power (:func:`~.rollout.hand_power`) at which a seat calls half the time."""
ACCEPT_MID = 0.6
"""The hand power at which a seat accepts a call half the time."""
RAISE_MID = 0.8
"""The hand power at which a seat that accepts a call raises it instead half the time."""
SLOPE = 0.1
"""How sharply the chance of calling or accepting rises with the hand power."""
FLOOR = 0.08
"""No choice is less likely than this with any cards (the others bluff and err)."""
OFF_RULE = 0.35
"""How likely a card other than the greedy rule's is played."""
SIDE_FLOOR = 0.25
"""No side-bet choice (envido, flor, declarations) is less likely than this: the rule of
thumb that models them is a rough guess of how others play them."""


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _floored(p: float) -> float:
    return FLOOR + (1.0 - FLOOR) * p


def side_power(hand: Hand, seat: int) -> float:
    """How good the cards of ``seat``'s side are for it: its own, and half the margin by
    which a partner's are better (a partner may carry the hand)."""
    own = hand_power(hand, seat)
    mine = hand.team[seat]
    best = max(
        (hand_power(hand, s) for s in hand.order if s != seat and hand.team[s] == mine),
        default=own,
    )
    return own + 0.5 * max(0.0, best - own)


def calls(power: float) -> float:
    """The chance that a seat with cards of ``power`` calls (or raises) the ladder."""
    return _floored(_logistic((power - CALL_MID) / SLOPE))


def raises(power: float) -> float:
    """The chance that a seat with cards of ``power``, answering a call it accepts, raises
    it instead (the reader's guess of what a call of its own meets)."""
    return _logistic((power - RAISE_MID) / SLOPE)


def accepts(power: float) -> float:
    """The chance that a seat with cards of ``power`` accepts a call (or raises it)."""
    return _floored(_logistic((power - ACCEPT_MID) / SLOPE))


def table_likelihood(m: Match, seat: int, action: Action) -> float:
    """How likely ``seat`` is to choose ``action`` in world ``m`` with the cards it holds
    there (a weight in (0, 1]; see the module)."""
    hand = m.hand
    if hand is None:
        return 1.0
    legal = m.legal_actions()
    if len(legal) < 2:
        return 1.0
    verb = action.verb
    if verb in m.variant.ladder.names:
        return calls(side_power(hand, seat))
    if hand.phase == PH_TRUCO and verb in (QUIERO, NO_QUIERO):
        yes = accepts(side_power(hand, seat))
        return yes if verb == QUIERO else max(FLOOR, 1.0 - yes)
    if verb == PLAY:
        if action.down or action.under is not None:
            return 1.0
        return 1.0 if greedy_card(hand, seat, legal) == action else OFF_RULE
    return max(SIDE_FLOOR, rollout_probability(m, legal, action))
