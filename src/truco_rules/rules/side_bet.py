"""The side-bet protocol: a bet played beside the main ladder, added by a variant.

A side bet is a frozen hook object (a subclass of :class:`SideBet`) that a variant lists
in :attr:`Variant.side_bets <truco_rules.rules.variant.Variant.side_bets>`, zero or more, beside
the two side bets the kernel plays itself when the variant has them (envido and flor, the
``envido`` and ``flor`` hooks). A third party adds one from its own package, without
touching the kernel:

```python
# not run: an outline (a whole side bet, run by the tests: docs/extending.md)
@attrs.frozen
class FirstTrickBet(SideBet):
    name = "primera"
    verbs = ("primera",)
    ...

HOUSE = base.derive("house", "...", side_bets=(FirstTrickBet(),))  # base: a Variant
```

The contest keeps one **state** per side bet, a value the bet makes and the contest never
looks into: it must be immutable and hashable (a tuple, an attrs frozen class), so that
copying a contest, comparing two states and undoing an action need nothing from the bet.
The kernel's envido and flor are two implementations of this protocol
(:class:`~truco_rules.contest.envido_bet.EnvidoBet`,
:class:`~truco_rules.contest.flor_bet.FlorBet`), played
before the variant's own bets. The contest asks each bet:

* :meth:`~SideBet.offers`: the calls a seat may make while cards are being played or while
  it answers a ladder call (``contest.call`` is then non-zero);
* :meth:`~SideBet.awaiting`: whose answer the bet waits for, if anyone's: while it waits,
  that seat acts (or, with :attr:`~SideBet.side_answers`, any seat of its side), with the
  actions of :meth:`~SideBet.answers`, in the phase :meth:`~SideBet.phase` names. When two
  bets wait at once, the one with the lower :attr:`~SideBet.precedence` is answered first
  (the flor, then the envido, then the variant's own bets, then a ladder call);
* :meth:`~SideBet.act`: the bet's new state after a seat took one of those actions, and the
  points it gives at once (credited like the envido's);
* :meth:`~SideBet.close`: at the end of the contest, the points still owed (a bet settled by
  the cards).

A bet that interacts with the rest of the contest overrides the optional methods, each
asked only of the bets that override it: :meth:`~SideBet.interjections` (a call open while
*another* bet awaits an answer: a flor answers an envido), :meth:`~SideBet.interrupted`
(before another bet acts, or a seat goes to the deck: a flor voids the envido, going to
the deck refuses it), :meth:`~SideBet.automatic` (an action the rules take for a seat, not
recorded: a flor sung automatically), :meth:`~SideBet.holds_back` and
:meth:`~SideBet.restrict` (narrow the actions of a seat: sing the flor or go to the deck),
:meth:`~SideBet.answered_by_leaving`, :meth:`~SideBet.deck_bonus`, :meth:`~SideBet.ends`
and :meth:`~SideBet.shown`. A bet reads another's state with ``contest.bet_state(name)``.

Every call a bet offers (or interjects) must use one of its :attr:`~SideBet.verbs`, words
no other part of the variant uses (the kernel's own verbs, ``envido`` and ``flor`` among
them, stay reserved even in a variant without envido or flor): that is how the contest
knows whose call it is. Its answers may use other verbs (``quiero``, ``no-quiero``,
``declare 3``, a word of its own), but not another bet's calls: while a bet awaits an
answer, only its answers reach it; another bet's call interjected meanwhile is that bet's,
and going to the deck is always the kernel's (the bet hears of it through
:meth:`~SideBet.interrupted`, as the envido does). Every action it offers or answers with
must be listed by :meth:`~SideBet.all_actions`, in a tuple or list: the list makes them
part of the variant's vocabulary and gives them integer ids in its order (an unordered
collection would number them differently in every process). They are ordinary
:class:`~truco_rules.core.actions.Action` values, so records, notation, observations and the
public log carry them without change; none may be the kernel's own (``mazo``, a card
played, dealt or put aside). A bet may await only a seat in the contest that has not gone
to the deck, and must give it at least one answer.

The methods must be pure: the same contest and state give the same answer, and a bet
changes nothing but through what it returns.

**What the kernel checks.** A variant's own bet is code from outside the kernel, and the
contest checks everything it returns as :meth:`Match.apply
<truco_rules.game.state.MatchState.apply>` checks a user's action (the kernel's envido and flor
are trusted and skip the checks). When the variant is built
(:mod:`truco_rules.rules.side_bet_checks`): the bet's :attr:`~SideBet.name` (1 to 60
letters, digits, spaces or ``-_'.``, not a name or reason of the kernel's own such as
``envido``, and not another bet's), its :attr:`~SideBet.verbs` (a tuple),
:attr:`~SideBet.precedence` (an int),
:attr:`~SideBet.side_answers` (a bool), :meth:`~SideBet.all_actions` (above) and
:meth:`~SideBet.uses` (a bool). During play (:mod:`truco_rules.contest.bet_guard`):

* actions (:meth:`~SideBet.offers`, :meth:`~SideBet.interjections`,
  :meth:`~SideBet.answers`) come in a tuple or list, each an Action the bet lists, once: a
  call of its own verbs, or for an answer any but another bet's call;
* :meth:`~SideBet.restrict` may only remove actions (not add, repeat or reorder them), and
  may not leave the seat to act with none;
* a seat (:meth:`~SideBet.awaiting`, :meth:`~SideBet.automatic`) is an ``int`` (not a bool)
  naming a seat still in the contest; :meth:`~SideBet.awaiting` may also give ``-1``;
* a state is hashable and immutable all the way down (copies of a contest share it): a
  tuple, frozenset, frozen attrs class or frozen dataclass of numbers, text, ``None``, enum
  members, cards and actions; :meth:`~SideBet.act`, :meth:`~SideBet.close` and
  :meth:`~SideBet.interrupted` return a tuple ``(state, points)``, the points a tuple or
  list of :data:`Credit`: the side exactly the ``int`` 0 or 1 (not ``1.0`` or ``True``), the
  points an ``int`` from 0 to :data:`~truco_rules.rules.side_bet_checks.MAX_POINTS`
  (10,000, the bound of every integer option and so of the target), the reason text like a name;
* :meth:`~SideBet.deck_bonus` is an ``int`` from 0 to 10,000; :meth:`~SideBet.ends` is
  ``""`` or a reason; :meth:`~SideBet.refusal`, :meth:`~SideBet.blocked`: 1 to 200 printables;
  :meth:`~SideBet.holds_back` and :meth:`~SideBet.answered_by_leaving` are bools;
  :meth:`~SideBet.shown` is a tuple or list of ``(seat, cards)`` tuples, the cards a tuple
  of cards dealt to that seat;
* :meth:`~SideBet.automatic` is ``None`` or ``(seat, action)``, an action the bet lists;
  the bets may take at most :data:`~truco_rules.rules.side_bet_checks.MAX_AUTOMATIC` (100) such
  actions in a row: an automatic action must change the bet's state for good.

A bet that breaks the protocol, or raises an exception of its own (a ``ValueError``, a
``KeyError``...), gets a :class:`~truco_rules.core.errors.ProtocolError` (a ``TrucoError``) that
names the bet and the method (``side bet 'primera'.act() broke the protocol: ...``; the
bet's own exception is its ``__cause__``), never a bare ``TypeError`` or ``ValueError``,
and the action that led there is refused with the match left as it was. A
``BaseException`` that is not an ``Exception`` (``KeyboardInterrupt``, ``SystemExit``, a
task's cancellation) is a signal, not a broken bet: it passes through unchanged, and the
match is still left as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

import attrs

from ..core.actions import NO_QUIERO, QUIERO, Action
from ..core.cards import Card
from ..core.errors import ProtocolError
from .bet_view import Contest

__all__ = ["OPTIONAL_METHODS", "Contest", "Credit", "SideBet"]

_QUIERO = Action.call(QUIERO)
_NO_QUIERO = Action.call(NO_QUIERO)

OPTIONAL_METHODS = (
    "interjections",
    "interrupted",
    "automatic",
    "holds_back",
    "restrict",
    "deck_bonus",
    "ends",
    "shown",
)
"""The protocol's optional methods: each is asked only of the bets that use it
(:meth:`SideBet.uses`)."""

S = TypeVar("S", bound=Hashable)
"""The type of a side bet's state."""

Credit = tuple[int, int] | tuple[int, int, str]
"""Points a side bet gives: ``(side, points)``, the side 0 or 1, or ``(side, points,
reason)`` to write a reason other than the bet's :attr:`~SideBet.name` beside them."""


@attrs.frozen
class SideBet(Generic[S]):
    """A side bet (see the module): subclass it, set :attr:`name` and :attr:`verbs`, and
    override the methods the bet needs (the defaults offer nothing and owe nothing)."""

    name: ClassVar[str] = "side bet"
    """What the bet is called: the reason written beside the points it gives."""
    verbs: ClassVar[tuple[str, ...]] = ()
    """The action verbs that are the bet's own (lowercase words joined by hyphens)."""
    precedence: ClassVar[int] = 0
    """When two bets await an answer at once, the lower precedence is answered first (the
    kernel's flor is -2, its envido -1)."""
    side_answers: ClassVar[bool] = False
    """Whether every seat of the awaited seat's side is asked for :meth:`answers` (an envido
    is answered by any member of the challenged side), not the awaited seat alone."""

    def start(self, contest: Contest) -> S:
        """The bet's state when a contest starts (immutable and hashable)."""
        return cast(S, None)

    def offers(self, contest: Contest, state: S, seat: int, on_turn: bool) -> Sequence[Action]:
        """The calls ``seat`` may make now, while cards are played or a ladder call is
        answered (``on_turn``: it is that seat's turn)."""
        return ()

    def awaiting(self, contest: Contest, state: S) -> int:
        """The seat whose answer the bet waits for, or -1."""
        return -1

    def answers(self, contest: Contest, state: S, seat: int) -> Sequence[Action]:
        """The actions open to the awaited ``seat``."""
        return ()

    def act(
        self, contest: Contest, state: S, seat: int, action: Action
    ) -> tuple[S, Sequence[Credit]]:
        """The new state after ``seat`` took ``action`` (one the bet offered it), and the
        points it gives at once."""
        problem = f"offered {action} but does not act on it"
        raise ProtocolError(f"side bet {self.name!r}", "act", problem)

    def close(self, contest: Contest, state: S) -> tuple[S, Sequence[Credit]]:
        """The state and the points still owed when the contest ends."""
        return state, ()

    def refusal(self, contest: Contest, state: S, seat: int, action: Action) -> str:
        """Why ``action`` (its call, its own answer, or one it restricts) is not open to seat."""
        return f"{self.name} does not allow that now"

    def blocked(self, contest: Contest, state: S, seat: int, action: Action) -> str:
        """Why ``action`` is held up while the bet awaits the answer of ``seat``."""
        return f"answer the {self.name} first"

    def phase(self, contest: Contest, state: S) -> str:
        """The name of the phase while the bet awaits an answer, one of
        :data:`truco_rules.contest.hand.PHASES`. Only the kernel's envido and flor name phases of
        their own; a bet of the variant's own is always answered in ``"answer-side-bet"``
        (the phase observations and tensors know for it), whatever this returns."""
        return "answer-side-bet"

    def uses(self, method: str) -> bool:
        """Whether the contest asks this bet's ``method`` (:meth:`offers` or one of the
        optional methods below) at all. By default, whether the bet's class overrides it; a
        bet whose options leave a method idle says no, and costs nothing there (the flor
        sung automatically offers nothing)."""
        return getattr(type(self), method) is not getattr(SideBet, method)

    # -- optional: each is asked only of the bets that use it (:meth:`uses`) --------------
    def interjections(
        self, contest: Contest, state: S, seat: int, on_turn: bool, awaiting: SideBet[Any]
    ) -> Sequence[Action]:
        """Calls of this bet open to ``seat`` while ``awaiting``, another bet, waits for an
        answer (a flor may answer an envido)."""
        return ()

    def interrupted(
        self, contest: Contest, state: S, seat: int, action: Action
    ) -> tuple[S, Sequence[Credit]]:
        """This bet's state and points when ``seat`` is about to take ``action`` that is not
        the bet's own: another bet's action (also one the rules take by themselves, see
        :meth:`automatic`) or going to the deck."""
        return state, ()

    def automatic(self, contest: Contest, state: S) -> tuple[int, Action] | None:
        """An action of this bet the rules take now for a seat, unasked and unrecorded (a
        flor sung automatically), as ``(seat, action)``; ``None`` for none."""
        return None

    def holds_back(self, contest: Contest, state: S, seat: int) -> bool:
        """Whether ``seat``, not the one to act, has no action until the bet has acted for
        it (his flor is sung at his first decision, before anything else he does)."""
        return False

    def restrict(self, contest: Contest, state: S, seat: int, legal: list[Action]) -> list[Action]:
        """The actions left of ``legal`` (a seat with an unsung flor must sing it or go to
        the deck)."""
        return legal

    def answered_by_leaving(self, contest: Contest, state: S) -> bool:
        """Whether going to the deck is also an answer while the bet awaits one (offered
        where the ladder lets a player go to the deck out of turn). The kernel takes the
        seat to the deck as always; the bet hears of it in :meth:`interrupted`, before, and
        must stop awaiting that seat."""
        return False

    def deck_bonus(self, contest: Contest, state: S, side: int) -> int:
        """Points added to what the other side wins when ``side`` goes to the deck."""
        return 0

    def ends(self, contest: Contest, state: S) -> str:
        """The reason the bet ends the contest now (nobody wins its tricks), or ``""``."""
        return ""

    def shown(self, contest: Contest, state: S) -> Sequence[tuple[int, tuple[Card, ...]]]:
        """Cards the bet shows at the end of the contest: ``(seat, cards)``."""
        return ()

    def all_actions(self) -> Sequence[Action]:
        """Every action the bet may ever offer or answer with: the variant's vocabulary and
        integer ids include them, and an action the bet gives that is not among them is a
        breach of the protocol (default: a call of each of :attr:`verbs`, ``quiero`` and
        ``no-quiero``)."""
        return (*(Action.call(v) for v in self.verbs), _QUIERO, _NO_QUIERO)
