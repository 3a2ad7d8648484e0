"""Going to the deck while the duel of flores awaits an answer (issue 29, option 2's fourth
moment: ``mazo_during_flor_duel``; RULES §2.7.3 and §2.10 are silent on the moment).

By default nobody leaves while a flor, contraflor or contraflor al resto awaits its answer.
With ``caller_side_and_answerer`` (trucoshi) the side whose call awaits may leave out of
turn, and the one answering a contraflor may leave as his answer: that refuses the call.
When the calling side's last flor holder leaves, the side concedes the duel: the other side
scores the stake in force before the call, as a truco caller who leaves withdraws his call
and a flor of the side that stays is scored (RULES §2.10).

Deals are written seat 0's cards | seat 1's ...; mano seat 0, score 0-0, cards face up.
"""

from __future__ import annotations

import random

import pytest
from conftest import hand_points, scenario

import truco_rules as tr
from truco_rules.contest.bet_states import FL_CONTRA, FL_RESPOND, FL_RESTO

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


def test_s2_10_the_singer_leaves_out_of_turn_and_concedes_the_duel() -> None:
    """Option 2 (fourth moment): the singer may go to the deck while his flor awaits the
    answer; he is his side's last flor holder, so his side concedes the duel: seat 1's flor,
    which stays, scores its 3 (RULES §2.10), and seat 1 the hand's 1 (no envido bonus once a
    flor was sung)."""
    m = scenario("argentine", FLORES, ["0:flor"], options=LEAVE)
    assert m.legal_action_texts(0) == ["mazo"]
    assert m.legal_action_texts(1) == DUEL_ANSWERS  # leaving is no answer to a flor
    m.apply("mazo", 0)
    assert events(m) == ((1, 3, "flor"), (1, 1, "mazo"))
    assert m.history[0].end_reason == "mazo"


def test_s2_10_singing_then_leaving_scores_as_leaving_unsung() -> None:
    """RULES §2.10 with the trucoshi preset (mazo_waits_for_flor): going to the deck before
    singing makes the hand wait for seat 1's flor (3 + 1); singing first and then leaving
    gives seat 1 the same, so singing buys the leaver nothing."""
    v = tr.get_variant("argentine@trucoshi")
    unsung = scenario(v, FLORES, ["0:mazo", "1:flor"])
    sung = scenario(v, FLORES, ["0:flor", "0:mazo"])
    assert events(unsung) == events(sung) == ((1, 3, "flor"), (1, 1, "mazo"))


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


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        # the contraflor's caller leaves: seat 0's flor, in force before it, scores 3
        (["0:flor", "1:contraflor", "1:mazo"], ((0, 3, "flor"), (0, 1, "mazo"))),
        # as when he backs down with con flor me achico and then leaves
        (["0:flor", "1:con-flor-me-achico", "1:mazo"], ((0, 3, "flor"), (0, 1, "mazo"))),
        # a contraflor al resto straight over the flor: the flor's 3
        (["0:flor", "1:contraflor-al-resto", "1:mazo"], ((0, 3, "flor"), (0, 1, "mazo"))),
        # over a contraflor: the contraflor's refused 4 to its caller
        (
            ["0:flor", "1:contraflor", "0:contraflor-al-resto", "0:mazo"],
            ((1, 4, "flor"), (1, 1, "mazo")),
        ),
    ],
)
def test_s2_10_a_raiser_who_leaves_concedes_the_stake_in_force(
    actions: list[str], expected: tuple[tuple[int, int, str], ...]
) -> None:
    """Option 2: the side of a raise leaves while the raise awaits its answer: it concedes
    the duel, and the other side scores what was at stake before the raise (RULES §2.7.3,
    §2.10); leaving never pays more than backing down. (``argentine@trucoshi``: a player may
    also leave out of turn once the duel is over.)"""
    m = scenario("argentine@trucoshi", FLORES, actions)
    assert events(m) == expected


FOUR = ["1O 2O 3O", "4C 5C 6C", "4E 5B 7C", "7O 10B 11E"]  # flores: seats 0 and 1


def test_s2_10_a_partner_keeps_the_sides_call_standing() -> None:
    """Option 2 at 4 seats: seat 0 sings; his partner seat 2 leaves out of turn, but seat 0,
    the flor holder, is still in the hand, so the flor still awaits seat 1's answer; ``con
    flor quiero`` then scores the best flor (seat 1's 35) its 4 (RULES §2.7.3)."""
    m = scenario("argentine", FOUR, ["0:flor"], options=LEAVE)
    assert m.legal_action_texts(2) == ["mazo"]
    m.apply("mazo", 2)
    assert m.legal_action_texts(1) == DUEL_ANSWERS
    m.apply("con-flor-quiero", 1)
    assert hand_points(m) == (0, 4)
    assert not m.history  # the hand goes on


def test_s2_10_the_last_flor_holder_leaving_settles_the_duel_at_4_seats() -> None:
    """Option 2 at 4 seats: seat 0, his side's only flor holder, leaves while his flor awaits
    the answer; his partner stays in the hand, but nobody of side 0 could answer a raise, so
    side 0 concedes the duel at once (side 1's flor scores 3) and play goes on: no contraflor
    is offered that nobody could answer."""
    m = scenario("argentine@trucoshi", FOUR, ["0:flor", "0:mazo"])
    assert hand_points(m) == (0, 3) and not m.history
    assert "contraflor" not in m.legal_action_texts(1)
    with pytest.raises(tr.IllegalAction):
        m.apply("contraflor", 1)


def _duel_deal(rng: random.Random, seats: int) -> list[str]:
    """A deal where a random seat of each side holds a flor (the rest at random)."""
    ranks = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]
    suits = rng.sample("OCEB", 2)
    deck = [f"{r}{x}" for r in ranks for x in "OCEB"]
    a = rng.randrange(0, seats, 2)  # side 0
    b = rng.randrange(1, seats, 2)  # side 1
    hands: list[list[str]] = [[] for _ in range(seats)]
    for seat, suit in ((a, suits[0]), (b, suits[1])):
        hands[seat] = [f"{r}{suit}" for r in rng.sample(ranks, 3)]
    rest = [c for c in deck if all(c not in h for h in hands)]
    rng.shuffle(rest)
    for seat in range(seats):
        while len(hands[seat]) < 3:
            hands[seat].append(rest.pop())
    return [" ".join(h) for h in hands]


@pytest.mark.parametrize("seats", [4, 6])
def test_s2_10_no_duel_is_left_without_a_seat_to_answer(seats: int) -> None:
    """Option 2, random play of hands with a flor on each side under ``argentine@trucoshi``,
    steered into the duel and out of it by the deck: while the duel of flores is open (a flor,
    contraflor or contraflor al resto awaits its answer), the seat it awaits is still in the
    hand and is the seat to act; no duel is dropped unanswered. Actions out of turn are
    drawn too (the deck during the duel is one)."""
    v = tr.get_variant("argentine@trucoshi")
    opened = 0
    for seed in range(150):
        rng = random.Random(seed)
        m = scenario(v, _duel_deal(rng, seats), mano=rng.randrange(seats))
        while not m.history and not m.is_over():
            legal = [(s, a) for s in range(seats) for a in m.legal_actions(s)]  # out of turn too
            duel = [x for x in legal if x[1].verb in ("flor", "contraflor", "contraflor-al-resto")]
            leave = [x for x in legal if x[1].verb == "mazo"]
            r = rng.random()  # into the duel, and out of it by the deck
            pick = duel if duel and r < 0.6 else leave if leave and r < 0.8 else legal
            seat, act = rng.choice(pick)
            m.apply(act, seat)
            hand = m.hand
            st = hand.bet_state("flor") if hand is not None and not hand.over else None
            if st is not None and st.owed < 0 and st.stage in (FL_RESPOND, FL_CONTRA, FL_RESTO):
                opened += 1
                assert st.responder >= 0 and not hand.folded[st.responder], (seed, m.to_text())
                assert m.current_player() == st.responder, (seed, m.to_text())
    assert opened > 100


def test_s2_10_leaving_during_the_duel_with_flores_sung_automatically() -> None:
    """Option 2 with the default automatic flor: both flores are sung at once; seat 0, whose
    flor awaits the answer, may leave, and concedes the duel (3 to seat 1)."""
    v = tr.get_variant("argentine", {"mazo_during_flor_duel": "caller_side_and_answerer"})
    m = scenario(v, FLORES)
    assert m.legal_action_texts(0) == ["mazo"]
    m.apply("mazo", 0)
    assert events(m) == ((1, 3, "flor"), (1, 1, "mazo"))


def test_s2_10_trucoshi_preset_leaves_during_the_duel() -> None:
    """``argentine@trucoshi`` plays option 2's fourth moment as trucoshi does."""
    v = tr.get_variant("argentine@trucoshi")
    assert v.flor is not None and v.flor.mazo_during_flor_duel == "caller_side_and_answerer"
    m = scenario(v, FLORES, ["0:flor"])
    assert m.legal_action_texts(0) == ["mazo"]
