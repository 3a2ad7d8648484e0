"""Random (or agent) playouts and their statistics, optionally fanned out over an executor.

Work is split by explicit per-match seeds: match ``i`` of a run with seed ``S`` is dealt with
seed ``S * 1_000_003 + i`` and played by agents seeded from it, so the report is identical
whatever executor runs it (in-process, a ``ProcessPoolExecutor``, or a Dask client's
``get_executor(pure=False)``) and however the work is chunked.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor
from typing import Any, Protocol

import attrs

from .actions import Action
from .match import Match
from .variant import Variant, get_variant, variant_names

__all__ = ["Agent", "RandomAgent", "SimulationReport", "play_match", "simulate"]


class Agent(Protocol):
    """Chooses an action for the seat to act."""

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """One of ``legal``."""
        ...


@attrs.define
class RandomAgent:
    """Picks a legal action uniformly at random from its own seeded generator."""

    rng: random.Random

    def choose(self, match: Match, legal: list[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


@attrs.frozen
class SimulationReport:
    """Totals of a simulation run; derived figures are properties."""

    matches: int = 0
    actions: int = 0
    hands: int = 0
    points: int = 0
    decided_hands: int = 0
    """Hands whose tricks were decided (not stopped by a refusal, the deck or the target)."""
    mano_wins: int = 0
    """Of the decided hands, those the mano's side won."""
    wins: tuple[int, int] = (0, 0)
    seconds: float = 0.0
    seat_wins: tuple[int, ...] = ()
    """With individual scores (gallo por turno): matches won by each seat; else empty."""

    def merge(self, other: SimulationReport) -> SimulationReport:
        """The sum of two reports (seconds add: CPU time, not wall time)."""
        return SimulationReport(
            self.matches + other.matches,
            self.actions + other.actions,
            self.hands + other.hands,
            self.points + other.points,
            self.decided_hands + other.decided_hands,
            self.mano_wins + other.mano_wins,
            (self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]),
            self.seconds + other.seconds,
            _add(self.seat_wins, other.seat_wins),
        )

    @property
    def hands_per_match(self) -> float:
        return self.hands / self.matches if self.matches else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def mano_win_rate(self) -> float:
        """Share of trick-decided hands won by the mano's side."""
        return self.mano_wins / self.decided_hands if self.decided_hands else 0.0

    def summary(self, wall_seconds: float | None = None) -> str:
        """A few lines for a terminal."""
        secs = wall_seconds if wall_seconds is not None else self.seconds
        rate = self.matches / secs if secs > 0 else 0.0
        arate = self.actions / secs if secs > 0 else 0.0
        return "\n".join(
            [
                f"matches            {self.matches}",
                f"matches/s          {rate:,.1f}",
                f"actions/s          {arate:,.0f}",
                f"hands per match    {self.hands_per_match:.2f}",
                f"points per hand    {self.points_per_hand:.3f}",
                f"mano's hand wins   {100 * self.mano_win_rate:.1f}% "
                f"of {self.decided_hands} hands decided by tricks",
                (
                    "match wins         "
                    + ", ".join(f"seat {s}: {n}" for s, n in enumerate(self.seat_wins))
                    if self.seat_wins
                    else f"match wins         side 0: {self.wins[0]}, side 1: {self.wins[1]}"
                ),
            ]
        )


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if not a or not b:
        return a or b
    return tuple(x + y for x, y in zip(a, b, strict=True))


def match_seed(seed: int, index: int) -> int:
    """The deal seed of match ``index`` in a run seeded ``seed``."""
    return seed * 1_000_003 + index


def play_match(
    variant: Variant,
    seats: int,
    seed: int,
    agents: Mapping[int, Agent] | None = None,
    max_actions: int = 100_000,
) -> Match:
    """Play one match dealt from ``seed``; seats without an agent play at random."""
    m = variant.new_match(seats, seed=seed)
    rng = random.Random(f"agents/{seed}")
    default = RandomAgent(rng)
    chosen = agents or {}
    apply = m.apply
    legal = m.legal_actions
    for _ in range(max_actions):
        if m.winner_team is not None:
            return m
        seat = m.current_player()
        acts = legal()
        apply(chosen.get(seat, default).choose(m, acts))
    raise RuntimeError(f"match with seed {seed} did not end within {max_actions} actions")


def _run_chunk(args: tuple[Variant | str, dict[str, Any], int, int, int, int]) -> SimulationReport:
    vspec, options, seats, seed, start, count = args
    variant = get_variant(vspec, options)
    t0 = time.perf_counter()
    matches = actions = hands = points = decided = mano_wins = 0
    wins = [0, 0]
    seat_wins = [0] * seats
    individual = False
    for i in range(start, start + count):
        m = play_match(variant, seats, match_seed(seed, i))
        matches += 1
        actions += len(m.actions)
        win = m.winner()
        assert win is not None
        wins[win] += 1
        if m.player_scores is not None:  # partners who reach the target together both win
            individual = True
            for s in m.winning_seats():
                seat_wins[s] += 1
        for h in m.history:
            hands += 1
            points += h.points[0] + h.points[1]
            if h.end_reason == "tricks" and h.winner is not None:
                decided += 1
                if h.winner == h.mano_side:
                    mano_wins += 1
    return SimulationReport(
        matches,
        actions,
        hands,
        points,
        decided,
        mano_wins,
        (wins[0], wins[1]),
        time.perf_counter() - t0,
        tuple(seat_wins) if individual else (),
    )


def _chunks(matches: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, matches, size):
        yield start, min(size, matches - start)


def simulate(
    variant: Variant | str,
    matches: int,
    seed: int = 0,
    seats: int = 2,
    *,
    executor: Executor | None = None,
    chunk: int = 50,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``matches`` random matches and total their statistics.

    ``executor`` (any :class:`concurrent.futures.Executor`) runs the chunks; by default they
    run in this process. ``progress(done, total)`` is called after each chunk.
    """
    v = get_variant(variant)
    v.table.check_seats(seats, v.name)
    # ship a registered variant by name and options (cheap to pickle); any other as an object
    spec: Variant | str = v
    options: dict[str, Any] = {}
    if v.name in variant_names():
        opts = v.non_default_options()
        if get_variant(v.name, opts) == v:
            spec, options = v.name, opts
    tasks = [(spec, options, seats, seed, s, n) for s, n in _chunks(matches, chunk)]
    total = SimulationReport()
    done = 0
    results = map(_run_chunk, tasks) if executor is None else executor.map(_run_chunk, tasks)
    for part in results:
        total = total.merge(part)
        done += part.matches
        if progress is not None:
            progress(done, matches)
    return total
