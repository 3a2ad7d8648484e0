"""The fields of a contest and the bookkeeping its parts share (see :mod:`truco_rules.hand`).

A :class:`~truco_rules.hand.Hand` is put together from parts, one module each: trick play
(:mod:`~truco_rules.hand_tricks`), the main bet ladder (:mod:`~truco_rules.hand_ladder`), the
side bets envido (:mod:`~truco_rules.hand_envido`) and flor (:mod:`~truco_rules.hand_flor`),
and the special hands (:mod:`~truco_rules.hand_special`). Each part sets up its own fields
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
    from .hooks import BetLadder, TrickRule
    from .scoring import MatchRule
    from .side_bet import SideBet
    from .sidebets import EnvidoRules, FlorRules
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

# envido states
ENV_NONE, ENV_PENDING, ENV_DECLARING, ENV_DONE, ENV_VOID = range(5)
# flor stages
FL_NONE, FL_RESPOND, FL_CONTRA, FL_RESTO, FL_DONE = range(5)

_QUIERO = Action.call(A.QUIERO)
_NO_QUIERO = Action.call(A.NO_QUIERO)
_MAZO = Action.call(A.MAZO)
_ACCEPT_HAND = Action.call(A.ACCEPT_HAND)
_DECLINE_HAND = Action.call(A.DECLINE_HAND)
_SON_BUENAS = Action.call(A.SON_BUENAS)
_FLOR = Action.call(A.FLOR)
_CONTRAFLOR = Action.call(A.CONTRAFLOR)
_RESTO = Action.call(A.CONTRAFLOR_AL_RESTO)
_CF_QUIERO = Action.call(A.CON_FLOR_QUIERO)
_ACHICO = Action.call(A.CON_FLOR_ME_ACHICO)
_ENVIDO_ACTS = {v: Action.call(v) for v in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)}


RULE_FLAGS = (
    "auto_flor",
    "calls_any_time",
    "caps_raises",
    "pie_only",
    "sing_or_leave",
    "play_table",
)
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
    fl, ld, env = variant.flor, variant.ladder, variant.envido
    flags = (
        fl is not None and fl.sung_automatically(),
        ld.calls_any_time(),
        ld.caps_raises(),
        env is not None and env.pie_only(),
        fl is not None and fl.must_sing_or_leave(),
        play_table(variant.deck.notation),
    )
    if len(_FLAGS) > 256:
        _FLAGS.clear()
    _FLAGS[id(variant)] = (variant, flags)
    return flags


class HandFields:
    """Every field of a contest, and the services its parts share."""

    __slots__ = (
        "_legal",
        "auto_flor",
        "blind",
        "call",
        "call_caller",
        "call_refused",
        "call_responder",
        "calls_any_time",
        "caps_raises",
        "cards",
        "dealt",
        "deciders",
        "decl_best",
        "decl_spoken",
        "double",
        "end_reason",
        "env",
        "env_called",
        "env_caller",
        "env_chain",
        "env_public",
        "env_responder",
        "env_result",
        "env_state",
        "fixed_value",
        "fl",
        "flor_called",
        "flor_caller",
        "flor_caller_team",
        "flor_deferred",
        "flor_first_team",
        "flor_pts",
        "flor_responder",
        "flor_resto_over_contra",
        "flor_singer",
        "flor_stage",
        "flor_sung",
        "flor_undeclared",
        "folded",
        "hand_winner",
        "ld",
        "level",
        "log",
        "mano_team",
        "mr",
        "order",
        "phase",
        "pie_only",
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
        "side_state",
        "side_waiting",
        "sing_or_leave",
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
    auto_flor: bool
    calls_any_time: bool
    caps_raises: bool
    blind: bool
    call: int
    call_caller: int
    call_refused: list[int]
    call_responder: int
    cards: list[list[Card]]
    dealt: list[tuple[Card, ...]]
    deciders: list[int]
    decl_best: tuple[int, int] | None
    decl_spoken: list[bool]
    double: bool
    end_reason: str
    env: EnvidoRules | None
    env_called: bool
    env_caller: int
    env_chain: list[str]
    env_public: list[tuple[int, int | None]]
    env_responder: int
    env_result: tuple[int, int, int | None] | None
    env_state: int
    fixed_value: int
    fl: FlorRules | None
    flor_called: bool
    flor_caller: int
    flor_caller_team: int
    flor_deferred: list[tuple[int, int, int]]
    flor_first_team: int
    flor_pts: list[int | None]
    flor_responder: int
    flor_resto_over_contra: bool
    flor_singer: int
    flor_stage: int
    flor_sung: list[int]
    flor_undeclared: list[bool]
    folded: list[bool]
    hand_winner: int | None
    ld: BetLadder
    level: int
    log: list[tuple[int, Action]]
    mano_team: int
    mr: MatchRule
    order: tuple[int, ...]
    pie_only: bool
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
    side_bets: tuple[SideBet, ...]
    side_state: list[Hashable]
    side_waiting: int
    sing_or_leave: bool
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

    def _next_of_team(
        self, after: int, team: int, need_flor: bool = False, need_unsung_flor: bool = False
    ) -> int:
        """The first seat of ``team`` after ``after`` in play order that has not folded (and
        holds a flor, or an unsung one, if asked)."""
        order = self.order
        n = len(order)
        start = self.pos[after]
        for i in range(1, n + 1):
            s = order[(start + i) % n]
            if self.team[s] == team and not self.folded[s]:
                if need_flor and self.flor_pts[s] is None:
                    continue
                if need_unsung_flor and not self.flor_undeclared[s]:
                    continue
                return s
        return -1

    def _live(self, team: int) -> list[int]:
        return [s for s in self.order if self.team[s] == team and not self.folded[s]]

    def _scores_now(self) -> tuple[int, int]:
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

    def _declare_flor(self, s: int) -> None:
        """Sing ``s``'s flor (the flor part knows; a flor voids the envido, RULES §2.7.4)."""
        raise NotImplementedError

    def _award(self, team: int) -> int:
        """What winning the hand now gives ``team`` (the ladder part knows)."""
        raise NotImplementedError
