"""truco-rules: the rules of Truco, with pluggable regional variants.

A small core API (``"default"`` is the alias of the built-in default variant; any name or
alias of :func:`variant_names` works):

```pycon
>>> import truco_rules as tr
>>> m = tr.get_variant("default").new_match(seats=2, seed=7)
>>> m.legal_action_texts()[:3]
['play 5C', 'play 5C down', 'play 1E']
>>> while not m.is_over():
...     m.apply(m.legal_actions()[0])
>>> m.winner(), m.scores
(0, (32, 24))
>>> tr.Match.from_json(m.to_json()) == m   # the record replays to an equal match
True

```

The kernel (this package) knows cards, tricks, bets and scores, never a region; regional
rule sets live in :mod:`truco_rules.variants` and register through the entry-point group
``truco_rules.variants``.
"""

from __future__ import annotations

from ._moved import install as _install_moved
from .contest.hand import Hand
from .core.actions import Action
from .core.cards import DECK, FRENCH, RANKS, SPANISH, Card, Notation, Suit, parse_cards
from .core.errors import (
    CannotUndo,
    IllegalAction,
    InvalidCard,
    InvalidOption,
    InvalidOptionType,
    InvalidPreset,
    InvalidRecord,
    InvalidSeat,
    InvalidType,
    MatchNotOver,
    ParseError,
    ProtocolError,
    RegistryError,
    TrucoError,
    UnhandledChoice,
    UnknownAction,
    UnknownActionId,
    UnknownOption,
    UnknownParameter,
    UnknownPreset,
    UnknownVariant,
    UnsupportedSeats,
    WorkerError,
    WrongPlayer,
)
from .describe.comparison import compare_table, rule_sheet
from .describe.differences import Difference, compare
from .match import CHANCE, TERMINAL, HandSummary, Match, deal_order
from .rules.presets import Preset
from .rules.registry import get_variant, register_preset, register_variant, variant_names
from .rules.variant import Variant
from .views.observe import Observation, PlayedCard

__version__ = "0.1.0"
"""The package version, in this one place (pyproject.toml reads it; CHANGELOG.md has its entry)."""

__all__ = [
    "CHANCE",
    "DECK",
    "FRENCH",
    "RANKS",
    "SPANISH",
    "TERMINAL",
    "Action",
    "CannotUndo",
    "Card",
    "Difference",
    "Hand",
    "HandSummary",
    "IllegalAction",
    "InvalidCard",
    "InvalidOption",
    "InvalidOptionType",
    "InvalidPreset",
    "InvalidRecord",
    "InvalidSeat",
    "InvalidType",
    "Match",
    "MatchNotOver",
    "Notation",
    "Observation",
    "ParseError",
    "PlayedCard",
    "Preset",
    "ProtocolError",
    "RegistryError",
    "Suit",
    "TrucoError",
    "UnhandledChoice",
    "UnknownAction",
    "UnknownActionId",
    "UnknownOption",
    "UnknownParameter",
    "UnknownPreset",
    "UnknownVariant",
    "UnsupportedSeats",
    "Variant",
    "WorkerError",
    "WrongPlayer",
    "__version__",
    "compare",
    "compare_table",
    "deal_order",
    "get_variant",
    "parse_cards",
    "register_preset",
    "register_variant",
    "rule_sheet",
    "variant_names",
]

_install_moved()  # the flat module paths of earlier releases still import
