"""The state of a match: deals until a side wins the chicos it needs (RULES §2.3, §2.8).

The match deals each hand from an explicit source:

* ``seed=S``: hand ``k`` is dealt from a shuffle seeded by ``(S, k)``, so any hand can be
  reproduced on its own;
* ``deals=[...]``: explicit card orders, one per deal (top card first; cards go one at a time
  to the mano first, in play order, then the turned card if the variant has one);
* neither, or once ``deals`` runs out: the deal is a *chance node*. ``current_player()``
  returns :data:`CHANCE` and the legal actions are ``deal <card>`` for every undealt card.

:class:`MatchState` is the rules loop: dealing, the contests (each a
:class:`~truco_rules.contest.hand.Hand`), the :class:`~truco_rules.game.scoreboard.Scoreboard`,
legal
actions and ``apply``. Its public state is read-only; :class:`~truco_rules.match.Match` adds
records, views and the bot API on top. A state depends on its variant, never the reverse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from ..contest.hand import OVER, Hand
from ..core.actions import Action
from ..core.arguments import SeatOutOfRange, integer, seat_index
from ..core.cards import SPANISH, Card
from ..core.copying import LIST, beyond, copier
from ..core.errors import (
    IllegalAction,
    InvalidSeatType,
    InvalidType,
    ParseError,
    WrongPlayer,
    shown,
)
from ..rules.table import DealPlan
from .deal_flow import CHANCE, TERMINAL, DealFlow
from .dealing import (
    HandSummary,
    PendingSummary,
    check_arguments,
    check_deal,
    check_standing,
    draw_for_deal,
)
from .derivation import check_derivation, first_mano
from .scoreboard import BOARD_COPY, Scoreboard
from .state_view import Origin, StateView

if TYPE_CHECKING:
    from ..rules.variant import Variant

__all__ = ["CHANCE", "TERMINAL", "MatchState"]

_S = TypeVar("_S", bound="MatchState")


def _never(seats: int) -> bool:
    return False


class MatchState(DealFlow):
    """A match of ``variant`` at ``seats`` seats: the rules loop. Build a
    :class:`~truco_rules.match.Match` with :meth:`Variant.new_match`; the match's docstring
    gives the arguments (``mano``, ``scores``, ``chicos``, ``derivation``)."""

    __slots__ = ()
    _MID_DEAL: ClassVar[bool] = False
    """Whether a match of the class may start with a score at or over the target (a subclass
    resumes a deal in its middle: see :func:`~truco_rules.game.dealing.check_standing`)."""
    _copy_plan: ClassVar[tuple[bool, tuple[str, ...]] | None] = None
    """What a copy of an instance of the class copies beyond the match state: whether it
    has a ``__dict__`` and the slots its own class and mixins add (``None``: nothing)."""
    _copy_plan_of: ClassVar[type | None] = None
    """The class :attr:`_copy_plan` was worked out for (a subclass works out its own)."""

    def __init__(
        self,
        variant: Variant,
        seats: int = 2,
        *,
        seed: int | None = None,
        deals: Sequence[Sequence[Card] | str] | None = None,
        mano: int | None = None,
        scores: Sequence[int] = (0, 0),
        chicos: Sequence[int] = (0, 0),
        derivation: int | None = None,
    ) -> None:
        derivation = check_derivation(derivation, seed is not None)
        seats, seed, mano, scores, chicos = check_arguments(
            seats, seed, deals, mano, scores, chicos
        )
        variant.table.check_seats(seats, variant.name)
        if seed is not None and deals is not None:
            raise ParseError("give either seed or deals, not both")
        self._variant = variant
        notation = variant.deck.notation
        self._seats = seats
        individual = bool(getattr(variant.table, "individual_scores", _never)(seats))
        # an empty list of deals is no explicit deal at all: every deal is a chance node
        given: tuple[tuple[Card, ...], ...] | None = (
            tuple(check_deal(variant, seats, d, i) for i, d in enumerate(deals)) if deals else None
        )
        first_draw: tuple[tuple[int, Card], ...] = ()
        if seed is not None and getattr(variant.table, "first_dealer", "") == "card_draw":
            dealer, draw = draw_for_deal(variant, seats, seed)
            mano = (dealer + 1) % seats if mano is None else mano
            if mano == (dealer + 1) % seats:  # kept when it decided the mano (also on replay)
                first_draw = draw
        if mano is None:  # a seeded draw of a seat, else seat 0
            mano = 0 if seed is None else first_mano(seed, seats, derivation)
        if type(mano) is not int or not 0 <= mano < seats:
            raise ParseError(f"mano must be a seat from 0 to {seats - 1}, not {shown(mano)}")
        scores, chicos = check_standing(
            variant, seats, individual, scores, chicos, mid_deal=self._MID_DEAL
        )
        self._origin = Origin(
            seed,
            derivation,
            given,
            {"mano": mano, "scores": list(scores), "chicos": list(chicos)},
            first_draw,
            None if notation.name == SPANISH.name else notation,  # by name: pickles
        )
        self._mano = mano
        self._board = Scoreboard(scores, chicos, individual)
        self._discarding: tuple[int, ...] = ()
        self._discarded: tuple[tuple[int, Card], ...] = ()
        self._team: tuple[int, ...] = ()  # sides of the current deal (from the table's plan)
        self._hand_no = 0
        self._history: tuple[HandSummary | PendingSummary, ...] = ()
        self._acted: tuple[tuple[int, Action], ...] = ()
        self._recent: list[tuple[int, Action]] = []
        self._hand: Hand | None = None
        # the contests the latest step that ended one ended (public record), and that step
        self._last_hands: tuple[Hand, ...] = ()
        self._ended_at = -1  # how many actions had been applied then
        self._turned: Card | None = None
        self._contests: tuple[tuple[int, ...], ...] = ()
        self._contest = 0
        self._dealt: tuple[tuple[Card, ...], ...] = ()
        self._pending_deal: tuple[Card, ...] = ()
        self._plan: DealPlan | None = None
        self._start_deal(None)

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE` while dealing, or :data:`TERMINAL`."""
        if self._board.winner_team is not None:
            return TERMINAL
        if self._discarding:
            return self._discarding[0]
        if self._hand is None:
            return CHANCE
        return self._hand.turn

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance deal."""
        return self._board.winner_team is None and self._hand is None and not self._discarding

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), in a deterministic order,
        shown in the variant's notation.

        At a chance node (``seat`` omitted or :data:`CHANCE`) these are the ``deal`` actions.
        """
        hand = self._hand
        if (
            seat is None
            and hand is not None
            and not self._discarding
            and self._board.winner_team is None
        ):  # a seat to act: its cached list (shown in the variant's notation)
            return hand.legal_actions()  # the hand shows its plays in the deck's notation
        n = self._origin.notation
        if n is None or hand is not None:
            return self._legal(seat)
        return [a.in_notation(n) for a in self._legal(seat)]  # deals and discards

    def _legal(self, seat: int | None) -> list[Action]:
        if seat is not None:
            seat = self._check_seat(seat, CHANCE)
        if self._board.winner_team is not None:
            return []
        if self._discarding:
            s = self._discarding[0] if seat is None else seat
            if s != self._discarding[0]:
                return []
            return [Action.discard(c) for c in self._dealt[s]]
        if self._hand is None:
            if seat is not None and seat != CHANCE:
                return []
            dealt = set(self._pending_deal)
            return [Action.deal(c) for c in self._variant.deck.cards if c not in dealt]
        if seat == CHANCE:
            return []
        return self._hand.legal_actions(seat)

    def _check_seat(self, seat: object, low: int = 0) -> int:
        """``seat`` as an int from ``low`` (``CHANCE``: chance too) to the last seat, else
        :class:`~truco_rules.core.errors.InvalidSeat` (see :mod:`truco_rules.core.arguments`)."""
        if type(seat) is int and low <= seat < self._seats:
            return seat
        return seat_index(seat, self._seats, low)

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply an action (an :class:`Action` or its text) for ``seat`` (default: to act).

        Raises a :class:`~truco_rules.core.errors.TrucoError` and leaves the match unchanged:
        :class:`~truco_rules.core.errors.ParseError` for malformed text,
        :class:`~truco_rules.core.errors.UnknownAction` for a verb the variant lacks,
        :class:`~truco_rules.core.errors.IllegalAction` for an action the rules do not allow now,
        :class:`~truco_rules.core.errors.WrongPlayer` for a seat that may not act,
        :class:`~truco_rules.core.errors.InvalidType` for an argument of the wrong type.

        The change is atomic: if a hook raises while the action is carried out (a bug in a
        third-party rule), the match is restored to exactly its state before the call (by
        replaying its record, which the library's pure hooks make exact; from a copy taken
        before the action where the variant has a hook or a side bet from outside the library,
        whose code may not replay as it ran) and the hook's exception propagates.
        """
        hand = self._hand
        if (
            seat is None
            and hand is not None
            and hand._legal is not None
            and not self._discarding
            and self._board.winner_team is None
        ):  # the commonest case: an action object from the legal list of the seat to act
            for legal in hand._legal:
                if legal is action:  # the same steps as _undo_point and _act, inline
                    point = (
                        self.copy()
                        if self._variant._undo_by_copy
                        else len(self._acted) + len(self._recent)
                    )
                    turn = hand.turn
                    try:
                        hand._do(legal, turn)
                        self._recent.append((turn, legal))
                        if hand.phase == OVER:
                            self._end_contest()
                    except BaseException:
                        self._restore(point)
                        raise
                    return
        if isinstance(action, str):
            act = self._variant.parse_action(action)
        elif isinstance(action, Action):
            act = self._variant.check_action(action)
        else:
            raise InvalidType("action", "an Action or its text", action)
        if seat is not None and type(seat) is not int:  # a numpy integer is the int it equals
            seat = integer(seat, "seat", f"an int from 0 to {self._seats - 1}", InvalidSeatType)
        s = seat if seat is not None else hand.turn if hand is not None else CHANCE
        if (
            hand is not None
            and not self._discarding
            and self._board.winner_team is None
            and type(s) is int
            and 0 <= s < self._seats
        ):  # the common case, inline: a player's action in a contest (same steps as _check)
            hand.check(act, s)
            point = self._undo_point()
            try:
                self._act(hand, s, act)
            except BaseException:
                self._restore(point)
                raise
            return
        step = self._check(act, seat)
        point = self._undo_point()
        try:
            step()
        except BaseException:
            self._restore(point)
            raise

    def _check(self, act: Action, seat: int | None) -> Callable[[], None]:
        """Validate ``act`` by ``seat`` (raising a TrucoError, changing nothing) and return the
        step that carries it out."""
        fmt = self._variant.format_action
        if self._board.winner_team is not None:
            raise IllegalAction(act, seat, "the match is over", fmt=fmt)
        if seat is not None and not CHANCE <= seat < self._seats:  # an int by now
            raise SeatOutOfRange(act, seat, self._seats, fmt=fmt)
        hand = self._hand
        if self._discarding:
            s = self._discarding[0]
            if seat is not None and seat != s:
                raise WrongPlayer(act, seat, f"seat {s} is to discard a card first", fmt=fmt)
            if act.card not in self._dealt[s] or act != Action.discard(act.card):
                legal = [Action.discard(c) for c in self._dealt[s]]
                why = "a card of this seat must be discarded first"
                raise IllegalAction(act, s, why, legal, fmt=fmt)
            return lambda: self._discard(s, act)
        if hand is None:
            if seat is not None and seat != CHANCE:
                raise WrongPlayer(act, seat, "the cards are being dealt: only chance acts now")
            if act.card is None or act != Action.deal(act.card):  # no stray down, number...
                raise IllegalAction(act, "chance", "the next card must be dealt", ["deal <card>"])
            if act.card in self._pending_deal or act.card not in self._variant.deck.cards:
                why = "that card is already dealt or not in the deck"
                raise IllegalAction(act, "chance", why, fmt=fmt)
            return lambda: self._deal(act)
        if seat == CHANCE:
            why = f"no card is being dealt now; seat {hand.turn} is to act"
            raise WrongPlayer(act, seat, why, fmt=fmt)
        s = hand.turn if seat is None else seat
        hand.check(act, s)
        return lambda: self._act(hand, s, act)

    def _act(self, hand: Hand, s: int, act: Action) -> None:
        hand._do(act, s)
        self._recent.append((s, act))
        if hand.phase == OVER:
            self._end_contest()

    def _fresh(self: _S) -> _S:
        """A new match of the same class with this one's start and no action played."""
        origin = self._origin
        st = origin.start
        return type(self)(
            self._variant,
            self._seats,
            seed=origin.seed,
            deals=origin.deals,
            mano=st["mano"],
            scores=tuple(st["scores"]),
            chicos=tuple(st["chicos"]),
            derivation=origin.derivation,
        )

    def _become(self, other: MatchState) -> None:
        """Take ``other``'s whole state (``other`` is not used afterwards)."""
        for name in StateView.__slots__:
            setattr(self, name, getattr(other, name))

    def _undo_point(self) -> int | MatchState:
        """How :meth:`_restore` will put the match back as it is now: a copy where the variant
        has a hook or a side bet from outside the library (code that may not be pure, nor
        replay), else the count of actions to replay (pure hooks make the replay exact)."""
        return self.copy() if self._variant._undo_by_copy else self._action_count()

    def _restore(self, point: int | MatchState) -> None:
        if not isinstance(point, int):
            return self._become(point)
        fresh = self._fresh()
        for seat, act in self.actions[:point]:
            fresh._check(act, seat)()
        self._become(fresh)

    # ------------------------------------------------------------------ copies
    def copy(self: _S) -> _S:
        """An independent copy of the match (``copy.copy(match)`` makes the same); a
        subclass's own attributes (in its ``__dict__``) are copied shallowly."""
        new = cast(_S, _copy_state(self))
        cls = type(self)
        plan = cls._copy_plan if cls._copy_plan_of is cls else _copy_plan(cls)
        if plan is None:  # the match state is all there is (the common case)
            return new
        dictful, own = plan
        if dictful:
            new.__dict__.update(self.__dict__)
        for name in own:
            if hasattr(self, name):
                setattr(new, name, getattr(self, name))
        return new

    __copy__ = copy


def _copy_plan(klass: type[MatchState]) -> tuple[bool, tuple[str, ...]] | None:
    """:attr:`MatchState._copy_plan` of ``klass``, worked out once and kept on the class
    itself (it goes when the class goes; a class's ``__slots__`` are fixed when it is
    made)."""
    plan = beyond(klass, MatchState)
    type.__setattr__(klass, "_copy_plan", plan)
    type.__setattr__(klass, "_copy_plan_of", klass)
    return plan


# the actions since the last contest ended get their own list, the scoreboard (in line) and
# the contest their own objects; the rest (variant, deals, dealt cards, the actions before,
# the history, the deal's discards and cards dealt by chance: tuples, replaced when they
# change) is immutable and shared
_copy_state = copier(
    MatchState,
    StateView.__slots__,
    {
        "_recent": LIST,
        "_hand": "None if {src}._hand is None else {src}._hand.copy()",
    },
    {"_board": (Scoreboard, Scoreboard.__slots__, BOARD_COPY)},
)
