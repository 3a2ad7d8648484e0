"""Issue 21 §4: every TrucoError crosses a process boundary as itself.

A process pool or a Dask worker pickles the exception a task raised; an error whose
``__init__`` takes other parameters than its ``args`` used to fail to unpickle, and the caller
saw ``BrokenProcessPool`` instead of the ``IllegalAction`` that was raised.
"""

from __future__ import annotations

import inspect
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import truco_rules as tr
from truco_rules import errors
from truco_rules.core.arguments import SeatOutOfRange
from truco_rules.side_bet import VerbInUse

EXAMPLES: dict[type[errors.TrucoError], errors.TrucoError] = {
    errors.TrucoError: errors.TrucoError("something"),
    errors.InvalidType: errors.InvalidType("seed", "an int", "7"),
    errors.UnknownVariant: errors.UnknownVariant("nope", ["argentine"]),
    errors.UnknownOption: errors.UnknownOption("x", "argentine", ["a", "b"]),
    errors.UnknownPreset: errors.UnknownPreset("paulista", "x", ["minitruco"]),
    errors.InvalidPreset: errors.InvalidPreset("the preset 'x' sets an option 'y'"),
    errors.InvalidOption: errors.InvalidOption("target", -3, "1 to 10000"),
    errors.UnsupportedSeats: errors.UnsupportedSeats(5, "argentine", (2, 4, 6)),
    errors.ParseError: errors.ParseError("cannot read 'x'"),
    errors.InvalidCard: errors.InvalidCard("ZZ", "Spanish", "1E, 7O"),
    errors.UnknownAction: errors.UnknownAction("dance", "argentine", ["truco"], "truco"),
    errors.InvalidSeat: errors.InvalidSeat(9, 2),
    errors.IllegalAction: errors.IllegalAction("truco", 1, "not your turn", ["play 1E"]),
    errors.WrongPlayer: errors.WrongPlayer("quiero", 0, "seat 1 acts", ["quiero"]),
    errors.InvalidRecord: errors.InvalidRecord("bad record"),
    errors.UnknownActionId: errors.UnknownActionId("no action 999"),
    errors.CannotUndo: errors.CannotUndo("only 2 actions"),
    errors.UnhandledChoice: errors.UnhandledChoice("H", "opt", "v", "m", ["a"]),
    errors.ProtocolError: errors.ProtocolError("side bet 'primera'", "act", "side 1.0"),
    errors.RegistryError: errors.RegistryError("a different variant named 'x'"),
    errors.WorkerError: errors.WorkerError("pkg.Boom", "x/y"),
    errors.UnknownParameter: errors.UnknownParameter("x", "game", ["players"]),
    # issue 21 §2: a wrong Python type for these arguments is also the error they always raised
    errors.InvalidSeatType: errors.InvalidSeatType("seat", "an int from 0 to 1", "0"),
    errors.MatchNotOver: errors.MatchNotOver("the match dealt from seed 1 did not end"),
    errors.InvalidOptionType: errors.InvalidOptionType("seed", "1", "an int from 0 to 9"),
    errors.UnknownActionIdType: errors.UnknownActionIdType("action id", "an int", 2.0),
    errors.CannotUndoType: errors.CannotUndoType("n", "a non-negative int", True),
    errors.ParseErrorType: errors.ParseErrorType("position", "a str", b"x"),
    errors.InvalidRecordType: errors.InvalidRecordType("a record", "a dict", []),
    # a side bet's verb already taken (truco_rules.side_bet): a ProtocolError and a ValueError
    VerbInUse: VerbInUse("side bet 'paso'", "paso"),
    # apply() for a seat the match lacks (truco_rules.core.arguments): both errors it may be
    SeatOutOfRange: SeatOutOfRange("quiero", 7, 2),
}


def _subclasses(cls: type) -> set[type]:
    out = {cls}
    for sub in cls.__subclasses__():
        out |= _subclasses(sub)
    return out


def test_every_error_class_has_an_example() -> None:
    public = {
        c for c in _subclasses(errors.TrucoError) if c.__module__ == errors.__name__
    }
    assert public <= set(EXAMPLES), sorted(c.__name__ for c in public - set(EXAMPLES))


@pytest.mark.parametrize("cls", sorted(EXAMPLES, key=lambda c: c.__name__))
def test_error_pickles_to_an_equal_error(cls: type[errors.TrucoError]) -> None:
    error = EXAMPLES[cls]
    assert type(error) is cls
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(error, protocol))
        assert type(back) is cls
        assert back == error
        assert str(back) == str(error)
        assert back.__dict__ == error.__dict__
    # the attributes a caller reads survive too
    for name in inspect.signature(cls.__init__).parameters:
        if hasattr(error, name):
            assert getattr(back, name) == getattr(error, name)


def test_errors_compare_by_content() -> None:
    a = errors.InvalidSeat(9, 2)
    assert a == errors.InvalidSeat(9, 2)
    assert a != errors.InvalidSeat(8, 2)
    assert a != errors.TrucoError(str(a))
    assert hash(a) == hash(errors.InvalidSeat(9, 2))


def _illegal_in_worker(seed: int) -> None:
    m = tr.get_variant("argentine").new_match(seats=2, seed=seed)
    m.apply("quiero")  # nothing to answer: IllegalAction


def test_illegal_action_in_a_process_pool_reaches_the_caller_as_itself() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_illegal_in_worker, 3)
        with pytest.raises(tr.IllegalAction) as caught:
            future.result(timeout=60)
    try:
        _illegal_in_worker(3)
    except tr.IllegalAction as here:
        assert caught.value == here


def test_an_error_holding_a_value_that_cannot_cross_still_crosses() -> None:
    """``m.apply(x for x in "ab")`` kept the generator in ``InvalidType.value``: the error did
    not pickle, and a pool's caller got "cannot pickle 'generator' object" instead."""
    m = tr.get_variant("argentine").new_match(seats=2, seed=1)
    with pytest.raises(tr.InvalidType) as caught:
        m.apply(x for x in "ab")  # type: ignore[arg-type]
    back = pickle.loads(pickle.dumps(caught.value))
    assert type(back) is tr.InvalidType and str(back) == str(caught.value)
    assert "generator" in back.value


def test_an_error_holding_nan_equals_its_copy() -> None:
    m = tr.get_variant("argentine").new_match(seats=2, seed=1)
    with pytest.raises(tr.InvalidType) as caught:
        m.apply(float("nan"))  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value


def _refuse() -> None:
    raise ValueError("I do not load")


class _NoLoad:
    """Pickles, then refuses to load."""

    def __reduce__(self) -> tuple[object, ...]:
        return _refuse, ()


def test_an_error_holding_a_value_that_pickles_but_does_not_load_still_crosses() -> None:
    m = tr.get_variant("argentine").new_match(seats=2, seed=1)
    with pytest.raises(tr.InvalidType) as caught:
        m.apply(_NoLoad())  # type: ignore[arg-type]
    back = pickle.loads(pickle.dumps(caught.value))
    assert type(back) is tr.InvalidType and str(back) == str(caught.value)


class _Plain:
    """A value with no equality of its own: a copy is another object."""

    def __init__(self) -> None:
        self.name = "plain"


@pytest.mark.parametrize("value", [object(), _Plain(), [_Plain(), 1], {"k": _Plain()}])
def test_an_error_holding_a_plain_object_pickles_to_an_equal_error(value: object) -> None:
    """TrucoError: every error pickles and unpickles to an equal error. A plain object given
    where an action was due comes back as a copy, which its type's identity equality found
    unequal: the error from a worker process was not equal to the one raised here."""
    m = tr.get_variant("argentine").new_match(seats=2, seed=1)
    with pytest.raises(tr.InvalidType) as caught:
        m.apply(value)  # type: ignore[arg-type]
    back = pickle.loads(pickle.dumps(caught.value))
    assert back == caught.value and hash(back) == hash(caught.value)
    other = tr.InvalidType("action", "an Action or its text", _Plain())
    assert other != tr.InvalidType("action", "an Action or its text", [1])
