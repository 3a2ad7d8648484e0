"""A fast rule-of-thumb policy for the simulated worlds of a search.

:func:`rollout_action` picks an action for the seat to act in a match that the search has
*sampled* (every card in it is a guess), so it may read that seat's own cards straight from
the state: a player knows his own hand. It never reads another seat's cards. It follows the
rule of thumb of :class:`~truco_rules.bots.SimpleBot` (same thresholds), read from the state
instead of an observation for speed: the weakest card that wins the trick (else the
weakest), bets and answers by the mean strength of the cards dealt, a good envido sung, a
flor always sung.
"""

from __future__ import annotations

import random

from ..actions import (
    ACCEPT_HAND,
    CON_FLOR_QUIERO,
    DECLINE_HAND,
    DISCARD,
    ENVIDO,
    FALTA_ENVIDO,
    FLOR,
    NO_QUIERO,
    PLAY,
    QUIERO,
    REAL_ENVIDO,
    SON_BUENAS,
    Action,
)
from ..hand import DECIDE, Hand
from ..hand import DECLARE as PH_DECLARE
from ..hand import ENVIDO as PH_ENVIDO
from ..hand import TRUCO as PH_TRUCO
from ..match import Match

__all__ = ["hand_power", "rollout_action"]


def hand_power(hand: Hand, seat: int) -> float:
    """How good ``seat``'s remaining cards are, from 0 (worst) to 1 (best), with the tricks
    its side has won or lost so far."""
    top = max(hand.strength) or 1
    cards = hand.cards[seat]
    if not cards:
        return 0.5
    base = sum(hand.strength[c.index] for c in cards) / (len(cards) * top)
    best = max(hand.strength[c.index] for c in cards) / top
    mine = hand.team[seat] == hand.mano_team
    won = sum(1 for r in hand.results if r >= 0 and (r == 0) == mine)
    lost = sum(1 for r in hand.results if r >= 0 and (r == 0) != mine)
    return 0.5 * base + 0.5 * best + 0.25 * (won - lost)


def _envido(match: Match, hand: Hand, seat: int) -> int:
    env = match.variant.envido
    if env is None or len(hand.dealt[seat]) != 3:
        return 0
    return env.points(hand.dealt[seat])


def _pick(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None


def _power(hand: Hand, seat: int) -> float:
    """Mean trick strength of the cards ``seat`` was dealt (the simple bot's yardstick)."""
    dealt = hand.dealt[seat]
    return sum(hand.strength[c.index] for c in dealt) / max(1, len(dealt))


def rollout_action(match: Match, legal: list[Action], rng: random.Random) -> Action:
    """A quick, sensible action for the seat to act (see the module docstring)."""
    hand = match.hand
    if hand is None or len(legal) == 1:
        return legal[0] if len(legal) == 1 or legal[0].verb == DISCARD else rng.choice(legal)
    seat = hand.turn
    phase = hand.phase
    names = match.variant.ladder.names
    if phase == DECIDE:
        keep = _power(hand, seat) + 2 * rng.random()
        return _pick(legal, ACCEPT_HAND if keep >= 8 else DECLINE_HAND) or legal[0]
    if phase == PH_TRUCO:
        bold = _power(hand, seat) + 2 * rng.random()
        if bold > 10.5:
            raises = [a for a in legal if a.verb in names]
            if raises:
                return raises[0]
        return _pick(legal, QUIERO if bold > 8 else NO_QUIERO) or legal[0]
    if phase == PH_ENVIDO:
        pts = _envido(match, hand, seat)
        if pts >= 30:
            more = _pick(legal, REAL_ENVIDO) or _pick(legal, FALTA_ENVIDO)
            if more is not None:
                return more
        return _pick(legal, QUIERO if pts >= 26 else NO_QUIERO) or legal[0]
    if phase == PH_DECLARE:
        want = Action.declare(_envido(match, hand, seat))
        if want in legal:
            return want
        return _pick(legal, SON_BUENAS) or legal[0]
    flor = _pick(legal, FLOR) or _pick(legal, CON_FLOR_QUIERO)
    if flor is not None:
        return flor
    plays = [a for a in legal if a.verb == PLAY and not a.down]
    if not plays:  # an answer we have no rule for (flor stages)
        return _pick(legal, QUIERO) or rng.choice(legal)
    if _envido(match, hand, seat) >= 28:
        call = _pick(legal, ENVIDO)
        if call is not None:
            return call
    if _power(hand, seat) > 9.5 and rng.random() < 0.5:
        calls = [a for a in legal if a.verb in names]
        if calls:
            return calls[0]
    strength = hand.strength
    mine = hand.team[seat]
    rival = max(
        (0 if d else strength[c.index] for s, c, d in hand.trick_plays if hand.team[s] != mine),
        default=-1,
    )
    singles = [a for a in plays if a.card is not None and a.under is None]
    if not singles:  # two cards at once: the higher face up; blind: any
        doubles = [a for a in plays if a.card is not None and a.under is not None]
        if doubles:
            return max(
                doubles,
                key=lambda a: (
                    hand.strength[a.card.index] - hand.strength[a.under.index]
                    if a.card is not None and a.under is not None
                    else 0
                ),
            )
        return rng.choice(plays)
    singles.sort(key=lambda a: strength[a.card.index] if a.card is not None else 0)
    for a in singles:
        if a.card is not None and strength[a.card.index] > rival:
            return a
    return singles[0]
