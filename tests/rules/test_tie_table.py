"""RULES §1.4: the hand winner from trick results, checked against the master table itself.

The table below is RULES §1.4 transcribed row by row (M = the mano's side, O = the other
side, T = tied; "-" = the hand is not over after these tricks). Each column is a set of
values of the four generic options; the engine's TrickRule.decide must reproduce it.
"""

from __future__ import annotations

import pytest
from conftest import scenario

from truco_rules.hooks import MANO, NOBODY, OTHER, TrickRule

CODE = {"M": MANO, "O": OTHER, "T": -1}
OUT = {"M": MANO, "O": OTHER, "N": NOBODY, "-": None}

STANDARD = TrickRule()
BLOG = TrickRule(
    second_trick_tie_after_win="third_trick_decides",
    third_trick_tie_after_split="mano",
    third_trick_tie_after_win_tie="mano",
)
BRAZIL = TrickRule(all_tricks_tied="nobody")
ALMERIA = TrickRule(all_tricks_tied="postre")

# tricks so far -> (argentine, argentine-blog, paulista/mineiro, almeria); "-" = play on
MASTER = {
    "MM": "MMMM",  # row 1
    "OO": "OOOO",  # row 2
    "MO": "----",
    "OM": "----",
    "MOM": "MMMM",  # row 3
    "MOO": "OOOO",  # row 4
    "OMO": "OOOO",  # row 4
    "OMM": "MMMM",  # row 5
    "MOT": "MMMM",  # row 6
    "OMT": "OMOO",  # row 7
    "MT": "M-MM",  # row 8
    "MTM": "-M--",  # row 9
    "MTO": "-O--",  # row 9
    "MTT": "-M--",  # row 10
    "OT": "O-OO",  # row 11
    "OTM": "-M--",  # row 12
    "OTO": "-O--",  # row 12
    "OTT": "-M--",  # row 13
    "TM": "MMMM",  # row 14
    "TO": "OOOO",  # row 14
    "TT": "----",
    "TTM": "MMMM",  # row 15
    "TTO": "OOOO",  # row 15
    "TTT": "MMNO",  # row 16
}
COLUMNS = {"argentine": STANDARD, "argentine-blog": BLOG, "brazil": BRAZIL, "almeria": ALMERIA}


@pytest.mark.parametrize("tricks", sorted(MASTER))
@pytest.mark.parametrize("column", range(4))
def test_s1_4_master_table(tricks: str, column: int) -> None:
    """RULES §1.4: every row of the master table, every column."""
    name, rule = list(COLUMNS.items())[column]
    expected = MASTER[tricks][column]
    if expected == "-" and len(tricks) == 3:
        return  # not reachable in that column: the hand ended after trick 2
    if len(tricks) == 3 and MASTER[tricks[:2]][column] != "-":
        return  # likewise
    assert rule.decide([CODE[t] for t in tricks]) == OUT[expected], f"{name}: {tricks}"


def test_s1_4_one_trick_never_decides() -> None:
    for rule in COLUMNS.values():
        for t in "MOT":
            assert rule.decide([CODE[t]]) is None


@pytest.mark.parametrize(
    ("option", "points", "winner"),
    [("mano", (1, 0), 0), ("nobody", (0, 0), None), ("postre", (0, 1), 1)],
)
def test_s1_4_all_tricks_tied_option_in_play(
    option: str, points: tuple[int, int], winner: int | None
) -> None:
    """RULES §1.4 row 16 (D3): the all_tricks_tied option of an Argentine match, played out:
    3-3, 2-2 and a pair of false aces tie every trick."""
    m = scenario(
        "argentine-sin-flor",
        ["3E 2E 1O", "3B 2B 1C"],
        ["0:play 3E", "1:play 3B", "0:play 2E", "1:play 2B", "0:play 1O", "1:play 1C"],
        options={"all_tricks_tied": option},
    )
    summary = m.history[0]
    assert summary.tricks == (-1, -1, -1)
    assert summary.points == points and summary.winner == winner


def test_s2_8_1_score_text_without_malas_buenas() -> None:
    """RULES §2.6.4: a 15-point target has no malas/buenas split; scores read plainly."""
    m = scenario("argentine", ["3E 2E 1O", "3B 2B 1C"], options={"target": 15}, scores=(4, 9))
    assert m.score_text() == "4 - 9"
    m = scenario("argentine", ["3E 2E 1O", "3B 2B 1C"], scores=(4, 20))
    assert m.score_text() == "4 malas - 5 buenas"


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
