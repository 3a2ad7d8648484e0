"""The hooks: the extension points a variant fills (DESIGN §2), with stock implementations.

A hook is a small frozen attrs object. Its *options* (house rules) are attrs fields declared with
:func:`option`; they are typed, documented, validated on construction, and reachable by name
through :meth:`truco_rules.Variant.with_options`. The kernel calls hooks only through the
methods below, so a regional variant or a house rule is a new hook object (or an
``attrs.evolve`` of a stock one), never an edit of the kernel.

| hook | decides |
|---|---|
| `DeckRule` | the cards in play and their notation |
| `Ranking` | each card's trick strength, possibly depending on a turned-up card |
| `Table` | seat counts, teams, who is mano, how the mano rotates, contests per deal |
| `TrickRule` | trick ties, the leader after a tie, the hand winner from tricks, face-down play |
| `BetLadder` | the main bet's rungs, values if accepted or refused, call timing |
| `EnvidoRules` | the envido side bet: scores, the legal raise chains, their values, falta |
| `FlorRules` | the flor side bet: scores (seeing the deal: `HandContext`), values |
| `MatchRule` | target, malas/buenas, chicos, when points are credited |
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import attrs

from .bet_envido import EnvidoBet
from .bet_flor import FlorBet
from .cards import DECK, SPANISH, Card, Notation
from .context import NO_CONTEXT, HandContext
from .errors import UnsupportedSeats
from .ladder import BetLadder
from .options import MAX_OPTION_INT, ask, meaning, option, option_fields, positive_int
from .scoring import MatchRule, TargetMatch
from .side_bet import SideBet
from .sidebets import EnvidoRules, FlorRules, falta_for_leader, falta_winner_to_half
from .special import SPECIAL_IRON, SPECIAL_NONE, SPECIAL_ONE, SpecialHands

__all__ = [
    "MAX_OPTION_INT",
    "NO_CONTEXT",
    "SPECIAL_IRON",
    "SPECIAL_NONE",
    "SPECIAL_ONE",
    "BetLadder",
    "DealContext",
    "DealPlan",
    "Deck",
    "DeckRule",
    "EnvidoBet",
    "EnvidoRules",
    "FixedRanking",
    "FlorBet",
    "FlorRules",
    "HandContext",
    "MatchRule",
    "Ranking",
    "SideBet",
    "SpecialHands",
    "StandardTable",
    "Table",
    "TargetMatch",
    "TrickRule",
    "falta_for_leader",
    "falta_winner_to_half",
    "option",
    "option_fields",
    "positive_int",
    "shuffle_cards",
    "strength_groups",
]


# Outcome codes of a decided hand, relative to the contest's mano.
MANO = 0
OTHER = 1
NOBODY = 2


# ---------------------------------------------------------------------------------------------
# Deck and ranking
# ---------------------------------------------------------------------------------------------


def shuffle_cards(
    cards: Sequence[Card], rng: random.Random, needed: int | None = None
) -> list[Card]:
    """``cards`` in a random order; only the first ``needed`` positions are drawn.

    A Fisher-Yates shuffle driven by ``rng.random()`` alone, so a seed gives the same deal
    on every Python version (``random.shuffle``'s internals are not part of that promise).
    """
    order = list(cards)
    n = len(order)
    rand = rng.random
    for i in range(n - 1 if needed is None else min(needed, n - 1)):
        j = i + int(rand() * (n - i))
        order[i], order[j] = order[j], order[i]
    return order


@runtime_checkable
class Deck(Protocol):
    """The cards in play and how they are written."""

    @property
    def notation(self) -> Notation:
        """How cards are read and written."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play, in canonical order (a subset of the 40 identities)."""
        ...

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[Card]:
        """The cards in a random order; only the first ``needed`` positions are drawn."""
        ...


@attrs.frozen
class DeckRule:
    """A fixed deck: the cards in play and how they are written."""

    notation: Notation = SPANISH
    cards: tuple[Card, ...] = DECK

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[Card]:
        """The cards in a random order (see :func:`shuffle_cards`)."""
        return shuffle_cards(self.cards, rng, needed)


@runtime_checkable
class Ranking(Protocol):
    """Trick strength of each card. Higher wins; equal strengths tie; face-down cards are 0."""

    @property
    def turns_up_card(self) -> bool:
        """Whether a card is turned face up after the deal (and strengths depend on it)."""
        ...

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        """Strength of every card, indexed by :attr:`Card.index` (40 entries, all >= 1).

        ``deck`` is the cards in play: a ranking that follows a turned-up card may need to
        know which ranks the deck holds (a 24-card deck skips ranks in a cycle)."""
        ...


@attrs.frozen
class FixedRanking:
    """A ranking that does not depend on any turned-up card: one table for the whole game."""

    table: tuple[int, ...] = attrs.field(repr=False)
    turns_up_card: bool = False

    @table.validator
    def _check(self, _a: Any, value: tuple[int, ...]) -> None:
        if len(value) != 40 or min(value) < 1:
            raise ValueError("a ranking gives each of the 40 cards a strength >= 1")

    @classmethod
    def from_ranks(
        cls, by_rank: Mapping[int, int], special: Mapping[Card, int] = {}
    ) -> FixedRanking:
        """Strength by rank, with some cards given their own strength."""
        return cls(tuple(special.get(c, by_rank[c.rank]) for c in DECK))

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        return self.table


def strength_groups(
    ranking: Ranking, deck: Sequence[Card], turned: Card | None = None
) -> list[list[Card]]:
    """The cards of ``deck`` grouped by equal trick strength, strongest group first (the
    turned card, if any, left out): the ranking as players say it."""
    table = ranking.strengths(turned, deck)
    by: dict[int, list[Card]] = {}
    for c in deck:
        if c != turned:
            by.setdefault(table[c.index], []).append(c)
    return [by[k] for k in sorted(by, reverse=True)]


# ---------------------------------------------------------------------------------------------
# Table topology
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class DealPlan:
    """How one deal is played: its contests and the side of every seat.

    A contest is a tuple of seats in play order, its mano first. The standard plan has one
    contest with every seat; a 6-seat pica-pica deal has three 1v1 contests; a 3-seat gallo
    deal sets the gallo alone on one side. Sides may change from deal to deal.
    """

    contests: tuple[tuple[int, ...], ...]
    sides: tuple[int, ...]
    """Side (0 or 1) of each seat for this deal."""
    kind: str = ""
    """A name for the format of the deal (``"redonda"``, ``"pica-pica"``...), for records and
    observations; empty for the one format of a table."""
    extra_cards: tuple[int, ...] = ()
    """Seats dealt one card more, which they discard unseen before play (in this order)."""


@attrs.frozen
class DealContext:
    """What a table knows when it plans a deal or passes the mano after one."""

    seats: int
    mano: int
    """The mano of the deal (for :meth:`Table.next_mano`: of the deal that ended)."""
    hand_no: int
    """The number of the deal (for :meth:`Table.next_mano`: of the deal that ended)."""
    scores: tuple[int, int]
    """The sides' scores now."""
    target: int
    """The points that win a chico."""
    previous: DealPlan | None
    """The plan of the deal before in the same chico (for :meth:`Table.next_mano`: of the
    deal that ended); ``None`` at the start of a chico."""


@runtime_checkable
class Table(Protocol):
    """Seats, sides and rotation. Seats are numbered in play order (RULES §0.3)."""

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts this table supports."""
        ...

    def check_seats(self, seats: int, variant: str) -> None:
        """Raise :class:`UnsupportedSeats` if ``seats`` is not allowed."""
        ...

    def plan(self, ctx: DealContext) -> DealPlan:
        """The plan of deal ``ctx.hand_no`` with mano ``ctx.mano``; the scores, the target
        and the previous plan let a format alternate or stop near the target (pica-pica)."""
        ...

    def next_mano(self, ctx: DealContext) -> int:
        """The mano of the deal after the one ``ctx`` describes (``ctx.previous`` is its plan,
        or ``None`` if it ended a chico)."""
        ...


@attrs.frozen
class StandardTable:
    """Sides alternate (seat ``i`` is on side ``i mod 2``); one contest per deal with every
    seat; the mano moves one seat every deal (by default forward in play order: the old mano
    deals next)."""

    seat_counts: tuple[int, ...] = (2, 4)
    table_direction: str = option(
        "counterclockwise",
        "Direction of play around a physical table. Cosmetic: seats are numbered in play order.",
        choices=("counterclockwise", "clockwise"),
        source="RULES §2.3 (D20)",
    )
    mano_rotation: str = "with_play"
    """``with_play``: the next mano is the next seat in play order; ``against_play``: the
    previous one (the old pie). A plain field; a variant may declare it as an option."""
    first_dealer: str = "random"
    """How a seeded match picks its first dealer: ``random`` (a seeded draw of a seat) or
    ``card_draw`` (everyone draws a card, the highest deals; see :class:`Match`)."""

    def check_seats(self, seats: int, variant: str) -> None:
        if type(seats) is not int or seats not in self.seat_counts:
            raise UnsupportedSeats(seats, variant, self.seat_counts)

    def individual_scores(self, seats: int) -> bool:
        """Whether every player keeps his own score at ``seats`` seats (a side's points go to
        each of its players). Optional for other tables: absent means never."""
        return False

    @property
    def deals_extra_cards(self) -> bool:
        """Whether a plan of this table may deal extra cards (the ``discard`` action exists).
        Optional for other tables: absent means no."""
        return False

    def plan(self, ctx: DealContext) -> DealPlan:
        n = ctx.seats
        return DealPlan(
            contests=(tuple((ctx.mano + i) % n for i in range(n)),),
            sides=tuple(s % 2 for s in range(n)),
        )

    DECISIONS: ClassVar[tuple[str, ...]] = ("mano_step",)
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.options.meaning`)."""

    def mano_step(self) -> int:
        """Where the mano moves after a deal (``mano_rotation``): ``1`` with the play,
        ``-1`` against it."""
        return meaning(self, "mano_rotation", "mano_step", {"with_play": 1, "against_play": -1})

    def next_mano(self, ctx: DealContext) -> int:
        step: int = ask(self, "mano_step")
        return (ctx.mano + step) % ctx.seats


# ---------------------------------------------------------------------------------------------
# Tricks
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class TrickRule:
    """Who wins a trick and the hand; who leads after a tie; face-down play (RULES §1.2-§1.4)."""

    tie_next_leader: str = option(
        "previous_leader",
        "Who leads the trick after a tied one: the player who led the tied trick, or the "
        "earliest player who played one of the tied top cards.",
        choices=("previous_leader", "earliest_top_card"),
        source="RULES §1.3 (D4)",
    )
    second_trick_tie_after_win: str = option(
        "first_trick_winner",
        "Trick 1 won, trick 2 tied: the trick-1 winner takes the hand, or trick 3 decides.",
        choices=("first_trick_winner", "third_trick_decides"),
        source="RULES §1.4 (D2)",
    )
    third_trick_tie_after_split: str = option(
        "first_trick_winner",
        "Tricks 1 and 2 split, trick 3 tied: the trick-1 winner or the mano's team wins.",
        choices=("first_trick_winner", "mano"),
        source="RULES §1.4 (D1)",
    )
    third_trick_tie_after_win_tie: str = option(
        "mano",
        "Trick 1 won, trick 2 tied, trick 3 tied (only with third_trick_decides): the mano's "
        "team or the trick-1 winner wins.",
        choices=("mano", "first_trick_winner"),
        source="RULES §1.4",
    )
    all_tricks_tied: str = option(
        "mano",
        "All three tricks tied: the mano's team wins, nobody scores, or the other side (postre).",
        choices=("mano", "nobody", "postre"),
        source="RULES §1.4 (D3)",
    )
    facedown_allowed: bool = option(
        True,
        "Whether a card may be played face down (strength 0).",
        choices=(True, False),
        source="RULES §2.9",
    )
    facedown_allowed_first_trick: bool = option(
        True,
        "Whether a face-down card may be played in the first trick.",
        choices=(True, False),
        source="RULES §2.9 (D29)",
    )

    played_cards_visible: bool = option(
        True,
        "Whether the cards of finished tricks stay face up for everyone to see. False: each "
        "finished trick is gathered face down, and only its own player still sees a card.",
        choices=(True, False),
        source="RULES §4 B17",
    )
    end_when_certain: bool = option(
        False,
        "Whether the hand ends the moment its winner is certain: no way of playing the cards "
        "left could change it (checked from the second trick on; the points are those the "
        "tricks would give, with fewer actions).",
        choices=(False, True),
        source="RULES §1.4; table habit of online engines ",
    )

    facedown_after_tied_trick: bool = True
    """Whether a face-down card may follow a tied trick. A plain field; a variant may declare
    it as an option (RULES §5.5)."""

    def facedown_ok(self, trick_no: int, results: Sequence[int] = ()) -> bool:
        """Whether face-down play is allowed in trick ``trick_no`` (0-based), the earlier
        tricks having ended as ``results``."""
        if not self.facedown_allowed:
            return False
        if trick_no == 0:
            return self.facedown_allowed_first_trick
        return self.facedown_after_tied_trick or results[-1] >= 0

    def double_play_after_first_tie(self, special_hand: bool) -> bool:
        """Whether, after a tied first trick, every player plays both remaining cards at once
        (one face up over one face down): the face-up cards make trick 2, the hidden ones
        trick 3. The stock rule says no; a variant's trick rule may say yes."""
        return False

    def faceup_void_if_lower(self, special_hand: bool) -> bool:
        """In such a double play, whether a face-up card lower than the card under it counts
        as strength 0. ``special_hand`` tells whether the hand is a special hand (hand of
        11/10)."""
        return False

    DECISIONS: ClassVar[tuple[str, ...]] = ("tie_leader", "tie_outcomes")
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def tie_leader(self) -> str:
        """Who leads after a tied trick (``tie_next_leader``): ``"previous_leader"`` or
        ``"earliest_top_card"`` (see :func:`truco_rules.tricks.trick_result`)."""
        known = ("previous_leader", "earliest_top_card")
        return meaning(self, "tie_next_leader", "tie_leader", {k: k for k in known})

    def tie_outcomes(self) -> tuple[bool, bool, bool, int]:
        """What the tie options mean to :meth:`decide`: whether a won trick 1 and a tied
        trick 2 end the hand for its winner; whether, after a split, a tied trick 3 goes to
        the trick-1 winner (else the mano); whether won-tied-tied goes to the mano (else the
        trick-1 winner); and the outcome of three tied tricks."""
        name = "tie_outcomes"
        return (
            meaning(
                self,
                "second_trick_tie_after_win",
                name,
                {"first_trick_winner": True, "third_trick_decides": False},
            ),
            meaning(
                self,
                "third_trick_tie_after_split",
                name,
                {"first_trick_winner": True, "mano": False},
            ),
            meaning(
                self,
                "third_trick_tie_after_win_tie",
                name,
                {"mano": True, "first_trick_winner": False},
            ),
            meaning(
                self, "all_tricks_tied", name, {"mano": MANO, "nobody": NOBODY, "postre": OTHER}
            ),
        )

    def decide(self, results: Sequence[int]) -> int | None:
        """The hand's outcome from trick results so far, or ``None`` if play goes on.

        ``results`` holds, per trick, ``MANO`` (0) if the mano's side won it, ``OTHER`` (1) if
        the other side did, ``-1`` if tied. The answer is ``MANO``, ``OTHER`` or ``NOBODY``.
        RULES §1.4, master table.
        """
        n = len(results)
        if n < 2:
            return None
        r1, r2 = results[0], results[1]
        if n == 2:
            if r1 >= 0 and r1 == r2:
                return r1
            if r1 >= 0 and r2 < 0:
                return r1 if ask(self, "tie_outcomes")[0] else None
            if r1 < 0 and r2 >= 0:
                return r2
            return None
        r3 = results[2]
        if r3 >= 0:
            return r3
        _win_tie, split_first, win_tie_tie_mano, all_tied = ask(self, "tie_outcomes")
        if r1 >= 0 and r2 >= 0:  # split, then a tie
            return r1 if split_first else MANO
        if r1 >= 0:  # won, tied, tied
            return MANO if win_tie_tie_mano else r1
        if r2 >= 0:  # cannot happen: a tie then a win ends the hand after trick 2
            return r2
        answer: int = all_tied
        return answer
