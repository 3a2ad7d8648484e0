"""A side's chance of winning the match from the scores alone, read from the rules.

The search of :mod:`.ismcts` values a simulated contest by how it moves the seat's side's
chance of winning the match, so that the same points count for more near the target. The
chance comes from a plain model of the hands still to come, built from the variant's hooks
and nothing learnt: an ordinary hand is a coin toss for the un-bet stake
(``ladder.values[0]``); where the rules make a side's hand special (a hand of 11/10, see
:class:`~truco_rules.rules.special.SpecialHands`), that side sees how good its cards are (a
chance ``q`` of winning the hand, uniform over [0, 1]) and plays only when playing is worth
more than declining; an iron hand (both sides that close) is a coin toss for the match.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from ..rules.variant import Variant

__all__ = ["MatchOdds", "lacking", "match_odds"]


_EXACT = 120
"""Past this many points lacked by both sides together, a state's chance is read from the
state with the same lead in standard deviations of a coin-toss race and ``_EXACT`` points
lacked in all (interpolated between its neighbours): an exact table of every score pair of
a long target (the option allows 10,000 points) would hold a hundred million entries."""


class MatchOdds:
    """``chance(need, other)``: the chance that a side lacking ``need`` points wins the
    match against a side lacking ``other`` points, under the model of the module.

    The model is solved exactly, without recursion, while the sides lack at most ``_EXACT``
    points together; farther from the target the hands to come are mostly coin tosses, and
    the chance is read from the exact table at the same lead measured in standard
    deviations of such a race (continuous, monotonic in both arguments, and
    ``chance(a, b) + chance(b, a) == 1`` still)."""

    __slots__ = ("_memo", "decline", "lacking", "play", "unit")

    def __init__(self, variant: Variant) -> None:
        self.unit = max(1, variant.ladder.values[0])
        special = variant.special
        self.lacking = 0 if special is None else special.lacking
        self.decline = 1 if special is None else max(1, special.decline_value)
        self.play = 1 if special is None else max(1, special.play_value)
        self._memo: dict[tuple[int, int], float] = {}

    def chance(self, need: int, other: int) -> float:
        """The chance of winning the match (1 if ``need`` is 0 or less, else 0 if
        ``other`` is)."""
        if need <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        total = need + other
        if total <= _EXACT:
            return self._exact(need, other)
        # the same lead in standard deviations, with _EXACT points lacked in all
        lead = (other - need) * math.sqrt(_EXACT / total)
        x = min(float(_EXACT - 1), max(1.0, (_EXACT - lead) / 2))
        low = math.floor(x)
        p = self._exact(low, _EXACT - low)
        if x == low:
            return p
        q = self._exact(low + 1, _EXACT - low - 1)
        return p + (q - p) * (x - low)

    def _value(self, need: int, other: int) -> float | None:
        """A state's chance if known (the match decided, or solved already), else None."""
        if need <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        return self._memo.get((need, other))

    def _exact(self, need: int, other: int) -> float:
        """The model solved exactly, depth first with a stack of its own (a long target
        must not exhaust Python's recursion limit)."""
        memo = self._memo
        found = memo.get((need, other))
        if found is not None:
            return found
        stack = [(need, other)]
        while stack:
            n, o = stack[-1]
            if (n, o) in memo:
                stack.pop()
                continue
            deps = self._needs(n, o)
            missing = [d for d in deps if self._value(*d) is None]
            if missing:
                stack.extend(missing)
                continue
            memo[(n, o)] = self._solve(n, o)
            stack.pop()
        return memo[(need, other)]

    def _needs(self, need: int, other: int) -> tuple[tuple[int, int], ...]:
        """The states the chance of ``(need, other)`` is computed from."""
        near, far = need <= self.lacking, other <= self.lacking
        if near and far:
            return ()
        if near:
            return self._special_needs(need, other)
        if far:
            return self._special_needs(other, need)
        u = self.unit
        return ((need - u, other), (need, other - u))

    def _special_needs(self, need: int, other: int) -> tuple[tuple[int, int], ...]:
        return (
            (need - self.play, other),
            (need, other - self.play),
            (need, other - self.decline),
        )

    def _get(self, need: int, other: int) -> float:
        value = self._value(need, other)
        assert value is not None
        return value

    def _solve(self, need: int, other: int) -> float:
        near, far = need <= self.lacking, other <= self.lacking
        if near and far:
            return 0.5  # an iron hand: it decides the match
        if near:
            return self._special(need, other)
        if far:
            return 1.0 - self._special(other, need)
        u = self.unit
        return 0.5 * (self._get(need - u, other) + self._get(need, other - u))

    def _special(self, need: int, other: int) -> float:
        """The chance of the side whose hand is special: it plays with a chance ``q`` of
        winning the hand when ``q`` is above the break-even point, else declines."""
        win = self._get(need - self.play, other)
        lose = self._get(need, other - self.play)
        decline = self._get(need, other - self.decline)
        if win <= lose:
            return decline
        t = min(1.0, max(0.0, (decline - lose) / (win - lose)))
        return t * decline + (1 - t) * lose + (win - lose) * (1 - t * t) / 2


@functools.lru_cache(maxsize=32)
def match_odds(variant: Variant) -> MatchOdds:
    """The :class:`MatchOdds` of ``variant``, built once per process (a variant is
    immutable; the table fills as it is read)."""
    return MatchOdds(variant)


def lacking(
    target: int,
    seat: int,
    sides: Sequence[int],
    scores: Sequence[int],
    player_scores: Sequence[int] | None,
    mine: int,
    theirs: int,
) -> tuple[int, int]:
    """What ``seat`` and its nearest rival lack of ``target`` once ``seat``'s side scores
    ``mine`` more points and the other side ``theirs``: the two sides' scores, or, where
    each player keeps his own score (``player_scores``), the seat's own score against the
    best of every other player's (a partner of the deal is a rival of the match; he scores
    what the seat's side scores)."""
    side = sides[seat]
    if not player_scores:
        return target - scores[side] - mine, target - scores[1 - side] - theirs
    other = min(
        target - v - (mine if sides[s] == side else theirs)
        for s, v in enumerate(player_scores)
        if s != seat
    )
    return target - player_scores[seat] - mine, other
