"""The deals of a match, one after another (RULES §2.3, §2.8): a deal from its source (a seed,
an explicit card order or chance), the extra cards discarded, the contests of the deal, and
what the end of each contest settles: its points, the chico, the match, the next mano.

:class:`DealFlow` is the part of :class:`~truco_rules.game.state.MatchState` that moves the
match from one contest to the next; the state adds the queries, ``apply`` and copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..contest.hand import hand_type
from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import IllegalAction, ProtocolError, shown
from ..rules.deck import check_strengths, is_card_order
from ..rules.special import SPECIAL_NONE
from ..rules.table import DealContext, DealPlan
from .dealing import (
    HandSummary,
    check_deal,
    deal_size,
    summarize,
)
from .derivation import hand_random
from .state_view import StateView

if TYPE_CHECKING:
    pass

__all__ = ["CHANCE", "TERMINAL", "DealFlow"]

CHANCE = -1
"""``current_player()`` while cards are being dealt by chance."""
TERMINAL = -2
"""``current_player()`` once the match is over."""

_NORMAL = (SPECIAL_NONE, -1)
_SHARED_FROM = 16
"""The actions since the last contests are made a tuple that copies share once there are this
many (at the end of a contest): each time costs the length of the match, so not after every
short contest."""


class DealFlow(StateView):
    """The deals and contests of a match in turn (see the module)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the state made of this part (MatchState) has them

        def _undo_point(self) -> Any: ...

        def _restore(self, point: Any) -> None: ...

    def _deal_size(self, plan: DealPlan | None = None) -> int:
        return deal_size(self._variant, self._seats, plan or self._plan)

    def _start_deal(self, previous: DealPlan | None) -> None:
        v = self._variant
        ctx = DealContext(
            self._seats, self._mano, self._hand_no, self.score, v.match.target, previous
        )
        plan = v.table.plan(ctx)
        if v._undo_by_copy and not isinstance(plan, DealPlan):  # a hook from outside
            raise ProtocolError("table", "plan", f"gave {shown(plan)}, not a DealPlan")
        self._plan = plan
        self._contests = plan.contests
        self._team = plan.sides
        self._contest = 0
        self._hand = None
        self._discarded = ()
        self._board.new_deal(self._team)
        origin = self._origin
        if origin.seed is not None:
            rng = hand_random(origin.seed, self._hand_no, origin.derivation)
            needed = self._deal_size()
            order = v.deck.shuffled(rng, needed)
            if v._undo_by_copy and not is_card_order(order):
                problem = f"gave {shown(order)}, not a list of the deck's Cards, each once"
                raise ProtocolError("deck", "shuffled", problem)
            if len(order) < needed:  # a deck too small for the extra cards of this deal
                problem = f"gave {len(order)} cards, where this deal takes {needed}"
                raise ProtocolError("deck", "shuffled", problem)
            self._finish_deal(order)
        elif origin.deals is not None and self._hand_no < len(origin.deals):
            self._finish_deal(list(origin.deals[self._hand_no]))
        else:  # dealt by chance, card by card: the deck must hold the whole deal
            needed = self._deal_size()
            if len(v.deck.cards) < needed:
                problem = f"gave {len(v.deck.cards)} cards, where this deal takes {needed}"
                raise ProtocolError("deck", "cards", problem)
            self._pending_deal = ()

    def _finish_deal(self, order: Sequence[Card]) -> None:
        n = self._seats
        k = 3 * n
        mano = self._mano
        # one card at a time from the mano round the table: seat s gets every n-th card
        hands = [tuple(order[(s - mano) % n : k : n]) for s in range(n)]
        extra = self._plan.extra_cards if self._plan is not None else ()
        for i, s in enumerate(extra):  # one card more, to be discarded unseen
            hands[s] += (order[k + i],)
        self._dealt = tuple(hands)
        k += len(extra)
        self._turned = order[k] if self._variant.ranking.turns_up_card else None
        self._pending_deal = ()
        self._discarding = tuple(extra)
        if not self._discarding:
            self._start_contest()

    def _start_contest(self) -> None:
        order = self._contests[self._contest]
        v = self._variant
        scores = self._board.scores
        strengths = v.ranking.strengths(self._turned, v.deck.cards)
        if v._undo_by_copy:  # a ranking from outside: checked as the variant was built, and
            check_strengths(strengths, self._turned)  # its answer may change since
        # made as Hand(v, ...) makes it, without its look-up of the variant's contest class
        # through __new__ (a call with packed arguments, at every contest)
        hand = self._hand = object.__new__(hand_type(v))
        hand.__init__(  # type: ignore[misc]
            v,
            order,
            self._team,
            self._dealt,
            tuple(scores),
            strengths,
            v.special.kind(scores, v.match.target) if v.special is not None else _NORMAL,
            turned=self._turned,
        )
        if hand.over:  # e.g. flores sung at once reach the target
            self._end_contest()

    def _discard(self, s: int, act: Action) -> None:
        card = act.card
        assert card is not None
        self._discarded += ((s, card),)
        dealt = list(self._dealt)
        dealt[s] = tuple(c for c in dealt[s] if c != card)
        self._dealt = tuple(dealt)
        self._recent.append((s, act))
        self._discarding = self._discarding[1:]
        if not self._discarding:
            self._start_contest()

    def _deal_given(self, order: Sequence[Card]) -> None:
        """Deal ``order`` as an explicit deal, at a chance node none of whose cards is dealt
        yet, in a match given no seed and the card orders of the deals before this one
        alone (none, at the first): the match becomes the one built with those deals and
        ``order`` after them (``deals=[order]`` at the first), in every field. ``order`` is
        checked as the constructor checks an explicit deal
        (:class:`~truco_rules.core.errors.InvalidType`,
        :class:`~truco_rules.core.errors.ParseError`); any other state is
        :class:`~truco_rules.core.errors.IllegalAction`; an error changes nothing (a hook
        that raises as the deal is played is undone as :meth:`apply` undoes it). A search
        that builds many matches alike but for their first deal copies one that waits for it
        and deals each copy its own cards, which costs less than building each."""
        origin = self._origin
        given = origin.deals or ()
        if (
            origin.seed is not None
            or len(given) != self._hand_no
            or self._hand is not None
            or self._discarding
            or self._pending_deal
            or self._board.winner_team is not None
        ):
            why = "only a deal by chance none of whose cards is dealt can be given"
            raise IllegalAction("deal", "chance", why)
        cards = check_deal(self._variant, self._seats, order, self._hand_no)
        point = self._undo_point()
        self._origin = attrs.evolve(origin, deals=(*given, cards))
        try:
            self._finish_deal(list(cards))
        except BaseException:  # undone as apply() undoes a step, from the match's start
            self._origin = origin
            self._restore(point)
            raise

    def _deal(self, act: Action) -> None:
        assert act.card is not None
        self._pending_deal += (act.card,)
        self._recent.append((CHANCE, act))
        if len(self._pending_deal) == self._deal_size(self._plan):
            self._finish_deal(self._pending_deal)

    def _end_contest(self) -> None:
        hand = self._hand
        assert hand is not None
        # finished: it no longer changes, so it is shared by copies; one action may end two
        n = self._action_count()
        if len(self._recent) >= _SHARED_FROM:  # the actions join those copies share
            self._acted = (*self._acted, *self._recent)
            self._recent = []
        self._last_hands = (*self._last_hands, hand) if n == self._ended_at else (hand,)
        self._ended_at = n
        pts = (hand.team_total(0), hand.team_total(1))
        kind = self._plan.kind if self._plan is not None else ""
        entry = (hand, self._hand_no, self._contest, kind, self._team)
        # summed up when first read; at once where the variant's own bets show cards (their
        # code runs now, where a broken bet leaves the match as it was)
        self._history += (summarize(*entry) if self._variant.side_bets else entry,)
        board = self._board
        board.credit(pts, self._team)
        mr = self._variant.match
        seats: tuple[int, ...] = ()
        if mr.chico_check == "each_deal" and self._contest + 1 < len(self._contests):
            chico = None  # the deal's other contests are played first
        elif board.player_scores is None and max(board.scores) < mr.target:
            chico = None  # the commonest case: no side has reached the target
        elif board.player_scores is not None:
            seats = board.individual_winners(mr.target, self._team)
            chico = self._team[seats[0]] if seats else None
        else:
            top = set()  # this deal's contests are the last entries of the history
            for h in reversed(self._history):
                if type(h) is tuple:  # not summed up yet: its finished contest
                    if h[1] != self._hand_no:
                        break
                    if h[0].won_top_bet():
                        top.add(h[0].hand_winner)
                    continue
                assert isinstance(h, HandSummary)
                if h.hand_no != self._hand_no:
                    break
                if h.top_bet:
                    top.add(h.winner)
            # the side the envido points went to (after any truth check), for RULES §4 B13
            env_winner = next(
                (t for t, _p, why in hand.points if why in ("envido", "envido forfeited")), None
            )
            chico = board.chico_winner(mr, env_winner, top)
        if chico is not None:
            board.count_chico(chico, seats, mr.chicos_to_win, self._team)
            if board.winner_team is not None:  # the final score stays on the board
                self._hand = None
                return
            board.new_chico(self._seats)
        self._contest += 1
        if chico is None and self._contest < len(self._contests):
            self._start_contest()
            return
        previous = None if chico is not None else self._plan
        mano = self._variant.table.next_mano(
            DealContext(self._seats, self._mano, self._hand_no, self.score, mr.target, previous)
        )
        if type(mano) is not int or not 0 <= mano < self._seats:
            raise ProtocolError("table", "next_mano", f"gave {shown(mano)}, not a seat")
        self._mano = mano
        self._hand_no += 1
        self._start_deal(previous)
