"""Uruguayan truco checked with the truco-rules verification kit: registration through the
entry point, the piezas and their values, whole-hand scenario records with explicit deals,
perft counts, the kit's invariant state machine and its hidden-information check.

Rule references (README.md, "Rules"): R1 the muestra and its piezas, R2 the 12 for a pieza
turned up, R3 envido with a pieza, R4 flor with wild piezas, R5 everything else Argentine.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import truco_rules as tr
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from truco_rules.hooks import EnvidoRules, FixedRanking, FlorRules, HandContext
from truco_rules.runs.perft import parse_perft
from truco_rules.testing import (
    TrucoMachine,
    check_observation_hides,
    check_options_live,
    check_replay,
    check_terminal,
    hidden_swaps,
    matches,
    play_random,
)
from truco_rules.variants.argentine import ARGENTINE_RANKING

from truco_uruguayo import URUGUAYO, piezas

DATA = Path(__file__).resolve().parent / "data"
SCENARIOS = sorted((DATA / "scenarios").glob("*.txt"))
V = URUGUAYO


def ctx(turned: str) -> HandContext:
    return HandContext(turned=V.card(turned))


# ------------------------------------------------------------------------- registration
def test_the_entry_point_registers_the_variant() -> None:
    assert "uruguayo" in tr.variant_names()
    assert tr.get_variant("uruguayo") is URUGUAYO
    assert tr.get_variant("truco-uruguayo") is URUGUAYO
    assert URUGUAYO.seat_counts == (2, 4, 6)
    mr = URUGUAYO.match
    assert mr.target == 30 and mr.in_buenas(16) and not mr.in_buenas(15)  # R5: 15 + 15


# ------------------------------------------------------------------------- R1, R2 ranking
def test_piezas_rank_above_the_matas_in_their_order() -> None:
    """R1: under muestra 3C the top cards are 2C 4C 5C 11C 10C, then 1E 1B 7E 7O."""
    top = sorted(V.deck.cards, key=lambda c: -V.card_strength(c, "3C"))[:9]
    expected = ["2C", "4C", "5C", "11C", "10C", "1E", "1B", "7E", "7O"]
    assert [V.format_card(c) for c in top] == expected
    # the other ranks keep the Argentine order and tie across suits
    assert V.card_strength("3E", "3C") == V.card_strength("3O", "3C")
    assert V.card_strength("12C", "3C") == V.card_strength("12O", "3C")  # not a pieza here


@pytest.mark.parametrize("muestra", ["2O", "4O", "5O", "11O", "10O"])
def test_a_pieza_turned_up_is_replaced_by_the_12(muestra: str) -> None:
    """R2: the 12 of the suit plays as the turned pieza, in its place in the order."""
    turned = V.card(muestra)
    table = piezas(turned)
    assert turned not in table and table[V.card("12O")] == turned.rank
    order = sorted(table, key=lambda c: -V.card_strength(c, turned))
    assert [table[c] for c in order] == [2, 4, 5, 11, 10]


def test_without_a_muestra_there_are_no_piezas() -> None:
    assert piezas(None) == {}
    assert V.ranking.strengths(None) == ARGENTINE_RANKING.table


# ------------------------------------------------------------------------- R3 envido
@pytest.mark.parametrize(
    ("hand", "muestra", "points"),
    [
        ("2C 7E 1B", "3C", 37),  # the 2: 30, plus 7
        ("4C 6E 12B", "3C", 35),  # the 4: 29, plus 6
        ("5C 3E 10B", "3C", 31),  # the 5: 28, plus 3
        ("11C 12E 10B", "3C", 27),  # perico: 27, figures count 0
        ("10C 1E 12B", "3C", 28),  # perica: 27, plus 1
        ("12C 7E 1B", "4C", 36),  # the 12 playing as the turned 4: 29, plus 7
        ("12C 7E 1B", "3C", 7),  # a plain 12: the Argentine rule
        ("7E 6E 1B", "3C", 33),  # no pieza: 20 + 7 + 6
    ],
)
def test_envido_with_a_pieza(hand: str, muestra: str, points: int) -> None:
    assert V.envido_points(hand, ctx(muestra)) == points


def test_envido_shows_the_pieza_and_the_card_it_adds() -> None:
    envido = V.envido
    assert envido is not None
    assert envido.proof_in(V.cards("2C 7E 1B"), ctx("3C")) == V.cards("2C 7E")
    assert envido.proof_in(V.cards("11C 12E 10B"), ctx("3C")) == V.cards("11C")


def test_a_second_pieza_in_the_envido_without_flor() -> None:
    """Two piezas make a flor (R4); without flor the second counts its face value (R3)."""
    sin_flor = V.derive("uruguayo-sin-flor", "without flor", flor=None)
    assert sin_flor.envido_points("2C 4C 1B", ctx("3C")) == 34
    assert V.envido_points("2C 4C 1B", ctx("3C")) is None


# ------------------------------------------------------------------------- R4 flor
@pytest.mark.parametrize(
    ("hand", "muestra", "points"),
    [
        ("7E 6E 5E", "3C", 38),  # three of a suit: 20 + 18
        ("11C 6O 4O", "3C", 37),  # a pieza and two of a suit: 27 + 6 + 4
        ("2C 5C 3E", "3C", 41),  # two piezas and any card: 30 + 8 (the 5's 28) + 3
        ("2C 4C 5C", "3C", 47),  # three piezas: 30 + 9 + 8
        # issue 24's examples: the highest pieza counts in full, the others their last digit
        ("4C 5E 4E", "3E", 41),  # 29 (the 4) + 8 (the 5's 28) + 4
        ("10E 11E 6B", "7E", 40),  # 27 (perico) + 7 (perica's 27) + 6
        ("12E 4E 11E", "5E", 44),  # 29 (the 4) + 8 (the 12 as the turned 5) + 7 (perico)
        ("12C 6O 7O", "2C", 43),  # the 12 playing as the turned 2: 30 + 13
        ("11C 6O 4E", "3C", None),  # a pieza and two suits: no flor
        ("12C 6O 7O", "3C", None),  # a plain 12: no flor
    ],
)
def test_flor_with_wild_piezas(hand: str, muestra: str, points: int | None) -> None:
    assert V.flor_points(hand, ctx(muestra)) == points
    if points is not None:
        assert V.envido_points(hand, ctx(muestra)) is None  # a flor voids the envido


def test_flor_second_pieza_option() -> None:
    """R4, the option: ``face_value`` counts another pieza at its usual value."""
    face = V.with_options(flor_second_pieza="face_value")
    assert face.flor_points("2C 4C 5C", ctx("3C")) == 30 + 4 + 5
    assert face.flor_points("4C 5E 4E", ctx("3E")) == 38
    assert face.flor_points("10E 11E 6B", ctx("7E")) == 33
    assert face.flor_points("12E 4E 11E", ctx("5E")) == 29
    assert face.flor_points("11C 6O 4O", ctx("3C")) == 37  # one pieza: the same either way


# ------------------------------------------------------------------------- scenario records
def _expect(text: str) -> dict[str, str]:
    line = next(x for x in text.splitlines() if x.startswith("# expect:"))
    words = line.removeprefix("# expect:").split()
    return dict(zip(words[::2], words[1::2], strict=True))


def _first_hand(variant: tr.Variant, record: dict[str, Any]) -> tuple[int, int] | None:
    """The first hand's points when ``record`` is replayed under ``variant``; ``None`` if an
    action of the record is illegal there."""
    start = record["start"]
    m = variant.new_match(
        record["seats"], deals=record["deals"], mano=start["mano"], scores=start["scores"]
    )
    try:
        for entry in record["actions"]:
            seat, _, text = entry.partition(":")
            m.apply(text, int(seat))
    except tr.TrucoError:
        return None
    return m.history[0].points if m.history else None


PLAIN = V.derive(
    "uruguayo-no-piezas",
    "the same deals without piezas",
    ranking=FixedRanking(ARGENTINE_RANKING.table, turns_up_card=True),
    envido=EnvidoRules(falta_mode="winner_to_half"),
    flor=FlorRules(),
)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 5


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    """Replay the record; its first hand scores what its header says, and the same deal
    and actions without piezas (R1-R4) would not, so the record checks the muestra."""
    text = path.read_text(encoding="utf-8")
    exp = _expect(text)
    m = tr.Match.from_text(text)
    assert m.variant is URUGUAYO
    first = m.history[0]
    assert f"{first.points[0]}-{first.points[1]}" == exp["points"]
    assert str(first.winner) == exp["winner"] and first.end_reason == exp["end"]
    assert f"{m.score[0]}-{m.score[1]}" == exp["score"]
    assert tr.Match.from_text(m.to_text()) == m
    check_replay(m)
    assert _first_hand(PLAIN, m.to_record()) != first.points


# ------------------------------------------------------------------------- perft
RECORDS = parse_perft((DATA / "uruguayo.perft").read_text(encoding="utf-8"))


def test_perft_file_covers_every_seat_count() -> None:
    assert {r.seats for r in RECORDS} == set(V.seat_counts)
    assert all(r.variant == "uruguayo" for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=[r.id for r in RECORDS])
def test_perft_counts_are_unchanged(record: Any) -> None:
    """Regenerate with: truco-rules perft --write tests/data --variant uruguayo"""
    assert record.recompute().counts == record.counts


# ------------------------------------------------------------------------- the kit
FAST = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class UruguayoMachine(TrucoMachine):
    variant = "uruguayo"


UruguayoMachine.TestCase.settings = settings(
    max_examples=12, stateful_step_count=40, deadline=None
)
TestUruguayoMachine = UruguayoMachine.TestCase


@FAST
@given(m=matches(variant="uruguayo"), seat=st.integers(0, 5))
def test_observations_hide_the_other_hands(m: tr.Match, seat: int) -> None:
    """I7 (docs/invariants.md): swapping cards a seat cannot see, keeping what other hands
    make public in this deal (their envido and flor, valued with the muestra), changes
    nothing that seat observes."""
    seat %= m.seats
    swaps = hidden_swaps(m, seat)
    check_observation_hides(m, seat, swaps[:6])


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_random_matches_end_with_one_winner(seats: int) -> None:
    for seed in range(3):
        m = play_random(V.new_match(seats, seed=seed), random.Random(seed))
        check_terminal(m)


# ------------------------------------------------------------------------- options
GALLO_ONLY = "the gallo plays at 3 seats, and uruguayo seats 2, 4 and 6 (R5)"


def test_every_option_changes_play() -> None:
    """docs/own-package.md: every option of the variant changes some game, found by the
    kit's search. The Argentine table's two gallo options come with the table and play at 3
    seats only, which uruguayo does not seat: they are skipped, with the reason."""
    check_options_live(V, skip={"gallo_mode": GALLO_ONLY, "gallo_extra_card": GALLO_ONLY})
