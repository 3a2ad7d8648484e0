"""Who takes a trick, and whether the cards still to be played can change a hand's winner.

Pure functions of strengths and seats, shared by :class:`~truco_rules.contest.hand.Hand` (which
plays
tricks) and its ``end_when_certain`` check (RULES §1.3-§1.4; issue 13: the hand ends the
moment its winner is certain).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.options import ask
from .trick_rule import MANO, OTHER, TrickRule

__all__ = ["TIED", "certain_outcome", "trick_result"]

TIED = -1
"""A trick result: nobody took it."""

SEARCH_BUDGET = 4000
"""The most positions :func:`certain_outcome` visits before it answers "not certain"."""


def trick_result(
    plays: Sequence[tuple[int, int]],
    team: Sequence[int],
    mano_team: int,
    tie_next_leader: str,
) -> tuple[int, int]:
    """The result of a trick and who leads the next one.

    ``plays`` are ``(seat, strength)`` in the order played (a face-down card has strength 0).
    The result is ``MANO`` (0) if the mano's side took the trick, ``OTHER`` (1) if the other
    side did, :data:`TIED` if both sides played the top strength (RULES §1.3). The next leader
    is the seat of the earliest top card, or after a tie the player who led the tied trick
    (``tie_next_leader='previous_leader'``) or the earliest top card.
    """
    top = -1
    for _s, v in plays:
        if v > top:
            top = v
    first_top = -1
    tied = False
    for s, v in plays:
        if v == top:
            if first_top < 0:
                first_top = s
            elif team[s] != team[first_top]:
                tied = True
    if tied:
        led = plays[0][0]
        if tie_next_leader == "previous_leader":
            return TIED, led
        if tie_next_leader == "earliest_top_card":
            return TIED, first_top
        raise ValueError(
            f"tie_next_leader {tie_next_leader!r}: previous_leader or earliest_top_card"
        )
    return (MANO if team[first_top] == mano_team else OTHER), first_top


class _Stop(Exception):
    """The search found two outcomes, or ran out of budget."""


def certain_outcome(
    rule: TrickRule,
    results: Sequence[int],
    plays: Sequence[tuple[int, int]],
    to_play: Sequence[int],
    held: dict[int, tuple[int, ...]],
    order: Sequence[int],
    team: Sequence[int],
    mano_team: int,
) -> int | None:
    """The hand's outcome (``MANO``, ``OTHER`` or ``NOBODY``) if every way of playing the
    remaining cards gives the same one, else ``None``.

    ``results`` are the finished tricks, ``plays`` the current trick so far as
    ``(seat, strength)``, ``to_play`` the seats still to play in it, ``held`` the strengths of
    the cards each live seat holds (a seat not in it has left the hand), ``order`` all the
    contest's seats in play order. A card may be played face down (strength 0) where ``rule``
    allows it. The search stops early at the second outcome found; past
    :data:`SEARCH_BUDGET` positions it answers ``None``, so the check is cheap and never ends
    a hand wrongly.
    """
    found: set[int] = set()
    visited = [0]

    def play(
        results: tuple[int, ...],
        plays: tuple[tuple[int, int], ...],
        to_play: tuple[int, ...],
        held: dict[int, tuple[int, ...]],
    ) -> None:
        visited[0] += 1
        if visited[0] > SEARCH_BUDGET:
            raise _Stop
        if not to_play:
            res, leader = trick_result(plays, team, mano_team, ask(rule, "tie_leader"))
            done = (*results, res)
            outcome = rule.decide(done)
            if outcome is not None:
                found.add(outcome)
                if len(found) > 1:
                    raise _Stop
                return
            start, n = order.index(leader), len(order)  # the leader may have left since
            nxt = tuple(order[(start + i) % n] for i in range(n) if order[(start + i) % n] in held)
            play(done, (), nxt, held)
            return
        s = to_play[0]
        cards = held[s]
        down = rule.facedown_ok(len(results), results) and not (
            rule.facedown_one_per_side  # one face-down card per side and trick
            and any(x == 0 and team[p] == team[s] for p, x in plays)
        )
        for i, v in enumerate(cards):
            if i and v == cards[i - 1]:
                continue  # equal strengths: the same position
            rest = dict(held)
            rest[s] = cards[:i] + cards[i + 1 :]
            play(results, (*plays, (s, v)), to_play[1:], rest)
            if down and v > 0:
                play(results, (*plays, (s, 0)), to_play[1:], rest)

    sorted_held = {s: tuple(sorted(h, reverse=True)) for s, h in held.items()}
    try:
        play(tuple(results), tuple(plays), tuple(to_play), sorted_held)
    except _Stop:
        return None
    return found.pop() if len(found) == 1 else None
