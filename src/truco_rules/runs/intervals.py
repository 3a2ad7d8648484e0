"""95% confidence intervals for the figures of a sampled run (a share, a mean)."""

from __future__ import annotations

import math

import attrs

from ..core.arguments import in_range
from ..core.errors import InvalidType, ParseError, shown

__all__ = ["Estimate", "mean_interval", "share_interval", "t95"]

_MOST = 10**18
"""The largest sample size taken (more than any run makes)."""

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@attrs.frozen
class Estimate:
    """A sampled figure and its 95% interval ``[low, high]``."""

    value: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict[str, float | int]:
        """Plain data, for JSON."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def percent(self, digits: int = 1) -> str:
        """``45.3% [44.9, 45.7]`` (a share as a percentage)."""
        f = f".{digits}f"
        return f"{100 * self.value:{f}}% [{100 * self.low:{f}}, {100 * self.high:{f}}]"

    def plain(self, digits: int = 3) -> str:
        """``1.234 [1.200, 1.268]``."""
        f = f".{digits}f"
        return f"{self.value:{f}} [{self.low:{f}}, {self.high:{f}}]"


def share_interval(successes: int, n: int) -> Estimate:
    """The share ``successes / n`` with its Wilson score interval (sound near 0 and 1).

    ``n`` is an int from 0 (no sample: the share is unknown, ``[0, 1]``) and ``successes``
    one from 0 to ``n``: else :class:`~truco_rules.core.errors.InvalidType` or
    :class:`~truco_rules.core.errors.ParseError`."""
    n = in_range(n, "n", 0, _MOST)
    successes = in_range(successes, "successes", 0, n)
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


_T95 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)
"""Student's t quantile for a two-sided 95% interval, by degrees of freedom from 1 to 30."""


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom
    (1 or more): the table to 30, then the Cornish-Fisher expansion about the normal
    quantile (within 1e-5 of the exact value there), which it approaches as ``df`` grows."""
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def mean_interval(total: float, total_sq: float, n: int, *, floor: float | None = None) -> Estimate:
    """The mean of ``n`` samples from their sum and sum of squares, with Student's t interval
    (wider than the normal one for few samples: two matches gave hands per match
    ``3.50 [-1.40, 8.40]`` with the normal one).

    ``floor``: the least value a sample can take, if there is one (a count of hands, points):
    the mean cannot lie below it, so neither does the interval. ``n`` is an int from 0 (no
    sample: ``0 [0, 0]``; one sample shows no spread: its value, ``[value, value]``);
    ``total`` and ``total_sq`` finite numbers, ``total_sq`` not negative: else
    :class:`~truco_rules.core.errors.InvalidType` or
    :class:`~truco_rules.core.errors.ParseError`."""
    n = in_range(n, "n", 0, _MOST)
    _finite(total, "total")
    if _finite(total_sq, "total_sq") < 0:
        raise ParseError(f"total_sq must not be negative, not {shown(total_sq)}")
    if floor is not None:
        _finite(floor, "floor")
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = t95(n - 1) * math.sqrt(var / n) if n > 1 else 0.0
    low = mean - half if floor is None else max(floor, mean - half)
    return Estimate(mean, low, mean + half, n)


def _finite(value: object, argument: str) -> float:
    """``value`` as a finite float, if it is an int or float (not a bool) a float can hold."""
    if type(value) is not int and type(value) is not float:
        raise InvalidType(argument, "a number", value)
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ParseError(f"{argument} must be a finite number, not {shown(value)}")
    return number
