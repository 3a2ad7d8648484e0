"""Tests killing the mutants that survived an independent mutation sample (issue 10, item 10).

Each test pins down a rule (its RULES section is in the docstring) that the rest of the
suite let through. Conventions as in test_mutation_kills.py: side 0 and side 1; hands are
given by seat.
"""

from __future__ import annotations

import random

import attrs
import pytest
from conftest import rejected, scenario

import truco_rules as tr
from truco_rules.hooks import (
    MANO,
    NOBODY,
    OTHER,
    DealContext,
    DealPlan,
    FixedRanking,
    SpecialHands,
    StandardTable,
    TrickRule,
    shuffle_cards,
)

SIN = "argentine-sin-flor"
E33 = "7E 6E 3B"  # envido 33, no flor
E4 = "4C 12O 10B"  # envido 4
UNSUITED_7 = "7E 4C 12O"  # three suits: envido 7 (the 7 alone)
UNSUITED_5 = "5B 3O 11C"  # three suits: envido 5




# =============================================================================================
# What is shown at the end of a hand (RULES §2.6.1, §2.10, §2.11)
# =============================================================================================


@pytest.mark.parametrize(
    ("options", "proof"),
    [({}, "7E"), ({"envido_unsuited": "sum_two_highest"}, "7E 4C")],
)
def test_s2_6_1_unsuited_envido_winner_shows_his_proof(options: dict[str, str], proof: str) -> None:
    """RULES §2.6.1 / §2.11: the winner of an envido with no two cards of a suit proves his
    score with his best card (or his two best, with envido_unsuited='sum_two_highest'):
    that proof is shown when the hand ends, never an empty one."""
    m = scenario(
        "argentine", [UNSUITED_7, UNSUITED_5], ["0:envido", "1:quiero", "0:play 4C", "1:mazo"],
        options=options,
    )  # fmt: skip
    h = m.history[0]
    assert h.end_reason == "mazo"
    assert h.shown == ((0, m.variant.cards(proof)),)


def test_s2_10_going_to_the_deck_with_a_truco_pending_folds_the_side() -> None:
    """RULES §2.10: going to the deck while a truco waits for an answer refuses it, and the
    player has left the hand: as any player who went to the deck, he shows nothing, not even
    the envido he won (RULES §2.11)."""
    hands = [UNSUITED_5, UNSUITED_7]  # seat 1 wins the envido, 7 to 5
    m = scenario("argentine", hands, ["0:envido", "1:quiero", "0:truco", "1:mazo"])
    h = m.history[0]
    assert h.end_reason == "mazo" and h.points == (1, 2)
    assert h.shown == ()
    # the same hand refused with 'no quiero': seat 1 is still in it and shows his 7
    m = scenario("argentine", hands, ["0:envido", "1:quiero", "0:truco", "1:no-quiero"])
    assert m.history[0].points == (1, 2)
    assert m.history[0].shown == ((1, m.variant.cards("7E")),)


# =============================================================================================
# The hand winner from trick results (RULES §1.4)
# =============================================================================================

CODE = {"M": MANO, "O": OTHER, "T": -1}


@pytest.mark.parametrize("all_tied", ["mano", "nobody", "postre"])
@pytest.mark.parametrize(
    ("win_tie", "tricks", "winner"),
    [
        ("mano", "MTT", MANO),  # row 10
        ("mano", "OTT", MANO),  # row 13
        ("first_trick_winner", "MTT", MANO),
        ("first_trick_winner", "OTT", OTHER),
    ],
)
def test_s1_4_won_tied_tied_ignores_the_all_tied_rule(
    all_tied: str, win_tie: str, tricks: str, winner: int
) -> None:
    """RULES §1.4 rows 10 and 13 (third_trick_decides): trick 1 won, tricks 2 and 3 tied
    goes to the mano (or to trick 1's winner), whatever all_tricks_tied says: that option is
    for row 16 only (three ties), so 'postre' never gives the mano's won-tied-tied away."""
    rule = TrickRule(
        second_trick_tie_after_win="third_trick_decides",
        third_trick_tie_after_win_tie=win_tie,
        all_tricks_tied=all_tied,
    )
    assert rule.decide([CODE[t] for t in tricks]) == winner
    three_ties = {"mano": MANO, "nobody": NOBODY, "postre": OTHER}[all_tied]
    assert rule.decide([-1, -1, -1]) == three_ties


# =============================================================================================
# Automatic flor (RULES §2.7.2)
# =============================================================================================


def test_s2_7_2_automatic_flor_waits_for_its_holder_with_four_seats() -> None:
    """RULES §2.7.2: a flor is sung at its holder's first decision (his turn, or a call his
    side may answer). Seat 1 calls truco in the first trick and seat 2 of the other side
    answers; nobody there holds a flor, so seat 3's flor (the last seat, on the caller's
    side) is not sung yet: only when seat 3 first plays."""
    hands = ["4C 5B 6O", "4E 5O 6C", "7C 10O 11B", "1E 2E 3E"]
    m = scenario("argentine", hands, ["0:play 4C", "1:truco"])
    assert m.hand is not None and m.current_player() == 2
    assert m.hand.flor_sung == []
    m.apply("quiero", 2)
    m.apply("play 4E", 1)
    m.apply("play 7C", 2)
    assert m.hand.flor_sung == [3]


def test_s2_7_2_automatic_flor_waits_for_its_holder_with_three_seats() -> None:
    """RULES §2.7.2 / §2.12.2: the same with three seats (mano 1: seat 0 is the gallo, seats
    1 and 2 the pair): seat 1's truco is answered by the gallo, who has no flor; seat 2's
    flor is sung when seat 2 first plays, not at the gallo's answer."""
    hands = ["4C 5B 6O", "4E 5O 6C", "1E 2E 3E"]
    opts = {"gallo_extra_card": False}
    m = scenario("argentine", hands, ["1:truco"], mano=1, options=opts)
    assert m.hand is not None and m.current_player() == 0
    assert m.hand.flor_sung == []
    m.apply("quiero", 0)
    assert m.hand.flor_sung == []
    m.apply("play 4E", 1)
    assert m.hand.flor_sung == [2]


# =============================================================================================
# Almería: the stake of para el toro (RULES §7.5)
# =============================================================================================


def test_s7_5_para_el_toro_accepted_shows_the_whole_toro_as_stake() -> None:
    """RULES §7.5 / §7.6: para el toro accepted is worth the whole toro, 18 tantos; the
    observation of every seat shows that stake."""
    m = scenario(
        "almeria", ["3E 3B 2O", "7E 7O 10C"],
        ["0:truco", "1:retruco", "0:para-nueve", "1:para-el-toro", "0:quiero"],
        scores=(1, 0),
    )  # fmt: skip
    assert m.hand is not None and m.hand.stake() == 18
    for seat in (0, 1):
        o = m.observation(seat)
        assert o.stake == 18 and o.pending_call is None
        assert "stake 18" in o.render()


# =============================================================================================
# Cards compare only with cards (RULES §0.2)
# =============================================================================================


def test_s0_2_a_card_is_never_equal_to_its_text() -> None:
    """RULES §0.2: '1E' is the notation of a card, not the card: comparing a Card with its
    text (either way round) is False, not None, and != is True."""
    card = tr.get_variant("argentine").card("1E")
    assert (card == "1E") is False
    assert ("1E" == card) is False  # noqa: SIM300 (the reflected comparison)
    assert (card != "1E") is True
    assert card.__eq__("1E") is NotImplemented
    assert (card == tr.get_variant("argentine").card("1E")) is True


# =============================================================================================
# Why an action is refused: the reason in the error (RULES §1.1, §1.5, §2.6, §2.9, §2.12.2)
# =============================================================================================


def test_s1_5_no_card_while_a_call_waits_for_an_answer() -> None:
    """RULES §1.5: a pending truco must be answered first; a card is refused naming the
    phase."""
    m = scenario(SIN, [E33, E4], ["0:truco"])
    rejected(m, "play 4C", 1, tr.IllegalAction, r"no card can be played now \(answer-call\)")


def test_s1_5_an_answer_with_nothing_to_answer_names_the_phase() -> None:
    """RULES §1.5: 'quiero' with no call pending is refused: the reason names the phase and
    the seat to act."""
    m = scenario(SIN, [E33, E4])
    rejected(m, "quiero", 0, tr.IllegalAction, r"not allowed now \(play, seat 0 to act\)")


def test_s5_7_accept_hand_outside_a_special_hand() -> None:
    """RULES §5.7: 'accept-hand' answers a hand of 11 only; in an ordinary hand the reason
    says there is none."""
    m = scenario("paulista", ["Qc Qh 3s", "4c 5h 6s"], turned="7d")
    rejected(m, "accept-hand", 0, tr.IllegalAction, "no special hand to accept or decline")


def test_s2_6_3_a_raise_out_of_the_ladder_says_so() -> None:
    """RULES §2.6.3: after falta envido no real envido may follow; the reason says the raise
    does not follow the bets made."""
    m = scenario(SIN, [E33, E4], ["0:falta-envido"])
    rejected(m, "real-envido", 1, tr.IllegalAction, "does not follow the envido bets")


def test_s2_6_2_envido_twice_in_a_hand_says_already_called() -> None:
    """RULES §2.6.2: envido is called once per hand; once settled, a second call is refused
    as already called."""
    m = scenario(SIN, [E33, E4], ["0:envido", "1:quiero"])
    assert m.current_player() == 0
    rejected(m, "envido", 0, tr.IllegalAction, "envido was already called")


def test_s2_6_2_only_the_pie_may_call_envido_when_the_option_says_so() -> None:
    """RULES §2.6.2 (envido_caller='pie_only'): only the last player of each side (the pie)
    speaks for the side; the mano of a four-seat table, not yet played, is refused with that
    reason."""
    hands = [E33, E4, "1E 2B 3C", "4E 5O 6B"]
    m = scenario(SIN, hands, options={"envido_caller": "pie_only"})
    rejected(m, "envido", 0, tr.IllegalAction, "not his side's pie")
    m.apply("play 7E", 0)
    m.apply("play 4C", 1)
    m.apply("envido", 2)  # seat 2 is side 0's pie
    assert m.current_player() in (1, 3)


def test_s5_5_face_down_after_a_tied_trick_when_the_option_forbids_it() -> None:
    """RULES §5.5 (facedown_after_tied_trick=false): after a tied trick no card is played
    face down; the reason says so (not the first-trick reason)."""
    m = scenario(
        "paulista", ["3s 4c 5h", "3h 4d 6s"], ["0:play 3s", "1:play 3h"], turned="7d",
        options={"facedown_after_tied_trick": False},
    )  # fmt: skip
    assert m.hand is not None and m.hand.trick_no == 1
    rejected(m, "play 4c down", 0, tr.IllegalAction, "may not be played face down now")


def _gallo_to_discard() -> tr.Match:
    v = tr.get_variant("argentine")
    order = list(tr.deal_order(v, ["7E 6E 5E", "7B 5B 12C", "1C 2O 3B"], 1))
    order.remove(v.card("4O"))
    order.insert(9, v.card("4O"))  # the gallo's fourth card
    return v.new_match(3, deals=[order], mano=1)


def test_s2_12_2_the_gallo_is_told_to_discard_first() -> None:
    """RULES §2.12.2 (gallo_extra_card): the gallo must discard before anything else; his
    other actions say so, and another seat is told whose discard is awaited."""
    m = _gallo_to_discard()
    assert m.current_player() == 0
    rejected(m, "truco", 0, tr.IllegalAction, "a card of this seat must be discarded first")
    rejected(m, "play 7B", 1, tr.WrongPlayer, "seat 0 is to discard a card first")


def test_s1_1_dealing_reasons() -> None:
    """RULES §1.1: while dealing only chance acts (a seat is told so), and a card already
    dealt cannot be dealt again."""
    m = tr.get_variant(SIN).new_match()
    rejected(m, "truco", 0, tr.WrongPlayer, "only chance acts now")
    m.apply("deal 1E", tr.CHANCE)
    rejected(m, "deal 1E", tr.CHANCE, tr.IllegalAction, "already dealt or not in the deck")


# =============================================================================================
# Blind plays are recorded as the card that fell (RULES §5.7)
# =============================================================================================


def test_s5_7_every_blind_play_is_logged_as_its_card() -> None:
    """RULES §5.7 (D22, iron_hand_blind='own_cards_hidden'): in a blind iron hand each
    player names a dealt position; the public log shows every such play as the card that
    fell, the second one too, each under its own seat."""
    v = tr.get_variant("paulista")
    order = tr.deal_order(v, ["Qc Qh 3s", "4c 5h 6s"], 0, "7d")
    m = v.new_match(2, deals=[order], mano=0, scores=(11, 11))
    m.apply("play #1", 0)
    m.apply("play #3", 1)
    for seat in (0, 1):
        assert m.observation(seat).current.public_log == ((0, "play Qc"), (1, "play 6s"))


# =============================================================================================
# A flor answers an envido (RULES §2.7.4)
# =============================================================================================


def test_s2_7_4_an_envido_called_before_the_mano_speaks_is_answered_by_his_flor() -> None:
    """RULES §2.7.4 / §2.7.2 (automatic flor): an envido is answered by any flor not yet
    sung. Seat 1, mano, calls envido at once while seat 0 (the first seat, last to play)
    holds a flor: the flor is sung there and then, and the envido is void. With four seats
    the envido would otherwise go to seat 2, who has no flor."""
    m = scenario("argentine", ["1E 2E 3E", "4C 5B 6O"], ["1:envido"], mano=1)
    assert m.hand is not None and m.hand.flor_sung == [0]
    o = m.observation(0)
    assert o.current is not None and o.current.flor_sung == (0,)
    assert "quiero" not in m.legal_action_texts()
    hands = ["1E 2E 3E", "4C 5B 6O", "4E 5O 6C", "7C 10O 11B"]
    m = scenario("argentine", hands, ["1:envido"], mano=1)
    assert m.hand is not None and m.hand.flor_sung == [0]
    assert m.current_player() == 1 and "quiero" not in m.legal_action_texts()


# =============================================================================================
# The trick hooks are told whether the hand is special (RULES §6.4, §6.6)
# =============================================================================================

_SPECIAL_SEEN: list[tuple[str, bool]] = []


@attrs.frozen
class _RecordingTricks(TrickRule):
    """The stock trick rule, recording what the two-card-play hooks are asked."""

    def double_play_after_first_tie(self, special_hand: bool) -> bool:
        _SPECIAL_SEEN.append(("double", special_hand))
        return super().double_play_after_first_tie(special_hand)


def test_s6_4_an_ordinary_hand_is_not_special_for_the_double_play_hook() -> None:
    """RULES §6.4 (the two-card play after a tied first trick, which a variant may reserve to
    or exclude from its special hand, §6.6): after a tied first trick of an ordinary hand the
    hook is asked with special_hand=False, and the stock answer keeps single plays."""
    v = tr.get_variant(SIN).derive("recording-tricks", "test", tricks=_RecordingTricks())
    _SPECIAL_SEEN.clear()
    m = scenario(v, ["3E 4C 5O", "3B 6C 7O"], ["0:play 3E", "1:play 3B"])
    assert m.hand is not None and m.hand.results == [-1]
    assert _SPECIAL_SEEN == [("double", False)]
    m.apply("play 4C", 0)  # a single card: no two-card play


# =============================================================================================
# Hooks: shuffling, rankings, the stock table (RULES §1.1, §1.2, §2.2)
# =============================================================================================


def test_s1_1_a_shuffle_limited_to_every_card_draws_like_a_full_one() -> None:
    """RULES §1.1 (seeded deals): a shuffle whose limit is the whole deck (or more) is the
    full shuffle, draw for draw: it leaves the random generator exactly where a full shuffle
    does, so what is drawn next (the next deal) is the same too."""
    cards = tr.get_variant(SIN).deck.cards
    full_rng = random.Random(5)
    full = shuffle_cards(cards, full_rng)
    after_full = full_rng.random()
    for needed in (len(cards), len(cards) + 3):
        rng = random.Random(5)
        assert shuffle_cards(cards, rng, needed) == full
        assert rng.random() == after_full


def test_s1_2_a_ranking_strength_is_at_least_1() -> None:
    """RULES §1.2 / §2.9: a face-down card has strength 0, below every card, so a ranking
    table gives each of the 40 cards a strength of at least 1: a 0 is refused."""
    with pytest.raises(ValueError, match="strength >= 1"):
        FixedRanking(table=(0,) + (1,) * 39)
    assert FixedRanking(table=(1,) * 40).table[0] == 1


def test_s2_2_the_stock_table_seats_two_or_four() -> None:
    """RULES §2.2: the stock table (partners alternate) plays 1 v 1 or 2 v 2: a variant built
    on it accepts 2 and 4 seats and refuses 3 and 5."""
    v = tr.get_variant(SIN).derive("stock-table", "test", table=StandardTable())
    assert StandardTable().seat_counts == (2, 4)
    for seats in (2, 4):
        assert v.new_match(seats, seed=1).seats == seats
    for seats in (3, 5):
        with pytest.raises(tr.UnsupportedSeats):
            v.new_match(seats, seed=1)


# =============================================================================================
# Flor exchanges and the target (RULES §2.7.3, §2.8.3)
# =============================================================================================


def test_s2_7_3_contraflor_is_answered_by_a_flor_holder() -> None:
    """RULES §2.7.3: a contraflor is answered by a flor holder of the other side. Seat 2 sang
    a flor, seat 3 answers it with contraflor: the answer is due from seat 2 (who holds the
    flor), not seat 0 (the next of that side in play order, without one)."""
    hands = ["4C 5B 6O", "4E 5O 6C", "1B 2B 3B", "1E 2E 3E"]
    m = scenario("argentine", hands, ["0:play 4C", "1:play 4E"])
    assert m.hand is not None and m.hand.flor_sung == [2, 3] and m.current_player() == 3
    m.apply("contraflor", 3)
    assert m.current_player() == 2
    assert "quiero" in m.legal_action_texts(2)


def test_s2_8_3_no_point_is_credited_after_the_target_is_reached() -> None:
    """RULES §2.8.3 (envido_first_immediate) with flor_duel_mode='three_per_flor' (§2.7.3):
    side 0's flor takes it from 28 to 31, past the target of 30: the match is won there, and
    side 1's flor, settled in the same breath, is not credited."""
    opts = {"score_timing": "envido_first_immediate", "flor_duel_mode": "three_per_flor"}
    m = scenario("argentine", ["1E 2E 3E", "1B 2B 3B"], scores=(28, 0), options=opts)
    h = m.history[0]
    assert h.end_reason == "target" and h.events == ((0, 3, "flor"),)
    assert m.score == (31, 0) and m.winner() == 0


def test_s5_7_forbidden_call_after_an_envido_credit_to_side_1_counts_it() -> None:
    """RULES §5.7 (D23) with §2.8.3 (envido credited at once), mirrored: in a house variant
    with a hand of 29, side 1 (the mano's opponents) is credited an envido, then side 0 makes
    a forbidden truco: side 1 scores exactly what it still lacks, counting that envido."""
    house = tr.get_variant(SIN).derive(
        "argentine-onze-mirror",
        "Sin flor with a hand of 29 whose forbidden truco loses the game.",
        special=SpecialHands(lacking=1, mao_de_x_truco_call="caller_loses_game"),
    )
    m = scenario(
        house,
        ["4C 5O 12B", "7E 6E 4B"],
        ["0:accept-hand", "0:envido", "1:quiero", "0:play 4C", "1:play 4B", "0:truco"],
        scores=(29, 10),
    )
    h = m.history[0]
    assert h.events == ((1, 2, "envido"), (1, 18, "forbidden call"))
    assert m.score[1] == 30 and m.winner() == 1


def test_s2_12_2_the_stock_table_keeps_side_scores() -> None:
    """RULES §2.12.2 / §2.8.1: individual scores belong to the gallo table; the stock table
    answers a plain False (a bool, as the hook promises) for its seat counts, and its
    matches keep side scores only."""
    table = StandardTable()
    for seats in table.seat_counts:
        assert table.individual_scores(seats) is False
    v = tr.get_variant(SIN).derive("stock-table-scores", "test", table=table)
    assert v.new_match(4, seed=1).player_scores is None


@pytest.mark.parametrize(("split", "buenas"), [(True, True), (False, False), ("auto", True)])
def test_s2_6_4_malas_buenas_split_takes_each_of_its_choices(split: object, buenas: bool) -> None:
    """RULES §2.6.4 (D6) malas_buenas_split 'auto' | true | false: each choice is accepted,
    and at the stock target of 30 only false leaves the score unsplit."""
    v = tr.get_variant(SIN, {"malas_buenas_split": split})
    assert v.match.split is buenas


def test_s2_7_3_contraflor_al_resto_winning_the_chico_is_at_least_1() -> None:
    """RULES §2.7.3 contraflor_al_resto_value='wins_chico': the winner's side scores what it
    lacks of the target: 1 point from 29 of 30, 10 from 20."""
    v = tr.get_variant("argentine", {"contraflor_al_resto_value": "wins_chico"})
    assert v.flor is not None
    assert v.flor.resto(v.match, (29, 0), 0, 2) == 1
    assert v.flor.resto(v.match, (20, 29), 0, 2) == 10


def test_s1_1_a_finished_match_is_terminal_not_chance() -> None:
    """RULES §1.1 / §2.8.3 (DESIGN: current_player() is a seat, CHANCE or TERMINAL): the
    two markers are distinct negative numbers, so a finished match is never mistaken for
    one waiting for a deal."""
    assert tr.TERMINAL < 0 and tr.CHANCE < 0 and tr.TERMINAL != tr.CHANCE
    m = scenario(SIN, [E33, E4], ["0:play 7E", "1:mazo"], scores=(29, 0))
    assert m.is_over() and not m.is_chance_node()
    assert m.current_player() == tr.TERMINAL
    assert m.current_player() != tr.CHANCE


def test_s1_1_a_hand_key_is_its_state() -> None:
    """RULES §1.1 (a contest is its state): Hand.key() is the whole state of the hand as one
    value: equal for a copy, different once a card is played."""
    m = scenario(SIN, [E33, E4])
    assert m.hand is not None
    before = m.hand.key()
    assert isinstance(before, tuple) and before == m.hand.copy().key()
    m.apply("play 7E", 0)
    assert m.hand.key() != before


def test_s2_12_2_with_a_vira_the_card_turned_up_follows_the_gallo_s_fourth() -> None:
    """RULES §2.12.2 (gallo_extra_card) composed with §5.2 (a vira): a house variant that
    plays the Argentine gallo with Paulista's turned-up card deals nine cards, then the
    gallo's fourth (card 10), and turns up the next one (card 11)."""
    base = tr.get_variant(SIN)
    v = base.derive("gallo-vira", "Gallo with a vira.", ranking=tr.get_variant("paulista").ranking)
    order = list(base.deck.cards)
    m = v.new_match(3, deals=[order], mano=1)
    assert m.current_player() == 0  # the gallo, about to discard
    assert tr.Action.discard(order[9]) in m.legal_actions()  # the fourth card
    assert m.turned == order[10]


class _PlainTable:
    """A table hook written without attrs (the hooks are protocols): the stock table's
    answers, delegated."""

    seat_counts = (2, 4)

    def __init__(self) -> None:
        self._stock = StandardTable()

    def check_seats(self, seats: int, variant: str) -> None:
        self._stock.check_seats(seats, variant)

    def plan(self, ctx: DealContext) -> DealPlan:
        return self._stock.plan(ctx)

    def next_mano(self, ctx: DealContext) -> int:
        return self._stock.next_mano(ctx)


def test_s2_3_a_hook_without_attrs_has_no_options_and_plays() -> None:
    """RULES §2.3 through DESIGN §2 (hooks are protocols): a table hook that is a plain class,
    not an attrs one, contributes no options, and its variant deals and plays."""
    base = tr.get_variant(SIN)
    v = base.derive("plain-table", "A plain-class table.", table=_PlainTable())
    assert set(v.options()) < set(base.options())
    assert "table_direction" not in v.options()
    m = v.new_match(2, seed=3)
    assert m.current_player() == 0 and m.legal_actions()


# =============================================================================================
# Observations (RULES §1.1, §2.7.4; DESIGN §4)
# =============================================================================================


def test_s1_1_while_dealing_the_current_contest_has_no_mano() -> None:
    """RULES §1.1: before the cards are dealt there is no contest: the observation's current
    view is empty, with no mano (-1, not seat 0)."""
    m = tr.get_variant(SIN).new_match()
    assert m.is_chance_node()
    view = m.observation(0).current
    assert view is not None and view.mano == -1 and view.table == ()


@pytest.mark.parametrize(
    ("name", "hands", "turned"),
    [
        ("paulista", ["Qc Qh 3s", "4c 5h 6s"], "7d"),  # no envido in the variant
        ("argentine", ["1E 2E 3E", "4C 5B 6O"], None),  # a flor voids it (§2.7.4)
    ],
)
def test_s2_7_4_an_envido_never_called_is_shown_as_none_not_void(
    name: str, hands: list[str], turned: str | None
) -> None:
    """RULES §2.7.4 / DESIGN §4: 'void' says something only about an envido that was called
    (and then voided by a flor); an envido that nobody called is shown as 'none', also in a
    variant without envido and after an uncontested flor."""
    m = scenario(name, hands, turned=turned)
    for seat in (0, 1):
        view = m.observation(seat).current
        assert view is not None and view.envido_state == "none"


def test_s2_8_1_the_observation_shows_each_side_s_chicos() -> None:
    """RULES §2.8.1: a match of two chicos, side 0 having won one: every seat's observation
    shows the chicos as (1, 0), side by side, and the scores likewise."""
    v = tr.get_variant(SIN, {"chicos_to_win": 2})
    order = tr.deal_order(v, [E33, E4])
    m = v.new_match(2, deals=[order], chicos=(1, 0), scores=(3, 7))
    for seat in (0, 1):
        o = m.observation(seat)
        assert o.chicos == (1, 0) and o.scores == (3, 7)


def test_s1_1_no_stake_while_dealing() -> None:
    """RULES §1.1 / §1.5: while the cards are dealt no contest is in play: the observation's
    stake is 0 and nothing is called."""
    m = tr.get_variant(SIN).new_match()
    o = m.observation(1)
    assert o.stake == 0 and o.pending_call is None and o.phase == "deal"


# =============================================================================================
# Text records (DESIGN §5): a malformed header is an InvalidRecord
# =============================================================================================


@pytest.mark.parametrize(
    ("header", "why"),
    [
        ('[Seats2"]', "looks like"),  # no space-and-quote between key and value
        ('[Seats "2 "x"]', "bad Seats value"),  # a quote inside the value stays in the value
    ],
)
def test_a_malformed_text_record_header_is_an_invalid_record(header: str, why: str) -> None:
    """DESIGN §5 (text notation; records are no rule of RULES): a header line is
    [Key "value"], split at its first space-and-quote; anything else is refused as an
    InvalidRecord naming the line."""
    text = tr.get_variant(SIN).new_match(2, seed=4).to_text()
    assert '[Seats "2"]' in text
    with pytest.raises(tr.InvalidRecord, match=why):
        tr.Match.from_text(text.replace('[Seats "2"]', header))
