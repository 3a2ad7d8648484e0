"""The checks of a caller's arguments: one policy, in one place.

**Integers.** Wherever the library takes an integer argument (a seat, an action id, a count
of actions to undo, a contest index, a seat count, a seed, a mano, a starting score, a
number of matches or deals, a chunk size), it takes a Python ``int`` or any object that
:func:`operator.index` accepts, such as the numpy integer an ``argmax`` returns, and goes on
with the ``int`` it equals. A ``bool`` is not an integer here (``True`` is not seat 1), nor
is a float (``2.0``) or text (``"2"``): they raise :class:`~truco_rules.core.errors.InvalidType`,
which is also a ``TypeError``. Every integer has a range, checked before any other work, so
a 5,000-digit number is refused at once with a short message.

Values kept as data in a frozen object (option values, a card's rank, the fields of a
hand-built :class:`~truco_rules.core.actions.Action`) are compared by type and take Python ints
only.

A check either returns the value to use or raises; it never changes anything, so a refused
call leaves every object as it was.
"""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Card
from .errors import InvalidSeat, InvalidSeatType, InvalidType, ParseError, WrongPlayer, shown

__all__ = [
    "MAX_RUN",
    "SeatOutOfRange",
    "callable_or_none",
    "card_or_none",
    "in_range",
    "integer",
    "run_size",
    "seat_index",
]

MAX_RUN = 10**9
"""The most matches or deals one run of :func:`~truco_rules.runs.simulate.simulate` or
:func:`~truco_rules.analysis.double_dummy_rates` takes (and the largest chunk)."""


def integer(
    value: object, argument: str, expected: str = "an int", error: type[InvalidType] = InvalidType
) -> int:
    """``value`` as a Python ``int`` (see the module docstring); otherwise ``error`` (an
    :class:`InvalidType`, or a class that is one) naming ``argument`` and what it expects."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except Exception:  # no __index__, or one that fails (numpy.bool_ refuses)
            pass
        else:
            return int(number)
    raise error(argument, expected, value)


def in_range(value: object, argument: str, low: int, high: int) -> int:
    """``value`` as an ``int`` from ``low`` to ``high``: :class:`InvalidType` for another
    type, :class:`~truco_rules.core.errors.ParseError` outside the range."""
    number = integer(value, argument, f"an int from {low:,} to {high:,}")
    if not low <= number <= high:
        raise ParseError(
            f"{argument} must be an integer from {low:,} to {high:,}, not {shown(number)}"
        )
    return number


def seat_index(value: object, seats: int, low: int = 0) -> int:
    """``value`` as a seat from 0 to ``seats - 1`` (from ``low``: ``-1`` lets the chance
    player in): :class:`InvalidSeatType` (an ``InvalidType`` and an ``InvalidSeat``) for
    another type, :class:`InvalidSeat` outside."""
    seat = integer(value, "seat", f"an int from 0 to {seats - 1}", InvalidSeatType)
    if not low <= seat < seats:
        raise InvalidSeat(seat, seats)
    return seat


class SeatOutOfRange(WrongPlayer, InvalidSeat):
    """An action given for a seat the match does not have (``apply("quiero", 7)``): a
    :class:`~truco_rules.core.errors.WrongPlayer`, as it always was, and an
    :class:`~truco_rules.core.errors.InvalidSeat`, as every other call that takes a seat
    refuses it."""

    def __init__(self, action: object, seat: int, seats: int, fmt: Callable[[Any], str] = str):
        why = f"there is no seat {shown(seat)}; seats are 0 to {seats - 1}"
        plain = WrongPlayer(action, seat, why, fmt=fmt)  # its message and attributes
        Exception.__init__(self, *plain.args)
        self.__dict__.update(plain.__dict__)


def callable_or_none(value: Any, argument: str, expected: str = "a function or None") -> None:
    """Refuse with :class:`InvalidType` a ``value`` that is neither ``None`` nor callable."""
    if value is not None and not callable(value):
        raise InvalidType(argument, expected, value)


def run_size(value: object, argument: str, executor: Any, progress: Any) -> int:
    """The checks every fanned-out run makes: ``value`` (its number of matches or deals) an
    int from 1 to :data:`MAX_RUN`; ``executor`` ``None`` or an object with ``map`` (any
    :class:`concurrent.futures.Executor`, a Dask client's ``get_executor()``); ``progress``
    ``None`` or a function. Returns the number."""
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise InvalidType("executor", "a concurrent.futures.Executor or None", executor)
    callable_or_none(progress, "progress", "a function progress(done, total) or None")
    if progress is not None and two_arguments_refused(progress):  # else a TypeError later
        expected = "a function progress(done, total) or None (this one takes other arguments)"
        raise InvalidType("progress", expected, progress)
    return in_range(value, argument, 1, MAX_RUN)


def two_arguments_refused(function: Callable[..., object]) -> str:
    """Why ``function``'s signature does not take two positional arguments, or an empty
    text where it does (one whose signature cannot be read, a builtin say, is taken on
    trust)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # no signature to read
        return ""
    try:
        signature.bind(None, None)
    except TypeError as exc:
        return str(exc)
    return ""


def card_or_none(
    value: object, argument: str, parse: Callable[[str], Card], deck: Sequence[Card]
) -> Card | None:
    """``value`` as a card of ``deck``: a :class:`~truco_rules.core.cards.Card`, its text (read
    by ``parse``, the variant's notation) or ``None``; :class:`InvalidType` for another type,
    :class:`~truco_rules.core.errors.ParseError` for a card not in ``deck``."""
    if value is None:
        return None
    if isinstance(value, str):
        card = parse(value)
    elif type(value) is Card:
        card = value
    else:
        raise InvalidType(argument, "a Card, card text or None", value)
    if card not in deck:
        raise ParseError(f"{argument} {card} is not a card of the deck in play")
    return card
