"""Stable integer ids for every action of a variant (for OpenSpiel, PettingZoo, neural nets).

A variant's :class:`ActionSpace` lists its whole vocabulary in a fixed order, so an action
has the same id in every state, every table size and every release. The blocks, in order:

1. ``deal <card>`` for each card of the variant's deck, in deck order (the chance outcomes:
   their ids are ``0 .. len(deck) - 1``, so a chance node's ids are below
   :attr:`ActionSpace.num_chance_outcomes`);
2. the verbs without argument that the variant knows: the kernel's verbs in
   :data:`~truco_rules.core.actions.BASE_VERBS` order, then the bet ladder's rungs in ladder order;
3. ``play <card>`` for each card of the deck;
4. ``play <card> down`` for each card of the deck;
5. ``play #1`` .. ``play #3`` (blind hands) if the variant has special hands;
6. ``play <a> over <b>`` for each ordered pair of different cards, if the variant's trick
   rule has two-card plays;
7. ``discard <card>`` for each card, if the table deals extra cards;
8. ``declare 0`` .. ``declare N`` (N the highest envido score) if the variant has envido;
9. the actions of the variant's own side bets (:meth:`SideBet.all_actions
   <truco_rules.rules.side_bet.SideBet.all_actions>`) not listed above, bet by bet, each bet's in
   the order it lists them (a tuple or list: an unordered collection is refused, since its
   order would change from one process to another);
10. ``paso`` if the ladder lets a player pass his answer to a partner (``answer_pass``): last,
    so that the option moves no other id.

A block that cannot occur in the variant is left out; a block that can occur only under
some option value is kept, so changing a house rule rarely moves an id.
``tests/data/action_ids.json`` pins the ids of every built-in variant.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from ..core.actions import BASE_VERBS, Action, check_fields
from ..core.arguments import integer
from ..core.cards import SPANISH
from ..core.errors import InvalidType, UnknownActionId, UnknownActionIdType, shown
from ..core.per_object import PerObject

if TYPE_CHECKING:
    from .deck import Deck
    from .envido import EnvidoRules
    from .ladder import BetLadder
    from .side_bet_checks import SideBetTable
    from .special import SpecialHands
    from .trick_rule import TrickRule


class Vocabulary(Protocol):
    """What an action space is built from: the parts of a
    :class:`~truco_rules.rules.variant.Variant` that say which actions exist."""

    @property
    def name(self) -> str: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def tricks(self) -> TrickRule: ...
    @property
    def ladder(self) -> BetLadder: ...
    @property
    def envido(self) -> EnvidoRules | None: ...
    @property
    def special(self) -> SpecialHands | None: ...
    @property
    def vocabulary(self) -> frozenset[str]: ...
    @property
    def _sides(self) -> SideBetTable:
        """The variant's own side bets, checked when it was built: their actions are read
        from here, in the order each bet listed them then."""
        ...


class Spaced(Vocabulary, Protocol):
    """What :class:`ActionIds` reads of the variant it is part of."""

    def parse_action(self, text: str) -> Action: ...


__all__ = ["ActionIds", "ActionSpace", "action_space"]

_BLIND_POSITIONS = 3


class ActionSpace:
    """The actions of one variant, numbered ``0 .. num_actions - 1``."""

    __slots__ = ("_index", "actions", "num_chance_outcomes", "variant_name")

    def __init__(self, variant_name: str, actions: Sequence[Action], chance: int) -> None:
        self.variant_name = variant_name
        self.actions: tuple[Action, ...] = tuple(actions)
        """Every action, in id order."""
        self.num_chance_outcomes = chance
        """How many ids are chance outcomes (``deal`` actions): ids ``0 .. n - 1``."""
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError(f"variant {variant_name!r}: an action is listed twice")

    @property
    def num_actions(self) -> int:
        """How many ids there are (chance outcomes included)."""
        return len(self.actions)

    def id(self, action: Action) -> int:
        """The id of ``action``; :class:`~truco_rules.core.errors.UnknownActionId` if it has none
        (:class:`~truco_rules.core.errors.UnknownActionIdType` if it is no well-formed Action)."""
        try:
            i = self._index.get(action)
        except TypeError:  # a hand-built Action with an unhashable field
            i = None
        if i is None:
            if type(action) is not Action:
                raise UnknownActionIdType("action", "an Action or its text", action)
            try:
                check_fields(action)
            except InvalidType as exc:
                raise UnknownActionIdType(exc.argument, "a well-formed Action", action) from None
            raise UnknownActionId(
                f"{shown(action)} has no id in the action space of variant {self.variant_name!r}"
            )
        return i

    def ids(self, actions: Iterable[Action]) -> list[int]:
        """The ids of several actions, in the same order."""
        return [self.id(a) for a in _each(actions)]

    def action(self, action_id: int) -> Action:
        """The action with id ``action_id``: an ``int`` or a numpy integer (see
        :mod:`truco_rules.core.arguments`). :class:`~truco_rules.core.errors.UnknownActionId` for
        an id
        outside ``0 .. num_actions - 1``, :class:`~truco_rules.core.errors.UnknownActionIdType`
        for another type (a bool, a float, text)."""
        if type(action_id) is int and 0 <= action_id < len(self.actions):
            return self.actions[action_id]
        last = len(self.actions) - 1
        i = integer(action_id, "action id", f"an int from 0 to {last}", UnknownActionIdType)
        if not 0 <= i <= last:
            raise UnknownActionId(
                f"action id {shown(i)} is not in the action space of variant "
                f"{self.variant_name!r}: ids are 0 to {last}"
            )
        return self.actions[i]

    def mask(self, actions: Iterable[Action]) -> list[int]:
        """A list of ``num_actions`` zeros with a one at the id of each of ``actions``."""
        out = [0] * len(self.actions)
        for a in _each(actions):
            out[self.id(a)] = 1
        return out

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant_name}: {len(self.actions)} actions>"


def _each(actions: Iterable[Action]) -> Iterator[Action]:
    try:
        return iter(actions)
    except TypeError:
        raise InvalidType("actions", "an iterable of Actions", actions) from None


def _build(variant: Vocabulary) -> ActionSpace:
    deck = tuple(variant.deck.cards)
    vocab = variant.vocabulary
    acts: list[Action] = [Action.deal(c) for c in deck]
    acts += [Action.call(v) for v in BASE_VERBS if v in vocab]
    acts += [Action.call(n) for n in variant.ladder.names]
    acts += [Action.play(c) for c in deck]
    acts += [Action.play(c, True) for c in deck]
    if variant.special is not None:
        acts += [Action.play_blind(k) for k in range(1, _BLIND_POSITIONS + 1)]
    tricks = variant.tricks
    if tricks.double_play_after_first_tie(False) or tricks.double_play_after_first_tie(True):
        acts += [Action.play_over(a, b) for a in deck for b in deck if a != b]
    if "discard" in vocab:
        acts += [Action.discard(c) for c in deck]
    if variant.envido is not None:
        top = max(variant.envido.possible_scores())
        acts += [Action.declare(k) for k in range(top + 1)]
    listed = set(acts)
    for bet_actions in variant._sides.ordered:  # not all_actions() again: ids stay put
        for a in bet_actions:
            if a not in listed:
                listed.add(a)
                acts.append(a)
    paso = Action.call("paso")
    if getattr(variant.ladder, "answer_pass", False) and paso not in listed:
        acts.append(paso)
    return ActionSpace(variant.name, acts, len(deck))


def action_space(variant: Vocabulary) -> ActionSpace:
    """The action space of ``variant`` (built once per variant object, then cached)."""
    return _SPACES(variant)


_SPACES: PerObject[Vocabulary, ActionSpace] = PerObject(_build)


class ActionIds:
    """The integer action ids of a :class:`~truco_rules.rules.variant.Variant`: its members
    over :func:`action_space` (the variant is built from this and its hooks)."""

    __slots__ = ()

    @property
    def action_space(self: Spaced) -> ActionSpace:
        """Every action of this variant with a stable integer id (see this module)."""
        return action_space(self)

    @property
    def num_actions(self: Spaced) -> int:
        """How many integer action ids this variant has (chance deals included)."""
        return len(action_space(self))

    def action_id(self: Spaced, action: Action | str) -> int:
        """The stable integer id of an action (or its text); an action outside the
        variant's space raises :class:`~truco_rules.core.errors.UnknownActionId`."""
        act = self.parse_action(action) if isinstance(action, str) else action
        return action_space(self).id(act)

    def action_from_id(self: Spaced, action_id: int) -> Action:
        """The action with integer id ``action_id``
        (:class:`~truco_rules.core.errors.UnknownActionId` outside ``0 .. num_actions - 1``)."""
        act, n = action_space(self).action(action_id), self.deck.notation
        return act if n.name == SPANISH.name else act.in_notation(n)
