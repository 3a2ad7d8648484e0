"""Tests that pin rules the mutation sample of issue 21 §5 found unpinned (docs/mutation.md):
each names the mutant it kills. The others of that sample are judged equivalent in
tools/mutation/equivalent.txt, with the reason.
"""

from __future__ import annotations

import attrs
import pytest

import truco_rules as tr
from truco_rules.bet_flor import FlorBet
from truco_rules.bet_table import bet_table
from truco_rules.hooks import SpecialHands

FLOR_VARIANTS = [n for n in tr.variant_names() if tr.get_variant(n).flor is not None]


@pytest.mark.parametrize("name", FLOR_VARIANTS)
def test_the_kernels_flor_lists_its_actions_and_every_one_is_in_the_vocabulary(
    name: str,
) -> None:
    """``FlorBet.all_actions`` -> ``None`` survived: nothing asked the kernel's flor for its
    listing. The protocol says every action a bet offers or answers with is listed, and part
    of the variant's vocabulary and ids."""
    v = tr.get_variant(name)
    flor = next(b for b in bet_table(v).bets if isinstance(b, FlorBet))
    listed = list(flor.all_actions())
    assert tr.Action.call("flor") in listed
    for action in listed:
        assert v.parse_action(v.format_action(action)) == action
        assert v.action_from_id(v.action_id(action)) == action


@pytest.mark.parametrize("seat", [-1, -2, 2, 99])
def test_a_contest_has_no_actions_for_a_seat_it_lacks(seat: int) -> None:
    """``Hand._legal_of``: ``0 <= seat`` -> ``-1 <= seat`` survived: seat -1 read the last
    seat's actions. A seat outside the contest has none."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    assert m.hand.legal_actions(seat) == []


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_a_contest_refuses_a_seat_of_another_type(seat: object) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    with pytest.raises(tr.InvalidType, match="seat"):
        m.hand.legal_actions(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "option"),
    [({"lacking": 0}, "lacking"), ({"lacking": 2, "iron_value": 1}, "iron_value")],
)
def test_special_hands_need_a_side_to_lack_points(changes: dict[str, int], option: str) -> None:
    """``SpecialHands``: ``lacking < 1`` -> ``lacking < 0`` survived (a hand of 12 of 12,
    lacking nothing, was accepted); the refusal was a bare ValueError."""
    with pytest.raises(tr.InvalidOption, match=option):
        attrs.evolve(SpecialHands(), **changes)


@pytest.mark.parametrize(
    "changes",
    [{"lacking": 2, "fixed_iron_value": 1}, {"lacking": 2, "iron_hand_value": "unbet"}],
)
def test_brazilian_iron_hand_worth_is_checked_too(changes: dict[str, object]) -> None:
    """Paulista's special hands derive ``iron_value`` from ``iron_hand_value`` (the fixed
    worth, or an unbet hand's 1): a worth below what each side lacks is still refused."""
    special = tr.get_variant("paulista").special
    assert special is not None
    with pytest.raises(tr.InvalidOption, match="iron_value"):
        attrs.evolve(special, **changes)


def test_the_text_of_a_match_shows_each_seats_side() -> None:
    """``Match.__str__``: the sides come from the deal's plan (the gallo's three seats are
    not two alternating sides)."""
    m = tr.get_variant("argentine").new_match(3, seed=2)
    text = str(m)
    for s in range(3):
        assert f"seat {s} (side {m.team[s]})" in text


def test_a_cards_text_may_be_padded_up_to_sixteen_characters() -> None:
    """``Notation.parse``: the bound ``len(text) <= 16`` -> ``15`` survived. A card's text is
    read stripped, padded up to 16 characters; longer text is refused unread."""
    v = tr.get_variant("argentine")
    assert v.card(" " * 7 + "1E" + " " * 7) == v.card("1E")
    with pytest.raises(tr.InvalidCard):
        v.card(" " * 8 + "1E" + " " * 7)


def test_a_contest_applies_an_action_for_the_seat_to_act_by_default() -> None:
    """``Hand.apply``: ``seat is None`` -> ``is not None`` survived: nothing applied an action
    to a contest directly without naming the seat."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    assert m.hand is not None
    hand = m.hand.copy()
    turn = hand.turn
    action = hand.legal_actions()[0]
    hand.apply(action)
    assert hand.turn != turn or hand.plays


def test_a_side_with_no_seat_in_the_contest_has_no_next_seat() -> None:
    """``HandFields.next_of_side``: ``return -1`` -> ``return 0`` was never reached. After a
    side has gone to the deck, no seat of it is next."""
    m = tr.get_variant("argentine").new_match(2, seed=4)
    seat = m.current_player()
    m.apply("mazo")
    hand = m.last_hand
    assert hand is not None
    side = hand.team[seat]
    assert hand.next_of_side(seat, side) == -1
    assert hand.next_of_side(seat, 1 - side) == 1 - seat


def test_a_seat_that_has_not_acted_may_hold_a_flor_in_a_sampled_world() -> None:
    """``determinize._constraints``: ``s in acted`` -> ``s not in acted`` survived: it told
    the worlds that a seat yet to act held no flor. Only a seat that acted without singing is
    known to have none; the other seat's flor stays possible."""
    import random

    from truco_rules.agents import sample_world

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=11)
    me = m.current_player()
    other = 1 - me
    obs = m.observation(me)
    rng = random.Random(5)
    flores = 0
    for _ in range(400):
        world = sample_world(v, obs, rng)
        assert world is not None and world.hand is not None
        flores += v.flor_points(world.hand.dealt[other]) is not None
    assert flores > 0  # about one deal in twenty holds a flor
