"""Uruguayan truco for truco-rules, written against its public API only.

A card is turned up after the deal: the *muestra*. Five cards of its suit, the *piezas*
(2, 4, 5, 11 perico, 10 perica, in that order; the 12 of the suit stands in for a pieza that
is itself the muestra), rank above the matas and count high in the envido; in the flor they
are wild. Everything else is Argentine truco with flor, composed from the kernel's hooks and
the public names of :mod:`truco_rules.variants.argentine`. See README.md for the rules chosen.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
from truco_rules.core.cards import DECK, Card
from truco_rules.hooks import (
    BetLadder,
    EnvidoRules,
    FlorRules,
    HandContext,
    MatchRule,
    TrickRule,
    option,
)
from truco_rules.rules.variant import Variant
from truco_rules.variants.argentine import ARGENTINE_RANKING, ArgentineTable

__all__ = [
    "PIEZA_RANKS",
    "PIEZA_VALUES",
    "URUGUAYO",
    "MuestraEnvido",
    "MuestraFlor",
    "MuestraRanking",
    "piezas",
]

PIEZA_RANKS: tuple[int, ...] = (2, 4, 5, 11, 10)
"""The ranks of the muestra's suit that are piezas, highest first."""
PIEZA_VALUES: dict[int, int] = {2: 30, 4: 29, 5: 28, 11: 27, 10: 27}
"""What a pieza playing as this rank counts in the envido and the flor."""


@functools.lru_cache(maxsize=64)
def piezas(muestra: Card | None) -> dict[Card, int]:
    """The piezas under ``muestra``: each card and the pieza rank it plays as (the 12 of the
    suit plays as the muestra's rank when the muestra is itself a pieza). None without one."""
    if muestra is None:
        return {}
    out: dict[Card, int] = {}
    for rank in PIEZA_RANKS:
        card = Card.of(rank, muestra.suit)
        out[Card.of(12, muestra.suit) if card == muestra else card] = rank
    return out


def _face(card: Card) -> int:
    """The usual envido value of a card: its rank up to 7, the figures 0."""
    return card.rank if card.rank <= 7 else 0


def _other_value(card: Card, turned: Card | None, second_pieza: str) -> int:
    """What a card beside the highest pieza adds in the flor: its usual value; another pieza
    with ``pieza_units`` (R4) the last digit of its pieza value (4: 9, 5: 8, 11 and 10: 7;
    the 2 would add 0, but it is always the highest), with ``face_value`` its usual value."""
    rank = piezas(turned).get(card)
    return _face(card) if rank is None or second_pieza == "face_value" else PIEZA_VALUES[rank] % 10


def _best_pieza(cards: Sequence[Card], turned: Card | None) -> tuple[Card, int] | None:
    """The highest pieza among ``cards`` and the pieza rank it plays as, if any."""
    held = [(c, r) for c in cards if (r := piezas(turned).get(c)) is not None]
    return min(held, key=lambda cr: PIEZA_RANKS.index(cr[1])) if held else None


def _with_pieza(cards: Sequence[Card], turned: Card | None) -> tuple[Card, Card, int] | None:
    """The highest pieza, the best other card and the envido they make (R3); ``None`` for a
    hand without a pieza."""
    best = _best_pieza(cards, turned)
    if best is None:
        return None
    other = max((c for c in cards if c != best[0]), key=_face)
    return best[0], other, PIEZA_VALUES[best[1]] + _face(other)


@functools.lru_cache(maxsize=64)
def _strengths(turned: Card | None) -> tuple[int, ...]:
    top = max(ARGENTINE_RANKING.table)  # the 1 of espadas, highest of the matas
    above = {r: top + len(PIEZA_RANKS) - i for i, r in enumerate(PIEZA_RANKS)}
    table = list(ARGENTINE_RANKING.table)
    for card, rank in piezas(turned).items():
        table[card.index] = above[rank]
    return tuple(table)


@attrs.frozen
class MuestraRanking:
    """The Argentine order (matas 1E 1B 7E 7O on top), with the muestra's five piezas above
    them: 2 > 4 > 5 > 11 > 10. Without a turned card, the Argentine order alone."""

    turns_up_card: bool = True

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        """40 strengths by :attr:`Card.index`; piezas 19 (the 2) to 15 (the 10)."""
        return _strengths(turned)


@attrs.frozen
class MuestraEnvido(EnvidoRules):
    """Envido with piezas: a hand holding a pieza counts the highest one's value (2: 30,
    4: 29, 5: 28, 11 and 10: 27) plus the best usual value of its other two cards (a second
    pieza too: with flor in play two piezas are a flor); without one, as in Argentina."""

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int:
        found = _with_pieza(cards, context.turned)
        return self.points(cards) if found is None else found[2]

    def proof_in(self, cards: Sequence[Card], context: HandContext) -> tuple[Card, ...]:
        found = _with_pieza(cards, context.turned)
        if found is None:
            return self.proof(cards)
        top, other, _score = found
        return (top, other) if _face(other) else (top,)

    def possible_scores(self) -> tuple[int, ...]:
        return tuple(sorted({*super().possible_scores(), *range(27, 38)}))


@attrs.frozen
class MuestraFlor(FlorRules):
    """Flor with wild piezas: three cards of a suit, or any hand whose cards other than piezas
    share a suit (a pieza and two of a suit; two or three piezas). With a pieza it counts the
    highest pieza's full value, the last digit of every other pieza's value (see
    ``flor_second_pieza``) and the usual value of the card left; without, 20 plus the three
    usual values."""

    flor_second_pieza: str = option(
        "pieza_units",
        "What a second or third pieza adds to the flor beside a higher one: the last digit of "
        "its pieza value (pieza_units: 4 5 11 10 add 9 8 7 7, so 2 4 5 of the muestra make "
        "30 + 9 + 8 = 47), or its usual value (face_value: 4 5 add 4 5, 11 and 10 nothing; "
        "no published source).",
        choices=("pieza_units", "face_value"),
        source="README R4 (pagat.com Uruguayan Truco; pytruco Manojo.calc_flor)",
    )

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int | None:
        turned = context.turned
        best = _best_pieza(cards, turned)
        if best is None:
            return self.points(cards)
        if len({c.suit for c in cards if c not in piezas(turned)}) > 1:
            return None
        rest = (_other_value(c, turned, self.flor_second_pieza) for c in cards if c != best[0])
        return PIEZA_VALUES[best[1]] + sum(rest)


URUGUAYO = Variant(
    name="uruguayo",
    description="Uruguayan truco: a muestra turned up, its piezas 2 4 5 11 10 above the "
    "matas, envido with piezas, flor with wild piezas, truco/retruco/vale cuatro, 30 points.",
    ranking=MuestraRanking(),
    # 6 seats: pica-pica alternates with redondas until a side reaches 15 (the malas)
    table=ArgentineTable(seat_counts=(2, 4, 6), pica_pica_cutoff=15),
    tricks=TrickRule(),
    ladder=BetLadder(values=(1, 2, 3, 4), names=("truco", "retruco", "vale-cuatro")),
    envido=MuestraEnvido(falta_mode="winner_to_half"),
    flor=MuestraFlor(),
    match=MatchRule(target=30),
    aliases=("truco-uruguayo", "uruguayan"),
)
"""Uruguayan truco (see README.md for every rule choice and its source)."""
