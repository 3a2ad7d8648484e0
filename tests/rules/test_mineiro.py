"""Rule-by-rule tests of Truco Mineiro (``mineiro``) against RULES.md.

Covers RULES §6.1-§6.6 (with §0.2 and the parts of §1 and §5 that Mineiro shares) and the §9
test vectors about Mineiro (TV36-TV40, TV51, TV55, TV96-TV100; the vector id is in the test
name), plus bad input: every rejected action raises a :class:`truco_rules.TrucoError`
subclass and leaves the match exactly as it was.

Conventions: ``X`` is side 0 (seat 0, the mão unless stated), ``Y`` side 1. Every test cites
its RULES section in its name and docstring. Cards are in French notation.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from conftest import play_out, scenario, trick_pattern, unchanged_after

import truco_rules as tr
from truco_rules.cards import FRENCH, SPANISH
from truco_rules.hooks import TrickRule

M = "mineiro"

# RULES §6.1, strength -> cards, high to low
TABLE = {
    14: ["4c"],
    13: ["7h"],
    12: ["As"],
    11: ["7d"],
    10: ["3c", "3h", "3s", "3d"],
    9: ["2c", "2h", "2s", "2d"],
    8: ["Ah", "Ac", "Ad"],
    7: ["Kc", "Kh", "Ks", "Kd"],
    6: ["Jc", "Jh", "Js", "Jd"],
    5: ["Qc", "Qh", "Qs", "Qd"],
    4: ["7c", "7s"],
    3: ["6c", "6h", "6s", "6d"],
    2: ["5c", "5h", "5s", "5d"],
    1: ["4h", "4s", "4d"],
}

STRONG = "4c 7h As"  # zap, copas, espadilha: wins every trick
WEAK = "4h 5s 6d"
STANDARD = {"mineiro_first_trick_tie": "standard"}


def mineiro(**options: object) -> tr.Variant:
    return tr.get_variant(M, options or None)


def fill(fixed: Sequence[Sequence[str]]) -> list[str]:
    """Three-card hands: seat ``s`` holds ``fixed[s]`` and spare cards after them."""
    v = mineiro()
    used = {v.card(c) for cards in fixed for c in cards}
    spare = [c for c in v.deck.cards if c not in used]
    return [
        " ".join([*cards, *(v.format_card(spare.pop(0)) for _ in range(3 - len(cards)))])
        for cards in fixed
    ]


def first_trick(a: str, b: str) -> int:
    """Result of trick 1 when X (mão) plays ``a`` and Y plays ``b``: 0 X, 1 Y, -1 tied."""
    m = scenario(M, fill([[a], [b]]), [f"0:play {a}", f"1:play {b}"])
    assert m.hand is not None
    return m.hand.results[0]






def tied_first_trick(
    mine: str, theirs: str, mano: int = 0, scores: tuple[int, int] = (0, 0), **options: object
) -> tr.Match:
    """A 2-seat hand whose first cards (Ks, Kh) tie; the other two are ``mine`` (the mão's)
    and ``theirs``."""
    hands = ["", ""]
    hands[mano], hands[1 - mano] = f"Ks {mine}", f"Kh {theirs}"
    plays = [f"{mano}:play Ks", f"{1 - mano}:play Kh"]
    return scenario(M, hands, plays, mano=mano, scores=scores, options=options or None)


# =============================================================================================
# §6.1 Deck and ranking (fixed manilhas), TV36-TV40
# =============================================================================================


def test_s6_1_deck_is_40_french_cards_without_vira() -> None:
    """RULES §6.1: the 40-card French deck, no vira: a chance deal is 3 cards a player and
    nothing is turned up."""
    v = mineiro()
    assert v.notation is FRENCH and sorted(v.deck.cards) == sorted(tr.DECK)
    assert not v.ranking.turns_up_card
    m = v.new_match(2)
    for card in v.deck.cards[:6]:
        assert m.current_player() == tr.CHANCE
        m.apply(tr.Action.deal(card))
    assert m.current_player() == 0 and m.turned is None
    assert m.observation(1).turned is None


def test_s6_1_full_ranking_table() -> None:
    """RULES §6.1: every card's strength is the table's (4c 14, 7h 13, As 12, 7d 11, 3s 10,
    ..., 4h 4s 4d 1); the four manilhas leave their ordinary rank."""
    v = mineiro()
    expected = {v.card(c): s for s, cards in TABLE.items() for c in cards}
    assert len(expected) == 40
    assert {c: v.card_strength(c) for c in v.deck.cards} == expected
    groups = v.describe()["ranking"]
    assert [sorted(g) for g in groups] == [sorted(TABLE[s]) for s in sorted(TABLE, reverse=True)]


_LEVELS = sorted(TABLE, reverse=True)


@pytest.mark.parametrize(("high", "low"), [(_LEVELS[i], _LEVELS[i + 1]) for i in range(13)])
def test_s6_1_adjacent_strengths_in_play(high: int, low: int) -> None:
    """RULES §6.1 / §1.2: of two adjacent rows of the table the higher card wins the trick."""
    a, b = TABLE[high][-1], TABLE[low][0]
    assert first_trick(a, b) == 0
    assert first_trick(b, a) == 1


def test_s6_1_spanish_deck_option() -> None:
    """RULES §0.2: deck='spanish' writes the same cards in Spanish (zap = 4B); no clean deck,
    which would remove three manilhas."""
    v = mineiro(deck="spanish")
    assert v.notation is SPANISH and v.card_strength("4B") == 14
    assert v.card("4B") == mineiro().card("4c")
    with pytest.raises(tr.InvalidOption):
        mineiro(deck="limpo")


def test_tv36_s6_1_zap_beats_copas() -> None:
    """RULES §9 TV36: mineiro 4c vs 7h -> 4c."""
    assert first_trick("4c", "7h") == 0
    assert first_trick("7h", "4c") == 1


def test_tv37_s6_1_espadilha_is_a_manilha() -> None:
    """RULES §9 TV37: mineiro As vs 3d -> As."""
    assert first_trick("As", "3d") == 0
    assert first_trick("3d", "As") == 1


def test_tv38_s6_1_other_fours_are_lowest() -> None:
    """RULES §9 TV38: mineiro 4d vs 5c -> 5c."""
    assert first_trick("4d", "5c") == 1
    assert first_trick("5c", "4d") == 0


def test_tv40_s6_1_ordinary_aces_tie() -> None:
    """RULES §9 TV40: mineiro Ah vs Ac -> tie (non-manilha aces are equal)."""
    assert first_trick("Ah", "Ac") == -1


# =============================================================================================
# §6.2 Players
# =============================================================================================


def test_s6_2_two_or_four_players_counterclockwise() -> None:
    """RULES §6.2: 1 v 1 or pairs; play counter-clockwise; mão rotates with play by default."""
    v = mineiro()
    assert v.seat_counts == (2, 4)
    with pytest.raises(tr.UnsupportedSeats):
        v.new_match(3)
    opts = v.options()
    assert opts["table_direction"] == "counterclockwise"
    assert opts["mano_rotation"] == "with_play"


@pytest.mark.parametrize(("rotation", "next_mano"), [("with_play", 1), ("against_play", 3)])
def test_s6_2_mao_rotation_option(rotation: str, next_mano: int) -> None:
    """RULES §6.2 / §5.3: same mano_rotation option as Paulista (4 seats)."""
    m = scenario(
        M, fill([[], [], [], []]), ["0:truco", "1:no-quiero"], options={"mano_rotation": rotation}
    )
    assert m.history and m.mano == next_mano


# =============================================================================================
# §6.3 Ladder (TV96, TV97, TV99)
# =============================================================================================

CALLS = ["truco", "seis", "dez", "doze"]


def test_s6_3_ladder_table() -> None:
    """RULES §6.3: unbet 2; truco 4 / seis 6 / dez 10 / doze 12; refused 2 / 4 / 6 / 10."""
    lad = mineiro().describe()["ladder"]
    assert lad == {"calls": CALLS, "accepted": [4, 6, 10, 12], "refused": [2, 4, 6, 10], "unbet": 2}


def test_tv96_s6_3_no_call_hand_won_scores_2() -> None:
    """RULES §9 TV96: mineiro, no call, hand won -> +2."""
    m = scenario(M, [STRONG, WEAK])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (2, 0)


def test_tv97_s6_3_truco_refused_2_accepted_4() -> None:
    """RULES §9 TV97: mineiro, truco refused -> caller +2; accepted (and won) -> +4."""
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:no-quiero"])
    assert m.history[0].points == (2, 0)
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:quiero"])
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (4, 0)


def test_tv99_s6_3_doze_refused_10_accepted_12() -> None:
    """RULES §9 TV99: mineiro, doze refused -> +10 to its caller; accepted (and won) -> +12."""
    chain = ["0:truco", "1:seis", "0:dez", "1:doze"]
    m = scenario(M, [WEAK, STRONG], [*chain, "0:no-quiero"])
    assert m.history[0].points == (0, 10)
    m = scenario(M, [WEAK, STRONG], [*chain, "0:quiero"])
    play_out(m, {0: WEAK.split(), 1: STRONG.split()})
    assert m.history[0].points == (0, 12) and m.winner() == 1


def test_s6_3_dez_refused_gives_6() -> None:
    """RULES §6.3 (P24 example): 6 -> 10 refused gives the caller 6."""
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:seis", "0:dez", "1:no-quiero"])
    assert m.history[0].points == (6, 0)


@pytest.mark.parametrize(
    ("ladder", "values"),
    [
        ("2-4-6-10-12", [2, 4, 6, 10, 12]),
        ("2-4-8-10-12", [2, 4, 8, 10, 12]),
        ("2-4-6-8-12", [2, 4, 6, 8, 12]),
    ],
)
def test_s6_3_mineiro_ladder_option(ladder: str, values: list[int]) -> None:
    """RULES §6.3 (D24) mineiro_ladder: 2-4-6-10-12 (default), 2-4-8-10-12 (C1 old code),
    2-4-6-8-12 (C1 help text); refusals are the value before the call."""
    v = mineiro(mineiro_ladder=ladder)
    lad = v.describe()["ladder"]
    assert [lad["unbet"], *lad["accepted"]] == values
    assert lad["refused"] == values[:-1]
    opts = {"mineiro_ladder": ladder}
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:seis", "0:quiero"], options=opts)
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (values[2], 0)
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:seis", "0:dez", "1:no-quiero"], options=opts)
    assert m.history[0].points == (values[2], 0)


@pytest.mark.parametrize("bad", ["2-4-6-10", "1-3-6-9-12", (2, 4, 6, 10), [1, 3, 6, 9, 12]])
def test_s6_3_mineiro_ladder_rejects_other_values(bad: object) -> None:
    """RULES §6.3: mineiro_ladder is one of the three ladders."""
    with pytest.raises(tr.InvalidOption):
        mineiro(mineiro_ladder=bad)


@pytest.mark.parametrize("given", [[2, 4, 8, 10, 12], (2, 4, 8, 10, 12)])
def test_s6_3_mineiro_ladder_takes_the_values_as_rules_writes_them(given: object) -> None:
    """RULES §6.3 writes the option as its values, ``[2,4,8,10,12]``; it was refused. The
    option keeps its one spelling: records and options() show the string."""
    v = mineiro(mineiro_ladder=given)
    assert v.options()["mineiro_ladder"] == "2-4-8-10-12"
    assert v == mineiro(mineiro_ladder="2-4-8-10-12")
    assert v.ladder.values == (2, 4, 8, 10, 12)


def test_s6_2_mao_rotation_is_rules_spelling_of_mano_rotation() -> None:
    """RULES §5.3 and §6.2 name the option ``mao_rotation``; the library's name is
    ``mano_rotation`` (the word every variant's table uses) and it takes both."""
    for name in ("mineiro", "paulista"):
        v = tr.get_variant(name, {"mao_rotation": "against_play"})
        assert v == tr.get_variant(name, {"mano_rotation": "against_play"})
        assert "mao_rotation" not in v.options()


def test_s6_3_calls_alternate_and_only_the_accepting_side_raises() -> None:
    """RULES §6.3 / §1.5: a team cannot call twice in a row; after Y accepts truco only Y may
    call seis; a raise may answer a call."""
    m = scenario(M, [STRONG, WEAK], ["0:truco"])
    assert m.legal_action_texts(0) == []
    assert m.legal_action_texts(1) == ["quiero", "no-quiero", "seis", "mazo"]
    m.apply("quiero", 1)
    assert "seis" not in m.legal_action_texts(0)
    unchanged_after(m, "seis", 0, tr.IllegalAction)
    m.apply("play 4c", 0)
    assert "seis" in m.legal_action_texts(1)


def test_s6_3_truco_own_turn_default_any_time_option() -> None:
    """RULES §6.3: truco_call_timing own_turn (P24); any_time lets a player call out of turn."""
    m = scenario(M, [STRONG, WEAK])
    unchanged_after(m, "truco", 1, tr.WrongPlayer)
    m = scenario(M, [STRONG, WEAK], options={"truco_call_timing": "any_time"})
    m.apply("truco", 1)
    assert m.current_player() == 0 and m.observation(0).pending_call == "truco"


def test_s6_3_running_away_concedes_the_stake() -> None:
    """RULES §6.3: running (mazo) concedes the current stake: 2 unbet, 4 after truco; running
    from a pending call refuses it."""
    m = scenario(M, [STRONG, WEAK], ["0:mazo"])
    assert m.history[0].points == (0, 2)
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:quiero", "0:mazo"])
    assert m.history[0].points == (0, 4)
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:seis", "0:mazo"])
    assert m.history[0].points == (0, 4)


# =============================================================================================
# §6.4 Tricks and ties: standard (TV51) and the two-card reveal (TV55)
# =============================================================================================

_TRICKS = [
    {"M": ("3s", "4h"), "O": ("4s", "3h"), "T": ("6s", "6c")},
    {"M": ("2d", "Qh"), "O": ("Qd", "2h"), "T": ("Jd", "Jh")},
    {"M": ("Kc", "5s"), "O": ("5c", "Ks"), "T": ("Kc", "Ks")},
]
_CODE = {"M": 0, "O": 1, "T": -1}
_TABLE = [
    ("MM", "MM", "M"),
    ("OO", "OO", "O"),
    ("MOM", "MOM", "M"),
    ("MOO", "MOO", "O"),
    ("OMO", "OMO", "O"),
    ("OMM", "OMM", "M"),
    ("MOT", "MOT", "M"),
    ("OMT", "OMT", "O"),
    ("MTO", "MT", "M"),
    ("OTM", "OT", "O"),
    ("TM", "TM", "M"),
    ("TO", "TO", "O"),
    ("TTM", "TTM", "M"),
    ("TTO", "TTO", "O"),
    ("TTT", "TTT", "N"),
]


def pattern(plan: str, mano: int = 0) -> tr.Match:
    """A 2-seat hand (standard ties) whose tricks come out as ``plan``, played out."""
    return trick_pattern(M, _TRICKS, plan, mano=mano, options=STANDARD)


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(("plan", "played", "winner"), _TABLE)
def test_s6_4_master_table_mineiro_standard_column(
    plan: str, played: str, winner: str, mano: int
) -> None:
    """RULES §1.4 column mineiro / §6.4 standard: first tie -> next decisive trick; tie after a
    won trick -> first-trick winner; all tied -> nobody. An unbet hand is worth 2."""
    h = pattern(plan, mano).history[0]
    assert h.tricks == tuple(_CODE[r] for r in played)
    if winner == "N":
        assert h.winner is None and h.points == (0, 0)
        return
    side = mano if winner == "M" else 1 - mano
    assert h.winner == side and h.points[side] == 2 and h.points[1 - side] == 0


def test_tv51_s6_4_standard_tie_tie_other() -> None:
    """RULES §9 TV51: mineiro (standard) T, T, O -> O."""
    h = pattern("TTO").history[0]
    assert h.tricks == (-1, -1, 1) and h.winner == 1 and h.points == (0, 2)


def test_s6_4_standard_mode_plays_one_card_at_a_time() -> None:
    """RULES §6.4 mineiro_first_trick_tie='standard' (P24, P27, C1): after a tied trick 1
    each player plays one card; a two-card play is illegal."""
    m = tied_first_trick("3s 5h", "3d 6c", **STANDARD)
    assert not any(" over " in t for t in m.legal_action_texts())
    assert "play 3s" in m.legal_action_texts()
    unchanged_after(m, "play 3s over 5h", 0, tr.IllegalAction)


def test_tv55_s6_4_two_card_reveal_hidden_cards_decide() -> None:
    """RULES §9 TV55 / §6.4 steps 2-4: trick 1 tied; X shows 3s over hidden 5h, Y 3d over
    hidden 6c: trick 2 tied, the hidden cards are turned: 6c > 5h, Y wins."""
    m = tied_first_trick("3s 5h", "3d 6c")
    assert m.legal_action_texts() == ["play 3s over 5h", "play 5h over 3s", "truco", "mazo"]
    m.apply("play 3s over 5h", 0)
    m.apply("play 3d over 6c", 1)
    h = m.history[0]
    assert h.tricks == (-1, -1, 1) and h.winner == 1 and h.points == (0, 2)


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(
    ("mine", "theirs", "tricks", "winner"),
    [
        ("2d over 5s", "Qh over 4h", (-1, 0), "M"),  # face-up cards decide: no trick 3
        ("Qd over 4s", "2h over 5c", (-1, 1), "O"),
        ("Jd over 5s", "Jh over 4h", (-1, -1, 0), "M"),  # hidden cards decide
        ("Jd over 4s", "Jh over 5c", (-1, -1, 1), "O"),
        ("Jd over 5s", "Jh over 5c", (-1, -1, -1), "N"),  # all tied: nobody
    ],
)
def test_s6_4_two_card_reveal_outcomes(
    mine: str, theirs: str, tricks: tuple[int, ...], winner: str, mano: int
) -> None:
    """RULES §6.4 two_card_reveal (default, S1): after a tied trick 1 both remaining cards go
    down at once from the previous leader; the face-up cards make trick 2 (and so decide the
    hand), the face-down ones trick 3 if trick 2 ties too; a third tie: nobody scores."""
    m = tied_first_trick(" ".join(mine.split()[::2]), " ".join(theirs.split()[::2]), mano)
    assert m.current_player() == mano  # the leader of the tied trick goes first
    m.apply(f"play {mine}", mano)
    assert not m.history
    m.apply(f"play {theirs}", 1 - mano)
    h = m.history[0]
    assert h.tricks == tricks
    if winner == "N":
        assert h.winner is None and h.points == (0, 0)
    else:
        side = mano if winner == "M" else 1 - mano
        assert h.winner == side and h.points[side] == 2


def test_s6_4_hidden_card_is_hidden_until_turned() -> None:
    """RULES §6.4 step 2: the card underneath is face down: the opponent sees only the
    face-up card (the owner sees both) until the hidden cards are turned for trick 3."""
    m = tied_first_trick("3s 5h", "3d 6c")
    m.apply("play 3s over 5h", 0)
    theirs = m.observation(1).current
    assert [p.card for p in theirs.table if p.trick == 1] == [FRENCH.parse("3s")]
    assert theirs.public_log[-1] == (0, "play 3s over (down)")
    assert m.observation(0).current.public_log[-1] == (0, "play 3s over 5h")
    assert m.observation(0).my_cards == ()  # both cards are on the table
    m.apply("play 3d over 6c", 1)
    shown = m.observation(1).previous
    assert shown is not None
    assert [(p.trick, p.card) for p in shown.table if p.seat == 0][-1] == (2, FRENCH.parse("5h"))


def test_s6_4_two_card_reveal_four_seats() -> None:
    """RULES §6.4: 4 seats, every player in play order from the previous leader plays both
    cards; the hidden cards make trick 3."""
    hands = ["6s Jd 5s", "6c Jh 4h", "4s Js 4d", "6h Qc 5d"]
    plays = ["0:play 6s", "1:play 6c", "2:play 4s", "3:play 6h"]
    m = scenario(M, hands, plays)
    assert m.hand is not None and m.hand.results == [-1] and m.current_player() == 0
    for seat, cards in [(0, "Jd over 5s"), (1, "Jh over 4h"), (2, "Js over 4d"), (3, "Qc over 5d")]:
        m.apply(f"play {cards}", seat)
    h = m.history[0]
    assert h.tricks == (-1, -1, -1) and h.points == (0, 0)  # J J tie; then 5s / 5d tie


def test_s6_4_truco_still_possible_before_the_double_play() -> None:
    """RULES §6.4 step 6 (inferred): ladder calls remain possible around the two-card play."""
    m = tied_first_trick("3s 5h", "3d 6c")
    m.apply("truco", 0)
    m.apply("quiero", 1)
    m.apply("play 3s over 5h", 0)
    assert "seis" in m.legal_action_texts(1)
    m.apply("play 3d over 6c", 1)
    assert m.history[0].points == (0, 4)


def test_s6_4_face_up_lower_than_hidden_is_void_always() -> None:
    """RULES §6.4 step 5 (D26) mineiro_faceup_must_be_higher default 'always': X shows 5h over
    a hidden 2s, so the 5h counts 0 and loses trick 2 to Y's 5d (which it would tie): Y wins."""
    m = tied_first_trick("2s 5h", "4s 5d")
    m.apply("play 5h over 2s", 0)
    m.apply("play 5d over 4s", 1)
    h = m.history[0]
    assert h.tricks == (-1, 1) and h.winner == 1 and h.points == (0, 2)


def test_s6_4_face_up_lower_counts_with_never() -> None:
    """RULES §6.4 (D26) 'never': the lower face-up 5h keeps its value, ties the 5d, and the
    hidden cards decide: 2s > 4s, X wins."""
    m = tied_first_trick("2s 5h", "4s 5d", mineiro_faceup_must_be_higher="never")
    m.apply("play 5h over 2s", 0)
    m.apply("play 5d over 4s", 1)
    h = m.history[0]
    assert h.tricks == (-1, -1, 0) and h.winner == 0


def test_s6_4_face_up_void_only_in_mao_de_10_option() -> None:
    """RULES §6.4 (D26) 'only_mao_de_10' (S1 literal): the rule applies in a mão de 10 only."""
    opts = {"mineiro_faceup_must_be_higher": "only_mao_de_10"}
    m = tied_first_trick("2s 5h", "4s 5d", **opts)
    m.apply("play 5h over 2s", 0)
    m.apply("play 5d over 4s", 1)
    assert m.history[0].winner == 0  # normal hand: as 'never'
    m = scenario(
        M,
        ["6s 2s 5h", "6c 4s 5d"],
        ["0:accept-hand", "0:play 6s", "1:play 6c"],
        scores=(10, 3),
        options=opts,
    )
    m.apply("play 5h over 2s", 0)
    m.apply("play 5d over 4s", 1)
    h = m.history[0]
    assert h.special == "one-side" and h.tricks == (-1, 1) and h.points == (0, 4)


def test_s6_4_equal_face_up_and_hidden_cards_are_not_void() -> None:
    """RULES §6.4 step 5: only a face-up card *lower* than the hidden one loses its value."""
    m = tied_first_trick("Ah Ac", "Kc 5d")
    m.apply("play Ah over Ac", 0)
    m.apply("play Kc over 5d", 1)
    assert m.history[0].tricks == (-1, 0)


def test_s6_4_two_card_play_only_after_a_tied_first_trick() -> None:
    """RULES §6.4: no two-card play in trick 1, nor after a won trick 1."""
    m = scenario(M, [STRONG, WEAK])
    unchanged_after(m, "play 4c over 7h", 0, tr.IllegalAction)
    m.apply("play 4c", 0)
    m.apply("play 4h", 1)
    assert not any(" over " in t for t in m.legal_action_texts())
    unchanged_after(m, "play 7h over As", 0, tr.IllegalAction)


def test_s6_4_during_the_reveal_a_single_card_is_illegal() -> None:
    """RULES §6.4 step 2: after a tied trick 1 both cards go down at once."""
    m = tied_first_trick("3s 5h", "3d 6c")
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="both cards"):
        m.apply("play 3s", 0)
    assert m == before
    unchanged_after(m, "play 3s down", 0, tr.IllegalAction)


# =============================================================================================
# §6.5 Face-down cards
# =============================================================================================


def test_s6_5_no_face_down_in_trick_1_by_default() -> None:
    """RULES §6.5: not allowed in trick 1 (by analogy with Paulista)."""
    m = scenario(M, [STRONG, WEAK])
    assert not any(t.endswith(" down") for t in m.legal_action_texts())
    unchanged_after(m, "play 4c down", 0, tr.IllegalAction)


def test_s6_5_face_down_later_counts_zero() -> None:
    """RULES §6.5: carta coberta is worth nothing: X's zap played face down in trick 2 loses to
    a 4h."""
    m = scenario(M, ["3s 4c 5d", "7h 4h 6s"], ["0:play 3s", "1:play 7h", "1:play 4h"])
    assert "play 4c down" in m.legal_action_texts(0)
    m.apply("play 4c down", 0)
    assert m.history[0].tricks == (1, 1) and m.history[0].winner == 1


def test_s6_5_facedown_allowed_first_trick_option() -> None:
    """RULES §6.5 facedown_allowed_first_trick=True allows a covered card in trick 1."""
    m = scenario(M, [STRONG, WEAK], options={"facedown_allowed_first_trick": True})
    assert "play 4c down" in m.legal_action_texts()


# =============================================================================================
# §6.6 Match, mão de 10 (TV100), mão de ferro, queda
# =============================================================================================


def test_s6_6_game_to_12() -> None:
    """RULES §6.6: game to 12: at 9, a won truco hand (4) wins the match."""
    assert mineiro().options()["target"] == 12
    m = scenario(M, [STRONG, WEAK], ["0:truco", "1:quiero"], scores=(9, 9))
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.winner() == 0


def test_s6_6_queda_is_best_of_two_games() -> None:
    """RULES §6.6: queda = first to win 2 games (chicos_to_win=2): the first game won starts a
    second one at 0-0; the second wins the match."""
    v = mineiro(chicos_to_win=2)
    order = tr.deal_order(v, [STRONG, WEAK])
    m = v.new_match(2, deals=[order], mano=0, scores=(9, 9))
    m.apply("truco")
    m.apply("quiero")
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.chicos == (1, 0) and m.score == (0, 0) and not m.is_over()
    m = v.new_match(2, deals=[order], mano=0, scores=(9, 9), chicos=(1, 0))
    m.apply("truco")
    m.apply("quiero")
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.is_over() and m.winner() == 0


def test_s6_6_mao_de_10_decided_first_and_worth_4() -> None:
    """RULES §6.6: one side at 10 decides before trick 1; played, the hand is worth 4."""
    m = scenario(M, [STRONG, WEAK], scores=(10, 4))
    o = m.observation(0)
    assert o.phase == "decide-hand" and o.special == "one-side" and o.stake == 4
    assert m.legal_action_texts() == ["accept-hand", "decline-hand"]
    m.apply("accept-hand", 0)
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (4, 0) and m.winner() == 0


def test_s6_6_mao_de_10_lost_gives_opponents_4() -> None:
    """RULES §6.6: a lost mão de 10 gives the opponents 4."""
    m = scenario(M, [STRONG, WEAK], ["1:accept-hand"], scores=(3, 10))
    play_out(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (4, 0) and m.score == (7, 10)


def test_tv100_s6_6_mao_de_10_declined_opponents_score_2() -> None:
    """RULES §9 TV100: mineiro, mão de 10 declined -> the opponents +2."""
    m = scenario(M, [STRONG, WEAK], ["0:decline-hand"], scores=(10, 5))
    assert m.history[0].points == (0, 2) and m.score == (10, 7)


def test_s6_6_mao_de_10_no_truco() -> None:
    """RULES §6.6: nobody may call truco in the mão de 10 (default: illegal)."""
    m = scenario(M, [STRONG, WEAK], ["0:accept-hand"], scores=(10, 5))
    unchanged_after(m, "truco", 0, tr.IllegalAction)
    m.apply("play 4c", 0)
    unchanged_after(m, "truco", 1, tr.IllegalAction)


def test_s6_6_mao_de_10_truco_caller_loses_game_option() -> None:
    """RULES §6.6 (D23) mao_de_x_truco_call='caller_loses_game' (P24): calling truco in the
    mão de 10 loses the game."""
    opts = {"mao_de_x_truco_call": "caller_loses_game"}
    m = scenario(M, [STRONG, WEAK], ["0:accept-hand", "0:truco"], scores=(10, 5), options=opts)
    assert m.winner() == 1 and m.history[0].end_reason == "forbidden call"


def test_s6_6_mao_de_10_partners_see_each_other_4_seats() -> None:
    """RULES §6.6: the side at 10 may look at the partners' cards; the other side may not."""
    hands = fill([[], [], [], []])
    m = scenario(M, hands, scores=(5, 10))
    assert m.current_player() == 1
    assert m.observation(1).partner_cards == ((3, m.observation(3).my_cards),)
    assert m.observation(0).partner_cards == () and m.observation(2).partner_cards == ()


def test_s6_6_mao_de_ferro_blind_winner_takes_game() -> None:
    """RULES §6.6: both at 10: played blind, no truco, the winner wins the game (value 4)."""
    m = scenario(M, [WEAK, STRONG], scores=(10, 11))
    o = m.observation(0)
    assert o.special == "iron" and o.my_cards == () and o.unseen_cards == 3 and o.stake == 4
    unchanged_after(m, "truco", 0, tr.IllegalAction)
    unchanged_after(m, "play 4h", 0, tr.IllegalAction)
    while not m.history:
        m.apply(m.legal_actions()[0])
    assert m.history[0].points == (0, 4) and m.winner() == 1


def test_s6_6_blind_iron_hand_has_no_two_card_play() -> None:
    """RULES §6.6 / §6.4 (engine decision): a blind player cannot choose which card goes on
    top, so a blind iron hand goes on one card at a time after a tied first trick."""
    m = scenario(M, ["6s 3s 5h", "6c 3d 6h"], ["0:play #1", "1:play #1"], scores=(10, 10))
    assert m.hand is not None and m.hand.results == [-1]
    assert m.legal_action_texts() == ["play #2", "play #3", "mazo"]


def test_s6_6_sighted_iron_hand_keeps_the_two_card_play() -> None:
    """RULES §6.6 / §6.4: with iron_hand_blind='partner_cards_hidden_only' players see their
    cards, so the two-card reveal applies after a tied first trick."""
    opts = {"iron_hand_blind": "partner_cards_hidden_only"}
    m = scenario(
        M, ["6s 3s 5h", "6c 3d 6h"], ["0:play 6s", "1:play 6c"], scores=(10, 10), options=opts
    )
    assert m.legal_action_texts() == ["play 3s over 5h", "play 5h over 3s", "mazo"]


# =============================================================================================
# Bad input: a clear TrucoError subclass, and the state unchanged (issue 3, item 5)
# =============================================================================================


@pytest.mark.parametrize("text", ["play 1c", "play 10h", "play Zz", "play 3s over 1h"])
def test_bad_input_malformed_french_card(text: str) -> None:
    """RULES §0.2: malformed card text is a ParseError; nothing changes."""
    m = tied_first_trick("3s 5h", "3d 6c")
    before = m.copy()
    with pytest.raises(tr.ParseError, match="french"):
        m.apply(text, 0)
    assert m == before


def test_bad_input_truco_in_mao_de_10_and_ferro() -> None:
    """RULES §6.6: truco in a mão de 10 or an iron hand is an IllegalAction saying why."""
    for scores, hand in [((10, 2), "the hand of 10"), ((10, 10), "an iron hand")]:
        m = scenario(M, [STRONG, WEAK], scores=scores)
        if scores == (10, 2):
            m.apply("accept-hand", 0)
        before = m.copy()
        with pytest.raises(tr.IllegalAction, match=f"no ladder call is allowed in {hand}"):
            m.apply("truco", 0)
        assert m == before


def test_bad_input_face_down_in_trick_1() -> None:
    """RULES §6.5: a face-down card in trick 1 is an IllegalAction."""
    m = scenario(M, [STRONG, WEAK])
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="first trick"):
        m.apply("play 4c down", 0)
    assert m == before


def test_bad_input_two_card_play_not_allowed() -> None:
    """RULES §6.4: a two-card play in trick 1 is an IllegalAction that says when it is allowed."""
    m = scenario(M, [STRONG, WEAK])
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="tied first trick"):
        m.apply("play 4c over 7h", 0)
    assert m == before


def test_bad_input_two_card_play_with_a_card_not_held() -> None:
    """RULES §6.4: both cards of the two-card play must be in the player's hand."""
    m = tied_first_trick("3s 5h", "3d 6c")
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="not in this seat"):
        m.apply("play 3s over 6c", 0)
    assert m == before


def test_bad_input_blind_play_in_a_normal_hand() -> None:
    """RULES §6.6: 'play #k' exists only in a blind iron hand."""
    m = scenario(M, [STRONG, WEAK])
    before = m.copy()
    with pytest.raises(tr.IllegalAction, match="blind"):
        m.apply("play #2", 0)
    assert m == before


def test_s6_6_describe_and_compare_show_the_special_hands() -> None:
    """RULES §5.7, §6.6: the rule set as data names the special hands, so compare() tells the
    hand of 11 (1 declined, 3 played) from the hand of 10 (2, 4)."""
    assert tr.get_variant("argentine").describe()["special_hands"] is None
    mineiro = tr.get_variant("mineiro").describe()["special_hands"]
    assert mineiro == {"at": 10, "declined": 2, "played": 4, "iron": 4}
    pair = tr.get_variant("paulista"), tr.get_variant(M)
    diffs = {d.rule: (d.left, d.right) for d in tr.compare(*pair)}
    assert diffs["special_hands"][0] == {"at": 11, "declined": 1, "played": 3, "iron": 3}


SIN = "argentine-sin-flor"


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


def test_the_rule_sheet_never_names_a_score_below_zero() -> None:
    """RULES §5.7, §6.6: the hand of 10 and the iron hand come at ``target - 2`` and above;
    at a target of 2 or less that is every score, as play has it (the first hand at 0-0 is
    an iron hand), and the sheet says so instead of "at -1"."""
    v = tr.get_variant("mineiro").with_options(target=1)
    m = v.new_match(2, seed=1)
    assert m.hand is not None and m.hand.special == "iron"
    sheet = tr_sheet(v)
    assert "at -" not in sheet and "a side at any score" in sheet
    assert "both sides at any score" in sheet


def tr_sheet(v: tr.Variant) -> str:
    import contextlib
    import io

    from truco_rules.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["describe", v.name, "--option", f"target={v.match.target}"]) == 0
    return out.getvalue()
