"""Rules of the engines people play on, as options (issue 29, options 1, 2, 4, 5 and 6): each
example deal of the issue with the option at its default (the rules as before) and at the
engine's choice, asserting legal actions and points; the defaults change nothing.

Deals are written seat 0's cards, seat 1's, ...; the score is 0-0 unless stated.
"""

from __future__ import annotations

import pytest

import truco_rules as tr
from truco_rules.core.actions import BASE_VERBS

ARG = tr.get_variant("argentine")
SIN = tr.get_variant("argentine-sin-flor")

ENVIDOS = ["envido", "real-envido", "falta-envido"]


def play(
    v: tr.Variant,
    hands: list[str],
    actions: list[str],
    *,
    mano: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> tr.Match:
    """A match of ``v`` dealt ``hands`` with ``mano`` to lead, after ``actions`` (each
    ``"seat:action"``, or an action of the seat to act)."""
    m = v.new_match(
        len(hands), deals=[tr.deal_order(v, hands, mano=mano)], mano=mano, scores=scores
    )
    for a in actions:
        seat, _, act = a.rpartition(":")
        m.apply(act, int(seat) if seat else None)
    return m


def calls(m: tr.Match, seat: int) -> list[str]:
    """The legal actions of ``seat`` other than playing a card."""
    return [a for a in m.legal_action_texts(seat) if not a.startswith("play ")]


def events(m: tr.Match) -> tuple[tuple[int, int, str], ...]:
    return m.history[0].events


def finish(m: tr.Match) -> tr.Match:
    """Play the first hand out with the first legal action of the seat to act."""
    while not m.history and not m.is_over():
        m.apply(m.legal_actions()[0])
    return m


# ------------------------------------------------------------ 1. envido timing apart from truco
EX1 = ["6C 12O 11O", "3C 3B 2B"]


def test_envido_out_of_turn_follows_truco_timing_by_default() -> None:
    """RULES §2.6.2, §2.5 (issue 29, example 1): with truco_call_timing 'any_time', seat 1,
    not to act, may call envido as well as truco; his envido (33 against 0) wins 2."""
    m = play(ARG, EX1, [])
    assert calls(m, 1) == ["truco", *ENVIDOS]
    m = play(ARG, EX1, ["1:envido", "quiero"])
    assert (1, 2, "envido") in finish(m).history[0].events


def test_only_the_side_to_act_calls_envido() -> None:
    """RULES §2.6.2 (issue 29, example 1), envido_call_timing='side_to_act': seat 1, not to
    act, may still call truco out of turn, not envido; seat 0, to act, may call either. With
    mazo_out_of_turn (the engine's other setting) seat 1 has exactly truco and the deck."""
    v = ARG.with_options(envido_call_timing="side_to_act")
    m = play(v, EX1, [])
    assert calls(m, 1) == ["truco"]
    assert calls(m, 0) == ["truco", *ENVIDOS, "mazo"]
    assert calls(play(v.with_options(mazo_out_of_turn=True), EX1, []), 1) == ["truco", "mazo"]
    with pytest.raises(tr.IllegalAction):
        m.apply("envido", 1)
    # answering a truco, seat 1 is the side to act: envido is first (RULES §2.6.2)
    m = play(v, EX1, ["truco"])
    assert m.current_player() == 1 and set(ENVIDOS) <= set(calls(m, 1))
    m.apply("envido")
    m.apply("quiero")
    assert (1, 2, "envido") in finish(m).history[0].events


def test_side_to_act_lets_an_unplayed_partner_call_envido() -> None:
    """RULES §2.6.2, envido_call_timing='side_to_act' at 4 seats: seat 2, partner of seat 0
    who is to act, may call envido out of turn; seats 1 and 3 may not."""
    hands = ["4C 5B 6O", "7E 6E 3B", "1O 2O 3C", "4B 5C 6C"]
    m = play(SIN.with_options(envido_call_timing="side_to_act"), hands, [])
    assert set(ENVIDOS) <= set(calls(m, 2))
    assert not set(ENVIDOS) & set(calls(m, 1) + calls(m, 3))
    assert set(ENVIDOS) <= set(calls(play(SIN, hands, []), 1))


# ------------------------------------------------------------ 2. going to the deck, by moment
EX2 = ["1E 3O 4C", "2B 5O 6C"]


def test_going_to_the_deck_while_a_truco_awaits_its_answer() -> None:
    """RULES §2.10 (issue 29, example 2): by default seat 1 may go to the deck while seat 0's
    truco awaits his answer, which refuses it (seat 0 scores 1, and 1 more for the envido
    not played, RULES §2.10); with mazo_pending_call='nobody' he must answer first."""
    m = play(ARG, EX2, ["0:truco"])
    assert "mazo" in calls(m, 1)
    m.apply("mazo", 1)
    assert events(m) == ((0, 2, "mazo"),)
    v = ARG.with_options(mazo_pending_call="nobody")
    m = play(v, EX2, ["0:truco"])
    assert calls(m, 1) == ["quiero", "no-quiero", "retruco", *ENVIDOS]
    with pytest.raises(tr.IllegalAction):
        m.apply("mazo", 1)
    m.apply("no-quiero", 1)
    assert events(m) == ((0, 1, "refused"),)


def test_the_calling_side_may_not_leave_while_its_call_awaits_with_nobody() -> None:
    """RULES §2.10, mazo_pending_call='nobody' with mazo_out_of_turn: the caller's side may
    go to the deck out of turn, but not while its truco awaits the answer."""
    v = ARG.with_options(mazo_out_of_turn=True)
    assert calls(play(v, EX2, ["0:truco"]), 0) == ["mazo"]
    assert calls(play(v.with_options(mazo_pending_call="nobody"), EX2, ["0:truco"]), 0) == []
    assert "mazo" in calls(play(v.with_options(mazo_pending_call="nobody"), EX2, []), 1)


@pytest.mark.parametrize(
    ("options", "leaves"),
    [
        ({}, False),
        ({"mazo_out_of_turn": True}, True),
        ({"mazo_out_of_turn": True, "mazo_answering_envido": "forbidden"}, False),
        ({"mazo_answering_envido": "allowed"}, True),
    ],
)
def test_going_to_the_deck_as_the_answer_to_an_envido(
    options: dict[str, object], leaves: bool
) -> None:
    """RULES §2.10, §2.6.3, mazo_answering_envido: by default as mazo_out_of_turn; the
    engine's 'forbidden' keeps the deck out of the answer even with mazo_out_of_turn, and
    'allowed' offers it without. Leaving refuses the envido (1) and concedes the hand (1)."""
    m = play(SIN.with_options(**options), EX2, ["envido"])
    assert ("mazo" in calls(m, 1)) is leaves
    if leaves:
        m.apply("mazo", 1)
        assert events(m) == ((0, 1, "envido"), (0, 1, "mazo"))
    else:
        with pytest.raises(tr.IllegalAction):
            m.apply("mazo", 1)


# ------------------------------------------------------------ 4. paso
EX4 = ["5B 6E 12C", "2O 7E 3E", "6B 4O 11C", "3C 10E 7B"]


def test_paso_passes_the_answer_to_a_truco_to_the_next_partner() -> None:
    """RULES §1.5 (issue 29, option 4), answer_pass: seat 1, asked to answer seat 0's truco,
    passes to seat 3, who passes back; seat 1 may not pass again and answers. By default there
    is no 'paso' and it is no word of the variant."""
    m = play(SIN, EX4, ["0:truco"])
    assert m.current_player() == 1 and "paso" not in calls(m, 1)
    assert "paso" not in SIN.vocabulary
    with pytest.raises(tr.TrucoError):
        m.apply("paso")
    v = SIN.with_options(answer_pass=True)
    m = play(v, EX4, ["0:truco"])
    assert "paso" in calls(m, 1) and "paso" not in calls(m, 3)
    m.apply("paso")
    assert m.current_player() == 3 and "paso" in calls(m, 3)
    m.apply("paso")
    assert m.current_player() == 1 and "paso" not in calls(m, 1)
    m.apply("no-quiero")
    assert events(m) == ((0, 1, "refused"),)


def test_paso_passes_the_answer_to_an_envido() -> None:
    """RULES §2.6.3, answer_pass: seat 0, asked to answer seat 3's envido, passes to seat 2;
    seat 2 accepts and seat 1's 30 wins the envido's 2 for side 1."""
    v = SIN.with_options(answer_pass=True)
    m = play(v, EX4, ["3:envido"])
    assert m.current_player() == 0 and "paso" in calls(m, 0)
    m.apply("paso")
    assert m.current_player() == 2
    m.apply("quiero")
    assert m.hand is not None and (1, 2, "envido") in m.hand.points
    assert "paso" not in calls(play(SIN, EX4, ["3:envido"]), 0)


def test_paso_needs_a_partner() -> None:
    """RULES §1.5, answer_pass at 2 seats: no partner, no 'paso'."""
    m = play(SIN.with_options(answer_pass=True), EX2, ["truco"])
    assert "paso" not in calls(m, 1)


def test_paso_has_the_last_action_id() -> None:
    """The 'paso' of answer_pass is numbered after every other action, which keep their ids."""
    plain = SIN.action_space
    space = SIN.with_options(answer_pass=True).action_space
    assert space.num_actions == plain.num_actions + 1
    assert space.action(plain.num_actions) == tr.Action.call("paso")
    assert "paso" not in BASE_VERBS


def test_who_is_asked_first_to_answer() -> None:
    """RULES §1.5, first_answerer: seat 1's truco out of turn (mano 0) is asked of seat 2, next
    after him in play order, by default; of seat 0, the first of the side by seat number, with
    'seat_order'; a holder of a flor still to sing is asked first (seat 2, manual flor)."""
    hands = ["4C 5B 6O", "7E 6E 3B", "1O 2O 3O", "4B 5C 6C"]
    manual = {"flor_declaration": "manual_with_penalty"}
    assert play(SIN, hands, ["1:truco"]).current_player() == 2
    by_seat = SIN.with_options(first_answerer="seat_order")
    m = play(by_seat, hands, ["1:truco"])
    assert m.current_player() == 0
    m.apply("quiero")
    assert m.hand is not None and m.hand.level == 1
    flor = ARG.with_options(first_answerer="seat_order", **manual)
    assert play(flor, hands, ["1:truco"]).current_player() == 2
    assert play(flor, hands, ["1:envido"]).current_player() == 2
    assert play(by_seat, hands, ["1:envido"]).current_player() == 0


# ------------------------------------------------------------ 5. envido after one's own card
EX5 = ["5B 6E 12C", "2O 7E 3E", "6B 4O 11C", "3C 10E 7B"]


def test_envido_only_by_the_unplayed_partner_by_default() -> None:
    """RULES §2.6.2 (issue 29, example 5), 4 seats, mano 1, 13-8, 1:play 7E, 0:truco: seat 1,
    asked to answer, has played and may not call envido; his partner seat 3 may."""
    m = play(SIN, EX5, ["1:play 7E", "0:truco"], mano=1, scores=(13, 8))
    assert m.current_player() == 1
    assert calls(m, 1) == ["quiero", "no-quiero", "retruco", "mazo"]
    assert set(ENVIDOS) <= set(calls(m, 3))


def test_envido_by_the_seat_to_act_while_a_partner_has_not_played() -> None:
    """RULES §2.6.2 (issue 29, example 5), envido_while_partner_unplayed: seat 1 may call
    envido though he played; accepted, his 30 (7E 3E) wins 2 for side 1. Once all his
    partners have played, a seat to act who has played may not call it (seat 1 after seat 3)."""
    v = SIN.with_options(envido_while_partner_unplayed=True)
    m = play(v, EX5, ["1:play 7E", "0:truco"], mano=1, scores=(13, 8))
    assert calls(m, 1) == ["quiero", "no-quiero", "retruco", *ENVIDOS, "mazo"]
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert m.hand is not None and (1, 2, "envido") in m.hand.points
    # once every partner has played, a played seat to act may not call it
    m = play(v, EX5, ["1:play 7E", "play 6B", "play 3C"], mano=1)
    assert m.current_player() == 0
    assert set(ENVIDOS) <= set(calls(m, 0))
    m = play(v, EX5, ["1:play 7E", "play 6B", "play 3C", "play 5B"], mano=1)
    assert m.current_player() == 1 and not set(ENVIDOS) & set(calls(m, 1))


# ------------------------------------------------------------ 6. a partner's unsung flor
EX6 = ["6B 12B 7E", "6O 1C 12E", "6E 5E 2E", "3B 10B 5C"]
_MANUAL = {"flor_declaration": "manual_with_penalty"}


def test_a_partners_unsung_flor_leaves_calls_open_by_default() -> None:
    """RULES §2.7.2 (issue 29, example 6), 4 seats, mano 0: seat 2 holds a flor (6E 5E 2E);
    seat 0 may call envido and truco; his envido makes the flor sing (3 for side 0)."""
    m = play(ARG, EX6, [])
    assert calls(m, 0) == ["truco", *ENVIDOS, "mazo"]
    m.apply("envido")
    assert m.hand is not None and m.hand.flor_sung == [2]
    assert (0, 3, "flor") in m.hand.points


def test_a_partners_unsung_flor_leaves_only_card_and_deck() -> None:
    """RULES §2.7.2 (issue 29, example 6), partner_unsung_flor='no_calls': seat 0 may only
    play or go to the deck; the opponents keep their calls. Once seat 2's flor is sung (at his
    first decision) it scores 3 for side 0, and seat 0 calls again at his next turn."""
    v = ARG.with_options(partner_unsung_flor="no_calls")
    m = play(v, EX6, [])
    assert calls(m, 0) == ["mazo"]
    assert set(calls(m, 1)) == {"truco", *ENVIDOS}
    with pytest.raises(tr.IllegalAction):
        m.apply("truco", 0)
    m.apply("play 6B")
    m.apply("play 6O")
    assert m.hand is not None and m.hand.flor_sung == [2] and (0, 3, "flor") in m.hand.points
    assert "truco" in calls(m, 2)
    # out of turn, with mazo_out_of_turn, only the deck is left
    m = play(v.with_options(mazo_out_of_turn=True), EX6, ["play 6B"])
    assert calls(m, 0) == ["mazo"]
    assert set(calls(m, 3)) >= {"truco", "mazo"}


def test_no_calls_with_manual_flor_until_it_is_sung() -> None:
    """RULES §2.7.2, partner_unsung_flor='no_calls' with manual flor: asked to answer
    seat 3's truco while seat 2's flor is unsung, seat 0 may answer or go to the deck but not
    raise or call envido; not asked (seat 1's truco is asked of seat 2), only go to the deck.
    Once seat 2 sings (3 for side 0 at the end), seat 0 may raise."""
    v = ARG.with_options(partner_unsung_flor="no_calls", flor_declaration="manual_with_penalty")
    m = play(v, EX6, ["3:truco"])
    assert m.current_player() == 0 and calls(m, 0) == ["quiero", "no-quiero", "mazo"]
    assert "retruco" in calls(play(ARG.with_options(**_MANUAL), EX6, ["3:truco"]), 0)
    m = play(v, EX6, ["1:truco"])
    assert m.current_player() == 2
    m = play(v, EX6, ["1:truco", "2:flor"])
    assert m.hand is not None and m.hand.flor_sung == [2]
    assert "retruco" in calls(m, 0)
    assert (0, 3, "flor") in finish(m).history[0].events
    m = play(v, EX6, ["1:truco"])
    assert calls(m, 0) == ["mazo"]  # not the seat asked: only the deck
    assert "flor" in calls(m, 2)
