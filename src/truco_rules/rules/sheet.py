"""A variant's rules as plain data: the sheet that comparison tables, ``describe`` and the
documentation are made from.

It reads a variant through :class:`RuleSource`, the attributes every
:class:`~truco_rules.rules.variant.Variant` has, so that this module does not import the
variant (which calls it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

from ..core.errors import shown
from .deck import Deck, Ranking, strength_groups
from .ladder import BetLadder
from .presets import Preset
from .scoring import MatchRule
from .side_bet import SideBet
from .special import SpecialHands

__all__ = ["RuleSource", "bet_settings", "rule_data"]


def bet_settings(bet: object) -> str:
    """A side bet's settings as ``name=value`` pairs (its attrs fields; empty for a bet
    without any): two bets of one name set up otherwise are told apart by them."""
    kind = type(bet)
    if not attrs.has(kind):
        return ""
    return ", ".join(f"{a.name}={shown(getattr(bet, a.name))}" for a in attrs.fields(kind))


class RuleSource(Protocol):
    """What :func:`rule_data` reads of a variant (read-only)."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    @property
    def base(self) -> str | None: ...

    @property
    def deck(self) -> Deck: ...

    @property
    def ranking(self) -> Ranking: ...

    @property
    def ladder(self) -> BetLadder: ...

    @property
    def envido(self) -> object | None: ...

    @property
    def flor(self) -> object | None: ...

    @property
    def special(self) -> SpecialHands | None: ...

    @property
    def match(self) -> MatchRule: ...

    @property
    def side_bets(self) -> Sequence[SideBet[Any]]: ...

    @property
    def seat_counts(self) -> tuple[int, ...]: ...

    def options(self) -> dict[str, Any]: ...

    def presets(self) -> Mapping[str, Preset]: ...


def rule_data(v: RuleSource) -> dict[str, Any]:
    """The rule set of ``v`` as plain data: names, seats, deck, ranking (strength groups; when
    a turned-up card decides it, the groups under each turned card), the main ladder's calls
    and values, which side bets it has, its special hands, its target, every option's value
    and its presets."""
    notation = v.deck.notation
    ranking: list[list[str]] | dict[str, list[list[str]]] = (
        _by_turned_card(v)
        if v.ranking.turns_up_card
        else [
            [notation.format(c) for c in group]
            for group in strength_groups(v.ranking, v.deck.cards)
        ]
    )
    return {
        "name": v.name,
        "description": v.description,
        "aliases": list(v.aliases),
        "base": v.base,
        "seats": list(v.seat_counts),
        "deck": {"notation": notation.name, "cards": len(v.deck.cards)},
        "ranking": ranking,
        "ladder": {
            "calls": list(v.ladder.names),
            "accepted": [
                *v.ladder.values[1:-1],
                "whole target" if v.ladder.top_wins_target else v.ladder.values[-1],
            ],
            "refused": [v.ladder.refused(i) for i in range(1, len(v.ladder.values))],
            "unbet": v.ladder.values[0],
        },
        "envido": v.envido is not None,
        "flor": v.flor is not None,
        "side_bets": [b.name for b in v.side_bets],
        "side_bet_settings": {
            b.name: settings for b in v.side_bets if (settings := bet_settings(b))
        },
        "special_hands": None
        if v.special is None
        else {
            "at": v.match.target - v.special.lacking,
            "declined": v.special.decline_value,
            "played": v.special.play_value,
            "iron": v.special.iron_value,
        },
        "target": v.match.target,
        "options": v.options(),
        "presets": {p.name: p.settings() for p in v.presets().values()},
    }


def _by_turned_card(v: RuleSource) -> dict[str, list[list[str]]]:
    """The strength groups of every card (the turned one as the ranking rates it) under each
    turned card, the turned cards that give one ranking named together (``"4c 4d 4h 4s"``):
    two rankings that differ under any turned card differ here."""
    notation = v.deck.notation
    cards = v.deck.cards
    turned_by_table: dict[tuple[int, ...], list[str]] = {}
    for turned in cards:
        table = v.ranking.strengths(turned, cards)
        turned_by_table.setdefault(tuple(table[c.index] for c in cards), []).append(
            notation.format(turned)
        )
    out: dict[str, list[list[str]]] = {}
    for table, turned_cards in turned_by_table.items():
        by: dict[int, list[str]] = {}
        for card, strength in zip(cards, table, strict=True):
            by.setdefault(strength, []).append(notation.format(card))
        out[" ".join(turned_cards)] = [by[k] for k in sorted(by, reverse=True)]
    return out

