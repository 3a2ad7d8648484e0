"""The text of cards and actions (docs/notation.md): blind plays (RULES §5.7), padded card
text, and hostile action text, which is a ParseError that keeps nothing of the text it refuses.

The fuzz tests feed ``junk`` (tests/conftest.py) to the parsers: whatever a caller passes, the
library raises a :class:`~truco_rules.TrucoError` subclass or succeeds."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import FUZZ, junk, only_truco_errors
from hypothesis import given

import truco_rules as tr
from truco_rules import Action, Card


@pytest.mark.parametrize(
    "text", ["play #1 down", "play #1 over #2", "play #a", "play #", "play #²"]
)
def test_s5_7_malformed_blind_play_text_is_a_parse_error(text: str) -> None:
    """RULES §5.7: a blind play names one dealt position, 'play #2', and nothing else."""
    with pytest.raises(tr.ParseError):
        tr.Action.parse(text)


def test_s5_7_blind_positions_are_bounded() -> None:
    """RULES §5.7: blind positions count from 1 (one digit); 0 and 10 are refused as
    malformed, not as an internal error."""
    for k in range(1, 10):
        assert tr.Action.parse(f"play #{k}") == tr.Action.play_blind(k)
        assert tr.Action.play_blind(k).number == k
    for bad in (0, 10, -1):
        with pytest.raises(tr.ParseError):
            tr.Action.play_blind(bad)


def test_a_cards_text_may_be_padded_up_to_sixteen_characters() -> None:
    """``Notation.parse``: the bound ``len(text) <= 16`` -> ``15`` survived. A card's text is
    read stripped, padded up to 16 characters; longer text is refused unread."""
    v = tr.get_variant("argentine")
    assert v.card(" " * 7 + "1E" + " " * 7) == v.card("1E")
    with pytest.raises(tr.InvalidCard):
        v.card(" " * 8 + "1E" + " " * 7)


ARGENTINE = tr.get_variant("argentine")








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
