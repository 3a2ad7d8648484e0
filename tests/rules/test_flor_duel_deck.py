"""Going to the deck while the duel of flores awaits an answer (issue 29, option 2's fourth
moment: ``mazo_during_flor_duel``; RULES §2.7.3 and §2.10 are silent on the moment).

By default nobody leaves while a flor, contraflor or contraflor al resto awaits its answer.
With ``caller_side_and_answerer`` (trucoshi) the side whose call awaits may leave out of
turn, and the one answering a contraflor may leave as his answer: that refuses the call; a
calling side that leaves entirely withdraws its call and the duel scores nothing.

Deals are written seat 0's cards | seat 1's ...; mano seat 0, score 0-0, cards face up.
"""

from __future__ import annotations

import pytest
from conftest import hand_points, scenario

import truco_rules as tr

FLORES = ["1O 2O 3O", "4C 5C 6C"]  # seat 0: flor of 26; seat 1: flor of 35
BY_HAND = {"flor_declaration": "manual_without_penalty"}
LEAVE = {**BY_HAND, "mazo_during_flor_duel": "caller_side_and_answerer"}
DUEL_ANSWERS = ["con-flor-me-achico", "con-flor-quiero", "contraflor", "contraflor-al-resto"]


def events(m: tr.Match) -> tuple[tuple[int, int, str], ...]:
    return m.history[0].events


def test_s2_10_default_nobody_leaves_during_the_duel() -> None:
    """RULES §2.7.3, §2.10, the default: while seat 0's flor awaits seat 1's answer, neither
    seat may go to the deck, and trying changes nothing."""
    m = scenario("argentine", FLORES, ["0:flor"], options=BY_HAND)
    assert m.legal_action_texts(0) == []
    assert m.legal_action_texts(1) == DUEL_ANSWERS
    before = m.to_json()
    with pytest.raises(tr.WrongPlayer):
        m.apply("mazo", 0)
    with pytest.raises(tr.IllegalAction):
        m.apply("mazo", 1)
    assert m.to_json() == before


def test_s2_10_the_singer_leaves_out_of_turn_and_the_duel_scores_nothing() -> None:
    """Option 2 (fourth moment): the singer may go to the deck while his flor awaits the
    answer; his side has nobody left, so his call is withdrawn: no flor points, and seat 1
    scores the hand's 1 (no envido bonus once a flor was sung, RULES §2.10)."""
    m = scenario("argentine", FLORES, ["0:flor"], options=LEAVE)
    assert m.legal_action_texts(0) == ["mazo"]
    assert m.legal_action_texts(1) == DUEL_ANSWERS  # leaving is no answer to a flor
    m.apply("mazo", 0)
    assert events(m) == ((1, 1, "mazo"),)
    assert m.history[0].end_reason == "mazo"


def test_s2_10_leaving_as_the_answer_to_a_contraflor_refuses_it() -> None:
    """Option 2: seat 1 answered the flor with a contraflor; seat 0, asked, goes to the deck:
    the contraflor is refused (4 to seat 1, RULES §2.7.3) and seat 1 wins the hand (1)."""
    m = scenario("argentine", FLORES, ["0:flor", "1:contraflor"], options=LEAVE)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "contraflor-al-resto", "mazo"]
    assert m.legal_action_texts(1) == ["mazo"]  # the contraflor's caller, out of turn
    m.apply("mazo", 0)
    assert events(m) == ((1, 4, "flor"), (1, 1, "mazo"))


def test_s2_10_leaving_as_the_answer_to_a_contraflor_al_resto() -> None:
    """Option 2: a contraflor al resto refused by leaving gives its caller the refused value
    (6 by default, RULES §2.7.3, D16)."""
    m = scenario("argentine", FLORES, ["0:flor", "1:contraflor-al-resto"], options=LEAVE)
    assert "mazo" in m.legal_action_texts(0)
    m.apply("mazo", 0)
    assert events(m) == ((1, 6, "flor"), (1, 1, "mazo"))


def test_s2_10_the_contraflors_caller_leaves_and_withdraws_it() -> None:
    """Option 2: the side of the contraflor leaves while it awaits the answer: the call is
    withdrawn, the duel scores nothing, and seat 0 wins the hand (1)."""
    m = scenario("argentine", FLORES, ["0:flor", "1:contraflor"], options=LEAVE)
    m.apply("mazo", 1)
    assert events(m) == ((0, 1, "mazo"),)


def test_s2_10_a_partner_keeps_the_sides_call_standing() -> None:
    """Option 2 at 4 seats: seat 0 sings; his partner seat 2 leaves out of turn, but seat 0 is
    still in the hand, so the flor still awaits seat 1's answer; ``con flor quiero`` then
    scores the best flor (seat 1's 35) its 4 (RULES §2.7.3)."""
    hands = ["1O 2O 3O", "4C 5C 6C", "4E 5B 6O", "7O 10B 11E"]
    m = scenario("argentine", hands, ["0:flor"], options=LEAVE)
    assert m.legal_action_texts(2) == ["mazo"]
    m.apply("mazo", 2)
    assert m.legal_action_texts(1) == DUEL_ANSWERS
    m.apply("con-flor-quiero", 1)
    assert hand_points(m) == (0, 4)
    assert not m.history  # the hand goes on


def test_s2_10_leaving_during_the_duel_with_flores_sung_automatically() -> None:
    """Option 2 with the default automatic flor: both flores are sung at once; seat 0, whose
    flor awaits the answer, may leave; the duel scores nothing."""
    v = tr.get_variant("argentine", {"mazo_during_flor_duel": "caller_side_and_answerer"})
    m = scenario(v, FLORES)
    assert m.legal_action_texts(0) == ["mazo"]
    m.apply("mazo", 0)
    assert events(m) == ((1, 1, "mazo"),)


def test_s2_10_trucoshi_preset_leaves_during_the_duel() -> None:
    """``argentine@trucoshi`` plays option 2's fourth moment as trucoshi does."""
    v = tr.get_variant("argentine@trucoshi")
    assert v.flor is not None and v.flor.mazo_during_flor_duel == "caller_side_and_answerer"
    m = scenario(v, FLORES, ["0:flor"])
    assert m.legal_action_texts(0) == ["mazo"]
