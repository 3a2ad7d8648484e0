"""The 95% intervals of a run's figures (``truco_rules.runs.intervals``): a mean's interval
is Student's t interval, which the normal one undercuts for few samples, and never reaches
below the least value its samples can take."""

from __future__ import annotations

import itertools
import math

import pytest

import truco_rules as tr
from truco_rules.runs.intervals import Z95, mean_interval, t95
from truco_rules.runs.simulate import simulate


@pytest.mark.parametrize(
    ("df", "exact"),
    [
        (1, 12.7062),
        (2, 4.3027),
        (10, 2.2281),
        (30, 2.0423),
        (31, 2.0395),
        (60, 2.0003),
        (120, 1.9799),
        (1000, 1.9623),
    ],
)
def test_t95_is_students_quantile(df: int, exact: float) -> None:
    assert t95(df) == pytest.approx(exact, abs=1e-4)


def test_t95_falls_to_the_normal_quantile() -> None:
    values = [t95(df) for df in range(1, 2000)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert t95(10**9) == pytest.approx(Z95, abs=1e-8)


def test_two_samples_give_the_t_interval_clipped_at_the_floor() -> None:
    """Two matches of 1 and 6 hands: the normal interval was 3.50 [-1.40, 8.40], below any
    count of hands; t with one degree of freedom is far wider, and the floor holds."""
    total, squares = 1 + 6, 1 + 36
    plain = mean_interval(total, squares, 2)
    half = 12.7062 * math.sqrt(12.5 / 2)
    assert plain.value == 3.5
    assert plain.low == pytest.approx(3.5 - half, abs=1e-3)
    assert plain.high == pytest.approx(3.5 + half, abs=1e-3)
    floored = mean_interval(total, squares, 2, floor=1)
    assert floored.low == 1 and floored.high == plain.high


def test_a_floor_must_be_a_finite_number() -> None:
    with pytest.raises(tr.InvalidType):
        mean_interval(1.0, 1.0, 2, floor="0")  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError):
        mean_interval(1.0, 1.0, 2, floor=math.nan)


def test_a_short_runs_intervals_stay_where_the_figures_can_be() -> None:
    for seed in range(6):
        report = simulate(tr.get_variant("argentine"), 2, seed, 2)
        for figure, least in (
            (report.length_estimate, 1),
            (report.points_estimate, 0),
            (report.stake_estimate, 1),
        ):
            assert figure.low >= least and figure.low <= figure.value <= figure.high
