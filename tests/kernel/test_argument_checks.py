"""Issue 21 §2, the bot API and text inputs: every public function of the game API, the
position parser, the records, ``simulate`` and the analysis functions check what a caller
gives them, as the README promises.

The policy (:mod:`truco_rules.arguments`): an integer argument is an ``int`` or anything
``operator.index`` takes (a numpy integer from ``argmax``), used as the int it equals; a
``bool`` is not an integer (``True`` is not seat 1), nor is ``1.0`` or ``"1"``. A wrong type
raises ``InvalidType`` (a ``TypeError``), also the error the argument always raised
(``InvalidSeat``, ``UnknownActionId``, ``CannotUndo``, ``ParseError``, ``InvalidRecord``); a
number out of range, 5,000 digits included, raises a short ``TrucoError``; hostile position
text is a ``ParseError``. A refused call leaves the match exactly as it was.

Every test here failed on the code before the fix (commit ac13513, run with its errors module
given the five new class names), but two guards: the largest allowed numbers written
everywhere, and hypothesis over junk in a position (the crafted hostile positions are what
failed). A few parametrized cases of the failing tests are guards that already held.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from conftest import junk, only_truco_errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules import Action, Card, Suit, errors
from truco_rules.agents import ISMCTSAgent, ReaderAgent, default_agent
from truco_rules.analysis import (
    DoubleDummy,
    double_dummy,
    double_dummy_rates,
    mean_interval,
    share_interval,
    solver,
)
from truco_rules.analysis.odds import special_cards, special_probability, table_odds
from truco_rules.hooks import BetLadder
from truco_rules.infostate import InfoTracker
from truco_rules.observe import observe
from truco_rules.options import option
from truco_rules.policy import load_agent, seat_chooser
from truco_rules.runs.bots import SimpleBot
from truco_rules.simulate import play_match, simulate

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]
HUGE = 10**5000
"""Past Python's 4,300-digit limit: ``str()`` and ``repr()`` of it raise ValueError."""
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is an optional extra
    np = None


class Index:
    """An integer type that is not ``int``, as numpy's are: it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Index({self.value})"


def integer_types(n: int) -> list[Any]:
    """``n`` as the integers a bot may pass: a stand-in with ``__index__`` and numpy's."""
    out: list[Any] = [Index(n)]
    if np is not None:
        out += [np.int64(n), np.int32(n)] + ([np.uint8(n)] if 0 <= n < 256 else [])
    return out


def bot_int(n: int) -> Any:
    """``n`` as numpy's ``int64`` (what ``argmax`` gives), else the stand-in."""
    return np.int64(n) if np is not None else Index(n)


WRONG_TYPES: list[Any] = [True, False, 1.0, "1", b"1", [1], object()]
if np is not None:
    WRONG_TYPES += [np.True_, np.float64(1.0)]


def playing(name: str, seats: int, seed: int = 3, steps: int = 30) -> tr.Match:
    """A match still going on after ``steps`` random legal actions (the first seed from
    ``seed`` whose match lasts that long)."""
    for s in range(seed, seed + 100):
        m = tr.get_variant(name).new_match(seats, seed=s)
        rng = random.Random(s)
        for _ in range(steps):
            m.apply(rng.choice(m.legal_actions()))
            if m.is_over():
                break
        else:
            return m
    raise AssertionError("no match lasted")


def refused(
    m: tr.Match, call: Callable[[], object], error: type[Exception]
) -> pytest.ExceptionInfo[Exception]:
    """``call()`` raises ``error`` with a short message and leaves ``m`` as it was."""
    before, record, position = m.copy(), m.to_json(), m.position()
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, tr.TrucoError)
    assert len(str(info.value)) < 1000, "an error message must not echo huge input"
    if isinstance(info.value, tr.InvalidType):
        assert isinstance(info.value, TypeError)
    assert m == before and m.to_json() == record and m.position() == position
    return info


def seat_calls(m: tr.Match) -> dict[str, Callable[[Any], object]]:
    """Every per-seat function of the game API, as ``f(seat)``."""
    act = m.legal_actions()[0]
    return {
        "observation": m.observation,
        "observation_string": m.observation_string,
        "information_state_string": m.information_state_string,
        "legal_actions": m.legal_actions,
        "legal_action_ids": m.legal_action_ids,
        "legal_action_mask": m.legal_action_mask,
        "legal_action_texts": m.legal_action_texts,
        "apply": lambda s: m.apply(act, s),
        "apply_id": lambda s: m.apply_id(m.variant.action_id(act), s),
        "InfoTracker.string": lambda s: InfoTracker(m).string(m, s),
        "observe": lambda s: observe(m, s),
    }


# --------------------------------------------------------------------------- wrong types
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_a_seat_of_a_wrong_type_is_an_invalid_type(name: str, seats: int) -> None:
    """A bool is not a seat (``True`` was taken for seat 1 by ``==``), nor ``1.0``, ``"1"``:
    ``InvalidSeatType``, an ``InvalidType`` (``TypeError``) and an ``InvalidSeat``."""
    m = playing(name, seats)
    for label, call in seat_calls(m).items():
        for bad in WRONG_TYPES:
            info = refused(m, lambda c=call, b=bad: c(b), errors.InvalidSeatType)
            assert isinstance(info.value, tr.InvalidSeat), label
            assert "seat" in str(info.value), label


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_ids_counts_and_indexes_of_a_wrong_type_are_invalid_types(name: str, seats: int) -> None:
    m = playing(name, seats)
    v = m.variant
    for bad in WRONG_TYPES:
        refused(m, lambda b=bad: m.apply_id(b), errors.UnknownActionIdType)
        refused(m, lambda b=bad: v.action_from_id(b), errors.UnknownActionIdType)
        refused(m, lambda b=bad: m.undo(b), errors.CannotUndoType)
        refused(m, lambda b=bad: m.hand_returns(b), tr.InvalidType)
        if not isinstance(bad, (str, bytes)):  # text is parsed as an action
            refused(m, lambda b=bad: v.action_id(b), errors.UnknownActionIdType)
    refused(m, lambda: m.apply_id(None), errors.UnknownActionIdType)  # type: ignore[arg-type]
    refused(m, lambda: v.action_id(tr.Action("play", card=[1])), errors.UnknownActionIdType)  # type: ignore[arg-type]
    refused(m, lambda: v.action_space.mask(5), tr.InvalidType)  # type: ignore[arg-type]
    refused(m, lambda: v.action_space.ids(None), tr.InvalidType)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad", [None, 3, b"argentine 2 s1 m0:0-0:0-0 | - | -", ["x"], HUGE], ids=errors.shown
)
def test_text_and_records_of_a_wrong_type_are_invalid_types(bad: Any) -> None:
    """A position or a record of another Python type: an ``InvalidType`` that is also the
    ``ParseError`` / ``InvalidRecord`` it always was."""
    with pytest.raises(errors.ParseErrorType, match="position must be a str"):
        tr.Match.from_position(bad)
    for call in (tr.Match.from_text, tr.Match.from_record):
        with pytest.raises(errors.InvalidRecordType) as info:
            call(bad)
        assert isinstance(info.value, TypeError) and isinstance(info.value, tr.InvalidRecord)
    if not isinstance(bad, bytes):  # JSON may come as bytes
        with pytest.raises(errors.InvalidRecordType):
            tr.Match.from_json(bad)


# --------------------------------------------------------------------------- numpy integers
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_numpy_integers_are_the_ints_they_equal(name: str, seats: int) -> None:
    """A bot passes the numpy integer ``argmax`` gives: every seat, id and count argument
    takes it as the int it equals, and nothing but ints reaches the match's record."""
    m = playing(name, seats)
    for seat in range(seats):
        for x in integer_types(seat):
            assert m.observation(x) == m.observation(seat)
            assert type(m.observation(x).seat) is int
            assert m.legal_actions(x) == m.legal_actions(seat)
            assert m.legal_action_ids(x) == m.legal_action_ids(seat)
            assert m.information_state_string(x) == m.information_state_string(seat)
    for x in integer_types(-1):  # CHANCE is a seat for legal_actions
        assert m.legal_actions(x) == m.legal_actions(tr.CHANCE)
    seat, ids = m.current_player(), m.legal_action_ids()
    by_int, by_index, by_seat = m.copy(), m.copy(), m.copy()
    by_int.apply_id(ids[-1], seat)
    by_index.apply_id(bot_int(ids[-1]), bot_int(seat))
    by_seat.apply(m.variant.action_from_id(ids[-1]), bot_int(seat))
    assert by_int == by_index == by_seat
    assert by_int.to_json() == by_index.to_json() == by_seat.to_json()
    assert all(type(s) is int for s, _a in by_index.actions)
    undone = by_index.copy()
    undone.undo(Index(1))
    assert undone == m
    v = m.variant
    assert v.action_from_id(Index(ids[0])) == v.action_from_id(ids[0])
    if m.history:
        assert m.hand_returns(Index(0)) == m.hand_returns(0)


def test_numpy_integers_start_a_match_and_runs() -> None:
    v = tr.get_variant("argentine")
    for x in integer_types(7):
        m = v.new_match(Index(2), seed=x, mano=Index(1), scores=(Index(3), 0))
        assert m == v.new_match(2, seed=7, mano=1, scores=(3, 0))
        assert m.to_json() == v.new_match(2, seed=7, mano=1, scores=(3, 0)).to_json()
    assert tr.deal_order(v, ["1E 2E 3E", "4E 5E 6E"], Index(1)) == tr.deal_order(
        v, ["1E 2E 3E", "4E 5E 6E"], 1
    )
    assert simulate(v, Index(3), Index(1), Index(2), chunk=Index(2)) == simulate(v, 3, 1, 2)
    a = double_dummy_rates(v, Index(2), Index(30), Index(4))
    assert a == double_dummy_rates(v, 2, 30, 4)


# --------------------------------------------------------------------------- number ranges
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_negative_and_huge_numbers_get_a_short_error(name: str, seats: int) -> None:
    """-1, the first number past the range and a 5,000-digit number: a TrucoError with a
    short message (a huge number made ``repr`` in the message raise ValueError)."""
    m = playing(name, seats)
    v = m.variant
    for label, call in seat_calls(m).items():
        for bad in (-2, seats, 10**30, HUGE, -HUGE):
            error = tr.WrongPlayer if label.startswith("apply") else tr.InvalidSeat
            refused(m, lambda c=call, b=bad: c(b), error)
        if label in ("observation", "observation_string", "information_state_string"):
            refused(m, lambda c=call: c(-1), tr.InvalidSeat)
    for bad in (-1, v.num_actions, HUGE, -HUGE):
        refused(m, lambda b=bad: m.apply_id(b), tr.UnknownActionId)
        refused(m, lambda b=bad: v.action_from_id(b), tr.UnknownActionId)
    for bad in (-1, len(m.actions) + 1, HUGE, -HUGE):
        refused(m, lambda b=bad: m.undo(b), tr.CannotUndo)
    for bad in (len(m.history), HUGE, -HUGE):
        refused(m, lambda b=bad: m.hand_returns(b), tr.ParseError)
    refused(m, lambda: v.action_id(HUGE), tr.InvalidType)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_minus_one_is_no_seat_to_observe(name: str, seats: int) -> None:
    """``observe(m, -1)`` and ``InfoTracker.string(m, -1)`` answered with the last seat's
    cards (a negative list index), labelled seat -1; ``CHANCE`` is not a seat that sees."""
    m = playing(name, seats)
    tracker = InfoTracker(m)
    for bad in (-1, seats, -seats):
        refused(m, lambda b=bad: observe(m, b), tr.InvalidSeat)
        refused(m, lambda b=bad: tracker.string(m, b), tr.InvalidSeat)


# --------------------------------------------------------------------------- positions
def _good_position() -> str:
    return playing("argentine", 2, seed=7, steps=5).position()


def _hostile_positions() -> list[str]:
    good = _good_position()
    header, board, moves = good.split(" | ")
    name, seats, source, start = header.split()
    digits = "9" * 5000

    def head(**kw: str) -> str:
        parts = {"name": name, "seats": seats, "source": source, "start": start, **kw}
        return " ".join(parts.values()) + f" | {board} | {moves}"

    return [
        head(seats=digits),
        head(source="s" + digits),
        head(start=f"m{digits}:0-0:0-0"),
        head(start=f"m0:{digits}-0:0-0"),
        head(start=f"m0:0-0:0-{digits}"),
        head(name=name + '{"target":' + digits + "}"),
        head(name=name + '{"a":' * 50_000 + "1" + "}" * 50_000),
        head(name=name + '{"a":' + "[" * 50_000 + "]" * 50_000 + "}"),
        head(seats="\u0662"),  # ARABIC-INDIC DIGIT TWO
        head(start="m\u0660:0-0:0-0"),
        "[" * 100_000 + " | " + "]" * 100_000 + " | -",
        "{" * 100_000 + " 2 s1 m0:0-0:0-0 | " + board + " | -",
        good + "x" * 10_000_000,
        f"{header} | {board} | " + f"{digits}:truco",
        f"{header} | {board} | " + ",".join(["0:truco"] * 20_000),
    ]


@pytest.mark.parametrize("text", _hostile_positions(), ids=lambda t: t[:30])
def test_hostile_positions_are_parse_errors(text: str) -> None:
    """Deep JSON, deep brackets, 5,000-digit numbers in every field of the header, 10 MB:
    a short ParseError (there were RecursionError and ValueError)."""
    with pytest.raises(tr.ParseError) as info:
        tr.Match.from_position(text)
    assert len(str(info.value)) < 4000


@FUZZ
@given(junk=st.text(), part=st.integers(0, 2), at=st.integers(0, 60))
def test_positions_with_junk_anywhere_are_parse_errors_or_matches(
    junk: str, part: int, at: int
) -> None:
    parts = _good_position().split(" | ")
    parts[part] = parts[part][:at] + junk + parts[part][at:]
    for text in (junk, " | ".join(parts)):
        try:
            m = tr.Match.from_position(text)
        except tr.ParseError as exc:
            assert len(str(exc)) < 4000
        else:
            assert tr.Match.from_position(m.position()) == m


@FUZZ
@given(number=st.one_of(st.integers(), st.sampled_from([HUGE, -HUGE, 2**64, 10**20])))
def test_positions_with_any_number_are_parse_errors_or_matches(number: int) -> None:
    """Any number in any numeric field of the header: a match or a short ParseError."""
    board_and_moves = _good_position().split(" | ", 1)[1]
    n = "9" * 5000 if abs(number) > 10**4000 else str(number)
    for header in (
        f"argentine {n} s7 m0:0-0:0-0",
        f"argentine 2 s{n} m0:0-0:0-0",
        f"argentine 2 s7 m{n}:0-0:0-0",
        f"argentine 2 s7 m0:{n}-0:0-0",
        f"argentine 2 s7 m0:0-0:0-{n}",
        f'argentine{{"target":{n}}} 2 s7 m0:0-0:0-0',
    ):
        try:
            tr.Match.from_position(f"{header} | {board_and_moves}")
        except tr.ParseError as exc:
            assert len(str(exc)) < 4000


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_from_position_takes_a_variant_name(name: str, seats: int) -> None:
    m = playing(name, seats, steps=12)
    text = m.position()
    assert tr.Match.from_position(text, name) == m
    assert tr.Match.from_position(text, tr.get_variant(name)) == m
    v = tr.get_variant(name, {"target": 15 if tr.get_variant(name).match.target != 15 else 16})
    changed = v.new_match(seats, seed=5)
    assert tr.Match.from_position(changed.position(), name) == changed
    other = next(n for n in tr.variant_names() if n != name)
    refused(m, lambda: tr.Match.from_position(text, other), tr.ParseError)
    refused(m, lambda: tr.Match.from_position(text, "no-such-variant"), tr.UnknownVariant)
    for bad in (5, True, ["argentine"], b"argentine"):
        refused(m, lambda b=bad: tr.Match.from_position(text, b), tr.InvalidType)


def test_bad_options_in_a_position_read_with_a_variant_are_parse_errors() -> None:
    text = _good_position().replace("argentine", 'argentine{"target":-3}', 1)
    for variant in (None, "argentine", tr.get_variant("argentine")):
        with pytest.raises(tr.ParseError, match="does not replay"):
            tr.Match.from_position(text, variant)
    text = _good_position().replace("argentine", 'argentine{"nope":1}', 1)
    with pytest.raises(tr.ParseError, match="does not replay"):
        tr.Match.from_position(text, "argentine")


# --------------------------------------------------------------------------- huge numbers in rules
def _loose_target(v: tr.Variant) -> tr.Variant:
    """``v`` with a third party's match hook whose target option checks only ``> 0``."""

    @attrs.frozen
    class LooseMatch(type(v.match)):  # type: ignore[misc]
        target: int = option(v.match.target, "points", check=lambda x: x > 0, allowed="> 0")

    return v.derive(f"{v.name}-loose", "a looser target", match=LooseMatch())


@pytest.mark.parametrize("name", tr.variant_names())
def test_a_number_no_record_can_write_is_refused_when_the_rules_are_built(name: str) -> None:
    """A target accepted by a looser option check made ``to_json``, ``position``, ``repr``
    and ``str`` raise ValueError for every match of the variant: it is refused at the door,
    as is a 5,000-digit value of a bet."""
    v = tr.get_variant(name)
    assert _loose_target(v).with_options(target=10_000).match.target == 10_000
    for bad in (10_001, 10**30, HUGE):
        with pytest.raises(tr.InvalidOption, match=r"match\.target"):
            _loose_target(v).with_options(target=bad)
    values = (*v.ladder.values[:-1], HUGE)
    with pytest.raises(tr.InvalidOption, match=r"ladder\.values"):
        v.derive(f"{name}-big", "a huge bet", ladder=BetLadder(values=values, names=v.ladder.names))


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_the_largest_numbers_allowed_still_write_every_record(name: str, seats: int) -> None:
    """The guard of the other side: the largest target (10,000) and a score just below it go
    through records, text, the position, repr, str, observations and the rule sheet."""
    v = tr.get_variant(name).with_options(target=10_000)
    individual = v.new_match(seats).player_scores is not None
    scores = (9_990,) * seats if individual else (9_990, 9_989)
    m = v.new_match(seats, seed=2**64 - 1, scores=scores)
    rng = random.Random(1)
    for _ in range(25):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    assert tr.Match.from_json(m.to_json()) == m
    assert tr.Match.from_text(m.to_text()) == m
    assert tr.Match.from_position(m.position(), v) == m
    assert repr(m) and str(m) and json.dumps(v.describe())
    assert m.observation(0).render() and m.information_state_string(seats - 1)
    assert tr.rule_sheet(v)


# --------------------------------------------------------------------------- runs and analysis
ARG = "argentine"
HANDS = ["1E 1B 7E", "3B 3C 3O"]
P_HANDS = ["4c 4h 5s", "3c 3h 2s"]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: simulate(ARG, -1), tr.ParseError),  # was an empty report
        (lambda: simulate(ARG, 0), tr.ParseError),  # was an empty report
        (lambda: simulate(ARG, 2, chunk=0), tr.ParseError),  # was range()'s ValueError
        (lambda: simulate(ARG, 2, chunk=-1), tr.ParseError),  # was an empty report
        (lambda: simulate(ARG, 2, chunk=HUGE), tr.ParseError),
        (lambda: simulate(ARG, True), tr.InvalidType),  # was one match
        (lambda: simulate(ARG, 2.0), tr.InvalidType),
        (lambda: simulate(ARG, "3"), tr.InvalidType),
        (lambda: simulate(ARG, 2, seed=True), tr.InvalidType),  # was seed 1
        (lambda: simulate(ARG, 2, seed=None), tr.InvalidType),
        (lambda: simulate(ARG, 2, seed=HUGE), tr.ParseError),
        (lambda: simulate(ARG, 2, seats="2"), tr.InvalidType),
        (lambda: simulate(ARG, 2, executor=5), tr.InvalidType),
        (lambda: simulate(ARG, 2, progress=5), tr.InvalidType),  # raised after playing
        (lambda: simulate(ARG, 2, agents=5), tr.InvalidType),
        (lambda: simulate(ARG, 2, agents="simple"), tr.InvalidType),  # was agent 's'
        (lambda: simulate(ARG, 2, agents=[HUGE]), tr.InvalidType),  # was a ValueError
        (lambda: simulate(ARG, 2, agents={7: "simple"}), tr.InvalidSeat),  # was ignored
        (lambda: play_match(tr.get_variant(ARG), 2, 1, max_actions=0), tr.ParseError),
        (lambda: play_match(tr.get_variant(ARG), 2, 1, ["random", 3.5]), tr.InvalidType),
        (lambda: double_dummy_rates(ARG, 2, True), tr.InvalidType),
        (lambda: double_dummy_rates(ARG, 2, 0), tr.ParseError),
        (lambda: double_dummy_rates(ARG, 2, HUGE), tr.ParseError),
        (lambda: double_dummy_rates(ARG, 2, 10, HUGE), tr.ParseError),  # was a ValueError
        (lambda: double_dummy_rates(ARG, "2", 10), tr.InvalidType),
        (lambda: double_dummy_rates(ARG, 2, 10, executor=5), tr.InvalidType),
        (lambda: double_dummy_rates(ARG, 2, 10, progress=5), tr.InvalidType),
        (lambda: double_dummy(ARG, 5), tr.InvalidType),
        (lambda: double_dummy(ARG, "1E 1B 7E"), tr.InvalidType),
        (lambda: double_dummy(ARG, [5, 6]), tr.InvalidType),
        (lambda: double_dummy(ARG, HANDS, mano=True), tr.InvalidType),
        (lambda: double_dummy(ARG, HANDS, mano=HUGE), tr.ParseError),  # was a ValueError
        (lambda: double_dummy(ARG, ["1E 1B 7E", "3B 3C 3O " + "1C " * 5000]), tr.ParseError),
        (lambda: double_dummy("paulista", P_HANDS, turned=5), tr.InvalidType),
        (lambda: DoubleDummy(ARG, "2"), tr.InvalidType),
        (lambda: solver([], 2), tr.InvalidType),  # was lru_cache's unhashable TypeError
        (lambda: solver(ARG, "2"), tr.InvalidType),
        (lambda: InfoTracker(5), tr.InvalidType),  # was an AttributeError
        (lambda: playing(ARG, 2).observation(0).render(5), tr.InvalidType),
        (lambda: special_probability(ARG, 41), tr.ParseError),  # was ZeroDivisionError
        (lambda: special_probability(ARG, -1), tr.ParseError),  # was math.comb's ValueError
        (lambda: special_probability(ARG, 2.0), tr.InvalidType),
        (lambda: special_cards("paulista", 5), tr.InvalidType),  # was an AttributeError
        (lambda: table_odds(ARG, "2"), tr.InvalidType),
        (lambda: load_agent(5), tr.InvalidType),
        (lambda: load_agent("..relative:name"), tr.ParseError),  # was import_module's TypeError
        (lambda: load_agent("x" * 10_000_000), tr.ParseError),
        # a class with choose(): its choose is unbound (was a TypeError mid-simulation)
        (lambda: load_agent("truco_rules.runs.bots:SimpleBot"), tr.ParseError),
        (lambda: seat_chooser(SimpleBot, 1, 0, random.Random(0)), tr.InvalidType),
        # a notation's name is no notation: each was an AttributeError (the Action built, its
        # repr failing later)
        (lambda: tr.Action.parse("play 7s", "FRENCH"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: tr.Action.parse("truco").in_notation("FRENCH"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: tr.parse_cards("7s Kh", "FRENCH"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: tr.Action("truco", notation="FRENCH"), tr.InvalidType),  # type: ignore[arg-type]
    ],
)
def test_runs_and_analysis_check_their_arguments(
    call: Callable[[], object], error: type[Exception]
) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, tr.TrucoError)
    assert len(str(info.value)) < 1000
    if isinstance(info.value, tr.InvalidType):
        assert isinstance(info.value, TypeError)


def test_play_match_takes_a_variant_name() -> None:
    assert play_match(ARG, 2, 5) == play_match(tr.get_variant(ARG), 2, 5)


def test_a_match_past_its_action_bound_is_a_typed_error() -> None:
    """It was a bare RuntimeError; MatchNotOver is one still, and a TrucoError."""
    with pytest.raises(tr.MatchNotOver, match="seed 5 did not end within 3 actions") as info:
        play_match(ARG, 2, 5, max_actions=3)
    assert isinstance(info.value, RuntimeError)


def test_deal_order_takes_a_variant_name_and_refuses_junk() -> None:
    hands = ["1E 2E 3E", "4E 5E 6E"]
    assert tr.deal_order(ARG, hands) == tr.deal_order(tr.get_variant(ARG), hands)
    for bad in (None, 5, ["argentine"]):
        with pytest.raises(tr.InvalidType):  # was an AttributeError
            tr.deal_order(bad, hands)


@pytest.mark.parametrize(
    "bad", [None, 5, "play 1E", tr.DECK[0], object()], ids=["None", "5", "text", "card", "object"]
)
def test_formatting_and_tensor_helpers_refuse_junk(bad: Any) -> None:
    """What a bot's framework calls on every step: formatting an action or a card, the
    information tracker, the observation string and the tensors (AttributeErrors before)."""
    from truco_rules.infostate import observation_string
    from truco_rules.tensors import observation_features, observation_size

    m = playing(ARG, 2)
    v, obs = m.variant, m.observation(0)
    calls: list[Callable[[], object]] = [
        lambda: v.format_action(bad),
        lambda: InfoTracker(m).update(bad),
        lambda: observation_string(bad),
        lambda: observation_features(bad, v),
        lambda: observation_features(obs, bad),
    ]
    if not isinstance(bad, tr.Card):
        calls.append(lambda: v.format_card(bad))
    if not isinstance(bad, int):
        calls.append(lambda: observation_size(v, bad))
    for call in calls:
        refused(m, call, tr.InvalidType)


@pytest.mark.parametrize("field", ["scores", "chicos"])
@pytest.mark.parametrize("digits", [4000, 5000])
def test_a_huge_starting_score_gets_a_short_parse_error(field: str, digits: int) -> None:
    """Issue 21 §2 (the adversarial pass): ``new_match(scores=(10**5000, 0))`` raised the
    ValueError of str() on a 5,000-digit int, and 10**4000 a 4,000-digit message."""
    v = tr.get_variant("argentine")
    with pytest.raises(tr.ParseError) as caught:
        v.new_match(2, seed=1, **{field: (10**digits, 0)})
    assert len(str(caught.value)) < 400


class _FakeInt:
    """Claims to be an int through ``__class__``: ``x.__class__ is int`` believed it."""

    __class__ = int  # type: ignore[assignment]


def test_an_object_claiming_to_be_an_int_is_not_one() -> None:
    """Issue 21 §2 (the adversarial pass): the checks read ``value.__class__``, which an
    object may fake; ``apply_id(FakeInt())`` then raised a bare TypeError."""
    m = tr.get_variant("argentine").new_match(2, seed=1)
    before = m.to_json()
    for call in (
        lambda: m.apply_id(_FakeInt()),  # type: ignore[arg-type]
        lambda: m.legal_actions(_FakeInt()),  # type: ignore[arg-type]
        lambda: m.observation(_FakeInt()),  # type: ignore[arg-type]
        lambda: m.undo(_FakeInt()),  # type: ignore[arg-type]
        lambda: m.apply(m.legal_actions()[0], _FakeInt()),  # type: ignore[arg-type]
        lambda: tr.get_variant("argentine").new_match(2, seed=_FakeInt()),  # type: ignore[arg-type]
    ):
        with pytest.raises(tr.InvalidType):
            call()
    assert m.to_json() == before


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: share_interval(20, 10), tr.ParseError),
        (lambda: share_interval(5, -1), tr.ParseError),
        (lambda: share_interval("2", 10), tr.InvalidType),
        (lambda: share_interval(True, 10), tr.InvalidType),
        (lambda: mean_interval(1.0, 1.0, 10**400), tr.ParseError),
        (lambda: mean_interval(10**400, 1.0, 10), tr.ParseError),
        (lambda: mean_interval(1.0, 1.0, float("nan")), tr.InvalidType),
        (lambda: mean_interval(float("nan"), 1.0, 3), tr.ParseError),
        (lambda: mean_interval(1.0, -1.0, 3), tr.ParseError),
        (lambda: mean_interval(1.0, 1.0, True), tr.InvalidType),
    ],
)
def test_the_intervals_check_their_arguments(call: Callable[[], object], error: type) -> None:
    """Issue 21 §2 (the adversarial pass): ``share_interval(20, 10)`` raised a math domain
    ValueError, ``share_interval(5, -1)`` gave an estimate of nothing, ``mean_interval`` an
    OverflowError or took NaN."""
    with pytest.raises(error):
        call()


def test_the_intervals_of_no_sample_are_empty() -> None:
    assert share_interval(0, 0).n == 0 and mean_interval(0, 0, 0).n == 0
    assert share_interval(3, 4) == share_interval(np_like(3), 4)


def np_like(n: int) -> Any:
    """An integer of another type that ``operator.index`` takes (as numpy's)."""

    class Index:
        def __index__(self) -> int:
            return n

    return Index()


@pytest.mark.parametrize("key", ["zzz", "Mano", 5])
def test_a_record_start_with_an_unknown_key_is_refused(key: object) -> None:
    """Issue 21 §2 (the adversarial pass): ``start`` took any key silently (a misspelt
    ``Mano`` was ignored and the match started with the default mano)."""
    m = tr.get_variant("argentine").new_match(2, seed=3)
    record = m.to_record()
    record["start"][key] = 1
    with pytest.raises(tr.InvalidRecord, match="start"):
        tr.Match.from_record(record)
    with pytest.raises(tr.InvalidRecord, match="start"):
        tr.Match.from_json(json.dumps(record))


def test_an_object_claiming_to_be_a_card_is_not_dealt() -> None:
    """Issue 21 §2 (the second adversarial pass): ``isinstance(c, Card)`` took an object whose
    ``__class__`` says Card; the match then offered a play it refused to apply."""
    v = tr.get_variant("argentine")
    real = v.card("1E")

    class FakeCard:
        __class__ = tr.Card  # type: ignore[assignment]
        index = real.index

    deal = list(tr.deal_order(v, ["1E 7O 4C", "3B 5E 6C"]))
    deal[deal.index(real)] = FakeCard()
    with pytest.raises(tr.TrucoError):
        v.new_match(2, deals=[deal])
    with pytest.raises(tr.TrucoError):
        v.card_strength(FakeCard())  # type: ignore[arg-type]


def test_a_shallow_copy_of_a_match_is_a_copy() -> None:
    """The third adversarial pass: ``copy.copy(match)`` shared the contest, the scoreboard
    and the actions, so playing on the clone played on the original."""
    import copy

    m = tr.get_variant("argentine").new_match(2, seed=7)
    before = m.to_json()
    clone = copy.copy(m)
    clone.apply(clone.legal_actions()[0])
    assert m.to_json() == before and clone.to_json() != before
    assert m.hand is not None
    hand = copy.copy(m.hand)
    hand.apply(hand.legal_actions()[0])
    assert m.to_json() == before


def test_a_match_subclass_keeps_its_own_attributes_in_a_copy() -> None:
    import copy

    class Named(tr.Match):
        pass

    m = Named(tr.get_variant("argentine"), 2, seed=3)
    m.label = "t7"  # type: ignore[attr-defined]
    for twin in (m.copy(), copy.copy(m)):
        assert type(twin) is Named and twin.label == "t7"  # type: ignore[attr-defined]


def test_a_variant_that_kept_a_registered_name_is_not_recorded_as_it() -> None:
    """The fourth adversarial pass: ``derive("argentine", ..., envido=...)`` kept the name, and
    its record replayed silently as the registered argentine rules (other scores)."""
    arg = tr.get_variant("argentine")
    house = arg.derive("argentine", "other envido", envido=tr.get_variant("paulista").envido)
    m = house.new_match(2, seed=1)
    with pytest.raises(tr.InvalidRecord, match="not the one registered"):
        m.to_json()
    with pytest.raises(tr.InvalidRecord, match="not the one registered"):
        m.position()
    same = arg.with_options(target=15).new_match(2, seed=1)  # options alone still record
    assert tr.Match.from_json(same.to_json()) == same


def test_a_variant_named_like_a_registered_alias_is_not_recorded_as_it() -> None:
    """The fifth adversarial pass: a house variant named ``argentino`` (an alias of argentine)
    with another envido was recorded, and replayed silently as argentine."""
    arg = tr.get_variant("argentine")
    house = arg.derive("argentino", "other envido", envido=tr.get_variant("paulista").envido)
    for named in (house, arg.derive("argentino", "the same rules under an alias")):
        m = named.new_match(2, seed=1)
        with pytest.raises(tr.InvalidRecord, match="named like an alias"):
            m.to_json()
        with pytest.raises(tr.InvalidRecord, match="named like an alias"):
            m.position()


def test_a_match_subclass_keeps_its_own_slots_in_a_copy() -> None:
    import copy

    class Slotted(tr.Match):
        __slots__ = ("notes",)

    m = Slotted(tr.get_variant("argentine"), 2, seed=3)
    m.notes = ["started"]
    for twin in (m.copy(), copy.copy(m)):
        assert twin.notes == ["started"]


@pytest.mark.parametrize(
    "name", ["Argentine", "ARGENTINO", "argentine ", "house_rules", 'house"]\n[Variant "argentine']
)
def test_a_variant_whose_name_get_variant_reads_otherwise_is_not_recorded(name: str) -> None:
    """The sixth adversarial pass: ``derive("Argentine", ...)`` with other hooks was recorded,
    and get_variant (which reads names in lower case) replayed it as argentine; a name with
    a quote and a newline wrote a second header into the text record."""
    arg = tr.get_variant("argentine")
    house = arg.derive(name, "house", envido=tr.get_variant("paulista").envido)
    m = house.new_match(2, seed=3)
    for write in (m.to_json, m.to_text, m.position):
        with pytest.raises(tr.InvalidRecord, match="does not find as written"):
            write()


@pytest.mark.parametrize("seat", [-1, -2, 2, 99])
def test_a_contest_has_no_actions_for_a_seat_it_lacks(seat: int) -> None:
    """``Hand._legal_of``: ``0 <= seat`` -> ``-1 <= seat`` survived: seat -1 read the last
    seat's actions. A seat outside the contest has none."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    assert m.hand.legal_actions(seat) == []


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_a_contest_refuses_a_seat_of_another_type(seat: object) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    with pytest.raises(tr.InvalidType, match="seat"):
        m.hand.legal_actions(seat)  # type: ignore[arg-type]


ARGENTINE = tr.get_variant("argentine")


@FUZZ
@given(name=junk, options=junk)
def test_get_variant_and_with_options(name: Any, options: Any) -> None:
    only_truco_errors(lambda: tr.get_variant(name))
    only_truco_errors(lambda: tr.get_variant("argentine", options))


NAMES = tr.variant_names()


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(data=st.data())
def test_every_option_with_junk(name: str, data: st.DataObject) -> None:
    v = tr.get_variant(name)
    option = data.draw(st.sampled_from(sorted(v.options())))
    value = data.draw(junk)
    try:
        w = v.with_options(**{option: value})
    except tr.TrucoError:
        return
    # an accepted value makes a variant that plays, records and replays
    m = w.new_match(w.seat_counts[0], seed=1)
    for _ in range(6):
        if m.is_over():
            break
        m.apply(m.legal_actions()[0])
    assert tr.Match.from_json(m.to_json()) == m


@FUZZ
@given(seats=junk, seed=junk, deals=junk, mano=junk, scores=junk, chicos=junk)
def test_new_match_with_junk(
    seats: Any, seed: Any, deals: Any, mano: Any, scores: Any, chicos: Any
) -> None:
    only_truco_errors(lambda: ARGENTINE.new_match(seats, seed=seed))
    only_truco_errors(lambda: ARGENTINE.new_match(2, deals=deals))
    only_truco_errors(lambda: ARGENTINE.new_match(2, seed=1, mano=mano))
    only_truco_errors(lambda: ARGENTINE.new_match(2, seed=1, scores=scores, chicos=chicos))


@FUZZ
@given(hands=junk, mano=junk, turned=junk)
def test_deal_order_with_junk(hands: Any, mano: Any, turned: Any) -> None:
    only_truco_errors(lambda: tr.deal_order(ARGENTINE, hands))
    only_truco_errors(lambda: tr.deal_order(ARGENTINE, ["1E 2E 3E", "4E 5E 6E"], mano, turned))


@FUZZ
@given(verb=junk, card=junk, number=junk, under=junk, down=junk, seat=junk)
def test_apply_hand_built_actions_changes_nothing(
    verb: Any, card: Any, number: Any, under: Any, down: Any, seat: Any
) -> None:
    m = ARGENTINE.new_match(seed=3)
    before = m.copy()
    act = Action(verb=verb, card=card, down=down, number=number, under=under)
    only_truco_errors(lambda: m.copy().apply(act))
    try:
        m.apply(act, seat)
    except tr.TrucoError:
        assert m == before
    only_truco_errors(lambda: m.legal_actions(seat))
    only_truco_errors(lambda: m.legal_action_texts(seat))
    only_truco_errors(lambda: m.observation(seat))


@FUZZ
@given(text=st.one_of(st.text(max_size=40), junk), seat=st.one_of(st.none(), junk))
def test_apply_text_changes_nothing(text: Any, seat: Any) -> None:
    m = ARGENTINE.new_match(seed=5)
    m.apply("envido")
    before = m.copy()
    try:
        m.apply(text, seat)
    except tr.TrucoError:
        assert m == before


@pytest.mark.parametrize(
    "call,argument,builtin",
    [
        (lambda: tr.get_variant("argentine", {1: 2}), "option", TypeError),
        (lambda: tr.get_variant("argentine", [1, 2]), "options", TypeError),
        (lambda: tr.get_variant(5), "name", TypeError),
        (lambda: ARGENTINE.new_match(deals=5), "deals", TypeError),
        (lambda: ARGENTINE.new_match(seats="2"), "seats", TypeError),
        (lambda: tr.deal_order(ARGENTINE, None), "hands", TypeError),
        (lambda: Card.of([], Suit.ESPADAS), "rank", TypeError),
        (lambda: Card.of(1, "E"), "suit", TypeError),
        (lambda: Action.play(None), "card", TypeError),
        (lambda: Action.play(tr.DECK[0], "yes"), "down", TypeError),
        (lambda: Action.declare("33"), "points", TypeError),
        (lambda: ARGENTINE.new_match(seed=1).apply(Action(verb=None)), "verb", TypeError),  # type: ignore[arg-type]
        (lambda: ARGENTINE.new_match(seed=1).apply(Action("play", card=5)), "card", TypeError),  # type: ignore[arg-type]
        (lambda: ARGENTINE.new_match(seed=1).apply(3.5), "action", TypeError),  # type: ignore[arg-type]
        (lambda: tr.register_variant("argentine"), "variant", TypeError),  # type: ignore[arg-type]
        (lambda: tr.compare(ARGENTINE, 5), "right", TypeError),  # type: ignore[arg-type]
    ],
)
def test_wrong_python_types_raise_a_typed_truco_error(
    call: Callable[[], Any], argument: str, builtin: type[Exception]
) -> None:
    with pytest.raises(tr.TrucoError) as info:
        call()
    assert isinstance(info.value, builtin)
    assert argument in str(info.value)


@pytest.mark.parametrize(
    "change",
    [
        {"names": ("truco", "quiero", "vale-cuatro")},  # a kernel verb: the raise unreachable
        {"names": ("truco", "envido", "vale-cuatro")},
        {"names": ("truco", "truco", "vale-cuatro")},  # twice
        {"names": ("Truco", "retruco", "vale-cuatro")},  # not a verb
        {"names": ("truco", "retruco")},  # one name short
        {"values": (1, 2.5, 3, 4)},  # a score must stay an int
        {"values": (0, 2, 3, 4)},  # an un-bet hand worth nothing
        {"values": (-1, 2, 3, 4)},
        {"values": (True, 2, 3, 4)},
        {"values": (1, 3, 2, 4)},  # not rising
        {"values": ("1", "2", "3", "4")},
    ],
)
def test_a_ladder_that_cannot_be_played_is_refused_when_built(change: dict[str, object]) -> None:
    """RULES §1.5: each call of the ladder is a verb of its own that proposes the next value;
    a ladder whose names a kernel action takes, or whose values are no rising points, is
    refused as it is built, with a typed error naming the field."""
    ladder = tr.get_variant("argentine-sin-flor").ladder
    with pytest.raises(tr.InvalidOption, match=r"ladder\.(names|values)"):
        attrs.evolve(ladder, **change)


@pytest.mark.parametrize(
    "make",
    [
        lambda: tr.get_variant("argentine").with_options(target="30"),
        lambda: tr.get_variant("argentine").with_options(target=30.0),
        lambda: tr.get_variant("argentine").with_options(all_tricks_tied=5),
        lambda: default_agent(seed="1"),
        lambda: default_agent(seed=1.0),
        lambda: default_agent(strength=[]),
        lambda: ReaderAgent(seed=None),  # type: ignore[arg-type]
        lambda: ReaderAgent(worlds=2.0),  # type: ignore[arg-type]
        lambda: ReaderAgent(infer=1),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(seed="1"),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(iterations="10"),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(exploration="1"),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(stop_settled=1),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(settle_lead="0.5"),  # type: ignore[arg-type]
        lambda: ISMCTSAgent(settle_lead=True),
    ],
)
def test_an_option_of_the_wrong_type_is_a_type_error_too(make: Any) -> None:
    """README: a wrong Python type is also a TypeError. An option or an agent's setting of
    the wrong type was an InvalidOption alone (a ValueError), where new_match(seed="1") is
    an InvalidType; now it is both (InvalidOptionType), and its message is as it was."""
    with pytest.raises(tr.InvalidOptionType) as caught:
        make()
    assert isinstance(caught.value, tr.InvalidOption) and isinstance(caught.value, TypeError)
    assert str(caught.value).startswith("option ")


@pytest.mark.parametrize(
    "make",
    [
        lambda: tr.get_variant("argentine").with_options(target=0),
        lambda: tr.get_variant("argentine").with_options(all_tricks_tied="zzz"),
        lambda: default_agent(seed=-1),
        lambda: default_agent(strength="x"),
        lambda: ISMCTSAgent(iterations=0),
    ],
)
def test_an_option_of_the_right_type_out_of_its_values_is_no_type_error(make: Any) -> None:
    with pytest.raises(tr.InvalidOption) as caught:
        make()
    assert not isinstance(caught.value, TypeError)


def test_a_copied_match_subclass_is_not_kept_alive() -> None:
    """The day's cache of a class's own slots held every copied class for ever."""
    import gc
    import weakref

    def make() -> weakref.ref[type]:
        class Passing(tr.Match):
            __slots__ = ("note",)

        m = Passing(tr.get_variant("argentine"), 2, seed=1)
        m.note = 1
        assert m.copy().note == 1
        return weakref.ref(Passing)

    ref = make()
    gc.collect()
    assert ref() is None


def test_a_copy_of_a_match_with_mixins_is_independent() -> None:
    """Two slot-less mixins after Match put the match state's own base in the walk of the
    subclass's slots: the copy shared the original's actions and scoreboard."""

    class M1:
        __slots__ = ()

    class M2:
        __slots__ = ()

    class Mixed(tr.Match, M1, M2):
        __slots__ = ("tag",)

    m = Mixed(tr.get_variant("argentine"), 2, seed=1)
    m.tag = "x"
    twin = m.copy()
    twin.apply(twin.legal_actions()[0])
    assert m.actions == [] and len(twin.actions) == 1 and twin.tag == "x"
    assert m._board is not twin._board


def test_a_private_slot_of_a_match_subclass_is_copied() -> None:
    class Private(tr.Match):
        __slots__ = ("__secret",)

        def set(self, value: int) -> None:
            self.__secret = value

        def get(self) -> int:
            return self.__secret

    m = Private(tr.get_variant("argentine"), 2, seed=1)
    m.set(7)
    assert m.copy().get() == 7
