"""The opponent model a sampled world is weighed by, and how its answers are taken.

A world (:mod:`.worlds`) replays the public record of the contest in play with guessed cards;
at each choice another seat made, a *likelihood model* says how likely that seat, holding
the world's cards, was to make it. The product is the world's weight. The default model is
the rule of thumb of :mod:`.rollout`, floored so that no world is ruled out by the model
alone; an agent may pass its own (:mod:`.inference`). A model is code the library may not
have written, so what it gives and what it raises is checked here, where it is asked.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable

from ..core.actions import Action
from ..core.errors import ProtocolError, TrucoError
from ..core.messages import shown
from ..match import Match
from .rollout import rollout_probability

__all__ = ["Likelihood", "ask", "rule_of_thumb"]

_FLOOR = 0.02
Likelihood = Callable[[Match, int, Action], float]
"""An opponent model: how likely a seat, holding its cards in a world (a match state), is to
make a choice there: a real number from 0 up (not NaN; a numpy number counts, a bool does
not); anything else is a :class:`~truco_rules.core.errors.ProtocolError` naming the model,
raised by :func:`~.worlds.rebuild`. A :class:`~truco_rules.core.errors.TrucoError` it raises
drops the world (no world); any other exception is a ``ProtocolError`` naming the model and
the error."""


def rule_of_thumb(m: Match, seat: int, action: Action) -> float:
    """How likely the rule-of-thumb model plays ``action`` for ``seat`` here (exactly,
    floored so that no world is ruled out by the model alone)."""
    legal = m.legal_actions()
    if len(legal) < 2:
        return 1.0
    return max(_FLOOR, rollout_probability(m, legal, action))


def ask(model: Likelihood, m: Match, seat: int, action: Action) -> float | None:
    """``model``'s likelihood of ``seat``'s ``action`` in world ``m``, checked; ``None`` where
    the world's cards cannot explain the action (the model raised a
    :class:`~truco_rules.core.errors.TrucoError`, or one of the library's models an
    ``IndexError`` or ``StopIteration``). Anything else a model raises or gives is a
    :class:`~truco_rules.core.errors.ProtocolError` naming it."""
    try:
        p = model(m, seat, action)
    except (TrucoError, IndexError, StopIteration) as exc:
        if isinstance(exc, TrucoError) or _ours(model):
            return None  # an action the world's cards cannot explain
        raise _broke(model, f"raised {type(exc).__name__}: {exc}") from exc
    except Exception as exc:  # a model's own bug, named, not taken for no world
        raise _broke(model, f"raised {type(exc).__name__}: {exc}") from exc
    return _likely(p, model)  # a wrong value raises here, not swallowed


def _likely(p: object, model: object) -> float:
    """``p``, a model's likelihood, if it is a real number from 0 to 1e300 (not NaN; a
    numpy number is the number it equals, a bool is none); else
    :class:`~truco_rules.core.errors.ProtocolError` naming the model."""
    ok = isinstance(p, numbers.Real) and not isinstance(p, bool)
    try:
        value = float(p) if ok else math.nan  # type: ignore[arg-type]
    except (OverflowError, ValueError, TypeError):  # 10**400: no float holds it
        value = math.nan
    if not 0 <= value <= 1e300:
        raise _broke(model, f"gave {shown(p)}, not a number from 0 to 1e300")
    return value


def _ours(model: object) -> bool:
    """Whether ``model`` is one of the library's (an IndexError of it means no world)."""
    return type(model).__module__.startswith("truco_rules.") or (
        getattr(model, "__module__", "") or ""
    ).startswith("truco_rules.")


def _broke(model: object, problem: str) -> ProtocolError:
    name = getattr(model, "__qualname__", type(model).__qualname__)
    return ProtocolError(f"likelihood model {name}", "__call__", problem[:300])
