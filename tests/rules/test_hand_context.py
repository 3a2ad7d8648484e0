"""The value hooks see the deal (issue 15, part 1): ``EnvidoRules.points_in``,
``EnvidoRules.proof_in`` and ``FlorRules.points_in`` receive a :class:`HandContext` with the
turned card, the seats, the seat and the scores; the stock hooks and the public
``Variant.envido_points`` / ``Variant.flor_points`` behave as before (RULES §2.6.1, §2.7)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from conftest import scenario

import truco_rules as tr
from truco_rules.hooks import NO_CONTEXT, EnvidoRules, FlorRules, HandContext


@attrs.frozen
class SeenEnvido(EnvidoRules):
    """Envido that records nothing but answers with what it saw: 20 + the turned card's rank
    (0 without one) + the seat, so a test can read the context back from the score."""

    def points_in(self, cards: Sequence[tr.Card], context: HandContext) -> int:
        turned = context.turned.rank if context.turned is not None else 0
        return 20 + turned + context.seat

    def possible_scores(self) -> tuple[int, ...]:
        return tuple(range(0, 40))


@attrs.frozen
class TurnedSuitFlor(FlorRules):
    """A flor is three cards of the turned card's suit (none without a turned card)."""

    def points_in(self, cards: Sequence[tr.Card], context: HandContext) -> int | None:
        t = context.turned
        if t is not None and all(c.suit == t.suit for c in cards):
            return 30
        return None


def _variant() -> tr.Variant:
    # paulista turns a card up (the vira); give it the two context-aware side bets
    return tr.get_variant("paulista").derive(
        "context-test", "paulista with side bets that read the deal",
        envido=SeenEnvido(), flor=TurnedSuitFlor(),
    )


def test_stock_hooks_ignore_the_context() -> None:
    """RULES §2.6.1, §2.7.1: the stock scores are those of the cards alone."""
    v = tr.get_variant("argentine")
    hand = v.cards("7E 6E 1B")
    ctx = HandContext(turned=v.card("4C"), seats=4, seat=3, scores=(10, 20))
    assert v.envido_points(hand) == v.envido_points(hand, ctx) == 33
    assert v.envido.points_in(hand, ctx) == v.envido.points(hand) == 33
    assert v.envido.proof_in(hand, ctx) == v.envido.proof(hand)
    flor = v.cards("7E 6E 5E")
    assert v.flor_points(flor) == v.flor_points(flor, ctx) == v.flor.points(flor) == 38
    assert v.flor_points(hand, NO_CONTEXT) is None


def test_public_methods_pass_the_context_on() -> None:
    v = _variant()
    hand = v.cards("7h 6h 4c")
    assert v.envido_points(hand) == 20  # no context: no turned card, seat 0
    assert v.envido_points(hand, HandContext(turned=v.card("5s"), seat=1)) == 26
    assert v.flor_points(hand, HandContext(turned=v.card("2h"))) is None
    assert v.flor_points(v.cards("7h 6h 4h"), HandContext(turned=v.card("2h"))) == 30
    # a flor voids the envido (RULES §2.6.1), with the flor seen in the same context
    assert v.envido_points(v.cards("7h 6h 4h"), HandContext(turned=v.card("2h"))) is None


def test_a_bad_context_is_a_typed_error() -> None:
    v = tr.get_variant("argentine")
    with pytest.raises(tr.InvalidType, match="context"):
        v.envido_points("7E 6E 1B", "4C")  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="context"):
        v.flor_points("7E 6E 5E", (1, 2))  # type: ignore[arg-type]


def test_the_hand_gives_the_hooks_the_turned_card_seat_and_scores() -> None:
    """The kernel values each seat's cards in its deal: the turned card of the deal, the
    seat, the seats and the scores before the contest."""
    v = _variant()
    m = scenario(v, ["7h 6h 4h", "3c 2d Ks"], turned="5h", scores=(2, 3))
    hand = m.hand
    assert hand is not None
    assert hand.context(1) == HandContext(v.card("5h"), 2, 1, (2, 3))
    assert hand.flor_pts == [30, None]  # three hearts under a heart: a flor
    assert hand.envido_points(1) == 20 + 5 + 1
    m2 = scenario(v, ["7h 6h 4h", "3c 2d Ks"], turned="5s")
    assert m2.hand is not None and m2.hand.flor_pts == [None, None]
    assert m2.hand.envido_points(0) == 25
