"""One contest of one deal, as a state machine: tricks, the bet ladder and the side bets.

A deal (see :mod:`truco_rules.match`) hands out the cards and then plays one or more contests;
in the common case the contest is the whole table. The :class:`Hand` knows only the hooks of
its variant (RULES §1), never the variant's name.

Phases, in the order they take precedence (RULES §2.5 "envido takes precedence", §2.7.4):

1. a special hand to accept or decline,
2. a side bet awaiting an answer, by the bets' precedence: a flor exchange, an envido bet
   (its answer, then the scores stated), then the variant's own side bets,
3. a ladder call awaiting an answer,
4. a card to play.

The hand composes parts, each in its own module: trick play
(:class:`~truco_rules.contest.trick_play.TrickPlay`), the bet ladder
(:class:`~truco_rules.contest.ladder_play.LadderPlay`) and the special hands
(:class:`~truco_rules.contest.special_play.SpecialPlay`) are objects that own their state and
its transitions; the side bets (:mod:`~truco_rules.contest.side_play`: the envido and flor of
:mod:`~truco_rules.contest.envido_bet` and :mod:`~truco_rules.contest.flor_bet` and the
variant's own, all through the protocol of :mod:`~truco_rules.rules.side_bet`) keep one state
value per bet. This module is the loop that orders them: applying an action, who acts next,
and the end of the hand; the legal actions by phase are :mod:`~truco_rules.contest.legal`'s.

The hand is mutable; :meth:`Hand.copy` is cheap. Every public mutator validates first and then
changes state in code that cannot fail, so a rejected action leaves the hand untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import actions as A
from ..core.actions import Action
from ..core.cards import Card
from ..core.copying import LIST, OLD_PICKLE, copier
from ..core.errors import IllegalAction, WrongPlayer
from ..core.per_object import PerObject
from ..rules.special import SPECIAL_NONE
from . import trick_play
from .bet_states import ENV_DECLARING, ENV_DONE, ENV_NONE, ENV_PENDING, ENV_VOID
from .bet_table import bet_table
from .bet_views import BetViews
from .ending import EndingPlay
from .fields import (
    DECIDE,
    DECLARE,
    ENVIDO,
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
from .ladder_play import LadderPlay
from .legal import LegalPlay
from .refusals import RefusalPlay
from .special_play import SpecialPlay
from .trick_play import TrickPlay

if TYPE_CHECKING:
    from ..rules.variant import Variant

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


class Hand(LegalPlay, EndingPlay, RefusalPlay, BetViews):
    """One contest: players ``order`` (mano first) with the cards already dealt to them.

    ``scores`` are the two sides' match scores before the contest (for falta envido and for
    credits that reach the target mid-hand). ``special`` is the special hand the scores call
    for (see :meth:`truco_rules.rules.hooks.SpecialHands.kind`).
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
        # the variant, its hooks and rule flags are class attributes (see hand_type)
        self.order = tuple(order)
        nseats = len(team)
        self.team = tuple(team)
        pos = [-1] * nseats
        for i, s in enumerate(self.order):
            pos[s] = i
        self.pos = tuple(pos)
        self.mano_team = team[self.order[0]]
        self.dealt = [tuple(c) for c in dealt]
        self.cards = [list(c) if pos[s] >= 0 else [] for s, c in enumerate(self.dealt)]
        self.scores = tuple(scores)
        self.strength = strength
        self.turned = turned  # the card turned up after the deal, for the value hooks
        self.trick_play = TrickPlay(self.order, nseats)
        self.ladder_play = LadderPlay()
        self.pts_now = [0, 0]
        self.pts_end = [0, 0]
        self.points = []  # (team, points, reason)
        self.hand_winner = None
        self.end_reason = ""
        self.held_end = None
        self.log = []
        self.special_play = SpecialPlay(variant.special, special, self.order, self.team)
        self.phase = PLAY
        self.turn = self.order[0]
        self._init_side()
        self._legal = None
        self._plays = None
        self._settle()
        # a bet may have read legal_actions() before anyone was to act
        self._legal = self._plays = None

    def __new__(cls, *args: object, **kwargs: object) -> Hand:
        # a contest of a variant is an instance of the variant's own class (see hand_type),
        # a subclass of ``cls``
        variant = args[0] if args else kwargs.get("variant")
        if variant is None:  # what unpickling a contest of an earlier version asks
            raise TypeError(f"a contest is made with its variant: Hand(variant, ...); {OLD_PICKLE}")
        return object.__new__(hand_type(variant, cls))  # type: ignore[arg-type]

    def __reduce__(self) -> tuple[object, ...]:
        # the variant's contest class is made at run time: a pickle names the variant and
        # the class it was made from
        state = {name: getattr(self, name) for name in HandFields.__slots__ if hasattr(self, name)}
        return (_rebuilt, (self.variant, state, type(self).__bases__[0]))

    def copy(self) -> Hand:
        """An independent copy (hooks and dealt cards are shared: they are immutable);
        ``copy.copy(hand)`` makes the same."""
        return _copy_hand(self)

    __copy__ = copy

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
        out += (self.trick_play.key(), self.ladder_play.key(), self.special_play.key())
        return tuple(out)

    @property
    def over(self) -> bool:
        """Whether the contest has ended."""
        return self.phase == OVER

    def team_total(self, team: int) -> int:
        """Points this contest gives ``team`` (so far, or in all once over)."""
        return self.pts_now[team] + self.pts_end[team]

    def shown(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Cards shown when the hand ends (docs/architecture.md, "Information"): the settled
        envido's winning proof and every sung flor; a player who went to the deck shows
        nothing."""
        shown: dict[int, tuple[Card, ...]] = {}
        for i in self.bt.users["shown"]:  # each bet's cards join those already shown
            for s, cards in self.bets[i].shown(self, self.side_state[i]):
                new = tuple(c for c in dict.fromkeys(cards) if c not in shown.get(s, ()))
                if new:
                    shown[s] = (*shown.get(s, ()), *new)
        tricks = self.trick_play
        for s, card in tricks.revealed:
            if card not in shown.get(s, ()):
                shown[s] = (*shown.get(s, ()), card)
        return tuple((s, cs) for s, cs in sorted(shown.items()) if not tricks.folded[s])

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the seat to act).

        Raises :class:`IllegalAction` (or :class:`WrongPlayer`) and changes nothing if the
        action is not legal for that seat now. An action object taken from the cached list
        of the seat to act (:meth:`legal_actions`) is recognised by identity and not checked
        again.
        """
        known = None  # the cached list of the seat to act, else its cached card plays
        if seat is None or seat == self.turn:
            known = self._plays if self._legal is None else self._legal
        if known is None:
            self.check(action, seat)
        else:
            for a in known:
                if a is action:
                    break
            else:
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
        §6.4; docs/architecture.md, "Information"): a seat that is not to act gets
        :class:`WrongPlayer` whatever the others hold, with its own legal actions; the seat to
        act gets :class:`IllegalAction` with a reason drawn from the public state and its own
        cards.
        """
        s = self.turn if seat is None else seat
        legal = self._legal_of(s)
        if action in legal:
            return
        fmt = self.variant.format_action
        if self.phase == OVER:
            raise IllegalAction(action, s, "the hand is over", fmt=fmt)
        if s != self.turn:
            raise WrongPlayer(action, s, self._whose_turn(), legal, fmt=fmt)
        raise IllegalAction(action, s, self._why(action, s), legal, fmt=fmt)

    def _do(self, act: Action, s: int) -> None:
        waiting = self.side_waiting >= 0  # if not, only a call can be a bet's
        bet = self._side_owner(act) if waiting else self.bt.owner.get(act.verb, -1)
        side = self._side_outcome(bet, s, act) if bet >= 0 else None  # may raise: first
        self.log.append((s, act))
        self._legal = self._plays = None
        verb = act.verb
        ph = self.phase
        if side is not None:
            self._side_apply(side, s, act)
        elif verb == A.PLAY:
            tricks = self.trick_play
            if act.card is None:  # blind: the card dealt in that position, seen as it falls
                assert act.number is not None
                card = self.dealt[s][act.number - 1]
                self.log[-1] = (s, Action.play(card))
                tricks.play(self, s, card, False)
            elif act.under is not None:
                tricks.play_double(self, s, act.card, act.under)
            else:
                tricks.play(self, s, act.card, act.down)
        elif ph == DECIDE:  # copies share the part until it changes: it gets its own now
            special = self.special_play = self.special_play.copy()
            special.decide(self, s, verb == A.ACCEPT_HAND)
        elif verb == A.MAZO:
            self._mazo(s)
        elif verb in _ANSWERS or self.special_play.special == SPECIAL_NONE:
            ladder = self.ladder_play = self.ladder_play.copy()  # its own, as it changes
            if verb == A.QUIERO:
                ladder.accept_call(self, s)
            elif verb == A.PASO:
                ladder.pass_call(self, s)
            elif verb == A.NO_QUIERO:
                ladder.refuse_call(self, s)
            else:  # a ladder call
                ladder.raise_call(self, s)
        else:  # a call forbidden in special hands: the game is lost
            self.special_play.forbidden_call(self, s)
        self._settle()
        # a bet may have read legal_actions() midway: not the next seat's
        self._legal = self._plays = None

    def _settle(self) -> None:
        """Work out who acts next; make automatic flor declarations."""
        done = 0  # actions the bets took by themselves
        while True:
            if self.end_reason:
                self.phase = OVER
                self.turn = -1
                return
            deciders = self.special_play.deciders
            if deciders:
                self.phase, self.turn = DECIDE, deciders[0]
                return
            ladder = self.ladder_play
            if self.side_scan and (w := self._side_awaited()) >= 0:
                self.turn = w  # the phase is the waiting bet's
            elif ladder.call:
                self.phase, self.turn = TRUCO, ladder.call_responder
            else:
                self.phase, self.turn = PLAY, self.trick_play.to_play[0]
            if self.bt.users["automatic"] and self._side_automatic(done):
                done += 1
                continue  # e.g. a flor sung at its holder's first decision (RULES §2.7.2)
            return


def hand_type(variant: Variant, base: type[Hand] | None = None) -> type[Hand]:
    """The contest class of ``variant``: a subclass of ``base`` (default :class:`Hand`; a
    variant's own contest class stands for the class it was made from) with what is the
    same in every contest of the variant (the variant, its hooks, its side bets and its
    rule flags) as class attributes, so that neither a new contest nor a copy sets them
    (made once per variant object and base class). It keeps ``base``'s name."""
    if base is None:
        base = Hand
    elif "_bet_table" in vars(base):  # a variant's contest class: the class it was made from
        base = base.__bases__[0]
    made = _TYPES(variant)
    found = made.get(base)
    if found is None:
        found = made[base] = _made(variant, base)
    return found


def _made(variant: Variant, base: type[Hand]) -> type[Hand]:
    table = bet_table(variant)
    fixed: dict[str, object] = dict(zip(RULE_FLAGS, rule_flags(variant), strict=True))
    fixed.update(
        variant=variant,
        tr=variant.tricks,
        ld=variant.ladder,
        mr=variant.match,
        _bet_table=table,
        side_bets=variant.side_bets,
    )
    names = {"__slots__": (), "__module__": base.__module__, "__qualname__": base.__qualname__}
    return type(base.__name__, (base,), {**names, **fixed})


_TYPES: PerObject[Variant, dict[type[Hand], type[Hand]]] = PerObject(lambda _variant: {})


def _rebuilt(variant: Variant, state: dict[str, object], base: type[Hand]) -> Hand:
    """A contest of ``variant`` made from class ``base`` with the fields ``state`` (an
    unpickled :class:`Hand`)."""
    hand = object.__new__(hand_type(variant, base))
    for name, value in state.items():
        setattr(hand, name, value)
    return hand


_PARTS = ("trick_play", "ladder_play", "special_play")
_ANSWERS = (A.QUIERO, A.PASO, A.NO_QUIERO)

_KEY_FIELDS = tuple(
    n
    for n in HandFields.__slots__
    if n not in ("_legal", "_plays", "bt", "bets")
    and n != "side_scan"  # a cache: whether a bet may be waiting
    and n not in _PARTS  # each part gives its own key
)

# the log, the points and the side bets' states get their own lists (a contest played on
# from a copy changes them at its end at the latest: shared, they would be copied then all
# the same), the cards in hand their own lists, the trick-play part its own copy (in line,
# as the part's own copier makes it), the cached legal actions and card plays are
# recomputed; everything else is shared: immutable values (the cards dealt, which never
# change), and the ladder and special-hands parts, which change only in _do and _mazo,
# where the contest first gives itself its own copy of the part (copy on write: a search
# copies contests far more often than it calls)
_copy_hand = copier(
    Hand,
    HandFields.__slots__,
    {
        **{name: LIST for name in ("log", "points", "pts_now", "pts_end", "side_state")},
        "cards": LIST,  # each seat's list is replaced as a card leaves it (trick_play)
        "_legal": "None",
        "_plays": "None",
    },
    {"trick_play": (TrickPlay, TrickPlay.__slots__, trick_play.COPY)},
)
