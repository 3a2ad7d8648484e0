"""What an agent is handed, checked before it decides anything.

An agent is asked for an action in two ways: ``choose(match, legal)`` (the runners, the
CLI) and ``agent(observation, legal)`` (a caller that holds no match). Both hand it a list
of actions that should be the seat's legal actions now. These checks refuse anything else
with a typed error before the agent reads its observation or draws a random number, so a
refused call leaves the agent, and the match, as they were:

* :func:`seat_to_choose`: the seat to act of a match, or :class:`~.errors.IllegalAction`
  when no seat is (the match is over, or cards are being dealt);
* :func:`checked_legal`: ``legal`` as a list of :class:`~.actions.Action` objects, each one
  of the seat's legal actions in the observation (:class:`~.errors.InvalidType` for a value
  that is no list of actions, :class:`~.errors.IllegalAction` for an empty list or an action
  the seat may not take now). A subset of the legal actions is accepted: a caller may keep
  an agent from some of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..core.actions import Action
from ..core.arguments import in_range
from ..core.errors import IllegalAction, InvalidOption, InvalidType, ParseError, shown
from ..game.state import MatchState
from ..rules.variant import Variant
from .observation import HandView, Observation

__all__ = ["check_rules", "check_world_request", "checked_legal", "seat_to_choose"]


def seat_to_choose(match: MatchState) -> int:
    """The seat to act in ``match``; :class:`IllegalAction` if no seat is."""
    if not isinstance(match, MatchState):
        raise InvalidType("match", "a Match", match)
    seat = match.current_player()
    if seat < 0:
        why = "the match is over" if match.is_over() else "no seat is to act: cards are dealt"
        raise IllegalAction(None, seat, why)
    return seat


def checked_legal(
    legal: object,
    obs: Observation,
    fmt: Callable[[Action], str],
    current: Sequence[Action] = (),
) -> list[Action]:
    """``legal`` as a new list, once every item is an :class:`Action` that the seat of
    ``obs`` may take now (written by ``fmt``, the variant's notation, as the observation
    writes its legal actions). ``current``: the seat's legal actions as the match gives
    them, if at hand; an item that is one of those objects needs no other check."""
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence):
        raise InvalidType("legal", "a list of Action objects", legal)
    actions = list(legal)
    if not actions:
        raise IllegalAction(None, obs.seat, "there is no legal action to choose from")
    allowed = obs.legal_actions
    known = {id(a) for a in current}
    for a in actions:
        if id(a) in known:
            continue
        if type(a) is not Action:
            raise InvalidType("legal action", "an Action", a)
        text = fmt(a)
        if text not in allowed:
            why = "it is not one of the seat's legal actions now"
            raise IllegalAction(text, obs.seat, why, allowed)
    return actions


def check_rules(variant: object, obs: Observation) -> None:
    """:class:`~truco_rules.core.errors.InvalidOption` unless ``variant`` is the variant
    ``obs`` was observed under, in its deck notation (options that leave both as they are
    cannot be told apart here); :class:`~truco_rules.core.errors.InvalidType` for no variant."""
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "a Variant", variant)
    if variant.name != obs.variant or variant.deck.notation != obs.notation:
        raise InvalidOption(
            "variant", variant.name, f"the rules of the observation ({obs.variant!r}, "
            f"{obs.notation.name} notation)"
        )  # fmt: skip
    problem = _disagreement(variant, obs)
    if problem:  # an observation built by hand: its fields must agree as the match's do
        raise ParseError(f"the observation's fields disagree: {problem}")


def _disagreement(variant: Variant, obs: Observation) -> str:
    """What in ``obs`` disagrees with its rules or with itself (seats, seat, mano, sides,
    contests, a contest's view), or ``""``."""
    current: object = obs.current  # one built by hand may hold anything
    if not isinstance(current, HandView):  # an observation out of a contest has one too
        return f"current={shown(obs.current)}, where every observation has a HandView"
    n = obs.seats
    if type(n) is not int or n not in variant.seat_counts:
        return f"seats={shown(n)}, where {variant.name!r} is played with {variant.seat_counts}"
    for name in ("seat", "mano"):
        value = getattr(obs, name)
        if type(value) is not int or not 0 <= value < n:
            return f"{name}={shown(value)} at a table of {n} seats"
    if obs.sides and (len(obs.sides) != n or not set(obs.sides) <= {0, 1}):
        return f"sides={shown(obs.sides)} at a table of {n} seats (one side, 0 or 1, a seat)"
    if obs.contests and not (
        type(obs.contest) is int
        and 0 <= obs.contest < len(obs.contests)
        and all(all(type(s) is int and 0 <= s < n for s in c) for c in obs.contests)
    ):
        return f"contest={shown(obs.contest)} of contests={shown(obs.contests)}"
    return ""


def check_world_request(variant: object, obs: object, rng: object, **counts: object) -> None:
    """The arguments of a request for worlds consistent with ``obs`` (the samplers of
    :mod:`truco_rules.agents.determinize`), checked before any draw: the rules of the
    observation, in its notation; a :class:`random.Random`; each of ``counts`` an int (the
    library's integer policy) from 1, or from 0 for ``count``."""
    if not isinstance(variant, Variant):
        raise InvalidType("variant", "a Variant", variant)
    if not isinstance(obs, Observation):
        raise InvalidType("obs", "an Observation", obs)
    check_rules(variant, obs)
    if not isinstance(rng, random.Random):
        raise InvalidType("rng", "a random.Random", rng)
    for name, value in counts.items():
        in_range(value, name, 0 if name == "count" else 1, 10**6)


def check_world_settings(
    model: object,
    flags: Mapping[str, object],
    numbers: Mapping[str, object],
    stratum: object = None,
) -> None:
    """The settings of a request for worlds, checked before any draw as
    :func:`check_world_request` checks the rest: ``model`` None or a callable (a likelihood);
    each of ``flags`` True or False; each of ``numbers`` a number from 0 (an int where its
    default is one); ``stratum`` None or an int from 0."""
    if model is not None and not callable(model):
        raise InvalidType("model", "None or a callable likelihood", model)
    for name, flag in flags.items():
        if type(flag) is not bool:
            raise InvalidType(name, "True or False", flag)
    for name, number in numbers.items():
        if name == "widen":
            if type(number) not in (int, float) or not 0 <= number <= 10**6:  # type: ignore[operator]
                raise InvalidType(name, "a number from 0 to 1,000,000", number)
        else:
            in_range(number, name, 0, 10**6)
    if stratum is not None:
        in_range(stratum, "stratum", 0, 2**62)

