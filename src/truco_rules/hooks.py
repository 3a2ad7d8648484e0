"""The hooks: the extension points a variant fills (DESIGN §2), with stock implementations.

A hook is a small frozen attrs object. Its *options* (house rules) are attrs fields declared with
:func:`option`; they are typed, documented, validated on construction, and reachable by name
through :meth:`truco_rules.Variant.with_options`. The kernel calls hooks only through the
methods below, so a regional variant or a house rule is a new hook object (or an
``attrs.evolve`` of a stock one), never an edit of the kernel.

=============== ===========================================================================
hook            decides
=============== ===========================================================================
``DeckRule``    the cards in play and their notation
``Ranking``     each card's trick strength, possibly depending on a turned-up card
``Table``       seat counts, teams, who is mano, how the mano rotates, contests per deal
``TrickRule``   trick winner ties, the leader after a tie, the hand winner from tricks,
                face-down play
``BetLadder``   the main bet's rungs, values if accepted or refused, call timing
``EnvidoRules`` the envido side bet: scores, the legal raise chains, their values, falta
``FlorRules``   the flor side bet: scores, the contraflor exchange, values
``MatchRule``   target, malas/buenas, chicos, when points are credited
=============== ===========================================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from .cards import DECK, SPANISH, Card, Notation
from .errors import InvalidOption, UnsupportedSeats

__all__ = [
    "MAX_OPTION_INT",
    "SPECIAL_IRON",
    "SPECIAL_NONE",
    "SPECIAL_ONE",
    "BetLadder",
    "DealContext",
    "DealPlan",
    "Deck",
    "DeckRule",
    "EnvidoRules",
    "FixedRanking",
    "FlorRules",
    "MatchRule",
    "Ranking",
    "SpecialHands",
    "StandardTable",
    "Table",
    "TargetMatch",
    "TrickRule",
    "option",
    "option_fields",
    "positive_int",
    "shuffle_cards",
]

T = TypeVar("T")

# Outcome codes of a decided hand, relative to the contest's mano.
MANO = 0
OTHER = 1
NOBODY = 2


def option(
    default: T,
    doc: str,
    *,
    choices: Sequence[Any] | None = None,
    check: Callable[[Any], bool] | None = None,
    allowed: str = "",
    source: str = "",
) -> T:
    """Declare a hook option: an attrs field with a default, a docstring and validation.

    ``choices`` lists the allowed values (the default first); otherwise ``check`` is a
    predicate and ``allowed`` says in words what it accepts.
    """
    metadata: dict[str, Any] = {"option": True, "doc": doc, "source": source}
    if choices is not None:
        metadata["choices"] = tuple(choices)
        allowed = " | ".join(repr(a) for a in choices)
    else:
        assert check is not None, "an option needs choices or a check"
        metadata["allowed"] = allowed

    def validator(_inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if choices is not None:
            # bool is an int: compare types too, so True is not taken for 1.
            ok = any(value == a and type(value) is type(a) for a in choices)
        else:
            ok = bool(check(value)) if check is not None else False
        if not ok:
            raise InvalidOption(attr.name, value, allowed)

    return attrs.field(default=default, validator=validator, metadata=metadata)


def option_fields(hook: Any) -> tuple[attrs.Attribute[Any], ...]:
    """The option fields of a hook object (those declared with :func:`option`)."""
    return tuple(a for a in attrs.fields(type(hook)) if a.metadata.get("option"))


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

    def next_mano(self, ctx: DealContext) -> int:
        step = 1 if self.mano_rotation == "with_play" else -1
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
                return r1 if self.second_trick_tie_after_win == "first_trick_winner" else None
            if r1 < 0 and r2 >= 0:
                return r2
            return None
        r3 = results[2]
        if r3 >= 0:
            return r3
        if r1 >= 0 and r2 >= 0:  # split, then a tie
            return r1 if self.third_trick_tie_after_split == "first_trick_winner" else MANO
        if r1 >= 0:  # won, tied, tied
            return MANO if self.third_trick_tie_after_win_tie == "mano" else r1
        if r2 >= 0:  # cannot happen: a tie then a win ends the hand after trick 2
            return r2
        return {"mano": MANO, "nobody": NOBODY, "postre": OTHER}[self.all_tricks_tied]


# ---------------------------------------------------------------------------------------------
# The main bet ladder
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class BetLadder:
    """The main bet (truco family), RULES §1.5.

    ``values[0]`` is the worth of an un-bet hand; ``names[i]`` is the call that proposes
    ``values[i + 1]``. A refused call scores the value of the level before it.
    """

    values: tuple[int, ...] = (1, 2, 3, 4)
    names: tuple[str, ...] = ("truco", "retruco", "vale-cuatro")
    truco_call_timing: str = option(
        "any_time",
        "any_time: the player to act may call, and any eligible player may call out of turn "
        "when nothing is awaiting an answer; own_turn: only the player about to play a card.",
        choices=("any_time", "own_turn"),
        source="RULES §1.5, §2.5",
    )

    raise_as_answer: bool = option(
        True,
        "Whether a pending call may be answered by the next call (truco answered with "
        "retruco). False: only quiero or no quiero; a raise comes later, on one's turn.",
        choices=(True, False),
        source="RULES §1.5; table habit of online engines ",
    )
    raise_cap: str = option(
        "none",
        "none: any next call; trailing_side_needs: no call once the stake in force (or the "
        "one pending) is worth what the trailing side lacks, so accepting already decides "
        "the game for both (a Brazilian house rule: no seis then), on one's turn and as an "
        "answer.",
        choices=("none", "trailing_side_needs"),
        source="RULES §1.5, §5.6; a Brazilian house rule",
    )
    ladder_refusal: str = option(
        "first_refusal",
        "first_refusal: one player's no quiero refuses the call for his side; every_opponent: "
        "it passes the answer to his next partner, and the call is refused only when every "
        "opponent has refused it (Brazilian 4-seat tables where each partner answers).",
        choices=("first_refusal", "every_opponent"),
        source="RULES §1.5, §5.6; Brazilian 4-seat tables ",
    )
    mazo_out_of_turn: bool = option(
        False,
        "Whether a player may go to the deck out of turn, and as the answer to an envido (it "
        "then counts as refusing the envido).",
        choices=(False, True),
        source="RULES §2.10; table habit of online engines ",
    )

    forbid_pointless_raise: bool = False
    """Whether a raise is illegal when merely accepting the pending call would already win the
    game. A plain field; a variant may declare it as an option (RULES §5.6)."""
    mazo_concedes_for_side: bool = False
    """Whether one player going to the deck (running) concedes the hand for his whole side;
    otherwise his partners play on without him."""
    top_wins_target: bool = False
    """Whether the top rung, accepted, is worth whatever the winner lacks to reach the target
    (a bet "for the whole game"), rather than ``values[-1]``."""

    def __attrs_post_init__(self) -> None:
        if len(self.names) != len(self.values) - 1:
            raise ValueError("a ladder needs one call name per raise")
        if list(self.values) != sorted(set(self.values)):
            raise ValueError("ladder values must increase")

    def refused(self, level: int) -> int:
        """Points the caller's side scores if the call proposing ``level`` is refused."""
        return self.values[level - 1]


# ---------------------------------------------------------------------------------------------
# Match scoring
# ---------------------------------------------------------------------------------------------


MAX_OPTION_INT = 10_000
"""The largest number an integer option accepts (a target, chicos to win, a cutoff): larger
ones mean nothing at a table and would only make records and matches unbounded."""


def positive_int(v: object) -> bool:
    """Option check: an ``int`` from 1 to :data:`MAX_OPTION_INT` (``bool`` is refused)."""
    return type(v) is int and 0 < v <= MAX_OPTION_INT


@attrs.frozen
class MatchRule:
    """Target, malas/buenas, chicos and the timing of points (RULES §2.8, §2.6.4, §4 B12-B13)."""

    target: int = option(
        30,
        "Points to win a chico.",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §2.8.1",
    )
    chicos_to_win: int = option(
        1,
        "Chicos needed to win the match.",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §2.8.1",
    )
    buenas_from: str = option(
        "half+1",
        "First score counted as buenas: half+1 (16 of 30: 15 is still malas) or half.",
        choices=("half+1", "half"),
        source="RULES §2.6.4 (D6)",
    )
    malas_buenas_split: object = option(
        "auto",
        "Whether the target splits into malas and buenas; auto = only when the target is even "
        "and at least 18.",
        choices=("auto", True, False),
        source="RULES §2.6.4",
    )
    score_timing: str = option(
        "envido_first_immediate",
        "envido_first_immediate: side-bet points are credited the moment they are settled and "
        "can win the chico before the hand ends; end_of_hand: every point is added after the hand.",
        choices=("envido_first_immediate", "end_of_hand"),
        source="RULES §2.8.3 (D13), §4 B12",
    )
    simultaneous_finish: str = option(
        "higher_score_else_play_on",
        "With end_of_hand timing, when both sides pass the target in one hand: the higher total "
        "wins (equal: another hand), or the side that won the envido of that hand wins.",
        choices=("higher_score_else_play_on", "envido_team_wins"),
        source="RULES §4 B13",
    )
    chico_check: str = "each_contest"
    """When a deal has several contests (duels): ``each_contest`` ends the chico as soon as a
    contest's points reach the target (later contests of the deal are void); ``each_deal``
    plays every contest of the deal and then compares the totals. A plain field; a variant may
    declare it as an option."""

    @property
    def split(self) -> bool:
        """Whether the target is split into malas and buenas."""
        if self.malas_buenas_split == "auto":
            return self.target >= 18 and self.target % 2 == 0
        return bool(self.malas_buenas_split)

    @property
    def buenas_threshold(self) -> int:
        """The first score that is in buenas."""
        half = self.target // 2
        return half + 1 if self.buenas_from == "half+1" else half

    def in_buenas(self, score: int) -> bool:
        """Whether ``score`` is in buenas (always false without a split)."""
        return self.split and score >= self.buenas_threshold

    def score_text(self, score: int) -> str:
        """A score as players say it: ``12 malas``, ``3 buenas`` (or just the number)."""
        if not self.split:
            return str(score)
        b = self.buenas_threshold
        return f"{score - b + 1} buenas" if score >= b else f"{score} malas"


@attrs.frozen
class TargetMatch(MatchRule):
    """A match to a target with no malas/buenas split and no side bets whose points need
    timing: the stock match rule with those options fixed (they could change nothing)."""

    buenas_from: str = "half+1"
    malas_buenas_split: object = False
    score_timing: str = "envido_first_immediate"
    simultaneous_finish: str = "higher_score_else_play_on"


# ---------------------------------------------------------------------------------------------
# Special hands: the hand of 11 (or 10) and the iron hand
# ---------------------------------------------------------------------------------------------

SPECIAL_NONE = ""
SPECIAL_ONE = "one-side"
SPECIAL_IRON = "iron"


@attrs.frozen
class SpecialHands:
    """Hands played under a score condition (RULES §5.7, §6.6).

    When exactly one side lacks ``lacking`` points or fewer to reach the target (11 of 12 for
    ``lacking=1``), that side decides before trick 1 whether to play: declining gives the
    opponents ``decline_value``; playing makes the hand worth ``play_value`` to whoever wins
    it, and no ladder call is made. Its players see their partners' cards. When both sides are
    that close, the hand is an *iron hand*: no ladder calls, worth ``iron_value``, and (by
    default) played blind. The threshold follows the target, so a longer game keeps its
    special hands at its end.
    """

    lacking: int = 1
    decline_value: int = 1
    play_value: int = 3
    iron_value: int = 3

    def __attrs_post_init__(self) -> None:
        if self.lacking < 1 or self.iron_value < self.lacking:
            raise ValueError("an iron hand must be worth at least what each side lacks")
    mao_de_x_truco_call: str = option(
        "illegal",
        "A ladder call during a hand of 11/10 or an iron hand: not allowed (illegal), or "
        "allowed but the caller's side loses the game at once (caller_loses_game).",
        choices=("illegal", "caller_loses_game"),
        source="RULES §5.7, §6.6 (D23)",
    )
    mao_de_x_decision: str = option(
        "any_partner_accepts",
        "Who decides whether the side at 11/10 plays: the side plays if any partner accepts "
        "(each asked in play order), or its pé (last player) decides alone.",
        choices=("any_partner_accepts", "pe_decides"),
        source="RULES §5.7",
    )
    iron_hand_blind: str = option(
        "own_cards_hidden",
        "Iron hand: players play without seeing their own cards (choosing a card by its "
        "position, 'play #2'), or only the partners' cards stay hidden.",
        choices=("own_cards_hidden", "partner_cards_hidden_only"),
        source="RULES §5.7 (D22), §6.6",
    )

    def kind(self, scores: Sequence[int], target: int) -> tuple[str, int]:
        """The special hand the scores call for: ``(SPECIAL_NONE, -1)``,
        ``(SPECIAL_ONE, side)`` or ``(SPECIAL_IRON, -1)``."""
        at = target - self.lacking
        a = at <= scores[0] < target
        b = at <= scores[1] < target
        if a and b:
            return SPECIAL_IRON, -1
        if a or b:
            return SPECIAL_ONE, 0 if a else 1
        return SPECIAL_NONE, -1


# ---------------------------------------------------------------------------------------------
# Side bets: envido and flor
# ---------------------------------------------------------------------------------------------

E, RE, FE = "envido", "real-envido", "falta-envido"
_E_VALUE = {E: 2, RE: 3}
_OWN_REFUSAL = {E: 1, RE: 2, FE: 1}


def _card_value(card: Card) -> int:
    return card.rank if card.rank <= 7 else 0


def falta_for_leader(rule: MatchRule, scores: Sequence[int]) -> int:
    """Points the leading side lacks to win the chico (``T - L``), at least 1."""
    return max(1, rule.target - max(scores))


def falta_winner_to_half(rule: MatchRule, scores: Sequence[int], winner: int) -> int:
    """In the malas (the leader not yet in buenas), what side ``winner`` lacks to reach the
    half of the target (15 of 30 at 0); in the buenas, what the leader lacks to win. At least 1.
    A common River Plate reading of the falta envido (Buenos Aires and Montevideo engines)."""
    if not rule.split or rule.in_buenas(max(scores)):
        return falta_for_leader(rule, scores)
    return max(1, rule.target // 2 - scores[winner])


@attrs.frozen
class EnvidoRules:
    """The envido side bet (RULES §2.6, §4 B2-B9, B18)."""

    envido_unsuited: str = option(
        "highest_card",
        "Score of three cards with no two of a suit: the highest single value, or the sum of "
        "the two highest values.",
        choices=("highest_card", "sum_two_highest"),
        source="RULES §2.6.1, §4 B2 (D10)",
    )
    envido_caller: str = option(
        "unplayed_player",
        "Who may call envido in trick 1: any player who has not played a card yet, or only "
        "each team's pie (last player), even after playing.",
        choices=("unplayed_player", "pie_only"),
        source="RULES §2.6.2 (D12)",
    )
    allow_real_envido_twice: bool = option(
        False,
        "Whether Real Envido may answer Real Envido (RE RE).",
        choices=(False, True),
        source="RULES §2.6.3, §4 B5 (D9)",
    )
    allow_envido_three_times: bool = option(
        False,
        "Whether Envido may be called a third time (E E E).",
        choices=(False, True),
        source="RULES §2.6.3",
    )
    envido_refused: str = option(
        "prior_accepted",
        "Points for a refused envido bet: the sum of the accepted values of the bets before it "
        "(1 if it was the first), or that sum plus the refused bet's own refusal value "
        "(envido 1, real envido 2, falta 1).",
        choices=("prior_accepted", "prior_accepted_plus_own"),
        source="RULES §2.6.3, §4 B3-B4, B8 (D7, D8)",
    )
    falta_mode: str = option(
        "malas_wins_game",
        "Worth of an accepted falta envido: malas_wins_game (both in malas: the winner takes the "
        "chico; else what the leader lacks); leader_remaining (what the leader lacks); "
        "reach_buenas (in malas: what the leader lacks to enter buenas); loser_to_chico_end "
        "(what the loser lacks to end his current half); loser_remaining_game (what the loser "
        "lacks to win); winner_to_half (in malas: the half minus the winner's score, 15 at "
        "14-0 won by the side at 0; in buenas: what the leader lacks).",
        choices=(
            "malas_wins_game",
            "leader_remaining",
            "reach_buenas",
            "loser_to_chico_end",
            "loser_remaining_game",
            "winner_to_half",
        ),
        source="RULES §2.6.4 (D5); winner_to_half: River Plate engines (Buenos Aires, Montevideo)",
    )
    envido_envido_falta: bool = option(
        True,
        "Whether falta envido may follow envido, envido (some tables forbid E E FE).",
        choices=(True, False),
        source="RULES §2.6.3; table habit of online engines ",
    )
    envido_declaration_order: str = option(
        "mano_first",
        "Who states his score first: the mano, or the last player who raised; then play order.",
        choices=("mano_first", "last_raiser_first"),
        source="RULES §2.6.5, §4 B9 (D11)",
    )
    envido_declaration: str = option(
        "automatic_truthful",
        "automatic_truthful: the engine states the true scores; declared_with_penalty: players "
        "declare (and may lie); a winning statement found false at the end of the hand, or not "
        "shown because the winner's side went to the deck, gives the points to the other side.",
        choices=("automatic_truthful", "declared_with_penalty"),
        source="RULES §2.6.5, §2.11, §4 B18",
    )
    mazo_envido_bonus: str = option(
        "before_first_card",
        "Going to the deck before the side has played a card, with no envido or flor called: "
        "the opponents score 1 extra (before_first_card) or nothing extra (never).",
        choices=("before_first_card", "never"),
        source="RULES §2.10 (D19), §4 B16",
    )

    def chains(self) -> frozenset[tuple[str, ...]]:
        """Every legal sequence of envido bets (a prefix-closed set)."""
        base: set[tuple[str, ...]] = {(E,), (RE,), (E, E), (E, RE), (E, E, RE)}
        if self.allow_real_envido_twice:
            base |= {(RE, RE)}
        if self.allow_envido_three_times:
            base |= {(E, E, E), (E, E, E, RE)}
        with_falta = {(*c, FE) for c in base}
        if not self.envido_envido_falta:  # no falta right after two or three envidos
            with_falta -= {(E, E, FE), (E, E, E, FE)}
        return frozenset(base | with_falta | {(FE,)})

    def points(self, cards: Sequence[Card]) -> int:
        """The envido score (tanto) of three cards, RULES §2.6.1."""
        best = -1
        by_suit: dict[object, list[int]] = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(_card_value(c))
        for vals in by_suit.values():
            if len(vals) >= 2:
                vals.sort(reverse=True)
                best = max(best, 20 + vals[0] + vals[1])
        if best >= 0:
            return best
        vals = sorted((_card_value(c) for c in cards), reverse=True)
        if self.envido_unsuited == "sum_two_highest":
            return vals[0] + vals[1]
        return vals[0]

    def proof(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards a player shows to prove his envido score (the pair, or the best card)."""
        ranked = sorted(cards, key=_card_value, reverse=True)
        best: tuple[Card, ...] = ()
        for i, a in enumerate(ranked):
            for b in ranked[i + 1 :]:
                if a.suit == b.suit and (
                    not best or _card_value(a) + _card_value(b) > sum(map(_card_value, best))
                ):
                    best = (a, b)
        if best:
            return best
        return tuple(ranked[:2] if self.envido_unsuited == "sum_two_highest" else ranked[:1])

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a hand can have (for declarations)."""
        # unsuited: the best single value (0-7), or the two highest summed (up to 7 + 7 = 14)
        low = range(0, 15) if self.envido_unsuited == "sum_two_highest" else range(0, 8)
        return tuple(sorted(set(low) | set(range(20, 34))))

    def accepted(self, chain: Sequence[str], falta: Callable[[], int]) -> int:
        """Worth of an accepted chain; a chain with falta envido is worth the falta alone."""
        if FE in chain:
            return falta()
        return sum(_E_VALUE[b] for b in chain)

    def refused(self, chain: Sequence[str]) -> int:
        """Points the last bettor's side scores when the last bet of ``chain`` is refused."""
        prior = sum(_E_VALUE[b] for b in chain[:-1])
        if self.envido_refused == "prior_accepted_plus_own":
            return prior + _OWN_REFUSAL[chain[-1]]
        return prior or 1

    def falta(self, rule: MatchRule, scores: Sequence[int], winner: int) -> int:
        """Worth of an accepted falta envido won by side ``winner`` (RULES §2.6.4)."""
        t = rule.target
        lead = max(scores)
        if not rule.split or self.falta_mode == "leader_remaining":
            return falta_for_leader(rule, scores)
        if self.falta_mode == "winner_to_half":
            return falta_winner_to_half(rule, scores, winner)
        both_malas = not rule.in_buenas(lead)
        loser = scores[1 - winner]
        if self.falta_mode == "malas_wins_game":
            return max(1, t - scores[winner]) if both_malas else falta_for_leader(rule, scores)
        if self.falta_mode == "reach_buenas":
            if both_malas:
                return max(1, rule.buenas_threshold - lead)
            return falta_for_leader(rule, scores)
        if self.falta_mode == "loser_to_chico_end":
            end = t if rule.in_buenas(loser) else t // 2
            return max(1, end - loser)
        return max(1, t - loser)  # loser_remaining_game


@attrs.frozen
class FlorRules:
    """The flor side bet (RULES §2.7)."""

    flor_declaration: str = option(
        "automatic",
        "automatic: the engine declares a flor at its holder's first decision in trick 1 (and at "
        "once when an envido is called); manual_with_penalty: the holder declares with the "
        "'flor' action before his first card, and a flor never declared gives the opponents 3.",
        choices=("automatic", "manual_with_penalty"),
        source="RULES §2.7.2",
    )
    flor_same_team_multiple: str = option(
        "per_flor",
        "Uncontested flores held by several partners: 3 points each, or 3 in total.",
        choices=("per_flor", "once"),
        source="RULES §2.7.3 (D14)",
    )
    flor_duel_mode: str = option(
        "s3_ladder",
        "Both sides hold flor: the response ladder (achico 3, con flor quiero 4, contraflor 6/4, "
        "contraflor al resto), 3 per flor to each side (three_per_flor), or 3 to the best "
        "flor's side (three_to_best).",
        choices=("s3_ladder", "three_per_flor", "three_to_best"),
        source="RULES §2.7.3 (D15)",
    )
    contraflor_al_resto_refused: int | str = option(
        6,
        "Points to the caller when contraflor al resto is refused: 6, 4, or previous_level "
        "(the value of the level it answered: 4 over a flor, 6 over a contraflor).",
        choices=(6, 4, "previous_level"),
        source="RULES §2.7.3 (D16); previous_level: River Plate engines",
    )
    contraflor_al_resto_value: str = option(
        "leader_remaining",
        "Worth of an accepted contraflor al resto: what the leader lacks to win "
        "(leader_remaining), the whole chico (wins_chico), the leader's remainder plus 3 per "
        "flor sung, or valued like falta_mode winner_to_half (15 at 0-0 of 30).",
        choices=(
            "leader_remaining",
            "wins_chico",
            "leader_remaining_plus_3_per_flor",
            "winner_to_half",
        ),
        source="RULES §2.7.3 (D17); winner_to_half: River Plate engines",
    )
    unsung_flor: str = option(
        "free",
        "With manual declaration, what a flor holder who has not sung may do: anything "
        "(free; an unsung flor is penalised at the end), or only sing it or go to the deck "
        "(sing_or_mazo).",
        choices=("free", "sing_or_mazo"),
        source="RULES §2.7.2; table habit of online engines ",
    )
    contraflor_al_resto_ends_hand: bool = option(
        False,
        "Whether an accepted contraflor al resto ends the hand with no truco points.",
        choices=(False, True),
        source="RULES §2.7.3 (D18)",
    )

    flor_value: int = 3
    achico_value: int = 3
    con_flor_quiero_value: int = 4
    contraflor_value: int = 6
    contraflor_refused_value: int = 4

    @staticmethod
    def points(cards: Sequence[Card]) -> int | None:
        """Flor score (20 + the three values) if all three cards share a suit, else ``None``."""
        if len(cards) == 3 and cards[0].suit == cards[1].suit == cards[2].suit:
            return 20 + sum(_card_value(c) for c in cards)
        return None

    def resto_refused(self, over_contraflor: bool) -> int:
        """Points to the caller of a refused contraflor al resto, which answered a contraflor
        (``over_contraflor``) or the flor itself."""
        if self.contraflor_al_resto_refused == "previous_level":
            return self.contraflor_value if over_contraflor else self.con_flor_quiero_value
        return int(self.contraflor_al_resto_refused)

    def uncontested(self, count: int) -> int:
        """Points for ``count`` flores of one side, none opposing."""
        return self.flor_value * (count if self.flor_same_team_multiple == "per_flor" else 1)

    def resto(self, rule: MatchRule, scores: Sequence[int], winner: int, flores: int) -> int:
        """Worth of an accepted contraflor al resto won by side ``winner``."""
        if self.contraflor_al_resto_value == "wins_chico":
            return max(1, rule.target - scores[winner])
        if self.contraflor_al_resto_value == "winner_to_half":
            return falta_winner_to_half(rule, scores, winner)
        extra = (
            3 * flores
            if self.contraflor_al_resto_value == "leader_remaining_plus_3_per_flor"
            else 0
        )
        return falta_for_leader(rule, scores) + extra
