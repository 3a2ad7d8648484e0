"""Hostile input to every public entry point (issue 10; DESIGN §6 "bad input"): whatever a caller
passes, the library raises a :class:`~truco_rules.TrucoError` subclass or succeeds, and a match
given bad input is left exactly as it was. Wrong Python types raise an error that is also a
``TypeError``; wrong values one that is also a ``ValueError``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules import Action, Card, Suit
from truco_rules.hooks import DealContext, StandardTable, TrickRule

ARGENTINE = tr.get_variant("argentine")
NAMES = tr.variant_names()

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Anything a careless or hostile caller might pass where the library expects something else.
junk = st.deferred(
    lambda: st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 0, 1, 2, 3, 5, 10**20, 10**4400, -(10**4400)]),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.sampled_from(["", " ", "1E", "7s", "play 1E", "9" * 5000, "-" * 3, "argentine"]),
        st.binary(max_size=8),
        st.lists(st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=4)), max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), st.integers(), max_size=2),
        st.tuples(st.integers(-2, 12), st.none()),
        st.just(object()),
        st.just(Suit.OROS),
        st.just(DECK0 := tr.DECK[0]),
        st.just([DECK0, DECK0]),
        st.just(ARGENTINE),
    )
)


def only_truco_errors(call: Callable[[], Any]) -> None:
    """``call()`` either succeeds or raises a TrucoError; never another exception."""
    try:
        call()
    except tr.TrucoError as exc:
        assert str(exc)  # has a message
        assert len(str(exc)) < 4000, "an error message must not echo huge input"
        if isinstance(exc, tr.InvalidType):
            assert isinstance(exc, TypeError)


@FUZZ
@given(name=junk, options=junk)
def test_get_variant_and_with_options(name: Any, options: Any) -> None:
    only_truco_errors(lambda: tr.get_variant(name))
    only_truco_errors(lambda: tr.get_variant("argentine", options))


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
@given(a=junk, b=junk)
def test_cards_and_actions_with_junk(a: Any, b: Any) -> None:
    only_truco_errors(lambda: Card.of(a, b))
    only_truco_errors(lambda: Card(a, b))
    only_truco_errors(lambda: Action.play(a, b))
    only_truco_errors(lambda: Action.play(a))
    only_truco_errors(lambda: Action.play_over(a, b))
    only_truco_errors(lambda: Action.play_blind(a))
    only_truco_errors(lambda: Action.discard(a))
    only_truco_errors(lambda: Action.deal(a))
    only_truco_errors(lambda: Action.declare(a))
    only_truco_errors(lambda: Action.call(a))
    only_truco_errors(lambda: Action.parse(a))
    only_truco_errors(lambda: tr.parse_cards(a))
    only_truco_errors(lambda: tr.SPANISH.parse(a))
    only_truco_errors(lambda: ARGENTINE.card(a))
    only_truco_errors(lambda: ARGENTINE.cards(a))
    only_truco_errors(lambda: ARGENTINE.envido_points(a))
    only_truco_errors(lambda: ARGENTINE.flor_points(a))
    only_truco_errors(lambda: ARGENTINE.card_strength(a, b))
    only_truco_errors(lambda: ARGENTINE.parse_action(a))
    only_truco_errors(lambda: tr.compare(a, b))
    only_truco_errors(lambda: tr.compare(ARGENTINE, a))


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


# --------------------------------------------------------------------------- hostile records
def _record() -> dict[str, Any]:
    m = ARGENTINE.new_match(seed=2)
    for _ in range(3):
        m.apply(m.legal_actions()[0])
    return m.to_record()


@FUZZ
@given(key=st.sampled_from(list(_record())), value=junk)
def test_json_record_with_a_junk_field(key: str, value: Any) -> None:
    rec = _record()
    rec[key] = value
    only_truco_errors(lambda: tr.Match.from_record(rec))
    try:
        text = json.dumps(rec)
    except (TypeError, ValueError):
        return
    only_truco_errors(lambda: tr.Match.from_json(text))


@FUZZ
@given(entry=st.one_of(st.text(max_size=20), st.sampled_from(["--0:truco", "-1:mazo", "0:", ":"])))
def test_json_record_with_a_junk_action(entry: str) -> None:
    rec = _record()
    rec["actions"] = [*rec["actions"], entry]
    only_truco_errors(lambda: tr.Match.from_record(rec))


@FUZZ
@given(text=st.text(max_size=300))
def test_text_and_json_parsers_with_junk_text(text: str) -> None:
    only_truco_errors(lambda: tr.Match.from_text(text))
    only_truco_errors(lambda: tr.Match.from_json(text))
    good = ARGENTINE.new_match(seed=1).to_text()
    only_truco_errors(lambda: tr.Match.from_text(good + text))
    only_truco_errors(lambda: tr.Match.from_text(text + "\n" + good))


HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        f"declare {HUGE}",
        f"play #{HUGE}",
        "play #0",
        "declare -1",
        "a" * 100_000,
        "play " + "1E " * 10_000,
    ],
)
def test_hostile_action_text_is_a_parse_error(text: str) -> None:
    m = ARGENTINE.new_match(seed=1)
    before = m.copy()
    with pytest.raises(tr.ParseError):
        m.apply(text)
    assert m == before


@pytest.mark.parametrize(
    "entry", ["--0:truco", f"{HUGE}:truco", "-0:truco", "+0:truco", "0x1:truco", "٠:truco"]
)
def test_hostile_record_entries_are_invalid_records(entry: str) -> None:
    rec = _record()
    rec["actions"] = [entry]
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_record(rec)


@pytest.mark.parametrize(
    "header",
    [
        f'[Seed "{HUGE}"]',
        f'[Seats "{HUGE}"]',
        f'[Mano "{HUGE}"]',
        f'[Scores "{HUGE}-0"]',
        '[Option "target=' + "[" * 1000 + "]" * 1000 + '"]',
        '[Option "target=' + "[" * 100_000 + '"]',
        f'[Option "target={HUGE}"]',
        '[Option "target=1e999"]',
        '[Option "target=NaN"]',
    ],
)
def test_hostile_text_record_headers_are_invalid_records(header: str) -> None:
    text = f'[Variant "argentine"]\n{header}\n\n0:truco\n'
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_text(text)


def test_numbers_too_large_are_refused_where_they_enter() -> None:
    with pytest.raises(tr.InvalidOption):
        ARGENTINE.with_options(target=10**4400)
    with pytest.raises(tr.InvalidOption):
        ARGENTINE.with_options(target=10**7)
    with pytest.raises(tr.ParseError):
        ARGENTINE.new_match(seed=10**4400)
    with pytest.raises(tr.InvalidRecord):
        tr.Match.from_json('{"format": "truco-rules/1", "seed": ' + HUGE + "}")
    # the largest accepted seed still writes and replays its record
    m = ARGENTINE.new_match(seed=2**64 - 1)
    assert tr.Match.from_json(m.to_json()) == m


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


# --------------------------------------------------------------------------- bounded memory
def test_rejected_action_text_is_never_kept() -> None:
    """Issue 10 item 6: 300 distinct 1 MB strings given to apply() leave nothing held (the
    verb cache once kept 310 MB of them)."""
    import gc
    import tracemalloc

    m = ARGENTINE.new_match(seed=1)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for i in range(300):
            text = f"x{i}" + "a" * 1_000_000
            with pytest.raises(tr.ParseError):
                m.apply(text)
            verb = f"zz{i}"  # a short unknown verb: parsed, refused, not interned
            with pytest.raises(tr.UnknownAction):
                m.apply(verb)
        del text
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert held < 200_000, f"{held:,} bytes still held after rejecting 300 MB of text"
    assert Action.call("zz7") is not Action.call("zz7")  # unknown verbs are not interned


def test_rejecting_a_huge_string_does_not_copy_it() -> None:
    """Rejecting 10 MB of action text or record text works on a bounded prefix: the peak
    memory it takes is far below the size of the text (no lower(), split() or difflib over it),
    which is what makes it fast."""
    import tracemalloc

    m = ARGENTINE.new_match(seed=1)
    huge = "A" * 10_000_000
    tracemalloc.start()
    try:
        for call in (
            lambda: m.apply(huge),
            lambda: m.apply(Action.call(huge)),
            lambda: tr.Match.from_text('[Variant "argentine"]\n\n0:' + huge[:1000]),
            lambda: ARGENTINE.card(huge),
            lambda: ARGENTINE.cards(huge),
            lambda: tr.get_variant(huge),
        ):
            tracemalloc.reset_peak()
            with pytest.raises(tr.TrucoError):
                call()
            peak = tracemalloc.get_traced_memory()[1]
            assert peak < 1_000_000, f"rejecting took {peak:,} bytes"
    finally:
        tracemalloc.stop()


# --------------------------------------------------------------------------- atomic apply
@attrs.frozen
class _FailingTable(StandardTable):
    """A third party's table whose mano rotation breaks after the first deal."""

    def next_mano(self, ctx: DealContext) -> int:
        if ctx.hand_no == 0:
            raise RuntimeError("broken next_mano")
        return super().next_mano(ctx)


@attrs.frozen
class _FailingTricks(TrickRule):
    """A third party's trick rule that breaks when a second trick is decided."""

    def decide(self, results: Sequence[int]) -> int | None:
        if len(results) == 2:
            raise ZeroDivisionError("broken decide")
        return super().decide(results)


def _play_until_error(m: tr.Match, rng_seed: int) -> tuple[tr.Match, BaseException]:
    rng = random.Random(rng_seed)
    while not m.is_over():
        legal = m.legal_actions()
        short = [a for a in legal if a.verb not in ("falta-envido", "contraflor-al-resto")]
        act = short[rng.randrange(len(short))]  # no bet that may end the match at once
        before, text = m.copy(), m.to_json()
        try:
            m.apply(act)
        except (RuntimeError, ZeroDivisionError) as exc:
            assert m == before and m.to_json() == text, "apply half-changed the match"
            assert m.legal_actions() == legal
            return m, exc
    raise AssertionError("the broken hook was never reached")


@pytest.mark.parametrize("seed", range(4))
def test_apply_is_atomic_when_a_table_hook_raises(seed: int) -> None:
    """Issue 10 item 7: a hook raising in the middle of ``apply`` (here ``Table.next_mano``,
    called after the hand was scored) leaves the match exactly as before the call."""
    v = ARGENTINE.derive("broken-table", "a broken table", table=_FailingTable(seat_counts=(2,)))
    m, exc = _play_until_error(v.new_match(seed=seed), seed)
    assert "next_mano" in str(exc)
    assert m.hand is not None and m.hand_no == 0 and not m.history


@pytest.mark.parametrize("seed", range(4))
def test_apply_is_atomic_when_a_trick_hook_raises(seed: int) -> None:
    v = ARGENTINE.derive("broken-tricks", "a broken trick rule", tricks=_FailingTricks())
    m, exc = _play_until_error(v.new_match(seed=seed), seed)
    assert isinstance(exc, ZeroDivisionError)
    assert m.hand is not None and len(m.hand.results) == 1


# --------------------------------------------------------------------------- the command line
HOSTILE_FILES = [
    b"\xff\xfe\x00garbage",
    b'{"format": "truco-rules/1", "seed": ' + b"9" * 5000 + b"}",
    b"[" * 100_000,
    b'[Variant "argentine"]\n[Option "target=' + b"[" * 5000 + b'"]\n',
    b'[Variant "argentine"]\n[Seed "1"]\n\n--0:truco\n',
    b'[Variant "argentine"]\n[Seed "1"]\n\n' + b"9" * 5000 + b":truco\n",
    b'[Variant "argentine"]\n[Seed "1"]\n\n0:declare ' + b"9" * 5000 + b"\n",
    b"",
    b"\x00" * 100,
]


@pytest.mark.parametrize("data", HOSTILE_FILES, ids=range(len(HOSTILE_FILES)))
def test_replay_refuses_a_hostile_file_without_a_traceback(
    data: bytes, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10 item 4: ``truco-rules replay`` prints ``error: ...`` and exits 2."""
    from truco_rules.cli import main

    path = tmp_path / "record.txt"
    path.write_bytes(data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and len(err) < 2000


SIM = ["simulate", "--variant", "argentine", "--matches", "1"]


@pytest.mark.parametrize(
    "argv",
    [
        ["describe", "x" * 10_000],
        [*SIM, "--option", "target=" + "9" * 5000],
        [*SIM, "--option", "target=" + "[" * 5000],
        [*SIM, "--option", "nonsense"],
        [*SIM, "--seed", str(10**30)],
        ["perft", "--variant", "argentine", "--depth", "1", "--option", "target=-3"],
        ["compare", "argentine", "\x00"],
    ],
)
def test_the_command_line_refuses_hostile_arguments_cleanly(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from truco_rules.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:  # refused by the argument parser: usage, then the error
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    out, err = capsys.readouterr()
    assert "error: " in err and len(err) < 2000 and "Traceback" not in err
    assert out == ""  # refused before any output
