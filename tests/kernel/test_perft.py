"""Perft regression data: legal action sequence counts of fixed seeded deals (tests/data/*.perft).

Every built-in variant must have a perft file covering each of its seat counts; every record
is recomputed and must match. A variant another installed package registers ships its own perft
file and tests (examples/truco-uruguayo does); here the kit's generic tests cover it. See
docs/invariants.md (Perft) for the format and how to regenerate the files after a deliberate
rule change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules.cli import main
from truco_rules.perft import (
    PerftRecord,
    alternative_options,
    divide,
    format_perft,
    parse_perft,
    perft,
    perft_counts,
)
from truco_rules.variants import builtin_names

DATA = Path(__file__).resolve().parents[1] / "data"
VARIANTS = builtin_names()


def perft_file(name: str) -> Path:
    return DATA / f"{name}.perft"


def regenerate_hint(name: str) -> str:
    return f"regenerate with: truco-rules perft --write tests/data --variant {name}"


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_has_perft_data_for_each_seat_count(name: str) -> None:
    path = perft_file(name)
    assert path.is_file(), f"no perft file {path.name} for variant {name!r}; " + regenerate_hint(
        name
    )
    records = parse_perft(path.read_text(encoding="utf-8"))
    seats = {r.seats for r in records}
    missing = set(tr.get_variant(name).seat_counts) - seats
    assert not missing, f"{path.name} has no record for seats {sorted(missing)}; " + (
        regenerate_hint(name)
    )
    assert all(r.variant == name and r.counts for r in records)


def _records() -> list[PerftRecord]:
    out = []
    for name in VARIANTS:
        path = perft_file(name)
        if path.is_file():
            out += parse_perft(path.read_text(encoding="utf-8"))
    return out


RECORDS = _records()


@pytest.mark.parametrize("record", RECORDS, ids=[r.id for r in RECORDS])
def test_perft_counts_are_unchanged(record: PerftRecord) -> None:
    """Any change of legality anywhere in the first few actions changes these counts."""
    now = record.recompute()
    if now.counts != record.counts:
        diff = "\n".join(
            difflib.unified_diff(
                format_perft([record]).splitlines(),
                format_perft([now]).splitlines(),
                "recorded",
                "computed now",
                lineterm="",
            )
        )
        pytest.fail(
            f"perft {record.id} changed:\n{diff}\nIf the rule change is deliberate, "
            + regenerate_hint(record.variant)
        )


def test_first_level_counts_every_seat_legal_actions() -> None:
    """perft 1 of argentine, 2 seats, seed 1: the mano (seat 1) may play each of his three
    cards face up or down (RULES §2.9), call truco (§2.5), envido, real envido or falta envido
    (§2.6.2) or go to the deck (§2.10): 11 actions; seat 0 may call truco or any envido out of
    turn (truco_call_timing any_time, §1.5): 4 more."""
    m = tr.get_variant("argentine").new_match(2, seed=1)
    assert m.current_player() == 1
    assert len(m.legal_actions(1)) == 11 and len(m.legal_actions(0)) == 4
    assert perft(m, 1) == 15
    assert perft(m, 0) == 1
    # a state with no legal action counts nothing deeper
    m2 = tr.get_variant("argentine").new_match(2, seed=1)
    m2.apply("falta-envido")
    m2.apply("quiero")  # 30 points: the chico and the match end (RULES §2.6.4)
    assert m2.is_over() and perft_counts(m2, 3) == [0, 0, 0]


def test_divide_sums_to_perft_and_the_walk_leaves_the_state_alone() -> None:
    m = tr.get_variant("argentine").new_match(4, seed=2)
    key = m.key()
    parts = divide(m, 3)
    assert sum(n for _s, n in parts) == perft(m, 3) == perft_counts(m, 3)[2]
    assert m.key() == key


def test_perft_file_format_round_trips() -> None:
    recs = [
        PerftRecord("a", "argentine", 2, 1, {}, (15, 121)),
        PerftRecord("b", "argentine", 4, 3, alternative_options(tr.get_variant("argentine")), (9,)),
    ]
    text = format_perft(recs, "header\nline two")
    assert text.startswith("# header\n# line two\n")
    assert parse_perft(text) == recs
    with pytest.raises(tr.ParseError):
        parse_perft("id x\nvariant argentine\nseats 2\nseed 1\nperft 2 5\n")
    with pytest.raises(tr.ParseError):
        parse_perft("id x\nseats 2\n")


def test_cli_prints_the_recorded_counts(capsys: pytest.CaptureFixture[str]) -> None:
    rec = next(r for r in RECORDS if not r.options)
    depth = min(3, len(rec.counts))
    argv = ["perft", "--variant", rec.variant, "--seats", str(rec.seats), "--seed", str(rec.seed)]
    assert main([*argv, "--depth", str(depth)]) == 0
    header, *out = capsys.readouterr().out.splitlines()
    assert header.startswith(f"perft of {rec.variant}, {rec.seats} seats, seed {rec.seed}: ")
    assert out == [f"perft {d} {n}" for d, n in enumerate(rec.counts[:depth], 1)]


def test_cli_writes_perft_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A smaller budget writes shallower records whose counts are a prefix of the data's."""
    argv = ["perft", "--write", str(tmp_path), "--variant", "argentine", "--budget", "200"]
    assert main(argv) == 0
    written = parse_perft((tmp_path / "argentine.perft").read_text(encoding="utf-8"))
    recorded = parse_perft(perft_file("argentine").read_text(encoding="utf-8"))
    assert [r.id for r in written] == [r.id for r in recorded]
    for w, r in zip(written, recorded, strict=True):
        assert 0 < len(w.counts) < len(r.counts) and w.counts == r.counts[: len(w.counts)]
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("name", VARIANTS)
def test_the_alternative_records_set_every_option_to_its_last_alternative(name: str) -> None:
    """docs/cli.md (perft --write): the seed-3 records of a perft file set every option to
    its last alternative, so an option added later must be added to them as well."""
    variant = tr.get_variant(name)
    alt = [
        r
        for r in parse_perft(perft_file(name).read_text(encoding="utf-8"))
        if r.id.endswith("-alt")
    ]
    assert alt, f"{name}.perft has no alternative-options record; " + regenerate_hint(name)
    for r in alt:
        assert dict(r.options) == alternative_options(variant), regenerate_hint(name)


def test_generate_keeps_a_variants_options_and_depths_are_checked() -> None:
    """A Variant given with options is counted with them (they were dropped: the records
    named the registered variant alone); a depth out of range is a typed error, not an
    IndexError."""
    from truco_rules.runs.perft import divide, generate, perft, perft_counts

    v = tr.get_variant("argentine").with_options(facedown_allowed=False)
    rec = generate(v, seeds=(1,), alt_seed=None, budget=500)[0]
    assert rec.options == {"facedown_allowed": False}
    assert list(rec.counts[:3]) == perft_counts(v.new_match(2, seed=1), 3)
    assert rec.recompute() == rec
    m = v.new_match(2, seed=1)
    for call, depth in ((perft, -1), (divide, 0), (perft_counts, -2)):
        with pytest.raises(tr.ParseError, match="depth"):
            call(m, depth)
    with pytest.raises(tr.InvalidType):
        perft(m, 2.0)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType):
        perft("argentine", 1)  # type: ignore[arg-type]


def test_perft_counts_the_deal_from_a_chance_node() -> None:
    """docs/invariants.md (perft): the sequences of d actions that can be applied from the
    state; a match without a seed is dealt by chance, and its 40 deal actions counted 0."""
    m = tr.get_variant("argentine").new_match(2)
    assert m.is_chance_node()
    assert perft_counts(m, 2) == [40, 40 * 39]
    assert perft(m, 1) == 40


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("id x\noptions " + "[" * 100_000 + "\n", tr.ParseError),  # was a RecursionError
        (b"id x\n", tr.InvalidType),
        (None, tr.InvalidType),
    ],
)
def test_parse_perft_refuses_what_is_no_perft_text(text: object, error: type) -> None:
    with pytest.raises(error):
        parse_perft(text)  # type: ignore[arg-type]
