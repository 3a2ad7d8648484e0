"""The hook slots of a variant, what each must hold, and the check a variant makes of them
when it is built.

A :class:`~truco_rules.Variant` holds one hook per slot; the kernel asks each slot's hook
only through the methods of that slot's kind: a protocol (``Deck``, ``Ranking``,
``Table``: any object with its methods) or a base class (the others, which a hook extends).
A slot holding something else would fail later, deep in a match, with an ``AttributeError``;
:func:`check_slots` refuses it at once, naming the slot and the object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.actions import ENVIDO_CALLS
from ..core.cards import Card, Notation
from ..core.errors import InvalidType, ProtocolError
from ..core.messages import shown
from .deck import Deck, Ranking, is_card_order
from .envido import EnvidoRules
from .flor import FlorRules
from .ladder import BetLadder
from .scoring import MatchRule
from .special import SpecialHands
from .table import DealContext, DealPlan, Table, cards_dealt
from .trick_rule import TrickRule

__all__ = [
    "HOOK_SLOTS",
    "OPTIONAL_SLOTS",
    "SLOT_KINDS",
    "check_chains",
    "check_deck",
    "check_slots",
    "check_values",
]

HOOK_SLOTS: tuple[str, ...] = (
    *("deck", "ranking", "table", "tricks", "ladder"),
    *("envido", "flor", "special", "match"),
)
"""The attributes of a :class:`~truco_rules.Variant` that hold hooks, in a fixed order."""

SLOT_KINDS: Mapping[str, type] = {
    "deck": Deck,
    "ranking": Ranking,
    "table": Table,
    "tricks": TrickRule,
    "ladder": BetLadder,
    "envido": EnvidoRules,
    "flor": FlorRules,
    "special": SpecialHands,
    "match": MatchRule,
}
"""What each slot holds: a protocol its hook follows, or a class its hook extends."""

OPTIONAL_SLOTS = frozenset({"envido", "flor", "special"})
"""The slots a variant may leave ``None`` (no envido, no flor, no special hands)."""


def check_slots(
    hooks: Mapping[str, Any], name: object, description: object, aliases: object
) -> None:
    """Refuse, with :class:`~truco_rules.core.errors.InvalidType`, a variant whose name or
    description is no text, whose aliases are no tuple or list of names (a lone string
    would be read letter by letter), or whose slot holds no hook of its kind."""
    if not isinstance(name, str):
        raise InvalidType("a variant's name", "a str", name)
    if not isinstance(description, str):
        raise InvalidType("a variant's description", "a str", description)
    if not isinstance(aliases, (tuple, list)) or not all(isinstance(a, str) for a in aliases):
        raise InvalidType("a variant's aliases", "a tuple of names (str)", aliases)
    for slot in HOOK_SLOTS:
        hook, kind = hooks[slot], SLOT_KINDS[slot]
        if hook is None and slot in OPTIONAL_SLOTS:
            continue
        if not isinstance(hook, kind):
            none = " or None" if slot in OPTIONAL_SLOTS else ""
            raise InvalidType(f"the {slot} hook", f"of kind {kind.__name__}{none}", hook)


def _points(value: object, slot: str, method: str, given: str) -> None:
    if type(value) is not int or value < 0:
        problem = f"gave {shown(value)} for {given}, not a whole number of points (0 or more)"
        raise ProtocolError(slot, method, problem)


def check_values(hooks: Mapping[str, Any], chains: frozenset[tuple[str, ...]]) -> None:
    """Refuse, with :class:`~truco_rules.core.errors.ProtocolError` naming the slot and the
    method, a ladder, flor or envido hook whose points for a bet are no whole number of 0
    or more: they are fixed by the rules, so they are asked of every bet when the variant is
    built, not at the action that would score them (where a wrong one ended in a bare
    ``TypeError``, or a negative one scored nothing)."""
    ladder = hooks["ladder"]  # its values check themselves (InvalidOption)
    for level in range(1, len(ladder.names) + 1):
        _points(ladder.refused(level), "ladder", "refused", f"level {level}")
    flor = hooks["flor"]
    if flor is not None:
        for count in (1, 2, 3):
            _points(flor.uncontested(count), "flor", "uncontested", f"{count} flores")
        for over in (False, True):
            _points(flor.resto_refused(over), "flor", "resto_refused", f"over_contraflor={over}")
    envido = hooks["envido"]
    if envido is None:
        return
    for chain in sorted(chains):  # as check_chains found them: asked once
        _points(envido.refused(chain), "envido", "refused", f"{', '.join(chain)}")
        _points(envido.accepted(chain, lambda: 1), "envido", "accepted", f"{', '.join(chain)}")


def check_deck(deck: Deck, table: Table, turns_up_card: bool, target: int) -> tuple[Card, ...]:
    """The deck's cards, once the deck and the table are found to agree: the table's seat
    counts a non-empty tuple (or list) of distinct ints, each 2 or more; the deck's notation
    a :class:`~truco_rules.core.cards.Notation`; its cards a tuple (or list) of distinct
    Cards, enough for the first deal at every seat count and mano (three a seat, the cards
    the plan deals to put aside, the turned card; a later deal is counted as it is dealt).
    Else :class:`~truco_rules.core.errors.ProtocolError` naming the slot and what it gave: a
    deck of five cards dealt two to one seat and three to the other, and played on."""
    counts = table.seat_counts
    if (
        not isinstance(counts, (tuple, list))
        or not counts
        or not all(type(n) is int and n >= 2 for n in counts)
        or len(set(counts)) != len(counts)
    ):
        problem = f"gave {shown(counts)}, not a tuple of distinct seat counts (ints, 2 or more)"
        raise ProtocolError("table", "seat_counts", problem)
    if not isinstance(deck.notation, Notation):
        raise ProtocolError("deck", "notation", f"gave {shown(deck.notation)}, not a Notation")
    cards = deck.cards
    if not is_card_order(cards):
        problem = f"gave {shown(cards)}, not a tuple of Cards, each once"
        raise ProtocolError("deck", "cards", problem)
    needed, seats = max(
        (_first_deal(table, n, mano, turns_up_card, target), n) for n in counts for mano in range(n)
    )
    if len(cards) < needed:
        problem = (
            f"gave {len(cards)} cards, where a deal of {seats} seats takes {needed} "
            f"(the table's seat counts: {tuple(counts)})"
        )
        raise ProtocolError("deck", "cards", problem)
    return tuple(cards)


def _first_deal(table: Table, seats: int, mano: int, turns_up_card: bool, target: int) -> int:
    """The cards the first deal of a match at ``seats`` seats with ``mano`` takes (three a
    seat and the turned card where the table's plan cannot be asked here: a plan from
    outside is checked as it is made)."""
    try:
        plan = table.plan(DealContext(seats, mano, 0, (0, 0), target, None))
    except Exception:
        plan = None
    return cards_dealt(seats, plan if isinstance(plan, DealPlan) else None, turns_up_card)


def check_chains(envido: EnvidoRules | None) -> frozenset[tuple[str, ...]]:
    """The envido hook's ``chains()``, once found to be a collection (a set, a tuple or a
    list) of tuples of the envido's bets (``envido``, ``real-envido``, ``falta-envido``),
    each chain's every beginning among them (a prefix-closed set); else
    :class:`~truco_rules.core.errors.ProtocolError`. Chains given as lists no action could
    follow (the envido silently gone), and an unknown bet failed with a bare ``KeyError``."""
    if envido is None:
        return frozenset()
    chains = envido.chains()
    if not isinstance(chains, (set, frozenset, tuple, list)) or not all(
        type(c) is tuple and c and all(type(b) is str and b in ENVIDO_CALLS for b in c)
        for c in chains
    ):
        bets = ", ".join(ENVIDO_CALLS)
        problem = f"gave {shown(chains)}, not a set of non-empty tuples of the bets {bets}"
        raise ProtocolError("envido", "chains", problem)
    checked = frozenset(chains)
    for chain in checked:
        if len(chain) > 1 and chain[:-1] not in checked:
            problem = f"gave {chain} without {chain[:-1]}: a chain's every beginning is one"
            raise ProtocolError("envido", "chains", problem)
    return checked
