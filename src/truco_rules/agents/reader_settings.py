"""The settings of :class:`~.reader.ReaderAgent`: how each is checked, when the agent is
built and when one is set later (:func:`~.seat_agent.settings_guard`), and what a new seed
or side search changes in the agent."""

from __future__ import annotations

import random
from typing import Any

from ..game.dealing import MAX_SEED
from .ismcts import ISMCTSAgent
from .seat_agent import Rule, setting_flag, setting_int, setting_number, setting_rules

__all__ = ["MOST_WORLDS", "SETTINGS", "derive"]

MOST_WORLDS = 10**5
"""The most worlds a reader samples a decision (:attr:`~.reader.ReaderAgent.worlds`)."""


def _unit(name: str, value: object) -> float:
    return setting_number(name, value, 0.0, 1.0, "a number from 0 to 1")


SETTINGS: dict[str, Rule] = {
    "worlds": lambda n, v: setting_int(n, v, 1, MOST_WORLDS),
    **dict.fromkeys(
        ("widen", "call_at", "call_margin", "raise_at", "raise_from", "call_read"), _unit
    ),
    **dict.fromkeys(
        ("accept_margin", "envido_at", "falta_at", "loose_call_at", "tight_call_at"), _unit
    ),
    "loose_answer": lambda n, v: setting_number(n, v, 0.0, 10.0, "a number from 0 to 10"),
    "side_search": lambda n, v: setting_int(n, v, 0, 10**6),
    "infer": setting_flag,
    "read_answers": setting_flag,
    "seed": lambda n, v: setting_int(n, v, 0, MAX_SEED),
    "variant": setting_rules,
}
"""How each setting is checked: ``SETTINGS[name](name, value)`` gives the value or raises."""


def derive(agent: Any, name: str, value: Any) -> None:
    """What ``agent`` derives from its ``seed`` and ``side_search`` (its generator and its
    side-bet search), made again when ``name`` is one of them, set to ``value``."""
    if name in ("seed", "side_search"):
        seed: int = value if name == "seed" else agent.seed
        search: int = value if name == "side_search" else agent.side_search
        object.__setattr__(agent, "rng", random.Random(f"truco-rules/reader/{seed}"))
        found = ISMCTSAgent(iterations=search, seed=seed) if search else None
        object.__setattr__(agent, "_search", found)
