"""Hypothesis strategies for truco-rules (needs the ``test`` extra).

::

    from hypothesis import given
    from truco_rules.testing import matches

    @given(matches(variant="my-house-rules"))  # any registered name; default: all of them
    def test_my_invariant(m):
        ...

Every strategy draws only explicit seeds and card orders, so a failing example shrinks to a
small, replayable record (``m.to_json()``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from ..cards import DECK, Card
from ..match import Match
from ..variant import Variant, get_variant, variant_names

__all__ = [
    "cards",
    "deals",
    "hands",
    "matches",
    "option_values",
    "play_random",
    "variants",
]

TARGETS: tuple[int, ...] = (15, 18, 24, 30, 40)
"""Targets drawn for the ``target`` option (RULES §2.8.1)."""


def cards() -> st.SearchStrategy[Card]:
    """Any of the 40 cards."""
    return st.sampled_from(DECK)


def hands(size: int = 3) -> st.SearchStrategy[tuple[Card, ...]]:
    """``size`` distinct cards."""
    return st.lists(cards(), min_size=size, max_size=size, unique=True).map(tuple)


def deals() -> st.SearchStrategy[tuple[Card, ...]]:
    """A full card order (a permutation of the 40 cards)."""
    return st.permutations(DECK).map(tuple)


def option_values(variant: Variant) -> st.SearchStrategy[dict[str, Any]]:
    """Option dictionaries for ``variant``: each option either left alone or set to one of
    its allowed values (``target`` from :data:`TARGETS`)."""
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for name, info in variant.option_info().items():
        if info["choices"]:
            parts[name] = st.sampled_from(info["choices"])
        elif name == "target":
            parts[name] = st.sampled_from(TARGETS)
        elif name == "chicos_to_win":
            parts[name] = st.integers(1, 3)
    return st.fixed_dictionaries({}, optional=parts)


@st.composite
def variants(
    draw: st.DrawFn, names: Sequence[str] | None = None, with_options: bool = True
) -> Variant:
    """A registered variant (from ``names``, default all), with options drawn if asked."""
    name = draw(st.sampled_from(tuple(names or variant_names())))
    v = get_variant(name)
    if with_options:
        v = v.with_options(**draw(option_values(v)))
    return v


def play_random(match: Match, rng: random.Random, max_actions: int | None = None) -> Match:
    """Apply random legal actions (chance nodes included) until the end or ``max_actions``."""
    n = 0
    while not match.is_over() and (max_actions is None or n < max_actions):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
        n += 1
    return match


@st.composite
def matches(
    draw: st.DrawFn,
    variant: str | Variant | None = None,
    seats: int | None = None,
    with_options: bool = True,
    max_actions: int | None = 200,
    seeded: bool = True,
) -> Match:
    """A match in progress after a drawn number of random legal actions (0..``max_actions``).

    ``seeded=False`` deals through chance nodes instead of a seed.
    """
    if variant is None:
        v = draw(variants(with_options=with_options))
    else:
        v = get_variant(variant)
        if with_options:
            v = v.with_options(**draw(option_values(v)))
    n = seats if seats is not None else draw(st.sampled_from(v.seat_counts))
    seed = draw(st.integers(0, 2**31 - 1)) if seeded else None
    m = v.new_match(n, seed=seed)
    steps = draw(st.integers(0, max_actions)) if max_actions is not None else None
    return play_random(m, random.Random(draw(st.integers(0, 2**31 - 1))), steps)
