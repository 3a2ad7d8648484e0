"""El Truco as played in Almería (RULES §7): duels, toros of 18, para el toro.

Composition of kernel hooks: a fixed ranking without bravas, a table whose 4-seat deal is two
1v1 duels, the 1-3-6-9 ladder topped by a bet for the whole toro, ties that favour the postre,
and a match of toros (a toro is the kernel's chico).
"""

from __future__ import annotations

import attrs

from truco_rules.hooks import (
    MAX_OPTION_INT,
    BetLadder,
    DealContext,
    DealPlan,
    FixedRanking,
    MatchRule,
    StandardTable,
    TrickRule,
    option,
    positive_int,
)
from truco_rules.rules.variant import Variant

__all__ = ["ALMERIA", "ALMERIA_RANKING", "DuelTable", "ToroMatch"]

ALMERIA_RANKING = FixedRanking.from_ranks(
    # RULES §7.1: 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4, suits irrelevant
    {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
)
"""Trick strength of the Spanish deck in Almería: no special cards (RULES §7.1)."""


@attrs.frozen
class DuelTable(StandardTable):
    """Every deal is 1v1 duels: at 2 seats one duel; at 4 seats (partners opposite) the dealer
    against the player on his right and the dealer's partner against the fourth player, the
    non-dealers leading both (RULES §7.2). The deal passes to the right, and the first dealer
    is chosen by drawing cards (RULES §7.3)."""

    first_dealer: str = "card_draw"

    def plan(self, ctx: DealContext) -> DealPlan:
        seats, mano = ctx.seats, ctx.mano
        sides = tuple(s % 2 for s in range(seats))
        if seats == 2:
            return DealPlan(contests=((mano, 1 - mano),), sides=sides, kind="duel")
        # the mano sits on the dealer's right; the dealer's partner faces the fourth player
        dealer = (mano - 1) % seats
        return DealPlan(
            contests=((mano, dealer), ((mano + 2) % seats, (dealer + 2) % seats)),
            sides=sides,
            kind="double-duel",
        )


@attrs.frozen
class ToroMatch(MatchRule):
    """Toros of 18 tantos, 9 malas and 9 buenas, a match of ``toros_to_win`` toros; in the
    4-seat game ``almeria_turn_scoring`` says whether both duels of a deal count."""

    target: int = option(
        18,
        "Tantos to win a toro (9 malas + 9 buenas).",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §7.6",
    )
    toros_to_win: int = option(
        3,
        "Toros needed to win the match (the number agreed before playing).",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §7.6",
    )
    almeria_turn_scoring: str = option(
        "sum_both_duels",
        "4 players: both duels of a deal are played and summed, and a side at 18 or more wins "
        "the toro (both: the higher total; equal: the side that won a para el toro, else another "
        "deal) (sum_both_duels); or the toro ends the moment a side reaches 18 and the second "
        "duel is void (sequential_stop).",
        choices=("sum_both_duels", "sequential_stop"),
        source="RULES §7.6 (D28)",
    )
    simultaneous_finish: str = option(
        "higher_score_else_play_on",
        "When both sides pass the target in one deal (4 players, both duels summed): the "
        "higher total wins, and equal totals go to the side that won a para el toro in the deal "
        "(the inferred default of RULES); or a para el toro won in the deal wins the toro "
        "whatever the totals, as 'the duel winner's side wins the toro immediately' reads on "
        "its own (top_bet_wins).",
        choices=("higher_score_else_play_on", "top_bet_wins"),
        source="RULES §7.6 (D28)",
    )
    chicos_to_win: int = attrs.field(default=3, init=False)
    chico_check: str = attrs.field(default="each_deal", init=False)
    buenas_from: str = "half+1"
    malas_buenas_split: object = True
    score_timing: str = "envido_first_immediate"

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "chicos_to_win", self.toros_to_win)
        each = "each_deal" if self.almeria_turn_scoring == "sum_both_duels" else "each_contest"
        object.__setattr__(self, "chico_check", each)


@attrs.frozen
class AlmeriaTricks(TrickRule):
    """The stock trick rule: three ties go to the postre, and no card is played face down."""

    all_tricks_tied: str = option(
        "postre",
        "All three tricks tied: the postre (dealer side) wins (S4 option 7), or the mano.",
        choices=("postre", "mano"),
        source="RULES §7.4 (D3)",
    )
    facedown_allowed: bool = False
    facedown_allowed_first_trick: bool = False


ALMERIA = Variant(
    name="almeria",
    description="El Truco of Almería: Spanish deck without bravas, 1v1 duels (two at a time "
    "with 4 players), truco/retruco/para nueve/para el toro, toros of 18 (9 malas + 9 buenas).",
    ranking=ALMERIA_RANKING,
    table=DuelTable(seat_counts=(2, 4)),
    tricks=AlmeriaTricks(),
    ladder=BetLadder(
        values=(1, 3, 6, 9, 18),
        names=("truco", "retruco", "para-nueve", "para-el-toro"),
        truco_call_timing="own_turn",
        top_wins_target=True,
    ),
    match=ToroMatch(),
    aliases=("el-truco", "truco-almeria", "almería"),
)
"""El Truco of Almería (RULES §7)."""
