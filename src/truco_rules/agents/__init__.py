"""Agents that play from one seat's observation: an information-set MCTS player.

:class:`ISMCTSAgent` is usable anywhere an agent is: ``agent.choose(match, legal)`` (the
:class:`~truco_rules.runs.simulate.Agent` protocol, like :class:`~truco_rules.runs.bots.SimpleBot`)
or ``agent(observation, legal)``.
"""

from __future__ import annotations

from .determinize import sample_world
from .ismcts import ISMCTSAgent
from .rollout import rollout_action

__all__ = ["ISMCTSAgent", "rollout_action", "sample_world"]
