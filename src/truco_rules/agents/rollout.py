"""A fast rule-of-thumb policy for the simulated worlds of a search.

:func:`rollout_action` picks an action for the seat to act in a match that the search has
*sampled* (every card in it is a guess), so it may read that seat's own cards straight from
the state: a player knows his own hand. It never reads another seat's cards. It follows the
rule of thumb of :class:`~truco_rules.runs.bots.SimpleBot` (same thresholds), read from the state
instead of an observation for speed: the weakest card that wins the trick (else the
weakest), bets and answers by the mean strength of the cards dealt, a good envido sung, a
flor always sung, a hand of 11/10 played on the same reading as the bot's.

:func:`rollout_policy` gives the same rule as a distribution (each action with the exact
probability that :func:`rollout_action` picks it), which the sampler of
:mod:`.determinize` uses to weigh a world by how well it explains the others' choices;
:func:`hand_action` and :func:`hand_policy` do the same on a bare contest.
"""

from __future__ import annotations

import random

from ..contest.hand import DECIDE, Hand
from ..contest.hand import DECLARE as PH_DECLARE
from ..contest.hand import ENVIDO as PH_ENVIDO
from ..contest.hand import TRUCO as PH_TRUCO
from ..core.actions import (
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
from ..core.errors import InvalidType
from ..match import Match
from ..rules.variant import Variant
from ..views.agent_input import checked_legal, seat_to_choose

__all__ = [
    "hand_action",
    "hand_policy",
    "hand_power",
    "rollout_action",
    "rollout_policy",
    "rollout_probability",
]


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


def _envido(variant: Variant, hand: Hand, seat: int) -> int:
    env = variant.envido
    if env is None or len(hand.dealt[seat]) != 3:
        return 0
    return env.points_in(hand.dealt[seat], hand.context(seat))


def _pick(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None


def _power(hand: Hand, seat: int) -> float:
    """Mean trick strength of the cards ``seat`` was dealt (the simple bot's yardstick)."""
    dealt = hand.dealt[seat]
    return sum(hand.strength[c.index] for c in dealt) / max(1, len(dealt))


def _chance(lo: float, threshold: float) -> float:
    """P(lo + 2u > threshold) for u uniform on [0, 1)."""
    return min(1.0, max(0.0, (lo + 2.0 - threshold) / 2.0))


def _partners(hand: Hand, seat: int) -> float:
    """The partners' dealt strength over three, if ``seat`` may look at it (SimpleBot's
    reading of a hand of 11/10)."""
    if not hand.sees_partners(seat):
        return 0.0
    mine = hand.team[seat]
    total = sum(
        hand.strength[c.index]
        for s, cards in enumerate(hand.dealt)
        if s != seat and hand.team[s] == mine
        for c in cards
    )
    return total / 3


def rollout_policy(match: Match, legal: list[Action]) -> list[tuple[Action, float]]:
    """The rule of thumb as a distribution: each action it may pick with its probability
    (the probabilities sum to 1; an action may appear twice)."""
    return hand_policy(match.variant, match.hand, legal)


def hand_policy(
    variant: Variant, hand: Hand | None, legal: list[Action]
) -> list[tuple[Action, float]]:
    """:func:`rollout_policy` for the seat to act in contest ``hand`` of ``variant``."""
    if len(legal) == 1 or hand is None:
        if len(legal) == 1 or legal[0].verb == DISCARD:
            return [(legal[0], 1.0)]
        return [(a, 1.0 / len(legal)) for a in legal]
    seat = hand.turn
    phase = hand.phase
    names = variant.ladder.names
    if phase == DECIDE:
        keep = _power(hand, seat) + _partners(hand, seat) >= 7
        return [(_pick(legal, ACCEPT_HAND if keep else DECLINE_HAND) or legal[0], 1.0)]
    if phase == PH_TRUCO:
        power = _power(hand, seat)
        bold = _chance(power, 8)
        out = [(_pick(legal, NO_QUIERO) or legal[0], 1.0 - bold)]
        raises = [a for a in legal if a.verb in names]
        up = _chance(power, 10.5) if raises else 0.0
        if up > 0:
            out.append((raises[0], up))
        out.append((_pick(legal, QUIERO) or legal[0], bold - up))
        return out
    if phase == PH_ENVIDO:
        pts = _envido(variant, hand, seat)
        if pts >= 30:
            more = _pick(legal, REAL_ENVIDO) or _pick(legal, FALTA_ENVIDO)
            if more is not None:
                return [(more, 1.0)]
        return [(_pick(legal, QUIERO if pts >= 26 else NO_QUIERO) or legal[0], 1.0)]
    if phase == PH_DECLARE:
        want = Action.declare(_envido(variant, hand, seat))
        return [(want if want in legal else _pick(legal, SON_BUENAS) or legal[0], 1.0)]
    flor = _pick(legal, FLOR) or _pick(legal, CON_FLOR_QUIERO)
    if flor is not None:
        return [(flor, 1.0)]
    plays = [a for a in legal if a.verb == PLAY and not a.down]
    if not plays:  # an answer we have no rule for (flor stages)
        quiero = _pick(legal, QUIERO)
        return [(quiero, 1.0)] if quiero else [(a, 1.0 / len(legal)) for a in legal]
    # the cheap test first: the hand's envido and power are read only where the call is legal
    call = _pick(legal, ENVIDO)
    if call is not None and _envido(variant, hand, seat) >= 28:
        return [(call, 1.0)]
    card = _card(hand, seat, plays)
    calls = [a for a in legal if a.verb in names]
    if calls and _power(hand, seat) > 9.5:
        return [(calls[0], 0.5), *((a, p / 2) for a, p in card)]
    return card


def _card(hand: Hand, seat: int, plays: list[Action]) -> list[tuple[Action, float]]:
    """The weakest card that wins the trick, else the weakest; two at once: the higher
    face up; blind: any."""
    strength = hand.strength
    mine = hand.team[seat]
    rival = max(
        (0 if d else strength[c.index] for s, c, d in hand.trick_plays if hand.team[s] != mine),
        default=-1,
    )
    singles = [a for a in plays if a.card is not None and a.under is None]
    if not singles:
        doubles = [a for a in plays if a.card is not None and a.under is not None]
        if doubles:
            best = max(
                doubles,
                key=lambda a: (
                    strength[a.card.index] - strength[a.under.index]
                    if a.card is not None and a.under is not None
                    else 0
                ),
            )
            return [(best, 1.0)]
        return [(a, 1.0 / len(plays)) for a in plays]
    singles.sort(key=lambda a: strength[a.card.index] if a.card is not None else 0)
    for a in singles:
        if a.card is not None and strength[a.card.index] > rival:
            return [(a, 1.0)]
    return [(singles[0], 1.0)]


def rollout_action(match: Match, legal: list[Action], rng: random.Random) -> Action:
    """A quick, sensible action for the seat to act (see the module docstring), drawn from
    :func:`rollout_policy`. ``legal`` is the seat's legal actions (or some of them), ``rng``
    a :class:`random.Random`; anything else is refused as the agents refuse it
    (:class:`~truco_rules.core.errors.InvalidType`,
    :class:`~truco_rules.core.errors.IllegalAction`), the match unchanged."""
    seat = seat_to_choose(match)
    if not isinstance(rng, random.Random):
        raise InvalidType("rng", "a random.Random", rng)
    obs = match.observation(seat)
    actions = checked_legal(legal, obs, match.variant.format_action, match.legal_actions(seat))
    return hand_action(match.variant, match.hand, actions, rng)


def hand_action(
    variant: Variant, hand: Hand | None, legal: list[Action], rng: random.Random
) -> Action:
    """:func:`rollout_action` for the seat to act in contest ``hand`` of ``variant``."""
    dist = hand_policy(variant, hand, legal)
    if len(dist) == 1:
        return dist[0][0]
    u = rng.random()
    for a, p in dist:
        u -= p
        if u < 0:
            return a
    return dist[-1][0]


def rollout_probability(match: Match, legal: list[Action], action: Action) -> float:
    """How likely :func:`rollout_action` is to pick ``action`` here."""
    return sum(p for a, p in rollout_policy(match, legal) if a == action)
