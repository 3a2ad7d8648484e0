"""The side-bet protocol: the documented import path of :mod:`truco_rules.rules.side_bet`,
where it lives."""

from .rules.side_bet import *  # noqa: F403
from .rules.side_bet import __all__ as __all__
