"""Game records (DESIGN §5), text and JSON: a malformed header, entry, field or number is an
InvalidRecord (or a ParseError for the text), never another exception, and the largest numbers
accepted still write and replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import FUZZ, junk, only_truco_errors
from hypothesis import given
from hypothesis import strategies as st

import truco_rules as tr

SIN = "argentine-sin-flor"


@pytest.mark.parametrize(
    ("header", "why"),
    [
        ('[Seats2"]', "looks like"),  # no space-and-quote between key and value
        ('[Seats "2 "x"]', "bad Seats value"),  # a quote inside the value stays in the value
        ('[Seats "]', "looks like"),  # one quote, opening and closing: was a bare ValueError
        ('[X "]', "looks like"),
    ],
)
def test_a_malformed_text_record_header_is_an_invalid_record(header: str, why: str) -> None:
    """DESIGN §5 (text notation; records are no rule of RULES): a header line is
    [Key "value"], split at its first space-and-quote; anything else is refused as an
    InvalidRecord naming the line."""
    text = tr.get_variant(SIN).new_match(2, seed=4).to_text()
    assert '[Seats "2"]' in text
    with pytest.raises(tr.InvalidRecord, match=why):
        tr.Match.from_text(text.replace('[Seats "2"]', header))


ARGENTINE = tr.get_variant("argentine")








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


def test_a_record_with_a_key_it_does_not_have_is_refused() -> None:
    """docs/notation.md (JSON): a record has exactly its keys; a misspelt one (``derivaton``)
    was ignored, and the record replayed under derivation 1, other cards than it names."""
    m = tr.get_variant("argentine-sin-flor").new_match(2, seed=5, derivation=2, mano=0)
    m.apply("truco")
    rec = m.to_record()
    assert tr.Match.from_record(rec) == m
    rec["derivaton"] = rec.pop("derivation")
    with pytest.raises(tr.InvalidRecord, match="derivaton"):
        tr.Match.from_record(rec)
    with pytest.raises(tr.InvalidRecord, match="derivaton"):
        tr.Match.from_json(json.dumps(rec))


def test_a_header_given_twice_is_refused() -> None:
    """docs/notation.md: Deal is the one header that repeats. A second Variant, Seed or
    Option of one name was read silently, the last one winning (paulista played where the
    first line said argentine); a JSON key given twice too."""
    twice = [
        '[Variant "argentine@trucoshi"]\n[Variant "paulista"]\n\n',
        '[Variant "argentine"]\n[Option "target=15"]\n[Option "target=20"]\n\n',
        '[Variant "argentine"]\n[Seed "1"]\n[Seed "2"]\n\n',
    ]
    for text in twice:
        with pytest.raises(tr.InvalidRecord, match="a second"):
            tr.Match.from_text(text)
    two = tr.get_variant("argentine", {"target": 15, "falta_mode": "leader_remaining"})
    assert tr.Match.from_text(two.new_match(2, seed=1).to_text()).variant == two
    m = tr.get_variant("argentine").new_match(2, seed=1)
    text = m.to_json()
    with pytest.raises(tr.InvalidRecord, match="twice"):
        tr.Match.from_json(text.replace('"seats": 2', '"seats": 2, "seats": 4'))
    assert tr.Match.from_json(text) == m


@pytest.mark.parametrize("spelling", ["1_0", "\uff11\uff10", " +10", "10 ", "+10", "0x0a"])
def test_a_text_record_number_is_ascii_digits(spelling: str) -> None:
    """docs/notation.md, "Text": a header's number is written in ASCII digits, as the
    position has it. ``int`` also read ``1_0``, full-width digits and padded signs as 10
    (and the record was written back as ``10``): two texts for one record."""
    m = tr.get_variant(SIN).new_match(2, seed=10)
    text = m.to_text()
    assert '[Seed "10"]' in text
    with pytest.raises(tr.InvalidRecord, match="bad Seed value"):
        tr.Match.from_text(text.replace('[Seed "10"]', f'[Seed "{spelling}"]'))
    for key in ("Seats", "Mano"):
        line = next(x for x in text.splitlines() if x.startswith(f"[{key} "))
        digits = line.split('"')[1]
        with pytest.raises(tr.InvalidRecord, match=f"bad {key} value"):
            tr.Match.from_text(text.replace(line, f'[{key} "{digits}_0"]'))
    assert tr.Match.from_text(text) == m


def test_a_position_with_an_option_given_twice_is_refused() -> None:
    """docs/notation.md: a field given twice is refused, a JSON record's keys likewise;
    the position's options kept the last of two values in silence."""
    v = tr.get_variant(SIN).with_options(target=15)
    m = v.new_match(2, seed=7)
    m.apply(m.legal_actions()[0])
    text = m.position()
    assert text.startswith(SIN + '{"target":15}')
    twice = text.replace('{"target":15}', '{"target":15,"target":20}', 1)
    with pytest.raises(tr.ParseError, match="given twice"):
        tr.Match.from_position(twice)
    assert tr.Match.from_position(text) == m


def test_a_position_of_a_name_in_any_alphabet_reads_back() -> None:
    """docs/notation.md, "Positions": ``Match.from_position(m.position())`` rebuilds an
    equal match. The registry takes names of any alphabet's letters (the alias
    ``almería`` is one), where the position read only a-z, 0-9, '_' and '-'."""
    v = tr.get_variant(SIN).derive("truco-\u00f1and\u00fa", "a house rule")
    m = v.new_match(2, seed=7)
    m.apply(m.legal_actions()[0])
    text = m.position()
    assert text.startswith("truco-\u00f1and\u00fa")
    assert tr.Match.from_position(text, variant=v) == m
    almeria = tr.get_variant("almer\u00eda").new_match(2, seed=3)
    again = tr.Match.from_position(almeria.position().replace("almeria", "almer\u00eda", 1))
    assert again.position() == almeria.position()
    with pytest.raises(tr.ParseError, match="bad variant field"):
        tr.Match.from_position(text.replace("truco-\u00f1and\u00fa", "Truco-\u00d1and\u00fa", 1))


def test_the_example_text_record_is_what_to_text_writes() -> None:
    """docs/notation.md shows the text record of a seeded match "also in
    docs/examples/hand.txt": that file is the record ``to_text()`` writes, byte for byte
    (it lacked the comment that closes the hand)."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hand.txt"
    text = path.read_text(encoding="utf-8")
    assert tr.Match.from_text(text).to_text() == text
