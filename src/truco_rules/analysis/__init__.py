"""Analysis of the rule sets: exact odds by enumeration and the double-dummy value of a deal.

Everything here reads the variants through their public hooks only, so it works for any
registered rule set, a house rule or a third party's variant alike.
"""

from __future__ import annotations

from ..runs.intervals import Estimate, mean_interval, share_interval
from .dd_sampling import DoubleDummyReport, double_dummy_rates
from .double_dummy import DoubleDummy, double_dummy, solver

__all__ = [
    "DoubleDummy",
    "DoubleDummyReport",
    "Estimate",
    "double_dummy",
    "double_dummy_rates",
    "mean_interval",
    "share_interval",
    "solver",
]
