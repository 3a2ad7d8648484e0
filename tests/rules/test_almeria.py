"""Rule-by-rule tests of the ``almeria`` variant (El Truco of Almería) against RULES.md §7.

Covers RULES §7.1-§7.6, the ``almeria`` column of the §1.4 master table, the Almería rows of
the disagreement register (§8 D3, D27, D28) and every §9 test vector about this variant (the
vector id is in the test name). The eight duel shapes of the seed (S4 §8 "opciones", the
table of §7.4) are whole records in ``tests/data/scenarios/almeria_opcion_*.txt``.

Conventions: in a 2-seat duel the leader L (the non-dealer, "mano") is seat 0 unless stated
and the postre P (the dealer) seat 1; ``X`` is side 0, ``Y`` side 1. A toro is the kernel's
chico. Every test cites its RULES section in its name and docstring.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from conftest import hand_points, scenario, trick_pattern

import truco_rules as tr

ALM = "almeria"

STRONG = "3E 3B 2O"  # wins every trick against WEAK
WEAK = "4O 5B 6C"


def play_plan(m: tr.Match, plan: dict[int, Sequence[str]]) -> None:
    """Play the current contest's cards, ``plan[seat][k]`` being the seat's k-th card, following
    whoever is to act, until the contest ends."""
    start = len(m.history)
    played = dict.fromkeys(plan, 0)
    while len(m.history) == start and m.hand is not None:
        s = m.hand.turn
        m.apply(f"play {plan[s][played[s]]}", s)
        played[s] += 1


def illegal(m: tr.Match, seat: int, action: str, error: type[Exception]) -> None:
    """``action`` by ``seat`` raises ``error`` and leaves the match as it was."""
    before = m.copy()
    with pytest.raises(error):
        m.apply(action, seat)
    assert m == before


def texts(m: tr.Match, seat: int) -> list[str]:
    return m.legal_action_texts(seat)


def first_trick(card0: str, card1: str) -> int:
    """Result of trick 1 when the leader (seat 0) plays card0 and the postre card1."""
    fillers = [c for c in ("4O", "4B", "5O", "5B", "6O", "6B") if c not in (card0, card1)]
    m = scenario(ALM, [f"{card0} {fillers[0]} {fillers[1]}", f"{card1} {fillers[2]} {fillers[3]}"])
    m.apply(f"play {card0}", 0)
    m.apply(f"play {card1}", 1)
    return m.history[0].tricks[0] if m.history else m.hand.results[0]


# =============================================================================================
# §7.1 Deck and ranking
# =============================================================================================

RANKS = [3, 2, 1, 12, 11, 10, 7, 6, 5, 4]


def test_s7_1_ranking_table() -> None:
    """RULES §7.1: 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4, strengths 10..1, suits irrelevant
    (no bravas: 1E, 1B, 7E, 7O are ordinary cards)."""
    v = tr.get_variant(ALM)
    groups = v.describe()["ranking"]
    assert [sorted(g) for g in groups] == [sorted(f"{r}{s}" for s in "EBOC") for r in RANKS]
    for strength, rank in zip(range(10, 0, -1), RANKS, strict=True):
        assert {v.card_strength(f"{rank}{s}") for s in "EBOC"} == {strength}
    assert len(v.deck.cards) == 40


@pytest.mark.parametrize(("high", "low"), list(itertools.pairwise(RANKS)))
def test_s7_1_adjacent_ranks_in_play(high: int, low: int) -> None:
    """RULES §7.1 / §1.2: the higher rank wins the trick whoever plays it and whatever the
    suits."""
    assert first_trick(f"{high}C", f"{low}E") == 0  # leader's side
    assert first_trick(f"{low}O", f"{high}B") == 1  # postre's side


@pytest.mark.parametrize("rank", RANKS)
def test_s7_1_equal_ranks_tie(rank: int) -> None:
    """RULES §7.1: equal ranks tie, whatever the suits (1E and 1B included)."""
    assert first_trick(f"{rank}E", f"{rank}B") == -1
    assert first_trick(f"{rank}O", f"{rank}C") == -1


def test_tv24_s7_1_three_beats_ace_of_swords() -> None:
    """RULES §9 TV24 / §7.1: almeria `3O` vs `1E` -> `3O` (no bravas; 3 highest)."""
    assert first_trick("3O", "1E") == 0
    assert first_trick("1E", "3O") == 1


def test_tv25_s7_1_ace_beats_king() -> None:
    """RULES §9 TV25 / §7.1: almeria `12C` vs `1B` -> `1B` (as > rey)."""
    assert first_trick("12C", "1B") == 1
    assert first_trick("1B", "12C") == 0


def test_s7_1_no_envido_no_flor() -> None:
    """RULES §7.1: no envido and no flor: the variant has neither hook and their verbs are
    unknown (UnknownAction), leaving the match unchanged."""
    v = tr.get_variant(ALM)
    assert v.envido is None and v.flor is None
    assert v.envido_points("7C 6C 5C") is None and v.flor_points("7C 6C 5C") is None
    m = scenario(ALM, ["7C 6C 5C", "7E 6E 5E"])
    for verb in ("envido", "real-envido", "falta-envido", "flor", "contraflor", "vale-cuatro"):
        illegal(m, 0, verb, tr.UnknownAction)
    assert texts(m, 0) == ["play 7C", "play 6C", "play 5C", "truco", "mazo"]


def test_s7_1_no_face_down_play() -> None:
    """RULES §7.1: `facedown_allowed: false` (inferred): no card may be played face down, in
    any trick, and it is not an option."""
    m = scenario(ALM, ["6E 4O 5B", "6B 4C 5C"])
    for _trick in range(3):
        if m.history:
            break
        for _ in range(2):
            s = m.hand.turn
            assert not any(t.endswith(" down") for t in texts(m, s))
            card = m.hand.cards[s][0]
            illegal(m, s, f"play {card} down", tr.IllegalAction)
            m.apply(f"play {card}", s)
    assert m.history
    with pytest.raises(tr.UnknownOption):
        tr.get_variant(ALM, {"facedown_allowed": True})


# =============================================================================================
# §7.4 Playing a duel: leader, cortar y volver, darse de malas, ties
# =============================================================================================


@pytest.mark.parametrize("mano", [0, 1])
def test_s7_4_non_dealer_leads_and_postre_answers(mano: int) -> None:
    """RULES §7.3 / §7.4: the non-dealer (mano) leads trick 1; the postre (dealer) answers it
    and may not play first."""
    postre = 1 - mano
    hands = ["", ""]
    hands[mano], hands[postre] = "3E 4O 5B", "2E 4C 5C"
    m = scenario(ALM, hands, mano=mano)
    assert m.hand.order == (mano, postre)
    assert m.current_player() == mano
    assert texts(m, postre) == []
    illegal(m, postre, "play 2E", tr.WrongPlayer)
    m.apply("play 4O", mano)
    assert m.current_player() == postre


def test_s7_4_cortar_y_volver_trick_winner_leads_next() -> None:
    """RULES §7.4 (S4 §6 "cortar y volver"): the postre cuts (answers with a higher card, winning
    the trick) and then leads ("vuelve") the next trick; the same holds for the leader."""
    m = scenario(ALM, ["5E 2O 4B", "6B 3C 10O"], ["0:play 5E", "1:play 6B"])
    assert m.hand.results == [1]
    assert m.current_player() == 1  # the postre cut: he leads trick 2
    m.apply("play 10O", 1)
    m.apply("play 2O", 0)  # the leader cuts back
    assert m.hand.results == [1, 0]
    assert m.current_player() == 0  # ... and leads trick 3


def test_s7_4_darse_de_malas() -> None:
    """RULES §7.4 (S4 §6 "darse de malas"): the postre answers trick 1 with a lower card,
    conceding it; the leader won the trick and leads trick 2."""
    m = scenario(ALM, ["11E 4O 5B", "10B 3C 2C"], ["0:play 11E", "1:play 10B"])
    assert m.hand.results == [0]
    assert m.current_player() == 0


@pytest.mark.parametrize("mano", [0, 1])
def test_s7_4_leader_after_a_tie_is_the_previous_leader(mano: int) -> None:
    """RULES §7.4 / §1.3 (S4 options 5-8): after a tied trick the player who led it leads again,
    also after a second tie."""
    postre = 1 - mano
    hands = ["", ""]
    hands[mano], hands[postre] = "6E 11O 4B", "6B 11C 5C"
    m = scenario(ALM, hands, [f"{mano}:play 6E", f"{postre}:play 6B"], mano=mano)
    assert m.hand.results == [-1]
    assert m.current_player() == mano
    m.apply("play 11O", mano)
    m.apply("play 11C", postre)
    assert m.hand.results == [-1, -1]
    assert m.current_player() == mano


# Per trick: (leader's card, postre's card) for M (the leader wins), O (the postre), T (tie).
_TRICK_CARDS = [
    {"M": ("3E", "4B"), "O": ("4E", "3B"), "T": ("6E", "6B")},
    {"M": ("2O", "5C"), "O": ("5O", "2C"), "T": ("11O", "11C")},
    {"M": ("12B", "10E"), "O": ("10B", "12E"), "T": ("12O", "12C")},
]
_CODE = {"M": 0, "O": 1, "T": -1}


def pattern_duel(plan: str, mano: int = 0, options: dict[str, str] | None = None) -> tr.Match:
    """A duel dealt so that trick k ends as ``plan[k]`` (M, O or T), played to its end."""
    return trick_pattern(ALM, _TRICK_CARDS, plan, mano=mano, options=options)


# (row of §1.4, cards dealt for tricks 1-2-3, tricks actually played, winner): column almeria
_TABLE_ALMERIA = [
    (1, "MMM", "MM", "M"),
    (2, "OOO", "OO", "O"),
    (3, "MOM", "MOM", "M"),
    (4, "MOO", "MOO", "O"),
    (4, "OMO", "OMO", "O"),
    (5, "OMM", "OMM", "M"),
    (6, "MOT", "MOT", "M"),
    (7, "OMT", "OMT", "O"),
    (8, "MTM", "MT", "M"),  # D27: a tie after a won trick 1 -> the first-trick winner, at once
    (8, "MTO", "MT", "M"),  # (rows 9 and 10 are not reached)
    (11, "OTM", "OT", "O"),  # rows 12 and 13 are not reached
    (11, "OTO", "OT", "O"),
    (14, "TMM", "TM", "M"),
    (14, "TOO", "TO", "O"),
    (15, "TTM", "TTM", "M"),
    (15, "TTO", "TTO", "O"),
    (16, "TTT", "TTT", "O"),  # D3: three ties -> the postre
]


@pytest.mark.parametrize("mano", [0, 1])
@pytest.mark.parametrize(("row", "plan", "played", "winner"), _TABLE_ALMERIA)
def test_s7_4_master_table_almeria_column(
    row: int, plan: str, played: str, winner: str, mano: int
) -> None:
    """RULES §1.4 (every row, column almeria) / §7.4: the duel winner from its tricks; M is the
    leader, O the postre; the duel stops once decided and is worth 1 un-bet."""
    m = pattern_duel(plan, mano)
    h = m.history[0]
    assert h.end_reason == "tricks"
    assert h.tricks == tuple(_CODE[r] for r in played)
    side = mano if winner == "M" else 1 - mano
    assert h.winner == side
    assert h.points[side] == 1 and h.points[1 - side] == 0


def test_tv52_s7_4_three_ties_postre_wins() -> None:
    """RULES §9 TV52 / §7.4 / §8 D3: almeria T, T, T -> O (the postre), S4 option 7."""
    for mano in (0, 1):
        h = pattern_duel("TTT", mano).history[0]
        assert h.tricks == (-1, -1, -1)
        assert h.winner == 1 - mano


def test_s7_4_all_tricks_tied_mano_option() -> None:
    """RULES §7.4 / §8 D3 alt: `all_tricks_tied='mano'` gives three ties to the leader;
    'nobody' is not an Almería choice."""
    assert tr.get_variant(ALM).options()["all_tricks_tied"] == "postre"
    for mano in (0, 1):
        h = pattern_duel("TTT", mano, {"all_tricks_tied": "mano"}).history[0]
        assert h.winner == mano
    with pytest.raises(tr.InvalidOption):
        tr.get_variant(ALM, {"all_tricks_tied": "nobody"})


@pytest.mark.parametrize(("plan", "winner"), [("MT", 0), ("OT", 1)])
def test_s7_4_d27_tie_after_a_won_trick_ends_the_duel(plan: str, winner: int) -> None:
    """RULES §7.4 / §8 D27 (§1.4 rows 8 and 11, seed silent, P40): a tie in trick 2 after a won
    trick 1 ends the duel at once for the first-trick winner; trick 3 is not played."""
    m = pattern_duel(plan + "M")
    h = m.history[0]
    assert h.tricks == (_CODE[plan[0]], -1)
    assert h.winner == winner
    assert len(m.last_hand.plays) == 4  # each player still holds his third card


@pytest.mark.parametrize("mano", [0, 1])
def test_s7_4_holder_of_the_last_card_may_call_or_concede_before_showing(mano: int) -> None:
    """RULES §7.4 engine rule (S4 options 2, 4, 6, 8): on his turn, before playing his deciding
    card, a player may call truco or concede; the options are exactly play, truco, mazo."""
    postre = 1 - mano
    hands = ["", ""]
    hands[mano], hands[postre] = "6E 11O 4B", "6B 11C 5C"
    m = scenario(
        ALM,
        hands,
        [f"{mano}:play 6E", f"{postre}:play 6B", f"{mano}:play 11O", f"{postre}:play 11C"],
        mano=mano,
    )
    m.apply("play 4B", mano)
    assert texts(m, postre) == ["play 5C", "truco", "mazo"]


def test_s7_4_refused_caller_scores_without_showing() -> None:
    """RULES §7.4: a refused truco gives the caller his point without showing his card: the
    card stays out of every observation and nothing is shown."""
    m = scenario(
        ALM,
        ["6E 11O 3B", "6B 11C 4C"],
        ["0:play 6E", "1:play 6B", "0:play 11O", "1:play 11C", "0:play 3B", "1:truco"],
    )
    m.apply("no-quiero", 0)
    h = m.history[0]
    assert h.points == (0, 1) and h.winner == 1 and h.end_reason == "refused"
    assert h.shown == ()
    seen = m.observation(0).previous
    assert seen is not None and seen.shown == ()
    assert tr.get_variant(ALM).card("4C") not in {p.card for p in seen.table}


# =============================================================================================
# §7.5 Betting ladder (TV102-TV106)
# =============================================================================================


def test_s7_5_ladder_values() -> None:
    """RULES §7.5: un-bet 1; truco 3/1, retruco 6/3, para nueve 9/6, para el toro (the whole
    toro)/9 (accepted/refused)."""
    v = tr.get_variant(ALM)
    lad = v.describe()["ladder"]
    assert lad["calls"] == ["truco", "retruco", "para-nueve", "para-el-toro"]
    assert lad["unbet"] == 1
    assert lad["accepted"][:3] == [3, 6, 9]
    assert lad["refused"] == [1, 3, 6, 9]
    assert v.ladder.top_wins_target


def test_tv102_s7_5_unbet_duel_worth_1() -> None:
    """RULES §9 TV102 / §7.5: no call, duel won -> +1."""
    m = scenario(ALM, [STRONG, WEAK])
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert hand_points(m) == (1, 0)
    m = scenario(ALM, [WEAK, STRONG])
    play_plan(m, {0: WEAK.split(), 1: STRONG.split()})
    assert hand_points(m) == (0, 1)


@pytest.mark.parametrize("caller", [0, 1])
def test_tv103_s7_5_truco_refused_caller_scores_1(caller: int) -> None:
    """RULES §9 TV103 / §7.5: Truco refused -> the caller +1 (the postre calls on his turn,
    after the leader's card)."""
    pre = [] if caller == 0 else ["0:play 4O"]
    m = scenario(ALM, [WEAK, STRONG], [*pre, f"{caller}:truco", f"{1 - caller}:no-quiero"])
    h = m.history[0]
    assert h.end_reason == "refused" and h.winner == caller
    assert h.points == ((1, 0) if caller == 0 else (0, 1))


def test_tv103_s7_5_truco_accepted_winner_scores_3() -> None:
    """RULES §9 TV103 / §7.5: Truco accepted -> the duel winner +3 (also when the caller
    loses: S4 options 2, 4, 6, 8 "quiero")."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:quiero"])
    play_plan(m, {0: WEAK.split(), 1: STRONG.split()})
    assert hand_points(m) == (0, 3)


def test_tv104_s7_5_retruco_refused_scores_3() -> None:
    """RULES §9 TV104 / §7.5: Retruco refused -> the retruco caller +3."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:no-quiero"])
    assert m.history[0].points == (0, 3)


def test_tv104_s7_5_retruco_accepted_winner_scores_6() -> None:
    """RULES §9 TV104 / §7.5: Retruco accepted -> the duel winner +6."""
    m = scenario(ALM, [STRONG, WEAK], ["0:truco", "1:quiero", "0:play 3E", "1:retruco", "0:quiero"])
    play_plan(m, {0: STRONG.split()[1:], 1: WEAK.split()})
    assert hand_points(m) == (6, 0)


def test_s7_5_para_nueve_refused_6_accepted_9() -> None:
    """RULES §7.5: Para nueve refused -> its caller +6; accepted -> the duel winner +9."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:para-nueve", "1:no-quiero"])
    assert m.history[0].points == (6, 0)
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:para-nueve", "1:quiero"])
    play_plan(m, {0: WEAK.split(), 1: STRONG.split()})
    assert hand_points(m) == (0, 9)


def test_tv106_s7_5_para_el_toro_refused_scores_9() -> None:
    """RULES §9 TV106 / §7.5: Para el toro refused -> its caller +9 (no toro)."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:para-nueve", "1:para-el-toro"])
    m.apply("no-quiero", 0)
    assert m.history[0].points == (0, 9)
    assert m.chicos == (0, 0) and m.score == (0, 9)


@pytest.mark.parametrize(("scores", "points"), [((0, 0), 18), ((4, 16), 14), ((17, 2), 1)])
def test_tv106_s7_6_para_el_toro_accepted_wins_the_toro(
    scores: tuple[int, int], points: int
) -> None:
    """RULES §9 TV106 / §7.5 / §7.6: Para el toro accepted -> the duel winner wins the current
    toro, whatever the scores (from 0, or behind): he scores what he lacks to reach 18."""
    m = scenario(
        ALM,
        [STRONG, WEAK],
        ["0:truco", "1:retruco", "0:para-nueve", "1:para-el-toro", "0:quiero"],
        scores=scores,
    )
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    h = m.history[0]
    assert h.points == (points, 0) and h.top_bet
    assert m.chicos == (1, 0)
    assert m.score == (0, 0)


def test_s7_5_conceding_after_para_el_toro_gives_the_toro() -> None:
    """RULES §7.5 / §1.5: conceding gives the current stake; once para el toro is accepted the
    stake is the whole toro."""
    m = scenario(
        ALM,
        [WEAK, STRONG],
        ["0:truco", "1:retruco", "0:para-nueve", "1:para-el-toro", "0:quiero"],
        scores=(10, 3),
    )
    m.apply("mazo", 0)
    assert m.history[0].points == (0, 15)
    assert m.chicos == (0, 1)


def test_s7_5_nothing_follows_para_el_toro() -> None:
    """RULES §7.5: para el toro is the top of the ladder: answered only quiero, no quiero (or by
    conceding), and no call exists afterwards."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:para-nueve", "1:para-el-toro"])
    assert texts(m, 0) == ["quiero", "no-quiero", "mazo"]
    m.apply("quiero", 0)
    assert texts(m, 0) == ["play 4O", "play 5B", "play 6C", "mazo"]


def test_s7_5_calls_only_on_own_turn() -> None:
    """RULES §7.5 / §7.4 (S4 §8 "siempre que le toque jugar"): only the player about to play may
    call; `truco_call_timing` is `own_turn`."""
    v = tr.get_variant(ALM)
    assert v.options()["truco_call_timing"] == "own_turn"
    m = scenario(ALM, [STRONG, WEAK])
    assert "truco" in texts(m, 0)
    assert texts(m, 1) == []
    illegal(m, 1, "truco", tr.WrongPlayer)
    m.apply("play 3E", 0)
    assert texts(m, 0) == []
    assert "truco" in texts(m, 1)


def test_s7_5_only_the_accepting_side_may_raise() -> None:
    """RULES §7.5 / §1.5: Retruco is made by the player who accepted Truco, on acceptance or later
    on his turn; the caller may not raise his own accepted call."""
    m = scenario(ALM, [STRONG, WEAK], ["0:truco", "1:quiero"])
    assert m.current_player() == 0  # the leader still has to play
    assert "retruco" not in texts(m, 0)
    illegal(m, 0, "retruco", tr.IllegalAction)
    m.apply("play 3E", 0)
    assert "retruco" in texts(m, 1)  # the accepter, on his turn
    m.apply("retruco", 1)
    m.apply("quiero", 0)
    assert m.hand.stake() == 6
    m.apply("play 4O", 1)
    assert "para-nueve" in texts(m, 0)  # now the leader accepted the last call
    m.apply("play 3B", 0)
    m.apply("play 5B", 1)
    assert m.history[0].points == (6, 0)


def test_s7_5_a_raise_answers_and_accepts_the_pending_call() -> None:
    """RULES §7.5 / §1.5: the answer to a call may be the next call, which accepts the pending
    one ("al aceptar un truco"); the caller cannot raise his own call."""
    m = scenario(ALM, [STRONG, WEAK], ["0:truco"])
    assert texts(m, 1) == ["quiero", "no-quiero", "retruco", "mazo"]
    assert texts(m, 0) == []
    m.apply("retruco", 1)
    assert m.hand.level == 1 and m.hand.stake() == 3  # truco accepted in the air
    m.apply("para-nueve", 0)
    assert m.hand.stake() == 6
    m.apply("no-quiero", 1)
    assert m.history[0].points == (6, 0)


@pytest.mark.parametrize(
    ("calls", "stake"),
    [
        ([], 1),
        (["0:truco", "1:quiero"], 3),
        (["0:truco", "1:retruco", "0:quiero"], 6),
        (["0:truco", "1:retruco", "0:para-nueve", "1:quiero"], 9),
    ],
)
def test_s7_5_conceding_gives_the_current_stake(calls: list[str], stake: int) -> None:
    """RULES §7.4 / §1.5: a player who concedes the duel (mazo) on his turn gives the opponent
    the stake accepted so far (1 un-bet)."""
    m = scenario(ALM, [WEAK, STRONG], calls)
    assert m.current_player() == 0
    m.apply("mazo", 0)
    h = m.history[0]
    assert h.end_reason == "mazo" and h.winner == 1
    assert h.points == (0, stake)


def test_s7_5_conceding_instead_of_answering_refuses_the_call() -> None:
    """RULES §1.5: conceding while a call is pending is refusing it (the caller scores the
    refusal value)."""
    m = scenario(ALM, [WEAK, STRONG], ["0:truco", "1:retruco", "0:mazo"])
    assert m.history[0].points == (0, 3)


# =============================================================================================
# §7.6 Scoring, toros, match
# =============================================================================================


@pytest.mark.parametrize(
    ("score", "text"),
    [(0, "0 malas"), (1, "1 malas"), (9, "9 malas"), (10, "1 buenas"), (17, "8 buenas")],
)
def test_s7_6_score_text_malas_buenas(score: int, text: str) -> None:
    """RULES §7.6: a toro of 18 is 9 malas then 9 buenas; the score is said that way."""
    m = scenario(ALM, [STRONG, WEAK], scores=(score, 0))
    assert m.score_text() == f"{text} - 0 malas"


def test_s7_6_winning_score_is_9_buenas() -> None:
    """RULES §7.6: the 18th tanto is the 9th buena; the final score stays on the board."""
    v = tr.get_variant(ALM, {"toros_to_win": 1})
    m = v.new_match(2, deals=[tr.deal_order(v, [STRONG, WEAK])], scores=(17, 9))
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.is_over() and m.score_text() == "9 buenas - 9 malas"


def test_s7_6_toro_at_18_excess_discarded() -> None:
    """RULES §7.6: the first side to reach or pass 18 wins the toro; both sides restart at 0
    and the excess is discarded (inferred)."""
    m = scenario(ALM, [STRONG, WEAK], ["0:truco", "1:quiero"], scores=(16, 12))
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.history[0].points == (3, 0)  # 19: one over
    assert m.chicos == (1, 0)
    assert m.score == (0, 0) and m.score_text() == "0 malas - 0 malas"
    assert not m.is_over() and m.is_chance_node()


def test_s7_6_17_is_not_a_toro() -> None:
    """RULES §7.6: reaching 17 wins nothing."""
    m = scenario(ALM, [STRONG, WEAK], scores=(16, 0))
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.score == (17, 0) and m.chicos == (0, 0)


@pytest.mark.parametrize(("toros", "before", "over"), [(3, 1, False), (3, 2, True)])
def test_s7_6_match_of_three_toros(toros: int, before: int, over: bool) -> None:
    """RULES §7.6: the match is won by the first side to win `toros_to_win` toros (default 3)."""
    v = tr.get_variant(ALM)
    assert v.options()["toros_to_win"] == toros == v.match.chicos_to_win
    m = v.new_match(2, deals=[tr.deal_order(v, [STRONG, WEAK])], scores=(17, 0), chicos=(before, 0))
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.chicos == (before + 1, 0)
    assert m.is_over() is over
    assert m.winner() == (0 if over else None)


@pytest.mark.parametrize(("toros", "before", "over"), [(1, 0, True), (2, 0, False), (2, 1, True)])
def test_s7_6_toros_to_win_option(toros: int, before: int, over: bool) -> None:
    """RULES §7.6: `toros_to_win` is the number agreed before playing (1 and 2 here)."""
    v = tr.get_variant(ALM, {"toros_to_win": toros})
    assert v.match.chicos_to_win == toros
    m = v.new_match(2, deals=[tr.deal_order(v, [WEAK, STRONG])], scores=(0, 17), chicos=(0, before))
    play_plan(m, {0: WEAK.split(), 1: STRONG.split()})
    assert m.chicos == (0, before + 1)
    assert m.is_over() is over
    assert m.winner() == (1 if over else None)
    with pytest.raises(tr.InvalidOption):
        tr.get_variant(ALM, {"toros_to_win": 0})


def test_s7_6_a_whole_seeded_match_ends_at_three_toros() -> None:
    """RULES §7.6: a seeded match played by concessions ends when a side has 3 toros; every
    toro in between restarted the scores at 0."""
    m = tr.get_variant(ALM).new_match(2, seed=11)
    rng = random.Random(5)
    toros = 0
    while not m.is_over():
        before = m.scores[:]
        m.apply(rng.choice(m.legal_actions()))
        if sum(m.chicos) > toros:
            toros = sum(m.chicos)
            assert max(before) < 18
            if not m.is_over():
                assert m.score == (0, 0)
    assert max(m.chicos) == 3 and m.chicos[m.winner()] == 3
    assert max(m.score) >= 18


# =============================================================================================
# §7.2 / §7.3 Players, deal, rotation, first dealer
# =============================================================================================


@pytest.mark.parametrize("seats", [3, 6, 5])
def test_s7_2_two_or_four_players(seats: int) -> None:
    """RULES §7.2: El Truco is played by 2 or 4 players."""
    v = tr.get_variant(ALM)
    assert v.seat_counts == (2, 4)
    with pytest.raises(tr.UnsupportedSeats):
        v.new_match(seats)


def test_s7_3_two_players_deal_alternates() -> None:
    """RULES §7.2 / §7.3: with 2 players each deal is one duel and the deal alternates: the
    non-dealer of one deal deals the next, so the mano alternates."""
    m = tr.get_variant(ALM).new_match(2, seed=3)
    manos = [m.mano]
    for _ in range(6):
        assert m.plan is not None and m.plan.contests == ((m.mano, 1 - m.mano),)
        m.apply("mazo")
        manos.append(m.mano)
    assert manos == [(manos[0] + k) % 2 for k in range(7)]
    assert [h.mano for h in m.history] == manos[:6]


def test_s7_3_alternation_continues_across_toros() -> None:
    """RULES §7.3: the deal keeps alternating when a toro ends."""
    m = scenario(ALM, [STRONG, WEAK], scores=(17, 0))
    play_plan(m, {0: STRONG.split(), 1: WEAK.split()})
    assert m.chicos == (1, 0) and m.mano == 1


def test_s7_3_first_dealer_by_card_draw() -> None:
    """RULES §7.3: everyone draws a card, the highest deals first, and the mano is the seat after
    the dealer; a tie for the highest card redraws among the tied players (inferred)."""
    v = tr.get_variant(ALM)
    assert v.table.first_dealer == "card_draw"
    redraws = 0
    for seats in (2, 4):
        for seed in range(60):
            m = v.new_match(seats, seed=seed)
            draws = list(m.first_draw)
            candidates = list(range(seats))
            while True:
                round_, draws = draws[: len(candidates)], draws[len(candidates) :]
                assert [s for s, _c in round_] == candidates
                best = max(v.card_strength(c) for _s, c in round_)
                candidates = [s for s, c in round_ if v.card_strength(c) == best]
                if len(candidates) == 1:
                    break
                redraws += 1
            assert draws == []  # nothing drawn after the decisive round
            dealer = candidates[0]
            assert m.mano == (dealer + 1) % seats
    assert redraws > 0  # the seeds above include ties for the highest card


def test_s7_3_explicit_mano_draws_nothing() -> None:
    """RULES §7.3: the draw picks the first dealer of a seeded match; a match given another
    mano (or its deals) has no draw, and one given the draw's own mano (a replay) keeps it."""
    v = tr.get_variant(ALM)
    drawn = v.new_match(2, seed=1)
    assert drawn.first_draw
    assert v.new_match(2, seed=1, mano=1 - drawn.mano).first_draw == ()
    assert v.new_match(2, seed=1, mano=drawn.mano).first_draw == drawn.first_draw
    assert tr.Match.from_json(drawn.to_json()).first_draw == drawn.first_draw
    assert v.new_match(2, deals=[tr.deal_order(v, [STRONG, WEAK])]).first_draw == ()


# 4 players, mano seat 0: dealer A = seat 3, B = seat 0 (A's right), A's partner C = seat 1,
# D = seat 2 (A's left, C's right). Duel 1: B leads against A; duel 2: D leads against C.
B_CARDS, A_CARDS, D_CARDS, C_CARDS = STRONG, WEAK, "2E 2B 1O", "7E 7O 10C"
FOUR = [B_CARDS, C_CARDS, D_CARDS, A_CARDS]  # by seat


def test_s7_2_four_players_two_duels() -> None:
    """RULES §7.2: a 4-seat deal is two 1v1 duels, the dealer A against B (on his right) and A's
    partner C against D; B and D (the non-dealer side) lead both, A and C are de postre."""
    m = scenario(ALM, FOUR)
    assert m.plan is not None and m.plan.kind == "double-duel"
    assert m.plan.contests == ((0, 3), (2, 1))
    assert m.team == (0, 1, 0, 1)  # partners opposite
    assert m.hand.order == (0, 3) and m.current_player() == 0
    for seat in (1, 2):  # not in the first duel
        assert texts(m, seat) == []
    m4 = scenario(ALM, ["4O 5B 6C", "3E 3B 2O", "2E 2B 1O", "7E 7O 10C"], mano=1)
    assert m4.plan is not None and m4.plan.contests == ((1, 0), (3, 2))


def test_s7_2_each_duel_has_its_own_betting_and_sides_sum() -> None:
    """RULES §7.2: each duel has its own betting (inferred from S4 §8); the team score is the sum
    of its two duels."""
    m = scenario(ALM, FOUR, ["0:truco", "3:quiero"])
    play_plan(m, {0: B_CARDS.split(), 3: A_CARDS.split()})
    assert m.history[0].points == (3, 0)
    assert m.hand is not None and m.hand.order == (2, 1)
    assert m.hand.stake() == 1 and m.hand.raise_team is None  # the second duel starts un-bet
    assert texts(m, 2) == ["play 2E", "play 2B", "play 1O", "truco", "mazo"]
    m.apply("mazo", 2)  # D concedes his duel: C +1
    assert [h.contest for h in m.history] == [0, 1]
    assert m.history[1].points == (0, 1)
    assert m.score == (3, 1)
    assert m.is_chance_node()


def test_s7_3_four_players_deal_passes_to_the_right() -> None:
    """RULES §7.3: with 4 players the deal passes to the right: the old dealer's right-hand
    neighbour (B) deals, so the mano moves one seat on in play order; the deal starts with the
    mano (the dealer's right)."""
    v = tr.get_variant(ALM)
    m = v.new_match(4, seed=8)
    manos = [m.mano]
    for _ in range(4):
        for _duel in range(2):
            m.apply("mazo")
        manos.append(m.mano)
    assert manos == [(manos[0] + k) % 4 for k in range(5)]
    cards = v.deck.cards
    m = v.new_match(4, deals=[cards], mano=2)  # dealer: seat 1
    assert m.hand is not None
    for k, seat in enumerate((2, 3, 0, 1)):  # one card at a time from the dealer's right
        assert m.hand.dealt[seat] == (cards[k], cards[k + 4], cards[k + 8])


def _four(scores: tuple[int, int], option: str | None = None) -> tr.Match:
    opts = None if option is None else {"almeria_turn_scoring": option}
    return scenario(ALM, FOUR, scores=scores, options=opts)


def test_s7_6_sum_both_duels_is_the_default() -> None:
    """RULES §7.6 / §8 D28: `almeria_turn_scoring` defaults to sum_both_duels."""
    assert tr.get_variant(ALM).options()["almeria_turn_scoring"] == "sum_both_duels"
    with pytest.raises(tr.InvalidOption):
        tr.get_variant(ALM, {"almeria_turn_scoring": "first_duel"})


def test_s7_6_sum_both_duels_second_duel_played_after_18() -> None:
    """RULES §7.6 default sum_both_duels: a side reaching 18 in the first duel does not end the
    toro; the second duel is played and then the totals are compared (one side at 18+)."""
    m = _four((17, 10))
    m.apply("play 3E", 0)
    m.apply("mazo", 3)  # A concedes: X 18
    assert m.chicos == (0, 0) and m.score == (18, 10)
    assert m.hand is not None and m.hand.order == (2, 1)
    m.apply("mazo", 2)  # D concedes: Y 11
    assert m.chicos == (1, 0) and m.score == (0, 0)


def test_s7_6_sum_both_duels_both_at_18_higher_total_wins() -> None:
    """RULES §7.6 sum_both_duels: both sides reach 18 in one deal: the higher total wins."""
    m = _four((15, 17))
    m.apply("truco", 0)
    m.apply("quiero", 3)
    m.apply("play 3E", 0)
    m.apply("mazo", 3)  # X +3: 18
    m.apply("truco", 2)
    m.apply("retruco", 1)
    m.apply("mazo", 2)  # refusing the retruco: Y +3: 20
    assert m.history[-1].points == (0, 3)
    assert m.chicos == (0, 1) and m.score == (0, 0)


def test_s7_6_sum_both_duels_equal_totals_para_el_toro_side_wins() -> None:
    """RULES §7.6 sum_both_duels: both at 18 with equal totals: the side that won a para el toro
    duel wins the toro."""
    m = _four((15, 15))
    for seat, call in [(0, "truco"), (3, "retruco"), (0, "para-nueve"), (3, "para-el-toro")]:
        m.apply(call, seat)
    m.apply("quiero", 0)
    play_plan(m, {0: B_CARDS.split(), 3: A_CARDS.split()})
    assert m.history[0].points == (3, 0) and m.history[0].top_bet  # X: 18, the toro's worth
    m.apply("truco", 2)
    m.apply("quiero", 1)
    m.apply("mazo", 2)  # Y +3: 18
    assert m.chicos == (1, 0) and m.score == (0, 0)


def test_s7_6_sum_both_duels_equal_totals_otherwise_another_deal() -> None:
    """RULES §7.6 sum_both_duels: both at 18, equal, no para el toro: another deal is played and
    the scores stand until one side is ahead (inferred)."""
    v = tr.get_variant(ALM)
    deals = [tr.deal_order(v, FOUR), tr.deal_order(v, FOUR, mano=1)]
    m = v.new_match(4, deals=deals, mano=0, scores=(17, 17))
    m.apply("play 3E", 0)
    m.apply("mazo", 3)  # X 18
    m.apply("mazo", 2)  # Y 18
    assert m.chicos == (0, 0) and m.score == (18, 18)
    assert m.hand_no == 1 and m.mano == 1 and m.hand is not None
    assert m.score_text() == "9 buenas - 9 buenas"
    m.apply("mazo", 1)  # deal 2, duel 1 (seat 1 leads against seat 0): X 19
    m.apply("truco", 3)
    m.apply("no-quiero", 2)  # duel 2: Y 19
    assert m.chicos == (0, 0) and m.score == (19, 19)
    assert m.is_chance_node()


def test_s7_6_sequential_stop_second_duel_void() -> None:
    """RULES §7.6 / §8 D28 alt sequential_stop: the duels are scored in order and the toro ends
    the moment a side reaches 18: the second duel of that deal is void."""
    m = _four((17, 10), "sequential_stop")
    m.apply("play 3E", 0)
    m.apply("mazo", 3)  # X 18 in the first duel
    assert m.chicos == (1, 0) and m.score == (0, 0)
    assert len(m.history) == 1  # the second duel was never played
    assert m.is_chance_node() and m.hand_no == 1


def test_s7_6_sequential_stop_second_duel_can_win() -> None:
    """RULES §7.6 sequential_stop: if the first duel reaches nobody's 18, the second is played
    and can win the toro."""
    m = _four((10, 17), "sequential_stop")
    m.apply("play 3E", 0)
    m.apply("mazo", 3)  # X 11
    assert m.chicos == (0, 0) and m.hand is not None and m.hand.order == (2, 1)
    m.apply("mazo", 2)  # Y 18 in the second duel
    assert m.chicos == (0, 1) and len(m.history) == 2


# =============================================================================================
# Bad input: a clear error, the match unchanged
# =============================================================================================


def test_bad_input_call_out_of_turn() -> None:
    """RULES §7.5: calls are made on one's own turn: truco by the seat not to act is a
    WrongPlayer, and nothing changes."""
    m = scenario(ALM, [STRONG, WEAK])
    illegal(m, 1, "truco", tr.WrongPlayer)
    m.apply("play 3E", 0)
    illegal(m, 0, "truco", tr.WrongPlayer)


def test_bad_input_retruco_by_the_truco_caller() -> None:
    """RULES §7.5: retruco belongs to the side that accepted truco: the caller may not raise his
    own call, pending or accepted."""
    m = scenario(ALM, [STRONG, WEAK], ["0:truco"])
    illegal(m, 0, "retruco", tr.IllegalAction)
    m.apply("quiero", 1)
    illegal(m, 0, "retruco", tr.IllegalAction)
    illegal(m, 0, "para-nueve", tr.IllegalAction)


def test_bad_input_face_down_and_side_bets() -> None:
    """RULES §7.1: a face-down play is illegal and envido is unknown in Almería; both are
    TrucoErrors that leave the match unchanged."""
    m = scenario(ALM, [STRONG, WEAK])
    illegal(m, 0, "play 3E down", tr.IllegalAction)
    illegal(m, 0, "envido", tr.UnknownAction)
    illegal(m, 0, "play 4O", tr.IllegalAction)  # not his card
    assert issubclass(tr.UnknownAction, tr.TrucoError)
    assert issubclass(tr.IllegalAction, tr.TrucoError)


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


@pytest.mark.parametrize("name", ["target", "toros_to_win"])
@pytest.mark.parametrize("bad", [0, -18, 18.0, True])
def test_s7_6_toro_target_and_toros_are_positive_integers(name: str, bad: object) -> None:
    """RULES §7.6: a toro is won at 18 tantos (option ``target``), the match at 3 toros
    (``toros_to_win``); both options take positive integers only."""
    with pytest.raises(tr.InvalidOption):
        tr.get_variant("almeria", {name: bad})
    assert tr.get_variant("almeria", {name: 1}).options()[name] == 1


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


FOUR_TORO = ["3E 3B 2O", "3O 3C 2C", "4O 5B 6C", "4E 5E 6E"]  # duels: 0 v 3, then 2 v 1


@pytest.mark.parametrize(("finish", "toro"), [(None, (1, 0)), ("top_bet_wins", (0, 1))])
def test_s7_6_para_el_toro_won_while_the_other_side_passes_it(
    finish: str | None, toro: tuple[int, int]
) -> None:
    """RULES §7.6 (D28): with 4 players and both duels summed, the higher total wins when both
    sides pass 18, and equal totals go to the para el toro; read on its own, "the duel
    winner's side wins the toro immediately" gives it the toro whatever the totals
    (simultaneous_finish='top_bet_wins')."""
    v = tr.get_variant("almeria", {"simultaneous_finish": finish} if finish else {})
    m = v.new_match(4, deals=[tr.deal_order(v, FOUR_TORO, 0)], mano=0, scores=(17, 5))
    for s, a in [(0, "truco"), (3, "quiero"), (0, "play 3E"), (3, "mazo")]:
        m.apply(a, s)  # the first duel: side 0 takes 3, to 20
    calls = ["truco", "retruco", "para-nueve", "para-el-toro", "quiero"]
    for s, a in zip([2, 1, 2, 1, 2], calls, strict=True):
        m.apply(a, s)
    for s, a in [(2, "play 4O"), (1, "play 3O"), (1, "play 3C")]:
        m.apply(a, s)
    m.apply("play 5B", 2)  # the second: seat 1 (side 1) wins the para el toro, to 18
    assert m.history[1].winner == 1 and m.history[1].top_bet
    assert m.chicos == toro
