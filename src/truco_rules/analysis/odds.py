"""Exact odds by enumeration: no sampling, every figure a :class:`fractions.Fraction`.

The figures are counted over every 3-card hand of the variant's deck (and, for a variant that
turns up a card, over every turned card too), through the public hooks only:
``variant.envido.points_in``, ``variant.flor.points_in`` (given the turned card in a
:class:`~truco_rules.rules.hooks.HandContext`) and ``variant.ranking.strengths``.

* :func:`envido_distribution` - envido score -> probability (a hand with a flor sings flor
  instead, so in a variant with flor the scores add up to ``1 - flor_probability``);
* :func:`flor_probability` - a hand is a flor;
* :func:`special_probability` - a hand holds a card that ranks alone (a brava, a manilha);
* :func:`strength_classes` - per strength level: its cards, how likely it is the hand's best
  card, how likely the hand holds one;
* :func:`table_odds` - the same questions for a whole table (someone has a flor, both sides
  do, someone holds a brava/manilha), by seat count.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb
from typing import Any

import attrs

from ..core.arguments import in_range, integer
from ..core.cards import Card
from ..core.context import HandContext
from ..core.errors import InvalidType
from ..describe.render import Grid, Section
from ..describe.rule_words import changed_options, option_words, special_cards
from ..rules.registry import get_variant
from ..rules.table import DealContext
from ..rules.variant import Variant
from .flor_count import no_flor

__all__ = [
    "Odds",
    "StrengthClass",
    "TableOdds",
    "envido_distribution",
    "flor_probability",
    "odds",
    "odds_grids",
    "special_cards",
    "special_probability",
    "strength_classes",
    "table_odds",
]


def _turned_cards(v: Variant) -> Sequence[Card | None]:
    """Every turned card the odds average over (``[None]`` without a turned card)."""
    return v.deck.cards if v.ranking.turns_up_card else [None]


def _hands(v: Variant) -> Iterator[tuple[tuple[Card, ...], HandContext]]:
    """Every 3-card hand with the deal it lies in: for each turned card (if the variant turns
    one), the hands of the cards left."""
    for turned in _turned_cards(v):
        ctx = HandContext(turned=turned)
        for hand in itertools.combinations([c for c in v.deck.cards if c != turned], 3):
            yield hand, ctx


def envido_distribution(variant: Variant | str) -> dict[int, Fraction]:
    """Envido score -> probability that a random hand has it (empty without envido).

    Hands that are a flor in a variant with flor are left out: they sing flor, not envido.
    """
    v = get_variant(variant)
    if v.envido is None:
        return {}
    counts: Counter[int] = Counter()
    total = 0
    flor = v.flor
    points = v.envido.points_in
    for hand, ctx in _hands(v):
        total += 1
        if flor is not None and flor.points_in(hand, ctx) is not None:
            continue
        counts[points(hand, ctx)] += 1
    return {s: Fraction(counts[s], total) for s in sorted(counts)}


def flor_probability(variant: Variant | str) -> Fraction:
    """Probability that a random hand is a flor (0 in a variant without flor)."""
    v = get_variant(variant)
    if v.flor is None:
        return Fraction(0)
    points = v.flor.points_in
    hands = flores = 0
    for hand, ctx in _hands(v):
        hands += 1
        flores += points(hand, ctx) is not None
    return Fraction(flores, hands)


def _at_least_one(cards: int, special: int, drawn: int) -> Fraction:
    """Probability that ``drawn`` cards from ``cards`` include one of ``special`` of them."""
    return 1 - Fraction(comb(cards - special, drawn), comb(cards, drawn))


def special_probability(variant: Variant | str, cards: int = 3) -> Fraction:
    """Probability that ``cards`` random cards include a card that ranks alone (a brava, a
    manilha), averaged over every turned card when the variant turns one up."""
    v = get_variant(variant)
    turns = _turned_cards(v)
    cards = in_range(cards, "cards", 0, len(v.deck.cards) - (turns[0] is not None))
    total = Fraction(0)
    for t in turns:
        deck = len(v.deck.cards) - (t is not None)
        total += _at_least_one(deck, len(special_cards(v, t)), cards)
    return total / len(turns)


@attrs.frozen
class StrengthClass:
    """One strength level of the ranking (higher wins)."""

    strength: int
    cards: tuple[str, ...]
    """Its cards in the variant's notation (empty when they depend on the turned card)."""
    best: Fraction
    """Probability that it is the strength of a random hand's best card."""
    held: Fraction
    """Probability that a random hand holds a card of it."""


def strength_classes(variant: Variant | str) -> list[StrengthClass]:
    """Every strength level, highest first, with how often it is a hand's best card and how
    often a hand holds one (averaged over the turned card, if any)."""
    v = get_variant(variant)
    turns = _turned_cards(v)
    best: dict[int, Fraction] = {}
    held: dict[int, Fraction] = {}
    names: dict[int, list[str]] = {}
    weight = Fraction(1, len(turns))
    for t in turns:
        table = v.ranking.strengths(t, v.deck.cards)
        deck = [c for c in v.deck.cards if c != t]
        per: Counter[int] = Counter(table[c.index] for c in deck)
        n = len(deck)
        hands = comb(n, 3)
        below = 0
        for s in sorted(per):
            upto = below + per[s]
            p_best = Fraction(comb(upto, 3) - comb(below, 3), hands)
            best[s] = best.get(s, Fraction(0)) + weight * p_best
            held[s] = held.get(s, Fraction(0)) + weight * _at_least_one(n, per[s], 3)
            below = upto
        if t is None:
            for c in deck:
                names.setdefault(table[c.index], []).append(v.format_card(c))
    return [
        StrengthClass(s, tuple(names.get(s, ())), best[s], held[s])
        for s in sorted(best, reverse=True)
    ]


@attrs.frozen
class TableOdds:
    """Odds for a whole table of ``seats`` players, dealt as the table's plan deals (its
    sides, and any seat dealt a card more)."""

    seats: int
    flor_anyone: Fraction | None
    """Someone at the table holds a flor (``None`` where the flor is not three cards of one
    suit, which the exact count of disjoint hands assumes)."""
    flor_both_sides: Fraction | None
    """Both sides hold a flor (a contested flor); ``None`` for an odd table, and as
    :attr:`flor_anyone`."""
    special_anyone: Fraction
    """Someone holds a card that ranks alone (a brava, a manilha)."""


def _suited_flor(v: Variant) -> bool:
    """Whether a hand of ``v`` is a flor exactly when its three cards share a suit, for
    every turned card: the rule that :func:`~truco_rules.analysis.flor_count.no_flor`
    counts by."""
    assert v.flor is not None
    points = v.flor.points_in
    return all(
        (points(hand, ctx) is not None) == (hand[0].suit == hand[1].suit == hand[2].suit)
        for hand, ctx in _hands(v)
    )


def table_odds(variant: Variant | str, seats: int) -> TableOdds:
    """The table figures for ``seats`` players (flor figures are 0 without flor, ``None``
    where the flor is not three cards of one suit).

    The hands are those the table's plan of a deal deals: a seat dealt a card more (the
    gallo's fourth card, discarded unseen before play) holds a card that ranks alone when
    one of its four cards does, and a flor when three of its four share a suit (it keeps
    them). A seat dealt more than one card more makes the flor figures ``None``."""
    v = get_variant(variant)
    seats = integer(seats, "seats")
    v.table.check_seats(seats, v.name)
    deck = len(v.deck.cards)
    plan = v.table.plan(DealContext(seats, 0, 0, (0, 0), v.match.target, None))
    sizes = [3 + plan.extra_cards.count(s) for s in range(seats)]
    anyone: Fraction | None
    both: Fraction | None
    if v.flor is None:
        anyone, both = Fraction(0), (None if seats % 2 else Fraction(0))
    elif deck == 40 and max(sizes) <= 4 and _suited_flor(v):
        anyone = 1 - no_flor(sizes, deck)
        both = None
        if seats % 2 == 0:
            side = [[n for n, s in zip(sizes, plan.sides, strict=True) if s == k] for k in (0, 1)]
            both = 1 - no_flor(side[0], deck) - no_flor(side[1], deck) + (1 - anyone)
    else:  # another flor rule (wild cards, say): no exact count of the table here
        anyone = both = None
    return TableOdds(seats, anyone, both, special_probability(v, sum(sizes)))


@attrs.frozen
class Odds:
    """Every figure of :mod:`truco_rules.analysis.odds` for one variant."""

    variant: str
    hands: int
    """How many 3-card hands were counted (per turned card)."""
    envido: dict[int, Fraction]
    flor: Fraction
    special: Fraction
    special_cards: tuple[str, ...]
    """The cards that rank alone (empty when they depend on the turned card)."""
    classes: tuple[StrengthClass, ...]
    tables: tuple[TableOdds, ...]
    options: dict[str, Any] = attrs.field(factory=dict)
    """The options counted beyond those of the variant registered under its name."""

    @property
    def label(self) -> str:
        """The variant's name with those options (``house (target=15)``)."""
        return f"{self.variant} ({option_words(self.options)})" if self.options else self.variant

    @property
    def envido_mean(self) -> Fraction | None:
        """The mean envido score of the hands that are no flor (``None`` without envido)."""
        mass = sum(self.envido.values(), Fraction(0))
        if not mass:
            return None
        return sum((s * p for s, p in self.envido.items()), Fraction(0)) / mass

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        """Plain data for JSON: probabilities as floats, or as ``"n/d"`` strings if ``exact``;
        envido scores as string keys."""

        def num(x: Fraction | None) -> Any:
            if x is None:
                return None
            return str(x) if exact else float(x)

        return {
            "variant": self.variant,
            "options": dict(self.options),
            "hands": self.hands,
            "envido_distribution": {str(s): num(p) for s, p in self.envido.items()},
            "envido_mean": num(self.envido_mean),
            "flor_probability": num(self.flor),
            "special_probability": num(self.special),
            "special_cards": list(self.special_cards),
            "strength_classes": [
                {
                    "strength": c.strength,
                    "cards": list(c.cards),
                    "best": num(c.best),
                    "held": num(c.held),
                }
                for c in self.classes
            ],
            "tables": [
                {
                    "seats": t.seats,
                    "flor_anyone": num(t.flor_anyone),
                    "flor_both_sides": num(t.flor_both_sides),
                    "special_anyone": num(t.special_anyone),
                }
                for t in self.tables
            ],
        }


def odds(variant: Variant | str) -> Odds:
    """Every exact figure for ``variant``: a few hundred milliseconds."""
    v = get_variant(variant)
    fixed = not v.ranking.turns_up_card
    return Odds(
        variant=v.name,
        hands=comb(len(v.deck.cards) - (0 if fixed else 1), 3),
        envido=envido_distribution(v),
        flor=flor_probability(v),
        special=special_probability(v),
        special_cards=tuple(v.format_card(c) for c in special_cards(v)) if fixed else (),
        classes=tuple(strength_classes(v)),
        tables=tuple(table_odds(v, n) for n in v.seat_counts),
        options=changed_options(v),
    )


def _pct(p: Fraction | None) -> str:
    return "-" if p is None else f"{100 * float(p):.2f}%"


def odds_grids(o: Odds) -> list[Grid]:
    """The odds of one variant as tables: summary, envido scores, strength levels, tables."""
    if not isinstance(o, Odds):
        raise InvalidType("o", "an Odds (see odds())", o)
    name = o.label
    exact = str
    summary = [("a hand is a flor", _pct(o.flor), exact(o.flor))] if o.flor else []
    summary += [
        (
            "a hand holds a card that ranks alone"
            + (f" ({' '.join(o.special_cards)})" if o.special_cards else ""),
            _pct(o.special),
            exact(o.special),
        ),
    ]
    mean = o.envido_mean
    if mean is not None:
        summary.append(
            (
                "mean envido" + (" of the hands without flor" if o.flor else ""),
                f"{float(mean):.2f}",
                exact(mean),
            )
        )
    grids = [
        Grid(
            f"{name}: exact odds over every 3-card hand ({o.hands} hands"
            + (", for each turned card)" if not o.special_cards and o.special else ")"),
            ("figure", "probability", "exact"),
            (Section("", tuple(summary)),),
        )
    ]
    if o.envido:
        grids.append(
            Grid(
                f"{name}: envido scores" + (" (hands without flor)" if o.flor else ""),
                ("score", "probability", "exact"),
                (Section("", tuple((str(s), _pct(p), exact(p)) for s, p in o.envido.items())),),
            )
        )
    grids.append(
        Grid(
            f"{name}: strength levels, high to low",
            ("strength", "cards", "best card of the hand", "held"),
            (
                Section(
                    "",
                    tuple(
                        (
                            str(c.strength),
                            " ".join(c.cards) or "(follows the vira)",
                            _pct(c.best),
                            _pct(c.held),
                        )
                        for c in o.classes
                    ),
                ),
            ),
        )
    )
    rows: list[tuple[str, ...]]
    if o.flor:
        columns: tuple[str, ...] = ("seats", "someone has a flor", "both sides have a flor")
        rows = [(str(t.seats), _pct(t.flor_anyone), _pct(t.flor_both_sides)) for t in o.tables]
    else:
        columns, rows = ("seats",), [(str(t.seats),) for t in o.tables]
    columns += ("someone holds a card that ranks alone",)
    table_rows = tuple((*r, _pct(t.special_anyone)) for r, t in zip(rows, o.tables, strict=True))
    grids.append(Grid(f"{name}: by seat count", columns, (Section("", table_rows),)))
    return grids
