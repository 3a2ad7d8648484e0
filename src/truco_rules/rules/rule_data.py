"""A variant's rules as plain data: what :meth:`truco_rules.rules.variant.Variant.describe`
gives (comparison tables, documentation, ``truco-rules describe --json``)."""

from __future__ import annotations

from typing import Any

from .deck import strength_groups

__all__ = ["rule_data"]


def rule_data(v: Any) -> dict[str, Any]:
    """The rule set of the variant ``v`` as plain data: its name, description, aliases, base,
    seats, deck, ranking, ladder, side bets, special hands, target, options and presets."""
    notation = v.deck.notation
    ranking: list[list[str]] | str = (
        "depends on the turned-up card"
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
