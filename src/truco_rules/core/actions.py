"""The action vocabulary and its text notation (docs/notation.md).

An :class:`Action` is a small frozen value: a verb, and for some verbs a card or a number.

| text | meaning |
|---|---|
| `play 7E` | play a card face up |
| `play 7E down` | play a card face down (strength 0) |
| `play 3s over 5h` | play two cards at once: 3s face up over 5h face down |
| `play #2` | play the card dealt second without seeing it (blind hands) |
| `deal 7E` | a chance action: the next card dealt is 7E |
| `truco` ... | a call on the main bet ladder (rung names come from the variant) |
| `quiero` | accept the pending call |
| `no-quiero` | refuse the pending call |
| `envido` ... | `envido`, `real-envido`, `falta-envido` |
| `flor` ... | `flor`, `contraflor`, `contraflor-al-resto` |
| `con-flor-quiero` | answers in the flor exchange (also `con-flor-me-achico`) |
| `declare 33` | state one's envido score (declared mode) |
| `son-buenas` | concede the envido statement ("they are good") |
| `mazo` | go to the deck (abandon the hand) |
| `paso` | pass the answer to a call to a partner (where the ladder allows it) |
| `discard 7E` | put aside a card unseen (a player dealt one card more) |
| `accept-hand` | the side at 11 (or 10) plays its special hand |
| `decline-hand` | ... or declines it (the opponents score) |

Card text is in the notation of the deck in use: :meth:`Action.parse` takes a
:class:`~truco_rules.core.cards.Notation` (Spanish by default); a variant's ``parse_action``
passes its own.
"""

from __future__ import annotations

import re

import attrs

from .cards import DECK, SPANISH, Card, Notation, check_notation
from .errors import InvalidCard, InvalidType, ParseError, shown

__all__ = ["BASE_VERBS", "ENVIDO_CALLS", "KERNEL_VERBS", "Action"]

PLAY = "play"
DEAL = "deal"
DECLARE = "declare"
QUIERO = "quiero"
NO_QUIERO = "no-quiero"
MAZO = "mazo"
SON_BUENAS = "son-buenas"
ENVIDO = "envido"
REAL_ENVIDO = "real-envido"
FALTA_ENVIDO = "falta-envido"
FLOR = "flor"
CONTRAFLOR = "contraflor"
CONTRAFLOR_AL_RESTO = "contraflor-al-resto"
CON_FLOR_QUIERO = "con-flor-quiero"
CON_FLOR_ME_ACHICO = "con-flor-me-achico"
ACCEPT_HAND = "accept-hand"
DECLINE_HAND = "decline-hand"
DISCARD = "discard"
PASO = "paso"
"""Pass the answer to a call to a partner (a ladder option, not in :data:`BASE_VERBS`: a
variant has it only when its ladder allows it, so the ids of the others stay put)."""

BASE_VERBS: tuple[str, ...] = (
    QUIERO,
    NO_QUIERO,
    MAZO,
    SON_BUENAS,
    ENVIDO,
    REAL_ENVIDO,
    FALTA_ENVIDO,
    FLOR,
    CONTRAFLOR,
    CONTRAFLOR_AL_RESTO,
    CON_FLOR_QUIERO,
    CON_FLOR_ME_ACHICO,
    ACCEPT_HAND,
    DECLINE_HAND,
)
"""Verbs that take no argument and whose meaning the kernel knows.

Ladder rung names (``truco``, ``retruco``, ``seis``, ...) come from each variant's ladder.
"""

ENVIDO_CALLS: tuple[str, ...] = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)
"""The envido's bets, in the order of the ladder they make (a chain of them is an envido
rule's ``chains()``)."""

KERNEL_VERBS: frozenset[str] = frozenset((*BASE_VERBS, PASO, PLAY, DEAL, DECLARE, DISCARD))
"""Every verb of the kernel's own actions, reserved in every variant, even one without
them (a rung of a ladder, a side bet of a variant's own may take none): an option may give
a variant the pass (``answer_pass``), and a record names them alike everywhere."""

_VERB_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")

MAX_ACTION_TEXT = 64
"""The longest action text :meth:`Action.parse` reads (``play 12E over 11C`` has 17
characters); longer text is refused before any other work, so a hostile string costs nothing."""
MAX_VERB = 32
"""The longest action verb (``contraflor-al-resto`` has 19 characters)."""
_MAX_DIGITS = 4
"""The most digits a number in action text may have (a declared score, a dealt position)."""


def _card_arg(name: str, value: object) -> Card:
    if type(value) is not Card:
        raise InvalidType(name, "a Card", value)
    return value


def _notation_or_none(value: object) -> None:
    """The check of :attr:`Action.notation`: a :class:`Notation` or ``None``."""
    if value is not None:
        check_notation(value)


@attrs.frozen(cache_hash=True)
class Action:
    """One action. Build with :meth:`play`, :meth:`play_over`, :meth:`play_blind`,
    :meth:`deal`, :meth:`declare`, :meth:`call` or :meth:`parse`.

    ``str(action)`` and ``repr(action)`` write its cards in :attr:`notation`: the notation of
    the variant that made it (its legal actions, ``parse_action``), Spanish for an action
    built by hand; :meth:`text` writes it in any notation. The notation is how the action is
    shown, not what it is: actions that differ only in it are equal.

    ```pycon
    >>> from truco_rules import FRENCH, Action, parse_cards
    >>> a = Action.parse("play 1E")
    >>> a.verb, a.card, a.text(FRENCH)
    ('play', Card(1E), 'play As')
    >>> Action.parse("play As", FRENCH) == a    # the notation shows it; it is the same action
    True
    >>> Action.play(parse_cards("7O")[0], down=True), Action.call("truco"), Action.declare(33)
    (Action.parse('play 7O down'), Action.parse('truco'), Action.parse('declare 33'))
    >>> Action.parse("play 9E")
    Traceback (most recent call last):
    ...
    truco_rules.core.errors.ParseError: ...

    ```
    """

    verb: str
    card: Card | None = None
    down: bool = False
    number: int | None = None
    """The score of a ``declare``; the dealt position (1-3) of a blind ``play``."""
    under: Card | None = None
    """The face-down card under ``card`` in a two-card play."""
    notation: Notation | None = attrs.field(
        default=None, eq=False, repr=False, validator=lambda _s, _a, value: _notation_or_none(value)
    )
    """The deck notation the action is shown in (``None``: Spanish). See
    :meth:`in_notation`."""

    # -- constructors (interned where it matters for speed) ------------------------------
    @staticmethod
    def play(card: Card, down: bool = False) -> Action:
        """Play ``card`` (face down if ``down``)."""
        if type(card) is not Card:
            raise InvalidType("card", "a Card", card)
        if type(down) is not bool:
            raise InvalidType("down", "a bool", down)
        return PLAYS[card.index * 2 + down]

    @staticmethod
    def play_over(card: Card, under: Card) -> Action:
        """Play two cards at once: ``card`` face up on top of ``under`` face down."""
        _card_arg("card", card)
        _card_arg("under", under)
        if card == under:
            raise ParseError("a two-card play needs two different cards")
        return Action(PLAY, card=card, under=under)

    @staticmethod
    def play_blind(position: int) -> Action:
        """Play, unseen, the card dealt in ``position`` (1 to 3)."""
        if type(position) is not int:
            raise InvalidType("position", "an int from 1", position)
        if not 1 <= position <= 9:
            raise ParseError(f"a blind play names a dealt position from 1, not {shown(position)}")
        return _BLIND[position]

    @staticmethod
    def discard(card: Card) -> Action:
        """Put ``card`` aside, unseen (a player dealt an extra card)."""
        return _DISCARDS[_card_arg("card", card).index]

    @staticmethod
    def deal(card: Card) -> Action:
        """The chance action that deals ``card`` next."""
        return _DEALS[_card_arg("card", card).index]

    @staticmethod
    def declare(points: int) -> Action:
        """State an envido score."""
        if type(points) is not int:
            raise InvalidType("points", "an int", points)
        if not 0 <= points < 10**_MAX_DIGITS:
            raise ParseError(
                f"an envido statement is an integer from 0 to {10**_MAX_DIGITS - 1}, "
                f"not {shown(points)}"
            )
        return Action(DECLARE, number=points)

    @staticmethod
    def call(verb: str) -> Action:
        """A verb without argument (``truco``, ``quiero``, ``mazo``, ...).

        The kernel's own verbs are shared instances; any other verb is a new value (a
        variant interns its ladder's verbs itself), so no text a caller passes is kept.
        """
        if not isinstance(verb, str):
            raise InvalidType("verb", "a str", verb)
        act = _VERBS.get(verb)
        if act is None:
            if (
                len(verb) > MAX_VERB
                or not _VERB_RE.match(verb)
                or verb in (PLAY, DEAL, DECLARE, DISCARD)
            ):
                raise ParseError(f"{shown(verb)} is not an action verb")
            act = Action(verb)
        return act

    # -- text ---------------------------------------------------------------------------
    def text(self, notation: Notation = SPANISH) -> str:
        """The action's text in ``notation``."""
        if self.card is not None:
            s = f"{self.verb} {notation.format(self.card)}"
            if self.under is not None:
                return f"{s} over {notation.format(self.under)}"
            return s + " down" if self.down else s
        if self.verb == PLAY:
            return f"play #{self.number}"
        if self.number is not None:
            return f"{self.verb} {self.number}"
        return self.verb

    def __str__(self) -> str:
        return self.text(self.notation or SPANISH)

    def __repr__(self) -> str:
        n = self.notation
        if n is None or n.name == SPANISH.name or (self.card is None and self.under is None):
            return f"Action.parse({self.text()!r})"
        return f"Action.parse({self.text(n)!r}, {n.name.upper()})"

    def in_notation(self, notation: Notation) -> Action:
        """This action, shown in ``notation`` (an equal action; shared, so it costs nothing
        to call again)."""
        if notation is self.notation:
            return self
        table = shown_in(check_notation(notation))
        tagged = table.get(self)
        if tagged is None or tagged.notation is not notation:
            tagged = attrs.evolve(self, notation=notation)
            if len(table) < _MAX_TAGGED:
                table[self] = tagged
        return tagged

    @staticmethod
    def parse(text: str, notation: Notation = SPANISH) -> Action:
        """Parse action text; raises :class:`~truco_rules.core.errors.ParseError` on malformed text.

        Whitespace and case are forgiven, and ``_`` or a space may stand for ``-`` in verbs
        (``no quiero`` = ``no-quiero``). Whether the action is *legal* is for the state to say.
        The action is shown in ``notation`` (see :attr:`notation`).
        """
        if notation is SPANISH:
            return Action._parse(text, notation)
        return Action._parse(text, check_notation(notation)).in_notation(notation)

    @staticmethod
    def _parse(text: str, notation: Notation) -> Action:
        if not isinstance(text, str):
            raise InvalidType("action text", "a str", text)
        if len(text) > MAX_ACTION_TEXT:
            raise ParseError(
                f"action text of {len(text):,} characters; the longest action has "
                f"{MAX_ACTION_TEXT}: {shown(text)}"
            )
        words = text.strip().lower().replace("_", " ").split()
        if not words:
            raise ParseError("empty action text; examples: 'play 7E', 'truco', 'quiero'")
        head = words[0]
        if head in (PLAY, DEAL, DISCARD):
            if len(words) < 2:
                raise ParseError(f"{text!r}: '{head}' needs a card, e.g. '{head} 7E'")
            if head == PLAY and words[1].startswith("#"):
                pos = words[1][1:]
                if len(words) != 2 or not (pos.isascii() and pos.isdigit()) or len(pos) > 1:
                    raise ParseError(f"{text!r}: a blind play is 'play #1', 'play #2'...")
                return Action.play_blind(int(pos))
            try:
                card = notation.parse(words[1])
            except InvalidCard as exc:
                raise ParseError(f"{text!r}: {exc}") from None
            rest = words[2:]
            if head != PLAY:
                if rest:
                    raise ParseError(f"{text!r}: unexpected {' '.join(rest)!r} after the card")
                return Action.deal(card) if head == DEAL else Action.discard(card)
            if rest == ["down"] or rest == ["face", "down"]:
                return Action.play(card, True)
            if len(rest) == 2 and rest[0] == "over":
                try:
                    under = notation.parse(rest[1])
                except InvalidCard as exc:
                    raise ParseError(f"{text!r}: {exc}") from None
                return Action.play_over(card, under)
            if rest and rest != ["up"]:
                raise ParseError(
                    f"{text!r}: after the card only 'down' or 'over <card>' may follow"
                )
            return Action.play(card, False)
        if head == DECLARE:
            if (
                len(words) != 2
                or not (words[1].isascii() and words[1].isdigit())
                or len(words[1]) > _MAX_DIGITS
            ):
                raise ParseError(
                    f"{text!r}: 'declare' needs a number of at most {_MAX_DIGITS} digits, "
                    "e.g. 'declare 33'"
                )
            return Action.declare(int(words[1]))
        return Action.call("-".join(words))


def check_fields(action: object) -> str:
    """Raise :class:`~truco_rules.core.errors.InvalidType` unless ``action`` is an
    :class:`Action` whose fields have their types (a hand-built one may not); return its
    verb."""
    if type(action) is not Action:
        raise InvalidType("action", "an Action or its text", action)
    assert isinstance(action, Action)
    verb = action.verb
    if type(verb) is not str:
        raise InvalidType("verb", "a str", verb)
    card, under, number = action.card, action.under, action.number
    if card is not None and type(card) is not Card:
        raise InvalidType("card", "a Card or None", card)
    if under is not None and type(under) is not Card:
        raise InvalidType("under", "a Card or None", under)
    if type(action.down) is not bool:
        raise InvalidType("down", "a bool", action.down)
    if number is not None and type(number) is not int:
        raise InvalidType("number", "an int or None", number)
    return verb


PLAYS: tuple[Action, ...] = tuple(
    Action(PLAY, card=c, down=d) for c in DECK for d in (False, True)
)
"""The shared ``play`` actions: ``PLAYS[2 * card.index]`` face up, ``+ 1`` face down."""
_DEALS: tuple[Action, ...] = tuple(Action(DEAL, card=c) for c in DECK)
_DISCARDS: tuple[Action, ...] = tuple(Action(DISCARD, card=c) for c in DECK)
_BLIND: dict[int, Action] = {k: Action(PLAY, number=k) for k in range(1, 10)}
_VERBS: dict[str, Action] = {v: Action(v) for v in BASE_VERBS}
_IN_NOTATION: dict[str, dict[Action, Action]] = {}


def shown_in(notation: Notation) -> dict[Action, Action]:
    """The shared table of actions already shown in ``notation``: ``table[a]`` is
    ``a.in_notation(notation)`` once it was asked for."""
    table = _IN_NOTATION.get(notation.name)
    if table is None:
        table = _IN_NOTATION[notation.name] = {}
    return table
_MAX_TAGGED = 100_000
"""Actions shown in another notation are shared up to this many (the vocabulary of a deck is
a few thousand; a caller building actions with ever new numbers cannot grow memory past it)."""
