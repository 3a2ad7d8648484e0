"""The fields of a contest and the bookkeeping its parts share (see :mod:`truco_rules.hand`).

A :class:`~truco_rules.hand.Hand` is put together from parts, one module each: trick play
(:mod:`~truco_rules.hand_tricks`), the main bet ladder (:mod:`~truco_rules.hand_ladder`), the
side bets (:mod:`~truco_rules.hand_side`, envido and flor among them), and the special hands
(:mod:`~truco_rules.hand_special`). Each part sets up its own fields
and owns the transitions that change them; :class:`HandFields` declares every field (one
``__slots__`` for speed) and the services all parts use: the phase constants, whose turn
comes next on a side, the scores so far, and crediting points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import PLAYS, Action
from .cards import SPANISH, Card, Notation
from .context import HandContext
from .options import ask

if TYPE_CHECKING:
    from .bet_table import BetTable
    from .hooks import BetLadder, TrickRule
    from .scoring import MatchRule
    from .side_bet import SideBet
    from .variant import Variant

__all__ = ["PHASES", "HandFields"]

PLAY, TRUCO, ENVIDO, DECLARE, FLOR, OVER, DECIDE, SIDE = range(8)
PHASES = (
    "play",
    "answer-call",
    "answer-envido",
    "declare-envido",
    "answer-flor",
    "over",
    "decide-hand",
    "answer-side-bet",
)


_MAZO = Action.call(A.MAZO)
_ACCEPT_HAND = Action.call(A.ACCEPT_HAND)
_DECLINE_HAND = Action.call(A.DECLINE_HAND)
_ENVIDO_ACTS = {v: Action.call(v) for v in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)}


RULE_FLAGS = ("calls_any_time", "caps_raises", "play_table")
"""Fields that cache what a variant's decision methods say (read on every action) and its
play actions shown in its deck's notation, set by :func:`rule_flags` when a contest starts;
they are not part of the state."""
_FLAGS: dict[int, tuple[Variant, tuple[Any, ...]]] = {}


def play_table(notation: Notation) -> tuple[Action, ...]:
    """The shared ``play`` actions (:data:`~truco_rules.actions.PLAYS`) shown in
    ``notation``."""
    if notation.name == SPANISH.name:
        return PLAYS
    return tuple(a.in_notation(notation) for a in PLAYS)


def rule_flags(variant: Variant) -> tuple[Any, ...]:
    """The :data:`RULE_FLAGS` of ``variant``, asked of its hooks once per variant object."""
    hit = _FLAGS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    ld = variant.ladder
    flags = (ld.calls_any_time(), ld.caps_raises(), play_table(variant.deck.notation))
    if len(_FLAGS) > 256:
        _FLAGS.clear()
    _FLAGS[id(variant)] = (variant, flags)
    return flags


class HandFields:
    """Every field of a contest, and the services its parts share."""

    __slots__ = (
        "_legal",
        "bets",
        "blind",
        "bt",
        "call",
        "call_caller",
        "call_refused",
        "call_responder",
        "calls_any_time",
        "caps_raises",
        "cards",
        "dealt",
        "deciders",
        "double",
        "end_reason",
        "fixed_value",
        "folded",
        "hand_winner",
        "ld",
        "level",
        "log",
        "mano_team",
        "mr",
        "order",
        "phase",
        "play_table",
        "played_first",
        "plays",
        "points",
        "pos",
        "pts_end",
        "pts_now",
        "raise_team",
        "results",
        "revealed",
        "scores",
        "side_bets",
        "side_scan",
        "side_state",
        "side_waiting",
        "special",
        "special_team",
        "strength",
        "team",
        "to_play",
        "tr",
        "trick_no",
        "trick_plays",
        "turn",
        "turned",
        "under",
        "variant",
    )

    _legal: list[Action] | None
    calls_any_time: bool
    caps_raises: bool
    bets: tuple[SideBet[Any], ...]
    blind: bool
    bt: BetTable
    call: int
    call_caller: int
    call_refused: list[int]
    call_responder: int
    cards: list[list[Card]]
    dealt: list[tuple[Card, ...]]
    deciders: list[int]
    double: bool
    end_reason: str
    fixed_value: int
    folded: list[bool]
    hand_winner: int | None
    ld: BetLadder
    level: int
    log: list[tuple[int, Action]]
    mano_team: int
    mr: MatchRule
    order: tuple[int, ...]
    play_table: tuple[Action, ...]
    phase: int
    played_first: list[bool]
    plays: list[tuple[int, int, Card, bool]]
    points: list[tuple[int, int, str]]
    pos: list[int]
    pts_end: list[int]
    pts_now: list[int]
    raise_team: int | None
    results: list[int]
    revealed: list[tuple[int, Card]]
    scores: tuple[int, ...]
    side_bets: tuple[SideBet[Any], ...]
    side_scan: bool
    side_state: list[Hashable]
    side_waiting: int
    special: str
    special_team: int
    strength: Sequence[int]
    team: tuple[int, ...]
    to_play: list[int]
    tr: TrickRule
    trick_no: int
    trick_plays: list[tuple[int, Card, bool]]
    turn: int
    turned: Card | None
    under: list[Card | None]
    variant: Variant

    # -- services the parts share --------------------------------------------------------
    def context(self, seat: int) -> HandContext:
        """What the value hooks (envido, flor) know of ``seat``'s deal."""
        return HandContext(self.turned, len(self.team), seat, self.scores)

    def bet_state(self, name: str) -> Hashable | None:
        """The state of the side bet called ``name`` (``None``: the contest has none)."""
        i = self.bt.by_name.get(name)
        if i is None or i >= len(self.side_state):
            return None
        return self.side_state[i]

    @property
    def phase_name(self) -> str:
        """The phase of the contest, one of :data:`PHASES`."""
        return PHASES[self.phase]

    def next_of_side(self, after: int, side: int) -> int:
        """The first seat of ``side`` after ``after`` in play order that has not folded."""
        order = self.order
        n = len(order)
        start = self.pos[after]
        for i in range(1, n + 1):
            s = order[(start + i) % n]
            if self.team[s] == side and not self.folded[s]:
                return s
        return -1

    def live(self, side: int) -> list[int]:
        """The seats of ``side`` that have not folded, in play order."""
        return [s for s in self.order if self.team[s] == side and not self.folded[s]]

    def scores_now(self) -> tuple[int, int]:
        """The two sides' match scores with the points credited so far in the contest."""
        return (self.scores[0] + self.pts_now[0], self.scores[1] + self.pts_now[1])

    def _credit(self, team: int, pts: int, reason: str) -> None:
        if pts <= 0 or self.end_reason:
            return
        self.points.append((team, pts, reason))
        if ask(self.mr, "credits_at_once"):
            self.pts_now[team] += pts
            if self.scores[team] + self.pts_now[team] >= self.mr.target:
                self.end_reason = "target"
                self.hand_winner = None
        else:
            self.pts_end[team] += pts

    def _finish(self, reason: str, team: int | None, pts: int) -> None:
        """End the contest (the hand loop settles what is still open first)."""
        raise NotImplementedError

    def _award(self, team: int) -> int:
        """What winning the hand now gives ``team`` (the ladder part knows)."""
        raise NotImplementedError
