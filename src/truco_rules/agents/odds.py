"""A side's chance of winning the match from the scores alone, read from the rules.

The search of :mod:`.ismcts` values a simulated contest by how it moves the seat's side's
chance of winning the match, so that the same points count for more near the target. The
chance comes from a plain model of the hands still to come, built from the variant's hooks
and nothing learnt: an ordinary hand is a coin toss for the un-bet stake
(``ladder.values[0]``); where the rules make a side's hand special (a hand of 11/10, see
:class:`~truco_rules.special.SpecialHands`), that side sees how good its cards are (a
chance ``q`` of winning the hand, uniform over [0, 1]) and plays only when playing is worth
more than declining; an iron hand (both sides that close) is a coin toss for the match.
"""

from __future__ import annotations

import functools

from ..variant import Variant

__all__ = ["MatchOdds"]


class MatchOdds:
    """``chance(need, other)``: the chance that a side lacking ``need`` points wins the
    match against a side lacking ``other`` points, under the model of the module."""

    __slots__ = ("_chance", "decline", "lacking", "play", "unit")

    def __init__(self, variant: Variant) -> None:
        self.unit = max(1, variant.ladder.values[0])
        special = variant.special
        self.lacking = 0 if special is None else special.lacking
        self.decline = 1 if special is None else max(1, special.decline_value)
        self.play = 1 if special is None else max(1, special.play_value)
        self._chance = functools.lru_cache(maxsize=4096)(self._compute)

    def chance(self, need: int, other: int) -> float:
        """The chance of winning the match (1 if ``need`` is 0 or less, else 0 if
        ``other`` is)."""
        if need <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        return float(self._chance(need, other))

    def _compute(self, need: int, other: int) -> float:
        near, far = need <= self.lacking, other <= self.lacking
        if near and far:
            return 0.5  # an iron hand: it decides the match
        if near:
            return self._special(need, other)
        if far:
            return 1.0 - self._special(other, need)
        u = self.unit
        return 0.5 * (self.chance(need - u, other) + self.chance(need, other - u))

    def _special(self, need: int, other: int) -> float:
        """The chance of the side whose hand is special: it plays with a chance ``q`` of
        winning the hand when ``q`` is above the break-even point, else declines."""
        win = self.chance(need - self.play, other)
        lose = self.chance(need, other - self.play)
        decline = self.chance(need, other - self.decline)
        if win <= lose:
            return decline
        t = min(1.0, max(0.0, (decline - lose) / (win - lose)))
        return t * decline + (1 - t) * lose + (win - lose) * (1 - t * t) / 2
