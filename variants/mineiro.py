"""Truco Mineiro (RULES §6): fixed manilhas, 2/4/6/10/12, mão de 10, the two-card reveal.

Reuses the Brazilian deck and table of :mod:`truco_rules.variants.paulista`; what differs is
a fixed ranking, its own ladder, the special hands at 10 and the trick rule that plays both
remaining cards at once after a tied first trick.
"""

from __future__ import annotations

import attrs

from truco_rules.hooks import TargetMatch, option
from truco_rules.rules.presets import Preset
from truco_rules.rules.variant import Variant

from .paulista import (
    MANILHA_VELHA,
    MINITRUCO_COMMON,
    MINITRUCO_SOURCE,
    BrazilianDeck,
    BrazilianLadder,
    BrazilianSpecialHands,
    BrazilianTable,
    BrazilianTricks,
)

__all__ = [
    "LADDERS",
    "MINEIRO",
    "MINEIRO_RANKING",
    "MineiroDeck",
    "MineiroLadder",
    "MineiroTricks",
]

MINEIRO_RANKING = MANILHA_VELHA
"""Trick strength with the fixed manilhas ("manilha velha"), RULES §6.1."""

LADDERS: dict[str, tuple[int, ...]] = {
    "2-4-6-10-12": (2, 4, 6, 10, 12),
    "2-4-8-10-12": (2, 4, 8, 10, 12),
    "2-4-6-8-12": (2, 4, 6, 8, 12),
}
"""The values of ``mineiro_ladder`` (RULES §6.3, D24)."""


def ladder_text(value: object) -> object:
    """A ladder given as its values, as RULES §6.3 writes them (``[2, 4, 6, 10, 12]``), in
    the option's spelling (``"2-4-6-10-12"``); any other value as it is."""
    if isinstance(value, (list, tuple)) and all(type(x) is int for x in value):
        return "-".join(map(str, value))
    return value


@attrs.frozen
class MineiroDeck(BrazilianDeck):
    """The 40-card French deck or the same cards in Spanish notation (the clean deck would
    remove three of the four manilhas, so it is not offered)."""

    deck: str = option(
        "sujo",
        "sujo: the 40-card French deck; spanish: the same cards written in Spanish notation.",
        choices=("sujo", "spanish"),
        source="RULES §0.2, §6.1",
    )


@attrs.frozen
class MineiroLadder(BrazilianLadder):
    """Truco, seis, dez, doze; the values come from the ``mineiro_ladder`` option."""

    values: tuple[int, ...] = attrs.field(default=LADDERS["2-4-6-10-12"], init=False)
    names: tuple[str, ...] = ("truco", "seis", "dez", "doze")
    mineiro_ladder: str = option(
        "2-4-6-10-12",
        "Hand values: unbet, then after truco, seis, dez (nove) and doze. Every current source "
        "gives 2-4-6-10-12; C1's old code 2-4-8-10-12; C1's help text 2-4-6-8-12. Also given "
        "as the list of values, [2, 4, 6, 10, 12].",
        choices=tuple(LADDERS),
        source="RULES §6.3 (D24)",
        convert=ladder_text,
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "values", LADDERS[self.mineiro_ladder])
        super().__attrs_post_init__()


@attrs.frozen
class MineiroTricks(BrazilianTricks):
    """The Brazilian trick rule with the two-card reveal after a tied first trick (RULES
    §6.4)."""

    mineiro_first_trick_tie: str = option(
        "two_card_reveal",
        "After a tied first trick: every player puts both remaining cards down at once, one "
        "face up over one face down (the face-up cards make trick 2, the hidden ones trick 3) "
        "(two_card_reveal, S1); or play goes on one card at a time (standard).",
        choices=("two_card_reveal", "standard"),
        source="RULES §6.4 (D25)",
    )
    mineiro_faceup_must_be_higher: str = option(
        "always",
        "In the two-card reveal, a face-up card lower than the card under it counts 0 for "
        "trick 2: always, only in a mão de 10, or never.",
        choices=("always", "only_mao_de_10", "never"),
        source="RULES §6.4 (D26)",
    )

    def double_play_after_first_tie(self, special_hand: bool) -> bool:
        return self.mineiro_first_trick_tie == "two_card_reveal"

    def faceup_void_if_lower(self, special_hand: bool) -> bool:
        rule = self.mineiro_faceup_must_be_higher
        return rule == "always" or (rule == "only_mao_de_10" and special_hand)


_NOT_MINEIRO = ("facedown_after_tied_trick", "forbid_pointless_raise")
"""Options of miniTruco's common settings that Truco Mineiro lacks: a tied first trick plays
both remaining cards at once (RULES §6.4), and no raise is pointless on 2-4-6-10-12."""

MINITRUCO = Preset(
    "minitruco",
    {
        **{k: v for k, v in MINITRUCO_COMMON.items() if k not in _NOT_MINEIRO},
        # PartidaLocal.java:316, "Empate na 1a. mão, quem fez a 2a. leva": no two-card reveal
        "mineiro_first_trick_tie": "standard",
        # ModoMineiro.java:24-31, valorSeHouverAumento: 2 -> 4 -> 6 -> 10 -> 12
        "mineiro_ladder": "2-4-6-10-12",
    },
    description="as miniTruco (the Android app) plays Truco Mineiro, mode M",
    source=MINITRUCO_SOURCE,
)
"""``mineiro@minitruco``: miniTruco's mode M (docs/engines/minitruco.md)."""

MINEIRO = Variant(
    name="mineiro",
    description="Truco Mineiro: French deck, fixed manilhas (4c 7h As 7d), "
    "truco/seis/dez/doze (2-4-6-10-12), mão de 10, two-card reveal after a tied first trick, "
    "12 points.",
    deck=MineiroDeck(),
    ranking=MINEIRO_RANKING,
    table=BrazilianTable(seat_counts=(2, 4), table_direction="counterclockwise"),
    tricks=MineiroTricks(),
    ladder=MineiroLadder(),
    special=BrazilianSpecialHands(
        lacking=2, decline_value=2, play_value=4, fixed_iron_value=4, unbet_value=2
    ),
    match=TargetMatch(target=12),
    aliases=("truco-mineiro", "mineiro-truco", "truco-mg"),
    presets=(MINITRUCO,),
)
"""Truco Mineiro (RULES §6). A *queda* (best of two games) is ``chicos_to_win=2``."""
