"""The exception hierarchy. Every error the library raises on bad input is a :class:`TrucoError`.

Each subclass names one kind of mistake; the message says what was wrong and what is allowed.
An operation that raises leaves every object it was given exactly as it was.

An argument of the wrong Python type raises :class:`InvalidType` (also a ``TypeError``). Where
that argument is a seat, an action id, a count of actions to undo, a position or a record, the
error is ``<Error>Type`` (:class:`InvalidSeatType`, :class:`UnknownActionIdType`,
:class:`CannotUndoType`, :class:`ParseErrorType`, :class:`InvalidRecordType`): an
``InvalidType`` that is also the error a wrong value of that argument raises, so a handler
of either catches it. :mod:`truco_rules.core.arguments` holds the checks.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .messages import INSTALL_PAGE, MAX_SHOWN, _listing, install_hint, no_cards, shown

__all__ = [
    "INSTALL_PAGE",
    "MAX_SHOWN",
    "CannotUndo",
    "CannotUndoType",
    "IllegalAction",
    "InvalidCard",
    "InvalidOption",
    "InvalidOptionType",
    "InvalidPreset",
    "InvalidRecord",
    "InvalidRecordType",
    "InvalidSeat",
    "InvalidSeatType",
    "InvalidType",
    "MatchNotOver",
    "ParseError",
    "ParseErrorType",
    "ProtocolError",
    "RegistryError",
    "TrucoError",
    "UnhandledChoice",
    "UnknownAction",
    "UnknownActionId",
    "UnknownActionIdType",
    "UnknownOption",
    "UnknownParameter",
    "UnknownPreset",
    "UnknownVariant",
    "UnsupportedSeats",
    "WorkerError",
    "WrongPlayer",
    "install_hint",
    "shown",
]


def _rebuilt(cls: type[TrucoError], args: tuple[object, ...], state: dict[str, Any]) -> TrucoError:
    """An error of class ``cls`` with ``args`` and attributes ``state``, made without calling
    its ``__init__`` (whose parameters are not its ``args``): how errors unpickle."""
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


def _picklable(value: object) -> bool:
    """Whether ``value`` goes through pickle and back (some values pickle, then refuse to
    load)."""
    try:
        pickle.loads(pickle.dumps(value))
    except Exception:
        return False
    return True


def _same(a: object, b: object) -> bool:
    """``a == b``, a NaN being the same as a NaN and a value the same as one of its type that
    pickles alike (a plain object, sent back from another process)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    try:
        return bool(a == b) or (type(a) is type(b) and pickle.dumps(a) == pickle.dumps(b))
    except Exception:
        return a is b


class TrucoError(Exception):
    """Base class of every error raised by truco-rules on bad input.

    Every error pickles and unpickles to an equal error (same class, message and attributes),
    so one raised in a worker process (a process pool, Dask) reaches the caller as itself; an
    attribute holding a value that does not survive pickling (the generator given where an
    action was due) arrives as its description, as the message shows it.
    Two errors are equal when their class, arguments and attributes are.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # an attribute that cannot cross (the generator given where an action was due) goes
        # as its description, as the message shows it
        state = {k: v if _picklable(v) else shown(v) for k, v in self.__dict__.items()}
        return _rebuilt, (type(self), self.args, state)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, TrucoError)
        mine, theirs = self.__dict__, other.__dict__
        return (
            self.args == other.args
            and mine.keys() == theirs.keys()
            and all(_same(mine[k], theirs[k]) for k in mine)
        )

    def __hash__(self) -> int:
        return hash((type(self), self.args))


class InvalidType(TrucoError, TypeError):
    """An argument of the wrong Python type given to the library (``new_match(deals=5)``).

    It is a :class:`TypeError` too, so ``except TypeError`` works as Python habits expect.
    """

    def __init__(self, argument: str, expected: str, value: object) -> None:
        self.argument = argument
        self.value = value
        # not super(): in a subclass that is another error too, the next class takes others
        Exception.__init__(
            self, f"{argument} must be {expected}, not {type(value).__name__} {shown(value)}"
        )


class UnknownVariant(TrucoError, KeyError):
    """A variant name or alias that no registered variant answers to."""

    def __init__(self, name: str, known: Iterable[str], failed: str = "") -> None:
        # failed: why the installed package that gives this name failed to load
        self.name, self.known, self.failed = name, tuple(known), failed
        why, listed = f" ({failed})" if failed else "", _listing(self.known)
        super().__init__(f"unknown variant {shown(name)}{why}; known variants: {listed}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class UnknownPreset(UnknownVariant):
    """``VARIANT@PRESET`` where the variant has no such preset; names its presets."""

    def __init__(self, variant: str, preset: str, known: Iterable[str], why: str = "") -> None:
        self.name, self.variant, self.preset = f"{variant}@{preset}", variant, preset
        self.known, self.failed = tuple(known), why
        listed = "presets: " + (_listing(self.known) if self.known else "none")
        TrucoError.__init__(self, f"{variant!r} has no preset {shown(preset)}{why}; its {listed}")


class InvalidPreset(TrucoError, ValueError):
    """A preset that sets an option its variant lacks or refuses, or is named badly or twice."""


class UnknownOption(TrucoError, KeyError):
    """An option name that the variant does not have."""

    def __init__(self, name: str, variant: str, known: Iterable[str]) -> None:
        self.name = name
        self.known = tuple(known)
        super().__init__(
            f"variant {variant!r} has no option {shown(name)}; "
            f"its options are: {_listing(self.known)}"
        )

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidOption(TrucoError, ValueError):
    """An option given a value outside its allowed set or type."""

    def __init__(self, name: str, value: object, allowed: str) -> None:
        self.name = name
        self.value = value
        super().__init__(f"option {name}={shown(value)} is not valid; allowed: {allowed}")


class InvalidOptionType(InvalidType, InvalidOption):
    """An option or an agent's setting of the wrong Python type (``"1"``, ``1.0`` where an
    int is due): an :class:`InvalidType`, and an :class:`InvalidOption` as a wrong value
    always was."""

    def __init__(self, name: str, value: object, allowed: str, kind: str = "") -> None:
        InvalidOption.__init__(self, name, value, allowed)  # its message, then the type's
        self.argument = name
        cls = type(value)
        got = cls.__qualname__
        if cls.__module__ != "builtins":
            got = f"{cls.__module__}.{got}"
        wrong = f"; the type is wrong: {got}" + (f", not {kind}" if kind else "")
        self.args = (self.args[0] + wrong,)


class UnsupportedSeats(TrucoError, ValueError):
    """A seat count that the variant's table does not allow."""

    def __init__(self, seats: object, variant: str, allowed: Iterable[int]) -> None:
        self.seats = seats
        self.allowed = tuple(allowed)
        super().__init__(
            f"variant {variant!r} cannot be played with {shown(seats)} seats; "
            f"allowed seat counts: {_listing(self.allowed)}"
        )


class ParseError(TrucoError, ValueError):
    """Text that is not valid notation (an action, a record line, ...)."""


class ParseErrorType(InvalidType, ParseError):
    """Text expected (a position) but another Python type given: an :class:`InvalidType`,
    and a :class:`ParseError` as it always was."""


class InvalidCard(ParseError):
    """Text that does not name a card in the deck notation in use."""

    def __init__(self, text: str, notation: str, examples: str) -> None:
        self.text = text
        super().__init__(
            f"{shown(text)} is not a card in {notation} notation; examples: {examples}"
        )


class UnknownAction(ParseError):
    """Action text whose verb the variant does not have (``trucoo``, ``flor`` without flor)."""

    def __init__(self, verb: str, variant: str, known: Iterable[str], hint: str = "") -> None:
        self.verb = verb
        self.known = tuple(known)
        extra = f" (did you mean {hint!r}?)" if hint else ""
        super().__init__(
            f"variant {variant!r} has no action {shown(verb)}{extra}; "
            f"its actions: {_listing(self.known)}"
        )


class InvalidSeat(TrucoError, ValueError):
    """A seat number that the match does not have."""

    def __init__(self, seat: object, seats: int) -> None:
        self.seat = seat
        super().__init__(f"there is no seat {shown(seat)}; seats are 0 to {seats - 1}")


class InvalidSeatType(InvalidType, InvalidSeat):
    """A seat argument of the wrong Python type (``"0"``, ``1.0``, ``True``): an
    :class:`InvalidType`, and an :class:`InvalidSeat` as a wrong seat always was."""

    def __init__(self, argument: str, expected: str, value: object) -> None:
        super().__init__(argument, expected, value)
        self.seat = value


class IllegalAction(TrucoError, ValueError):
    """A well-formed action that the rules do not allow in the current state."""

    def __init__(
        self,
        action: object,
        seat: object,
        reason: str,
        legal: Iterable[object] = (),
        fmt: Callable[[Any], str] = str,
    ) -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        self.legal = tuple(fmt(a) for a in legal)
        """The legal actions as text, in the deck notation of the variant."""
        msg = f"illegal action {shown(fmt(action))} by seat {shown(seat)}: {reason}"
        if action is None:  # an agent asked to choose where there is nothing to choose
            who = f"seat {seat}" if type(seat) is int and seat >= 0 else "any seat"
            msg = f"no action to choose for {who}: {reason}"
        if self.legal:
            msg += f"; legal now: {_listing(self.legal)}"
        super().__init__(msg)


class WrongPlayer(IllegalAction):
    """An action given for a seat that may not act now."""


class InvalidRecord(TrucoError, ValueError):
    """A game record (JSON or text) that is malformed or does not replay."""


class InvalidRecordType(InvalidType, InvalidRecord):
    """A record of the wrong Python type (JSON or text that is not a ``str``, a record that
    is not a mapping): an :class:`InvalidType`, and an :class:`InvalidRecord` as it always
    was."""


class UnknownActionId(TrucoError, ValueError):
    """An integer action id outside a variant's action space, or an action that has no id
    in it (see :mod:`truco_rules.rules.action_space`)."""


class UnknownActionIdType(InvalidType, UnknownActionId):
    """An action id of the wrong Python type (``"3"``, ``2.0``, ``True``): an
    :class:`InvalidType`, and an :class:`UnknownActionId` as a wrong id always was."""


class CannotUndo(TrucoError, ValueError):
    """An undo of more actions than the match has had, or of a count that is not a
    non-negative integer."""


class CannotUndoType(InvalidType, CannotUndo):
    """A count of actions to undo of the wrong Python type (``1.0``, ``"1"``, ``True``): an
    :class:`InvalidType`, and a :class:`CannotUndo` as a wrong count always was."""


class UnhandledChoice(TrucoError, NotImplementedError):
    """A hook's option has a value no code gives a meaning to: a subclass added a choice
    without overriding the decision method that reads it (it would otherwise act silently as
    another value)."""

    def __init__(self, hook: str, option: str, value: object, method: str, known: Iterable[str]):
        self.hook, self.option, self.value, self.method = hook, option, value, method
        # every (hook, option, method) without a meaning: several when every() joined them
        self.missing: tuple[tuple[str, str, str], ...] = ((hook, option, method),)
        super().__init__(
            f"{hook}.{option} = {shown(value)} has no meaning in {hook}.{method}(), which knows "
            f"{', '.join(repr(k) for k in known)}: override {method}() to give it one"
        )

    @classmethod
    def every(cls, errors: Sequence[UnhandledChoice]) -> UnhandledChoice:
        """One error for all of ``errors`` (at least one): the first one's fields, every
        missing method in ``missing`` and the message, not one method per run."""
        if len(errors) == 1:
            return errors[0]
        one, joined = errors[0], cls.__new__(cls)
        text, n = "; ".join(str(e) for e in errors), len({(e.hook, e.option) for e in errors})
        TrucoError.__init__(joined, f"{n} option choices lack {len(errors)} methods: {text}")
        joined.hook, joined.option, joined.value = one.hook, one.option, one.value
        joined.method, joined.missing = one.method, tuple(m for e in errors for m in e.missing)
        return joined


class ProtocolError(TrucoError):
    """A hook or side bet from outside the kernel broke its protocol: it returned a value of
    the wrong type or out of range, or never settled. Names the hook and the method; the
    action that led there is refused and the match is left as it was."""

    def __init__(self, hook: str, method: str, problem: str) -> None:
        # a value a hook gave may hold cards another seat must not see (a bet's shown(),
        # a deck's order) and the error may reach any seat: no card is named
        hidden = no_cards(problem)
        self.hook, self.method, self.problem = hook, method, hidden
        super().__init__(f"{hook}.{method}() broke the protocol: {hidden}")


class RegistryError(TrucoError, ValueError):
    """A variant registration that conflicts with another (a name or alias taken by another
    variant, without ``replace=True``), a variant that cannot reach a worker as the same rule
    set (fan-out refuses it), or an installed table of the rules reference that fails to load."""


class MatchNotOver(TrucoError, RuntimeError):
    """A match played by agents (``play_match``, ``simulate``) that did not end within its
    ``max_actions``: a bound set too low, or a variant whose matches never end."""


class WorkerError(TrucoError, RuntimeError):
    """A run fanned out to worker processes (a process pool, Dask) failed where the error
    could not reach the caller as itself: a worker could not rebuild the task it was sent (an
    agent whose class it cannot import), an error raised there cannot be rebuilt from a
    pickle (its class takes other arguments than it keeps), the executor could not send the
    tasks, or a worker ended abruptly. ``kind`` names the original error's class; its notes
    (where it happened) come along."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(f"{kind}: {message}" if kind else message)


class UnknownParameter(TrucoError, KeyError):
    """A parameter name (of an adapter's game or environment) that is not known."""

    def __init__(self, name: str, where: str, known: Iterable[str]) -> None:
        self.name = name
        self.known = tuple(known)
        super().__init__(
            f"{where} has no parameter {name!r}; its parameters are: {_listing(self.known)}"
        )

    def __str__(self) -> str:
        return str(self.args[0])
