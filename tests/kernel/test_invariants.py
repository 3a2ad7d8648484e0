"""The invariant catalogue (docs/invariants.md), checked over every registered variant, each of
its seat counts, and drawn option combinations, with the kit's own strategies and checks.

The number of examples per test is a total shared by the (variant, seats) cases, so adding a
variant does not multiply the suite's run time.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco_rules as tr
from truco_rules.testing import (
    TrucoMachine,
    check_cards,
    check_live,
    check_observation_hides,
    check_rejections,
    check_replay,
    check_step,
    check_terminal,
    hand_action_bound,
    hidden_swaps,
    legal_moves,
    matches,
    option_values,
    playouts,
    start_scores,
)

CASES = [(name, n) for name in tr.variant_names() for n in tr.get_variant(name).seat_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]


def examples(total: int, least: int = 4) -> settings:
    """Hypothesis settings giving each case its share of ``total`` examples."""
    return settings(
        max_examples=max(least, total // len(CASES)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(240)
@given(data=st.data())
def test_whole_matches_keep_i1_to_i5(name: str, seats: int, data: st.DataObject) -> None:
    """I1 cards conserved, I2 each contest within its action bound, I3 scores change only by
    awards (RULES §2.8.2) and never decrease within a chico, I4 exactly one winner at the end
    (§2.8.1), I5 live states can move, played by random legal actions of any seat (partners
    answering, out-of-turn calls, §1.5) from drawn options and start scores."""
    v = tr.get_variant(name)
    v = v.with_options(**data.draw(option_values(v), label="options"))
    scores = data.draw(start_scores(v, seats), label="scores")
    m = v.new_match(seats, seed=data.draw(st.integers(0, 2**31 - 1), label="seed"), scores=scores)
    rng = random.Random(data.draw(st.integers(0, 2**31 - 1), label="rng"))
    any_seat = data.draw(st.booleans(), label="any_seat")
    steps = 0
    while not m.is_over():
        check_cards(m)
        moves = legal_moves(m, any_seat)
        assert moves, f"I5: no legal action\n{m.to_json()}"
        seat, act = moves[rng.randrange(len(moves))]
        before = m.copy()
        m.apply(act, seat)
        check_step(before, m)
        steps += 1
        assert steps < 20 * hand_action_bound(v, seats) * v.match.target, "the match never ends"
    check_terminal(m)


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(200)
@given(data=st.data())
def test_i5_every_legal_action_of_every_seat_applies(
    name: str, seats: int, data: st.DataObject
) -> None:
    """I5: in a state reached by a drawn legal sequence, the legal actions are distinct, in a
    fixed order, and each (of every seat) applies to a copy without error."""
    p = data.draw(playouts(name, seats, max_actions=80, scores=True, any_seat=True))
    for state in p.states()[-3:]:
        check_live(state)
        check_cards(state)


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(60, least=3)
@given(data=st.data())
def test_i6_illegal_actions_are_rejected_and_change_nothing(
    name: str, seats: int, data: st.DataObject
) -> None:
    """I6: every action of the vocabulary (every card face up and down, every deal, every
    statement, every verb; those the variant lacks too) that is not legal for the seat to act
    or any given seat raises a TrucoError and leaves the state unchanged."""
    m = data.draw(matches(name, seats, max_actions=80, scores=True, any_seat=True))
    check_rejections(m)
    if m.is_over():
        check_terminal(m)


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(200)
@given(data=st.data())
def test_i7_observations_do_not_depend_on_hidden_cards(
    name: str, seats: int, data: st.DataObject
) -> None:
    """I7: a deal that differs only in cards a seat cannot see (other seats' unplayed cards,
    the undealt deck), keeping every other seat's envido score, the cards proving it and its
    flor score (public through the statements, the proof and the songs, RULES §2.6.5, §2.7,
    §2.11), replays the same actions and gives that seat an equal observation, in this deal
    and the ones before."""
    m = data.draw(matches(name, seats, max_actions=120, scores=True, any_seat=True))
    seat = data.draw(st.integers(0, seats - 1), label="seat")
    swaps = hidden_swaps(m, seat)
    if not swaps:
        return
    chosen = data.draw(st.lists(st.sampled_from(swaps), min_size=1, max_size=4), label="swaps")
    check_observation_hides(m, seat, chosen)


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(200)
@given(data=st.data())
def test_i8_records_and_copies_are_identities(name: str, seats: int, data: st.DataObject) -> None:
    """I8: the JSON and text records replay to equal matches, JSON byte for byte, and copies
    are equal, for seeded matches and for chance-dealt ones."""
    seeded = data.draw(st.booleans(), label="seeded")
    m = data.draw(matches(name, seats, max_actions=150, seeded=seeded, any_seat=True))
    check_replay(m)


@pytest.mark.parametrize("name,seats", CASES, ids=IDS)
@examples(100)
@given(data=st.data())
def test_i8_a_playout_replays_step_by_step(name: str, seats: int, data: st.DataObject) -> None:
    """I8: every prefix of a legal sequence replays to the state it reached."""
    p = data.draw(playouts(name, seats, max_actions=40, any_seat=True))
    states = p.states()
    assert states[0] == p.start and states[-1] == p.final()
    for k in (0, len(states) // 2, len(states) - 1):
        check_replay(states[k])
        assert tr.Match.from_json(states[k].to_json()).actions == list(p.steps[:k])


@pytest.mark.parametrize("name", tr.variant_names())
def test_the_hand_action_bound_is_tight_enough_to_mean_something(name: str) -> None:
    """I2's bound is a bound of a real hand, not a huge number: every finished contest of a
    few hundred random matches stays within it, and the bound is under 20 actions a seat."""
    v = tr.get_variant(name)
    longest = 0
    for seats in v.seat_counts:
        bound = hand_action_bound(v, seats)
        assert bound < 20 * seats
        for seed in range(60):
            m = v.new_match(seats, seed=seed)
            rng = random.Random(seed)
            while not m.is_over():
                moves = legal_moves(m, True)
                seat, act = moves[rng.randrange(len(moves))]
                m.apply(act, seat)
            longest = max([longest, *(h.actions for h in m.history)])
            assert all(h.actions <= bound for h in m.history)
    assert longest > 0


class MachineOverEveryVariant(TrucoMachine):
    """The kit's state machine, drawing variant, seats, options and start scores."""


MachineOverEveryVariant.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestMachineOverEveryVariant = MachineOverEveryVariant.TestCase
