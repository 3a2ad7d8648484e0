"""What every search agent of the library shares: the two ways to ask it for an action.

An agent reads only its seat's :class:`~truco_rules.views.observe.Observation` and the rules;
:class:`SeatAgent` gives it :meth:`~SeatAgent.choose` (a match and its legal actions, the
interface of the runners and the CLI) and the callable form (an observation and its legal
actions, for a caller that holds no match), both through the agent's own ``decide``;
:func:`fallback_action` is the plain rule they play by where no world can be rebuilt from
the observation.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ..core.actions import DISCARD, MAZO, PLAY, Action
from ..core.arguments import integer
from ..core.errors import InvalidOption, InvalidOptionType, InvalidType
from ..match import Match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from ..views.agent_input import check_rules, checked_legal, seat_to_choose
from ..views.observe import Observation

__all__ = [
    "SeatAgent",
    "card_strength",
    "fallback_action",
    "setting_flag",
    "setting_int",
    "setting_number",
    "setting_rules",
    "settings_guard",
    "strength_count",
    "whole",
]


def whole(value: object) -> object:
    """``value`` as the ``int`` it is (a numpy integer included, a bool not), else as it
    is, for an agent's own range checks (the integer policy of
    :mod:`truco_rules.core.arguments`)."""
    try:
        return integer(value, "")
    except InvalidType:
        return value


def setting_int(name: str, value: object, low: int, most: int) -> int:
    """An agent's setting ``value`` as an int from ``low`` to ``most`` (a numpy integer is
    the int it equals): :class:`~truco_rules.core.errors.InvalidOptionType` for another type,
    :class:`~truco_rules.core.errors.InvalidOption` out of the range."""
    number = whole(value)
    allowed = f"an int from {low:,} to {most:,}"
    if type(number) is not int:
        raise InvalidOptionType(name, value, allowed)
    if not low <= number <= most:
        raise InvalidOption(name, value, allowed)
    return number


def setting_number(name: str, value: object, low: float, most: float, allowed: str) -> float:
    """An agent's setting ``value`` as a float from ``low`` to ``most`` (a real number,
    numpy's included, not a bool; NaN is none): InvalidOptionType for another type,
    InvalidOption outside."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidOptionType(name, value, allowed)
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float: out of any setting's range
        number = math.inf
    if not low <= number <= most:
        raise InvalidOption(name, value, allowed)
    return number


def setting_flag(name: str, value: object) -> bool:
    """An agent's on/off setting: True or False (InvalidOptionType otherwise)."""
    if type(value) is not bool:
        raise InvalidOptionType(name, value, "True or False")
    return value


def setting_rules(name: str, value: object) -> Variant | None:
    """An agent's ``variant`` setting: None or a Variant (InvalidOptionType otherwise)."""
    if value is not None and not isinstance(value, Variant):
        raise InvalidOptionType(name, value, "None or a Variant")
    return value


def strength_count(level: object, named: Mapping[str, int], most: int = 10**7) -> int:
    """The count (worlds, iterations) of a strength: a name of ``named`` or an int from 1
    to ``most``; :class:`~truco_rules.core.errors.InvalidOption` otherwise (and
    :class:`~truco_rules.core.errors.InvalidOptionType` for neither a str nor an int)."""
    allowed = f"{', '.join(named)} or an int from 1 to {most:,}"
    if isinstance(level, str):
        if level in named:
            return named[level]
        raise InvalidOption("strength", level, allowed)
    count = whole(level)
    if type(count) is not int:
        raise InvalidOptionType("strength", level, allowed)
    if not 1 <= count <= most:
        raise InvalidOption("strength", level, allowed)
    return count


Rule = Callable[[str, Any], Any]
"""How a setting is checked: ``rule(name, value)`` gives the value to keep or raises."""


def settings_guard(
    rules: Mapping[str, Rule], after: Callable[[Any, str, Any], None] | None = None
) -> Callable[[Any, attrs.Attribute[Any], Any], Any]:
    """An attrs ``on_setattr`` hook: a setting assigned after the agent was built is checked
    by its rule, as the constructor checks it (``agent.worlds = -5`` is an InvalidOption,
    not a search that silently does nothing), then ``after(agent, name, value)`` updates
    what the agent derived from it (its generator from ``seed``, say)."""

    def hook(agent: Any, attribute: attrs.Attribute[Any], value: Any) -> Any:
        rule = rules.get(attribute.name)
        if rule is None:
            return value
        value = rule(attribute.name, value)
        if after is not None:
            after(agent, attribute.name, value)
        return value

    return hook


class SeatAgent:
    """The base of an agent that decides from one seat's observation: a subclass has a
    ``variant`` field (``None``: found by the observation's variant name) and implements
    :meth:`decide`."""

    __slots__ = ()

    variant: Variant | None

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for the seat to act, from its observation only.

        ``legal`` is the seat's legal actions, or some of them; anything else is refused
        before the agent decides anything (:mod:`~truco_rules.views.agent_input`), so a
        refused call leaves the agent as it was."""
        seat = seat_to_choose(match)
        obs = match.observation(seat)
        fmt = match.variant.format_action
        legal = checked_legal(legal, obs, fmt, match.legal_actions(seat))
        return self.decide(match.variant, obs, legal)

    def __call__(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` from an observation (the rules come from :attr:`variant`,
        else from the registry by the observation's variant name).

        The rules must be the observation's variant, in its deck notation
        (:class:`~truco_rules.core.errors.InvalidOption` otherwise; options that leave
        both as they are cannot be told apart: give the match's own variant as
        :attr:`variant`), and ``legal`` the seat's legal actions or some of them."""
        if not isinstance(observation, Observation):
            raise InvalidType("observation", "an Observation", observation)
        v = self.variant if self.variant is not None else get_variant(observation.variant)
        check_rules(v, observation)
        return self.decide(v, observation, checked_legal(legal, observation, v.format_action))

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
