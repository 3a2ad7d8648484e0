"""A property-based verification kit for truco-rules (needs the ``test`` extra).

Strategies (:mod:`truco_rules.testing.strategies`) draw cards, hands, deals, variants and
their options, start scores, actions, legal action sequences and matches at any point:

```pycon
>>> from hypothesis import given, settings
>>> from truco_rules.testing import check_live, check_replay, matches
>>> @settings(max_examples=20, deadline=None, database=None)
... @given(matches(variant="default"))  # any registered name or alias, yours too; none: all
... def test_my_invariant(m):
...     assert m.is_over() or m.legal_actions()
...     check_live(m)
...     check_replay(m)
>>> test_my_invariant()

```

Checks (:mod:`truco_rules.testing.checks`) assert the invariants of docs/invariants.md on
any state, and :class:`TrucoMachine` is a hypothesis state machine that plays any variant,
legal and illegal actions alike, checking them as it goes; subclass it to add your own
``@invariant`` methods. :func:`world_problems` says whether a world a search player sampled
(:func:`truco_rules.agents.sample_world`) is a possible deal given what its seat has seen.
:func:`check_options_live` (:mod:`truco_rules.testing.liveness`) checks that every option of
a variant changes play for each of its values, and names the ones that do not.

Installing truco-rules also registers a hypothesis plugin, so ``st.from_type(Card)``,
``st.from_type(Action)``, ``st.from_type(Variant)`` and ``st.from_type(Match)`` work (and
``@given`` infers them from type hints).

Every strategy draws only explicit seeds, card orders and choices, so a failing example
shrinks to a small, replayable record (``m.to_json()``).
"""

from __future__ import annotations

from ..core.errors import install_hint

try:
    import hypothesis  # noqa: F401  (the kit's strategies and state machine are built on it)
except ImportError as exc:  # pragma: no cover - depends on the extras installed
    raise ImportError(f"truco_rules.testing needs hypothesis: {install_hint('test')}") from exc

from .checks import (
    check_cards,
    check_live,
    check_rejections,
    check_replay,
    check_step,
    check_terminal,
    hand_action_bound,
)
from .hiding import (
    DealInProgress,
    Swap,
    cards_seen,
    check_errors_hide,
    check_observation_hides,
    deal_orders,
    hidden_swaps,
    replay_with_deals,
)
from .liveness import check_options_live, dead_options, find_difference
from .machine import TrucoMachine
from .strategies import (
    TARGETS,
    Playout,
    actions,
    cards,
    deals,
    hands,
    legal_moves,
    matches,
    option_values,
    play_random,
    playouts,
    score_width,
    seat_counts,
    start_scores,
    variants,
    vocabulary,
)
from .worlds import possible_world, seen_in_deal, world_problems

__all__ = [
    "TARGETS",
    "DealInProgress",
    "Playout",
    "Swap",
    "TrucoMachine",
    "actions",
    "cards",
    "cards_seen",
    "check_cards",
    "check_errors_hide",
    "check_live",
    "check_observation_hides",
    "check_options_live",
    "check_rejections",
    "check_replay",
    "check_step",
    "check_terminal",
    "dead_options",
    "deal_orders",
    "deals",
    "find_difference",
    "hand_action_bound",
    "hands",
    "hidden_swaps",
    "legal_moves",
    "matches",
    "option_values",
    "play_random",
    "playouts",
    "possible_world",
    "replay_with_deals",
    "score_width",
    "seat_counts",
    "seen_in_deal",
    "start_scores",
    "variants",
    "vocabulary",
    "world_problems",
]
