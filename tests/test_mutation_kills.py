"""Tests written to kill mutants that survived the mutation run (docs/mutation.md).

Each test pins down one rule (its RULES section is in the docstring) that the rest of the
suite let through: a mutated comparison, boolean or constant in the kernel or a variant made
no test fail. Conventions as in test_rules_argentine.py: ``X`` is side 0, ``Y`` side 1.
"""

from __future__ import annotations

import random

import attrs
import pytest
from conftest import rejected, scenario

import truco_rules as tr
from truco_rules.hooks import (
    MANO,
    SPECIAL_IRON,
    SPECIAL_NONE,
    SPECIAL_ONE,
    DealContext,
    MatchRule,
    SpecialHands,
    StandardTable,
    TrickRule,
    falta_for_leader,
    shuffle_cards,
)
from truco_rules.match import Match

ARG = "argentine"
SIN = "argentine-sin-flor"
E33 = "7E 6E 3B"  # envido 33, no flor
E4 = "4C 12O 10B"  # envido 4
STRONG = "1E 1B 7E"  # wins every trick
WEAK = "4O 5B 6C"  # loses every trick to STRONG




# =============================================================================================
# Why an action is illegal (the reason in IllegalAction)
# =============================================================================================


def test_s2_6_2_envido_after_the_first_trick_says_first_trick_only() -> None:
    """RULES §2.6.2: envido may be called only in the first trick; the reason says so (not
    that the player has played) once the first trick is over and no truco was accepted."""
    m = scenario(SIN, [E33, E4], ["0:play 7E", "1:play 4C"])
    assert m.hand is not None and m.hand.trick_no == 1 and m.hand.level == 0
    rejected(m, "envido", m.current_player(), "only in the first trick")


def test_s2_9_face_down_in_the_first_trick_says_so() -> None:
    """RULES §2.9 (D29) facedown_allowed_first_trick=false: no card is played face down in
    the first trick; the reason names the first trick, not the two-card play of a tie."""
    m = scenario(SIN, [E33, E4], options={"facedown_allowed_first_trick": False})
    rejected(m, "play 7E down", 0, "face down in the first trick")


def test_s5_7_iron_hand_named_card_says_blind() -> None:
    """RULES §5.7 (D22): in a blind iron hand a named card is refused because the hand is
    played blind ('play #k')."""
    v = tr.get_variant("paulista")
    order = tr.deal_order(v, ["Qc Qh 3s", "4c 5h 6s"], 0, "7d")
    m = v.new_match(2, deals=[order], mano=0, scores=(11, 11))
    rejected(m, "play Qc", 0, "played blind")


# =============================================================================================
# Special hands (RULES §5.7, §6.6)
# =============================================================================================


@pytest.mark.parametrize(
    ("scores", "actions", "points"),
    [
        ((11, 5), ["0:accept-hand", "0:truco"], (0, 7)),  # hand of 11: Y lacks 7
        ((11, 11), ["0:truco"], (0, 1)),  # iron hand: Y lacks 1
    ],
)
def test_s5_7_forbidden_call_gives_the_opponents_exactly_what_they_lack(
    scores: tuple[int, int], actions: list[str], points: tuple[int, int]
) -> None:
    """RULES §5.7 (D23) mao_de_x_truco_call='caller_loses_game': a truco called in a hand of
    11 or an iron hand loses the game: the opponents score what they lack to reach 12."""
    opts = {"mao_de_x_truco_call": "caller_loses_game"}
    m = scenario("paulista", ["Qc Qh 3s", "4c 5h 6s"], actions, scores=scores, options=opts,
                 turned="7d")  # fmt: skip
    h = m.history[0]
    assert h.end_reason == "forbidden call" and h.points == points
    assert m.score[1] == 12 and m.winner() == 1


# =============================================================================================
# Almería: para el toro (RULES §7.5, §7.6)
# =============================================================================================

ALM_FOUR = ["3E 3B 2O", "7E 7O 10C", "2E 2B 1O", "4O 5B 6C"]  # by seat; duels (0, 3), (2, 1)


def test_s7_6_para_el_toro_won_by_a_side_already_at_18_still_scores_1() -> None:
    """RULES §7.5 / §7.6 (sum_both_duels): para el toro accepted gives the duel winner what his
    side lacks of the toro, at least 1 point: a side already at 18 after the first duel of the
    deal still scores 1 for winning the second duel on para el toro."""
    m = scenario("almeria", ALM_FOUR, ["0:play 3E", "3:mazo"], scores=(17, 10))
    assert m.score == (18, 10) and m.hand is not None and m.hand.order == (2, 1)
    for seat, call in [(2, "truco"), (1, "retruco"), (2, "para-nueve"), (1, "para-el-toro")]:
        m.apply(call, seat)
    m.apply("quiero", 2)
    for d, c in zip(["2E", "2B", "1O"], ["7E", "7O", "10C"], strict=True):
        m.apply(f"play {d}", 2)
        if m.history[-1].contest == 1:
            break
        m.apply(f"play {c}", 1)
        if m.history[-1].contest == 1:
            break
    h = m.history[1]
    assert h.top_bet and h.points == (1, 0)
    assert m.chicos == (1, 0)


# =============================================================================================
# Shuffling (RULES §1.1)
# =============================================================================================


def test_s1_1_full_shuffle_reaches_every_order() -> None:
    """RULES §1.1 (the deal): a full shuffle (no ``needed`` limit) is a complete Fisher-Yates
    shuffle: every order of three cards comes out for some seed, the last swap included."""
    cards = tr.get_variant(ARG).cards("1E 7O 4C")
    for needed in (None, 3, 5):  # a limit of n or more cards is a full shuffle too
        orders = {tuple(shuffle_cards(cards, random.Random(k), needed)) for k in range(300)}
        assert len(orders) == 6, needed


# =============================================================================================
# Hooks used directly (their contract, for variants that configure them)
# =============================================================================================


def test_s5_5_facedown_after_tied_trick_looks_at_the_previous_trick() -> None:
    """RULES §5.5 (P32) facedown_after_tied_trick=false forbids a face-down card right after a
    tied trick: the trick just before, not the first one."""
    rule = TrickRule(facedown_after_tied_trick=False)
    assert rule.facedown_ok(1, [MANO])
    assert not rule.facedown_ok(1, [-1])
    assert not rule.facedown_ok(2, [MANO, -1])  # tie in trick 2 (a third_trick_decides rule)
    assert rule.facedown_ok(2, [-1, MANO])


@pytest.mark.parametrize(("target", "split"), [(12, False), (15, False), (30, True), (18, True)])
def test_s2_6_4_malas_buenas_auto_split_needs_even_target_of_18_or_more(
    target: int, split: bool
) -> None:
    """RULES §2.6.4 / §2.8.1: with malas_buenas_split='auto' the target splits into malas and
    buenas only when it is even and at least 18 (30: 15 malas + 15 buenas; 12: plain points)."""
    m = scenario(ARG, [E33, E4], scores=(5, 3), options={"target": target})
    assert m.variant.match.split is split
    assert m.score_text() == ("5 malas - 3 malas" if split else "5 - 3")


def test_s5_7_stock_special_hands_are_the_paulista_rules() -> None:
    """RULES §5.7: the stock SpecialHands hook is the Paulista mão de onze / mão de ferro: at
    11, declined 1, played 3, iron hand 3; a side is 'at 11' only while below the target."""
    stock = SpecialHands()
    assert (stock.decline_value, stock.play_value, stock.iron_value) == (1, 3, 3)
    paulista = tr.get_variant("paulista").special
    assert isinstance(paulista, SpecialHands)  # a subclass: its iron hand's worth is an option
    for field in attrs.fields(SpecialHands):
        assert getattr(stock, field.name) == getattr(paulista, field.name), field.name
    assert stock.kind((11, 4), 12) == (SPECIAL_ONE, 0)
    assert stock.kind((4, 11), 12) == (SPECIAL_ONE, 1)
    assert stock.kind((11, 11), 12) == (SPECIAL_IRON, -1)
    assert stock.kind((12, 4), 12) == (SPECIAL_NONE, -1)
    assert stock.kind((4, 12), 12) == (SPECIAL_NONE, -1)
    assert stock.kind((12, 11), 12) == (SPECIAL_ONE, 1)


@pytest.mark.parametrize("name", ["paulista", "mineiro"])
def test_s5_7_brazilian_scores_are_plain_numbers(name: str) -> None:
    """RULES §5.7 / §6.6: a game to 12 has no malas and buenas: the score is two numbers."""
    m = scenario(name, ["Qc Qh 3s", "4c 5h 6s"], scores=(5, 3), turned="7d")
    assert not m.variant.match.split
    assert m.score_text() == "5 - 3"


@pytest.mark.parametrize(
    ("mode", "scores", "winner", "falta"),
    [
        ("reach_buenas", (15, 10), 1, 1),  # the leader lacks 1 to enter buenas (16)
        ("reach_buenas", (3, 10), 0, 6),
        ("loser_remaining_game", (10, 29), 0, 1),  # T - loser = 30 - 29
        ("loser_remaining_game", (29, 4), 1, 1),
        ("loser_remaining_game", (10, 4), 0, 26),
    ],
)
def test_s2_6_4_falta_alternatives_at_the_boundary(
    mode: str, scores: tuple[int, int], winner: int, falta: int
) -> None:
    """RULES §2.6.4: falta_mode 'reach_buenas' is buenas_from - L while in malas, and
    'loser_remaining_game' is T - loser; one point short gives exactly 1."""
    v = tr.get_variant(ARG, {"falta_mode": mode})
    assert v.envido is not None
    assert v.envido.falta(v.match, scores, winner) == falta


def test_s2_6_1_unsuited_sum_two_highest_proof_is_two_cards() -> None:
    """RULES §2.6.1: with envido_unsuited='sum_two_highest' a hand with no two cards of a suit
    scores its two highest values, and the proof shown is those two cards."""
    v = tr.get_variant(ARG, {"envido_unsuited": "sum_two_highest"})
    assert v.envido is not None
    cards = v.cards(E4)  # 4C 12O 10B: values 4, 0, 0
    assert v.envido.points(cards) == 4
    proof = v.envido.proof(cards)
    assert len(proof) == 2 and proof[0] == v.card("4C")


# =============================================================================================
# Starting a match (RULES §0.3, §2.3)
# =============================================================================================


def test_s2_3_match_defaults_two_seats_from_nil_nil() -> None:
    """RULES §2.2 / §2.8.1: a Match made directly, like Variant.new_match, defaults to two
    seats, a score of 0-0 and no chicos won."""
    v = tr.get_variant(ARG)
    for m in (Match(v, seed=3), v.new_match(seed=3)):
        assert m.seats == 2 and m.score == (0, 0) and list(m.chicos) == [0, 0]
        assert m.winner() is None


@pytest.mark.parametrize("mano", [-1, 2])
def test_s0_3_deal_order_mano_must_be_a_seat(mano: int) -> None:
    """RULES §0.3: seats are 0..n-1; deal_order refuses a mano outside them."""
    v = tr.get_variant(ARG)
    with pytest.raises(tr.ParseError, match="mano must be a seat from 0 to 1"):
        tr.deal_order(v, [E33, E4], mano)


def test_s0_3_seat_numbers_past_the_last_seat_are_refused() -> None:
    """RULES §0.3: seats are numbered 0..n-1; seat n is no seat, for legal_actions and apply."""
    m = scenario(SIN, [E33, E4])
    with pytest.raises(tr.InvalidSeat):
        m.legal_actions(2)
    before = m.copy()
    with pytest.raises(tr.WrongPlayer, match="there is no seat 2"):
        m.apply("play 7E", 2)
    assert m == before


def test_s1_1_only_a_deal_is_accepted_while_dealing() -> None:
    """RULES §1.1: while the cards are dealt only 'deal <card>' is accepted; a card play at a
    chance node is refused and changes nothing."""
    m = tr.get_variant(SIN).new_match()
    assert m.is_chance_node()
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="must be dealt"):
        m.apply("play 1E")
    assert m == before


_SEEN_PREVIOUS: list[object] = []


@attrs.frozen
class _RecordingTable(StandardTable):
    """A stock table that records the ``previous`` plan it is given for the next mano."""

    def next_mano(self, ctx: DealContext) -> int:
        _SEEN_PREVIOUS.append(ctx.previous)
        return super().next_mano(ctx)


@pytest.mark.parametrize(("scores", "new_chico"), [((0, 0), False), ((29, 0), True)])
def test_s2_3_table_hook_gets_the_previous_plan_only_within_a_chico(
    scores: tuple[int, int], new_chico: bool
) -> None:
    """RULES §2.3 / §2.8.1 (Table hook contract): the next mano is chosen with the plan of the
    deal before in the same chico, and with ``None`` when a chico was just won."""
    v = tr.get_variant(SIN).derive("recording", "test", table=_RecordingTable())
    v = v.with_options(chicos_to_win=2)
    order = tr.deal_order(v, [E33, E4])
    m = v.new_match(2, deals=[order, order], mano=0, scores=scores)
    _SEEN_PREVIOUS.clear()
    m.apply("play 7E", 0)
    m.apply("mazo", 1)  # side 0 scores: from 29 that wins the chico
    assert list(m.chicos) == ([1, 0] if new_chico else [0, 0])
    assert len(_SEEN_PREVIOUS) == 1
    assert (_SEEN_PREVIOUS[0] is None) is new_chico


# =============================================================================================
# Paulista manilhas (RULES §5.2)
# =============================================================================================


@pytest.mark.parametrize(("vira", "manilha"), [("7d", "Q"), ("3s", "4"), ("Kh", "A")])
def test_s5_2_exactly_four_manilhas_clubs_first(vira: str, manilha: str) -> None:
    """RULES §5.2: the manilhas are the four cards of the rank after the vira, zap (clubs),
    copas (hearts), espadilha (spades), pica-fumo (diamonds); no other card."""
    v = tr.get_variant("paulista")
    got = v.ranking.manilhas(v.card(vira), v.deck.cards)
    assert got == tuple(v.card(manilha + s) for s in "chsd")


@pytest.mark.parametrize("name", ["target", "toros_to_win"])
@pytest.mark.parametrize("bad", [0, -18, 18.0, True])
def test_s7_6_toro_target_and_toros_are_positive_integers(name: str, bad: object) -> None:
    """RULES §7.6: a toro is won at 18 tantos (option ``target``), the match at 3 toros
    (``toros_to_win``); both options take positive integers only."""
    with pytest.raises(tr.InvalidOption):
        tr.get_variant("almeria", {name: bad})
    assert tr.get_variant("almeria", {name: 1}).options()[name] == 1


def test_s0_2_cards_are_immutable() -> None:
    """RULES §0.2: a card is one of the 40 identities; it cannot be changed into another (cards
    are shared by hands, decks and records, and hashed)."""
    card = tr.get_variant(ARG).card("7E")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = 1  # type: ignore[misc]
    assert str(card) == "7E"


# =============================================================================================
# Action text (RULES §0.2 notation; blind plays of RULES §5.7)
# =============================================================================================


@pytest.mark.parametrize(
    "text", ["play #1 down", "play #1 over #2", "play #a", "play #", "play #²"]
)
def test_s5_7_malformed_blind_play_text_is_a_parse_error(text: str) -> None:
    """RULES §5.7: a blind play names one dealt position, 'play #2', and nothing else."""
    with pytest.raises(tr.ParseError):
        tr.Action.parse(text)


def test_s5_7_blind_positions_are_bounded() -> None:
    """RULES §5.7: blind positions count from 1 (one digit); 0 and 10 are refused as
    malformed, not as an internal error."""
    for k in range(1, 10):
        assert tr.Action.parse(f"play #{k}") == tr.Action.play_blind(k)
        assert tr.Action.play_blind(k).number == k
    for bad in (0, 10, -1):
        with pytest.raises(tr.ParseError):
            tr.Action.play_blind(bad)


# =============================================================================================
# Flor with manual declaration (RULES §2.7.2)
# =============================================================================================


def test_s2_7_2_manual_flor_forfeited_by_the_second_side_goes_to_the_first() -> None:
    """RULES §2.7.2 manual_with_penalty: Y (seat 1) declares flor and goes to the deck before
    showing it: the flor is lost and X scores 3 for it, plus the stake of the mazo."""
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario(ARG, [E33, "11B 12B 7B"], ["0:play 7E", "1:flor", "1:mazo"], options=opts)
    h = m.history[0]
    assert (0, 3, "flor forfeited") in h.events
    assert h.points == (4, 0)


def test_s2_6_4_falta_for_the_leader_is_at_least_1() -> None:
    """RULES §2.6.4: falta = T - L, what the leading side lacks, and never less than 1."""
    rule = MatchRule(target=30)
    assert falta_for_leader(rule, (10, 20)) == 10
    assert falta_for_leader(rule, (29, 3)) == 1
    assert falta_for_leader(rule, (30, 3)) == 1


def test_s1_1_different_states_are_different_matches() -> None:
    """RULES §1.1: a match is its state; two matches are equal only in the same state (the
    same deal, the same actions), and a copy stays equal until one of them moves on."""
    m = scenario(SIN, [E33, E4])
    other = scenario(SIN, [E4, E33])
    assert m != other
    c = m.copy()
    assert c == m and hash(c) == hash(m)
    c.apply("play 7E", 0)
    assert c != m


def test_forbidden_call_after_an_immediate_envido_credit_counts_it() -> None:
    """RULES §5.7 (D23) composed with §2.6 (envido credited at once, §2.8.3): a house variant
    that adds the hand of 11 to Argentine truco. After side 0 is credited an envido in the
    special hand, a forbidden truco by side 1 gives side 0 exactly what it still lacks."""
    from conftest import rejected, scenario

    from truco_rules.hooks import SpecialHands

    house = tr.get_variant("argentine-sin-flor").derive(
        "argentine-onze",
        "Sin flor with a hand of 29 whose forbidden truco loses the game.",
        special=SpecialHands(lacking=1, mao_de_x_truco_call="caller_loses_game"),
    )
    m = scenario(
        house,
        ["7E 6E 4B", "4C 5O 12B"],
        ["1:accept-hand", "0:envido", "1:quiero", "0:play 4B", "1:truco"],
        scores=(10, 29),
    )
    h = m.history[0]
    assert h.events == ((0, 2, "envido"), (0, 18, "forbidden call"))
    assert m.chicos == (1, 0) and m.is_over()
