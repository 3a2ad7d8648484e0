"""The current code plays exactly as the starting commit of issue 22 (9a59d68) did.

Issue 22, "Unchanged": a differential against the starting commit over every variant, table
size and option choice (random matches, out-of-turn attempts included) compares at every step
the legal actions of every seat, the information states, the records and the history.
``tools/differential/trace.py`` plays those matches (dealt from explicit card orders, so no
seeded deal derivation enters) and hashes every step; ``tests/data/differential/start.json.gz``
holds the hashes and final standings it wrote at the starting commit.

By default each variant replays every configuration at one seat count and every variant at
every seat count (match 0 of each); ``TRUCO_RULES_DIFFERENTIAL=full`` replays every stored
match (three per configuration). On a mismatch the failure names the variant, seat count,
option and match, and the command that prints the first differing step.

Records written by the starting commit (``tests/data/differential/records``, by
``tools/differential/records.py``) replay to the same contests, scores and winner.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import truco_rules as tr

ROOT = Path(__file__).resolve().parents[2]
FULL = os.environ.get("TRUCO_RULES_DIFFERENTIAL", "") == "full"


def _load(name: str, file: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "differential" / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@cache
def trace() -> ModuleType:
    """tools/differential/trace.py, loaded under a name that is not the standard ``trace``."""
    return _load("differential_trace", "trace.py")


@cache
def records() -> ModuleType:
    """tools/differential/records.py (its agent plays unfinished records on)."""
    return _load("differential_records", "records.py")


@cache
def stored() -> dict[str, Any]:
    data: dict[str, Any] = trace().load()
    return data


def stored_variants() -> list[str]:
    return sorted({key.split("/")[0] for key in stored()["matches"]})


def test_the_data_was_written_at_the_starting_commit() -> None:
    data = stored()
    assert data["written_at_commit"] == trace().START_COMMIT
    assert data["matches_per_config"] == 3
    # every built-in variant, every seat count it has, as registered
    for name in trace().builtin_names():
        for seats in tr.get_variant(name).seat_counts:
            assert f"{name}/{seats}" in data["matches"], (name, seats)


@pytest.mark.parametrize("variant", stored_variants())
def test_matches_trace_as_at_the_starting_commit(variant: str) -> None:
    t = trace()
    checked = 0
    for cfg, index, expected in t.selection(stored(), FULL, variant):
        now = t.run_match(cfg, index)
        assert now == expected, t.describe_mismatch(cfg, index, expected, now)
        checked += 1
    assert checked > 0


def test_the_default_subset_covers_every_option_value() -> None:
    t = trace()
    subset = t.default_subset()
    made = {(c.variant, c.option, repr(c.value)) for c in t.configs()}
    covered = {(c.variant, c.option, repr(c.value)) for c in t.configs() if c.key in subset}
    assert covered == made
    # an option (or a choice of an option) added since the starting commit has no trace there:
    # it is new behaviour, not a change of old behaviour (its default, the old behaviour, is
    # traced as registered)
    at_start = set(stored()["matches"])
    old_settings = {key.split("/")[2] for key in at_start if key.count("/") == 2}
    new = {key for key in subset - at_start}
    assert all(key.split("/")[2] not in old_settings for key in new), new


def test_first_difference_names_the_line_and_the_move() -> None:
    t = trace()
    cfg = t.Config("paulista", 2)
    lines = t.detail(cfg, 0).stream
    assert t.first_difference(lines, lines) == "the streams are identical"
    n = next(i for i, line in enumerate(lines) if line.startswith('["seat"') and i > 20)
    changed = [*lines[:n], t.canonical("seat", {"seat": -1}), *lines[n + 1 :]]
    report = t.first_difference(lines, changed)
    assert report.startswith(f"line {n} of the stream differs")
    assert "last move" in report
    assert '+  "seat": -1' in report


# ------------------------------------------------------------------ records of earlier commits
RECORDS = ROOT / "tests" / "data" / "differential" / "records"


@cache
def expected_records() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))
    assert data["written_at_commit"] == trace().START_COMMIT
    records: dict[str, Any] = data["records"]
    return records


def outcome(m: tr.Match) -> dict[str, Any]:
    """What tools/differential/records.py noted of each record when it wrote it (its
    ``expected``, applied to the match the current code replays)."""
    expected: dict[str, Any] = records().expected(m)
    return expected


def test_the_records_cover_every_variant_seeded_and_dealt() -> None:
    names = set(expected_records())
    for variant in trace().builtin_names():
        for seats in (2, 4):
            for source in ("seed", "deals"):
                assert f"{variant}-{seats}-{source}" in names
    assert {p.stem for p in RECORDS.glob("*.json")} - {"expected"} == names
    assert {p.stem for p in RECORDS.glob("*.txt")} == names
    assert any("continued" in r for r in expected_records().values())


@pytest.mark.parametrize("form", ["json", "text", "record"])
@pytest.mark.parametrize("name", sorted(expected_records()))
def test_records_of_the_starting_commit_replay_to_the_same_result(name: str, form: str) -> None:
    """A record written by 9a59d68 (no deal-version field: the seeded ones deal with the old
    derivation) replays to the same contests, dealt cards, scores and winner."""
    if form == "text":
        m = tr.Match.from_text((RECORDS / f"{name}.txt").read_text(encoding="utf-8"))
    else:
        raw = (RECORDS / f"{name}.json").read_text(encoding="utf-8")
        m = tr.Match.from_json(raw) if form == "json" else tr.Match.from_record(json.loads(raw))
    want = dict(expected_records()[name])
    continued = want.pop("continued", None)
    assert outcome(m) == want
    if continued is not None:  # an unfinished match plays on, dealing as it would have
        assert not m.is_over()
        records().play(m, random.Random(records().CONTINUE), 60)
        assert outcome(m) == continued
