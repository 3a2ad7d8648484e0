"""A variant whose option choices lack their decision methods names every missing method in
one UnhandledChoice when it is built (issue 29), not one per run."""

from __future__ import annotations

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import FlorRules, StandardTable, option


@attrs.frozen
class LateFlor(FlorRules):
    flor_declaration: str = option(
        "late",
        "automatic, manual_with_penalty or late",
        choices=("automatic", "manual_with_penalty", "late"),
    )


@attrs.frozen
class DealerStays(StandardTable):
    mano_rotation: str = option(
        "dealer_stays",
        "with_play, against_play or dealer_stays",
        choices=("with_play", "against_play", "dealer_stays"),
    )


def test_every_missing_decision_method_is_named_at_once() -> None:
    """RULES §2.3 (the mano's rotation) and §2.7.2 (singing the flor): two new choices in two
    hooks, neither given a meaning; one error names both."""
    with pytest.raises(tr.UnhandledChoice) as err:
        tr.get_variant("argentine").derive("argentine-x", "x", flor=LateFlor(), table=DealerStays())
    options = {o for _hook, o, _method in err.value.missing}
    assert options == {"flor_declaration", "mano_rotation"}
    assert "mano_step" in str(err.value) and "sung_automatically" in str(err.value)
    # the flor's choice is read by two decision methods (singing and its penalty)
    assert str(err.value).startswith("2 option choices lack 3 methods")
