"""Rule-by-rule tests of Truco Paulista (``paulista``) against RULES.md.

Covers RULES §0.2 (French notation), §1.2-§1.5 as §5 applies them, §5.1-§5.7 and the §9 test
vectors about Paulista (TV27-TV35, TV50, TV90-TV94; the vector id is in the test name), plus
bad input: every rejected action raises a :class:`truco_rules.TrucoError` subclass and leaves
the match exactly as it was.

Conventions: ``X`` is side 0 (seat 0, the mão unless stated), ``Y`` side 1. Every test cites
its RULES section in its name and docstring. Cards are written in the French notation of the
variant (``Qc`` = queen of clubs, ``4h`` = four of hearts).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from conftest import play_out, rejected, scenario, trick_pattern, unchanged_after

import truco_rules as tr
from truco_rules.cards import FRENCH, SPANISH, Card, Suit
from truco_rules.hooks import MANO, SPECIAL_IRON, SPECIAL_NONE, SPECIAL_ONE, SpecialHands, TrickRule

P = "paulista"

# Cyclic rank order of §5.2, low to high, and vira rank -> manilha rank (the §5.2 table).
ORDER = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
VIRA_TABLE = [
    ("4", "5"),
    ("5", "6"),
    ("6", "7"),
    ("7", "Q"),
    ("Q", "J"),
    ("J", "K"),
    ("K", "A"),
    ("A", "2"),
    ("2", "3"),
    ("3", "4"),
]
SUITS_HIGH_TO_LOW = ["c", "h", "s", "d"]  # zap, copas, espadilha, pica-fumo

# With vira 7d the manilhas are the queens: X's hand wins every trick against Y's.
VIRA = "7d"
STRONG = "Qc Qh 3s"
WEAK = "4c 5h 6s"


def paulista(**options: object) -> tr.Variant:
    return tr.get_variant(P, options or None)


def fill(v: tr.Variant, fixed: Sequence[Sequence[str]], vira: str | None) -> list[str]:
    """Three-card hands: seat ``s`` holds ``fixed[s]`` and spare cards after them."""
    used = {v.card(c) for cards in fixed for c in cards}
    if vira is not None:
        used.add(v.card(vira))
    spare = [c for c in v.deck.cards if c not in used]
    hands = []
    for cards in fixed:
        extra = [v.format_card(spare.pop(0)) for _ in range(3 - len(cards))]
        hands.append(" ".join([*cards, *extra]))
    return hands


def first_trick(a: str, b: str, vira: str, variant: str | tr.Variant = P) -> int:
    """Result of trick 1 when X (mão) plays ``a`` and Y plays ``b``: 0 X, 1 Y, -1 tied."""
    v = tr.get_variant(variant)
    m = scenario(v, fill(v, [[a], [b]], vira), [f"0:play {a}", f"1:play {b}"], turned=vira)
    assert m.hand is not None
    return m.hand.results[0]






def strength(v: tr.Variant, card: str, vira: str) -> int:
    return v.card_strength(card, vira)


# =============================================================================================
# §0.2 Card notation (French deck)
# =============================================================================================


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", 1, Suit.ESPADAS),
        ("2c", 2, Suit.BASTOS),
        ("7h", 7, Suit.COPAS),
        ("Qd", 10, Suit.OROS),
        ("Jh", 11, Suit.COPAS),
        ("Ks", 12, Suit.ESPADAS),
        ("kS", 12, Suit.ESPADAS),  # case-insensitive
        ("aC", 1, Suit.BASTOS),
        ("4♣", 4, Suit.BASTOS),  # suit symbols
        ("A♥", 1, Suit.COPAS),
        ("q♠", 10, Suit.ESPADAS),
        ("J♦", 11, Suit.OROS),
    ],
)
def test_s0_2_french_notation(text: str, rank: int, suit: Suit) -> None:
    """RULES §0.2: ranks A 2-7 Q J K x suits c h s d (or ♣♥♠♦), case-insensitive."""
    assert paulista().card(text) == Card.of(rank, suit)


@pytest.mark.parametrize(
    ("french", "spanish"),
    [("4c", "4B"), ("As", "1E"), ("Qd", "10O"), ("Jh", "11C"), ("Kc", "12B"), ("7d", "7O")],
)
def test_s0_2_french_cards_are_the_spanish_identities(french: str, spanish: str) -> None:
    """RULES §0.2: the same 40 identities, A=1, Q=10, J=11, K=12, c=bastos, h=copas,
    s=espadas, d=oros; the variant writes them back in French."""
    v = paulista()
    assert v.card(french) == SPANISH.parse(spanish)
    assert v.format_card(SPANISH.parse(spanish)) == FRENCH.format(v.card(french))
    assert v.format_card(SPANISH.parse(spanish)).lower() == french.lower()


@pytest.mark.parametrize("text", ["1c", "10h", "Zz", "8s", "9d", "4B", "7E", "Q"])
def test_s0_2_malformed_french_card_is_invalid(text: str) -> None:
    """RULES §0.2: no 1, 8, 9 or 10 in the French deck; Spanish text is not French."""
    with pytest.raises(tr.InvalidCard):
        paulista().card(text)


# =============================================================================================
# §5.1 Deck
# =============================================================================================


def test_s5_1_dirty_deck_is_40_french_cards() -> None:
    """RULES §5.1: baralho sujo = 40 cards (no 8, 9, 10, jokers), French notation."""
    v = paulista()
    assert v.options()["deck"] == "sujo"
    assert v.notation is FRENCH
    assert sorted(v.deck.cards) == sorted(tr.DECK)
    assert v.describe()["deck"] == {"notation": "french", "cards": 40}


def test_s5_1_clean_deck_removes_4_to_7() -> None:
    """RULES §5.1: deck='limpo' also removes 4-7: 24 cards, Q J K A 2 3."""
    v = paulista(deck="limpo")
    assert len(v.deck.cards) == 24 == len(set(v.deck.cards))
    assert {c.rank for c in v.deck.cards} == {10, 11, 12, 1, 2, 3}
    assert v.notation is FRENCH


def test_s5_1_clean_deck_deals_only_its_cards() -> None:
    """RULES §5.1: a clean-deck deal has no 4-7: a chance deal offers 24 cards, and an explicit
    deal holding a 5 is rejected."""
    v = paulista(deck="limpo")
    m = v.new_match(2)
    assert len(m.legal_actions()) == 24
    unchanged_after(m, "deal 5c", None, tr.IllegalAction)
    with pytest.raises(tr.ParseError):
        v.new_match(2, deals=[tr.deal_order(v, ["5c Qh 3s", "Kc Kh Ks"], turned="Ad")])


@pytest.mark.parametrize(("deck", "size"), [("spanish", 40), ("spanish-limpo", 24)])
def test_s5_1_spanish_deck_option(deck: str, size: int) -> None:
    """RULES §0.2 / §5.1: a Brazilian variant may be played with Spanish cards: the same
    identities written 4B, 12C; the -limpo form is the 24-card deck."""
    v = paulista(deck=deck)
    assert v.notation is SPANISH
    assert len(v.deck.cards) == size
    assert v.card("4B") == FRENCH.parse("4c")
    with pytest.raises(tr.InvalidCard):
        v.card("Kc")  # K is no rank of the Spanish notation


def test_s5_1_spanish_deck_plays_like_french() -> None:
    """RULES §0.2 / §5.2: with Spanish cards the vira 7O makes the 10s (Q) the manilhas."""
    v = paulista(deck="spanish")
    assert first_trick("10B", "3C", "7O", v) == 0
    assert v.card_strength("10B", "7O") == 14


@pytest.mark.parametrize(
    ("vira", "manilha"), [("Q", "J"), ("J", "K"), ("K", "A"), ("A", "2"), ("2", "3"), ("3", "Q")]
)
def test_s5_1_clean_deck_manilha_cycle_skips_4_to_7(vira: str, manilha: str) -> None:
    """RULES §5.1 / §5.2: in the 24-card deck the cycle is Q J K A 2 3 Q: vira 3 -> Q."""
    v = paulista(deck="limpo")
    got = v.ranking.manilhas(v.card(vira + "d"), v.deck.cards)
    assert [v.format_card(c) for c in got] == [manilha + s for s in SUITS_HIGH_TO_LOW]


def test_s5_1_clean_deck_vira_3_queen_beats_3() -> None:
    """RULES §5.1: limpo, vira 3c: Qd (pica-fumo) beats 3h in play."""
    assert first_trick("Qd", "3h", "3c", paulista(deck="limpo")) == 0


def test_s5_1_unknown_deck_is_invalid_option() -> None:
    """RULES §5.1: deck is one of sujo, limpo, spanish, spanish-limpo."""
    with pytest.raises(tr.InvalidOption):
        paulista(deck="limpa")


# =============================================================================================
# §5.2 Vira and manilhas (TV27-TV35)
# =============================================================================================


@pytest.mark.parametrize("seats", [2, 4])
def test_s5_2_vira_is_a_chance_event_dealt_last(seats: int) -> None:
    """RULES §1.1 / §5.2: without seed or deals the deal is chance nodes; 3 cards each, then
    the vira, turned for everyone to see and out of play."""
    v = paulista()
    m = v.new_match(seats)
    order = list(v.cards("3c 4h 5s 6d 7c Kh Qd Jd Ad 2c 2h 2s As"))
    for card in order[: 3 * seats]:
        assert m.current_player() == tr.CHANCE and m.is_chance_node()
        assert all(a.verb == "deal" for a in m.legal_actions())
        m.apply(tr.Action.deal(card))
    assert m.current_player() == tr.CHANCE  # every hand is dealt, the vira is still to come
    assert m.observation(0).turned is None
    vira = order[3 * seats]
    assert tr.Action.deal(vira) in m.legal_actions()
    m.apply(f"deal {v.format_card(vira)}")
    assert m.current_player() == 0
    assert m.turned == vira
    assert all(m.observation(s).turned == vira for s in range(seats))
    assert m.hand is not None
    assert all(vira not in m.hand.dealt[s] for s in range(seats))
    assert len(m.actions) == 3 * seats + 1


def test_s5_2_seeded_vira_is_seen_by_everyone() -> None:
    """RULES §5.2: a seeded deal turns a vira that no player holds and every seat sees."""
    m = paulista().new_match(4, seed=11)
    assert m.turned is not None and m.hand is not None
    assert all(m.turned not in cards for cards in m.hand.dealt)
    assert {m.observation(s).turned for s in range(4)} == {m.turned}


@pytest.mark.parametrize(("vira", "manilha"), VIRA_TABLE)
def test_s5_2_manilhas_for_every_vira_rank(vira: str, manilha: str) -> None:
    """RULES §5.2 table: the manilhas are the rank after the vira's in 4 5 6 7 Q J K A 2 3 4,
    ordered ♣ zap 14 > ♥ copas 13 > ♠ espadilha 12 > ♦ pica-fumo 11, above every other card."""
    v = paulista()
    turned = v.card(vira + "h")
    got = v.ranking.manilhas(turned, v.deck.cards)
    assert [v.format_card(c) for c in got] == [manilha + s for s in SUITS_HIGH_TO_LOW]
    table = v.ranking.strengths(turned, v.deck.cards)
    assert [table[c.index] for c in got] == [14, 13, 12, 11]
    assert max(table[c.index] for c in v.deck.cards if c not in got) < 11


@pytest.mark.parametrize(("vira", "manilha"), VIRA_TABLE)
def test_s5_2_manilhas_in_play_by_suit(vira: str, manilha: str) -> None:
    """RULES §5.2: in play, the weakest manilha beats the best ordinary card, and each suit
    beats the next one down (zap > copas > espadilha > pica-fumo)."""
    top_plain = "2" if manilha == "3" else "3"
    turned = vira + "d"
    assert first_trick(manilha + "d", top_plain + "h", turned) == 0
    assert first_trick(top_plain + "c", manilha + "d", turned) == 1
    assert first_trick(manilha + "c", manilha + "h", turned) == 0
    assert first_trick(manilha + "s", manilha + "h", turned) == 1
    assert first_trick(manilha + "d", manilha + "s", turned) == 1


@pytest.mark.parametrize(("vira", "manilha"), VIRA_TABLE)
def test_s5_2_ordinary_ranks_by_rank_only(vira: str, manilha: str) -> None:
    """RULES §5.2: the other ranks keep 3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4 (J above Q),
    suits irrelevant; the vira's own rank is an ordinary rank."""
    v = paulista()
    plain = [r for r in reversed(ORDER) if r != manilha]
    values = [[strength(v, r + s, vira + "d") for s in SUITS_HIGH_TO_LOW] for r in plain]
    assert all(len(set(row)) == 1 for row in values), "equal ranks tie across suits"
    column = [row[0] for row in values]
    assert column == sorted(column, reverse=True) and len(set(column)) == 9
    assert min(column) >= 1  # a face-down card (0) is below every face-up card


def test_s5_2_example_vira_jack() -> None:
    """RULES §5.2 example: vira J -> Kc > Kh > Ks > Kd > 3 > 2 > A > J > Q > 7 > 6 > 5 > 4."""
    v = paulista()
    chain = ["Kc", "Kh", "Ks", "Kd", "3s", "2h", "Ad", "Jc", "Qh", "7s", "6d", "5c", "4h"]
    values = [strength(v, c, "Jd") for c in chain]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert first_trick("Jc", "Qh", "4d") == 0  # J outranks Q in play too


def test_s5_2_ordinary_cards_tie_in_play() -> None:
    """RULES §5.2 / §1.2: equal ordinary ranks tie (parda) whatever the suits."""
    assert first_trick("Kc", "Kd", "4s") == -1
    assert first_trick("2h", "2s", "Qc") == -1


def test_tv27_s5_2_vira_7_queen_of_clubs_is_zap() -> None:
    """RULES §9 TV27: paulista, vira 7d: Qc vs 3h -> Qc (vira 7 -> manilha Q; Qc = zap)."""
    assert first_trick("Qc", "3h", "7d") == 0
    assert first_trick("3h", "Qc", "7d") == 1
    assert strength(paulista(), "Qc", "7d") == 14


def test_tv28_s5_2_espadilha_beats_pica_fumo() -> None:
    """RULES §9 TV28: paulista, vira 7d: Qd vs Qs -> Qs."""
    assert first_trick("Qd", "Qs", "7d") == 1
    assert first_trick("Qs", "Qd", "7d") == 0


def test_tv29_s5_2_vira_3_manilha_4_cyclic() -> None:
    """RULES §9 TV29: paulista, vira 3s: 4c vs 4h -> 4c (the cycle wraps: 3 -> 4)."""
    assert first_trick("4c", "4h", "3s") == 0
    assert first_trick("4h", "4c", "3s") == 1


def test_tv30_s5_2_vira_king_any_manilha_beats_3() -> None:
    """RULES §9 TV30: paulista, vira Kh: Ad vs 3c -> Ad (manilha A; any manilha > 3)."""
    assert first_trick("Ad", "3c", "Kh") == 0
    assert first_trick("3c", "Ad", "Kh") == 1


def test_tv33_s5_2_ordinary_threes_tie() -> None:
    """RULES §9 TV33: paulista, vira 6c: 3c vs 3d -> tie (non-manilhas tie regardless of suit)."""
    assert first_trick("3c", "3d", "6c") == -1


def test_tv35_s5_2_four_of_clubs_is_not_special() -> None:
    """RULES §9 TV35: paulista, vira 4h: 4c vs 4d -> tie (4c is no zap in Paulista)."""
    assert first_trick("4c", "4d", "4h") == -1
    assert strength(paulista(), "4c", "4h") == 1


# =============================================================================================
# §5.3 Players, deal, mão
# =============================================================================================


def test_s5_3_two_or_four_players() -> None:
    """RULES §5.3: 1 v 1 or pairs sitting opposite (seat i on side i % 2); no 3 or 6."""
    v = paulista()
    assert v.seat_counts == (2, 4)
    assert paulista().new_match(4, seed=1).team == (0, 1, 0, 1)
    for seats in (3, 6):
        with pytest.raises(tr.UnsupportedSeats):
            v.new_match(seats)


def test_s5_3_deal_one_card_at_a_time_from_the_mao() -> None:
    """RULES §1.1: cards go one at a time from the mão in play order, then the vira."""
    v = paulista()
    m = v.new_match(4, mano=2)
    cards = v.deck.cards[:13]
    for c in cards:
        m.apply(tr.Action.deal(c))
    assert m.hand is not None
    for k in range(4):
        seat = (2 + k) % 4
        assert m.hand.dealt[seat] == (cards[k], cards[k + 4], cards[k + 8])
    assert m.turned == cards[12]
    assert m.current_player() == 2


def _mano_after_one_hand(rotation: str | None) -> int:
    options = {"mano_rotation": rotation} if rotation else None
    m = scenario(P, fill(paulista(), [[], [], [], []], VIRA), turned=VIRA, options=options)
    m.apply("truco", 0)
    m.apply("no-quiero", 1)
    assert m.history and m.is_chance_node()
    return m.mano


def test_s5_3_mao_passes_with_play_by_default() -> None:
    """RULES §5.3 (D21) default with_play: the next mão is the next seat in play order."""
    assert paulista().options()["mano_rotation"] == "with_play"
    assert _mano_after_one_hand(None) == 1


def test_s5_3_mao_rotation_against_play() -> None:
    """RULES §5.3 (D21) alt against_play: the old pé (seat 3) becomes mão."""
    assert _mano_after_one_hand("against_play") == 3


def test_s5_3_table_direction_default_clockwise() -> None:
    """RULES §5.3: table_direction default clockwise (S1); cosmetic, seats are play order."""
    assert paulista().options()["table_direction"] == "clockwise"
    assert paulista(table_direction="counterclockwise").seat_counts == (2, 4)


# =============================================================================================
# §5.4 Tricks and ties (§1.4 column paulista, TV50)
# =============================================================================================

# Per trick, with vira 4d (manilhas: the 5s): (mão's card, other's card) giving M, O or T.
_TRICKS = [
    {"M": ("3s", "4c"), "O": ("4s", "3c"), "T": ("6s", "6c")},
    {"M": ("2d", "7h"), "O": ("7d", "2h"), "T": ("Jd", "Jh")},
    {"M": ("Kc", "Qs"), "O": ("Qc", "Ks"), "T": ("Kc", "Ks")},
]
_CODE = {"M": 0, "O": 1, "T": -1}


def pattern(plan: str, mano: int = 0, **options: object) -> tr.Match:
    """A 2-seat hand whose tricks come out as ``plan`` (e.g. ``"TMO"``), played out."""
    return trick_pattern(P, _TRICKS, plan, mano=mano, turned="4d", options=options or None)


# (cards for tricks 1-2-3, tricks played, winner M/O/N): RULES §1.4, column paulista
_TABLE = [
    ("MM", "MM", "M"),
    ("OO", "OO", "O"),
    ("MOM", "MOM", "M"),
    ("MOO", "MOO", "O"),
    ("OMO", "OMO", "O"),
    ("OMM", "OMM", "M"),
    ("MOT", "MOT", "M"),
    ("OMT", "OMT", "O"),
    ("MTM", "MT", "M"),
    ("MTO", "MT", "M"),
    ("OTM", "OT", "O"),
    ("OTO", "OT", "O"),
    ("TM", "TM", "M"),
    ("TO", "TO", "O"),
    ("TTM", "TTM", "M"),
    ("TTO", "TTO", "O"),
    ("TTT", "TTT", "N"),
]


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(("plan", "played", "winner"), _TABLE)
def test_s5_4_master_table_paulista_column(plan: str, played: str, winner: str, mano: int) -> None:
    """RULES §1.4 column paulista / §5.4: tie in trick 1 -> the next decisive trick; tie after
    a won trick -> the first-trick winner; three ties -> nobody. An unbet hand is worth 1."""
    h = pattern(plan, mano).history[0]
    assert h.end_reason == "tricks"
    assert h.tricks == tuple(_CODE[r] for r in played)
    if winner == "N":
        assert h.winner is None and h.points == (0, 0)
        return
    side = mano if winner == "M" else 1 - mano
    assert h.winner == side
    assert h.points[side] == 1 and h.points[1 - side] == 0


def test_tv50_s5_4_three_ties_nobody_scores() -> None:
    """RULES §9 TV50: paulista T, T, T -> nobody scores; the next hand is dealt at 0-0."""
    m = pattern("TTT")
    assert m.history[0].tricks == (-1, -1, -1)
    assert m.history[0].winner is None and m.history[0].points == (0, 0)
    assert m.score == (0, 0) and not m.is_over() and m.is_chance_node()


def test_s5_4_tie_after_won_trick_ends_after_two_tricks() -> None:
    """RULES §5.4: trick 1 won, trick 2 tied -> the trick-1 winner, no trick 3."""
    h = pattern("OTM").history[0]
    assert h.tricks == (1, -1) and h.winner == 1


def test_s5_4_tied_trick_leader_leads_again() -> None:
    """RULES §5.4 / §1.3 default previous_leader: Y led the tied trick 1, so Y leads trick 2."""
    hands = fill(paulista(), [["6s"], ["6c"]], "4d")
    m = scenario(P, hands, ["1:play 6c", "0:play 6s"], mano=1, turned="4d")
    assert m.hand is not None and m.hand.results == [-1] and m.hand.turn == 1


def test_s5_4_earliest_top_card_leads_after_a_tie_option() -> None:
    """RULES §5.4 / §1.3 alt earliest_top_card (P20): 4 seats, seat 0 leads a 4, seats 1 (Y)
    and 2 (X) tie with 3s: seat 1 leads trick 2 (default: seat 0)."""
    hands = fill(paulista(), [["4s"], ["3s"], ["3h"], ["6c"]], "4d")
    plays = ["0:play 4s", "1:play 3s", "2:play 3h", "3:play 6c"]
    m = scenario(P, hands, plays, turned="4d")
    assert m.hand is not None and m.hand.results == [-1] and m.hand.turn == 0
    opts = {"tie_next_leader": "earliest_top_card"}
    m = scenario(P, hands, plays, turned="4d", options=opts)
    assert m.hand is not None and m.hand.turn == 1


def test_s5_4_partners_equal_top_cards_are_no_tie() -> None:
    """RULES §1.2: 4 seats, partners 1 and 3 both play a 3 on top: side Y wins, seat 1 leads."""
    hands = fill(paulista(), [["4s"], ["3s"], ["6h"], ["3c"]], "4d")
    m = scenario(P, hands, ["0:play 4s", "1:play 3s", "2:play 6h", "3:play 3c"], turned="4d")
    assert m.hand is not None and m.hand.results == [1] and m.hand.turn == 1


# =============================================================================================
# §5.5 Face-down cards
# =============================================================================================


def test_s5_5_no_face_down_card_in_trick_1() -> None:
    """RULES §5.5: a card may not be hidden in the first trick (S1 "except on the first hand")."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    assert not any(t.endswith(" down") for t in m.legal_action_texts())
    unchanged_after(m, "play 3s down", 0, tr.IllegalAction)


def test_s5_5_face_down_in_tricks_2_and_3_counts_zero() -> None:
    """RULES §5.5: from trick 2 a card may be played face down; it loses to every card (a
    hidden zap loses to a 4)."""
    m = scenario(P, ["3s Qc 5d", "Qh 4c 6s"], ["0:play 3s", "1:play Qh"], turned=VIRA)
    assert m.hand is not None and m.hand.turn == 1
    assert "play 4c down" in m.legal_action_texts(1)
    m.apply("play 4c", 1)
    assert "play Qc down" in m.legal_action_texts(0)
    m.apply("play Qc down", 0)
    assert m.history[0].tricks == (1, 1) and m.history[0].winner == 1
    assert m.observation(1).previous is not None
    hidden = [p for p in m.observation(1).previous.table if p.down]
    assert [(p.seat, p.card) for p in hidden] == [(0, None)]  # Y never sees the hidden card


def test_s5_5_facedown_after_tied_trick_option() -> None:
    """RULES §5.5 facedown_after_tied_trick: allowed after a tied trick by default (True);
    False (P32) forbids it right after a tie, not after a won trick."""
    plays = ["0:play 6s", "1:play 6c"]
    hands = fill(paulista(), [["6s"], ["6c"]], "4d")
    m = scenario(P, hands, plays, turned="4d")
    assert any(t.endswith(" down") for t in m.legal_action_texts())
    strict = {"facedown_after_tied_trick": False}
    m = scenario(P, hands, plays, turned="4d", options=strict)
    assert m.hand is not None
    assert not any(t.endswith(" down") for t in m.legal_action_texts())
    card = m.legal_action_texts()[0]
    unchanged_after(m, card + " down", None, tr.IllegalAction)
    m = scenario(P, [STRONG, WEAK], ["0:play Qc", "1:play 4c"], turned=VIRA, options=strict)
    assert "play Qh down" in m.legal_action_texts(0)


# =============================================================================================
# §5.6 Truco ladder (TV90, TV91)
# =============================================================================================

CALLS = ["truco", "seis", "nove", "doze"]
ACCEPTED = [3, 6, 9, 12]
REFUSED = [1, 3, 6, 9]


def test_s5_6_ladder_table() -> None:
    """RULES §5.6: truco 3 / seis 6 / nove 9 / doze 12; refused 1 / 3 / 6 / 9; unbet 1."""
    lad = paulista().describe()["ladder"]
    assert lad == {"calls": CALLS, "accepted": ACCEPTED, "refused": REFUSED, "unbet": 1}


def test_s5_6_unbet_hand_worth_1() -> None:
    """RULES §5.6: a hand without calls is worth 1."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (1, 0)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_s5_6_each_rung_accepted(level: int) -> None:
    """RULES §5.6 / §1.5: calls alternate (each raise answers the call before it); the last one
    accepted makes the hand worth 3, 6, 9 or 12 to its winner (X holds the stronger cards)."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    for k in range(level):
        m.apply(CALLS[k], k % 2)
    m.apply("quiero", level % 2)
    assert m.observation(0).stake == ACCEPTED[level - 1]
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (ACCEPTED[level - 1], 0)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_s5_6_each_rung_refused(level: int) -> None:
    """RULES §5.6: a refused call gives the caller's side the value before it: 1, 3, 6, 9."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    for k in range(level):
        m.apply(CALLS[k], k % 2)
    m.apply("no-quiero", level % 2)
    caller = (level - 1) % 2
    h = m.history[0]
    assert h.end_reason == "refused"
    assert h.points[caller] == REFUSED[level - 1] and h.points[1 - caller] == 0


def test_tv90_s5_6_truco_accepted_hand_won_scores_3() -> None:
    """RULES §9 TV90: paulista, truco accepted, hand won -> +3."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:quiero"], turned=VIRA)
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (3, 0) and m.score == (3, 0)


def test_tv91_s5_6_truco_seis_refused_seis_side_scores_3() -> None:
    """RULES §9 TV91: paulista, Truco, Seis (as the answer), refused -> the Seis side +3."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:seis", "0:no-quiero"], turned=VIRA)
    assert m.history[0].points == (0, 3)


def test_s5_6_raise_as_answer_accepts_the_pending_call() -> None:
    """RULES §5.6 / §1.5: answering truco with seis accepts truco (stake 3) and calls seis."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:seis"], turned=VIRA)
    o = m.observation(0)
    assert (o.stake, o.pending_call, o.pending_caller) == (3, "seis", 1)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "nove", "mazo"]


def test_s5_6_only_the_side_that_accepted_may_raise() -> None:
    """RULES §5.6 / §1.5: X calls truco, Y accepts: Y may call seis (on Y's turn), X may not."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:quiero", "0:play Qc"], turned=VIRA)
    assert "seis" in m.legal_action_texts(1)
    m.apply("play 4c", 1)
    assert m.hand is not None and m.hand.turn == 0
    assert "seis" not in m.legal_action_texts(0)
    unchanged_after(m, "seis", 0, tr.IllegalAction)
    unchanged_after(m, "truco", 0, tr.IllegalAction)


def test_s5_6_a_side_never_answers_its_own_call() -> None:
    """RULES §1.5: while X's truco awaits an answer, X has no action (no raise of its own call)."""
    m = scenario(P, [STRONG, WEAK], ["0:truco"], turned=VIRA)
    assert m.legal_action_texts(0) == []
    unchanged_after(m, "seis", 0, tr.IllegalAction)


def test_s5_6_nothing_after_doze() -> None:
    """RULES §5.6: doze (12) is the top rung: it can be accepted or refused, not raised."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:seis", "0:nove", "1:doze"], turned=VIRA)
    assert m.legal_action_texts(0) == ["quiero", "no-quiero", "mazo"]
    m.apply("quiero", 0)
    assert not any(t in CALLS for t in m.legal_action_texts(0) + m.legal_action_texts(1))


def test_s5_6_truco_own_turn_default() -> None:
    """RULES §5.6 truco_call_timing default own_turn: only the player about to play may call."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    assert "truco" in m.legal_action_texts(0)
    assert m.legal_action_texts(1) == []
    unchanged_after(m, "truco", 1, tr.WrongPlayer)


def test_s5_6_truco_any_time_option() -> None:
    """RULES §5.6 alt any_time (S1): a player may call out of turn while nothing is pending."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA, options={"truco_call_timing": "any_time"})
    assert m.legal_action_texts(1) == ["truco"]
    m.apply("truco", 1)
    assert m.current_player() == 0 and m.legal_action_texts(0)[:2] == ["quiero", "no-quiero"]


def test_s5_6_forbid_pointless_raise_option() -> None:
    """RULES §5.6 forbid_pointless_raise (P32): Y at 9 answering truco (3) would reach 12 by
    accepting, so Y may not raise; at 8 Y may; with the default False Y always may."""
    opts = {"forbid_pointless_raise": True}
    m = scenario(P, [STRONG, WEAK], ["0:truco"], turned=VIRA, scores=(0, 9), options=opts)
    assert m.legal_action_texts(1) == ["quiero", "no-quiero", "mazo"]
    unchanged_after(m, "seis", 1, tr.IllegalAction)
    m = scenario(P, [STRONG, WEAK], ["0:truco"], turned=VIRA, scores=(0, 8), options=opts)
    assert "seis" in m.legal_action_texts(1)
    m = scenario(P, [STRONG, WEAK], ["0:truco"], turned=VIRA, scores=(0, 9))
    assert "seis" in m.legal_action_texts(1)


def test_s5_6_no_envido_no_flor() -> None:
    """RULES §5.6: no envido, no flor: those verbs are unknown to the variant; three cards of
    one suit are nothing special."""
    v = paulista()
    assert v.envido is None and v.flor is None
    m = scenario(P, ["3s 5s 7s", WEAK], turned=VIRA)
    for verb in ("envido", "flor", "real-envido", "retruco"):
        unchanged_after(m, verb, 0, tr.UnknownAction)


def test_s5_6_running_away_concedes_the_current_stake() -> None:
    """RULES §5.6: running away (mazo) gives the opponents the current stake, with no bonus:
    1 before any call (even before any card), 3 after an accepted truco."""
    m = scenario(P, [STRONG, WEAK], ["0:mazo"], turned=VIRA)
    assert m.history[0].points == (0, 1) and m.history[0].end_reason == "mazo"
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:quiero", "0:play Qc", "1:mazo"], turned=VIRA)
    assert m.history[0].points == (3, 0)


def test_s5_6_running_from_a_pending_call_refuses_it() -> None:
    """RULES §5.6: running while a call awaits an answer = refusing it (caller: the value
    before the call)."""
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:mazo"], turned=VIRA)
    assert m.history[0].points == (1, 0)
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:seis", "0:mazo"], turned=VIRA)
    assert m.history[0].points == (0, 3)


def test_s5_6_running_from_a_call_in_4_seats_refuses_for_the_side() -> None:
    """RULES §5.6 / §1.5: 4 seats, X calls truco and a Y player runs: the call is refused for
    the whole side, the hand ends, X +1."""
    hands = fill(paulista(), [[], [], [], []], VIRA)
    m = scenario(P, hands, ["0:truco", "3:mazo"], turned=VIRA)
    assert m.history[0].points == (1, 0) and m.history[0].end_reason == "mazo"


# =============================================================================================
# §5.7 Match: target 12, mão de onze (TV93, TV94), mão de ferro
# =============================================================================================


def test_s5_7_game_to_12() -> None:
    """RULES §5.7: the game is to 12; a side at 10 winning a truco hand (3) wins the match."""
    v = paulista()
    assert v.options()["target"] == 12
    m = scenario(P, [STRONG, WEAK], ["0:truco", "1:quiero"], turned=VIRA, scores=(10, 3))
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.is_over() and m.winner() == 0 and m.current_player() == tr.TERMINAL


def test_s5_7_mao_de_onze_decided_before_trick_1() -> None:
    """RULES §5.7: exactly one side at 11: its player decides to play or not before trick 1;
    nothing else is legal for anyone until then."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA, scores=(4, 11), mano=0)
    assert m.current_player() == 1
    o = m.observation(1)
    assert o.phase == "decide-hand" and o.special == "one-side" and o.stake == 3
    assert m.legal_action_texts(1) == ["accept-hand", "decline-hand"]
    assert m.legal_action_texts(0) == []
    unchanged_after(m, "play Qc", 0, tr.IllegalAction)
    m.apply("accept-hand", 1)
    assert m.current_player() == 0 and m.observation(0).phase == "play"


def test_tv93_s5_7_mao_de_onze_declined_opponents_score_1() -> None:
    """RULES §9 TV93: mão de onze declined -> the opponents +1; the hand is not played."""
    m = scenario(P, [STRONG, WEAK], ["0:decline-hand"], turned=VIRA, scores=(11, 7))
    h = m.history[0]
    assert h.points == (0, 1) and h.end_reason == "declined" and h.special == "one-side"
    assert h.tricks == () and m.score == (11, 8)


def test_tv94_s5_7_mao_de_onze_lost_opponents_score_3() -> None:
    """RULES §9 TV94: mão de onze played, the side at 11 loses -> the opponents +3."""
    m = scenario(P, [WEAK, STRONG], ["0:accept-hand"], turned=VIRA, scores=(11, 2))
    play_out(m, {0: WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (0, 3) and m.score == (11, 5)


def test_s5_7_mao_de_onze_won_is_worth_3_and_the_game() -> None:
    """RULES §5.7: played, the hand is worth 3 to whoever wins it: the side at 11 wins."""
    m = scenario(P, [STRONG, WEAK], ["0:accept-hand"], turned=VIRA, scores=(11, 2))
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (3, 0) and m.winner() == 0


def test_s5_7_mao_de_onze_no_truco_by_either_side() -> None:
    """RULES §5.7 mao_de_x_truco_call default illegal: no ladder call during the hand, by the
    side at 11 or by its opponents, before or after the decision."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA, scores=(11, 2))
    unchanged_after(m, "truco", 0, tr.IllegalAction)
    m.apply("accept-hand", 0)
    assert "truco" not in m.legal_action_texts(0)
    unchanged_after(m, "truco", 0, tr.IllegalAction)
    m.apply("play Qc", 0)
    assert "truco" not in m.legal_action_texts(1)
    unchanged_after(m, "truco", 1, tr.IllegalAction)


@pytest.mark.parametrize(("caller", "winner"), [(0, 1), (1, 0)])
def test_s5_7_mao_de_onze_truco_caller_loses_game_option(caller: int, winner: int) -> None:
    """RULES §5.7 (D23) mao_de_x_truco_call='caller_loses_game' (P24/P28): calling truco in
    the hand of 11 loses the game for the caller's side."""
    opts = {"mao_de_x_truco_call": "caller_loses_game"}
    m = scenario(P, [STRONG, WEAK], ["0:accept-hand"], turned=VIRA, scores=(11, 4), options=opts)
    if caller == 1:
        m.apply("play Qc", 0)
    assert "truco" in m.legal_action_texts(caller)
    m.apply("truco", caller)
    assert m.history[0].end_reason == "forbidden call"
    assert m.is_over() and m.winner() == winner


def test_s5_7_two_players_the_player_at_11_decides_alone() -> None:
    """RULES §5.7 (inferred): in 2-player games the player at 11 decides; his partner cards are
    none."""
    m = scenario(P, [WEAK, STRONG], turned=VIRA, scores=(2, 11))
    assert m.current_player() == 1
    assert m.observation(1).partner_cards == ()
    m.apply("decline-hand", 1)
    assert m.history[0].points == (1, 0)


def _four_at_11(side: int, **options: object) -> tr.Match:
    scores = (11, 5) if side == 0 else (5, 11)
    hands = fill(paulista(), [["Qc", "3s"], ["4c"], ["Qh"], ["5h"]], VIRA)
    return scenario(P, hands, turned=VIRA, scores=scores, options=options or None)


@pytest.mark.parametrize("side", [0, 1])
def test_s5_7_any_partner_accepts_both_asked_in_play_order(side: int) -> None:
    """RULES §5.7 mao_de_x_decision default any_partner_accepts (C1): 4 seats, the side plays
    if either partner accepts; they are asked in play order, the second only if the first
    declines."""
    first, second = side, side + 2
    m = _four_at_11(side)
    assert m.current_player() == first
    assert m.legal_action_texts(second) == []
    m.apply("decline-hand", first)
    assert m.history == [] and m.current_player() == second
    m.apply("accept-hand", second)
    assert m.observation(0).phase == "play" and m.current_player() == 0
    m = _four_at_11(side)
    m.apply("decline-hand", first)
    m.apply("decline-hand", second)
    assert m.history[0].points[1 - side] == 1 and m.history[0].end_reason == "declined"


def test_s5_7_pe_decides_option() -> None:
    """RULES §5.7 mao_de_x_decision='pe_decides': only the pé of the side at 11 (its last
    player in the hand, seat 3 for side Y) decides; one refusal declines the hand."""
    m = _four_at_11(1, mao_de_x_decision="pe_decides")
    assert m.current_player() == 3
    assert m.legal_action_texts(1) == []
    m.apply("decline-hand", 3)
    assert m.history[0].points == (1, 0)


def test_s5_7_partner_cards_visible_only_to_the_side_at_11() -> None:
    """RULES §5.7: the players of the side at 11 see each other's cards (Observation
    .partner_cards), during the decision and the hand; the opponents see nothing more."""
    m = _four_at_11(0)
    assert m.hand is not None
    assert m.observation(0).partner_cards == ((2, m.hand.dealt[2]),)
    assert m.observation(2).partner_cards == ((0, m.hand.dealt[0]),)
    assert m.observation(1).partner_cards == () and m.observation(3).partner_cards == ()
    m.apply("accept-hand", 0)
    m.apply("play Qc", 0)
    held = m.observation(2).partner_cards[0][1]
    assert len(held) == 2 and FRENCH.parse("Qc") not in held
    assert "partner" in m.observation(2).render()


def test_s5_7_no_partner_cards_in_a_normal_hand() -> None:
    """RULES §5.7: outside a hand of 11 nobody sees a partner's cards."""
    m = scenario(P, fill(paulista(), [[], [], [], []], VIRA), turned=VIRA, scores=(10, 10))
    assert all(m.observation(s).partner_cards == () for s in range(4))
    assert m.observation(0).special == ""


def _iron(hands: Sequence[str], **options: object) -> tr.Match:
    return scenario(P, hands, turned=VIRA, scores=(11, 11), options=options or None)


def test_s5_7_mao_de_ferro_is_blind_by_default() -> None:
    """RULES §5.7 (D22) iron_hand_blind default own_cards_hidden: both at 11, players play
    without seeing their own cards: a card is named by its dealt position ('play #2')."""
    m = _iron([STRONG, WEAK])
    o = m.observation(0)
    assert o.special == "iron" and o.phase == "play"
    assert o.my_cards == () and o.my_dealt == () and o.unseen_cards == 3
    assert o.legal_actions == ("play #1", "play #2", "play #3", "mazo")
    assert "3 unseen" in o.render()
    m.apply("play #2", 0)
    assert m.observation(1).current.table[0].card == FRENCH.parse("Qh")
    assert m.observation(0).unseen_cards == 2
    assert m.legal_action_texts(1) == ["play #1", "play #2", "play #3", "mazo"]


def test_s5_7_mao_de_ferro_no_decision_no_truco_no_face_down() -> None:
    """RULES §5.7: in the iron hand nobody decides, nobody calls truco, and (blind) no card is
    chosen to be played face down."""
    m = _iron([STRONG, WEAK])
    unchanged_after(m, "truco", 0, tr.IllegalAction)
    unchanged_after(m, "accept-hand", 0, tr.IllegalAction)
    m.apply("play #1", 0)
    m.apply("play #1", 1)
    assert not any("down" in t or t in CALLS for t in m.legal_action_texts())


def test_s5_7_mao_de_ferro_winner_takes_the_game() -> None:
    """RULES §5.7: the winner of the iron hand wins the game (hand value recorded as 3)."""
    m = _iron([WEAK, STRONG])
    while not m.history:
        m.apply(m.legal_actions()[0])  # the first unplayed position of the seat to act
    h = m.history[0]
    assert h.special == "iron" and h.points == (0, 3)
    assert m.is_over() and m.winner() == 1


def test_s5_7_mao_de_ferro_all_tied_another_iron_hand() -> None:
    """RULES §5.7: an iron hand with three ties scores nothing, and another iron hand follows."""
    v = paulista()
    first = tr.deal_order(v, ["3s Kd 7h", "3c Kc 7s"], turned="4d")
    second = tr.deal_order(v, [STRONG, WEAK], turned=VIRA)
    m = v.new_match(2, deals=[first, second], scores=(11, 11), mano=0)
    for k in (1, 2, 3):
        m.apply(f"play #{k}", 0)
        m.apply(f"play #{k}", 1)
    h = m.history[0]
    assert h.tricks == (-1, -1, -1) and h.points == (0, 0) and h.winner is None
    assert m.score == (11, 11) and not m.is_over()
    assert m.observation(1).special == "iron" and m.current_player() == 1


def test_s5_7_mao_de_ferro_named_card_is_illegal() -> None:
    """RULES §5.7: a blind player cannot name a card he does not see."""
    m = _iron([STRONG, WEAK])
    unchanged_after(m, "play Qc", 0, tr.IllegalAction)


def test_s5_7_iron_hand_partner_cards_hidden_only_option() -> None:
    """RULES §5.7 (D22) iron_hand_blind='partner_cards_hidden_only' (S1): players see their own
    cards and play them by name, but never a partner's; still no truco."""
    hands = fill(paulista(), [["Qc"], ["4c"], ["Qh"], ["5h"]], VIRA)
    m = _iron(hands, iron_hand_blind="partner_cards_hidden_only")
    o = m.observation(0)
    assert o.special == "iron" and len(o.my_cards) == 3 and o.unseen_cards == 0
    assert all(m.observation(s).partner_cards == () for s in range(4))
    assert "play Qc" in o.legal_actions and "play #1" not in o.legal_actions
    unchanged_after(m, "play #1", 0, tr.IllegalAction)
    unchanged_after(m, "truco", 0, tr.IllegalAction)


def test_s5_7_iron_hand_four_seats_partners_hidden() -> None:
    """RULES §5.7: in a 4-seat iron hand nobody sees a partner's cards (blind by default)."""
    m = _iron(fill(paulista(), [[], [], [], []], VIRA))
    for s in range(4):
        o = m.observation(s)
        assert o.partner_cards == () and o.my_cards == () and o.unseen_cards == 3


# =============================================================================================
# Bad input: a clear TrucoError subclass, and the state unchanged (issue 3, item 5)
# =============================================================================================


@pytest.mark.parametrize("text", ["play 1c", "play 10h", "play Zz", "play 4B", "deal 1c"])
def test_bad_input_malformed_french_card(text: str) -> None:
    """RULES §0.2: malformed French card text is a ParseError naming the notation; nothing
    changes."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    before = m.copy()
    with pytest.raises(tr.ParseError, match="french"):
        m.apply(text, 0)
    assert m == before


def test_bad_input_truco_in_mao_de_onze() -> None:
    """RULES §5.7: truco in a hand of 11 is an IllegalAction that says why."""
    m = scenario(P, [STRONG, WEAK], ["0:accept-hand"], turned=VIRA, scores=(11, 0))
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="no ladder call is allowed in the hand of 11"):
        m.apply("truco", 0)
    assert m == before


def test_bad_input_truco_in_mao_de_ferro() -> None:
    """RULES §5.7: truco in an iron hand is an IllegalAction."""
    m = _iron([STRONG, WEAK])
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="iron"):
        m.apply("truco", 0)
    assert m == before


def test_bad_input_face_down_in_trick_1() -> None:
    """RULES §5.5: a face-down card in trick 1 is an IllegalAction that says so."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="first trick"):
        m.apply("play Qc down", 0)
    assert m == before


@pytest.mark.parametrize("plays", [[], ["0:play 6s", "1:play 6c"]])
def test_bad_input_two_card_play_in_paulista(plays: list[str]) -> None:
    """RULES §5.4: Paulista has no two-card play, not even after a tied first trick."""
    hands = fill(paulista(), [["6s", "3s"], ["6c", "4h"]], "4d")
    m = scenario(P, hands, plays, turned="4d")
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="two-card"):
        m.apply(f"play 3s over {hands[0].split()[2]}", 0)
    assert m == before


def test_bad_input_blind_play_in_a_normal_hand() -> None:
    """RULES §5.7: 'play #k' exists only in a blind iron hand."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA)
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="blind"):
        m.apply("play #1", 0)
    assert m == before


def test_bad_input_decision_outside_a_special_hand() -> None:
    """RULES §5.7: accept-hand / decline-hand exist only in a hand of 11."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA, scores=(10, 10))
    before = m.copy()
    with pytest.raises(tr.IllegalAction):
        m.apply("accept-hand", 0)
    assert m == before


def test_bad_input_wrong_decider_in_mao_de_onze() -> None:
    """RULES §5.7: only the side at 11 decides: the opponent's decision is rejected."""
    m = scenario(P, [STRONG, WEAK], turned=VIRA, scores=(11, 0))
    before = m.copy()
    with pytest.raises(tr.IllegalAction):
        m.apply("decline-hand", 1)
    assert m == before


@pytest.mark.parametrize(
    ("name", "target", "one_side", "iron"),
    [
        ("paulista", 12, (11, 4), (11, 11)),
        ("paulista", 24, (23, 4), (23, 23)),
        ("mineiro", 12, (10, 4), (11, 10)),
        ("mineiro", 24, (22, 4), (22, 23)),
    ],
)
def test_s5_7_special_hands_follow_the_target(
    name: str, target: int, one_side: tuple[int, int], iron: tuple[int, int]
) -> None:
    """RULES §5.7, §6.6: the hand of 11 (10) is one (two) points short of the target, so a
    longer game keeps its special hands at its end, and the iron hand still decides it."""
    v = tr.get_variant(name).with_options(target=target)
    m = v.new_match(2, seed=3, mano=0, scores=one_side)
    assert m.observation(0).special == "one-side"
    below = (one_side[0] - 1, one_side[1])
    assert v.new_match(2, seed=3, mano=0, scores=below).observation(0).special == ""
    m = v.new_match(2, seed=3, mano=0, scores=iron)
    assert m.observation(0).special == "iron"
    while not m.is_over():  # one iron hand won by a side ends the game
        before = len(m.history)
        m.apply(m.legal_actions()[0])
        if len(m.history) > before and m.history[-1].winner is not None:
            assert m.is_over()


@pytest.mark.parametrize("name", ["paulista", "mineiro"])
def test_s5_6_one_player_running_concedes_for_the_side(name: str) -> None:
    """RULES §5.6, §6.3 (P24 "when a player runs, the other wins the hand"): with 4 seats one
    player's mazo ends the hand; the opponents score the current stake."""
    v = tr.get_variant(name)
    m = v.new_match(4, seed=8, mano=0)
    m.apply("mazo")  # seat 0, the mão, runs before anyone plays
    h = m.history[-1]
    assert h.end_reason == "mazo" and h.winner == 1
    assert h.points == (0, v.ladder.values[0])
    # in Argentine truco a partner plays on
    a = tr.get_variant("argentine").new_match(4, seed=8, mano=0)
    a.apply("mazo")
    assert not a.history and a.current_player() == 1


def test_s5_7_iron_hand_named_card_says_blind() -> None:
    """RULES §5.7 (D22): in a blind iron hand a named card is refused because the hand is
    played blind ('play #k')."""
    v = tr.get_variant("paulista")
    order = tr.deal_order(v, ["Qc Qh 3s", "4c 5h 6s"], 0, "7d")
    m = v.new_match(2, deals=[order], mano=0, scores=(11, 11))
    rejected(m, "play Qc", 0, "played blind")


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


def test_s5_5_facedown_after_tied_trick_looks_at_the_previous_trick() -> None:
    """RULES §5.5 (P32) facedown_after_tied_trick=false forbids a face-down card right after a
    tied trick: the trick just before, not the first one."""
    rule = TrickRule(facedown_after_tied_trick=False)
    assert rule.facedown_ok(1, [MANO])
    assert not rule.facedown_ok(1, [-1])
    assert not rule.facedown_ok(2, [MANO, -1])  # tie in trick 2 (a third_trick_decides rule)
    assert rule.facedown_ok(2, [-1, MANO])


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


@pytest.mark.parametrize(("vira", "manilha"), [("7d", "Q"), ("3s", "4"), ("Kh", "A")])
def test_s5_2_exactly_four_manilhas_clubs_first(vira: str, manilha: str) -> None:
    """RULES §5.2: the manilhas are the four cards of the rank after the vira, zap (clubs),
    copas (hearts), espadilha (spades), pica-fumo (diamonds); no other card."""
    v = tr.get_variant("paulista")
    got = v.ranking.manilhas(v.card(vira), v.deck.cards)
    assert got == tuple(v.card(manilha + s) for s in "chsd")


def test_s5_7_accept_hand_outside_a_special_hand() -> None:
    """RULES §5.7: 'accept-hand' answers a hand of 11 only; in an ordinary hand the reason
    says there is none."""
    m = scenario("paulista", ["Qc Qh 3s", "4c 5h 6s"], turned="7d")
    rejected(m, "accept-hand", 0, tr.IllegalAction, "no special hand to accept or decline")


def test_s5_5_face_down_after_a_tied_trick_when_the_option_forbids_it() -> None:
    """RULES §5.5 (facedown_after_tied_trick=false): after a tied trick no card is played
    face down; the reason says so (not the first-trick reason)."""
    m = scenario(
        "paulista", ["3s 4c 5h", "3h 4d 6s"], ["0:play 3s", "1:play 3h"], turned="7d",
        options={"facedown_after_tied_trick": False},
    )  # fmt: skip
    assert m.hand is not None and m.hand.trick_no == 1
    rejected(m, "play 4c down", 0, tr.IllegalAction, "may not be played face down now")


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
