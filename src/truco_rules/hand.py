"""One contest of one deal, as a state machine: tricks, the bet ladder and the side bets.

A deal (see :mod:`truco_rules.match`) hands out the cards and then plays one or more contests;
in the common case the contest is the whole table. The :class:`Hand` knows only the hooks of
its variant (RULES §1), never the variant's name.

Phases, in the order they take precedence (RULES §2.5 "envido takes precedence", §2.7.4):

1. a flor exchange awaiting a response,
2. an envido bet awaiting an answer,
3. envido scores being stated,
4. a ladder call awaiting an answer,
5. a card to play.

The hand is put together from parts, each in its own module, owning its fields and their
transitions: trick play (:mod:`~truco_rules.hand_tricks`), the bet ladder
(:mod:`~truco_rules.hand_ladder`), the side bets envido (:mod:`~truco_rules.hand_envido`) and
flor (:mod:`~truco_rules.hand_flor`), and the special hands (:mod:`~truco_rules.hand_special`).
This module is the loop that orders them: the legal actions by phase, applying an action, who
acts next, and the end of the hand.

The hand is mutable; :meth:`Hand.copy` is cheap. Every public mutator validates first and then
changes state in code that cannot fail, so a rejected action leaves the hand untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Action
from .cards import Card
from .copying import LIST, LIST_OF_LISTS, copier
from .errors import IllegalAction, WrongPlayer
from .hand_envido import EnvidoPlay
from .hand_fields import (
    _ACCEPT_HAND,
    _DECLINE_HAND,
    _ENVIDO_ACTS,
    _FLOR,
    _MAZO,
    _NO_QUIERO,
    _QUIERO,
    DECIDE,
    DECLARE,
    ENV_DECLARING,
    ENV_DONE,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    ENVIDO,
    FL_CONTRA,
    FL_RESPOND,
    FL_RESTO,
    FLOR,
    OVER,
    PHASES,
    PLAY,
    RULE_FLAGS,
    SIDE,
    TRUCO,
    HandFields,
    rule_flags,
)
from .hand_flor import FlorPlay
from .hand_ladder import LadderPlay
from .hand_side import SideBetPlay
from .hand_special import SpecialPlay
from .hand_tricks import TrickPlay
from .hand_why import RefusalPlay
from .hooks import SPECIAL_NONE

if TYPE_CHECKING:
    from .variant import Variant

__all__ = [
    "DECIDE",
    "DECLARE",
    "ENVIDO",
    "ENV_DECLARING",
    "ENV_DONE",
    "ENV_NONE",
    "ENV_PENDING",
    "ENV_VOID",
    "FLOR",
    "OVER",
    "PHASES",
    "PLAY",
    "SIDE",
    "TRUCO",
    "Hand",
]


class Hand(TrickPlay, LadderPlay, EnvidoPlay, FlorPlay, SpecialPlay, SideBetPlay, RefusalPlay):
    """One contest: players ``order`` (mano first) with the cards already dealt to them.

    ``scores`` are the two sides' match scores before the contest (for falta envido and for
    credits that reach the target mid-hand). ``special`` is the special hand the scores call
    for (see :meth:`truco_rules.hooks.SpecialHands.kind`).
    """

    __slots__ = ()

    def __init__(
        self,
        variant: Variant,
        order: Sequence[int],
        team: Sequence[int],
        dealt: Sequence[Sequence[Card]],
        scores: Sequence[int],
        strength: Sequence[int],
        special: tuple[str, int] = (SPECIAL_NONE, -1),
        turned: Card | None = None,
    ) -> None:
        self.variant = variant
        self.tr = variant.tricks
        self.ld = variant.ladder
        self.env = variant.envido
        self.fl = variant.flor
        self.mr = variant.match
        self.order = tuple(order)
        nseats = len(team)
        self.team = tuple(team)
        self.pos = [-1] * nseats
        for i, s in enumerate(self.order):
            self.pos[s] = i
        self.mano_team = team[self.order[0]]
        self.dealt = [tuple(c) for c in dealt]
        self.cards = [list(c) if self.pos[s] >= 0 else [] for s, c in enumerate(self.dealt)]
        self.scores = tuple(scores)
        self.strength = strength
        (
            self.auto_flor,
            self.calls_any_time,
            self.caps_raises,
            self.pie_only,
            self.sing_or_leave,
            self.play_table,
        ) = rule_flags(variant)
        self.turned = turned  # the card turned up after the deal, for the value hooks
        self._init_tricks(nseats)
        self._init_ladder()
        self._init_envido(nseats)
        self._init_flor(nseats)
        self.pts_now = [0, 0]
        self.pts_end = [0, 0]
        self.points = []  # (team, points, reason)
        self.hand_winner = None
        self.end_reason = ""
        self.log = []
        self._init_special(special)
        self.phase = PLAY
        self.turn = self.order[0]
        self._init_side()
        self._legal = None
        self._settle()

    def copy(self) -> Hand:
        """An independent copy (hooks and dealt cards are shared: they are immutable)."""
        return _copy_hand(self)

    def key(self) -> tuple[object, ...]:
        """Everything that makes up the state, as one comparable value."""
        out: list[object] = []
        for name in _KEY_FIELDS:
            v = getattr(self, name)
            if name == "cards":
                v = tuple(map(tuple, v))
            elif isinstance(v, list):
                v = tuple(v)
            out.append(v)
        return tuple(out)

    @property
    def over(self) -> bool:
        """Whether the contest has ended."""
        return self.phase == OVER

    def team_total(self, team: int) -> int:
        """Points this contest gives ``team`` (so far, or in all once over)."""
        return self.pts_now[team] + self.pts_end[team]

    def shown(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Cards shown when the hand ends (DESIGN §4): the settled envido's winning proof and
        every sung flor; a player who went to the deck shows nothing."""
        shown: dict[int, tuple[Card, ...]] = {}
        if self.env is not None and self.env_result is not None:
            seat = self.env_result[0]
            shown[seat] = self.env.proof_in(self.dealt[seat], self.context(seat))
        for s in self.flor_sung:
            shown[s] = tuple(self.dealt[s])
        for s, card in self.revealed:
            if card not in shown.get(s, ()):
                shown[s] = (*shown.get(s, ()), card)
        return tuple((s, cs) for s, cs in sorted(shown.items()) if not self.folded[s])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act), in a fixed order.

        Seats other than the one to act may have actions too: a partner may answer a call for
        his side, and with ``truco_call_timing='any_time'`` a player may call out of turn.
        """
        return list(self._legal_of(self.turn if seat is None else seat))

    def _legal_of(self, seat: int) -> list[Action]:
        """Legal actions of ``seat``; for the seat to act, the cached list itself."""
        if seat == self.turn:
            if self._legal is None:
                self._legal = self._compute_legal(self.turn, True)
            return self._legal
        if not 0 <= seat < len(self.team) or self.pos[seat] < 0:
            return []
        return self._compute_legal(seat, False)

    def _compute_legal(self, s: int, on_turn: bool) -> list[Action]:
        out = self._legal_by_phase(s, on_turn)
        fl = self.fl
        if (
            fl is not None
            and self.sing_or_leave
            and _FLOR in out
            and self.phase in (PLAY, TRUCO, ENVIDO)
        ):  # an unsung flor: sing it or go to the deck (RULES §2.7.2)
            out = [a for a in out if a is _FLOR or a is _MAZO]
        return out

    def _legal_by_phase(self, s: int, on_turn: bool) -> list[Action]:
        ph = self.phase
        if ph == OVER or self.folded[s]:
            return []
        if not on_turn and self.trick_no == 0 and self.flor_undeclared[s] and self._auto_flor():
            return []  # his flor is sung at his first decision, before anything else he does
        out: list[Action] = []
        if ph == DECIDE:
            if on_turn:
                out += [_ACCEPT_HAND, _DECLINE_HAND]
            return out
        if ph == PLAY:
            if on_turn:
                self._plays_of(s, out)
            elif not self.calls_any_time:
                if self.ld.mazo_out_of_turn:
                    out.append(_MAZO)
                return out
            call = self._ladder_call(s)
            if call is not None:
                out.append(call)
            if self._envido_ok(s):
                out.extend(self._envido_bets([]))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            if self.side_bets:
                self._side_offers(s, on_turn, out)
            if on_turn or self.ld.mazo_out_of_turn:
                out.append(_MAZO)
            return out
        if ph == TRUCO:
            if self.team[s] == self.team[self.call_caller]:
                if self.ld.mazo_out_of_turn:
                    out.append(_MAZO)
                return out
            if s in self.call_refused:
                return out
            out.append(_QUIERO)
            out.append(_NO_QUIERO)
            call = self._ladder_call(s)
            if call is not None:
                out.append(call)
            if self._envido_ok(s):
                out.extend(self._envido_bets([]))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            if self.side_bets:
                self._side_offers(s, on_turn, out)
            out.append(_MAZO)
            return out
        if ph == ENVIDO:
            if self.team[s] == self.team[self.env_caller]:
                # a flor answers any envido, whoever holds it (RULES §2.7.4)
                if self._manual_flor_ok(s):
                    out.append(_FLOR)
                return out
            out.append(_QUIERO)
            out.append(_NO_QUIERO)
            out.extend(self._envido_bets(self.env_chain))
            if self._manual_flor_ok(s):
                out.append(_FLOR)
            if self.ld.mazo_out_of_turn:  # going to the deck refuses the envido too
                out.append(_MAZO)
            return out
        if ph == DECLARE:
            if on_turn:
                self._declare_legal(s, out)
            return out
        if ph == SIDE:
            if on_turn:
                self._side_answers(s, out)
            return out
        self._flor_legal(s, out)  # FLOR
        return out

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the seat to act).

        Raises :class:`IllegalAction` (or :class:`WrongPlayer`) and changes nothing if the
        action is not legal for that seat now.
        """
        self.check(action, seat)
        if not self.side_bets:
            self._do(action, self.turn if seat is None else seat)
            return
        before = self.copy()  # a third party's side bet may break the protocol midway
        try:
            self._do(action, self.turn if seat is None else seat)
        except BaseException:
            for name in HandFields.__slots__:
                setattr(self, name, getattr(before, name))
            raise

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise what :meth:`apply` would raise for ``action`` by ``seat``, changing nothing.

        What a seat learns from the error depends only on what its observation shows (RULES
        §6.4, DESIGN §4): a seat that is not to act gets :class:`WrongPlayer` whatever the
        others hold, with its own legal actions; the seat to act gets :class:`IllegalAction`
        with a reason drawn from the public state and its own cards.
        """
        s = self.turn if seat is None else seat
        legal = self._legal_of(s)
        if action in legal:
            return
        fmt = self.variant.format_action
        if self.phase == OVER:
            raise IllegalAction(action, s, "the hand is over", fmt=fmt)
        if s != self.turn:
            who = f"seat {self.turn} is to act ({PHASES[self.phase]})"
            raise WrongPlayer(action, s, f"it is not this seat's turn: {who}", legal, fmt=fmt)
        raise IllegalAction(action, s, self._why(action, s), legal, fmt=fmt)

    def _do(self, act: Action, s: int) -> None:
        bet = self._side_owner(act) if self.side_bets else -1
        side = self._side_outcome(bet, s, act) if bet >= 0 else None  # may raise: first
        self.log.append((s, act))
        self._legal = None
        verb = act.verb
        ph = self.phase
        if side is not None:
            self._side_apply(side)
        elif verb == A.PLAY:
            if act.card is None:  # blind: the card dealt in that position, seen as it falls
                assert act.number is not None
                card = self.dealt[s][act.number - 1]
                self.log[-1] = (s, Action.play(card))
                self._play(s, card, False)
            elif act.under is not None:
                self._play_double(s, act.card, act.under)
            else:
                self._play(s, act.card, act.down)
        elif ph == DECIDE:
            self._decide(s, verb == A.ACCEPT_HAND)
        elif verb == A.MAZO:
            self._mazo(s)
        elif ph == FLOR:
            self._flor_answer(s, verb)
        elif verb == A.FLOR:
            self._declare_flor(s)
        elif ph == DECLARE:
            self._declare(s, act)
        elif verb in _ENVIDO_ACTS:
            self._envido_bet(s, verb)
        elif ph == ENVIDO:
            self._envido_answer(s, verb == A.QUIERO)
        elif verb == A.QUIERO:
            self._accept_call(s)
        elif verb == A.NO_QUIERO:
            self._refuse_call(s)
        elif self.special != SPECIAL_NONE:  # a call forbidden in special hands: game lost
            self._forbidden_call(s)
        else:  # a ladder call
            self._raise_call(s)
        self._settle()

    def _settle(self) -> None:
        """Work out who acts next; make automatic flor declarations."""
        while True:
            if self.end_reason:
                self.phase = OVER
                self.turn = -1
                return
            if self.deciders:
                self.phase, self.turn = DECIDE, self.deciders[0]
                return
            if self.flor_stage in (FL_RESPOND, FL_CONTRA, FL_RESTO):
                self.phase, self.turn = FLOR, self.flor_responder
            elif self.env_state == ENV_PENDING:
                self.phase, self.turn = ENVIDO, self.env_responder
            elif self.env_state == ENV_DECLARING:
                self.phase, self.turn = DECLARE, self._next_declarer()
            elif self.side_bets and (w := self._side_awaited()) >= 0:
                self.phase, self.turn = SIDE, w
            elif self.call:
                self.phase, self.turn = TRUCO, self.call_responder
            else:
                self.phase, self.turn = PLAY, self.to_play[0]
            if self.trick_no == 0 and self._auto_flor():
                # A flor is sung at its holder's first decision (RULES §2.7.2): his turn, or
                # a call his side may answer, whoever of the side answers it.
                t = self.turn
                if self.phase == TRUCO and not self.flor_undeclared[t]:
                    t = self._next_of_team(self.call_caller, self.team[t], need_unsung_flor=True)
                if t >= 0 and self.flor_undeclared[t]:
                    self._declare_flor(t)
                    continue
            return

    def _mazo(self, s: int) -> None:
        t = self.team[s]
        others = 1 - t
        bonus = 0
        env = self.env
        if (
            env is not None
            and env.mazo_bonus_before_first_card()
            and not self.env_called
            and not self.flor_called
            and not any(self.team[x] == t for _k, x, _c, _d in self.plays)
        ):
            bonus = 1
        if self.phase == ENVIDO and env is not None:  # as the answer: it refuses the envido
            self.env_state = ENV_DONE
            self._credit(self.team[self.env_caller], env.refused(self.env_chain), "envido")
        if self.call and self.team[self.call_caller] != t:
            # going to the deck with a call pending refuses it for the side
            for x in self._live(t):
                self.folded[x] = True
            self._finish("mazo", others, self.ld.refused(self.call) + bonus)
            return
        if self.call:  # his own side's call, still unanswered, is withdrawn
            self.call = 0
            self.call_refused = []
        if self.ld.mazo_concedes_for_side:  # one player running concedes for his side
            for x in self._live(t):
                self.folded[x] = True
        self.folded[s] = True
        if s in self.to_play:
            self.to_play.remove(s)
        if not self._live(t):
            self._finish("mazo", others, self._award(others) + bonus)
        elif not self.to_play:
            self._end_trick()

    def _finish(self, reason: str, team: int | None, pts: int) -> None:
        self._finish_flores(team)
        self._envido_truth()
        if not self.end_reason:
            self.hand_winner = team  # what the side bets settled by the contest may read
        if self.side_bets:
            self._close_side_bets()  # their points may reach the target: end_reason is set
        if not self.end_reason:
            if team is not None and pts > 0:
                self.points.append((team, pts, reason))
                self.pts_end[team] += pts
            self.end_reason = reason


_KEY_FIELDS = tuple(
    n
    for n in HandFields.__slots__
    if n not in ("_legal", "variant", "tr", "ld", "env", "fl", "mr", "side_bets", *RULE_FLAGS)
)

# every list field gets its own list, the cards in hand their own lists, the cached legal
# actions are recomputed; everything else is immutable and shared
_copy_hand = copier(
    Hand,
    HandFields.__slots__,
    {
        **{
            name: LIST
            for name, kind in HandFields.__annotations__.items()
            if str(kind).startswith("list[")
        },
        "cards": LIST_OF_LISTS,
        "_legal": "None",
    },
)
