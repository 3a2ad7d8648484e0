"""Rule-by-rule tests of the Argentine variants against RULES.md.

Covers RULES §0.2, §1.2-§1.5, §2.1-§2.11 (not §2.12), §3 (``argentine-sin-flor``) and §4
(``argentine-blog``, B1-B19 where the engine can express them), plus every §9 test vector about
these three variants (the vector id is in the test name).

Conventions: ``X`` is side 0 (seat 0, the mano unless stated), ``Y`` side 1. Every test cites
its RULES section in its name and docstring.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from conftest import hand_points, play_out, rejected, scenario, trick_pattern

import truco_rules as tr
from truco_rules.cards import FRENCH, SPANISH, Card, Suit
from truco_rules.hooks import MatchRule, falta_for_leader, option_fields

ARG = "argentine"
SIN = "argentine-sin-flor"
BLOG = "argentine-blog"
ARG_COLUMN = (ARG, SIN)  # the `argentine` / `sin_flor` column of RULES §1.4

# Hands with a known envido and no flor.
E33 = "7E 6E 3B"  # 33 (7E + 6E)
E4 = "4C 12O 10B"  # 4 (no suited pair: highest single card)
E33_WEAK = "7C 6C 4B"  # 33 with weak trick cards
WEAK = "4O 5B 6C"  # envido 6, loses every trick to STRONG
STRONG = "1E 1B 7E"  # wins every trick; envido 28 (1E + 7E suited)


def events(m: tr.Match) -> tuple[tuple[int, int, str], ...]:
    """(side, points, reason) awarded in the first hand (finished or in progress)."""
    if m.history:
        return m.history[0].events
    assert m.hand is not None
    return tuple(m.hand.points)


def reasons(m: tr.Match) -> list[str]:
    return [r for _s, _p, r in events(m)]


def texts(m: tr.Match, seat: int) -> list[str]:
    return m.legal_action_texts(seat)


def is_legal(m: tr.Match, seat: int, action: str) -> bool:
    return action in m.legal_action_texts(seat)


def illegal(m: tr.Match, seat: int, action: str) -> None:
    before = m.copy()
    with pytest.raises(tr.IllegalAction):
        m.apply(action, seat)
    assert m == before


# =============================================================================================
# §0.2 Card notation
# =============================================================================================


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7E", 7, Suit.ESPADAS),
        ("12C", 12, Suit.COPAS),
        ("1B", 1, Suit.BASTOS),
        ("10O", 10, Suit.OROS),
        ("11b", 11, Suit.BASTOS),  # case-insensitive
        ("7♠", 7, Suit.ESPADAS),  # suit symbols accepted
        ("12♥", 12, Suit.COPAS),
        ("1♣", 1, Suit.BASTOS),
        ("3♦", 3, Suit.OROS),
    ],
)
def test_s0_2_spanish_notation(text: str, rank: int, suit: Suit) -> None:
    """RULES §0.2: Spanish notation, ranks 1-7 10 11 12 x suits E B O C; case-insensitive; ♠♣♥♦."""
    assert SPANISH.parse(text) == Card.of(rank, suit)
    assert tr.get_variant(ARG).card(text) == Card.of(rank, suit)


@pytest.mark.parametrize("text", ["8E", "9B", "13C", "0O", "7X", "E7"])
def test_s0_2_spanish_deck_has_no_8_or_9(text: str) -> None:
    """RULES §0.2 / §2.1: the Spanish 40-card deck has no 8s or 9s."""
    with pytest.raises(tr.InvalidCard):
        SPANISH.parse(text)


@pytest.mark.parametrize(
    ("french", "spanish"),
    [("4c", "4B"), ("As", "1E"), ("Qd", "10O"), ("Jh", "11C"), ("Kh", "12C"), ("7S", "7E")],
)
def test_s0_2_french_and_spanish_are_the_same_40_cards(french: str, spanish: str) -> None:
    """RULES §0.2: A=1, Q=10, J=11, K=12; clubs=bastos, hearts=copas, spades=espadas,
    diamonds=oros."""
    assert FRENCH.parse(french) == SPANISH.parse(spanish)


def test_s0_2_deck_is_40_cards() -> None:
    """RULES §0.2 / §2.1: 10 ranks x 4 suits, no 8, 9 or jokers."""
    v = tr.get_variant(ARG)
    assert len(v.deck.cards) == 40 == len(set(v.deck.cards))
    assert {c.rank for c in v.deck.cards} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


# =============================================================================================
# §2.1 Deck and trick ranking; §1.2 trick winner (TV17-TV22)
# =============================================================================================

RANKING_GROUPS = [
    ["1E"],
    ["1B"],
    ["7E"],
    ["7O"],
    ["3E", "3B", "3O", "3C"],
    ["2E", "2B", "2O", "2C"],
    ["1O", "1C"],
    ["12E", "12B", "12O", "12C"],
    ["11E", "11B", "11O", "11C"],
    ["10E", "10B", "10O", "10C"],
    ["7B", "7C"],
    ["6E", "6B", "6O", "6C"],
    ["5E", "5B", "5O", "5C"],
    ["4E", "4B", "4O", "4C"],
]


@pytest.mark.parametrize("variant", [ARG, SIN, BLOG])
def test_s2_1_ranking_table(variant: str) -> None:
    """RULES §2.1: 1E > 1B > 7E > 7O > 3 > 2 > 1O=1C > 12 > 11 > 10 > 7B=7C > 6 > 5 > 4."""
    v = tr.get_variant(variant)
    groups = v.describe()["ranking"]
    assert [sorted(g) for g in groups] == [sorted(g) for g in RANKING_GROUPS]
    strengths = [v.card_strength(g[0]) for g in RANKING_GROUPS]
    assert strengths == sorted(strengths, reverse=True)
    assert min(strengths) >= 1  # face-down (0) is below every face-up card


_FILLERS = ["4O", "5B", "6C", "4B", "5O", "6E", "10C", "11B", "12O", "4E", "5C", "6O", "10E", "11O"]


def _two_hands(card0: str, card1: str) -> list[str]:
    """Two 3-card hands, seat 0 holding card0 and seat 1 card1, fillers without flor."""
    used = {card0, card1}
    out = []
    for first in (card0, card1):
        hand = [first]
        for f in _FILLERS:
            if f in used:
                continue
            if (
                len(hand) == 2
                and SPANISH.parse(f).suit
                == SPANISH.parse(hand[0]).suit
                == SPANISH.parse(hand[1]).suit
            ):
                continue
            hand.append(f)
            used.add(f)
            if len(hand) == 3:
                break
        out.append(" ".join(hand))
    return out


def _first_trick(variant: str, card0: str, card1: str, **kw: object) -> int:
    m = scenario(variant, _two_hands(card0, card1), [f"0:play {card0}", f"1:play {card1}"], **kw)
    return m.hand.results[0] if m.hand is not None and not m.history else m.history[0].tricks[0]


ADJACENT = [
    (RANKING_GROUPS[i][-1], RANKING_GROUPS[i + 1][0]) for i in range(len(RANKING_GROUPS) - 1)
]


@pytest.mark.parametrize(("high", "low"), ADJACENT)
def test_s2_1_adjacent_ranks_in_play(high: str, low: str) -> None:
    """RULES §2.1 / §1.2: the higher card of each adjacent pair wins the trick, whoever plays it."""
    assert _first_trick(ARG, high, low) == 0  # mano's side
    assert _first_trick(ARG, low, high) == 1  # other side


@pytest.mark.parametrize("group", [g for g in RANKING_GROUPS if len(g) > 1])
def test_s2_1_equal_strengths_tie_regardless_of_suit(group: list[str]) -> None:
    """RULES §2.1 / §1.2: equal strengths tie regardless of suit (parda)."""
    assert _first_trick(ARG, group[0], group[1]) == -1


@pytest.mark.parametrize(
    ("vid", "card0", "card1", "expected"),
    [
        ("TV17", "1E", "1B", 0),
        ("TV18", "7O", "3C", 0),
        ("TV19", "1O", "1C", -1),
        ("TV21", "2O", "1C", 0),
    ],
)
def test_tv17_tv18_tv19_tv21_s2_1_trick_winner(
    vid: str, card0: str, card1: str, expected: int
) -> None:
    """RULES §9 TV17 (1E beats 1B), TV18 (7O beats 3C), TV19 (1O ties 1C), TV21 (2O beats 1C);
    §2.1."""
    assert _first_trick(ARG, card0, card1) == expected
    if expected == 0:  # and the other way round
        assert _first_trick(ARG, card1, card0) == 1


def test_tv22_s1_2_top_cards_of_both_teams_tie_4p() -> None:
    """RULES §9 TV22 / §1.2: 4p X:3O, Y:3B, X:2C, Y:1C -> tie (top 3s held by both teams)."""
    hands = ["3O 4E 5B", "3B 4O 5C", "2C 6E 11B", "1C 6O 11C"]
    m = scenario(ARG, hands, ["0:play 3O", "1:play 3B", "2:play 2C", "3:play 1C"])
    assert m.hand.results == [-1]


def test_s1_2_partners_equal_top_cards_are_not_a_tie_and_earliest_wins() -> None:
    """RULES §1.2: two partners playing equal top cards is not a tie; the earliest of them is the
    winning player (he leads the next trick)."""
    hands = ["3O 4E 5B", "2B 4O 5C", "3C 6E 11B", "1C 6O 11C"]
    m = scenario(ARG, hands, ["0:play 3O", "1:play 2B", "2:play 3C", "3:play 1C"])
    assert m.hand.results == [0]
    assert m.hand.turn == 0  # seat 0 played the first 3, so he leads trick 2


def test_s1_2_partner_tie_won_by_earliest_of_other_team() -> None:
    """RULES §1.2: side Y's seats 1 and 3 both play a 3 (top): Y wins, seat 1 (earliest) leads
    next."""
    hands = ["2O 4E 5B", "3B 4O 5C", "12C 6E 11B", "3C 6O 11C"]
    m = scenario(ARG, hands, ["0:play 2O", "1:play 3B", "2:play 12C", "3:play 3C"])
    assert m.hand.results == [1]
    assert m.hand.turn == 1


# =============================================================================================
# §1.3 Leader after a tied trick
# =============================================================================================


@pytest.mark.parametrize("mano", [0, 1])
def test_s1_3_2p_tied_trick_leader_leads_again(mano: int) -> None:
    """RULES §1.3 / §2.4: after a tie the player who led the tied trick leads again."""
    other = 1 - mano
    hands = ["", ""]
    hands[mano], hands[other] = "3E 4O 5B", "3B 4C 5O"
    m = scenario(ARG, hands, [f"{mano}:play 3E", f"{other}:play 3B"], mano=mano)
    assert m.hand.results == [-1]
    assert m.hand.turn == mano


def test_s1_3_4p_previous_leader_default() -> None:
    """RULES §1.3 default previous_leader: seat 0 led trick 1, seats 1 (Y) and 2 (X) tied on top:
    seat 0 leads trick 2."""
    hands = ["4E 5O 6B", "3E 4O 5C", "3B 6E 11B", "5E 6O 11C"]
    m = scenario(ARG, hands, ["0:play 4E", "1:play 3E", "2:play 3B", "3:play 5E"])
    assert m.hand.results == [-1]
    assert m.hand.turn == 0


def test_s1_3_4p_earliest_top_card_option() -> None:
    """RULES §1.3 alt earliest_top_card: the earliest player of a tied top card (seat 1) leads."""
    hands = ["4E 5O 6B", "3E 4O 5C", "3B 6E 11B", "5E 6O 11C"]
    m = scenario(
        ARG,
        hands,
        ["0:play 4E", "1:play 3E", "2:play 3B", "3:play 5E"],
        options={"tie_next_leader": "earliest_top_card"},
    )
    assert m.hand.turn == 1


# =============================================================================================
# §1.4 Hand winner master table (columns `argentine` / `sin_flor` and `argentine-blog`)
# =============================================================================================

# Per trick: (mano's card, other's card) for M (mano's side wins), O (other side wins), T (tie).
# Suits are chosen so that neither player ever holds a flor.
_TRICK_CARDS = [
    {"M": ("3E", "4B"), "O": ("4E", "3B"), "T": ("6E", "6B")},
    {"M": ("2O", "5C"), "O": ("5O", "2C"), "T": ("11O", "11C")},
    {"M": ("12B", "10E"), "O": ("10B", "12E"), "T": ("12B", "12E")},
]
_CODE = {"M": 0, "O": 1, "T": -1}


def _pattern_match(variant: str | tr.Variant, plan: str, mano: int) -> tr.Match:
    return trick_pattern(variant, _TRICK_CARDS, plan, mano=mano)


# (row, cards dealt for tricks 1-2-3, tricks actually played, winner M/O) per column
_TABLE_ARG = [
    (1, "MM", "MM", "M"),
    (2, "OO", "OO", "O"),
    (3, "MOM", "MOM", "M"),
    (4, "MOO", "MOO", "O"),
    (4, "OMO", "OMO", "O"),
    (5, "OMM", "OMM", "M"),
    (6, "MOT", "MOT", "M"),
    (7, "OMT", "OMT", "O"),
    (8, "MT", "MT", "M"),
    (9, "MTM", "MT", "M"),  # n/a: the hand ended after trick 2
    (9, "MTO", "MT", "M"),
    (10, "MTT", "MT", "M"),
    (11, "OT", "OT", "O"),
    (12, "OTM", "OT", "O"),
    (12, "OTO", "OT", "O"),
    (13, "OTT", "OT", "O"),
    (14, "TM", "TM", "M"),
    (14, "TO", "TO", "O"),
    (15, "TTM", "TTM", "M"),
    (15, "TTO", "TTO", "O"),
    (16, "TTT", "TTT", "M"),
]
_TABLE_BLOG = [
    (1, "MM", "MM", "M"),
    (2, "OO", "OO", "O"),
    (3, "MOM", "MOM", "M"),
    (4, "MOO", "MOO", "O"),
    (4, "OMO", "OMO", "O"),
    (5, "OMM", "OMM", "M"),
    (6, "MOT", "MOT", "M"),
    (7, "OMT", "OMT", "M"),
    (9, "MTM", "MTM", "M"),
    (9, "MTO", "MTO", "O"),
    (10, "MTT", "MTT", "M"),
    (12, "OTM", "OTM", "M"),
    (12, "OTO", "OTO", "O"),
    (13, "OTT", "OTT", "M"),
    (14, "TM", "TM", "M"),
    (14, "TO", "TO", "O"),
    (15, "TTM", "TTM", "M"),
    (15, "TTO", "TTO", "O"),
    (16, "TTT", "TTT", "M"),
]


def _check_row(variant: str, plan: str, played: str, winner: str, mano: int) -> None:
    m = _pattern_match(variant, plan, mano)
    h = m.history[0]
    assert h.end_reason == "tricks"
    assert h.tricks == tuple(_CODE[r] for r in played)
    side = mano % 2 if winner == "M" else 1 - mano % 2
    assert h.winner == side
    assert h.points[side] == 1 and h.points[1 - side] == 0


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize("variant", ARG_COLUMN)
@pytest.mark.parametrize(("row", "plan", "played", "winner"), _TABLE_ARG)
def test_s1_4_master_table_argentine_column(
    variant: str, row: int, plan: str, played: str, winner: str, mano: int
) -> None:
    """RULES §1.4 (all 16 rows, column argentine/sin_flor) and §2.4: hand winner from tricks."""
    _check_row(variant, plan, played, winner, mano)


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(("row", "plan", "played", "winner"), _TABLE_BLOG)
def test_s1_4_master_table_blog_column(
    row: int, plan: str, played: str, winner: str, mano: int
) -> None:
    """RULES §1.4 (column argentine-blog) and §4 B10/B11: third trick decides, ties go to the
    mano."""
    _check_row(BLOG, plan, played, winner, mano)


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(("row", "plan"), [(8, "MT"), (11, "OT")])
def test_s1_4_rows_8_11_blog_hand_goes_on_to_trick_3(row: int, plan: str, mano: int) -> None:
    """RULES §1.4 rows 8 and 11, column argentine-blog / §4 B10: after M T or O T trick 3
    decides."""
    mano_cards = [_TRICK_CARDS[i][r][0] for i, r in enumerate(plan)]
    other_cards = [_TRICK_CARDS[i][r][1] for i, r in enumerate(plan)]
    hands = ["", ""]
    hands[mano] = " ".join([*mano_cards, _TRICK_CARDS[2]["T"][0]])
    hands[1 - mano] = " ".join([*other_cards, _TRICK_CARDS[2]["T"][1]])
    m = scenario(BLOG, hands, mano=mano)
    for t in range(2):
        for _ in range(2):
            s = m.hand.turn
            m.apply(f"play {(mano_cards if s == mano else other_cards)[t]}", s)
    assert not m.history and not m.hand.over
    assert m.hand.trick_no == 2


def test_tv43_s2_4_split_then_tie_first_trick_winner() -> None:
    """RULES §9 TV43 / §2.4: argentine O, M, T -> O (first-trick winner)."""
    h = _pattern_match(ARG, "OMT", 0).history[0]
    assert h.tricks == (1, 0, -1) and h.winner == 1


def test_tv45_s2_4_win_then_tie_ends_after_two_tricks() -> None:
    """RULES §9 TV45 / §2.4: argentine M, T -> M after 2 tricks."""
    h = _pattern_match(ARG, "MT", 0).history[0]
    assert h.tricks == (0, -1) and h.winner == 0


def test_tv46_s4_b10_blog_third_trick_decides() -> None:
    """RULES §9 TV46 / §4 B10: argentine-blog M, T, O -> O."""
    h = _pattern_match(BLOG, "MTO", 0).history[0]
    assert h.tricks == (0, -1, 1) and h.winner == 1


def test_tv48_s2_4_first_tie_next_trick_decides() -> None:
    """RULES §9 TV48 / §2.4: argentine T, O -> O."""
    h = _pattern_match(ARG, "TO", 0).history[0]
    assert h.tricks == (-1, 1) and h.winner == 1


def test_tv49_s2_4_three_ties_mano_wins() -> None:
    """RULES §9 TV49 / §2.4: argentine T, T, T -> M."""
    h = _pattern_match(ARG, "TTT", 0).history[0]
    assert h.tricks == (-1, -1, -1) and h.winner == 0
    h = _pattern_match(ARG, "TTT", 1).history[0]
    assert h.winner == 1  # the mano's side, whoever the mano is


# =============================================================================================
# §1.5 / §2.5 Truco ladder (TV57-TV61)
# =============================================================================================


def test_s2_5_ladder_values() -> None:
    """RULES §2.5: un-bet 1; truco 2/1, retruco 3/2, vale cuatro 4/3 (accepted/refused)."""
    lad = tr.get_variant(ARG).describe()["ladder"]
    assert lad["calls"] == ["truco", "retruco", "vale-cuatro"]
    assert lad["unbet"] == 1
    assert lad["accepted"] == [2, 3, 4]
    assert lad["refused"] == [1, 2, 3]


def test_s1_5_unbet_hand_is_worth_1() -> None:
    """RULES §1.5 / §2.5: a hand with no truco call is worth 1 to its winner."""
    m = scenario(ARG, [STRONG, WEAK])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert hand_points(m) == (1, 0)


@pytest.mark.parametrize("caller", [0, 1])
def test_tv57_s2_5_truco_refused_caller_scores_1(caller: int) -> None:
    """RULES §9 TV57 / §1.5: Truco refused -> the caller's team +1 and the hand ends."""
    m = scenario(ARG, [E33, E4], [f"{caller}:truco", f"{1 - caller}:no-quiero"])
    h = m.history[0]
    assert h.end_reason == "refused"
    expected = [0, 0]
    expected[caller] = 1
    assert h.points == tuple(expected)


def test_s2_5_truco_accepted_hand_worth_2() -> None:
    """RULES §2.5: Truco accepted -> the hand is worth 2 to its winner."""
    m = scenario(ARG, [WEAK, STRONG], ["0:truco", "1:quiero"])
    play_out(m, {0: WEAK.split(), 1: STRONG.split()})
    assert hand_points(m) == (0, 2)


def test_s2_5_retruco_accepted_hand_worth_3() -> None:
    """RULES §2.5: Truco, Retruco accepted -> 3."""
    m = scenario(ARG, [STRONG, WEAK], ["0:truco", "1:quiero", "0:play 1E", "1:retruco", "0:quiero"])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert hand_points(m) == (3, 0)


def test_tv58_s2_5_retruco_en_el_aire_refused() -> None:
    """RULES §9 TV58 / §1.5 / §2.5: Truco, Retruco (as the answer, en el aire), refused ->
    Retruco team +2."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:retruco", "0:no-quiero"])
    assert m.history[0].points == (0, 2)


def test_tv59_s2_5_vale_cuatro_accepted_worth_4() -> None:
    """RULES §9 TV59 / §2.5: Truco, Retruco, Vale cuatro all accepted; X wins the hand -> X +4."""
    m = scenario(
        ARG,
        [STRONG, WEAK],
        [
            "0:truco",
            "1:quiero",
            "0:play 1E",
            "1:retruco",
            "0:quiero",
            "1:play 4O",
            "0:vale-cuatro",
            "1:quiero",
        ],
    )
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert hand_points(m) == (4, 0)
    assert m.history[0].winner == 0


def test_tv59_s2_5_vale_cuatro_all_en_el_aire_accepted() -> None:
    """RULES §9 TV59 / §1.5: the same ladder raised in the air (each raise answers the call)."""
    m = scenario(ARG, [STRONG, WEAK], ["0:truco", "1:retruco", "0:vale-cuatro", "1:quiero"])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert hand_points(m) == (4, 0)


def test_tv60_s2_5_vale_cuatro_refused_scores_3() -> None:
    """RULES §9 TV60 / §2.5: Truco, Retruco, Vale cuatro refused -> Vale-cuatro team +3."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:retruco", "0:vale-cuatro", "1:no-quiero"])
    assert m.history[0].points == (3, 0)
    m = scenario(ARG, [E33, E4], ["1:truco", "0:retruco", "1:vale-cuatro", "0:no-quiero"])
    assert m.history[0].points == (0, 3)


def test_tv61_s1_5_only_accepting_team_may_raise() -> None:
    """RULES §9 TV61 / §1.5: X accepts Truco; X may later call Retruco; Y may not."""
    # Y calls truco, X (seat 0) accepts
    m = scenario(ARG, [E33, E4], ["1:truco", "0:quiero"])
    assert is_legal(m, 0, "retruco")
    assert not is_legal(m, 1, "retruco")
    illegal(m, 1, "retruco")
    m.apply("retruco", 0)  # legal
    assert m.hand.call == 2


def test_s1_5_team_never_raises_its_own_call() -> None:
    """RULES §1.5: calls alternate between teams; a team can never raise its own call."""
    m = scenario(ARG, [E33, E4], ["0:truco"])
    assert texts(m, 0) == []  # waiting for the answer, the caller's side has nothing to say
    illegal(m, 0, "retruco")
    m.apply("quiero", 1)
    assert not is_legal(m, 0, "retruco")  # the accepting side (Y) holds the right now
    assert is_legal(m, 1, "retruco")


def test_s1_5_raise_answer_implicitly_accepts_pending_level() -> None:
    """RULES §1.5: a raise made as an answer accepts the pending level (stake 2 once refused)."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:retruco"])
    assert m.hand.level == 1  # truco accepted en el aire
    m.apply("no-quiero", 0)
    assert m.history[0].points == (0, 2)


def test_s1_5_accepting_a_raise_en_el_aire_gives_the_next_right() -> None:
    """RULES §1.5: X truco, Y retruco (in the air), X accepts -> X (who accepted) may call vale
    cuatro later; Y may not."""
    m = scenario(ARG, [STRONG, WEAK], ["0:truco", "1:retruco", "0:quiero", "0:play 1E"])
    assert m.hand.stake() == 3
    assert "vale-cuatro" in texts(m, 0) and "vale-cuatro" not in texts(m, 1)
    illegal(m, 1, "vale-cuatro")


def test_s2_5_no_raise_after_vale_cuatro() -> None:
    """RULES §2.5: after Vale cuatro no further raise exists."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:retruco", "0:vale-cuatro"])
    assert texts(m, 1) == ["quiero", "no-quiero", "mazo"]
    m.apply("quiero", 1)
    for s in (0, 1):
        assert not any(a in texts(m, s) for a in ("truco", "retruco", "vale-cuatro"))


def test_s2_5_truco_any_time_out_of_turn() -> None:
    """RULES §2.5 / §1.5 truco_call_timing default any_time: a player may call out of turn."""
    m = scenario(ARG, [E33, E4])
    assert m.hand.turn == 0
    assert is_legal(m, 1, "truco")
    m.apply("truco", 1)
    assert m.hand.turn == 0 and is_legal(m, 0, "quiero")


def test_s1_5_truco_own_turn_option() -> None:
    """RULES §1.5 / §2.5 alt own_turn: only the player about to play may call."""
    m = scenario(ARG, [E33, E4], options={"truco_call_timing": "own_turn"})
    assert not is_legal(m, 1, "truco")
    illegal(m, 1, "truco")
    assert is_legal(m, 0, "truco")
    m.apply("play 3B", 0)
    assert is_legal(m, 1, "truco")


def test_s2_5_envido_suspends_pending_truco() -> None:
    """RULES §2.5: while an envido is unresolved no truco call can be answered; the pending truco
    is answered once the envido is settled."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:envido"])
    assert m.hand.turn == 0
    assert texts(m, 0) == ["quiero", "no-quiero", "envido", "real-envido", "falta-envido"]
    assert texts(m, 1) == []  # neither truco answer nor a new call while the envido is pending
    m.apply("quiero", 0)  # accepts the envido
    assert hand_points(m) == (2, 0)
    assert m.hand.turn == 1
    assert texts(m, 1) == ["quiero", "no-quiero", "retruco", "mazo"]
    m.apply("no-quiero", 1)
    assert m.history[0].points == (3, 0)


def test_s1_4_third_trick_tie_after_win_tie_option() -> None:
    """RULES §1.4 generic option third_trick_tie_after_win_tie=first_trick_winner (with
    third_trick_decides): O T T -> O instead of the mano."""
    v = tr.get_variant(BLOG, {"third_trick_tie_after_win_tie": "first_trick_winner"})
    m = _pattern_match(v, "OTT", 0)
    assert m.history[0].winner == 1


# =============================================================================================
# §2.2 Players and teams; §2.3 Deal, mano and rotation
# =============================================================================================


@pytest.mark.parametrize("variant", [ARG, SIN, BLOG])
def test_s2_2_two_and_four_players_alternating_teams(variant: str) -> None:
    """RULES §2.2 / §0.3: 2 (1 v 1) and 4 (2 v 2, partners opposite: seat i on team i mod 2)."""
    v = tr.get_variant(variant)
    assert {2, 4} <= set(v.seat_counts)
    m = v.new_match(4, seed=1)
    assert m.seats_of(0) == (0, 2) and m.seats_of(1) == (1, 3)
    m = v.new_match(2, seed=1)
    assert m.seats_of(0) == (0,) and m.seats_of(1) == (1,)


@pytest.mark.parametrize(("seats", "mano"), [(2, 0), (2, 1), (4, 0), (4, 3)])
def test_s2_3_deal_one_at_a_time_starting_with_mano(seats: int, mano: int) -> None:
    """RULES §2.3 / §1.1: three rounds of one card each, beginning with the mano, in play order."""
    v = tr.get_variant(SIN)
    order = [c for c in v.deck.cards if c.rank <= 6][: 3 * seats]  # any distinct cards
    m = v.new_match(seats, deals=[order], mano=mano)
    for k, card in enumerate(order):
        assert card in m.hand.dealt[(mano + k) % seats]
        assert m.hand.dealt[(mano + k) % seats][k // seats] == card
    assert m.hand.turn == mano  # the mano plays first
    assert m.hand.order[0] == mano and m.hand.order[-1] == (mano - 1) % seats  # pie plays last


@pytest.mark.parametrize("variant", [SIN, BLOG])
@pytest.mark.parametrize("seats", [2, 4])
def test_s2_3_mano_moves_one_seat_forward_each_hand(seats: int, variant: str) -> None:
    """RULES §2.3: next hand the previous mano deals; the mano moves one seat forward in play
    order. (Unchanged in argentine-blog, §4.)"""
    v = tr.get_variant(variant)
    m = v.new_match(seats, seed=3, mano=0)
    manos = []
    for _ in range(seats + 1):
        manos.append(m.hand.order[0])
        n = m.hand_no
        while m.hand_no == n:  # everyone leaves on his turn
            s = m.hand.turn
            m.apply("mazo" if "mazo" in texts(m, s) else m.legal_actions()[0], s)
    assert manos == [i % seats for i in range(seats + 1)]


def test_s2_3_first_mano_random_or_configured() -> None:
    """RULES §2.3: first dealer random (drawn from the seed) or configured."""
    v = tr.get_variant(ARG)
    assert {v.new_match(2, seed=s).mano for s in range(30)} == {0, 1}
    assert v.new_match(2, seed=5, mano=1).hand.order[0] == 1


def test_s2_3_table_direction_is_cosmetic() -> None:
    """RULES §2.3 (D20): table_direction clockwise changes nothing in play or scoring."""
    acts = ["0:envido", "1:quiero", "0:truco", "1:quiero"]
    a = scenario(ARG, [STRONG, WEAK], acts)
    b = scenario(ARG, [STRONG, WEAK], acts, options={"table_direction": "clockwise"})
    for m in (a, b):
        play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert a.history[0].points == b.history[0].points == (4, 0)
    assert a.history[0].tricks == b.history[0].tricks


# =============================================================================================
# §2.6.1 Envido score (TV01-TV07, TV10, TV14)
# =============================================================================================


ENVIDO_VECTORS = [
    ("TV01", ARG, "7E 6E 3B", 33),
    ("TV03", ARG, "12C 11C 4B", 20),
    ("TV04", ARG, "12C 5C 1O", 25),
    ("TV05", ARG, "7B 6C 5E", 7),
    ("TV06", BLOG, "7B 6C 5E", 13),
    ("TV07", ARG, "12E 11O 10C", 0),
    ("TV10", SIN, "7C 6C 5C", 33),
    ("TV14", SIN, "7B 12B 4B", 31),
]


@pytest.mark.parametrize(("vid", "variant", "cards", "expected"), ENVIDO_VECTORS)
def test_tv01_tv03_tv04_tv05_tv06_tv07_tv10_tv14_s2_6_1_envido_scores(
    vid: str, variant: str, cards: str, expected: int
) -> None:
    """RULES §9 TV01, TV03-TV07, TV10, TV14 (sin flor) / §2.6.1, §3, §4 B2: envido scores."""
    assert tr.get_variant(variant).envido_points(cards) == expected


@pytest.mark.parametrize(
    ("vid", "variant", "cards", "expected"),
    # TV03's figures clash with both of the opponent's zero-point hands below
    [v for v in ENVIDO_VECTORS if v[0] != "TV03"],
)
def test_tv01_tv04_tv05_tv06_tv07_tv10_tv14_s2_6_5_envido_score_stated_in_play(
    vid: str, variant: str, cards: str, expected: int
) -> None:
    """RULES §9 TV01, TV04-TV07, TV10, TV14 / §2.6.1, §2.6.5: the engine states these scores."""
    used = set(cards.split())
    zero = next(h for h in ("10E 11O 12C", "10B 11C 12O") if not used & set(h.split()))
    m = scenario(variant, [cards, zero], ["0:envido", "1:quiero"])
    assert m.hand.env_public[0] == (0, expected)
    assert hand_points(m) == (2, 0)


def test_s2_6_1_score_ranges_over_all_hands() -> None:
    """RULES §2.6.1: suited scores 20-33 (max 33 = 7+6 suited); unsuited 0-7; figures count 0."""
    v = tr.get_variant(SIN)
    seen_suited, seen_unsuited = set(), set()
    for hand in itertools.combinations(v.deck.cards, 3):
        p = v.envido_points(hand)
        suits = {c.suit for c in hand}
        if len(suits) < 3:
            seen_suited.add(p)
        else:
            seen_unsuited.add(p)
            assert p == max(c.rank if c.rank <= 7 else 0 for c in hand)
    assert seen_suited == set(range(20, 34))
    assert seen_unsuited == set(range(0, 8))


def test_s2_6_1_played_cards_still_count() -> None:
    """RULES §2.6.1: the score is computed on the three cards as dealt (played cards count);
    §2.6.2: the challenged player answers even though he has already played."""
    m = scenario(ARG, [E33, E4], ["0:play 7E", "1:envido", "0:quiero"])
    assert m.hand.env_public[0] == (0, 33)
    assert hand_points(m) == (2, 0)


# =============================================================================================
# §2.6.2 When envido can be called
# =============================================================================================


def test_s2_6_2_envido_only_in_first_trick() -> None:
    """RULES §2.6.2: envido only during the first trick."""
    m = scenario(ARG, [E33, E4], ["0:play 3B", "1:play 4C"])
    assert m.hand.trick_no == 1
    for s in (0, 1):
        assert not any(e in texts(m, s) for e in ("envido", "real-envido", "falta-envido"))
    illegal(m, 1, "envido")


def test_s2_6_2_envido_only_by_player_who_has_not_played() -> None:
    """RULES §2.6.2: a player who has played his first-trick card may not call envido."""
    m = scenario(ARG, [E33, E4], ["0:play 3B"])
    assert not is_legal(m, 0, "envido")
    illegal(m, 0, "envido")
    assert is_legal(m, 1, "envido")


def test_s2_6_2_partner_of_player_who_played_may_call_4p() -> None:
    """RULES §2.6.2: a player who has played may still let a partner call (4 players)."""
    hands = ["4E 5O 6B", "3E 4O 5C", "3B 6E 11B", "5E 6O 11C"]
    m = scenario(ARG, hands, ["0:play 4E"])
    assert not is_legal(m, 0, "envido")
    assert is_legal(m, 2, "envido")
    m.apply("envido", 2)
    assert m.hand.env_caller == 2


def test_s2_6_2_any_member_of_challenged_team_answers_4p() -> None:
    """RULES §2.6.2: any member of the challenged team may answer, even one who already played."""
    hands = ["4E 5O 6B", "3E 4O 5C", "3B 6E 11B", "5E 6O 11C"]
    m = scenario(ARG, hands, ["0:play 4E", "1:play 3E", "2:envido"])
    # seat 1 already played; seat 3 is the next of the side; both may answer
    assert "quiero" in texts(m, 1) and "quiero" in texts(m, 3)
    assert texts(m, 0) == []  # the caller's partner does not answer
    m.apply("real-envido", 1)
    assert m.hand.env_chain == ["envido", "real-envido"]


def test_s2_6_2_envido_answers_pending_truco() -> None:
    """RULES §2.6.2: a team may answer a pending Truco with Envido ("el envido está primero")."""
    m = scenario(ARG, [E33, E4], ["0:truco"])
    assert {"envido", "real-envido", "falta-envido"} <= set(texts(m, 1))
    m.apply("envido", 1)
    m.apply("quiero", 0)
    assert hand_points(m) == (2, 0)
    assert m.hand.phase == 1 and m.hand.turn == 1  # the truco answer is now due


def test_s2_6_2_no_envido_after_truco_accepted() -> None:
    """RULES §2.6.2: once a Truco has been accepted, envido can no longer be called."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:quiero"])
    for s in (0, 1):
        assert "envido" not in texts(m, s)
    illegal(m, 1, "envido")
    illegal(m, 0, "real-envido")


def test_s2_6_2_one_envido_exchange_per_hand() -> None:
    """RULES §2.6.2: one envido exchange per hand."""
    m = scenario(ARG, [E33, E4], ["0:envido", "1:no-quiero"])
    for s in (0, 1):
        assert not any(e in texts(m, s) for e in ("envido", "real-envido", "falta-envido"))
    illegal(m, 1, "envido")


def test_s2_6_2_pie_only_option_4p() -> None:
    """RULES §2.6.2 alt envido_caller=pie_only: only each team's pie speaks, even after playing."""
    hands = ["4E 5O 6B", "3E 4O 5C", "3B 6E 11B", "5E 6O 11C"]
    opts = {"envido_caller": "pie_only"}
    m = scenario(ARG, hands, options=opts)
    assert not is_legal(m, 0, "envido") and not is_legal(m, 1, "envido")
    assert is_legal(m, 2, "envido") and is_legal(m, 3, "envido")
    m = scenario(ARG, hands, ["0:play 4E", "1:play 3E", "2:play 3B"], options=opts)
    assert is_legal(m, 2, "envido")  # the pie may call after playing


# =============================================================================================
# §2.6.3 Envido ladder (TV62, TV64, TV66, TV67)
# =============================================================================================

_SHORT = {"E": "envido", "RE": "real-envido", "FE": "falta-envido"}
FALTA = "falta"

# sequence, accepted value, refused value (argentine)
ENVIDO_TABLE = [
    ("E", 2, 1),
    ("RE", 3, 1),
    ("FE", FALTA, 1),
    ("E E", 4, 2),
    ("E RE", 5, 2),
    ("E FE", FALTA, 2),
    ("RE FE", FALTA, 3),
    ("E E RE", 7, 4),
    ("E E FE", FALTA, 4),
    ("E RE FE", FALTA, 5),
    ("E E RE FE", FALTA, 7),
]
# argentine-blog (RULES §4 B3-B5, B8): refused = prior accepted sum + own refusal value
ENVIDO_TABLE_BLOG = [
    ("E", 2, 1),
    ("RE", 3, 2),
    ("FE", FALTA, 1),
    ("E E", 4, 3),
    ("E RE", 5, 4),
    ("RE RE", 6, 5),
    ("E FE", FALTA, 3),
    ("RE FE", FALTA, 4),
    ("RE RE FE", FALTA, 7),
    ("E E RE", 7, 6),
    ("E E FE", FALTA, 5),
    ("E RE FE", FALTA, 6),
    ("E E RE FE", FALTA, 8),
]

_ENV_SCORES = (20, 5)  # side 0 in buenas: falta = 30 - 20 = 10 in every falta mode used here


def _envido_chain(variant: str, seq: str, answer: str, *, winner_side: int = 1) -> tr.Match:
    hands = [E4, E33] if winner_side == 1 else [E33, E4]
    bets = seq.split()
    actions = [f"{i % 2}:{_SHORT[b]}" for i, b in enumerate(bets)]
    actions.append(f"{len(bets) % 2}:{answer}")
    return scenario(variant, hands, actions, scores=_ENV_SCORES)


@pytest.mark.parametrize(("seq", "accepted", "refused"), ENVIDO_TABLE)
@pytest.mark.parametrize("variant", [ARG, SIN])
def test_s2_6_3_envido_ladder_accepted(
    variant: str, seq: str, accepted: object, refused: int
) -> None:
    """RULES §2.6.3: accepted value of each legal sequence (FE sequences: falta alone, §2.6.4)."""
    m = _envido_chain(variant, seq, "quiero")
    value = 10 if accepted == FALTA else accepted
    assert hand_points(m) == (0, value)
    assert events(m) == ((1, value, "envido"),)


@pytest.mark.parametrize(("seq", "accepted", "refused"), ENVIDO_TABLE)
@pytest.mark.parametrize("variant", [ARG, SIN])
def test_s2_6_3_envido_ladder_refused(
    variant: str, seq: str, accepted: object, refused: int
) -> None:
    """RULES §2.6.3: refused = sum of accepted values of earlier bets, or 1 for a first bet;
    the points go to the side of the refused (last) bet."""
    m = _envido_chain(variant, seq, "no-quiero")
    last_bettor = (len(seq.split()) - 1) % 2
    expected = [0, 0]
    expected[last_bettor] = refused
    assert hand_points(m) == tuple(expected)


@pytest.mark.parametrize(("seq", "accepted", "refused"), ENVIDO_TABLE_BLOG)
def test_s4_b3_b4_b5_b7_b8_blog_envido_ladder(seq: str, accepted: object, refused: int) -> None:
    """RULES §4 B3 (RE refused 2), B4 (refused = prior + own), B5 (RE RE), B7 (falta overrides),
    B8 (falta refused as raise = prior + 1): every blog sequence, accepted and refused."""
    m = _envido_chain(BLOG, seq, "quiero")
    value = 10 if accepted == FALTA else accepted
    assert hand_points(m) == (0, value)
    m = _envido_chain(BLOG, seq, "no-quiero")
    last_bettor = (len(seq.split()) - 1) % 2
    expected = [0, 0]
    expected[last_bettor] = refused
    assert hand_points(m) == tuple(expected)


@pytest.mark.parametrize(
    ("variant", "chain", "allowed"),
    [
        (ARG, "", {"E", "RE", "FE"}),
        (ARG, "E", {"E", "RE", "FE"}),
        (ARG, "RE", {"FE"}),
        (ARG, "FE", set()),
        (ARG, "E E", {"RE", "FE"}),
        (ARG, "E RE", {"FE"}),
        (ARG, "E E RE", {"FE"}),
        (ARG, "E FE", set()),
        (ARG, "E E RE FE", set()),
        (BLOG, "RE", {"RE", "FE"}),
        (BLOG, "RE RE", {"FE"}),
        (BLOG, "E RE", {"FE"}),
        (BLOG, "E E", {"RE", "FE"}),
    ],
)
def test_s2_6_3_legal_envido_raises(variant: str, chain: str, allowed: set[str]) -> None:
    """RULES §2.6.3: E answered by E (once), RE or FE; RE only by FE; FE not raised; no E E E.
    §4 B5 (blog): RE RE allowed, no E after RE."""
    bets = chain.split()
    m = scenario(variant, [E33, E4], [f"{i % 2}:{_SHORT[b]}" for i, b in enumerate(bets)])
    seat = len(bets) % 2
    got = {k for k, v in _SHORT.items() if v in texts(m, seat)}
    assert got == allowed
    for k in set(_SHORT) - allowed:
        illegal(m, seat, _SHORT[k])


def test_s2_6_3_raise_implicitly_accepts_previous_bet() -> None:
    """RULES §2.6.3 [S2 Envido l]: a raise accepts the previous bet (E, RE refused -> 2, not 1)."""
    m = scenario(ARG, [E33, E4], ["0:envido", "1:real-envido", "0:no-quiero"])
    assert hand_points(m) == (0, 2)


def test_tv62_s2_6_3_real_envido_refused() -> None:
    """RULES §9 TV62 / §2.6.3 / §4 B3: Real Envido refused -> +1 (argentine-blog: +2)."""
    m = scenario(ARG, [E33, E4], ["0:real-envido", "1:no-quiero"])
    assert hand_points(m) == (1, 0)
    m = scenario(BLOG, [E33, E4], ["0:real-envido", "1:no-quiero"])
    assert hand_points(m) == (2, 0)


def test_tv64_s2_6_3_envido_real_envido() -> None:
    """RULES §9 TV64 / §2.6.3 / §4 B4: E, RE accepted 5 / refused 2 (argentine-blog: 5 / 4)."""
    for variant, refused in ((ARG, 2), (BLOG, 4)):
        m = scenario(variant, [E33, E4], ["0:envido", "1:real-envido", "0:quiero"])
        assert hand_points(m) == (5, 0)
        m = scenario(variant, [E33, E4], ["0:envido", "1:real-envido", "0:no-quiero"])
        assert hand_points(m) == (0, refused)


def test_tv66_s2_6_3_real_envido_twice() -> None:
    """RULES §9 TV66 / D9 / §4 B5: RE RE illegal in argentine; blog: accepted 6, refused 5."""
    m = scenario(ARG, [E33, E4], ["0:real-envido"])
    illegal(m, 1, "real-envido")
    m = scenario(BLOG, [E33, E4], ["0:real-envido", "1:real-envido", "0:quiero"])
    assert hand_points(m) == (6, 0)
    m = scenario(BLOG, [E33, E4], ["0:real-envido", "1:real-envido", "0:no-quiero"])
    assert hand_points(m) == (0, 5)


def test_tv67_s2_6_3_e_e_re_fe_refused_is_7() -> None:
    """RULES §9 TV67 / §2.6.3: Envido, Envido, Real Envido, Falta Envido refused -> +7."""
    m = scenario(
        ARG, [E33, E4], ["0:envido", "1:envido", "0:real-envido", "1:falta-envido", "0:no-quiero"]
    )
    assert hand_points(m) == (0, 7)


def test_s2_6_3_envido_three_times_option() -> None:
    """RULES §2.6.3 allow_envido_three_times (default false; true allows E E E)."""
    m = scenario(
        ARG, [E33, E4], ["0:envido", "1:envido"], options={"allow_envido_three_times": True}
    )
    m.apply("envido", 0)
    m.apply("quiero", 1)
    assert hand_points(m) == (6, 0)


def test_s2_6_3_accepted_falta_overrides_earlier_bets_value() -> None:
    """RULES §2.6.3: accepted sequences containing FE are worth the falta value only."""
    m = scenario(
        ARG,
        [E33, E4],
        ["0:envido", "1:envido", "0:real-envido", "1:falta-envido", "0:quiero"],
        scores=(5, 20),
    )
    assert hand_points(m) == (10, 0)  # not 7 + 10


# =============================================================================================
# §2.6.4 Falta envido value (TV69-TV71, TV73, TV74, TV76)
# =============================================================================================


def _falta(
    variant: str,
    scores: tuple[int, int],
    winner: int,
    options: dict | None = None,
    prefix: Sequence[str] = (),
) -> tr.Match:
    hands = [E33, E4] if winner == 0 else [E4, E33]
    bets = [*prefix, "FE"]
    acts = [f"{i % 2}:{_SHORT[b]}" for i, b in enumerate(bets)] + [f"{len(bets) % 2}:quiero"]
    return scenario(variant, hands, acts, scores=scores, options=options)


def test_tv69_s2_6_4_leader_in_buenas_falta_is_what_leader_lacks() -> None:
    """RULES §9 TV69 / §2.6.4: X 10 vs Y 20 (Y in buenas), X wins falta -> X +10 (T - L)."""
    m = _falta(ARG, (10, 20), 0)
    assert hand_points(m) == (10, 0)
    assert m.score == (10, 20)  # the hand is still going; the match score moves at its end
    assert not m.history and not m.hand.over


def test_tv70_s2_6_4_both_in_malas_winner_takes_chico() -> None:
    """RULES §9 TV70 / §2.6.4: X 5 vs Y 12, X wins falta -> X +25 -> X wins the chico."""
    m = _falta(ARG, (5, 12), 0)
    assert m.history[0].points == (25, 0)
    assert m.history[0].end_reason == "target"
    assert m.is_over() and m.winner() == 0
    assert m.score == (30, 12)


def test_tv71_s4_b6_blog_falta_leader_remaining() -> None:
    """RULES §9 TV71 / §4 B6: argentine-blog, X 5 vs Y 12, X wins falta -> X +18 (X 23)."""
    hands = [E33_WEAK, STRONG]  # X: 33 of envido, Y wins both tricks (envido 28 < 33)
    m = scenario(BLOG, hands, ["0:falta-envido", "1:quiero"], scores=(5, 12))
    assert hand_points(m) == (18, 0)
    play_out(m, {0: E33_WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (18, 1)
    assert m.score == (23, 13)


def test_tv73_s2_6_4_reach_buenas_option() -> None:
    """RULES §9 TV73 / §2.6.4 falta_mode=reach_buenas: X 5 vs Y 12, X wins -> +4 (16 - 12)."""
    m = _falta(ARG, (5, 12), 0, {"falta_mode": "reach_buenas"})
    assert hand_points(m) == (4, 0)


def test_s2_6_4_reach_buenas_in_buenas_is_leader_remaining() -> None:
    """RULES §2.6.4 reach_buenas: in buenas, T - L."""
    m = _falta(ARG, (5, 20), 0, {"falta_mode": "reach_buenas"})
    assert hand_points(m) == (10, 0)


def test_tv74_s2_6_4_target_15_no_split() -> None:
    """RULES §9 TV74 / §2.6.4: target 15 (no malas/buenas split), X 4 vs Y 9, X wins falta -> +6."""
    m = _falta(ARG, (4, 9), 0, {"target": 15})
    assert hand_points(m) == (6, 0)


def test_tv76_s2_6_4_falta_overrides_earlier_bets() -> None:
    """RULES §9 TV76 / §2.6.3: Envido, Falta Envido accepted, X 20 vs Y 10, Y wins -> Y +10."""
    m = scenario(ARG, [E4, E33], ["0:envido", "1:falta-envido", "0:quiero"], scores=(20, 10))
    assert hand_points(m) == (0, 10)


def test_s2_6_4_fifteen_is_still_malas_by_default() -> None:
    """RULES §2.6.4 buenas_from half+1 (default): 15 is "15 malas": both in malas -> the winner
    (Y at 3) takes the chico."""
    m = _falta(ARG, (15, 3), 1)
    assert m.history[0].points == (0, 27)
    assert m.winner() == 1


def test_s2_6_4_buenas_from_half_option() -> None:
    """RULES §2.6.4 alt buenas_from=half: 15 is buenas, so falta = T - L = 15."""
    m = _falta(ARG, (15, 3), 1, {"buenas_from": "half"})
    assert hand_points(m) == (0, 15)


def test_s2_6_4_leader_remaining_option() -> None:
    """RULES §2.6.4 alt leader_remaining: always T - L."""
    m = _falta(ARG, (5, 12), 0, {"falta_mode": "leader_remaining"})
    assert hand_points(m) == (18, 0)


def test_s2_6_4_loser_to_chico_end_option() -> None:
    """RULES §2.6.4 alt loser_to_chico_end: what the loser lacks to finish his current half."""
    assert hand_points(_falta(ARG, (5, 12), 0, {"falta_mode": "loser_to_chico_end"})) == (3, 0)
    assert hand_points(_falta(ARG, (5, 20), 0, {"falta_mode": "loser_to_chico_end"})) == (10, 0)


def test_s2_6_4_loser_remaining_game_option() -> None:
    """RULES §2.6.4 alt loser_remaining_game: T - loser."""
    assert hand_points(_falta(ARG, (5, 12), 0, {"falta_mode": "loser_remaining_game"})) == (18, 0)


def test_s2_6_4_no_split_option_at_30() -> None:
    """RULES §2.6.4: without a malas/buenas split falta = T - L (malas_buenas_split=false)."""
    m = _falta(ARG, (5, 12), 0, {"malas_buenas_split": False})
    assert hand_points(m) == (18, 0)


# =============================================================================================
# §2.6.5 Resolving an accepted envido (TV15)
# =============================================================================================

E25 = "12C 5C 1O"
E30 = "7B 3B 4O"


def test_s2_6_5_mano_states_first_and_other_states_only_if_better() -> None:
    """RULES §2.6.5: the mano states first; a player states only if he beats the best so far."""
    m = scenario(ARG, [E25, E30], ["0:envido", "1:quiero"])
    assert m.hand.env_public == [(0, 25), (1, 30)]
    assert hand_points(m) == (0, 2)
    m = scenario(ARG, [E30, E25], ["1:envido", "0:quiero"])
    assert m.hand.env_public == [(0, 30), (1, None)]  # son buenas
    assert hand_points(m) == (2, 0)


def test_s2_6_5_mano_first_when_mano_is_seat_1() -> None:
    """RULES §2.6.5: the mano (here seat 1) states first."""
    m = scenario(ARG, [E30, E25], ["1:envido", "0:quiero"], mano=1)
    assert m.hand.env_public == [(1, 25), (0, 30)]
    assert hand_points(m) == (2, 0)


@pytest.mark.parametrize("mano", [0, 1])
def test_s2_6_5_equal_scores_mano_wins_2p(mano: int) -> None:
    """RULES §2.6.5: equal scores -> the player nearest the mano wins."""
    m = scenario(ARG, ["7B 1B 4E", "6C 2C 5O"], [f"{mano}:envido", f"{1 - mano}:quiero"], mano=mano)
    pts = [0, 0]
    pts[mano] = 2
    assert hand_points(m) == tuple(pts)


def test_tv15_s2_6_5_envido_tie_4p_nearest_mano() -> None:
    """RULES §9 TV15 / §2.6.5: 4p, mano seat 0 (X) 28 and seat 1 (Y) 28 -> X wins the envido."""
    hands = ["7B 1B 4E", "6C 2C 5O", "10E 11O 4C", "12B 10O 5E"]
    m = scenario(ARG, hands, ["1:envido", "2:quiero"])
    assert hand_points(m) == (2, 0)
    assert m.hand.env_result[0] == 0


def test_s2_6_5_envido_tie_is_won_by_player_not_team_4p() -> None:
    """RULES §2.6.5: the tie goes to the *player* nearest the mano: seat 1 (Y) beats seat 2 (X)."""
    hands = ["10E 11O 4C", "7B 1B 4E", "6C 2C 5O", "12B 10O 5E"]
    m = scenario(ARG, hands, ["0:envido", "1:quiero"])
    assert hand_points(m) == (0, 2)
    assert m.hand.env_result[0] == 1


def test_s2_6_5_statement_order_4p() -> None:
    """RULES §2.6.5: mano first, then play order; only a better score than the other team's best
    is stated (son buenas otherwise)."""
    hands = [E25, E30, "7C 4C 12B", "11C 6B 10O"]  # 25, 30, 31, 6
    m = scenario(ARG, hands, ["0:envido", "1:quiero"])
    assert m.hand.env_public == [(0, 25), (1, 30), (2, 31), (3, None)]
    assert hand_points(m) == (2, 0)


def test_s2_6_5_declared_mode_truthful() -> None:
    """RULES §2.6.5 declared_with_penalty: players state (declare N / son-buenas); a true winning
    statement scores for its side (checked at the end of the hand)."""
    opts = {"envido_declaration": "declared_with_penalty"}
    m = scenario(ARG, [E30, E25], ["0:envido", "1:quiero"], options=opts)
    assert m.hand.turn == 0 and "son-buenas" not in texts(m, 0)  # the first statement is due
    m.apply("declare 30", 0)
    assert "son-buenas" in texts(m, 1) and "declare 29" not in texts(m, 1)
    m.apply("son-buenas", 1)
    assert events(m) == ()  # the statement is checked when the hand ends
    m.apply("play 4O", 0)
    m.apply("mazo", 1)
    assert m.history[0].events == ((0, 2, "envido"), (0, 1, "mazo"))


def test_s2_6_5_declared_lie_forfeits_even_if_truth_would_win() -> None:
    """RULES §2.6.5 / §2.11 / §4 B18: a false statement forfeits the envido to the other team,
    even if the true score would also have won."""
    opts = {"envido_declaration": "declared_with_penalty"}
    m = scenario(
        ARG,
        [E30, E25],
        ["0:envido", "1:quiero", "0:declare 31", "1:son-buenas", "0:truco", "1:no-quiero"],
        options=opts,
    )
    h = m.history[0]
    assert (1, 2, "envido forfeited") in h.events
    assert h.points == (1, 2)


# =============================================================================================
# §2.7 Flor (TV11, TV12, TV14, TV77-TV79, TV81, TV82, TV84)
# =============================================================================================

F26 = "12E 6E 10E"  # flor 26
F29 = "4B 5B 11B"  # flor 29
F26B = "6O 11O 12O"  # flor 26


@pytest.mark.parametrize(
    ("vid", "cards", "flor"),
    [("TV11", "7C 6C 5C", 38), ("TV12", "12O 11O 10O", 20), ("TV14", "7B 12B 4B", 31)],
)
def test_tv11_tv12_tv14_s2_7_1_flor_scores(vid: str, cards: str, flor: int) -> None:
    """RULES §9 TV11 (38, max), TV12 (20, min), TV14 (31) / §2.7.1: flor = 20 + the three values."""
    v = tr.get_variant(ARG)
    assert v.flor_points(cards) == flor
    assert v.flor_points("7C 6C 5B") is None


def test_tv11_s2_7_4_flor_voids_envido() -> None:
    """RULES §9 TV11 (envido void) / §2.7.4: once a flor is declared envido can't be called."""
    m = scenario(ARG, ["7C 6C 5C", E4])
    assert reasons(m) == ["flor"]
    for s in (0, 1):
        assert not any(e in texts(m, s) for e in ("envido", "real-envido", "falta-envido"))
    illegal(m, 1, "envido")


def test_s2_7_1_flor_range() -> None:
    """RULES §2.7.1: flor scores range 20-38 over every three-of-a-suit hand."""
    v = tr.get_variant(ARG)
    vals = {
        v.flor_points(h)
        for h in itertools.combinations(v.deck.cards, 3)
        if len({c.suit for c in h}) == 1
    }
    assert vals == set(range(20, 39))


def test_s2_7_2_flor_declared_automatically_at_first_decision() -> None:
    """RULES §2.7.2 (automatic): the engine declares a flor at its holder's first decision in
    trick 1, before he plays or answers."""
    m = scenario(ARG, [E33, F29])
    assert events(m) == ()
    m.apply("play 3B", 0)
    assert events(m) == ((1, 3, "flor"),)
    m = scenario(ARG, [E33, F29], ["0:truco"])  # first decision = answering the truco
    assert events(m) == ((1, 3, "flor"),)


def test_tv77_s2_7_3_uncontested_flor_scores_3() -> None:
    """RULES §9 TV77 / §2.7.3: flor, opponents have none -> flor team +3."""
    m = scenario(ARG, [F29, E33])
    assert hand_points(m) == (3, 0)
    m = scenario(ARG, [E33, F29], ["0:play 3B"])
    assert hand_points(m) == (0, 3)


def test_tv78_s2_7_3_two_flores_same_team_4p() -> None:
    """RULES §9 TV78 / §2.7.3 (D14): two flores in team X, none in Y -> X +6 (`once`: +3)."""
    hands = [F29, "3E 4O 5C", F26B, "7E 1E 2C"]
    assert hand_points(scenario(ARG, hands)) == (6, 0)
    m = scenario(ARG, hands, options={"flor_same_team_multiple": "once"})
    assert hand_points(m) == (3, 0)


def test_tv79_s2_7_3_con_flor_me_achico() -> None:
    """RULES §9 TV79 / §2.7.3: X flor, Y flor answers "con flor me achico" -> X +3."""
    m = scenario(ARG, [F26, F29])
    assert texts(m, 1) == [
        "con-flor-me-achico",
        "con-flor-quiero",
        "contraflor",
        "contraflor-al-resto",
    ]
    m.apply("con-flor-me-achico", 1)
    assert hand_points(m) == (3, 0)


@pytest.mark.parametrize(("hands", "pts"), [([F26, F29], (0, 4)), ([F29, F26], (4, 0))])
def test_s2_7_3_con_flor_quiero_best_flor_scores_4(hands: list[str], pts: tuple[int, int]) -> None:
    """RULES §2.7.3: "con flor quiero" -> the best flor's team scores 4."""
    m = scenario(ARG, hands, ["1:con-flor-quiero"])
    assert hand_points(m) == pts


@pytest.mark.parametrize("mano", [0, 1])
def test_s2_7_3_best_flor_tie_goes_to_player_nearest_mano(mano: int) -> None:
    """RULES §2.7.3: equal flores -> the player nearest the mano (by analogy with envido)."""
    m = scenario(ARG, [F26, F26B], [f"{1 - mano}:con-flor-quiero"], mano=mano)
    pts = [0, 0]
    pts[mano] = 4
    assert hand_points(m) == tuple(pts)


def test_tv81_s2_7_3_contraflor_accepted() -> None:
    """RULES §9 TV81 / §2.7.3: X flor 26, Y contraflor, X accepts; Y flor 29 -> Y +6."""
    m = scenario(ARG, [F26, F29], ["1:contraflor"])
    assert texts(m, 0) == ["quiero", "no-quiero", "contraflor-al-resto"]
    m.apply("quiero", 0)
    assert hand_points(m) == (0, 6)


def test_tv82_s2_7_3_contraflor_refused() -> None:
    """RULES §9 TV82 / §2.7.3: X flor, Y contraflor, X refuses -> Y +4."""
    m = scenario(ARG, [F26, F29], ["1:contraflor", "0:no-quiero"])
    assert hand_points(m) == (0, 4)


def test_s2_7_3_contraflor_al_resto_accepted_leader_remaining() -> None:
    """RULES §2.7.3: contraflor al resto accepted -> best flor's team scores T - L (default)."""
    m = scenario(ARG, [F26, F29], ["1:contraflor-al-resto", "0:quiero"], scores=(10, 5))
    assert hand_points(m) == (0, 20)
    assert not m.history  # the hand goes on (contraflor_al_resto_ends_hand=false)


def test_s2_7_3_contraflor_al_resto_answers_contraflor() -> None:
    """RULES §2.7.3: contraflor al resto may answer a contraflor."""
    m = scenario(ARG, [F29, F26], ["1:contraflor", "0:contraflor-al-resto"], scores=(10, 12))
    assert texts(m, 1) == ["quiero", "no-quiero"]
    m.apply("quiero", 1)
    assert hand_points(m) == (18, 0)


def test_s2_7_3_contraflor_al_resto_refused_6_or_4() -> None:
    """RULES §2.7.3 (D16): contraflor al resto refused -> caller 6 (default) or 4 (option)."""
    m = scenario(ARG, [F26, F29], ["1:contraflor-al-resto", "0:no-quiero"])
    assert hand_points(m) == (0, 6)
    m = scenario(
        ARG,
        [F26, F29],
        ["1:contraflor-al-resto", "0:no-quiero"],
        options={"contraflor_al_resto_refused": 4},
    )
    assert hand_points(m) == (0, 4)


@pytest.mark.parametrize(
    ("hands", "scores", "mode", "points"),
    [
        ((F26, F29), (10, 20), "wins_chico", (0, 10)),  # side 1 (20) takes the chico
        ((F29, F26), (10, 20), "wins_chico", (20, 0)),  # side 0 (10) takes the chico
        ((F29, F26), (1, 10), "leader_remaining_plus_3_per_flor", (26, 0)),  # 30 - 10 + 3 * 2
    ],
)
def test_s2_7_3_contraflor_al_resto_value_options(
    hands: tuple[str, str], scores: tuple[int, int], mode: str, points: tuple[int, int]
) -> None:
    """RULES §2.7.3 (D17): wins_chico / leader_remaining_plus_3_per_flor."""
    m = scenario(
        ARG,
        list(hands),
        ["1:contraflor-al-resto", "0:quiero"],
        scores=scores,
        options={"contraflor_al_resto_value": mode},
    )
    assert hand_points(m) == points
    if mode == "wins_chico":
        assert m.winner() == (0 if points[0] else 1)


def test_s2_7_3_contraflor_al_resto_ends_hand_option() -> None:
    """RULES §2.7.3 (D18) contraflor_al_resto_ends_hand=true: no truco is played."""
    m = scenario(
        ARG,
        [F26, F29],
        ["1:contraflor-al-resto", "0:quiero"],
        scores=(10, 2),
        options={"contraflor_al_resto_ends_hand": True},
    )
    h = m.history[0]
    assert h.points == (0, 20) and h.tricks == () and h.winner is None
    assert h.end_reason == "contraflor-al-resto"


def test_s2_7_3_only_flor_holders_respond_4p() -> None:
    """RULES §2.7.3: contraflor (and every response) only by a player who holds a flor."""
    hands = ["7C 6C 5C", "4B 5B 11O", "1E 2O 3E", "12B 10B 11B"]
    m = scenario(ARG, hands)
    assert m.hand.turn == 3
    assert texts(m, 1) == [] and texts(m, 2) == [] and texts(m, 0) == []
    illegal(m, 1, "contraflor")
    m.apply("contraflor", 3)
    assert texts(m, 2) == []  # seat 2 (X) has no flor: only seat 0 answers
    m.apply("quiero", 0)
    assert hand_points(m) == (6, 0)


@pytest.mark.parametrize(("mode", "pts"), [("three_per_flor", (3, 3)), ("three_to_best", (0, 3))])
def test_s2_7_3_flor_duel_mode_options(mode: str, pts: tuple[int, int]) -> None:
    """RULES §2.7.3 (D15) flor_duel_mode alternatives."""
    m = scenario(ARG, [F26, F29], options={"flor_duel_mode": mode})
    assert hand_points(m) == pts


def test_tv84_s2_7_4_envido_then_flor_declared() -> None:
    """RULES §9 TV84 / §2.7.4: envido called, then a flor is declared -> envido void, flor
    scored."""
    m = scenario(ARG, [E33, F29], ["0:envido"])
    assert events(m) == ((1, 3, "flor"),)
    assert m.hand.phase == 0 and m.hand.turn == 0  # nothing to answer: back to play
    play_out(m, {0: E33.split(), 1: F29.split()})
    assert "envido" not in reasons(m)


def test_s2_7_4_flor_answers_envido_manual() -> None:
    """RULES §2.7.4: a flor may be declared in answer to an envido (manual declaration)."""
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario(ARG, [E33, F29], ["0:envido"], options=opts)
    assert "flor" in texts(m, 1)
    m.apply("flor", 1)
    # with manual declaration flor points wait for the end of the hand (the showing check)
    assert events(m) == () and m.hand.flor_deferred == [(1, 3, 1)]
    # the envido is cancelled: nobody answers it, play goes on with the mano
    assert m.hand.turn == 0 and "play 7E" in texts(m, 0)
    for s in (0, 1):
        assert not any(e in texts(m, s) for e in ("envido", "quiero", "no-quiero"))
    illegal(m, 1, "quiero")
    play_out(m, {0: E33.split(), 1: F29.split()})
    assert "envido" not in reasons(m) and (1, 3, "flor") in events(m)


def test_s2_7_4_truco_suspended_during_flor_exchange() -> None:
    """RULES §2.7.4 / §2.5: truco calls are suspended until every flor exchange is settled."""
    m = scenario(ARG, [F26, F29])
    for s in (0, 1):
        assert "truco" not in texts(m, s)
    illegal(m, 0, "truco")
    m.apply("con-flor-quiero", 1)
    assert "truco" in texts(m, 0) and "truco" in texts(m, 1)


def test_s2_7_4_flor_credited_before_truco() -> None:
    """RULES §2.7.4: flor points are credited before truco points."""
    m = scenario(ARG, [STRONG, "4B 5B 6B"], ["0:truco", "1:quiero"])
    play_out(m, {0: STRONG.split(), 1: ["4B", "5B", "6B"]})
    assert m.history[0].events == ((1, 3, "flor"), (0, 2, "tricks"))


def test_s2_7_4_truco_pending_suspended_by_flor_exchange_4p() -> None:
    """RULES §2.7.4 / §2.5: a flor duel arising while a truco is pending is settled first; then
    the truco answer is due."""
    hands = ["4E 5O 6C", "4B 5B 11B", "6O 11O 12O", "10E 11E 2C"]
    m = scenario(ARG, hands, ["0:truco"])
    assert m.hand.turn == 2 and texts(m, 1) == [] and texts(m, 3) == []
    assert texts(m, 2) == [
        "con-flor-me-achico",
        "con-flor-quiero",
        "contraflor",
        "contraflor-al-resto",
    ]
    m.apply("con-flor-me-achico", 2)
    assert hand_points(m) == (0, 3)
    assert m.hand.turn == 1 and texts(m, 1) == ["quiero", "no-quiero", "retruco", "mazo"]


def test_s2_7_2_manual_flor_hidden_penalty() -> None:
    """RULES §2.7.2 manual_with_penalty: a flor hidden (first card played without declaring) gives
    the opponents 3; declaring is only possible before one's first card."""
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario(ARG, [F29, "4O 5C 6E"], options=opts)
    assert "flor" in texts(m, 0)
    m.apply("play 11B", 0)
    assert "flor" not in texts(m, 0)
    m.apply("mazo", 1)
    assert (1, 3, "hidden flor") in m.history[0].events


def test_s2_7_2_manual_flor_quitting_without_showing_forfeits() -> None:
    """RULES §2.7.2 manual_with_penalty: "quitting after declaring without showing ... -> that
    flor is lost and the opponents score 3". X declares flor, then goes to the deck before showing:
    X keeps nothing from the flor; Y scores 3 for it plus the stake 1 for the mazo."""
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario(ARG, [F29, E33], ["0:flor"], options=opts)
    m.apply("mazo", 0)
    h = m.history[0]
    assert (0, 3, "flor") not in h.events
    assert h.points == (0, 4)


def test_s2_11_flor_cannot_be_bluffed() -> None:
    """RULES §2.7.2 / §2.11: declaring flor without a flor is forbidden."""
    opts = {"flor_declaration": "manual_with_penalty"}
    m = scenario(ARG, [E33, E4], options=opts)
    assert "flor" not in texts(m, 0)
    illegal(m, 0, "flor")


# =============================================================================================
# §2.8 Scoring and match (TV88)
# =============================================================================================


@pytest.mark.parametrize("variant", [ARG, SIN, BLOG])
def test_s2_8_1_target_30_malas_buenas(variant: str) -> None:
    """RULES §2.8.1 / §4 B19: target 30 = 15 malas + 15 buenas."""
    v = tr.get_variant(variant)
    assert v.match.target == 30
    assert v.match.score_text(15) == "15 malas"
    assert v.match.score_text(16) == "1 buenas"
    m = v.new_match(2, seed=0, scores=(15, 16))
    assert m.score_text() == "15 malas - 1 buenas"


def test_s2_8_1_target_18_with_buenas_from_10() -> None:
    """RULES §2.8.1: S2's format, target 18 with buenas from 10 (= half + 1)."""
    mr = tr.get_variant(ARG, {"target": 18}).match
    assert mr.split and not mr.in_buenas(9) and mr.in_buenas(10)


def test_s2_8_1_chicos_new_chico_starts_0_0() -> None:
    """RULES §2.8.1: a match of chicos_to_win chicos; a new chico starts 0-0."""
    v = tr.get_variant(ARG, {"chicos_to_win": 2})
    order = tr.deal_order(v, [E33, E4])
    m = v.new_match(2, deals=[order], scores=(28, 0))
    m.apply("envido", 0)
    m.apply("quiero", 1)
    assert m.chicos == (1, 0)
    assert m.score == (0, 0)
    assert not m.is_over()


def test_s2_8_2_points_per_hand_are_envido_plus_truco() -> None:
    """RULES §2.8.2: points per hand = envido/flor results + the truco stake to the hand winner."""
    m = scenario(ARG, [STRONG, WEAK], ["0:envido", "1:quiero", "0:truco", "1:quiero"])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].events == ((0, 2, "envido"), (0, 2, "tricks"))
    assert m.score == (4, 0)


def test_tv88_s2_8_3_envido_reaches_target_first() -> None:
    """RULES §9 TV88 / §2.8.3: X 28, Y 26; X wins envido 2, Y would win truco 4 -> X wins the game
    (30 first); the hand stops at once."""
    hands = [E33_WEAK, STRONG]  # X 33 of envido, Y wins every trick
    m = scenario(ARG, hands, ["1:truco", "0:envido", "1:quiero"], scores=(28, 26))
    assert m.is_over() and m.winner() == 0
    assert m.score == (30, 26)
    assert m.history[0].end_reason == "target"


def test_s2_8_3_flor_reaching_target_ends_chico_at_once() -> None:
    """RULES §2.8.3 / §2.7.4: flor points are credited the moment they are settled and can win the
    chico before any card is played."""
    m = scenario(ARG, [F29, E33], scores=(28, 0))
    assert m.is_over() and m.winner() == 0 and m.score == (31, 0)
    assert m.history[0].end_reason == "target" and m.history[0].tricks == ()


def test_s2_8_3_envido_credited_immediately() -> None:
    """RULES §2.8.3 / §2.6.5: envido points count the moment they are settled (falta reads them)."""
    m = scenario(ARG, [E33, E4], ["0:envido", "1:quiero"])
    assert m.hand.pts_now == [2, 0]


def test_s2_8_1_no_hand_of_eleven_in_argentine() -> None:
    """RULES §2.8.1: no "hand of 11/10" or iron hand: near the target the truco ladder is open."""
    m = scenario(ARG, [E33, E4], scores=(29, 29))
    assert "truco" in texts(m, 0) and "truco" in texts(m, 1)
    m.apply("truco", 1)
    assert "retruco" in texts(m, 0)


# =============================================================================================
# §2.9 Face-down cards (TV42)
# =============================================================================================


def test_tv42_s2_9_face_down_loses_to_any_face_up() -> None:
    """RULES §9 TV42 / §2.9: 4E face up vs 3B face down -> 4E."""
    m = scenario(ARG, ["4E 5O 6B", "3B 4O 5C"], ["0:play 4E", "1:play 3B down"])
    assert m.hand.results == [0]
    m = scenario(ARG, ["4E 5O 6B", "3B 4O 5C"], ["0:play 4E down", "1:play 4O"])
    assert m.hand.results == [1]


def test_s2_9_two_face_down_cards_tie() -> None:
    """RULES §2.9: a face-down card ties only with another face-down card."""
    m = scenario(ARG, ["1E 5O 6B", "3B 4O 5C"], ["0:play 1E down", "1:play 3B down"])
    assert m.hand.results == [-1]


def test_s2_9_face_down_first_trick_option() -> None:
    """RULES §2.9 (D29): face-down allowed in trick 1 by default; facedown_allowed_first_trick=false
    forbids it in trick 1 only."""
    m = scenario(ARG, [E33, E4])
    assert "play 3B down" in texts(m, 0)
    m = scenario(ARG, [E33, E4], options={"facedown_allowed_first_trick": False})
    assert "play 3B down" not in texts(m, 0)
    illegal(m, 0, "play 3B down")
    m.apply("play 7E", 0)
    m.apply("play 4C", 1)
    assert "play 3B down" in texts(m, 0)


# =============================================================================================
# §2.10 Going to the deck (TV85)
# =============================================================================================


def test_tv85_s2_10_mazo_before_any_card_no_calls() -> None:
    """RULES §9 TV85 / §2.10: team goes to mazo before playing any card, no calls ->
    opponents +2."""
    m = scenario(ARG, [E33, E4], ["0:mazo"])
    assert m.history[0].points == (0, 2)
    m = scenario(ARG, [E33, E4], ["0:play 3B", "1:mazo"])  # Y has played no card yet
    assert m.history[0].points == (2, 0)


def test_s2_10_mazo_bonus_with_truco_pending() -> None:
    """RULES §2.10: leaving with a truco pending = refusing it (1), plus the bonus (no card played
    by the leaving team, no envido/flor called) -> 2."""
    m = scenario(ARG, [E33, E4], ["0:truco", "1:mazo"])
    assert m.history[0].points == (2, 0)


def test_s2_10_mazo_bonus_with_truco_accepted() -> None:
    """RULES §2.10: the accepted stake (2) plus the bonus when the leaving team played no card."""
    m = scenario(ARG, [E33, E4], ["1:truco", "0:quiero", "0:mazo"])
    assert m.history[0].points == (0, 3)


def test_s2_10_mazo_after_own_card_no_bonus() -> None:
    """RULES §2.10: the bonus applies only if the leaving team has not played any card."""
    m = scenario(ARG, [STRONG, WEAK], ["0:play 1E", "1:play 4O", "0:play 1B", "1:mazo"])
    assert m.history[0].points == (1, 0)


def test_s2_10_mazo_after_envido_no_bonus() -> None:
    """RULES §2.10: no bonus once an envido has been called in the hand."""
    m = scenario(ARG, [E33, E4], ["0:envido", "1:no-quiero", "0:mazo"])
    assert m.history[0].points == (1, 1)


def test_s2_10_mazo_after_flor_no_bonus() -> None:
    """RULES §2.10: no bonus once a flor has been called in the hand."""
    m = scenario(ARG, [F29, E4], ["0:play 4B", "1:mazo"])
    assert m.history[0].points == (4, 0)  # flor 3 + stake 1


def test_s2_10_mazo_scores_accepted_stake() -> None:
    """RULES §2.10 / §1.5: the opponents score the current accepted truco stake."""
    m = scenario(
        ARG, [E33, E4], ["0:play 3B", "1:play 4C", "0:truco", "1:quiero", "0:play 7E", "1:mazo"]
    )
    assert m.history[0].points == (2, 0)
    m = scenario(
        ARG,
        [E33, E4],
        ["0:play 3B", "1:play 4C", "0:truco", "1:retruco", "0:quiero", "0:play 7E", "1:mazo"],
    )
    assert m.history[0].points == (3, 0)


def test_s2_10_mazo_with_pending_call_is_refusal() -> None:
    """RULES §2.10 / §1.5: going to the deck with a truco call pending counts as refusing it."""
    m = scenario(ARG, [E33, E4], ["0:play 3B", "1:play 4C", "1:truco", "0:retruco", "1:mazo"])
    assert m.history[0].points == (2, 0)
    assert m.history[0].end_reason == "mazo"


def test_s2_10_mazo_only_on_own_turn() -> None:
    """RULES §2.10: a player abandons the hand on his turn."""
    m = scenario(ARG, [E33, E4])
    assert "mazo" not in texts(m, 1)
    illegal(m, 1, "mazo")


def test_s2_10_partner_plays_on_4p() -> None:
    """RULES §2.10: a player who leaves wins no more tricks; his partners play on; the hand ends
    when every player of a team has left."""
    hands = ["4E 5O 6B", "4B 5C 6O", "1E 1B 7E", "10E 11O 12C"]
    m = scenario(ARG, hands, ["0:mazo"])
    assert not m.history and m.hand.turn == 1
    play_out(m, {1: ["4B", "5C", "6O"], 2: ["1E", "1B", "7E"], 3: ["10E", "11O", "12C"]})
    h = m.history[0]
    assert h.winner == 0 and h.points == (1, 0) and h.tricks == (0, 0)
    # both partners leave: the hand ends, the opponents score (bonus: X played no card)
    m = scenario(ARG, hands, ["0:mazo", "1:play 4B", "2:mazo"])
    assert m.history[0].points == (0, 2)


def test_s2_10_non_leaving_team_flor_still_scored() -> None:
    """RULES §2.10: if the non-leaving team holds a flor it is still declared and scored."""
    m = scenario(ARG, [E33, F29], ["0:mazo"])
    h = m.history[0]
    assert (1, 3, "flor") in h.events
    assert h.points[1] >= 4  # flor 3 + stake 1 (+ possibly the envido bonus)


# =============================================================================================
# §2.11 Lying, showing and penalties
# =============================================================================================


def test_s2_11_bluffing_calls_is_legal() -> None:
    """RULES §2.11: bluffing in the truco and envido ladders is legal (weak cards may call)."""
    m = scenario(ARG, ["4O 5B 6C", E33])
    assert {"truco", "envido", "real-envido", "falta-envido"} <= set(texts(m, 0))
    m = scenario(ARG, ["4O 5B 6C", E33], ["0:truco", "1:quiero"])
    assert "retruco" not in texts(m, 0)  # raise rights still apply
    m = scenario(ARG, ["4O 5B 6C", E33], ["1:truco", "0:retruco"])
    assert m.hand.call == 2


def test_s2_11_any_number_may_be_declared() -> None:
    """RULES §2.11 (S2 Envido k): any number said is valid (the lie is punished later)."""
    opts = {"envido_declaration": "declared_with_penalty"}
    m = scenario(ARG, [E25, E30], ["0:envido", "1:quiero"], options=opts)
    assert "declare 33" in texts(m, 0) and "declare 0" in texts(m, 0)


def test_s2_11_envido_winner_leaving_without_showing_forfeits() -> None:
    """RULES §2.11: an envido winner who abandons the hand without showing loses those points."""
    opts = {"envido_declaration": "declared_with_penalty"}
    m = scenario(
        ARG,
        [E30, E25],
        ["0:envido", "1:quiero", "0:declare 30", "1:son-buenas", "0:mazo"],
        options=opts,
    )
    h = m.history[0]
    assert (1, 2, "envido forfeited") in h.events
    assert h.points == (0, 3)  # envido 2 to Y + the stake 1 for the mazo


# =============================================================================================
# §3 argentine-sin-flor
# =============================================================================================


def test_s3_sin_flor_has_no_flor() -> None:
    """RULES §3: no flor; three cards of one suit are an ordinary envido hand (7C 6C 5C = 33)."""
    v = tr.get_variant(SIN)
    assert v.flor is None and v.flor_points("7C 6C 5C") is None
    m = scenario(SIN, ["7C 6C 5C", E4])
    assert events(m) == ()
    assert "envido" in texts(m, 0)
    m.apply("envido", 0)
    m.apply("quiero", 1)
    assert m.hand.env_public[0] == (0, 33)
    assert hand_points(m) == (2, 0)


def test_s3_sin_flor_flor_part_of_mazo_disabled() -> None:
    """RULES §3: the flor part of §2.10 is disabled (a three-suited hand scores nothing extra)."""
    m = scenario(SIN, [E33, F29], ["0:mazo"])
    assert m.history[0].events == ((1, 2, "mazo"),)


def test_s3_sin_flor_otherwise_identical_to_argentine() -> None:
    """RULES §3: identical to argentine except the flor."""
    diffs = tr.compare(tr.get_variant(ARG), tr.get_variant(SIN))
    flor_options = {f.name for f in option_fields(tr.get_variant(ARG).flor)}
    assert {d.rule for d in diffs} <= {"flor"} | flor_options


# =============================================================================================
# §4 argentine-blog
# =============================================================================================


def test_s4_b1_blog_has_no_flor() -> None:
    """RULES §4 B1: the blog plays sin flor."""
    v = tr.get_variant(BLOG)
    assert v.flor is None
    m = scenario(BLOG, ["7C 6C 5C", E4], ["0:envido", "1:quiero"])
    assert hand_points(m) == (2, 0)


def test_tv06_s4_b2_blog_unsuited_sum_two_highest() -> None:
    """RULES §9 TV06 / §4 B2: argentine-blog 7B 6C 5E -> envido 13."""
    v = tr.get_variant(BLOG)
    assert v.envido_points("7B 6C 5E") == 13
    assert v.envido_points("7E 6E 3B") == 33  # suited pairs unchanged


def test_s4_b9_blog_last_raiser_states_first() -> None:
    """RULES §4 B9: the last player who raised states his envido first."""
    m = scenario(BLOG, [E25, E30], ["0:envido", "1:real-envido", "0:quiero"])
    assert m.hand.env_public == [(1, 30), (0, None)]
    m = scenario(BLOG, [E30, E25], ["0:envido", "1:real-envido", "0:quiero"])
    assert m.hand.env_public == [(1, 25), (0, 30)]


def test_s4_b9_blog_tie_still_nearest_mano() -> None:
    """RULES §4 (unchanged from standard): envido tie -> player nearest the mano."""
    m = scenario(BLOG, ["7B 1B 4E", "6C 2C 5O"], ["0:envido", "1:envido", "0:quiero"])
    assert hand_points(m) == (4, 0)


def test_s4_b12_blog_points_added_at_end_of_hand() -> None:
    """RULES §4 B12: all points are added at the end of the round (the envido does not end the
    chico mid-hand)."""
    m = scenario(BLOG, [E33_WEAK, STRONG], ["0:envido", "1:quiero"], scores=(28, 0))
    assert not m.history and not m.hand.over  # 28 + 2 = 30 but the hand goes on
    assert m.score == (28, 0)
    play_out(m, {0: E33_WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (2, 1)
    assert m.winner() == 0 and m.score == (30, 1)


def test_s4_b13_blog_both_reach_target_higher_total_wins() -> None:
    """RULES §4 B13: both teams pass the target in one hand -> the higher total wins."""
    m = scenario(
        BLOG,
        [E33_WEAK, STRONG],
        ["0:envido", "1:real-envido", "0:quiero", "1:truco", "0:quiero"],
        scores=(27, 28),
    )
    play_out(m, {0: E33_WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (5, 2)
    assert m.winner() == 0 and m.score == (32, 30)


def test_s4_b13_blog_equal_totals_play_another_hand() -> None:
    """RULES §4 B13 default higher_score_else_play_on: equal totals -> another hand."""
    m = scenario(
        BLOG, [E33_WEAK, STRONG], ["0:envido", "1:quiero", "1:truco", "0:quiero"], scores=(28, 28)
    )
    play_out(m, {0: E33_WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (2, 2)
    assert m.score == (30, 30)
    assert not m.is_over() and m.is_chance_node()


def test_s4_b13_blog_envido_team_wins_option() -> None:
    """RULES §4 B13 alt simultaneous_finish=envido_team_wins."""
    m = scenario(
        BLOG,
        [E33_WEAK, STRONG],
        ["0:envido", "1:quiero", "1:truco", "0:retruco", "1:quiero"],
        scores=(28, 28),
        options={"simultaneous_finish": "envido_team_wins"},
    )
    play_out(m, {0: E33_WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (2, 3)
    assert m.winner() == 0


def test_s4_b14_blog_truco_any_time() -> None:
    """RULES §4 B14: truco may be called any time, even during someone else's turn."""
    m = scenario(BLOG, [E33, E4])
    assert m.hand.turn == 0 and "truco" in texts(m, 1)
    m.apply("truco", 1)
    m.apply("quiero", 0)
    m.apply("play 3B", 0)
    assert "retruco" in texts(m, 0)  # X accepted: X may raise while Y is to play


def test_s4_b17_played_cards_visible_option() -> None:
    """RULES §4 B17: played cards stay visible by default; played_cards_visible=False gathers each
    finished trick face down (other seats no longer see its cards)."""
    assert tr.get_variant(BLOG).options()["played_cards_visible"] is True
    acts = ["0:play 3B", "1:play 4C", "0:play 7E"]
    shown = scenario(BLOG, [E33, E4], acts)
    hidden = scenario(BLOG, [E33, E4], acts, options={"played_cards_visible": False})
    assert [p.card and str(p.card) for p in shown.observation(1).current.table] == [
        "3B",
        "4C",
        "7E",
    ]
    assert [p.card and str(p.card) for p in hidden.observation(1).current.table] == [
        None,
        "4C",
        "7E",
    ]


def test_tv87_s4_b16_blog_resign_before_any_card() -> None:
    """RULES §9 TV87 / §4 B16: argentine-blog, a team resigns before any card, no calls -> +1."""
    m = scenario(BLOG, [E33, E4], ["0:mazo"])
    assert m.history[0].points == (0, 1)


def test_s4_b16_blog_individual_resignation_4p() -> None:
    """RULES §4 B16: individual resignation; the partner plays on."""
    hands = ["4E 5O 6B", "4B 5C 6O", "1E 1B 7E", "10E 11O 12C"]
    m = scenario(BLOG, hands, ["0:mazo"])
    assert not m.history
    play_out(m, {1: ["4B", "5C", "6O"], 2: ["1E", "1B", "7E"], 3: ["10E", "11O", "12C"]})
    assert m.history[0].points == (1, 0)
    m = scenario(BLOG, hands, ["0:mazo", "1:play 4B", "2:mazo"])
    assert m.history[0].points == (0, 1)


def test_s4_b18_blog_wrong_envido_number_other_team_wins() -> None:
    """RULES §4 B18: a wrong envido number -> the other team wins the envido (declared mode)."""
    opts = {"envido_declaration": "declared_with_penalty"}
    m = scenario(BLOG, [E30, E25], ["0:envido", "1:quiero"], options=opts)
    assert m.hand.turn == 0  # B9: seat 0 raised last (he called) and states first
    m.apply("declare 32", 0)
    m.apply("son-buenas", 1)
    m.apply("truco", 0)
    m.apply("no-quiero", 1)
    assert m.history[0].events == ((1, 2, "envido forfeited"), (0, 1, "refused"))


def test_s4_b19_blog_target_30() -> None:
    """RULES §4 B19: target 30 (15 malas + 15 buenas, names only: B6 ignores malas)."""
    v = tr.get_variant(BLOG)
    assert v.match.target == 30
    assert v.match.score_text(20) == "5 buenas"
    m = _falta(BLOG, (3, 14), 0)  # both in malas, yet falta = T - L
    assert hand_points(m) == (16, 0)


def test_s4_unchanged_truco_ladder_and_raise_rights() -> None:
    """RULES §4 (unchanged): truco ladder 2/1, 3/2, 4/3 and raise rights."""
    v = tr.get_variant(BLOG)
    assert v.describe()["ladder"] == tr.get_variant(ARG).describe()["ladder"]
    m = scenario(BLOG, [E33, E4], ["1:truco", "0:quiero"])
    assert "retruco" in texts(m, 0) and "retruco" not in texts(m, 1)
    m = scenario(BLOG, [E33, E4], ["0:truco", "1:retruco", "0:no-quiero"])
    assert m.history[0].points == (0, 2)


def test_s4_unchanged_envido_before_first_card_and_before_truco() -> None:
    """RULES §4 (unchanged): envido only before one's first card; envido before truco."""
    m = scenario(BLOG, [E33, E4], ["0:play 3B"])
    assert "envido" not in texts(m, 0) and "envido" in texts(m, 1)
    m = scenario(BLOG, [E33, E4], ["0:truco", "1:envido", "0:quiero"])
    assert m.hand.turn == 1 and "quiero" in texts(m, 1)


def test_s4_blog_options_row_by_row() -> None:
    """RULES §4: the option values that encode B2-B16."""
    o = tr.get_variant(BLOG).options()
    assert o["envido_unsuited"] == "sum_two_highest"  # B2
    assert o["envido_refused"] == "prior_accepted_plus_own"  # B3, B4, B8
    assert o["allow_real_envido_twice"] is True  # B5
    assert o["falta_mode"] == "leader_remaining"  # B6
    assert o["envido_declaration_order"] == "last_raiser_first"  # B9
    assert o["second_trick_tie_after_win"] == "third_trick_decides"  # B10
    assert o["third_trick_tie_after_split"] == "mano"  # B11
    assert o["third_trick_tie_after_win_tie"] == "mano"  # B11
    assert o["score_timing"] == "end_of_hand"  # B12
    assert o["simultaneous_finish"] == "higher_score_else_play_on"  # B13
    assert o["truco_call_timing"] == "any_time"  # B14
    assert o["mazo_envido_bonus"] == "never"  # B16


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


@pytest.mark.parametrize(("target", "split"), [(12, False), (15, False), (30, True), (18, True)])
def test_s2_6_4_malas_buenas_auto_split_needs_even_target_of_18_or_more(
    target: int, split: bool
) -> None:
    """RULES §2.6.4 / §2.8.1: with malas_buenas_split='auto' the target splits into malas and
    buenas only when it is even and at least 18 (30: 15 malas + 15 buenas; 12: plain points)."""
    m = scenario(ARG, [E33, E4], scores=(5, 3), options={"target": target})
    assert m.variant.match.split is split
    assert m.score_text() == ("5 malas - 3 malas" if split else "5 - 3")


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


def test_s2_6_1_a_score_kept_for_one_unsuited_rule_is_not_read_by_the_other() -> None:
    """RULES §2.6.1: the score of three cards is worked out once per process and kept; the
    two unsuited rules score the same cards apart (1E 2B 3O: the highest 3, the two highest
    5), whichever asked first and in any order of the cards."""
    highest = tr.get_variant(ARG, {"envido_unsuited": "highest_card"}).envido
    two = tr.get_variant(ARG, {"envido_unsuited": "sum_two_highest"}).envido
    assert highest is not None and two is not None
    cards = tr.parse_cards("1E 2B 3O")
    for order in itertools.permutations(cards):
        assert (highest.points(order), two.points(order), highest.points(order)) == (3, 5, 3)
    assert two.points(tr.parse_cards("7O 5O 3O")) == 32  # a suit pair beats the rule


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


UNSUITED_7 = "7E 4C 12O"  # three suits: envido 7 (the 7 alone)


UNSUITED_5 = "5B 3O 11C"  # three suits: envido 5


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


def test_s1_5_no_card_while_a_call_waits_for_an_answer() -> None:
    """RULES §1.5: a pending truco must be answered first; a card is refused naming the
    call to answer."""
    m = scenario(SIN, [E33, E4], ["0:truco"])
    rejected(m, "play 4C", 1, tr.IllegalAction, r"answer the truco first")


def test_s1_5_an_answer_with_nothing_to_answer_names_the_phase() -> None:
    """RULES §1.5: 'quiero' with no call pending is refused: the reason says there is no
    bet to answer."""
    m = scenario(SIN, [E33, E4])
    rejected(m, "quiero", 0, tr.IllegalAction, "there is no bet to answer")


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
