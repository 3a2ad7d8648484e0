"""Whether an agent reads its chances right: its reading set against the cards.

The reader (:mod:`.reader`) bets by ``p``, the chance that its side wins the contest's
tricks, read from worlds sampled for its seat and weighed by its model of the others
(:attr:`~.reader.ReaderAgent.table_model`). Where every card is known, as in a benchmark
that holds the whole match, that reading can be checked: :func:`read_chance` reads it as
the agent does, from the seat's observation only; :func:`true_chance` plays the real
contest out under the same rule (:func:`~.estimate.played_out`: every seat by
:func:`~.estimate.greedy_card`, every call accepted), so the two differ only in the cards
the worlds give the others. :class:`Calibration` gathers such pairs by situation
(:func:`situation`: the phase, the stake, the trick and the seat's place in it): where
the reading is right, the mean of the readings equals the mean of the true outcomes, and
a gap (the *bias*) says that the worlds make the others weaker (above 0) or stronger
(below 0) than they are in that situation.

``tools/reading_calibration.py`` plays the reader against a rival and prints the table;
docs/build-a-bot.md reads it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

import attrs

from ..match import Match
from ..rules.variant import Variant
from ..views.observe import Observation
from .determinize import weighted_worlds
from .estimate import played_out, trick_chance
from .seat_agent import setting_int, setting_number
from .worlds import Likelihood

__all__ = ["Calibration", "CalibrationRow", "Situation", "read_chance", "situation", "true_chance"]

Situation = tuple[str, int, int, int]
"""(phase, stake in force, trick from 0, cards already on the table in that trick)."""
_K = TypeVar("_K", bound=tuple[str | int, ...])


def read_chance(
    variant: Variant,
    obs: Observation,
    model: Likelihood | None = None,
    worlds: int = 64,
    seed: int = 0,
) -> float | None:
    """The chance that the side of ``obs``'s seat wins the contest's tricks, read from
    ``worlds`` worlds sampled for the seat and weighed by ``model`` (the others' choices;
    ``None``: the rule of thumb of :mod:`.rollout`), each played out by
    :func:`~.estimate.played_out`. The worlds are drawn from a generator of their own
    (``seed``), so reading leaves an agent's own draws, and its later decisions, as they
    were. ``None`` where no world can be rebuilt (see
    :func:`~.determinize.searchable`)."""
    worlds = setting_int("worlds", worlds, 1, 10**5)
    rng = random.Random(f"truco-rules/calibration/{seed}")
    found = weighted_worlds(variant, obs, rng, worlds, model, fit_plays=model is None)
    sampled = [(m.hand, weight) for m, weight in found if m.hand is not None]
    if not sampled:
        return None
    return trick_chance(sampled, obs.team)


def true_chance(match: Match) -> float | None:
    """1 if the side of the seat to act wins the contest in play when the real cards are
    played out by :func:`~.estimate.played_out`, 0.5 if nobody does, else 0; ``None``
    between contests. The match is not changed."""
    hand = match.hand
    if hand is None or match.is_over():
        return None
    return played_out(hand, match.team[match.current_player()])


def situation(obs: Observation) -> Situation:
    """Where ``obs``'s seat decides: its phase, the stake in force, the trick (from 0) and
    how many cards lie on the table in that trick."""
    trick = len(obs.current.tricks)
    placed = sum(1 for played in obs.current.table if played.trick == trick)
    return (obs.phase, obs.stake, trick, placed)


@attrs.frozen
class CalibrationRow:
    """The readings gathered in one situation: how many, their mean, the mean true
    outcome, the bias (the first less the second) and the Brier score (the mean squared
    gap between a reading and its outcome)."""

    situation: tuple[str | int, ...]
    """The situation (:func:`situation`), or the part of it the rows were merged by."""
    n: int
    reading: float
    truth: float
    brier: float

    @property
    def bias(self) -> float:
        """The mean reading less the mean true outcome."""
        return self.reading - self.truth


@attrs.define
class Calibration:
    """Readings and true outcomes gathered by situation (see the module)."""

    _sums: dict[Situation, list[float]] = attrs.field(factory=dict)

    def add(self, where: Situation, reading: float, truth: float) -> None:
        """Count one reading and the true outcome of the same decision."""
        for name, value in (("reading", reading), ("truth", truth)):
            setting_number(name, value, 0.0, 1.0, "a number from 0 to 1")
        _add_to(self._sums, where, (1.0, reading, truth, (reading - truth) ** 2))

    def merge(self, other: Calibration) -> None:
        """Add every count of ``other`` (gathered in another process, say) to this one."""
        for where, theirs in other._sums.items():
            _add_to(self._sums, where, theirs)

    def rows(self, key: slice = slice(None)) -> list[CalibrationRow]:
        """One row a situation, in order; with ``key`` (a slice of the situation tuple,
        e.g. ``slice(0, 2)`` for the phase and stake), the situations that share it
        merged into one row."""
        merged: dict[tuple[str | int, ...], list[float]] = {}
        for where, sums in self._sums.items():
            parts: tuple[str | int, ...] = where
            _add_to(merged, parts[key], sums)
        return [
            CalibrationRow(where, int(n), read / n, truth / n, squares / n)
            for where, (n, read, truth, squares) in sorted(merged.items())
        ]


def _add_to(table: dict[_K, list[float]], where: _K, values: Sequence[float]) -> None:
    """Add ``values`` (count, readings, outcomes, squared gaps) to ``where``'s sums."""
    sums = table.setdefault(where, [0.0, 0.0, 0.0, 0.0])
    for i, value in enumerate(values):
        sums[i] += value
