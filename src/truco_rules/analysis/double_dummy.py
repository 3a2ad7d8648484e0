"""Double dummy: who wins a hand when every card is face up and everyone plays perfectly.

No bets are made and nobody goes to the deck: the hand is only its card play, under the
variant's own trick rules, read through the documented hooks:

* ``variant.ranking.strengths(turned, deck)`` gives each card's strength (the vira counts);
* ``variant.tricks`` decides the hand from the trick results (``decide``), says when a card
  may go face down (``facedown_ok``, strength 0), who leads after a tie
  (``tie_next_leader``), and whether a tied first trick is followed by a two-card play
  (``double_play_after_first_tie``, with ``faceup_void_if_lower``);
* ``variant.table.plan`` gives the contests of the deal and the sides (a deal played as
  several 1v1 duels, one player alone against a pair, a player who discards an extra card).

The solver works on strengths, not cards: two cards of equal strength are the same move, so
the search is small and its table of solved positions is shared by every deal of the rule
set. The value of a contest is +1 (the contest mano's side wins), -1 (the other side), 0
(neither side ahead: nobody scores, or both score alike, as when a deal played as duels has
one won by each side).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from ..core.arguments import card_or_none, integer
from ..core.cards import Card
from ..core.errors import InvalidType, ParseError, shown
from ..rules.registry import get_variant
from ..rules.table import DealContext, DealPlan
from ..rules.tricks import TIED, trick_result
from ..rules.variant import Variant

__all__ = ["DoubleDummy", "double_dummy", "solver"]

_MEMO_LIMIT = 500_000
"""Solved positions kept per search before its table is cleared (about 350 bytes each)."""

Hands = tuple[tuple[int, ...], ...]


class _ContestSearch:
    """Minimax over the card play of one contest whose seats sit at positions 0..k-1 in play
    order, ``rel[i]`` = 0 if position ``i`` is on the contest mano's side, else 1."""

    def __init__(self, tricks: Any, rel: tuple[int, ...]) -> None:
        self.tricks = tricks
        self.rel = rel
        self.n = len(rel)
        self.previous_leader = tricks.tie_leader() == "previous_leader"
        self.double_after_tie = bool(tricks.double_play_after_first_tie(False))
        self.void_if_lower = bool(tricks.faceup_void_if_lower(False))
        self.memo: dict[tuple[Any, ...], int] = {}
        self._decide_cache: dict[tuple[int, ...], int | None] = {}
        self._down_cache: dict[tuple[int, tuple[int, ...]], bool] = {}

    # -- rule lookups, cached (the hooks are pure) -----------------------------------------
    def _decide(self, results: tuple[int, ...]) -> int | None:
        """+1 / -1 / 0 once the hand is decided, else ``None``."""
        try:
            return self._decide_cache[results]
        except KeyError:
            pass
        out = self.tricks.decide(results)
        value = None if out is None else (1 if out == 0 else -1 if out == 1 else 0)
        self._decide_cache[results] = value
        return value

    def _down_ok(self, trick_no: int, results: tuple[int, ...]) -> bool:
        key = (trick_no, results)
        ok = self._down_cache.get(key)
        if ok is None:
            ok = self._down_cache[key] = bool(self.tricks.facedown_ok(trick_no, results))
        return ok

    # -- search -------------------------------------------------------------------------------
    def solve(self, hands: Hands) -> int:
        """Value of the contest from its start; ``hands[i]`` sorted strengths of position i."""
        return self._trick(0, (), 0, hands, False)

    def _trick(
        self, trick_no: int, results: tuple[int, ...], leader: int, hands: Hands, double: bool
    ) -> int:
        key = (trick_no, results, leader, hands, double)
        memo = self.memo
        v = memo.get(key)
        if v is not None:
            return v
        n = self.n
        order = tuple((leader + i) % n for i in range(n))
        if trick_no == 2 and not double:
            # the last trick: one card each, and a face-down card can only lower the result
            # for its own side (the trick decides the hand whoever leads after it)
            plays = tuple((p, hands[p][0]) for p in order)
            v = self._end(trick_no, results, plays, (), ())
        else:
            v = self._play(trick_no, results, order, 0, (), hands, double, ())
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[key] = v
        return v

    def _play(
        self,
        trick_no: int,
        results: tuple[int, ...],
        order: tuple[int, ...],
        k: int,
        plays: tuple[tuple[int, int], ...],
        hands: Hands,
        double: bool,
        unders: tuple[tuple[int, int], ...],
    ) -> int:
        """Position ``order[k]`` plays; ``plays`` are this trick's (position, strength)."""
        if k == len(order):
            return self._end(trick_no, results, plays, hands, unders)
        p = order[k]
        maximize = self.rel[p] == 0
        best = -2 if maximize else 2
        goal = 1 if maximize else -1
        hand = hands[p]
        for played, rest, under in self._moves(trick_no, results, hand, double):
            new_hands = (*hands[:p], rest, *hands[p + 1 :])
            v = self._play(
                trick_no,
                results,
                order,
                k + 1,
                (*plays, (p, played)),
                new_hands,
                double,
                (*unders, (p, under)) if double else unders,
            )
            if v == goal:
                return v
            if (v > best) if maximize else (v < best):
                best = v
        return best

    def _moves(
        self, trick_no: int, results: tuple[int, ...], hand: tuple[int, ...], double: bool
    ) -> list[tuple[int, tuple[int, ...], int]]:
        """Distinct moves: (strength played, cards left, strength put under in a double)."""
        out: list[tuple[int, tuple[int, ...], int]] = []
        if double:  # both cards at once: one face up (it may count 0), one under it
            seen: set[tuple[int, int]] = set()
            for i in range(len(hand)):
                for j in range(len(hand)):
                    if i == j:
                        continue
                    up, under = hand[i], hand[j]
                    played = 0 if self.void_if_lower and up < under else up
                    if (played, under) not in seen:
                        seen.add((played, under))
                        out.append((played, (), under))
            return out
        last = -1
        down = self._down_ok(trick_no, results)
        for i, s in enumerate(hand):
            if s == last:
                continue
            last = s
            rest = hand[:i] + hand[i + 1 :]
            out.append((s, rest, 0))
            if down:
                out.append((0, rest, 0))
        return out

    def _end(
        self,
        trick_no: int,
        results: tuple[int, ...],
        plays: tuple[tuple[int, int], ...],
        hands: Hands,
        unders: tuple[tuple[int, int], ...],
    ) -> int:
        """The trick is complete: score it, then the next trick (or the hand's value)."""
        tie_leader = "previous_leader" if self.previous_leader else "earliest_top_card"
        result, leader = trick_result(plays, self.rel, 0, tie_leader)  # rel: 0 = mano's side
        results = (*results, result)
        value = self._decide(results)
        if value is not None:
            return value
        if unders:  # the hidden cards of the two-card play make the next trick at once
            return self._end(trick_no + 1, results, unders, hands, ())
        double = trick_no == 0 and result == TIED and self.double_after_tie
        return self._trick(trick_no + 1, results, leader, hands, double)


class DoubleDummy:
    """An exact double-dummy solver for one variant at one seat count.

    Build it once and call :meth:`solve` for many deals: solved positions are remembered.
    """

    def __init__(self, variant: Variant | str, seats: int = 2) -> None:
        v = get_variant(variant)
        seats = integer(seats, "seats")
        v.table.check_seats(seats, v.name)
        self.variant = v
        self.seats = seats
        self._deck = v.deck.cards
        self._searches: dict[tuple[int, ...], _ContestSearch] = {}
        self._plans: dict[int, DealPlan] = {}
        self._strengths: dict[Card | None, tuple[int, ...]] = {}
        self.value = v.ladder.values[0]

    def plan(self, mano: int) -> DealPlan:
        """The table's plan of a first deal with this mano (contests, sides, extra cards)."""
        plan = self._plans.get(mano) if type(mano) is int else None
        if plan is None:
            mano = self._mano(mano)
            v = self.variant
            ctx = DealContext(self.seats, mano, 0, (0, 0), v.match.target, None)
            plan = self._plans[mano] = v.table.plan(ctx)
        return plan

    def strengths(self, turned: Card | None) -> tuple[int, ...]:
        """Strength of each card (by :attr:`Card.index`) given the turned card (a Card of
        the deck, or ``None``)."""
        table = self._strengths.get(turned)
        if table is None:
            if turned is not None and (type(turned) is not Card or turned not in self._deck):
                raise InvalidType("turned", "None or a Card of the variant's deck", turned)
            table = self._strengths[turned] = tuple(
                self.variant.ranking.strengths(turned, self._deck)
            )
        return table

    def _mano(self, mano: object) -> int:
        """``mano`` as a seat of the table (InvalidType, ParseError)."""
        mano = integer(mano, "mano", f"an int from 0 to {self.seats - 1}")
        if not 0 <= mano < self.seats:
            raise ParseError(f"mano must be a seat from 0 to {self.seats - 1}, not {shown(mano)}")
        return mano

    def _search(self, rel: tuple[int, ...]) -> _ContestSearch:
        s = self._searches.get(rel)
        if s is None:
            s = self._searches[rel] = _ContestSearch(self.variant.tricks, rel)
        return s

    def solve_strengths(self, plan: DealPlan, hands: Sequence[Sequence[int]]) -> int:
        """The deal's value for its mano's side (+1, -1, 0) from each seat's strengths; a
        seat dealt an extra card (``plan.extra_cards``) discards the one that suits it."""
        if not isinstance(plan, DealPlan):
            raise InvalidType("plan", "a DealPlan (see plan())", plan)
        given: object = hands  # sequences, or a numpy array, of each seat's strengths
        rows: list[object] = list(hands) if hasattr(given, "__iter__") else []
        if (
            isinstance(given, str)
            or len(rows) != self.seats
            or any(isinstance(h, str) or not hasattr(h, "__iter__") for h in rows)
        ):
            raise InvalidType("hands", f"{self.seats} sequences of strengths", hands)
        mano_side = plan.sides[plan.contests[0][0]]
        for seat in plan.extra_cards:
            if len(hands[seat]) > 3:
                cards = hands[seat]
                maximize = plan.sides[seat] == mano_side
                best = -2 if maximize else 2
                for i in range(len(cards)):
                    trial = list(hands)
                    trial[seat] = tuple(cards[:i]) + tuple(cards[i + 1 :])
                    v = self.solve_strengths(plan, trial)
                    best = max(best, v) if maximize else min(best, v)
                return best
        total = [0, 0]
        for contest in plan.contests:
            side0 = plan.sides[contest[0]]
            rel = tuple(0 if plan.sides[s] == side0 else 1 for s in contest)
            sorted_hands = tuple(tuple(sorted(hands[s])) for s in contest)
            v = self._search(rel).solve(sorted_hands)
            if v:
                total[side0 if v > 0 else 1 - side0] += self.value
        if total[0] == total[1]:
            return 0
        winner = 0 if total[0] > total[1] else 1
        return 1 if winner == mano_side else -1

    def solve(
        self,
        hands: Sequence[Sequence[Card] | str],
        mano: int = 0,
        turned: Card | str | None = None,
    ) -> int | None:
        """The side that wins the deal (0 = the mano's side, 1 = the other), or ``None`` if
        neither is ahead (nobody scores, or both score alike). ``hands[s]`` are seat ``s``'s
        cards (seats in play order); ``turned`` is the turned-up card (the vira) when the
        variant has one."""
        v = self.variant
        _check_hands(hands)
        if len(hands) != self.seats:
            raise ParseError(f"give {self.seats} hands (one per seat), not {len(hands)}")
        plan = self.plan(self._mano(mano))
        parsed = [_parse_hand(v, h, 4 if s in plan.extra_cards else 3) for s, h in enumerate(hands)]
        turn = card_or_none(turned, "turned", v.card, self._deck)
        if turn is None and v.ranking.turns_up_card:
            raise ParseError(f"{v.name} turns up a card (the vira): give turned=...")
        # a card given as turned is out of the hands whether or not the variant reads it
        cards = [c for h in parsed for c in h] + ([turn] if turn is not None else [])
        if len(set(cards)) != len(cards):
            raise ParseError("a card appears twice in the deal")
        if not v.ranking.turns_up_card:
            turn = None
        if not set(cards) <= set(self._deck):
            raise ParseError(f"a card of the deal is not in the {v.name} deck")
        table = self.strengths(turn)
        value = self.solve_strengths(plan, [[table[c.index] for c in h] for h in parsed])
        return None if value == 0 else (0 if value > 0 else 1)


def _check_hands(hands: object) -> None:
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise InvalidType("hands", "a sequence of hands (card text or Cards), one per seat", hands)
    for hand in hands:
        if not isinstance(hand, (str, Sequence)):
            raise InvalidType("each hand", "card text or a sequence of Cards", hand)


def _parse_hand(v: Variant, hand: Sequence[Card] | str, size: int) -> tuple[Card, ...]:
    cards = v.cards(hand) if isinstance(hand, str) else tuple(itertools.islice(hand, size + 1))
    if len(cards) != size or not all(type(c) is Card for c in cards):
        raise ParseError(f"each hand here is {size} cards, not {shown(hand)}")
    return cards


def solver(variant: Variant | str, seats: int = 2) -> DoubleDummy:
    """The shared :class:`DoubleDummy` of a variant and seat count (kept between calls)."""
    v = get_variant(variant)  # checked before the cache hashes them
    return _solver(v, integer(seats, "seats"))


@functools.lru_cache(maxsize=32)
def _solver(variant: Variant, seats: int) -> DoubleDummy:
    return DoubleDummy(variant, seats)


def double_dummy(
    variant: Variant | str,
    hands: Sequence[Sequence[Card] | str],
    mano: int = 0,
    turned: Card | str | None = None,
) -> int | None:
    """The side that wins the hand when every card is face up and everyone plays perfectly,
    with no bets and nobody going to the deck: 0 = the mano's side, 1 = the other side,
    ``None`` if neither is ahead (nobody scores, or both score alike: a deal played as
    duels, one won by each side).

    ``hands[s]`` are seat ``s``'s cards, seats in play order (a string in the variant's
    notation or Cards): three each, four for a seat the table deals an extra card to (the
    gallo, who then discards the card that suits him); ``turned`` is the vira for a variant
    that turns up a card. Ties,
    face-down cards, the two-card play after a tied first trick and the contests of the deal
    (several duels, a discard) follow the variant's own rules. Example:

    ```python
    from truco_rules.analysis import double_dummy
    print(double_dummy("default", ["1E 7E 4C", "3B 3C 2O"]))  # 0: the mano's side
    ```
    """
    v = get_variant(variant)
    _check_hands(hands)
    return solver(v, len(hands)).solve(hands, mano, turned)
