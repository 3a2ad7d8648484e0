"""The fields of a contest and the bookkeeping its parts share (see
:mod:`truco_rules.contest.hand`).

A :class:`~truco_rules.contest.hand.Hand` composes parts that own their state, one module
each: trick play (:class:`~truco_rules.contest.trick_play.TrickPlay`), the main bet ladder
(:class:`~truco_rules.contest.ladder_play.LadderPlay`) and the special hands
(:class:`~truco_rules.contest.special_play.SpecialPlay`); the side bets
(:mod:`~truco_rules.contest.side_play`, envido and flor among them) keep one state value per
bet. :class:`HandFields` declares what the whole contest shares (the deal, the table, the
hooks, the phase and the seat to act, the points, the log), holds the parts, shows their
state read-only (what the side bets' ``Contest`` protocol and the views read), and gives the
services all parts use: whose turn comes next on a side, who answers a call, the scores so
far, and crediting points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..core import actions as A
from ..core.actions import PLAYS, Action
from ..core.cards import SPANISH, Card, Notation
from ..core.context import HandContext
from ..core.per_object import PerObject
from .part_views import PartViews

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


RULE_FLAGS = (
    "calls_any_time",
    "caps_raises",
    "play_table",
    "tie_leader",
    "asks_by_seat",
    "credits_at_once",
    "leaves_on_pending_call",
)
"""Fields that cache what a variant's decision methods say (read on every action) and its
play actions shown in its deck's notation: :func:`rule_flags`, class attributes of the
variant's own contest class; they are not part of the state."""


def play_table(notation: Notation) -> tuple[Action, ...]:
    """The shared ``play`` actions (:data:`~truco_rules.core.actions.PLAYS`) shown in
    ``notation``."""
    if notation.name == SPANISH.name:
        return PLAYS
    return tuple(a.in_notation(notation) for a in PLAYS)


def rule_flags(variant: Variant) -> tuple[Any, ...]:
    """The :data:`RULE_FLAGS` of ``variant``, asked of its hooks once per variant object."""
    return _FLAGS(variant)


def _rule_flags(variant: Variant) -> tuple[Any, ...]:
    ld = variant.ladder
    return (
        ld.calls_any_time(),
        ld.caps_raises(),
        play_table(variant.deck.notation),
        variant.tricks.tie_leader(),
        ld.asks_by_seat(),
        variant.match.credits_at_once(),
        ld.leaves_on_pending_call(),
    )


_FLAGS: PerObject[Variant, tuple[Any, ...]] = PerObject(_rule_flags)


class HandFields(PartViews):
    """Every field of a contest, and the services its parts share."""

    __slots__ = (
        "_legal",
        "_plays",
        "bets",
        "bt",
        "cards",
        "dealt",
        "end_reason",
        "hand_winner",
        "held_end",
        "ladder_play",
        "log",
        "mano_team",
        "order",
        "phase",
        "points",
        "pos",
        "pts_end",
        "pts_now",
        "scores",
        "side_scan",
        "side_state",
        "side_waiting",
        "special_play",
        "strength",
        "team",
        "trick_play",
        "turn",
        "turned",
    )

    _legal: list[Action] | None
    _plays: list[Action] | None
    bets: tuple[SideBet[Any], ...]
    bt: BetTable
    """The variant's side bets and their table (the same in every contest of the variant, but
    read at every action: a slot is read faster than a class attribute)."""
    cards: list[list[Card]]
    """Each seat's cards in hand. A seat's list is replaced when a card leaves it, never
    changed in place: copies of the contest share the seats' lists."""
    dealt: list[tuple[Card, ...]]
    end_reason: str
    held_end: tuple[int, int] | None
    """A contest ended by going to the deck that waits for a flor to be sung first: the side
    that won it and its points (see ``FlorRules.mazo_waits_for_flor``), else ``None``."""
    hand_winner: int | None
    log: list[tuple[int, Action]]
    mano_team: int
    order: tuple[int, ...]
    phase: int
    points: list[tuple[int, int, str]]
    pos: tuple[int, ...]
    pts_end: list[int]
    pts_now: list[int]
    scores: tuple[int, ...]
    side_scan: bool
    side_state: list[Hashable]
    side_waiting: int
    strength: Sequence[int]
    team: tuple[int, ...]
    turn: int
    turned: Card | None

    # the same in every contest of a variant: class attributes of the variant's own contest
    # class (``contest.hand.hand_type``), which copies and new contests do not set again
    calls_any_time: bool
    caps_raises: bool
    tie_leader: str
    asks_by_seat: bool
    credits_at_once: bool
    leaves_on_pending_call: bool
    _bet_table: BetTable
    ld: BetLadder
    mr: MatchRule
    play_table: tuple[Action, ...]
    side_bets: tuple[SideBet[Any], ...]
    tr: TrickRule
    variant: Variant

    # -- services the parts share --------------------------------------------------------
    def stake(self) -> int:
        """The accepted worth of the main bet (or the fixed worth of a special hand)."""
        return self.ladder_play.stake(self)

    def won_top_bet(self) -> bool:
        """Whether the contest was won on an accepted top rung worth the whole target."""
        return self.ladder_play.at_top_bet(self) and self.hand_winner is not None

    def sees_partners(self, seat: int) -> bool:
        """Whether ``seat`` may look at its partners' cards (the side of a hand of 11/10)."""
        return self.special_play.sees_partners(self.team, seat)

    def partners_seen(self, seat: int) -> tuple[int, ...]:
        """The partners whose cards ``seat`` may look at (the side of a hand of 11/10), in
        play order; none otherwise (a spectator's ``-1`` too)."""
        if seat < 0 or not self.sees_partners(seat):
            return ()
        side = self.team[seat]
        return tuple(p for p in self.order if p != seat and self.team[p] == side)

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
            if self.team[s] == side and not self.trick_play.folded[s]:
                return s
        return -1

    def answer_order(self, caller: int) -> list[int]:
        """The seats of the side ``caller`` calls, still in the contest, in the order they are
        asked to answer (the ladder's ``first_answerer``): play order after ``caller``, or
        seat numbers with the holders of a flor still to sing first."""
        order, team, folded = self.order, self.team, self.trick_play.folded
        side = 1 - team[caller]
        if not self.asks_by_seat:
            start = self.pos[caller]
            n = len(order)
            asked = []
            for i in range(1, n + 1):
                s = order[(start + i) % n]
                if team[s] == side and not folded[s]:
                    asked.append(s)
            return asked
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
        if not self.asks_by_seat:  # the first of the other side in play order after him
            return self.next_of_side(caller, 1 - self.team[caller])
        asked = self.answer_order(caller)
        return asked[0] if asked else -1

    def live(self, side: int) -> list[int]:
        """The seats of ``side`` that have not folded, in play order."""
        folded = self.trick_play.folded
        return [s for s in self.order if self.team[s] == side and not folded[s]]

    def scores_now(self) -> tuple[int, int]:
        """The two sides' match scores with the points credited so far in the contest."""
        return (self.scores[0] + self.pts_now[0], self.scores[1] + self.pts_now[1])

    def _credit(self, team: int, pts: int, reason: str) -> None:
        if pts <= 0 or self.end_reason:
            return
        self.points.append((team, pts, reason))
        if self.credits_at_once:
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
        return self.ladder_play.award(self, team)

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
