"""The fields of a contest and the bookkeeping its parts share (see
:mod:`truco_rules.contest.hand`).

A :class:`~truco_rules.contest.hand.Hand` is put together from parts, one module each:
trick play (:mod:`~truco_rules.contest.trick_play`), the main bet ladder
(:mod:`~truco_rules.contest.ladder_play`), the side bets
(:mod:`~truco_rules.contest.side_play`, envido and flor among them), and the special hands
(:mod:`~truco_rules.contest.special_play`). Each part sets up its own fields
and owns the transitions that change them; :class:`HandFields` declares every field (one
``__slots__`` for speed) and the services all parts use: the phase constants, whose turn
comes next on a side, the scores so far, and crediting points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..core import actions as A
from ..core.actions import PLAYS, Action
from ..core.cards import SPANISH, Card, Notation
from ..core.context import HandContext
from ..core.options import ask

if TYPE_CHECKING:
    from ..rules.ladder import BetLadder
    from ..rules.scoring import MatchRule
    from ..rules.side_bet import SideBet
    from ..rules.trick_rule import TrickRule
    from ..rules.variant import Variant
    from .bet_table import BetTable

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
_PASO = Action.call(A.PASO)
_ACCEPT_HAND = Action.call(A.ACCEPT_HAND)
_DECLINE_HAND = Action.call(A.DECLINE_HAND)
_ENVIDO_ACTS = {v: Action.call(v) for v in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)}


RULE_FLAGS = ("calls_any_time", "caps_raises", "play_table")
"""Fields that cache what a variant's decision methods say (read on every action) and its
play actions shown in its deck's notation, set by :func:`rule_flags` when a contest starts;
they are not part of the state."""
_FLAGS: dict[int, tuple[Variant, tuple[Any, ...]]] = {}


def play_table(notation: Notation) -> tuple[Action, ...]:
    """The shared ``play`` actions (:data:`~truco_rules.core.actions.PLAYS`) shown in
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
        "call_passed",
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
        "held_end",
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
    call_passed: list[int]
    call_refused: list[int]
    call_responder: int
    cards: list[list[Card]]
    dealt: list[tuple[Card, ...]]
    deciders: list[int]
    double: bool
    end_reason: str
    fixed_value: int
    folded: list[bool]
    held_end: tuple[int, int] | None
    """A contest ended by going to the deck that waits for a flor to be sung first: the side
    that won it and its points (see ``FlorRules.mazo_waits_for_flor``), else ``None``."""
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

    def answer_order(self, caller: int) -> list[int]:
        """The seats of the side ``caller`` calls, still in the contest, in the order they are
        asked to answer (the ladder's ``first_answerer``): play order after ``caller``, or
        seat numbers with the holders of a flor still to sing first."""
        order, team, folded = self.order, self.team, self.folded
        side = 1 - team[caller]
        if not ask(self.ld, "asks_by_seat"):
            start = self.pos[caller]
            n = len(order)
            turn = (order[(start + i) % n] for i in range(1, n + 1))
            return [s for s in turn if team[s] == side and not folded[s]]
        seats = sorted(s for s in order if team[s] == side and not folded[s])
        fl = self.bet_state("flor")
        unsung = getattr(fl, "undeclared", None)
        if unsung is None or self.trick_no:
            return seats
        first = [s for s in seats if unsung[s] and not self.played_first[s]]
        return first + [s for s in seats if s not in first]

    def first_answerer(self, caller: int) -> int:
        """The seat asked first to answer ``caller``'s call (see :meth:`answer_order`), or
        -1 if the other side has left."""
        asked = self.answer_order(caller)
        return asked[0] if asked else -1

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

    def _end_trick(self) -> None:
        """Settle the trick just completed (the trick-play part knows)."""
        raise NotImplementedError

    def _release_held_end(self) -> None:
        """End a contest whose end waited for a flor, once it is sung (the ending part
        knows)."""
        raise NotImplementedError

    def _deck_bonus(self, side: int) -> int:
        """What the side bets add when ``side`` goes to the deck (the side-bet part knows)."""
        raise NotImplementedError

    def _side_interrupt(self, s: int, act: Action, skip: int = -1) -> None:
        """Tell the side bets that ``s`` takes ``act`` (the side-bet part knows)."""
        raise NotImplementedError

    def _close_side_bets(self) -> None:
        """Close the open side bets at the end of the contest (the side-bet part knows)."""
        raise NotImplementedError
