"""The side-bet protocol: the documented import path of :mod:`truco_rules.rules.side_bet`,
where it lives, and :class:`VerbInUse`, the error a bet declaring a verb already in use
gets as the variant is built."""

from .rules.side_bet import *  # noqa: F403
from .rules.side_bet import __all__ as _protocol
from .rules.side_bet_checks import VerbInUse

__all__ = [*_protocol, "VerbInUse"]
