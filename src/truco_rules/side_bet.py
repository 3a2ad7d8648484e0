"""The side-bet protocol: a bet played beside the main ladder, added by a variant.

A side bet is a frozen hook object (a subclass of :class:`SideBet`) that a variant lists
in :attr:`Variant.side_bets <truco_rules.variant.Variant.side_bets>`, zero or more, beside
the two side bets the kernel plays itself when the variant has them (envido and flor, the
``envido`` and ``flor`` hooks). A third party adds one from its own package, without
touching the kernel:

.. code-block:: python

    @attrs.frozen
    class FirstTrickBet(SideBet):
        name = "primera"
        verbs = ("primera",)
        ...

    HOUSE = base.derive("house", "...", side_bets=(FirstTrickBet(),))  # base: a Variant

The contest keeps one **state** per side bet, a value the bet makes and the contest never
looks into: it must be immutable and hashable (a tuple, an attrs frozen class), so that
copying a contest, comparing two states and undoing an action need nothing from the bet.
The contest asks the bet, in this order of precedence among the phases of a contest (a
flor exchange, then an envido, then a side bet awaiting an answer, then a ladder call
awaiting an answer, then a card to play):

* :meth:`~SideBet.offers`: the calls a seat may make while cards are being played or while
  it answers a ladder call (``contest.call`` is then non-zero);
* :meth:`~SideBet.awaiting`: whose answer the bet waits for, if anyone's: while it waits,
  that seat acts, and only with the actions of :meth:`~SideBet.answers`;
* :meth:`~SideBet.act`: the bet's new state after a seat took one of those actions, and the
  points it gives at once (credited to the sides like the envido's);
* :meth:`~SideBet.close`: at the end of the contest, the points still owed (a bet settled by
  the cards).

Every call a bet offers must use one of its :attr:`~SideBet.verbs`, words no other part of
the variant uses (the kernel's own verbs, ``envido`` and ``flor`` among them, stay reserved
even in a variant without envido or flor): that is how the contest knows whose call it is.
Its answers may use any verb (``quiero``, ``no-quiero``, ``declare 3``, a word of its own),
since only the bet is answered while it awaits. Every action it offers or answers with must
be listed by :meth:`~SideBet.all_actions`, which makes them part of the variant's vocabulary
and integer ids; they are ordinary :class:`~truco_rules.actions.Action` values, so records,
notation, observations and the public log carry them without change. A bet may await only a
seat in the contest that has not gone to the deck, and must give it at least one answer.

The methods must be pure: the same contest and state give the same answer, and a bet
changes nothing but through what it returns. A bet that breaks the protocol (a state that
is not hashable, points that are not ``(side, points)``, an action it does not list, a
seat it may not await) gets a :class:`~truco_rules.errors.TrucoError`, and the action that
led there is refused with the match left as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar, Protocol

import attrs

from .actions import BASE_VERBS, NO_QUIERO, QUIERO, Action
from .cards import Card
from .context import HandContext
from .errors import InvalidType, TrucoError

__all__ = ["Contest", "Credit", "SideBet", "SideBetTable", "side_table"]

_QUIERO = Action.call(QUIERO)
_NO_QUIERO = Action.call(NO_QUIERO)

Credit = tuple[int, int]
"""Points a side bet gives: ``(side, points)``, the side 0 or 1."""


class Contest(Protocol):
    """What a side bet may read of the contest in play (read-only; the contest is a
    :class:`~truco_rules.hand.Hand`)."""

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in play order, mano first."""
        ...

    @property
    def team(self) -> tuple[int, ...]:
        """Each seat's side (0 or 1)."""
        ...

    @property
    def dealt(self) -> list[tuple[Card, ...]]:
        """The cards dealt to each seat."""
        ...

    @property
    def cards(self) -> list[list[Card]]:
        """The cards each seat still holds."""
        ...

    @property
    def strength(self) -> Sequence[int]:
        """Trick strength of each card by :attr:`Card.index` (higher wins)."""
        ...

    @property
    def trick_no(self) -> int:
        """The trick being played (0-based)."""
        ...

    @property
    def results(self) -> list[int]:
        """Each finished trick: 0 won by the mano's side, 1 by the other, -1 tied."""
        ...

    @property
    def mano_team(self) -> int:
        """The side of the contest's mano."""
        ...

    @property
    def played_first(self) -> list[bool]:
        """Whether each seat has played a card."""
        ...

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has gone to the deck."""
        ...

    @property
    def level(self) -> int:
        """How many ladder calls were accepted."""
        ...

    @property
    def call(self) -> int:
        """The ladder call awaiting an answer (0: none)."""
        ...

    @property
    def turn(self) -> int:
        """The seat to act."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """The two sides' match scores before the contest."""
        ...

    @property
    def hand_winner(self) -> int | None:
        """The side that won the contest, once over (``None``: nobody, or not yet)."""
        ...

    def context(self, seat: int) -> HandContext:
        """What a value hook may know of ``seat``'s deal (the turned card, seats, scores)."""
        ...


@attrs.frozen
class SideBet:
    """A side bet (see the module): subclass it, set :attr:`name` and :attr:`verbs`, and
    override the methods the bet needs (the defaults offer nothing and owe nothing)."""

    name: ClassVar[str] = "side bet"
    """What the bet is called: the reason written beside the points it gives."""
    verbs: ClassVar[tuple[str, ...]] = ()
    """The action verbs that are the bet's own (lowercase words joined by hyphens)."""

    def start(self, contest: Contest) -> Hashable:
        """The bet's state when a contest starts (immutable and hashable)."""
        return None

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[Action]:
        """The calls ``seat`` may make now, while cards are played or a ladder call is
        answered (``on_turn``: it is that seat's turn)."""
        return ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        """The seat whose answer the bet waits for, or -1."""
        return -1

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[Action]:
        """The actions open to the awaited ``seat``."""
        return ()

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        """The new state after ``seat`` took ``action`` (one the bet offered it), and the
        points it gives at once."""
        raise TrucoError(f"side bet {self.name!r} offered {action} but does not act on it")

    def close(self, contest: Contest, state: Hashable) -> tuple[Hashable, Sequence[Credit]]:
        """The state and the points still owed when the contest ends."""
        return state, ()

    def refusal(self, contest: Contest, state: Hashable, seat: int, action: Action) -> str:
        """Why ``action`` (with one of the bet's verbs) is not open to ``seat`` now."""
        return f"{self.name} does not allow that now"

    def all_actions(self) -> Sequence[Action]:
        """Every action the bet may ever offer or answer with: the variant's vocabulary and
        integer ids include them, and an action the bet gives that is not among them is a
        breach of the protocol (default: a call of each of :attr:`verbs`, ``quiero`` and
        ``no-quiero``)."""
        return (*(Action.call(v) for v in self.verbs), _QUIERO, _NO_QUIERO)


@attrs.frozen
class SideBetTable:
    """What a variant knows of its side bets, worked out once: which bet owns each verb,
    every action each bet may take (:meth:`SideBet.all_actions`), and the verbs those use."""

    owner: dict[str, int]
    actions: tuple[frozenset[Action], ...]
    verbs: frozenset[str]


def side_table(bets: object, taken: set[str]) -> SideBetTable:
    """The :class:`SideBetTable` of ``bets`` (a tuple of :class:`SideBet`): ``InvalidType``
    for anything else, ``ValueError`` for a verb of a bet's own already ``taken`` by the
    variant or the kernel, or used by two bets."""
    if not isinstance(bets, tuple) or not all(isinstance(b, SideBet) for b in bets):
        raise InvalidType("side_bets", "a tuple of SideBet objects", bets)
    owner: dict[str, int] = {}
    actions: list[frozenset[Action]] = []
    for i, bet in enumerate(bets):
        for verb in bet.verbs:
            Action.call(verb)  # a well-formed verb, or ParseError
            if verb in taken or verb in owner or verb in BASE_VERBS:
                raise ValueError(f"side bet {bet.name!r}: the verb {verb!r} is already in use")
            owner[verb] = i
        acts = frozenset(bet.all_actions())
        if not all(isinstance(a, Action) for a in acts):
            raise InvalidType(f"{bet.name}.all_actions()", "a sequence of Actions", acts)
        missing = [v for v in bet.verbs if Action.call(v) not in acts]
        if missing:
            raise ValueError(f"side bet {bet.name!r}: all_actions() lacks {missing[0]!r}")
        actions.append(acts)
    verbs = frozenset(a.verb for acts in actions for a in acts)
    return SideBetTable(owner, tuple(actions), verbs)
