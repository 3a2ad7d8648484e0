"""The states of the kernel's own side bets, envido and flor: immutable values a contest
keeps for them like any side bet's (see :mod:`truco_rules.rules.side_bet`).

They sit in a module of their own because each of the two bets reads the other's state (a
flor voids the envido, RULES §2.7.4; a flor holder's envido is void, §2.6.1): the bets
(:mod:`~truco_rules.contest.envido_bet`, :mod:`~truco_rules.contest.flor_bet`) import this module,
never
each other.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "ENV_DECLARING",
    "ENV_DONE",
    "ENV_NONE",
    "ENV_PENDING",
    "ENV_VOID",
    "FL_CONTRA",
    "FL_DONE",
    "FL_NONE",
    "FL_RESPOND",
    "FL_RESTO",
    "EnvidoState",
    "FlorState",
]

# envido stages
ENV_NONE, ENV_PENDING, ENV_DECLARING, ENV_DONE, ENV_VOID = range(5)
# flor stages
FL_NONE, FL_RESPOND, FL_CONTRA, FL_RESTO, FL_DONE = range(5)


class EnvidoState(NamedTuple):
    """Where the envido of a contest stands (a named tuple: immutable, hashable, cheap to
    make)."""

    spoken: tuple[bool, ...]
    """Per seat: whether it has stated its score (declared envido)."""
    stage: int = ENV_NONE
    chain: tuple[str, ...] = ()
    """The envido calls made, in order."""
    called: bool = False
    caller: int = -1
    responder: int = -1
    public: tuple[tuple[int, int | None], ...] = ()
    """The scores stated, in order: ``(seat, points)``, ``None`` for "son buenas"."""
    result: tuple[int, int, int | None] | None = None
    """Once settled: ``(seat, points won, score stated)``."""
    best: tuple[int, int] | None = None
    """The best score stated so far: ``(seat, score)``."""
    passed: tuple[int, ...] = ()
    """The seats that passed the answer to the pending call to a partner ('paso')."""


class FlorState(NamedTuple):
    """Where the flores of a contest stand (a named tuple, as :class:`EnvidoState`)."""

    pts: tuple[int | None, ...]
    """Per seat: the flor score of its dealt cards, ``None`` for no flor."""
    undeclared: tuple[bool, ...]
    """Per seat: a flor not yet sung."""
    called: bool = False
    sung: tuple[int, ...] = ()
    """The seats whose flores were sung (and shown), in play order."""
    stage: int = FL_NONE
    first_team: int = -1
    caller_team: int = -1
    caller: int = -1
    singer: int = -1
    responder: int = -1
    resto_over_contra: bool = False
    """A contraflor al resto answered a contraflor."""
    deferred: tuple[tuple[int, int, int], ...] = ()
    """Points waiting for the showing at the end: ``(side, points, holder)``."""
    ends: str = ""
    """The reason the flor ended the contest (an accepted contraflor al resto), or ``""``."""
    owed: int = -1
    """The seat whose flor the contest waits to hear sung before it ends (its opponents
    went to the deck, ``FlorRules.mazo_waits_for_flor``), or -1."""
