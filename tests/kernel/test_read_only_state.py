"""Issue 14: a match's public state is read-only; it changes only through apply and undo."""

from __future__ import annotations

import pytest

import truco_rules as tr

PUBLIC = (
    "variant",
    "seats",
    "seed",
    "deals",
    "start",
    "first_draw",
    "hand_no",
    "mano",
    "plan",
    "team",
    "turned",
    "discarded",
    "hand",
    "last_hand",
    "history",
    "actions",
    "scores",
    "score",
    "chicos",
    "player_scores",
    "player_chicos",
    "winner_team",
    "winner_seat",
)


@pytest.mark.parametrize("name", PUBLIC)
def test_public_fields_cannot_be_assigned(name: str) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=4)
    with pytest.raises(AttributeError):
        setattr(m, name, None)


def test_what_a_reader_holds_cannot_change_the_match() -> None:
    m = tr.get_variant("argentine").new_match(2, seed=4)
    while not m.history:
        m.apply(m.legal_actions()[0])
    before = m.to_json()
    m.history.clear()
    m.actions.append((0, tr.Action.call("mazo")))
    m.start["scores"][0] = 99
    m.discarded.append((0, m.variant.card("1E")))
    assert m.to_json() == before and len(m.history) == 1
    assert isinstance(m.scores, tuple) and isinstance(m.chicos, tuple)
