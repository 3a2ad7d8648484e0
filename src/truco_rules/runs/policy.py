"""Agents for simulations: who chooses the action of a seat.

An agent is any of

* a **policy**: a callable ``(observation, legal) -> action`` that sees only what its seat may
  see (:class:`~truco_rules.Observation`) and picks one of the legal actions;
* an object with ``choose(match, legal) -> action`` (the bots of :mod:`truco_rules.runs.bots`),
  which should itself read only ``match.observation(seat)``;
* a name: ``"random"`` (uniform over the legal actions) or ``"simple"`` (the rule-of-thumb
  :class:`~truco_rules.runs.bots.SimpleBot`), both seeded from the match's seed;
* text ``"package.module:name"`` naming one of the above (for the command line).

:func:`seat_chooser` turns an agent into the engine-level ``(match, legal) -> action`` used by
the simulation loop, seeded per match and seat so results never depend on who runs them: an
agent object (or a callable object) is copied for each match and seat as it was given, so
a state it keeps (its own generator) starts each match the same.
"""

from __future__ import annotations

import copy
import importlib
import operator
import pickle
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.actions import Action
from ..core.arguments import seat_index, two_arguments_refused
from ..core.errors import InvalidType, ParseError, shown
from ..match import Match
from ..views.agent_input import checked_legal, seat_to_choose
from ..views.observe import Observation
from .bots import SimpleBot

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentSpec",
    "Chooser",
    "Policy",
    "RandomAgent",
    "agent_for",
    "agent_label",
    "check_agents",
    "check_pickles",
    "load_agent",
    "seat_chooser",
]

AGENT_NAMES: tuple[str, ...] = ("random", "simple")
"""The agents known by name."""

Policy = Callable[[Observation, list[Action]], Action]
"""``(observation, legal) -> action``: a player that sees only its own seat's view."""

Chooser = Callable[[Match, list[Action]], Action]
"""The engine-level form the simulation loop calls."""


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for the seat to act (reading only that seat's observation)."""

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """One of ``legal``."""
        ...


AgentSpec = str | Agent | Policy
"""A name, an :class:`Agent`, a :data:`Policy`, or ``"module:name"`` text."""


@attrs.define(eq=False)  # a player with a state of its own: equal to itself alone
class RandomAgent:
    """Picks a legal action uniformly at random from its own seeded generator.

    ``legal`` is checked as the other agents check it (:mod:`~truco_rules.views.agent_input`:
    the seat's legal actions now, or some of them) before anything is drawn, so a refused
    call leaves the generator as it was; the actions taken from ``match.legal_actions()``
    pass at the cost of an identity test."""

    rng: random.Random = attrs.field()

    @rng.validator
    def _check_rng(self, _attribute: object, value: object) -> None:
        if not isinstance(value, random.Random):
            raise InvalidType("rng", "a random.Random", value)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """One of ``legal``, drawn uniformly."""
        seat = seat_to_choose(match)
        current = match.legal_actions()  # the seat to act's: the match's cached objects
        if not (
            type(legal) is list
            and len(legal) == len(current)
            and all(map(operator.is_, legal, current))
        ):  # not the list as the match gives it: checked in full
            obs = match.observation(seat)
            legal = checked_legal(legal, obs, match.variant.format_action, current)
        return legal[int(self.rng.random() * len(legal))]


def load_agent(text: str) -> AgentSpec:
    """An agent from text: a name of :data:`AGENT_NAMES` or ``"package.module:name"``."""
    if not isinstance(text, str):
        raise InvalidType("agent text", "a str", text)
    if text in AGENT_NAMES:
        return text
    module, sep, name = text.partition(":")
    if not sep or not module or not name:
        raise ParseError(
            f"unknown agent {shown(text)}: use {', '.join(AGENT_NAMES)} or 'package.module:name'"
        )
    try:
        obj: Any = getattr(importlib.import_module(module), name)
    except Exception as exc:  # not found, a relative name, or the module failed on import
        raise ParseError(f"cannot load agent {shown(text)}: {shown(str(exc), 200)}") from None
    if isinstance(obj, type):
        raise ParseError(
            f"agent {shown(text)} is a class: name an object with choose(match, legal) or a "
            "policy (observation, legal) -> action"
        )
    if not callable(obj) and not isinstance(obj, Agent):
        raise ParseError(f"agent {shown(text)} is neither a policy nor has choose(match, legal)")
    form, why = _miscalled(obj)
    if why:
        raise ParseError(f"agent {shown(text)} cannot be called as {form}: {why}")
    return obj  # type: ignore[no-any-return]


def _miscalled(agent: object) -> tuple[str, str]:
    """What ``agent`` is taken for (``an object with choose(match, legal)``, ``a policy``) and
    why its signature does not take the two arguments a run gives it, or an empty reason: a
    factory that takes a seed, say, would fail at its first decision. An agent whose
    signature cannot be read is taken on trust."""
    if isinstance(agent, Agent):
        target: Any = agent.choose
        form = "an object with choose(match, legal)"
    else:
        target, form = agent, "a policy (observation, legal) -> action"
    why = two_arguments_refused(target)
    if why:
        return form, why
    made = _made_agent(target)
    if made:  # default_agent(seed=0, strength=...) binds two arguments, but makes an agent
        return form, f"it is a factory that returns {made}, not an action: name an agent it made"
    return form, ""


def _made_agent(target: Any) -> str:
    """The name of the agent class ``target`` is annotated to return (a factory such as
    :func:`truco_rules.agents.default_agent`), else an empty string. An annotation that
    cannot be resolved is taken on trust."""
    try:
        made = typing.get_type_hints(target).get("return")
    except Exception:  # a forward reference to a name the module does not hold, and the like
        return ""
    if isinstance(made, type) and not issubclass(made, Action) and callable(
        getattr(made, "choose", None)
    ):
        return made.__qualname__
    return ""


def agent_label(spec: AgentSpec) -> str:
    """A short name for reports."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "__qualname__", None) or type(spec).__name__
    return f"{getattr(spec, '__module__', '?')}:{name}"


def seat_chooser(spec: AgentSpec, seed: int, seat: int, shared: random.Random) -> Chooser:
    """The chooser of ``seat`` in the match dealt from ``seed``. ``shared`` is the match's
    generator for random play (every random seat draws from it, as the engine always has)."""
    if isinstance(spec, str):
        spec = load_agent(spec)
    if spec == "random":
        return RandomAgent(shared).choose
    if spec == "simple":
        return SimpleBot(random.Random(f"agents/{seed}/simple/{seat}")).choose
    if isinstance(spec, type):  # its choose() is unbound, and calling it makes an instance
        raise InvalidType("agent", "a name, a policy or an object with choose(), not a class", spec)
    # an object or a callable object may keep a state (its generator, what it has read):
    # each match and seat plays a copy of it as it was given, so that no match depends on
    # the ones played before it, wherever and in whatever order they run
    try:
        spec = copy.deepcopy(spec)
    except Exception as exc:  # a lock, a socket, an engine's process handle
        why = f"{type(exc).__name__}: {shown(str(exc), 120)}"
        raise InvalidType(
            "agent",
            "an agent that copy.deepcopy() copies (each match and seat plays a copy of it as "
            f"it was given; give it __deepcopy__ for what cannot be copied; copying failed: {why})",
            spec,
        ) from None
    if isinstance(spec, Agent):
        return spec.choose
    if callable(spec):
        policy = spec

        def choose(match: Match, legal: list[Action]) -> Action:
            return policy(match.observation(match.current_player()), legal)

        return choose
    raise InvalidType("agent", "a name, a policy or an object with choose()", spec)


def check_agents(agents: object, seats: int) -> None:
    """``agents`` is ``None``, a mapping of seats to agents or a sequence of agents, and each
    agent is a name, a policy or an object with ``choose`` (which agent a name or text
    loads is checked when the match starts)."""
    if agents is None:
        return
    if isinstance(agents, Mapping):
        for seat in agents:
            seat_index(seat, seats)
        specs: Any = agents.values()
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        specs = agents
    else:
        raise InvalidType("agents", "a sequence or a mapping of agents per seat, or None", agents)
    for spec in specs:
        if not isinstance(spec, str) and not callable(spec) and not isinstance(spec, Agent):
            raise InvalidType("agent", "a name, a policy or an object with choose()", spec)
        form, why = ("", "") if isinstance(spec, (str, type)) else _miscalled(spec)
        if why:
            raise InvalidType("agent", f"{form} (its signature: {why})", spec)


def check_pickles(agents: object, executor: object) -> None:
    """Agents that a process pool's workers cannot receive are refused here, not by a
    pickling error in the middle of the run."""
    if agents is None or not isinstance(executor, ProcessPoolExecutor):
        return
    try:
        pickle.dumps(agents)
    except Exception as exc:
        raise InvalidType(
            "agents",
            "agents a process pool can send to its workers (names, 'module:name' text, "
            f"module-level functions or objects; pickling failed: {type(exc).__name__})",
            agents,
        ) from None


def agent_for(agents: Mapping[int, AgentSpec] | Sequence[AgentSpec] | None, seat: int) -> Any:
    """The agent of ``seat``: its entry of a mapping, element ``seat mod len`` of a
    sequence, else ``"random"``."""
    if agents is None:
        return "random"
    if isinstance(agents, Mapping):
        return agents.get(seat, "random")
    return agents[seat % len(agents)] if agents else "random"
