"""Argentine truco (RULES §2-§4): ``argentine`` (con flor), ``argentine-sin-flor`` and
``argentine-blog`` (the house rules of the blog seed, S0).

Everything here is composition: the kernel's stock hooks with Argentine values. The sin-flor
variant is the standard one without the flor hook; the blog variant is sin flor with the
options of RULES §4 changed.
"""

from __future__ import annotations

from truco_rules.cards import Card, Suit
from truco_rules.hooks import (
    BetLadder,
    EnvidoRules,
    FixedRanking,
    FlorRules,
    MatchRule,
    StandardTable,
    TrickRule,
)
from truco_rules.variant import Variant

__all__ = ["ARGENTINE", "ARGENTINE_BLOG", "ARGENTINE_RANKING", "ARGENTINE_SIN_FLOR"]

ARGENTINE_RANKING = FixedRanking.from_ranks(
    # RULES §2.1: 3 > 2 > false aces > 12 > 11 > 10 > false sevens > 6 > 5 > 4
    {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1},
    # the four bravas
    {
        Card.of(1, Suit.ESPADAS): 14,
        Card.of(1, Suit.BASTOS): 13,
        Card.of(7, Suit.ESPADAS): 12,
        Card.of(7, Suit.OROS): 11,
    },
)
"""Trick strength of the Spanish deck with the bravas 1E > 1B > 7E > 7O (RULES §2.1)."""

ARGENTINE = Variant(
    name="argentine",
    description="Argentine truco with flor: bravas, envido, flor, "
    "truco/retruco/vale cuatro, 30 points.",
    ranking=ARGENTINE_RANKING,
    table=StandardTable(seat_counts=(2, 4)),
    tricks=TrickRule(),
    ladder=BetLadder(values=(1, 2, 3, 4), names=("truco", "retruco", "vale-cuatro")),
    envido=EnvidoRules(),
    flor=FlorRules(),
    match=MatchRule(target=30),
    aliases=("argentino", "truco-argentino", "con-flor", "argentine-con-flor"),
)
"""Standard Argentine truco, con flor (RULES §2)."""

ARGENTINE_SIN_FLOR = ARGENTINE.derive(
    "argentine-sin-flor",
    "Argentine truco without flor: three cards of a suit are an ordinary envido hand.",
    flor=None,
    aliases=("sin-flor", "argentino-sin-flor"),
)
"""Argentine truco without flor (RULES §3)."""

ARGENTINE_BLOG = ARGENTINE_SIN_FLOR.derive(
    "argentine-blog",
    "The blog's house rules (S0): sin flor, third trick decides ties, envido summed, "
    "points at the end of the hand.",
    aliases=("blog",),
    # RULES §4, row by row
    envido_unsuited="sum_two_highest",  # B2
    envido_refused="prior_accepted_plus_own",  # B3, B4, B8
    allow_real_envido_twice=True,  # B5
    falta_mode="leader_remaining",  # B6
    envido_declaration_order="last_raiser_first",  # B9
    second_trick_tie_after_win="third_trick_decides",  # B10
    third_trick_tie_after_split="mano",  # B11
    third_trick_tie_after_win_tie="mano",  # B11
    score_timing="end_of_hand",  # B12
    mazo_envido_bonus="never",  # B16
)
"""The blog seed's house rules (RULES §4)."""
