"""The hook slots of a variant, what each must hold, and the check a variant makes of them
when it is built.

A :class:`~truco_rules.Variant` holds one hook per slot; the kernel asks each slot's hook
only through the methods of that slot's kind: a protocol (``Deck``, ``Ranking``,
``Table``: any object with its methods) or a base class (the others, which a hook extends).
A slot holding something else would fail later, deep in a match, with an ``AttributeError``;
:func:`check_slots` refuses it at once, naming the slot and the object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import InvalidType, ProtocolError
from ..core.messages import shown
from .deck import Deck, Ranking
from .envido import EnvidoRules
from .flor import FlorRules
from .ladder import BetLadder
from .scoring import MatchRule
from .special import SpecialHands
from .table import Table
from .trick_rule import TrickRule

__all__ = ["HOOK_SLOTS", "OPTIONAL_SLOTS", "SLOT_KINDS", "check_slots", "check_values"]

HOOK_SLOTS: tuple[str, ...] = (
    *("deck", "ranking", "table", "tricks", "ladder"),
    *("envido", "flor", "special", "match"),
)
"""The attributes of a :class:`~truco_rules.Variant` that hold hooks, in a fixed order."""

SLOT_KINDS: Mapping[str, type] = {
    "deck": Deck,
    "ranking": Ranking,
    "table": Table,
    "tricks": TrickRule,
    "ladder": BetLadder,
    "envido": EnvidoRules,
    "flor": FlorRules,
    "special": SpecialHands,
    "match": MatchRule,
}
"""What each slot holds: a protocol its hook follows, or a class its hook extends."""

OPTIONAL_SLOTS = frozenset({"envido", "flor", "special"})
"""The slots a variant may leave ``None`` (no envido, no flor, no special hands)."""


def check_slots(
    hooks: Mapping[str, Any], name: object, description: object, aliases: object
) -> None:
    """Refuse, with :class:`~truco_rules.core.errors.InvalidType`, a variant whose name or
    description is no text, whose aliases are no tuple or list of names (a lone string
    would be read letter by letter), or whose slot holds no hook of its kind."""
    if not isinstance(name, str):
        raise InvalidType("a variant's name", "a str", name)
    if not isinstance(description, str):
        raise InvalidType("a variant's description", "a str", description)
    if not isinstance(aliases, (tuple, list)) or not all(isinstance(a, str) for a in aliases):
        raise InvalidType("a variant's aliases", "a tuple of names (str)", aliases)
    for slot in HOOK_SLOTS:
        hook, kind = hooks[slot], SLOT_KINDS[slot]
        if hook is None and slot in OPTIONAL_SLOTS:
            continue
        if not isinstance(hook, kind):
            none = " or None" if slot in OPTIONAL_SLOTS else ""
            raise InvalidType(f"the {slot} hook", f"of kind {kind.__name__}{none}", hook)


def _points(value: object, slot: str, method: str, given: str) -> None:
    if type(value) is not int or value < 0:
        problem = f"gave {shown(value)} for {given}, not a whole number of points (0 or more)"
        raise ProtocolError(slot, method, problem)


def check_values(hooks: Mapping[str, Any]) -> None:
    """Refuse, with :class:`~truco_rules.core.errors.ProtocolError` naming the slot and the
    method, a ladder, flor or envido hook whose points for a bet are no whole number of 0
    or more: they are fixed by the rules, so they are asked of every bet when the variant is
    built, not at the action that would score them (where a wrong one ended in a bare
    ``TypeError``, or a negative one scored nothing)."""
    ladder = hooks["ladder"]  # its values check themselves (InvalidOption)
    for level in range(1, len(ladder.names) + 1):
        _points(ladder.refused(level), "ladder", "refused", f"level {level}")
    flor = hooks["flor"]
    if flor is not None:
        for count in (1, 2, 3):
            _points(flor.uncontested(count), "flor", "uncontested", f"{count} flores")
        for over in (False, True):
            _points(flor.resto_refused(over), "flor", "resto_refused", f"over_contraflor={over}")
    envido = hooks["envido"]
    if envido is None:
        return
    for chain in sorted(envido.chains()):
        _points(envido.refused(chain), "envido", "refused", f"{', '.join(chain)}")
        _points(envido.accepted(chain, lambda: 1), "envido", "accepted", f"{', '.join(chain)}")
