"""Hooks from outside the kernel that return what the kernel cannot use (docs/extending.md):
refused with a ProtocolError naming the hook and the method, when the variant is built (a
ranking) or at the action that asks them (a trick rule, a table), the match left as it was."""

from __future__ import annotations

import random

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import FixedRanking, StandardTable, TrickRule

BASE = tr.get_variant("argentine-sin-flor")


@attrs.frozen
class _Ranking:
    table: object
    turns_up_card: bool = False

    def strengths(self, turned: object, deck: object = ()) -> object:
        return self.table


@pytest.mark.parametrize(
    "table",
    [
        (0,) * 40,  # a face-up card as weak as a face-down one
        (1,) * 39,
        (1,) * 41,
        (1.5,) * 40,
        (True,) * 40,
        None,
        ("1",) * 40,
    ],
)
def test_a_ranking_that_gives_no_strength_table_is_refused_when_the_variant_is_built(
    table: object,
) -> None:
    """RULES §0.2, §1.2: every card has a trick strength of at least 1 (0 is a card face
    down)."""
    with pytest.raises(tr.ProtocolError, match=r"ranking\.strengths"):
        BASE.derive("x-bad-ranking", "x", ranking=_Ranking(table))
    with pytest.raises(tr.InvalidOption, match=r"ranking\.table"):
        FixedRanking(table)  # type: ignore[arg-type]


@attrs.frozen
class _BrokenDecide(TrickRule):
    gives: object = 7

    def decide(self, results):  # type: ignore[no-untyped-def]
        return None if len(results) < 2 else self.gives


@attrs.frozen
class _BrokenMano(StandardTable):
    gives: object = 5

    def next_mano(self, ctx):  # type: ignore[no-untyped-def]
        return self.gives


def _until_error(v: tr.Variant, method: str) -> None:
    m = v.new_match(2, seed=3)
    rng = random.Random(3)
    for _ in range(500):
        legal = [a for a in m.legal_actions() if a.verb == "play"] or m.legal_actions()
        action = rng.choice(legal)
        before = m.copy()
        try:
            m.apply(action)
        except tr.ProtocolError as e:
            assert method in str(e)
            assert m == before and m.to_json() == before.to_json()
            return
    pytest.fail("the broken hook was never asked")


@pytest.mark.parametrize("gives", [7, -5, "0", True, 1.0])
def test_a_trick_rule_that_decides_no_outcome_is_refused_at_the_trick(gives: object) -> None:
    """RULES §1.4: the tricks give the mano's side, the other side or nobody the hand."""
    _until_error(BASE.derive("x-bad-decide", "x", tricks=_BrokenDecide(gives=gives)), "decide")


@pytest.mark.parametrize("gives", [5, -1, True, 1.0])
def test_a_table_that_names_no_seat_for_the_next_mano_is_refused(gives: object) -> None:
    """RULES §2.3: the mano moves to a seat of the table."""
    _until_error(BASE.derive("x-bad-mano", "x", table=_BrokenMano(gives=gives)), "next_mano")


@attrs.frozen
class _BrokenEnvido(type(BASE.envido)):  # type: ignore[misc]
    gives: object = "33"

    def points_in(self, cards, context=None):  # type: ignore[no-untyped-def]
        return self.gives


@pytest.mark.parametrize("gives", ["33", -1, 2.5, None])
def test_an_envido_rule_that_counts_no_score_is_refused_when_the_envido_is_settled(
    gives: object,
) -> None:
    """RULES §2.6.1: an envido score is a whole number of points."""
    v = BASE.derive("x-bad-envido", "x", envido=_BrokenEnvido(gives=gives))
    m = v.new_match(2, seed=4)
    m.apply("envido")
    before = m.copy()
    with pytest.raises(tr.ProtocolError, match=r"envido\.points_in"):
        m.apply("quiero")
    assert m == before and m.to_json() == before.to_json()


FLOR_BASE = tr.get_variant("argentine")


def _broken_flor(gives: object) -> object:
    """A flor rule that counts a score as it should until a point is scored; then gives
    ``gives`` (kept off the fields, which derive() checks as option values)."""

    @attrs.frozen
    class _BrokenFlor(type(FLOR_BASE.flor)):  # type: ignore[misc]
        def points_in(self, cards, context=None):  # type: ignore[no-untyped-def]
            if context is not None and any(context.scores):
                return gives
            return super().points_in(cards, context)

    return _BrokenFlor()


@pytest.mark.parametrize("gives", ["33", -1, 2.5, True, 10_001])
def test_a_flor_rule_that_counts_no_score_is_refused_when_the_next_deal_starts(
    gives: object,
) -> None:
    """RULES §2.7.1: a flor's score is a whole number of points, or no flor at all (None).
    Any other answer was kept as the seat's flor and met later as a number."""
    v = FLOR_BASE.derive("x-bad-flor", "x", flor=_broken_flor(gives))
    m = v.new_match(2, seed=4)  # dealt at 0-0: the rule counts as it should
    before = m.copy()
    with pytest.raises(tr.ProtocolError, match=r"flor\.points_in"):
        m.apply("mazo")  # a point scored: the next deal asks the rule at 0-1
    assert m == before and m.to_json() == before.to_json()
