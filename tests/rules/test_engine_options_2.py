"""Rules two online engines play, as options (issue 29, options 3, 7, 8, 9 and 10).

* ``mazo_envido_bonus='first_trick_open'`` (RULES §2.10): the point for the envido nobody
  called is charged whenever trick 1 is not complete, also after the leaving side played and
  after an accepted truco.
* ``end_on_unbeatable_card`` (RULES §1.1, §1.4): the hand ends when the card just played
  cannot be beaten by any card not yet seen and the trick it settles decides the hand.
* ``flor_declaration='manual_without_penalty'`` (RULES §2.7.2): a flor holder may play on
  without singing; he loses the flor, with no penalty.
* ``mazo_waits_for_flor`` (RULES §2.10): after a side goes to the deck while an opponent
  holds an unsung flor, the hand waits for the flor to be sung (same points).
* ``envido_answers_truco_after_card`` (RULES §2.6.2): a player who has played his first
  card may answer a truco call with envido.

Each default keeps today's play (the first test of each group); the example deals are the
issue's where it gives one. Scores 0-0, cards face up, mano seat 0 unless stated.
"""

from __future__ import annotations

import pytest
from conftest import hand_points, scenario

import truco_rules as tr
from truco_rules.testing import check_observation_hides, hidden_swaps
from truco_rules.testing.hiding import deal_orders

EXAMPLE = ["1E 3O 4C", "2B 5O 6C"]  # the deal for options 2 and 7
PLAYS_1 = ["play 5O", "play 5O down", "play 6C", "play 6C down"]


def events(m: tr.Match) -> tuple[tuple[int, int, str], ...]:
    assert m.history, "the hand is not over"
    return m.history[0].events


# =============================================================================================
# 7. end_on_unbeatable_card (RULES §1.1, §1.4)
# =============================================================================================

UNBEATABLE = {"end_on_unbeatable_card": True}
EXAMPLE_7 = ["0:play 3O", "1:play 2B", "0:play 1E"]


def test_s1_4_default_plays_on_after_an_unbeatable_card() -> None:
    """RULES §1.4, the issue's example with the option off (today): after ``0:play 3O,
    1:play 2B, 0:play 1E`` seat 1 still plays or calls truco; nothing is scored yet."""
    m = scenario("argentine", EXAMPLE, EXAMPLE_7)
    assert m.legal_action_texts(1) == [*PLAYS_1, "truco", "mazo"]
    assert hand_points(m) == (0, 0) and not m.history


def test_s1_4_unbeatable_card_that_decides_ends_the_hand() -> None:
    """RULES §1.1, §1.4 with ``end_on_unbeatable_card`` (the issue's example): seat 0 took
    trick 1 and leads the 1 of espadas, which nothing can beat: the hand ends, 1 point to
    seat 0, and seat 1 has no action left (no truco)."""
    m = scenario("argentine", EXAMPLE, EXAMPLE_7, options=UNBEATABLE)
    assert m.legal_action_texts(1) == []
    assert events(m) == ((0, 1, "tricks"),)
    assert m.history[0].end_reason == "tricks" and m.history[0].winner == 0


def test_s1_4_unbeatable_card_counts_the_cards_seen_played() -> None:
    """RULES §1.4: once the 1 of espadas has been seen, the 1 of bastos is the top card
    left: led in trick 2 by the winner of trick 1, it ends the hand; the accepted truco is
    what the hand is worth (2)."""
    hands = ["2B 3O 4C", "1E 1B 6C"]
    before = ["0:play 4C", "1:play 1E", "1:truco", "0:quiero", "1:play 1B"]
    assert scenario("argentine", hands, before).legal_action_texts(0)[:2] == [
        "play 2B",
        "play 2B down",
    ]
    m = scenario("argentine", hands, before, options=UNBEATABLE)
    assert events(m) == ((1, 2, "tricks"),)


def test_s1_4_a_face_down_card_may_still_be_any_card() -> None:
    """RULES §1.4, §2.9: the 1 of espadas played face down is not seen, so the 1 of bastos
    led after it may still be beaten: play goes on (only public cards count)."""
    hands = ["1E 3O 4C", "1B 5O 6C"]
    m = scenario(
        "argentine", hands, ["0:play 1E down", "1:play 6C", "1:play 1B"], options=UNBEATABLE
    )
    assert not m.history and m.current_player() == 0
    assert m.legal_action_texts(0)[:2] == ["play 3O", "play 3O down"]


def test_s1_4_a_card_that_could_be_tied_is_not_unbeatable() -> None:
    """RULES §1.2, §1.4: after the four bravas were seen in trick 1 (4 seats), a 3 led in
    trick 2 could still be tied by another 3: play goes on."""
    hands = ["1E 3O 4C", "1B 5O 6C", "7E 3B 4B", "7O 5E 6E"]
    before = ["0:play 1E", "1:play 1B", "2:play 7E", "3:play 7O", "0:play 3O"]
    m = scenario("argentine", hands, before, options=UNBEATABLE)
    assert not m.history and m.current_player() == 1


def test_s1_4_a_settled_trick_that_does_not_decide_lets_play_go_on() -> None:
    """RULES §1.4: at 4 seats seat 1's side took trick 1; in trick 2 seat 2 plays the 1 of
    espadas, which settles trick 2 for seat 0's side: one trick each, so the hand goes on and
    seat 3 still plays (as with the option off)."""
    hands = ["4C 3O 5C", "3B 5O 6C", "1E 4B 2O", "7O 5E 6E"]
    before = ["0:play 4C", "1:play 3B", "2:play 4B", "3:play 5E", "1:play 5O", "2:play 1E"]
    off = scenario("argentine", hands, before)
    on = scenario("argentine", hands, before, options=UNBEATABLE)
    assert not on.history and on.current_player() == 3
    assert on.legal_action_texts(3) == off.legal_action_texts(3)


# =============================================================================================
# 3. mazo_envido_bonus='first_trick_open' (RULES §2.10)
# =============================================================================================


@pytest.mark.parametrize(
    ("actions", "totals"),
    [
        # the leaving side has played: only first_trick_open adds the point
        (["0:play 3O", "1:truco", "0:mazo"], (1, 1, 2)),
        # ... after an accepted truco too (the retruco refused is worth 2)
        (["0:truco", "1:quiero", "0:play 4C", "1:retruco", "0:mazo"], (2, 2, 3)),
        # the leaving side has not played: both add it
        (["0:play 3O", "1:mazo"], (2, 1, 2)),
        # trick 1 complete: neither adds it
        (["0:play 4C", "1:play 2B", "1:mazo"], (1, 1, 1)),
        # an envido was called (seat 1's 6 beats 4, 2 points): neither adds it
        (["0:play 3O", "1:envido", "0:quiero", "1:mazo"], (3, 3, 3)),
    ],
)
def test_s2_10_mazo_bonus_while_the_first_trick_is_open(
    actions: list[str], totals: tuple[int, int, int]
) -> None:
    """RULES §2.10: what the hand gives in all (both sides' points) when a side goes to the
    deck, under ``mazo_envido_bonus`` = before_first_card, never, first_trick_open."""
    for value, total in zip(
        ("before_first_card", "never", "first_trick_open"), totals, strict=True
    ):
        m = scenario("argentine-sin-flor", EXAMPLE, actions, options={"mazo_envido_bonus": value})
        assert sum(hand_points(m)) == total, value


def test_s2_10_first_trick_open_bonus_goes_to_the_opponents() -> None:
    """RULES §2.10: seat 0 played the 3 of oros and goes to the deck as the answer to seat
    1's truco: seat 1 scores the refused truco (1) and the envido's point (1)."""
    m = scenario(
        "argentine-sin-flor",
        EXAMPLE,
        ["0:play 3O", "1:truco", "0:mazo"],
        options={"mazo_envido_bonus": "first_trick_open"},
    )
    assert hand_points(m) == (0, 2)


# =============================================================================================
# 10. envido_answers_truco_after_card (RULES §2.6.2)
# =============================================================================================

LATE = {"envido_answers_truco_after_card": True}
ENVIDOS = ["envido", "real-envido", "falta-envido"]


def test_s2_6_2_default_no_envido_after_ones_own_card() -> None:
    """RULES §2.6.2 (today): seat 0 played his first card; answering seat 1's truco he may
    accept, refuse, raise or leave, not call envido."""
    m = scenario("argentine-sin-flor", EXAMPLE, ["0:play 4C", "1:truco"])
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "retruco", "mazo"]


def test_s2_6_2_envido_answers_truco_after_ones_own_card() -> None:
    """RULES §2.6.2 with ``envido_answers_truco_after_card``: seat 0 may answer the truco
    with envido; seat 1's 6 beats seat 0's 4 (2 points), then the truco answer is due."""
    m = scenario("argentine-sin-flor", EXAMPLE, ["0:play 4C", "1:truco"], options=LATE)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "retruco", *ENVIDOS, "mazo"]
    m.apply("envido", 0)
    m.apply("quiero", 1)
    assert hand_points(m) == (0, 2)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "retruco", "mazo"]


def test_s2_6_2_late_envido_only_answers_a_truco_in_trick_1() -> None:
    """RULES §2.6.2 with the option: out of turn in play seat 0 still may not call envido
    after his card, nor may anyone answer with envido once trick 1 is complete."""
    m = scenario("argentine-sin-flor", EXAMPLE, ["0:play 4C"], options=LATE)
    assert m.legal_action_texts(0) == ["truco"]
    m = scenario("argentine-sin-flor", EXAMPLE, ["0:play 4C", "1:play 5O", "1:truco"], options=LATE)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "retruco", "mazo"]


# =============================================================================================
# 8. flor_declaration='manual_without_penalty' (RULES §2.7.2)
# =============================================================================================

FLOR_0 = ["1E 7E 4E", "4C 5O 6B"]  # seat 0 holds a flor of espadas
PLAYED_ON = ["0:play 1E", "1:play 4C", "0:play 7E", "1:play 5O"]


def manual(value: str, **more: object) -> dict[str, object]:
    return {"flor_declaration": value, **more}


def test_s2_7_2_default_hidden_flor_gives_the_opponents_3() -> None:
    """RULES §2.7.2, ``manual_with_penalty`` (as before): seat 0 plays on without singing,
    wins both tricks (1) and his hidden flor gives seat 1 3."""
    m = scenario("argentine", FLOR_0, PLAYED_ON, options=manual("manual_with_penalty"))
    assert events(m) == ((1, 3, "hidden flor"), (0, 1, "tricks"))


def test_s2_7_2_flor_lost_without_penalty() -> None:
    """RULES §2.7.2 with ``manual_without_penalty``: the same offer of ``flor`` before his
    first card; playing on without singing only loses the flor."""
    m = scenario("argentine", FLOR_0, options=manual("manual_without_penalty"))
    assert "flor" in m.legal_action_texts(0)
    m.apply("play 1E", 0)
    assert "flor" not in m.legal_action_texts(0)
    m = scenario("argentine", FLOR_0, PLAYED_ON, options=manual("manual_without_penalty"))
    assert events(m) == ((0, 1, "tricks"),)


def test_s2_7_2_sung_flor_scores_at_once_and_stands_without_showing() -> None:
    """RULES §2.7.2: with ``manual_without_penalty`` a sung flor scores at once and is not
    lost when its holder then goes to the deck; under penalty it waits for the showing and a
    holder who leaves forfeits it (3 to the opponents)."""
    m = scenario("argentine", FLOR_0, ["0:flor"], options=manual("manual_without_penalty"))
    assert m.hand is not None and m.hand.pts_now == [3, 0]
    m.apply("mazo", 0)
    assert events(m) == ((0, 3, "flor"), (1, 1, "mazo"))
    m = scenario("argentine", FLOR_0, ["0:flor", "0:mazo"], options=manual("manual_with_penalty"))
    assert events(m) == ((1, 3, "flor forfeited"), (1, 1, "mazo"))


def test_s2_7_2_a_choice_is_read_through_penalised() -> None:
    """RULES §2.7.2: the decision methods of the three choices."""
    seen = {}
    for value in ("automatic", "manual_with_penalty", "manual_without_penalty"):
        fl = tr.get_variant("argentine", {"flor_declaration": value}).flor
        assert fl is not None
        seen[value] = (fl.sung_automatically(), fl.penalised())
    assert seen == {
        "automatic": (True, False),
        "manual_with_penalty": (False, True),
        "manual_without_penalty": (False, False),
    }


# =============================================================================================
# 9. mazo_waits_for_flor (RULES §2.10)
# =============================================================================================

FLOR_1 = ["4C 5O 6B", "1E 7E 4E"]  # seat 1 holds a flor of espadas


@pytest.mark.parametrize("declaration", ["manual_with_penalty", "manual_without_penalty"])
def test_s2_10_default_mazo_ends_the_hand_and_scores_the_unsung_flor(declaration: str) -> None:
    """RULES §2.10 (today): seat 0 goes to the deck at once; the hand ends and seat 1's flor,
    not yet sung, is still scored (3) with the mazo (1 and the envido's 1)."""
    m = scenario("argentine", FLOR_1, ["0:mazo"], options=manual(declaration))
    assert m.legal_action_texts(1) == []
    assert events(m) == ((1, 3, "flor"), (1, 2, "mazo"))


@pytest.mark.parametrize("declaration", ["manual_with_penalty", "manual_without_penalty"])
def test_s2_10_mazo_waits_for_the_flor_to_be_sung(declaration: str) -> None:
    """RULES §2.10 with ``mazo_waits_for_flor``: the hand waits for seat 1 to sing his flor,
    his only action (seat 0 has none); then it ends with the same points."""
    m = scenario(
        "argentine", FLOR_1, ["0:mazo"], options=manual(declaration, mazo_waits_for_flor=True)
    )
    assert not m.history and m.current_player() == 1
    assert m.hand is not None and m.hand.phase_name == "answer-flor"
    assert m.legal_action_texts(1) == ["flor"] and m.legal_action_texts(0) == []
    m.apply("flor", 1)
    assert events(m) == ((1, 3, "flor"), (1, 2, "mazo"))


@pytest.mark.parametrize("action", ["play 1E", "truco", "mazo", "contraflor"])
def test_s2_10_any_other_action_while_the_hand_waits_for_the_flor_is_refused(
    action: str,
) -> None:
    """RULES §2.10 with ``mazo_waits_for_flor``: while the hand waits for seat 1's flor, any
    other action of his is an :class:`IllegalAction` that says the hand waits for his flor
    and changes nothing (it was once a ``KeyError``)."""
    opts = manual("manual_with_penalty", mazo_waits_for_flor=True)
    m = scenario("argentine", FLOR_1, ["0:mazo"], options=opts)
    before = m.to_json()
    with pytest.raises(tr.IllegalAction, match="waits for this player's flor"):
        m.apply(action, 1)
    assert m.to_json() == before and m.legal_action_texts(1) == ["flor"]


def test_s2_10_mazo_waits_also_when_refusing_a_truco() -> None:
    """RULES §2.10: going to the deck with seat 1's truco pending refuses it (1); the hand
    waits for seat 1's flor all the same (4 seats: seat 1 and his partner seat 3 sing
    together, every flor in play is sung at once)."""
    hands = ["4C 5O 6B", "1E 7E 4E", "4O 5C 6O", "1C 2C 3C"]
    opts = manual("manual_without_penalty", mazo_waits_for_flor=True)
    m = scenario("argentine", hands, ["0:play 4C", "1:truco", "2:mazo"], options=opts)
    assert m.current_player() == 1 and m.legal_action_texts(1) == ["flor"]
    m.apply("flor", 1)
    assert m.hand is None or m.hand.over
    assert m.history[0].shown == ((1, m.history[0].dealt[1]), (3, m.history[0].dealt[3]))
    assert events(m) == ((1, 6, "flor"), (1, 1, "mazo"))  # two flores of one side: 3 each


def test_s2_10_no_wait_for_a_flor_lost_by_playing_on() -> None:
    """RULES §2.7.2, §2.10: seat 1 played his first card without singing, so he has no flor
    to sing: seat 0's mazo ends the hand at once (1 point)."""
    opts = manual("manual_without_penalty", mazo_waits_for_flor=True)
    m = scenario(
        "argentine", FLOR_1, ["0:play 4C", "1:play 1E", "1:play 7E", "0:mazo"], options=opts
    )
    assert events(m) == ((1, 1, "mazo"),)


def test_s2_10_the_wait_tells_only_that_a_flor_is_there() -> None:
    """RULES §2.10, §2.11 (I7): while the hand waits for seat 1's flor, seat 0's observation
    and errors are the same in every deal it cannot tell apart (seat 1's flor may be 12 or 10
    of espadas: the flor score is what the wait and the singing make public)."""
    opts = manual("manual_without_penalty", mazo_waits_for_flor=True)
    m = scenario("argentine", ["4C 5O 6B", "1E 12E 4E"], ["0:mazo"], options=opts)
    assert m.legal_action_texts(1) == ["flor"]
    order = deal_orders(m)[0]
    (twelve,) = tr.parse_cards("12E")
    swaps = [sw for sw in hidden_swaps(m, 0) if twelve in (order[sw.i], order[sw.j])]
    assert swaps
    for sw in swaps:  # one at a time: 12E for 10E keeps the flor, for 12B would not
        check_observation_hides(m, 0, [sw])


def test_s1_4_unbeatable_card_reads_no_hidden_card() -> None:
    """RULES §1.4, §2.11 (I7): with ``end_on_unbeatable_card`` the hand goes on after the 1
    of bastos only because the card played face down is hidden: seat 1 sees the same in every
    deal it cannot tell apart (the face-down card among them)."""
    hands = ["1E 3O 4C", "1B 5O 6C"]
    before = ["0:play 1E down", "1:play 6C", "1:play 1B"]
    m = scenario("argentine", hands, before, options=UNBEATABLE)
    swaps = hidden_swaps(m, 1)
    assert swaps
    check_observation_hides(m, 1, swaps)
