"""Playouts by pluggable agents and their statistics, fanned out over any executor.

Work is split by explicit per-match seeds: match ``i`` of a run with seed ``S`` is dealt with
seed ``S * 1_000_003 + i`` and played by agents seeded from it (see
:func:`truco_rules.runs.policy.seat_chooser`), so the report is identical whatever executor runs it
(in-process, a ``ProcessPoolExecutor``, or a Dask client's ``get_executor()``) and however the
work is chunked. Agents: see :mod:`truco_rules.runs.policy` (random by default).

Every figure comes with a 95% interval: points per hand, the stake a hand reached, the mano's
share of the hands decided by tricks, match length, and how often envido and flor decided a
match.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from ..core.arguments import MAX_RUN, in_range, integer, run_size
from ..core.errors import MatchNotOver, shown
from ..game.dealing import MAX_SEED
from ..match import HandSummary, Match
from ..rules.registry import get_variant
from ..rules.variant import Variant
from .fanout import (
    VariantSpec,
    chunks,
    counting,
    counts_problem,
    resolve_variant,
    run_tasks,
    variant_spec,
)
from .intervals import Estimate, mean_interval, share_interval
from .policy import (
    Agent,
    AgentSpec,
    RandomAgent,
    agent_for,
    agent_label,
    check_agents,
    check_pickles,
    seat_chooser,
)

__all__ = [
    "Agent",
    "RandomAgent",
    "SimulationReport",
    "match_seed",
    "play_match",
    "side_bets_decided",
    "simulate",
]

_SIDE_BET_REASONS = ("envido", "flor")


def _is_side_bet(reason: str) -> bool:
    return any(word in reason for word in _SIDE_BET_REASONS)


@attrs.frozen
class SimulationReport:
    """Totals of a simulation run; derived figures (with 95% intervals) are properties."""

    matches: int = 0
    actions: int = 0
    hands: int = 0
    points: int = 0
    decided_hands: int = 0
    """Hands whose tricks were decided (not stopped by a refusal, the deck or the target)."""
    mano_wins: int = 0
    """Of the decided hands, those the mano's side won."""
    wins: tuple[int, int] = (0, 0)
    seconds: float = attrs.field(default=0.0, eq=False)
    """Time spent playing, summed over the tasks (CPU time, not wall time); not compared."""
    seat_wins: tuple[int, ...] = ()
    """With individual scores (gallo por turno): matches won by each seat; else empty."""
    points_sq: int = 0
    """Sum over hands of the square of the hand's points (for the interval)."""
    stakes: int = 0
    """Hands that ended with a main-bet award (won tricks, a refusal, the deck)."""
    stake_sum: int = 0
    stake_sq: int = 0
    hands_sq: int = 0
    """Sum over matches of the square of the match's hand count."""
    side_bet_matches: int = 0
    """Matches that envido and flor decided (see :func:`side_bets_decided`)."""
    agents: tuple[str, ...] = ()

    def merge(self, other: SimulationReport) -> SimulationReport:
        """The sum of two reports of the same run."""

        def add(a: Any, b: Any) -> Any:
            if isinstance(a, tuple):
                return _add(a, b)
            return a + b

        summed = {
            f.name: add(getattr(self, f.name), getattr(other, f.name))
            for f in attrs.fields(SimulationReport)
            if f.name != "agents"
        }
        return SimulationReport(**summed, agents=self.agents or other.agents)

    @property
    def hands_per_match(self) -> float:
        """Contests played per match (0.0 with no match)."""
        return self.hands / self.matches if self.matches else 0.0

    @property
    def points_per_hand(self) -> float:
        """Points scored per contest, both sides together (0.0 with no contest)."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def mano_win_rate(self) -> float:
        """Share of trick-decided hands won by the mano's side."""
        return self.mano_wins / self.decided_hands if self.decided_hands else 0.0

    @property
    def points_estimate(self) -> Estimate:
        """Points scored per hand (both sides), with its 95% interval."""
        return mean_interval(self.points, self.points_sq, self.hands, floor=0)

    @property
    def stake_estimate(self) -> Estimate:
        """Main-bet points of a hand that ended with a main-bet award."""
        return mean_interval(self.stake_sum, self.stake_sq, self.stakes, floor=1)

    @property
    def mano_estimate(self) -> Estimate:
        """The mano's side's share of the hands decided by tricks."""
        return share_interval(self.mano_wins, self.decided_hands)

    @property
    def length_estimate(self) -> Estimate:
        """Hands per match."""
        return mean_interval(self.hands, self.hands_sq, self.matches, floor=1)

    @property
    def side_bets_estimate(self) -> Estimate:
        """Share of matches that envido and flor decided."""
        return share_interval(self.side_bet_matches, self.matches)

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
                f"hands per match    {self.length_estimate.plain(2)}",
                f"points per hand    {self.points_estimate.plain(3)}",
                f"stake reached      {self.stake_estimate.plain(3)} "
                f"(main-bet points of {self.stakes} hands)",
                f"mano's hand wins   {self.mano_estimate.percent()} "
                f"of {self.decided_hands} hands decided by tricks",
                f"side bets decide   {self.side_bets_estimate.percent()} of matches",
                (
                    "match wins         "
                    + ", ".join(f"seat {s}: {n}" for s, n in enumerate(self.seat_wins))
                    if self.seat_wins
                    else f"match wins         side 0: {self.wins[0]}, side 1: {self.wins[1]}"
                ),
                "95% intervals in brackets",
            ]
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON."""
        return {
            "matches": self.matches,
            "hands": self.hands,
            "agents": list(self.agents),
            "wins": list(self.wins),
            "seat_wins": list(self.seat_wins),
            "hands_per_match": self.length_estimate.to_dict(),
            "points_per_hand": self.points_estimate.to_dict(),
            "stake": self.stake_estimate.to_dict(),
            "mano_hand_wins": self.mano_estimate.to_dict(),
            "side_bets_decide": self.side_bets_estimate.to_dict(),
        }


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if not a or not b:
        return a or b
    return tuple(x + y for x, y in zip(a, b, strict=True))


_SEED_STRIDE = 1_000_003


def match_seed(seed: int, index: int) -> int:
    """The deal seed of match ``index`` in a run seeded ``seed``."""
    return seed * _SEED_STRIDE + index


def play_match(
    variant: Variant,
    seats: int,
    seed: int,
    agents: Mapping[int, AgentSpec] | Sequence[AgentSpec] | None = None,
    max_actions: int = 100_000,
) -> Match:
    """Play one match dealt from ``seed``. ``agents``: per seat (a mapping), or a sequence
    that seat ``i`` takes element ``i mod len`` of (so ``["simple", "random"]`` sets the sides
    against each other); seats without one play at random."""
    variant = get_variant(variant)
    seed = integer(seed, "seed")  # unseeded, chance would be asked of an agent
    seats = integer(seats, "seats")  # before the agents are checked against it
    variant.table.check_seats(seats, variant.name)
    check_agents(agents, seats)
    max_actions = in_range(max_actions, "max_actions", 1, MAX_RUN)
    m: Match = variant.new_match(seats, seed=seed)
    shared = random.Random(f"agents/{seed}")
    choosers = [seat_chooser(agent_for(agents, s), seed, s, shared) for s in range(seats)]
    apply = m.apply
    legal = m.legal_actions
    for _ in range(max_actions):
        if m.winner_team is not None:
            return m
        seat = m.current_player()
        try:
            apply(choosers[seat](m, legal()))
        except Exception as exc:  # the same error, with where it happened (a note: it
            # travels back from a worker process with the exception)
            label = agent_label(agent_for(agents, seat))
            notes = exc.__dict__.setdefault("__notes__", [])  # add_note, Python 3.10 too
            notes.append(
                f"in the match dealt from seed {seed}, action {len(m.actions) + 1}, "
                f"seat {seat}, agent {label}"
            )
            raise
    raise MatchNotOver(f"the match dealt from seed {seed} did not end within {max_actions} actions")


def side_bets_decided(history: Sequence[HandSummary], winner: int) -> bool:
    """Whether envido and flor decided a match won by side ``winner``: without every envido
    and flor point of both sides, the winner would not be ahead on total points."""
    total = [0, 0]
    side = [0, 0]
    for h in history:
        for team, pts, reason in h.events:
            total[team] += pts
            if _is_side_bet(reason):
                side[team] += pts
    loser = 1 - winner
    return total[winner] - side[winner] <= total[loser] - side[loser]


def _run_chunk(
    args: tuple[VariantSpec, Any, int, int, int, int],
) -> SimulationReport:
    vspec, agents, seats, seed, start, count = args
    variant = resolve_variant(vspec)
    t0 = time.perf_counter()
    c = dict.fromkeys(
        ("actions", "hands", "points", "points_sq", "decided", "mano", "stakes", "stake_sum"),
        0,
    )
    c.update(stake_sq=0, hands_sq=0, side=0)
    wins = [0, 0]
    seat_wins = [0] * seats
    individual = False
    for i in range(start, start + count):
        m = play_match(variant, seats, match_seed(seed, i), agents)
        c["actions"] += len(m.actions)
        win = m.winner()
        assert win is not None
        wins[win] += 1
        if m.player_scores is not None:  # partners who reach the target together both win
            individual = True
            for s in m.winning_seats():
                seat_wins[s] += 1
        c["hands_sq"] += len(m.history) ** 2
        c["side"] += side_bets_decided(m.history, win)
        for h in m.history:
            pts = h.points[0] + h.points[1]
            c["hands"] += 1
            c["points"] += pts
            c["points_sq"] += pts * pts
            main = [p for _t, p, why in h.events if not _is_side_bet(why)]
            if main:
                c["stakes"] += 1
                c["stake_sum"] += main[-1]
                c["stake_sq"] += main[-1] ** 2
            if h.end_reason == "tricks" and h.winner is not None:
                c["decided"] += 1
                c["mano"] += h.winner == h.mano_side
    return SimulationReport(
        count,
        c["actions"],
        c["hands"],
        c["points"],
        c["decided"],
        c["mano"],
        (wins[0], wins[1]),
        time.perf_counter() - t0,
        tuple(seat_wins) if individual else (),
        points_sq=c["points_sq"],
        stakes=c["stakes"],
        stake_sum=c["stake_sum"],
        stake_sq=c["stake_sq"],
        hands_sq=c["hands_sq"],
        side_bet_matches=c["side"],
    )


def _inconsistency(part: SimulationReport, seats: int) -> str:
    """What a worker's piece says that cannot be (its counts already checked), or ``""``."""
    n = part.matches
    checks = (
        (part.agents == (), f"agents = {shown(part.agents)}"),
        (len(part.wins) == 2 and max(part.wins) <= n, f"wins = {shown(part.wins)}"),
        (
            part.seat_wins == () or (len(part.seat_wins) == seats and max(part.seat_wins) <= n),
            f"seat_wins = {shown(part.seat_wins)}",
        ),
        (part.mano_wins <= part.decided_hands <= part.hands, "more won hands than hands"),
        (part.stakes <= part.hands and part.side_bet_matches <= n, "more stakes than hands"),
        (n <= part.hands <= part.actions, "fewer hands than matches, or actions than hands"),
    )
    return next((why for ok, why in checks if not ok), "")


def simulate(
    variant: Variant | str,
    matches: int,
    seed: int = 0,
    seats: int = 2,
    *,
    agents: Mapping[int, AgentSpec] | Sequence[AgentSpec] | None = None,
    executor: Executor | None = None,
    chunk: int = 50,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``matches`` matches and total their statistics.

    ``matches`` and ``chunk`` are integers from 1 to :data:`~truco_rules.core.arguments.MAX_RUN`,
    ``seed`` one from 0 (every match seed it makes stays below 2**64); a wrong type raises
    :class:`~truco_rules.core.errors.InvalidType`, a number out of range
    :class:`~truco_rules.core.errors.ParseError`, before any match is played.

    Match ``i`` is dealt from the seed ``seed * 1_000_003 + i`` (:func:`match_seed`): runs
    with other seeds play other matches while they have fewer than 1,000,003 each.

    ``agents`` choose the actions (see :func:`play_match`; default: every seat random).
    ``executor`` (any :class:`concurrent.futures.Executor`) runs the chunks of ``chunk``
    matches; by default they run in this process. Agents sent to a process pool must pickle
    (a name, or a module-level function or object; else
    :class:`~truco_rules.core.errors.InvalidType` before any match). Each match and seat
    plays a copy of an agent object as it was given (:func:`~.policy.seat_chooser`), so the
    report is the same on every executor and chunk size.
    ``progress(done, total)`` is called after each chunk.
    """
    v = get_variant(variant)
    seats = integer(seats, "seats")
    v.table.check_seats(seats, v.name)
    check_agents(agents, seats)
    matches = run_size(matches, "matches", executor, progress)
    chunk = in_range(chunk, "chunk", 1, MAX_RUN)
    # every match seed (seed * 1_000_003 + i) must be a seed a match takes
    seed = in_range(seed, "seed", 0, (MAX_SEED - matches + 1) // _SEED_STRIDE)
    labels = tuple(agent_label(agent_for(agents, s)) for s in range(seats))
    spec = variant_spec(v, executor)
    check_pickles(agents, executor)
    tasks = [(spec, agents, seats, seed, s, n) for s, n in chunks(matches, chunk)]
    tick = counting(progress, matches, lambda part: part.matches)

    total = SimulationReport(agents=labels)

    def problem(task: tuple[Any, ...], part: SimulationReport) -> str:
        return counts_problem(part, "matches", task[5]) or _inconsistency(part, seats)

    for part in run_tasks(_run_chunk, tasks, executor, tick, SimulationReport, problem):
        total = total.merge(part)
    return total
