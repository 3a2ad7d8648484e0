"""Argentine truco (RULES §2-§4): ``argentine`` (con flor), ``argentine-sin-flor`` and
``argentine-blog`` (the house rules of the blog seed, S0).

Everything here is composition: the kernel's stock hooks with Argentine values. The sin-flor
variant is the standard one without the flor hook; the blog variant is sin flor with the
options of RULES §4 changed.

```pycon
>>> import truco_rules as tr
>>> con, sin, blog = (tr.get_variant(n) for n in ("argentine", "sin-flor", "blog"))
>>> con.flor_points("7C 6C 5C"), sin.envido_points("7C 6C 5C")  # §2.7.1; §3: no flor
(38, 33)
>>> con.envido_points("7B 6C 5E"), blog.envido_points("7B 6C 5E")  # §2.6.1; B2
(7, 13)
>>> [d.rule for d in tr.compare(sin, blog)][:4]
['pica_pica_cutoff', 'second_trick_tie_after_win', 'third_trick_tie_after_split', 'envido_unsuited']

```
"""

from __future__ import annotations

from typing import Any

import attrs

from truco_rules.core.cards import Card, Suit
from truco_rules.hooks import (
    MAX_OPTION_INT,
    BetLadder,
    DealContext,
    DealPlan,
    EnvidoRules,
    FixedRanking,
    FlorRules,
    MatchRule,
    StandardTable,
    TrickRule,
    option,
)
from truco_rules.rules.presets import Preset
from truco_rules.rules.variant import Variant

__all__ = [
    "ARGENTINE",
    "ARGENTINE_BLOG",
    "ARGENTINE_RANKING",
    "ARGENTINE_SIN_FLOR",
    "ArgentineTable",
]

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


def _cutoff(value: Any) -> bool:
    return value is None or (type(value) is int and 0 <= value <= MAX_OPTION_INT)


@attrs.frozen
class ArgentineTable(StandardTable):
    """2 and 4 seats as the stock table; 6 seats alternate a redonda (3 v 3) and a pica-pica
    (three 1v1 duels between opposite seats, from one deal); 3 seats are the gallo, one player
    against a pair (RULES §2.2, §2.12)."""

    seat_counts: tuple[int, ...] = (2, 3, 4, 6)
    pica_pica_cutoff: int | None = option(
        5,
        "6 seats: pica-pica hands alternate with redondas while both sides lack more than this "
        "many points to win; None: always alternate.",
        check=_cutoff,
        allowed=f"an integer from 0 to {MAX_OPTION_INT:,}, or None",
        source="RULES §2.12.1 (D30)",
    )
    pica_pica_start: int = option(
        0,
        "6 seats: no pica-pica until a side has at least this many points (0: from the first "
        "redonda on; 10, a third of 30, is a house rule of some tables).",
        check=lambda v: type(v) is int and 0 <= v <= MAX_OPTION_INT,
        allowed=f"an integer from 0 to {MAX_OPTION_INT:,}",
        source="RULES §2.12.1; a 6-seat house rule",
    )
    gallo_mode: str = option(
        "por_turno",
        "3 seats: the dealer is the gallo and the role rotates with the deal, each player "
        "keeping his own score (por_turno); or seat 0 is always the gallo and the pair shares "
        "one score (fijo).",
        choices=("por_turno", "fijo"),
        source="RULES §2.12.2",
    )
    gallo_extra_card: bool = option(
        True,
        "3 seats: the gallo is dealt a fourth card and discards one unseen before play.",
        choices=(True, False),
        source="RULES §2.12.2",
    )

    def _pica_pica_next(self, ctx: DealContext) -> bool:
        """Whether the deal after ``ctx.previous`` is a pica-pica (it follows a redonda)."""
        if ctx.previous is None or ctx.previous.kind != "redonda":
            return False
        if max(ctx.scores) < self.pica_pica_start:
            return False
        cut = self.pica_pica_cutoff
        return cut is None or ctx.target - max(ctx.scores) > cut

    def plan(self, ctx: DealContext) -> DealPlan:
        seats, mano = ctx.seats, ctx.mano
        if seats not in (3, 6):
            return super().plan(ctx)  # two and four seats: the stock table's plan
        everyone = tuple((mano + i) % seats for i in range(seats))
        if seats == 6:
            sides = tuple(s % 2 for s in range(seats))
            if self._pica_pica_next(ctx):
                # the duel with the mano first; in each, the earlier player is its mano
                duels = tuple((everyone[i], everyone[i + 3]) for i in range(3))
                return DealPlan(contests=duels, sides=sides, kind="pica-pica")
            return DealPlan(contests=(everyone,), sides=sides, kind="redonda")
        # three seats: the gallo plays alone against the other two
        gallo = (mano - 1) % seats if self.gallo_mode == "por_turno" else 0
        return DealPlan(
            contests=(everyone,),
            sides=tuple(0 if s == gallo else 1 for s in range(seats)),
            kind="gallo",
            extra_cards=(gallo,) if self.gallo_extra_card else (),
        )

    def next_mano(self, ctx: DealContext) -> int:
        if ctx.seats == 6 and self._pica_pica_next(ctx):
            return ctx.mano  # the same dealer deals the pica-pica (RULES §2.12.1)
        return super().next_mano(ctx)

    def individual_scores(self, seats: int) -> bool:
        return seats == 3 and self.gallo_mode == "por_turno"

    @property
    def deals_extra_cards(self) -> bool:
        return self.gallo_extra_card

TRUCOSHI_SOURCE = (
    "trucoshi 15.0.4 (jfrader/trucoshi, its rules in src/truco), run in lockstep with "
    "truco-rules for 50,000 hands at 2, 4 and 6 seats (issue 29)"
)
"""The trucoshi version the ``trucoshi`` presets were checked against."""

# The settings under which trucoshi and truco-rules play alike (docs/engines/trucoshi.md).
TRUCOSHI_COMMON: dict[str, object] = {
    "target": 30,  # a match to 30
    "facedown_allowed": False,  # no card is played face down
    "falta_mode": "leader_remaining",  # the falta envido is what the leader lacks
    "mazo_envido_bonus": "never",  # going to the deck costs no envido point
    "envido_call_timing": "side_to_act",  # option 1: envido only by the side to act
    "mazo_out_of_turn": True,  # option 2: the deck at any moment...
    "mazo_answering_envido": "forbidden",  # ...but not as the answer to an envido
    "mazo_pending_call": "nobody",  # ...nor while a truco awaits its answer
    "answer_pass": True,  # option 4: 'paso' passes the answer to a partner
    "first_answerer": "seat_order",  # option 4: who is asked first
    "envido_while_partner_unplayed": True,  # option 5
    "end_on_unbeatable_card": True,  # option 7: the hand ends when a card decides it
}
TRUCOSHI_FLOR: dict[str, object] = {
    "flor_same_team_multiple": "once",  # two flores of a side score once
    "contraflor_al_resto_value": "wins_chico",
    "partner_unsung_flor": "no_calls",  # option 6
    "flor_declaration": "manual_without_penalty",  # option 8
    "mazo_waits_for_flor": True,  # option 9
    "mazo_during_flor_duel": "caller_side_and_answerer",  # option 2: the deck in the duel
}

TRUCOSHI = Preset(
    "trucoshi",
    {**TRUCOSHI_COMMON, **TRUCOSHI_FLOR},
    description="as trucoshi (the online platform) plays Argentine truco with flor",
    source=TRUCOSHI_SOURCE,
)
"""``argentine@trucoshi`` (docs/engines/trucoshi.md)."""

TRUCOSHI_SIN_FLOR = Preset(
    "trucoshi",
    TRUCOSHI_COMMON,
    description="as trucoshi (the online platform) plays Argentine truco without flor",
    source=TRUCOSHI_SOURCE,
)
"""``argentine-sin-flor@trucoshi`` (docs/engines/trucoshi.md)."""

MARIANOGAPPA = Preset(
    "marianogappa",
    {
        "facedown_allowed": False,  # no card is played face down
        "truco_call_timing": "own_turn",  # every call on one's own turn
        "envido_envido_falta": False,  # no falta envido after envido envido
        "falta_mode": "winner_to_half",
        "buenas_from": "half",  # the buenas start at 15
        "mazo_envido_bonus": "first_trick_open",  # option 3
        "envido_answers_truco_after_card": True,  # option 10
    },
    description="as marianogappa/truco (the web game) plays Argentine truco without flor",
    source=(
        "marianogappa/truco at 485cd81, run in lockstep with truco-rules for 2,000 hands at "
        "2 seats (issue 29)"
    ),
)
"""``argentine-sin-flor@marianogappa`` (docs/engines/marianogappa.md)."""

ARGENTINE = Variant(
    name="argentine",
    description="Argentine truco with flor: bravas, envido, flor, "
    "truco/retruco/vale cuatro, 30 points.",
    ranking=ARGENTINE_RANKING,
    table=ArgentineTable(),
    tricks=TrickRule(),
    ladder=BetLadder(values=(1, 2, 3, 4), names=("truco", "retruco", "vale-cuatro")),
    envido=EnvidoRules(),
    flor=FlorRules(),
    match=MatchRule(target=30),
    # "default": the variant played when none is named (truco_rules.rules.registry.DEFAULT_ALIAS)
    aliases=("argentino", "truco-argentino", "con-flor", "argentine-con-flor", "default"),
    presets=(TRUCOSHI,),
)
"""Standard Argentine truco, con flor (RULES §2)."""

ARGENTINE_SIN_FLOR = ARGENTINE.derive(
    "argentine-sin-flor",
    "Argentine truco without flor: three cards of a suit are an ordinary envido hand.",
    flor=None,
    aliases=("sin-flor", "argentino-sin-flor"),
    presets=(TRUCOSHI_SIN_FLOR, MARIANOGAPPA),
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
    pica_pica_cutoff=None,  # RULES §2.12.1: S0 alternates always
)
"""The blog seed's house rules (RULES §4)."""
