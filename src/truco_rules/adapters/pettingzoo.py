"""PettingZoo adapter: an AEC environment (it needs the ``pettingzoo`` extra: see Install in
docs/getting-started.md).

```python
# needs: pettingzoo
from truco_rules.adapters.pettingzoo import env

e = env(variant="default", seats=2)  # any registered name or alias
e.reset(seed=1)
final = {}
for agent in e.agent_iter():
    obs, reward, terminated, truncated, info = e.last()
    if terminated or truncated:
        final[agent] = reward  # the match is over for this seat: its reward
        action = None
    else:
        action = e.action_space(agent).sample(obs["action_mask"])
    e.step(action)
print(sorted(final.values()))  # [-1.0, 1.0]: one seat won the match, the other lost
```

Agents are ``seat_0`` .. ``seat_<n-1>``. An observation is a dict: ``observation``, the
seat's :func:`~truco_rules.views.tensors.observation_features` (float32), and ``action_mask``
(int8, one entry per id of the variant's action space). Deals are shuffled from the seed
given to ``reset``, so there are no chance steps. Rewards come at the end of the match:
+1 for each seat of the winning side, -1 for the others. ``render()`` (mode ``ansi``)
returns the acting seat's view as text. Only the seat to act moves: a partner's answer or a
call out of turn, which the kernel may allow another seat, is not offered here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.errors import install_hint

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - depends on the extras installed
    raise ImportError(
        f"truco_rules.adapters.pettingzoo needs PettingZoo: {install_hint('pettingzoo')}"
    ) from exc

from ..core.arguments import in_range, integer
from ..core.errors import (
    IllegalAction,
    InvalidOption,
    InvalidSeat,
    TrucoError,
    UnknownActionIdType,
    UnknownParameter,
    shown,
)
from ..game.dealing import MAX_SEED
from ..match import Match
from ..rules.registry import DEFAULT_ALIAS, get_variant
from ..rules.variant import Variant
from ..views.tensors import observation_features, observation_size

__all__ = ["TrucoEnv", "UnknownAgent", "env", "raw_env"]

_PARAMETERS = ("variant", "seats", "render_mode")


class UnknownAgent(InvalidSeat, KeyError):
    """An agent name (``seat_0``...) that the environment does not have: an
    :class:`~truco_rules.InvalidSeat`, and a :class:`KeyError` as a lookup by name is."""

    def __init__(self, agent: object, agents: Sequence[str]) -> None:
        self.seat, self.agents = agent, tuple(agents)
        TrucoError.__init__(
            self, f"there is no agent {shown(agent)}; agents are {', '.join(self.agents)}"
        )

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class TrucoEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of a variant at a table size (build it with :func:`raw_env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "truco_rules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = DEFAULT_ALIAS,
        seats: int = 2,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = get_variant(variant)
        seats = integer(seats, "seats")
        self.variant.table.check_seats(seats, self.variant.name)
        if render_mode is not None and render_mode != "ansi":
            raise InvalidOption("render_mode", render_mode, "None or 'ansi'")
        self.render_mode = render_mode
        self.seats = seats
        self.possible_agents = [f"seat_{s}" for s in range(seats)]
        n_act = self.variant.num_actions
        size = observation_size(self.variant, seats)
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n_act,), np.int8),
            }
        )
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: gymnasium.spaces.Discrete(n_act) for a in self.possible_agents}
        self._rng = random.Random(0)
        self.match: Match = self.variant.new_match(seats, seed=0)
        self.agents: list[str] = []
        # before reset(): no seat to act, nothing to read (a step or last() now is refused
        # with a TrucoError, not an AttributeError)
        self.agent_selection = ""
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def _seat(self, agent: object) -> int:
        """The seat of ``agent`` (``seat_<n>``); :class:`UnknownAgent` for another name."""
        try:
            return self.possible_agents.index(agent)  # type: ignore[arg-type]
        except ValueError:
            raise UnknownAgent(agent, self.possible_agents) from None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:  # type: ignore[type-arg]
        """The observation space of ``agent``: a dict of the observation's features and
        the action mask (:class:`UnknownAgent` for a name not of this table)."""
        self._seat(agent)  # an unknown agent: UnknownAgent
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:  # type: ignore[type-arg]
        """The action space of ``agent``: the variant's action ids."""
        self._seat(agent)
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` fixes every deal (default: the next one of the env's own
        sequence)."""
        if seed is not None:  # the library's integer policy: a numpy int, no bool or float
            self._rng = random.Random(in_range(seed, "seed", 0, MAX_SEED))
        self.match = self.variant.new_match(self.seats, seed=self._rng.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.current_player()]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees: its observation's features, and the mask of the
        action ids it may take now (all zero when it is not to act)."""
        seat = self._seat(agent)
        obs = self.match.observation(seat)
        mask = np.zeros(self.variant.num_actions, np.int8)
        if self.match.current_player() == seat:
            mask[self.match.legal_action_ids(seat)] = 1
        return {
            "observation": np.asarray(observation_features(obs, self.variant), np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        """Apply ``action`` (an action id) for the agent selected; a finished agent steps
        ``None``. A refused action raises the library's typed error and changes
        nothing."""
        agent = self.agent_selection
        if not self.agents:
            raise IllegalAction(action, None, "no seat is to act: reset() the environment")
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:  # PettingZoo's own check raises a bare ValueError
                why = "its match is over: a finished seat steps None"
                raise IllegalAction(action, self._seat(agent), why)
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        if action is None:  # only a finished seat steps None (above)
            last = self.variant.num_actions - 1
            raise UnknownActionIdType("action", f"an int from 0 to {last} (the seat acts)", None)
        self.match.apply_id(action, seat)  # its checks: no float, no id out of the space
        self._cumulative_rewards[agent] = 0.0  # once the action is taken: a refused one
        # changes nothing
        self.rewards = {a: 0.0 for a in self.agents}
        if self.match.is_over():
            result = self.match.returns()
            for a in self.agents:
                self.rewards[a] = float(result[self.possible_agents.index(a)])
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.match.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode`` set, the table as the seat to act sees it, as text."""
        if self.render_mode is None:
            return None
        seat = max(0, self.match.current_player())
        return self.match.observation(seat).render(self.variant.format_card)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> TrucoEnv:
    """The environment without wrappers. Parameters: ``variant``, ``seats``, ``render_mode``;
    any other is an :class:`~truco_rules.core.errors.UnknownParameter`."""
    for key in kwargs:
        if key not in _PARAMETERS:
            raise UnknownParameter(key, "the truco_rules env", _PARAMETERS)
    return TrucoEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order checks (an illegal action ends nothing: it
    raises, as the kernel does). PettingZoo's ``AssertOutOfBoundsWrapper`` is left out: its
    bare ``assert`` would answer an id out of the space before the environment does, with
    an untyped ``AssertionError`` that ``python -O`` removes; the environment refuses any id
    out of the space itself, with :class:`~truco_rules.UnknownActionId` (or
    :class:`~truco_rules.UnknownActionIdType` for no int), and changes nothing."""
    e: Any = raw_env(**kwargs)
    return wrappers.OrderEnforcingWrapper(e)
