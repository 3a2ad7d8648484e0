"""What every search agent of the library shares: the two ways to ask it for an action.

An agent reads only its seat's :class:`~truco_rules.views.observe.Observation` and the rules;
:class:`SeatAgent` gives it :meth:`~SeatAgent.choose` (a match and its legal actions, the
interface of the runners and the CLI) and the callable form (an observation and its legal
actions, for a caller that holds no match), both through the agent's own ``decide``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action
from ..match import Match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from ..views.observe import Observation

__all__ = ["SeatAgent"]


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
