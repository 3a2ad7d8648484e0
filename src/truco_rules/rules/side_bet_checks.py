"""What the kernel accepts from a side bet of a variant's own: the protocol's checks.

A bet a variant lists in :attr:`~truco_rules.rules.variant.Variant.side_bets` is code from outside
the kernel, and everything it gives the kernel is input, checked as :meth:`Match.apply
<truco_rules.game.state.MatchState.apply>` checks a user's action (the kernel's envido and flor
are trusted and skip these checks). What is checked once, when the variant is built, is
here (:func:`side_table`), with the rules every later value obeys; the values a bet returns
during play are checked as it returns them, by :class:`~truco_rules.contest.bet_guard.GuardedBet`.
A bet that breaks the protocol gets a :class:`~truco_rules.core.errors.ProtocolError` naming the
bet and the method, and the match is left as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
from collections.abc import Hashable
from typing import Any

import attrs

from ..core import actions as A
from ..core.actions import KERNEL_VERBS, Action
from ..core.errors import InvalidType, ProtocolError, shown
from ..core.options import MAX_OPTION_INT
from .side_bet import OPTIONAL_METHODS, SideBet

__all__ = [
    "KERNEL_CALLS",
    "MAX_AUTOMATIC",
    "MAX_POINTS",
    "MAX_TEXT",
    "RESERVED",
    "Declared",
    "SideBetTable",
    "VerbInUse",
    "broke",
    "checked_credits",
    "checked_state",
    "checked_text",
    "label",
    "side_table",
]

MAX_POINTS = MAX_OPTION_INT
"""The most points one credit of a bet (or its deck bonus) may give: 10,000, the bound of
every integer option and so of the target (more could never count)."""
MAX_TEXT = 60
"""The longest name or reason a bet may give."""
MAX_AUTOMATIC = 100
"""The most actions the bets may take by themselves (:meth:`SideBet.automatic`) before a
seat acts: a bet whose automatic action does not change its state for good would be asked
again forever."""
RESERVED = frozenset(
    {"envido", "flor", "envido forfeited", "flor forfeited", "hidden flor"}
    | {"tricks", "mazo", "refused", "declined", "forbidden call", "target"}
)
"""Names and reasons the kernel gives its own bets and the ends of a contest, and reads
back: a bet of a variant's own may not take them."""
KERNEL_CALLS = frozenset(
    {A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO, A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO}
)
"""The calls of the kernel's envido and flor, reserved even in a variant without them:
the envido, for one, is voided by a flor sung, whoever sang it. A bet of a variant's own
answers with none of them and takes none by itself."""
_NOT_ANSWERS = frozenset({A.MAZO, A.PLAY, A.DEAL, A.DISCARD})
"""Verbs of the kernel's own actions: going to the deck is always the kernel's (a bet hears
of it in :meth:`SideBet.interrupted`), and a card is played, dealt or put aside only by the
kernel."""
_TEXT_MARKS = frozenset(" -_'.")


def label(name: object) -> str:
    """How an error names the bet called ``name``."""
    return f"side bet {shown(name)}"


class VerbInUse(ProtocolError, ValueError):
    """A side bet declares a verb that the kernel, the variant's ladder or another of its
    bets already uses (the kernel's are reserved even in a variant without them): a
    :class:`~truco_rules.core.errors.ProtocolError` naming the bet and ``verbs``, and a
    ``ValueError`` as it always was."""

    def __init__(self, hook: str, verb: str) -> None:
        super().__init__(hook, "verbs", f"the verb {verb!r} is already in use")
        self.verb = verb


def broke(name: object, method: str, problem: str) -> ProtocolError:
    """The error for the bet called ``name`` whose ``method`` broke the protocol."""
    return ProtocolError(label(name), method, problem)


def checked_text(name: object, method: str, text: object, what: str) -> str:
    """``text`` if it is a name or reason the protocol allows (1 to :data:`MAX_TEXT`
    letters, digits, spaces, ``-_'.``, not :data:`RESERVED`), else ProtocolError."""
    problem = _text_problem(text)
    if problem:
        raise broke(name, method, f"gave {shown(text)} as its {what}: {problem}")
    return text  # type: ignore[return-value]


def _text_problem(text: object) -> str:
    """What is wrong with ``text`` as a name or reason (``""``: nothing). Records and
    information-state strings write it beside the points, so it is one short line."""
    if type(text) is not str:
        return "not text"
    if not (
        0 < len(text) <= MAX_TEXT
        and text == text.strip()
        and all(c.isalnum() or c in _TEXT_MARKS for c in text)
    ):
        return f"text is 1 to {MAX_TEXT} letters, digits, spaces or -_'."
    if text in RESERVED:
        return "the kernel's own"
    return ""


_ATOMS = (type(None), bool, int, float, complex, str, bytes)


def immutable(value: object, depth: int = 0) -> bool:
    """Whether ``value`` is a value no one can change: ``None``, a bool, number, str or bytes,
    an enum member, or a tuple, frozenset, frozen attrs class or frozen dataclass of such
    values (at most 20 levels deep; a subclass of tuple, as a NamedTuple, with no
    ``__dict__``, iteration, equality or hash of its own)."""
    kind = type(value)
    if (kind is float or kind is complex) and value != value:  # NaN: unequal to its copy
        return False
    if kind in _ATOMS or isinstance(value, enum.Enum):
        return True
    if depth >= 20:
        return False
    if isinstance(value, (tuple, frozenset)):
        # a subclass (a NamedTuple) may hold nothing beside its items, and iterate them
        base = tuple if isinstance(value, tuple) else frozenset
        if _extra(value, kind, ()) or getattr(kind, "__iter__", None) is not base.__iter__:
            return False
        if kind.__eq__ is not base.__eq__ or kind.__hash__ is not base.__hash__:
            return False  # a copy might not be equal to it (an identity __eq__, say)
        return all(immutable(v, depth + 1) for v in value)
    if attrs.has(kind) and kind.__setattr__ is _FROZEN_ATTRS:
        names = tuple(a.name for a in attrs.fields(kind))
    elif dataclasses.is_dataclass(value) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        names = tuple(f.name for f in dataclasses.fields(value))
    else:
        return False
    if kind.__eq__ is object.__eq__:  # eq=False: a copy of the state is not equal to it
        return False
    try:  # an __eq__ of its own must find a copy equal, and not raise
        if (value == copy.copy(value)) is not True:
            return False
    except Exception:
        return False
    # nothing beside the fields: a cached_property, a subclass's own slot, a __dict__ entry
    return not _extra(value, kind, names) and all(
        immutable(getattr(value, n), depth + 1) for n in names
    )


def _extra(value: object, kind: type, fields: tuple[str, ...]) -> bool:
    """Whether ``value`` holds, or its class lets it hold later, an attribute beside
    ``fields``: a ``__dict__`` entry, a slot that is no field, a ``cached_property``."""
    if any(n not in fields for n in getattr(value, "__dict__", ())):
        return True
    for klass in kind.__mro__:
        slots = vars(klass).get("__slots__", ())
        for n in (slots,) if isinstance(slots, str) else slots:
            if n not in fields and n not in ("__dict__", "__weakref__", "_attrs_cached_hash"):
                return True  # (attrs keeps its cached hash in a slot of its own)
        if any(isinstance(v, functools.cached_property) for v in vars(klass).values()):
            return True
    return False


@attrs.frozen
class _Frozen:
    """Shows which ``__setattr__`` a frozen attrs class has."""


_FROZEN_ATTRS = _Frozen.__setattr__


def _shallow(value: object, depth: int = 0) -> bool:
    """Whether ``value`` nests tuples, frozensets and attrs or data classes 20 levels deep
    at most (what :func:`immutable` allows)."""
    if depth > 20:
        return False
    if isinstance(value, (tuple, frozenset)):
        return all(_shallow(v, depth + 1) for v in value)
    kind = type(value)
    if attrs.has(kind):
        names = [a.name for a in attrs.fields(kind)]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in dataclasses.fields(value)]
    else:
        return True
    return all(_shallow(getattr(value, n, None), depth + 1) for n in names)


def checked_state(name: str, method: str, state: object) -> Hashable:
    """``state`` if it is :func:`immutable` (so that copies of a contest may share it) and
    hashable, else ProtocolError."""
    if not _shallow(state):  # before hashing it: a hash of a deeper state may crash
        raise broke(name, method, "returned a state nested more than 20 levels deep")
    try:
        hash(state)
    except Exception:  # TypeError, or whatever a broken __hash__ raises
        raise broke(
            name, method, f"returned a state that is not hashable: {shown(state)}"
        ) from None
    if not immutable(state):
        raise broke(
            name,
            method,
            f"returned a state that can change: {shown(state)} (a tuple, frozenset, frozen "
            "attrs class or dataclass of numbers, text, None and enums)",
        )
    return state


def checked_credits(name: str, method: str, credits: object) -> tuple[tuple[int, int, str], ...]:
    """``credits`` as ``(side, points, reason)`` triples, if they are a tuple or list of
    ``(side, points)`` or ``(side, points, reason)`` tuples: the side the int 0 or 1, the
    points an int from 0 to :data:`MAX_POINTS`, the reason text (:func:`checked_text`)."""
    if type(credits) is not tuple and type(credits) is not list:
        raise broke(name, method, f"gave points {shown(credits)}, not a tuple or list")
    out = []
    for c in credits:
        if (
            type(c) is not tuple
            or len(c) not in (2, 3)
            or type(c[0]) is not int
            or c[0] not in (0, 1)
            or type(c[1]) is not int
            or not 0 <= c[1] <= MAX_POINTS
        ):
            problem = f"the side is 0 or 1, the points an int from 0 to {MAX_POINTS}"
        else:
            problem = _text_problem(c[2]) if len(c) == 3 else ""
        if problem:
            raise broke(
                name,
                method,
                f"gave points that are not (side, points) or (side, points, reason): "
                f"{shown(c)} ({problem})",
            )
        out.append((c[0], c[1], c[2] if len(c) == 3 else name))
    return tuple(out)


Declared = tuple[str, tuple[str, ...], int, bool]
"""A side bet's name, verbs, precedence and side_answers."""


@attrs.frozen
class SideBetTable:
    """What a variant knows of its own side bets, worked out and checked once when it is
    built: which bet owns each verb, every action each bet may take, in the order it listed
    them (:meth:`SideBet.all_actions`, so the action ids do not depend on the process), the
    verbs those use, and each bet's declarations (its name, verbs, precedence and
    side_answers, as they were checked) and the optional methods it uses
    (:meth:`SideBet.uses`)."""

    owner: dict[str, int]
    ordered: tuple[tuple[Action, ...], ...]
    verbs: frozenset[str]
    declared: tuple[Declared, ...]
    uses: tuple[frozenset[str], ...]


def side_table(bets: object, taken: set[str]) -> SideBetTable:
    """The :class:`SideBetTable` of ``bets`` (a tuple of :class:`SideBet`): ``InvalidType``
    for anything else, :class:`VerbInUse` for a verb of a bet's own already ``taken`` by the
    variant or the kernel, or used by two bets, and ProtocolError for a bet declared against
    the protocol (its name, verbs, precedence, side_answers, all_actions() or uses())."""
    if not isinstance(bets, tuple) or not all(isinstance(b, SideBet) for b in bets):
        raise InvalidType("side_bets", "a tuple of SideBet objects", bets)
    owner: dict[str, int] = {}
    names: set[str] = set()
    ordered: list[tuple[Action, ...]] = []
    declared: list[Declared] = []
    uses: list[frozenset[str]] = []
    for i, bet in enumerate(bets):
        declared.append(_declared(bet))
        name, own_verbs = declared[-1][:2]
        for verb in own_verbs:
            Action.call(verb)  # a well-formed verb, or ParseError
            if verb in taken or verb in owner or verb in KERNEL_VERBS:
                raise VerbInUse(label(name), verb)
            owner[verb] = i
        if name in names:  # contest.bet_state(name) would not know which
            raise broke(name, "name", "another side bet of the variant has that name")
        names.add(name)
        acts = _all_actions(bet, name)
        missing = [v for v in own_verbs if Action.call(v) not in acts]
        if missing:
            raise broke(name, "all_actions", f"lacks {missing[0]!r}, a call of its verbs")
        ordered.append(acts)
        uses.append(_uses(bet, name))
    verbs = frozenset(a.verb for acts in ordered for a in acts)
    return SideBetTable(owner, tuple(ordered), verbs, tuple(declared), tuple(uses))


def _declared(bet: SideBet[Any]) -> Declared:
    """The bet's class attributes, checked: a name (:func:`checked_text`), a tuple of
    verbs, an int precedence and a bool side_answers."""
    given, verbs, precedence, side_answers = _read(
        bet, "name", "verbs", "precedence", "side_answers"
    )
    name = checked_text(given, "name", given, "name")
    if type(verbs) is not tuple or not all(type(v) is str for v in verbs):
        raise broke(name, "verbs", f"gave {shown(verbs)}, not a tuple of verbs")
    if type(precedence) is not int:
        raise broke(name, "precedence", f"gave {shown(precedence)}, not an int")
    if type(side_answers) is not bool:
        raise broke(name, "side_answers", f"gave {shown(side_answers)}, not a bool")
    return name, verbs, precedence, side_answers


def _read(bet: SideBet[Any], *names: str) -> tuple[Any, ...]:
    out = []
    for attr in names:
        try:
            out.append(getattr(bet, attr))
        except Exception as exc:
            raise broke(type(bet).__name__, attr, f"raised {shown(exc)}") from exc
    return tuple(out)


def _all_actions(bet: SideBet[Any], name: str) -> tuple[Action, ...]:
    """The bet's actions in the order it lists them (each once), checked: a tuple or list
    (an unordered collection would number them differently in every process) of actions
    whose text reads back as themselves, none of them the kernel's own."""
    try:
        acts = bet.all_actions()
    except Exception as exc:
        raise broke(name, "all_actions", f"raised {shown(exc)}") from exc
    if type(acts) is not tuple and type(acts) is not list:
        raise broke(
            name,
            "all_actions",
            f"gave {shown(acts)}, not a tuple or list (the action ids follow its order)",
        )
    out: dict[Action, None] = {}
    for a in acts:
        if type(a) is not Action:
            raise broke(name, "all_actions", f"gave {shown(a)}, not an Action")
        try:
            same = Action.parse(a.text()) == a
        except Exception:
            same = False
        if not same:
            raise broke(name, "all_actions", f"gave {shown(a)}, whose text does not read back")
        if a.verb in _NOT_ANSWERS:
            raise broke(name, "all_actions", f"gave {a}, an action of the kernel's own")
        out[a] = None
    return tuple(out)


def _uses(bet: SideBet[Any], name: str) -> frozenset[str]:
    used = set()
    for method in ("offers", *OPTIONAL_METHODS):
        try:
            says = bet.uses(method)
        except Exception as exc:
            raise broke(name, "uses", f"raised {shown(exc)}") from exc
        if type(says) is not bool:
            raise broke(name, "uses", f"gave {shown(says)} for {method!r}, not a bool")
        if says:
            used.add(method)
    return frozenset(used)
