"""The hypothesis plugin: ``st.from_type`` strategies for the library's types.

Hypothesis runs every entry point of the group ``hypothesis`` when it is imported; this one is
declared in truco-rules' ``pyproject.toml``. This module lives in the kit's package, so
importing hypothesis imports the kit (``truco_rules.testing``, about 25 ms); the strategies
themselves are deferred: each is built the first time ``st.from_type`` draws from it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def _lazy(name: str) -> Any:
    from hypothesis import strategies as st

    def build() -> Any:
        return getattr(import_module("truco_rules.testing.strategies"), name)()

    return st.deferred(build)


def _hypothesis_setup_hook() -> None:
    """Register strategies for ``Card``, ``Action``, ``Variant`` and ``Match``."""
    from hypothesis import strategies as st

    from truco_rules.core.actions import Action
    from truco_rules.core.cards import Card
    from truco_rules.match import Match
    from truco_rules.rules.variant import Variant

    st.register_type_strategy(Card, _lazy("cards"))
    st.register_type_strategy(Action, _lazy("actions"))
    st.register_type_strategy(Variant, _lazy("variants"))
    st.register_type_strategy(Match, _lazy("matches"))
