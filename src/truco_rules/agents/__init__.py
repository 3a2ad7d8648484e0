"""Agents that play from one seat's observation: the reader (the default) and an
information-set MCTS player.

:func:`default_agent` returns the library's strongest agent, :class:`ReaderAgent`; it and
:class:`ISMCTSAgent` are usable anywhere an agent is: ``agent.choose(match, legal)`` (the
:class:`~truco_rules.runs.simulate.Agent` protocol, like :class:`~truco_rules.runs.bots.SimpleBot`)
or ``agent(observation, legal)``.
"""

from __future__ import annotations

from .determinize import sample_world
from .ismcts import ISMCTSAgent
from .reader import STRENGTHS, ReaderAgent
from .rollout import rollout_action

__all__ = [
    "STRENGTHS",
    "ISMCTSAgent",
    "ReaderAgent",
    "default_agent",
    "rollout_action",
    "sample_world",
]


def default_agent(seed: int = 0, strength: str | int = "default") -> ReaderAgent:
    """The library's strongest agent at a named strength (``fast``, ``default``,
    ``strong``; see :data:`STRENGTHS`) or sampling ``strength`` worlds a decision.

    >>> import truco_rules as tr
    >>> m = tr.get_variant(tr.variant_names()[0]).new_match(2, seed=1)
    >>> bot = default_agent(seed=1)
    >>> bot.choose(m, m.legal_actions()) in m.legal_actions()
    True
    """
    return ReaderAgent.with_strength(strength, seed=seed)
