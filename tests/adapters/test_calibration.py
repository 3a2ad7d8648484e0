"""Reading the reader's chances against the real cards (issue 28): the reading takes its own
draws and changes neither the agent nor the match, a sure hand reads as sure, and the
table adds up."""

from __future__ import annotations

import pytest

import truco_rules as tr
from truco_rules.agents import default_agent
from truco_rules.agents.calibration import Calibration, read_chance, situation, true_chance
from truco_rules.core.errors import InvalidOption


def _play(name: str, seats: int, seed: int, read: bool) -> list[str]:
    """The actions of a match of readers, reading every decision's chance if ``read``."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=seed)
    agents = {s: default_agent(seed=seed * 8 + s, strength="fast") for s in range(seats)}
    done: list[str] = []
    while not m.is_over() and len(done) < 60:
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
            continue
        seat = m.current_player()
        if read:
            before = m.position()
            obs = m.observation(seat)
            chance = read_chance(v, obs, agents[seat].table_model, worlds=8, seed=len(done))
            truth = true_chance(m)
            assert chance is None or 0.0 <= chance <= 1.0
            assert truth is None or truth in (0.0, 0.5, 1.0)
            assert m.position() == before
        action = agents[seat].choose(m, legal)
        done.append(f"{seat}:{action}")
        m.apply(action)
    return done


@pytest.mark.parametrize(("name", "seats"), [("mineiro", 2), ("argentine", 4)])
def test_reading_leaves_every_decision_as_it_was(name: str, seats: int) -> None:
    """Reading a seat's chance before each decision (with the seat's own opponent model)
    neither draws from the agents' generators nor changes the match: the same actions."""
    assert _play(name, seats, 3, read=True) == _play(name, seats, 3, read=False)


def test_a_hand_of_the_three_best_cards_reads_sure() -> None:
    """Seat 0 holding the three strongest cards of mineiro (RULES §6.1: the fixed manilhas)
    wins every trick in every world and in the real deal."""
    v = tr.get_variant("mineiro")
    strength = v.ranking.strengths(None, v.deck.cards)
    by_power = sorted(v.deck.cards, key=lambda c: -strength[c.index])
    best, rest = by_power[:3], by_power[3:]
    order = [best[0], rest[0], best[1], rest[1], best[2], rest[2], *rest[3:]]
    m = v.new_match(2, deals=[order], mano=0)
    obs = m.observation(0)
    assert set(obs.my_cards) == set(best)
    assert read_chance(v, obs, worlds=16) == 1.0
    assert true_chance(m) == 1.0
    assert situation(obs) == ("play", 2, 0, 0)


def test_the_table_adds_up_and_merges() -> None:
    a = Calibration()
    a.add(("play", 1, 0, 0), 0.75, 1.0)
    a.add(("play", 1, 0, 0), 0.25, 0.0)
    b = Calibration()
    b.add(("play", 1, 1, 1), 0.5, 1.0)
    a.merge(b)
    rows = a.rows()
    assert [r.situation for r in rows] == [("play", 1, 0, 0), ("play", 1, 1, 1)]
    first = rows[0]
    assert (first.n, first.reading, first.truth, first.brier) == (2, 0.5, 0.5, 0.0625)
    assert first.bias == 0.0
    (merged,) = a.rows(slice(0, 2))
    assert merged.situation == ("play", 1)
    assert merged.n == 3
    assert merged.bias == pytest.approx(0.5 - 2 / 3)


@pytest.mark.parametrize("bad", [-0.1, 1.5, "0.5", None])
def test_a_reading_outside_zero_to_one_is_refused(bad: object) -> None:
    table = Calibration()
    with pytest.raises(InvalidOption):
        table.add(("play", 1, 0, 0), bad, 0.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidOption):
        table.add(("play", 1, 0, 0), 0.5, bad)  # type: ignore[arg-type]
    assert table.rows() == []


def test_worlds_must_be_a_count() -> None:
    v = tr.get_variant("mineiro")
    m = v.new_match(2, seed=1)
    with pytest.raises(InvalidOption):
        read_chance(v, m.observation(m.current_player()), worlds=0)
