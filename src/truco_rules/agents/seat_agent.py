"""What every search agent of the library shares: the two ways to ask it for an action.

An agent reads only its seat's :class:`~truco_rules.views.observe.Observation` and the rules;
:class:`SeatAgent` gives it :meth:`~SeatAgent.choose` (a match and its legal actions, the
interface of the runners and the CLI) and the callable form (an observation and its legal
actions, for a caller that holds no match), both through the agent's own ``decide``;
:func:`fallback_action` is the plain rule they play by where no world can be rebuilt from
the observation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.actions import DISCARD, MAZO, PLAY, Action
from ..match import Match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from ..views.observe import Observation

__all__ = ["SeatAgent", "card_strength", "fallback_action"]


class SeatAgent:
    """The base of an agent that decides from one seat's observation: a subclass has a
    ``variant`` field (``None``: found by the observation's variant name) and implements
    :meth:`decide`."""

    __slots__ = ()

    variant: Variant | None

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for the seat to act, from its observation only."""
        obs = match.observation(match.current_player())
        return self.decide(match.variant, obs, legal)

    def __call__(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` from an observation (the rules come from :attr:`variant`,
        else from the registry by the observation's variant name)."""
        v = self.variant if self.variant is not None else get_variant(observation.variant)
        return self.decide(v, observation, list(legal))

    def decide(self, variant: Variant, obs: Observation, legal: list[Action]) -> Action:
        """The action the agent prefers among ``legal``, seen from ``obs``."""
        raise NotImplementedError


def card_strength(strength: Sequence[int], action: Action) -> int:
    """The trick strength (``strength``, by card index) of the card ``action`` plays; 0
    for an action without a card."""
    return 0 if action.card is None else strength[action.card.index]


def fallback_action(
    variant: Variant, obs: Observation, legal: list[Action], rng: random.Random
) -> Action:
    """A plain rule where no world can be rebuilt (discards, blind hands): the weakest
    card (discarded, or played face up), else anything but going to the deck."""
    strength = variant.ranking.strengths(obs.turned, variant.deck.cards)
    if legal[0].verb == DISCARD:
        return min(legal, key=lambda a: card_strength(strength, a))
    plays = [a for a in legal if a.verb == PLAY and a.card is not None and not a.down]
    if plays:
        return min(plays, key=lambda a: card_strength(strength, a))
    calm = [a for a in legal if a.verb != MAZO]
    return rng.choice(calm or legal)
