"""Cards, the 40-card deck, and the two deck notations (RULES §0.2).

Both decks used for Truco are the same 40 card identities: ranks 1-7, 10, 11, 12 in four suits.
A :class:`Card` is that identity; a :class:`Notation` turns it into text and back. The Spanish
notation writes ``7E`` (seven of espadas), the French one ``7s`` (seven of spades):
A=1, Q=10 (sota), J=11 (caballo), K=12 (rey); clubs=bastos, hearts=copas, spades=espadas,
diamonds=oros.

Cards are interned: there is one object per card, so ``Card(7, Suit.ESPADAS) is
SPANISH.parse("7E")``; :meth:`Card.of` and :data:`DECK` return the same shared instances, and
copies and pickles come back as them. Two cards are equal when they are the same object, and a
card hashes to its :attr:`~Card.index`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from .errors import InvalidCard, InvalidType, shown

__all__ = [
    "DECK",
    "FRENCH",
    "RANKS",
    "SPANISH",
    "Card",
    "Notation",
    "Suit",
    "check_notation",
    "parse_cards",
]

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""The ten ranks of the 40-card deck, in the Spanish numbering."""

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}


class Suit(enum.Enum):
    """The four suits, named after the Spanish deck; ``value`` is the Spanish letter."""

    ESPADAS = "E"
    BASTOS = "B"
    OROS = "O"
    COPAS = "C"

    @property
    def french(self) -> str:
        """The French-deck letter: s (spades), c (clubs), d (diamonds), h (hearts)."""
        return _FRENCH_SUIT[self]


_FRENCH_SUIT = {Suit.ESPADAS: "s", Suit.BASTOS: "c", Suit.OROS: "d", Suit.COPAS: "h"}
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}


@attrs.define(frozen=True, slots=True, eq=False, repr=False)
class Card:
    """One of the 40 cards: a rank in :data:`RANKS` and a :class:`Suit`.

    ``index`` (0..39) is the card's position in :data:`DECK`. There is one instance per card
    (``Card(7, Suit.OROS)`` returns the shared one, as copies and unpickling do), so equality is
    identity, a comparison in C (cards are compared on every membership test of a search);
    a card hashes to its index. ``str(card)`` is the Spanish notation; use a
    :class:`Notation` for other decks.
    """

    rank: int = attrs.field()
    suit: Suit = attrs.field()
    index: int = attrs.field(init=False)

    @rank.validator
    def _check_rank(self, _attr: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:
            raise InvalidType("rank", "an int (1-7, 10, 11, 12)", value)
        if value not in _RANK_INDEX:
            raise InvalidCard(shown(value), "rank", "1-7, 10, 11, 12")

    @suit.validator
    def _check_suit(self, _attr: attrs.Attribute[Suit], value: Suit) -> None:
        if not isinstance(value, Suit):
            raise InvalidType("suit", "a Suit (Suit.ESPADAS, BASTOS, OROS, COPAS)", value)

    def __new__(cls, *args: object, **kwargs: object) -> Card:
        # the shared instance of a valid card; anything else is made, to be checked and refused
        # by the validators (and the 40 instances themselves are made before DECK exists)
        rank = args[0] if args else kwargs.get("rank")
        suit = args[1] if len(args) > 1 else kwargs.get("suit")
        if "DECK" in globals() and type(rank) is int and rank in _RANK_INDEX and type(suit) is Suit:
            return DECK[_SUIT_INDEX[suit] * 10 + _RANK_INDEX[rank]]
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", _SUIT_INDEX[self.suit] * 10 + _RANK_INDEX[self.rank])

    def __reduce__(self) -> tuple[object, ...]:
        return (_card, (self.index,))  # a copy or an unpickled card is the shared instance

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        """The shared instance of the card with this rank and suit."""
        if type(rank) is not int:
            raise InvalidType("rank", "an int (1-7, 10, 11, 12)", rank)
        if not isinstance(suit, Suit):
            raise InvalidType("suit", "a Suit (Suit.ESPADAS, BASTOS, OROS, COPAS)", suit)
        if rank not in _RANK_INDEX:
            raise InvalidCard(f"{shown(rank)}{suit.value}", "spanish", "7E, 12C")
        return DECK[_SUIT_INDEX[suit] * 10 + _RANK_INDEX[rank]]

    def __hash__(self) -> int:  # not the object's id: sets of cards iterate alike every run
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return SPANISH.format(self)

    def __repr__(self) -> str:
        return f"Card({SPANISH.format(self)})"


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in RANKS)
"""The 40 cards in canonical order: espadas, bastos, oros, copas; ranks ascending."""


def _card(index: int) -> Card:
    """The card of ``index`` (how a copied or pickled card comes back)."""
    return DECK[index]


@attrs.frozen
class Notation:
    """A deck notation: how a card is written and read.

    Parsing is case-insensitive and accepts the suit symbols ♠♣♥♦ as well as the letters.

    ```pycon
    >>> from truco_rules import FRENCH, SPANISH, parse_cards
    >>> card = SPANISH.parse("7o")
    >>> card, FRENCH.format(card), FRENCH.parse("7♦") == card
    (Card(7O), '7d', True)
    >>> [FRENCH.format(c) for c in parse_cards("1E 12B")]
    ['As', 'Kc']

    ```
    """

    name: str
    rank_text: tuple[str, ...]
    """Text of each rank, in the order of :data:`RANKS`."""
    suit_text: tuple[str, ...]
    """Text of each suit, in the order of :class:`Suit`."""
    examples: str

    def format(self, card: Card) -> str:
        """The card's text, e.g. ``7E`` or ``7s``."""
        if type(card) is not Card:
            raise InvalidType("card", "a Card", card)
        return self.rank_text[_RANK_INDEX[card.rank]] + self.suit_text[_SUIT_INDEX[card.suit]]

    def parse(self, text: str) -> Card:
        """The card named by ``text``; raises :class:`InvalidCard` if it names none."""
        card = (
            self._table().get(text.strip().lower())
            if isinstance(text, str) and len(text) <= 16
            else None
        )
        if card is None:
            raise InvalidCard(text, self.name, self.examples)
        return card

    def _table(self) -> dict[str, Card]:
        table: dict[str, Card] | None = _TABLES.get(self.name)
        if table is None:
            table = {}
            symbols = {Suit.ESPADAS: "♠", Suit.BASTOS: "♣", Suit.OROS: "♦", Suit.COPAS: "♥"}
            for card in DECK:
                rank = self.rank_text[_RANK_INDEX[card.rank]].lower()
                table[rank + self.suit_text[_SUIT_INDEX[card.suit]].lower()] = card
                table[rank + symbols[card.suit]] = card
            _TABLES[self.name] = table
        return table


_TABLES: dict[str, dict[str, Card]] = {}

SPANISH = Notation(
    name="spanish",
    rank_text=tuple(str(r) for r in RANKS),
    suit_text=tuple(s.value for s in Suit),
    examples="1E, 7O, 12C, 3B (E espadas, B bastos, O oros, C copas)",
)
"""Spanish deck notation: ranks 1-7, 10, 11, 12; suits E, B, O, C."""

FRENCH = Notation(
    name="french",
    rank_text=("A", "2", "3", "4", "5", "6", "7", "Q", "J", "K"),
    suit_text=tuple(s.french for s in Suit),
    examples="4c, 7h, As, Kd (c clubs, h hearts, s spades, d diamonds)",
)
"""French deck notation: ranks A 2-7 Q J K (Q=10, J=11, K=12); suits s, c, d, h."""


def check_notation(notation: object) -> Notation:
    """``notation`` if it is a :class:`Notation`, else
    :class:`~truco_rules.core.errors.InvalidType` (a name such as ``"FRENCH"`` is none)."""
    if type(notation) is not Notation and not isinstance(notation, Notation):
        expected = "a Notation (SPANISH, FRENCH, a variant's notation)"
        raise InvalidType("notation", expected, notation)
    return notation


def parse_cards(text: str | Iterable[str], notation: Notation = SPANISH) -> tuple[Card, ...]:
    """Parse a space-separated string (or an iterable of strings) of cards."""
    check_notation(notation)
    if isinstance(text, str):
        if len(text) > MAX_CARDS_TEXT:
            raise InvalidCard(text, notation.name, notation.examples)
        parts: Sequence[str] = text.split()
    elif isinstance(text, Iterable) and not isinstance(text, BINARY):
        parts = []
        for p in text:
            if len(parts) == 40:
                raise InvalidCard("(more than 40 cards)", notation.name, notation.examples)
            parts.append(p)
    else:
        raise InvalidType("cards", "card text or an iterable of card texts", text)
    return tuple(notation.parse(p) for p in parts)


BINARY: tuple[type, ...] = (bytes, bytearray)
"""Types that iterate but hold no cards (a bytes string is never a hand)."""

MAX_CARDS_TEXT = 40 * 5
"""The longest text :func:`parse_cards` reads: a whole deck written out."""
