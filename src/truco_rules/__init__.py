"""truco-rules: the rules of Truco, with pluggable regional variants.

A small core API:

```python
import truco_rules as tr

v = tr.get_variant(tr.variant_names()[0])   # or any name/alias from variant_names()
m = v.new_match(seats=2, seed=7)
while not m.is_over():
    m.apply(m.legal_actions()[0])
print(m.winner(), m.to_json())
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
    InvalidPreset,
    InvalidRecord,
    InvalidSeat,
    InvalidType,
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
    "InvalidPreset",
    "InvalidRecord",
    "InvalidSeat",
    "InvalidType",
    "Match",
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
