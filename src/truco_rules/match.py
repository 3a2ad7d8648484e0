"""A match: deals until a side wins the chicos it needs (RULES §2.3, §2.8).

The match deals each hand from an explicit source:

* ``seed=S``: hand ``k`` is dealt from a shuffle seeded by ``(S, k)``, so any hand can be
  reproduced on its own;
* ``deals=[...]``: explicit card orders, one per deal (top card first; cards go one at a time
  to the mano first, in play order, then the turned card if the variant has one);
* neither, or once ``deals`` runs out: the deal is a *chance node*. :meth:`Match.current_player`
  returns :data:`CHANCE` and the legal actions are ``deal <card>`` for every undealt card.

A match is mutable; :meth:`Match.copy` is cheap, and ``==`` compares whole states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from .actions import DEAL, DISCARD, Action
from .cards import Card
from .errors import (
    CannotUndo,
    IllegalAction,
    InvalidSeat,
    InvalidType,
    ParseError,
    TrucoError,
    WrongPlayer,
    shown,
)
from .hand import OVER, Hand
from .hooks import SPECIAL_NONE, DealContext, DealPlan

if TYPE_CHECKING:
    from .observe import Observation
    from .variant import Variant

__all__ = ["CHANCE", "TERMINAL", "HandSummary", "Match", "deal_order"]

CHANCE = -1
""":meth:`Match.current_player` while cards are being dealt by chance."""
TERMINAL = -2
""":meth:`Match.current_player` once the match is over."""


@attrs.frozen
class HandSummary:
    """What one finished contest gave (kept in :attr:`Match.history`)."""

    hand_no: int
    contest: int
    mano: int
    mano_side: int
    dealt: tuple[tuple[Card, ...], ...]
    points: tuple[int, int]
    """Points each side scored in the contest."""
    events: tuple[tuple[int, int, str], ...]
    """(side, points, reason) in the order they were awarded."""
    winner: int | None
    """Side that won the tricks part (``None``: nobody, or the hand stopped early)."""
    end_reason: str
    tricks: tuple[int, ...]
    """Per trick: 0 mano's side, 1 the other side, -1 tied."""
    actions: int
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Cards shown to everyone at the end (envido proof, flores)."""
    special: str = ""
    """The special hand it was (``"one-side"``: hand of 11/10; ``"iron"``), or ``""``."""
    kind: str = ""
    """The format of the deal (:attr:`DealPlan.kind`), e.g. ``"pica-pica"``."""
    top_bet: bool = False
    """Whether the contest was won on an accepted top rung worth the whole target."""
    sides: tuple[int, ...] = ()
    """The side of every seat in this deal (sides may change from deal to deal: gallo)."""


def deal_order(
    variant: Variant,
    hands: Sequence[Sequence[Card] | str],
    mano: int = 0,
    turned: Card | str | None = None,
) -> tuple[Card, ...]:
    """The card order that deals ``hands[s]`` to seat ``s`` (and turns up ``turned``).

    Handy for scenarios: ``m = v.new_match(deals=[deal_order(v, ["1E 7E 3B", "4C 5C 6O"])])``.
    The rest of the deck follows in canonical order.
    """
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise InvalidType("hands", "a sequence of hands (card text or Cards), one per seat", hands)
    if not 1 <= len(hands) <= 8:
        raise ParseError(f"hands lists one hand per seat, not {len(hands)}")
    parsed = [variant._as_cards(h) for h in hands]
    n = len(parsed)
    if type(mano) is not int:
        raise InvalidType("mano", "an int", mano)
    if not 0 <= mano < n:
        raise ParseError(f"mano must be a seat from 0 to {n - 1}, not {shown(mano)}")
    order = [parsed[(mano + k) % n][k // n] for k in range(3 * n)]
    if turned is not None:
        if isinstance(turned, Card):
            order.append(turned)
        elif isinstance(turned, str):
            order.append(variant.card(turned))
        else:
            raise InvalidType("turned", "a Card, card text or None", turned)
    if len(set(order)) != len(order):
        raise ParseError("a card appears twice in the deal")
    used = set(order)
    return tuple(order) + tuple(c for c in variant.deck.cards if c not in used)


_NORMAL = (SPECIAL_NONE, -1)


def _draw_for_deal(
    variant: Variant, seats: int, seed: int
) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """Everyone draws a card; the highest deals; a tie for highest redraws among the tied
    (RULES §7.3). Returns the dealer and the draws ``(seat, card)`` in order."""
    deck = variant.deck.shuffled(random.Random(f"truco-rules/{seed}/draw"))
    strength = variant.ranking.strengths(None, variant.deck.cards)
    drawn: list[tuple[int, Card]] = []
    candidates = list(range(seats))
    while True:
        if len(deck) < len(candidates):  # tie after tie: gather and shuffle again
            deck = variant.deck.shuffled(random.Random(f"truco-rules/{seed}/draw/{len(drawn)}"))
        round_ = [(s, deck.pop()) for s in candidates]
        drawn += round_
        best = max(strength[c.index] for _s, c in round_)
        candidates = [s for s, c in round_ if strength[c.index] == best]
        if len(candidates) == 1:
            return candidates[0], tuple(drawn)


MAX_SEED = 2**64 - 1
"""The largest seed a match accepts (records keep seeds as JSON integers)."""


def _check_arguments(
    seats: object, seed: object, deals: object, mano: object, scores: object, chicos: object
) -> None:
    """Types and ranges of :class:`Match`'s arguments that do not depend on the variant."""
    if type(seats) is not int:
        raise InvalidType("seats", "an int", seats)
    if seed is not None:
        if type(seed) is not int:
            raise InvalidType("seed", "an int or None", seed)
        if not 0 <= seed <= MAX_SEED:
            raise ParseError(f"seed must be an integer from 0 to 2**64-1, not {shown(seed)}")
    if deals is not None and (not isinstance(deals, Sequence) or isinstance(deals, str)):
        raise InvalidType("deals", "a sequence of card orders (text or Cards) or None", deals)
    if mano is not None and type(mano) is not int:
        raise InvalidType("mano", "an int or None", mano)
    for name, value in (("scores", scores), ("chicos", chicos)):
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise InvalidType(name, "a sequence of ints", value)
        if len(value) > 8 or any(type(x) is not int for x in value):
            raise ParseError(f"{name} must be a few non-negative ints, not {shown(value)}")


def _never(seats: int) -> bool:
    return False


def _hand_seed(seed: int, hand_no: int) -> random.Random:
    return random.Random(f"truco-rules/{seed}/{hand_no}")


class Match:
    """A match of ``variant`` at ``seats`` seats. Build with :meth:`Variant.new_match`.

    ``mano`` is the first hand's mano (default: drawn from ``seed``, else seat 0); ``scores``
    and ``chicos`` let a match start from a given standing (for scenarios and tests). A table
    whose ``first_dealer`` is ``"card_draw"`` makes the seeded draw a card draw: everyone draws,
    the highest card deals, and :attr:`first_draw` keeps the cards drawn.
    """

    __slots__ = (
        "_chicos",
        "_contest",
        "_contests",
        "_dealt",
        "_discarding",
        "_individual",
        "_pending_deal",
        "_player_chicos",
        "_player_scores",
        "_scores",
        "actions",
        "deals",
        "discarded",
        "first_draw",
        "hand",
        "hand_no",
        "history",
        "last_hand",
        "mano",
        "plan",
        "seats",
        "seed",
        "start",
        "team",
        "turned",
        "variant",
        "winner_seat",
        "winner_team",
    )

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
    ) -> None:
        _check_arguments(seats, seed, deals, mano, scores, chicos)
        variant.table.check_seats(seats, variant.name)
        if seed is not None and deals is not None:
            raise ParseError("give either seed or deals, not both")
        self.variant = variant
        self.seats = seats
        self.seed = seed
        self._individual = bool(getattr(variant.table, "individual_scores", _never)(seats))
        # an empty list of deals is no explicit deal at all: every deal is a chance node
        self.deals: tuple[tuple[Card, ...], ...] | None = (
            tuple(self._check_deal(d, i) for i, d in enumerate(deals)) if deals else None
        )
        self.first_draw: tuple[tuple[int, Card], ...] = ()
        if seed is not None and getattr(variant.table, "first_dealer", "") == "card_draw":
            dealer, draw = _draw_for_deal(variant, seats, seed)
            mano = (dealer + 1) % seats if mano is None else mano
            if mano == (dealer + 1) % seats:  # kept when it decided the mano (also on replay)
                self.first_draw = draw
        if mano is None:  # a seeded draw of a seat, else seat 0
            mano = 0 if seed is None else random.Random(f"truco-rules/{seed}/mano").randrange(seats)
        if type(mano) is not int or not 0 <= mano < seats:
            raise ParseError(f"mano must be a seat from 0 to {seats - 1}, not {shown(mano)}")
        width = seats if self._individual else 2
        if self._individual:  # one score per player; (0, 0) stands for all zeros
            scores = [0] * seats if list(scores) == [0, 0] else scores
            chicos = [0] * seats if list(chicos) == [0, 0] else chicos
        if (
            len(scores) != width
            or len(chicos) != width
            or any(type(x) is not int or x < 0 for x in (*scores, *chicos))
        ):
            who = "player" if self._individual else "side"
            raise ParseError(
                f"scores and chicos are {width} non-negative integers each (one per {who})"
            )
        if max(scores) >= variant.match.target or max(chicos) >= variant.match.chicos_to_win:
            raise ParseError(
                f"a match starts below the target ({variant.match.target}) and below the "
                f"chicos to win ({variant.match.chicos_to_win}); got scores {tuple(scores)}, "
                f"chicos {tuple(chicos)}"
            )
        self.start: dict[str, Any] = {"mano": mano, "scores": list(scores), "chicos": list(chicos)}
        self.mano = mano
        self._scores = list(scores)
        self._chicos = list(chicos)
        # individual scores (gallo): per player; ``scores`` is then each side's best player
        self._player_scores: list[int] | None = list(scores) if self._individual else None
        self._player_chicos: list[int] | None = list(chicos) if self._individual else None
        self.winner_seat: int | None = None
        self._discarding: list[int] = []
        self.discarded: list[tuple[int, Card]] = []
        self.team: tuple[int, ...] = ()  # sides of the current deal (from the table's plan)
        self.hand_no = 0
        self.history: list[HandSummary] = []
        self.actions: list[tuple[int, Action]] = []
        self.winner_team: int | None = None
        self.hand: Hand | None = None
        self.last_hand: Hand | None = None  # the finished previous contest (public record)
        self.turned: Card | None = None
        self._contests: tuple[tuple[int, ...], ...] = ()
        self._contest = 0
        self._dealt: tuple[tuple[Card, ...], ...] = ()
        self._pending_deal: list[Card] = []
        self.plan: DealPlan | None = None
        if self._individual:
            self._scores, self._chicos = [0, 0], [0, 0]
        self._start_deal(None)

    def _check_deal(self, deal: Sequence[Card] | str, i: int) -> tuple[Card, ...]:
        if isinstance(deal, str):
            cards = self.variant.cards(deal)
        elif isinstance(deal, Sequence) and all(isinstance(c, Card) for c in deal):
            cards = tuple(c for c in deal if isinstance(c, Card))
        else:
            raise InvalidType(f"deals[{i}]", "card text or a sequence of Cards", deal)
        table = self.variant.table
        probe = table.plan(DealContext(self.seats, 0, 0, (0, 0), self.variant.match.target, None))
        need = self._deal_size(probe)
        if len(cards) < need:
            raise ParseError(f"deal {i} must list at least {need} cards, got {len(cards)}")
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.variant.deck.cards):
            raise ParseError(f"deal {i} repeats a card or uses one not in the deck")
        return cards

    # ------------------------------------------------------------------ dealing
    def _deal_size(self, plan: DealPlan | None = None) -> int:
        plan = plan or self.plan
        extra = len(plan.extra_cards) if plan is not None else 0
        return 3 * self.seats + extra + (1 if self.variant.ranking.turns_up_card else 0)

    def _start_deal(self, previous: DealPlan | None) -> None:
        table = self.variant.table
        target = self.variant.match.target
        plan = table.plan(
            DealContext(self.seats, self.mano, self.hand_no, self.score, target, previous)
        )
        self.plan = plan
        self._contests = plan.contests
        self.team = plan.sides
        self._contest = 0
        self.hand = None
        self.discarded = []
        if self._player_scores is not None and self._player_chicos is not None:
            self._scores = self._side_best(self._player_scores)
            self._chicos = self._side_best(self._player_chicos)
        if self.seed is not None:
            order = self.variant.deck.shuffled(
                _hand_seed(self.seed, self.hand_no), self._deal_size()
            )
            self._finish_deal(order)
        elif self.deals is not None and self.hand_no < len(self.deals):
            self._finish_deal(list(self.deals[self.hand_no]))
        else:
            self._pending_deal = []

    def _side_best(self, per_player: Sequence[int]) -> list[int]:
        """Each side's highest individual figure in the current deal."""
        best = [0, 0]
        for s, v in enumerate(per_player):
            t = self.team[s]
            best[t] = max(best[t], v)
        return best

    def _finish_deal(self, order: Sequence[Card]) -> None:
        n = self.seats
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(3 * n):
            hands[(self.mano + k) % n].append(order[k])
        extra = self.plan.extra_cards if self.plan is not None else ()
        for i, s in enumerate(extra):  # one card more, to be discarded unseen
            hands[s].append(order[3 * n + i])
        self._dealt = tuple(tuple(h) for h in hands)
        k = 3 * n + len(extra)
        self.turned = order[k] if self.variant.ranking.turns_up_card else None
        self._pending_deal = []
        self._discarding = list(extra)
        if not self._discarding:
            self._start_contest()

    def _start_contest(self) -> None:
        order = self._contests[self._contest]
        v = self.variant
        self.hand = Hand(
            v,
            order,
            self.team,
            self._dealt,
            tuple(self._scores),
            v.ranking.strengths(self.turned, v.deck.cards),
            v.special.kind(self._scores, v.match.target) if v.special is not None else _NORMAL,
            turned=self.turned,
        )
        if self.hand.over:  # e.g. flores sung at once reach the target
            self._end_contest()

    # ------------------------------------------------------------------ public state
    @property
    def scores(self) -> tuple[int, int]:
        """The two sides' scores in the current chico (read-only; with individual scores,
        each side's best player)."""
        return (self._scores[0], self._scores[1])

    @property
    def chicos(self) -> tuple[int, int]:
        """The chicos each side has won (read-only)."""
        return (self._chicos[0], self._chicos[1])

    @property
    def player_scores(self) -> tuple[int, ...] | None:
        """Every player's own score when the table keeps individual scores (gallo), else
        ``None`` (read-only)."""
        return None if self._player_scores is None else tuple(self._player_scores)

    @property
    def player_chicos(self) -> tuple[int, ...] | None:
        """Every player's chicos when the table keeps individual scores, else ``None``."""
        return None if self._player_chicos is None else tuple(self._player_chicos)

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE` while dealing, or :data:`TERMINAL`."""
        if self.winner_team is not None:
            return TERMINAL
        if self._discarding:
            return self._discarding[0]
        if self.hand is None:
            return CHANCE
        return self.hand.turn

    def is_over(self) -> bool:
        """Whether the match has a winner."""
        return self.winner_team is not None

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance deal."""
        return self.winner_team is None and self.hand is None and not self._discarding

    def winner(self) -> int | None:
        """The winning side (0 or 1), or ``None`` while the match goes on. With individual
        scores it is the winner's side in the last deal: :meth:`winning_seats` names him."""
        return self.winner_team

    def winning_seats(self) -> tuple[int, ...]:
        """The seats that won the match (a side, or one player with individual scores)."""
        if self.winner_team is None:
            return ()
        if self.winner_seat is not None:
            return (self.winner_seat,)
        return self.seats_of(self.winner_team)

    @property
    def score(self) -> tuple[int, int]:
        """The two sides' scores in the current chico."""
        return (self._scores[0], self._scores[1])

    def score_text(self) -> str:
        """The score as players say it, e.g. ``12 malas - 3 buenas`` (with individual scores,
        one figure per seat: ``seat 0: 5 - seat 1: 3 - seat 2: 3``)."""
        mr = self.variant.match
        if self._player_scores is not None:
            return " - ".join(
                f"seat {s}: {mr.score_text(v)}" for s, v in enumerate(self._player_scores)
            )
        return f"{mr.score_text(self._scores[0])} - {mr.score_text(self._scores[1])}"

    def seats_of(self, team: int) -> tuple[int, ...]:
        """The seats of side ``team`` in the current deal."""
        return tuple(s for s in range(self.seats) if self.team[s] == team)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), in a deterministic order.

        At a chance node (``seat`` omitted or :data:`CHANCE`) these are the ``deal`` actions.
        """
        if seat is not None and seat != CHANCE:
            self._check_seat(seat)
        if self.winner_team is not None:
            return []
        if self._discarding:
            s = self._discarding[0] if seat is None else seat
            if s != self._discarding[0]:
                return []
            return [Action.discard(c) for c in self._dealt[s]]
        if self.hand is None:
            if seat is not None and seat != CHANCE:
                return []
            dealt = set(self._pending_deal)
            return [Action.deal(c) for c in self.variant.deck.cards if c not in dealt]
        if seat == CHANCE:
            return []
        return self.hand.legal_actions(seat)

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise InvalidSeat(seat, self.seats)

    def legal_action_texts(self, seat: int | None = None) -> list[str]:
        """:meth:`legal_actions` as text in the variant's notation."""
        fmt = self.variant.format_action
        return [fmt(a) for a in self.legal_actions(seat)]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: each ``deal`` action with its exact probability (a
        :class:`~fractions.Fraction`; they sum to 1). Elsewhere: an empty list."""
        acts = self.legal_actions() if self.is_chance_node() else []
        return [(a, Fraction(1, len(acts))) for a in acts]

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply an action (an :class:`Action` or its text) for ``seat`` (default: to act).

        Raises a :class:`~truco_rules.errors.TrucoError` and leaves the match unchanged:
        :class:`~truco_rules.errors.ParseError` for malformed text,
        :class:`~truco_rules.errors.UnknownAction` for a verb the variant lacks,
        :class:`~truco_rules.errors.IllegalAction` for an action the rules do not allow now,
        :class:`~truco_rules.errors.WrongPlayer` for a seat that may not act,
        :class:`~truco_rules.errors.InvalidType` for an argument of the wrong type.

        The change is atomic: if a hook raises while the action is carried out (a bug in a
        third-party rule), the match is restored to exactly its state before the call (by
        replaying its record, which pure hooks make exact) and the hook's exception propagates.
        """
        if isinstance(action, str):
            act = self.variant.parse_action(action)
        elif isinstance(action, Action):
            act = self.variant.check_action(action)
        else:
            raise InvalidType("action", "an Action or its text", action)
        hand = self.hand
        s = seat if seat is not None else hand.turn if hand is not None else CHANCE
        if (
            hand is not None
            and not self._discarding
            and self.winner_team is None
            and s.__class__ is int
            and 0 <= s < self.seats
        ):  # the common case, inline: a player's action in a contest (same steps as _check)
            hand.check(act, s)
            done = len(self.actions)
            try:
                self._act(hand, s, act)
            except BaseException:
                self._restore(done)
                raise
            return
        step = self._check(act, seat)
        done = len(self.actions)
        try:
            step()
        except BaseException:
            self._restore(done)
            raise

    def _check(self, act: Action, seat: int | None) -> Callable[[], None]:
        """Validate ``act`` by ``seat`` (raising a TrucoError, changing nothing) and return the
        step that carries it out."""
        fmt = self.variant.format_action
        if self.winner_team is not None:
            raise IllegalAction(act, seat, "the match is over", fmt=fmt)
        hand = self.hand
        if self._discarding:
            s = self._discarding[0]
            if seat is not None and seat != s:
                raise WrongPlayer(act, seat, f"seat {s} is to discard a card first", fmt=fmt)
            if act.verb != DISCARD or act.card not in self._dealt[s]:
                legal = [Action.discard(c) for c in self._dealt[s]]
                why = "a card of this seat must be discarded first"
                raise IllegalAction(act, s, why, legal, fmt=fmt)
            return lambda: self._discard(s, act)
        if hand is None:
            if seat is not None and seat != CHANCE:
                raise WrongPlayer(act, seat, "the cards are being dealt: only chance acts now")
            if act.verb != DEAL or act.card is None:
                raise IllegalAction(act, "chance", "the next card must be dealt", ["deal <card>"])
            if act.card in self._pending_deal or act.card not in self.variant.deck.cards:
                why = "that card is already dealt or not in the deck"
                raise IllegalAction(act, "chance", why, fmt=fmt)
            return lambda: self._deal(act)
        if seat == CHANCE:
            why = f"no card is being dealt now; seat {hand.turn} is to act"
            raise WrongPlayer(act, seat, why, fmt=fmt)
        s = hand.turn if seat is None else seat
        if type(s) is not int or not 0 <= s < self.seats:
            raise WrongPlayer(
                act, s, f"there is no seat {shown(s)}; seats are 0 to {self.seats - 1}"
            )
        hand.check(act, s)
        return lambda: self._act(hand, s, act)

    def _act(self, hand: Hand, s: int, act: Action) -> None:
        hand._do(act, s)
        self.actions.append((s, act))
        if hand.phase == OVER:
            self._end_contest()

    def _discard(self, s: int, act: Action) -> None:
        card = act.card
        assert card is not None
        self.discarded.append((s, card))
        dealt = list(self._dealt)
        dealt[s] = tuple(c for c in dealt[s] if c != card)
        self._dealt = tuple(dealt)
        self.actions.append((s, act))
        self._discarding.pop(0)
        if not self._discarding:
            self._start_contest()

    def _deal(self, act: Action) -> None:
        assert act.card is not None
        self._pending_deal.append(act.card)
        self.actions.append((CHANCE, act))
        if len(self._pending_deal) == self._deal_size(self.plan):
            self._finish_deal(list(self._pending_deal))

    def _restore(self, done: int) -> None:
        """Put the match back to its state after its first ``done`` actions, by replaying them
        on a new match with the same start (hooks are pure, so the replay is exact)."""
        fresh = Match(
            self.variant,
            self.seats,
            seed=self.seed,
            deals=self.deals,
            mano=self.start["mano"],
            scores=tuple(self.start["scores"]),
            chicos=tuple(self.start["chicos"]),
        )
        for seat, act in self.actions[:done]:
            fresh._check(act, seat)()
        for name in Match.__slots__:
            setattr(self, name, getattr(fresh, name))

    def _end_contest(self) -> None:
        hand = self.hand
        assert hand is not None
        self.last_hand = hand  # finished: it no longer changes, so it is shared by copies
        pts = (hand.team_total(0), hand.team_total(1))
        self.history.append(
            HandSummary(
                hand_no=self.hand_no,
                contest=self._contest,
                mano=hand.order[0],
                mano_side=hand.mano_team,
                dealt=tuple(hand.dealt),
                points=pts,
                events=tuple(hand.points),
                winner=hand.hand_winner,
                end_reason=hand.end_reason,
                tricks=tuple(hand.results),
                actions=len(hand.log),
                shown=hand.shown(),
                special=hand.special,
                kind=self.plan.kind if self.plan is not None else "",
                top_bet=hand.won_top_bet(),
                sides=self.team,
            )
        )
        self._scores[0] += pts[0]
        self._scores[1] += pts[1]
        if self._player_scores is not None:  # each player is credited with his side's points
            for s in range(self.seats):
                self._player_scores[s] += pts[self.team[s]]
            self._scores = self._side_best(self._player_scores)
        # the side the envido points went to (after any truth check), for RULES §4 B13
        env_winner = next(
            (t for t, _p, why in hand.points if why in ("envido", "envido forfeited")), None
        )
        mr = self.variant.match
        seats: tuple[int, ...] = ()
        if mr.chico_check == "each_deal" and self._contest + 1 < len(self._contests):
            chico = None  # the deal's other contests are played first
        elif self._player_scores is not None:
            seats = self._individual_winners()
            chico = self.team[seats[0]] if seats else None
        else:
            chico = self._chico_winner(env_winner)
        if chico is not None:
            self._count_chico(chico, seats)
            if self.winner_team is not None:  # the final score stays on the board
                self.hand = None
                return
            self._scores = [0, 0]
            if self._player_scores is not None:
                self._player_scores = [0] * self.seats
        self._contest += 1
        if chico is None and self._contest < len(self._contests):
            self._start_contest()
            return
        previous = None if chico is not None else self.plan
        self.mano = self.variant.table.next_mano(
            DealContext(
                self.seats, self.mano, self.hand_no, self.score, self.variant.match.target, previous
            )
        )
        self.hand_no += 1
        self._start_deal(previous)

    def _individual_winners(self) -> tuple[int, ...]:
        """With individual scores: the players at the target with the highest score, if they
        played on one side in this deal (partners credited together win together); players
        of both sides level at the top play another deal, as RULES §4 B13 does for sides."""
        assert self._player_scores is not None
        top = max(self._player_scores)
        best = tuple(s for s, v in enumerate(self._player_scores) if v == top)
        if top < self.variant.match.target or len({self.team[s] for s in best}) > 1:
            return ()
        return best

    def _count_chico(self, side: int, seats: tuple[int, ...]) -> None:
        """Side ``side`` won the chico (with individual scores: players ``seats`` did)."""
        need = self.variant.match.chicos_to_win
        if not seats or self._player_chicos is None:
            self._chicos[side] += 1
            self._check_over()
            return
        for s in seats:
            self._player_chicos[s] += 1
        self._chicos = self._side_best(self._player_chicos)
        done = [s for s in seats if self._player_chicos[s] >= need]
        if done:
            self.winner_seat = done[0] if len(done) == 1 else None
            self.winner_team = side
            self.hand = None

    def _chico_winner(self, env_winner: int | None) -> int | None:
        mr = self.variant.match
        t = mr.target
        reached = [side for side in (0, 1) if self._scores[side] >= t]
        if len(reached) == 1:
            return reached[0]
        if not reached:
            return None
        if mr.simultaneous_finish == "envido_team_wins" and env_winner is not None:
            return env_winner
        if self._scores[0] != self._scores[1]:
            return 0 if self._scores[0] > self._scores[1] else 1
        # equal: the side that won a bet for the whole target in this deal (RULES §7.6)
        top = {h.winner for h in self.history if h.hand_no == self.hand_no and h.top_bet}
        if len(top) == 1:
            return top.pop()
        return None  # else another hand (RULES §4 B13, §7.6)

    def _check_over(self) -> None:
        need = self.variant.match.chicos_to_win
        for side in (0, 1):
            if self._chicos[side] >= need:
                self.winner_team = side
                self.hand = None

    # ------------------------------------------------------------------ copies, equality
    def copy(self) -> Match:
        """An independent copy of the match."""
        new = Match.__new__(Match)
        for name in Match.__slots__:
            setattr(new, name, getattr(self, name))
        new._scores = list(self._scores)
        new._chicos = list(self._chicos)
        new.history = list(self.history)
        new.actions = list(self.actions)
        new._pending_deal = list(self._pending_deal)
        new._discarding = list(self._discarding)
        new.discarded = list(self.discarded)
        if self._player_scores is not None and self._player_chicos is not None:
            new._player_scores = list(self._player_scores)
            new._player_chicos = list(self._player_chicos)
        new.hand = self.hand.copy() if self.hand is not None else None
        return new

    def key(self) -> tuple[Any, ...]:
        """The whole state as one comparable value."""
        return (
            self.variant,
            self.seats,
            self.seed,
            self.deals,
            tuple(self.start["scores"]),
            tuple(self.start["chicos"]),
            self.start["mano"],
            tuple(self._scores),
            tuple(self._chicos),
            self.hand_no,
            self.mano,
            self.winner_team,
            tuple(self.history),
            tuple(self.actions),
            tuple(self._pending_deal),
            self._contest,
            self.turned,
            None if self._player_scores is None else tuple(self._player_scores),
            None if self._player_chicos is None else tuple(self._player_chicos),
            self.winner_seat,
            tuple(self._discarding),
            tuple(self.discarded),
            self._dealt,
            None if self.hand is None else self.hand.key(),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return (
            f"<Match {self.variant.name} seats={self.seats} hand={self.hand_no} "
            f"score={self.score_text()} chicos={self._chicos[0]}-{self._chicos[1]}>"
        )

    def __str__(self) -> str:
        """The table as a person looking at every seat sees it: the score, every seat's cards
        in hand and on the table, the stake, and whose turn it is (``print(m)``)."""
        fmt = self.variant.format_card
        lines = [
            f"{self.variant.name}, {self.seats} seats, hand {self.hand_no + 1} | score "
            f"{self.score_text()} | chicos {self._chicos[0]}-{self._chicos[1]}"
        ]
        if self.turned is not None:
            lines.append(f"turned: {fmt(self.turned)}")
        hand = self.hand
        for s in range(self.seats):
            held = hand.cards[s] if hand is not None else self._dealt[s] if self._dealt else ()
            played = (
                [f"{fmt(c)}{' down' if d else ''}" for _t, p, c, d in hand.plays if p == s]
                if hand is not None
                else []
            )
            mark = " (mano)" if hand is not None and hand.order[0] == s else ""
            side = self.team[s] if self.team else s % 2
            lines.append(
                f"seat {s} (side {side}){mark}: holds {' '.join(fmt(c) for c in held) or '-'}"
                + (f" | played {' '.join(played)}" if played else "")
            )
        if hand is not None:
            lines.append(f"stake {hand.stake()} | tricks {list(hand.results)}")
        who = self.current_player()
        if who == TERMINAL:
            lines.append(f"over: side {self.winner_team} wins")
        else:
            lines.append("dealing" if who == CHANCE else f"seat {who} to act")
        return "\n".join(lines)

    # ------------------------------------------------------------------ views and records
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (see :mod:`truco_rules.observe`)."""
        from .observe import observe

        self._check_seat(seat)
        return observe(self, seat)

    def to_record(self) -> dict[str, Any]:
        """The game record as plain data (variant, options, deal source, start, actions)."""
        from .io import match_record

        return match_record(self)

    def to_json(self) -> str:
        """The game record as JSON; :meth:`from_json` replays it to an equal match."""
        from .io import dumps

        return dumps(self.to_record())

    def to_text(self) -> str:
        """The game record in the text notation (docs/notation.md)."""
        from .io import record_to_text

        return record_to_text(self.to_record(), self.history, self.variant.format_card)

    @staticmethod
    def from_record(record: dict[str, Any]) -> Match:
        """Replay a record (as from :meth:`to_record`)."""
        from .io import replay

        return replay(record)

    @staticmethod
    def from_json(text: str) -> Match:
        """Replay a JSON record. Raises :class:`~truco_rules.errors.InvalidRecord`."""
        from .io import loads, replay

        return replay(loads(text))

    @staticmethod
    def from_text(text: str) -> Match:
        """Replay a text record. Raises :class:`~truco_rules.errors.InvalidRecord`."""
        from .io import replay, text_to_record

        return replay(text_to_record(text))

    # ------------------------------------------------------------------ for bots and adapters
    # Integer actions, undo, returns, chance probabilities, information states and the
    # position string (issue 12). Thin methods over modules below this one.
    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        """:meth:`legal_actions` as integer ids of the variant's action space, ascending
        (at a chance node: the ids of the ``deal`` actions, which are the card's place in
        the deck). See :mod:`truco_rules.action_space`."""
        from .action_space import action_space

        return sorted(action_space(self.variant).ids(self.legal_actions(seat)))

    def legal_action_mask(self, seat: int | None = None) -> list[int]:
        """One 0/1 entry per id of the variant's action space: 1 where the action is legal."""
        from .action_space import action_space

        return action_space(self.variant).mask(self.legal_actions(seat))

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """:meth:`apply` the action with integer id ``action_id``
        (:class:`~truco_rules.errors.UnknownActionId` for an id outside the space)."""
        from .action_space import action_space

        self.apply(action_space(self.variant).action(action_id), seat)

    def _replayed(self, actions: Sequence[tuple[int, Action]]) -> Match:
        """A fresh match from this one's start, with ``actions`` applied."""
        st = self.start
        m = Match(
            self.variant,
            self.seats,
            seed=self.seed,
            deals=self.deals,
            mano=st["mano"],
            scores=st["scores"],
            chicos=st["chicos"],
        )
        for s, a in actions:
            m.apply(a, s)
        return m

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` actions (chance deals count): the match becomes equal,
        with equal JSON, to what it was before them. More than were played, or a count that
        is not a non-negative integer, raises :class:`~truco_rules.errors.CannotUndo` and
        changes nothing. It replays the record, so it costs the length of the match."""
        if type(n) is not int or n < 0:
            raise CannotUndo(f"undo takes a non-negative number of actions, not {n!r}")
        if n > len(self.actions):
            raise CannotUndo(
                f"cannot undo {n} action(s): only {len(self.actions)} were played"
            )
        if n == 0:
            return
        before = self._replayed(self.actions[: len(self.actions) - n])
        for name in Match.__slots__:
            setattr(self, name, getattr(before, name))

    def returns(self) -> tuple[float, ...]:
        """The match result per seat: ``+1.0`` for each seat that won the match, ``-1.0`` for
        each other seat; all ``0.0`` while the match goes on. (Per hand: :meth:`hand_returns`.)
        """
        if self.winner_team is None:
            return (0.0,) * self.seats
        won = set(self.winning_seats())
        return tuple(1.0 if s in won else -1.0 for s in range(self.seats))

    def hand_returns(self, index: int = -1) -> tuple[int, ...]:
        """Per seat, the points its side scored minus the points the other side scored in
        the finished contest ``history[index]`` (default: the last one). Raises
        :class:`~truco_rules.errors.ParseError` when there is no such contest."""
        if type(index) is not int or not -len(self.history) <= index < len(self.history):
            raise ParseError(
                f"no finished contest {index!r}: {len(self.history)} contest(s) finished"
            )
        h = self.history[index]
        sides = h.sides or self.team
        diff = h.points[0] - h.points[1]
        return tuple(diff if sides[s] == 0 else -diff for s in range(self.seats))

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, as one string (see
        :mod:`truco_rules.infostate`). It replays the match, so it costs its length; an
        adapter keeps an :class:`~truco_rules.infostate.InfoTracker` instead."""
        from .infostate import InfoTracker

        self._check_seat(seat)
        m = self._replayed(())
        tracker = InfoTracker(m)
        for s, a in self.actions:
            m.apply(a, s)
            tracker.update(m)
        return tracker.string(m, seat)

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now, on one line
        (:func:`truco_rules.infostate.observation_string`)."""
        from .infostate import observation_string

        return observation_string(self.observation(seat), self.variant.format_card)

    def position(self) -> str:
        """The position string: this whole state on one line (docs/notation.md)."""
        from .position import format_position

        return format_position(self)

    @staticmethod
    def from_position(text: str, variant: Variant | None = None) -> Match:
        """Rebuild the match a :meth:`position` string describes (equal to the original).
        ``variant`` supplies a variant that is not registered under the position's name.
        Raises :class:`~truco_rules.errors.ParseError` for malformed or inconsistent text."""
        from .io import replay
        from .position import board_text, parse_position

        record, board = parse_position(text)
        if variant is not None:
            if variant.name != record["variant"]:
                raise ParseError(
                    f"the position is of variant {record['variant']!r}, not {variant.name!r}"
                )
            record["variant"] = variant.with_options(**record["options"])
            record["options"] = {}
        try:
            m = replay(record)
        except TrucoError as exc:
            raise ParseError(f"the position does not replay: {exc}") from None
        if board_text(m) != board:
            raise ParseError(
                f"the board {board!r} is not the one the moves reach: {board_text(m)!r}"
            )
        return m
