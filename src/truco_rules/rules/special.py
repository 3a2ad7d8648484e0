"""The special-hands hook: the hand of 11 (or 10) and the iron hand (RULES §5.7, §6.6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..core.errors import InvalidOption
from ..core.options import meaning, option

__all__ = ["SPECIAL_IRON", "SPECIAL_NONE", "SPECIAL_ONE", "SpecialHands"]

SPECIAL_NONE = ""
SPECIAL_ONE = "one-side"
SPECIAL_IRON = "iron"


@attrs.frozen
class SpecialHands:
    """Hands played under a score condition (RULES §5.7, §6.6).

    When exactly one side lacks ``lacking`` points or fewer to reach the target (11 of 12 for
    ``lacking=1``), that side decides before trick 1 whether to play: declining gives the
    opponents ``decline_value``; playing makes the hand worth ``play_value`` to whoever wins
    it, and no ladder call is made. Its players see their partners' cards. When both sides are
    that close, the hand is an *iron hand*: no ladder calls, worth ``iron_value``, and (by
    default) played blind. The threshold follows the target, so a longer game keeps its
    special hands at its end.
    """

    lacking: int = 1
    decline_value: int = 1
    play_value: int = 3
    iron_value: int = 3

    def __attrs_post_init__(self) -> None:
        if type(self.lacking) is not int or self.lacking < 1:
            raise InvalidOption("lacking", self.lacking, "an int of at least 1")
        if type(self.iron_value) is not int or self.iron_value < self.lacking:
            raise InvalidOption(
                "iron_value", self.iron_value, "an int at least what each side lacks (lacking)"
            )

    mao_de_x_truco_call: str = option(
        "illegal",
        "A ladder call during a hand of 11/10 or an iron hand: not allowed (illegal), or "
        "allowed but the caller's side loses the game at once (caller_loses_game).",
        choices=("illegal", "caller_loses_game"),
        source="RULES §5.7, §6.6 (D23)",
    )
    mao_de_x_decision: str = option(
        "any_partner_accepts",
        "Who decides whether the side at 11/10 plays: the side plays if any partner accepts "
        "(each asked in play order), or its pé (last player) decides alone.",
        choices=("any_partner_accepts", "pe_decides"),
        source="RULES §5.7",
    )
    iron_hand_blind: str = option(
        "own_cards_hidden",
        "Iron hand: players play without seeing their own cards (choosing a card by its "
        "position, 'play #2'), or only the partners' cards stay hidden.",
        choices=("own_cards_hidden", "partner_cards_hidden_only"),
        source="RULES §5.7 (D22), §6.6",
    )

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "call_forbidden_outright",
        "any_partner_accepts",
        "iron_blind",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def call_forbidden_outright(self) -> bool:
        """Whether a ladder call is simply not allowed in a special hand
        (``mao_de_x_truco_call='illegal'``) rather than losing the game for the caller."""
        return meaning(
            self,
            "mao_de_x_truco_call",
            "call_forbidden_outright",
            {"illegal": True, "caller_loses_game": False},
        )

    def any_partner_accepts(self) -> bool:
        """Whether the side at 11/10 plays if any partner accepts (``mao_de_x_decision``),
        rather than its last player deciding alone."""
        return meaning(
            self,
            "mao_de_x_decision",
            "any_partner_accepts",
            {"any_partner_accepts": True, "pe_decides": False},
        )

    def iron_blind(self) -> bool:
        """Whether players of an iron hand do not see their own cards (``iron_hand_blind``)."""
        return meaning(
            self,
            "iron_hand_blind",
            "iron_blind",
            {"own_cards_hidden": True, "partner_cards_hidden_only": False},
        )

    def kind(self, scores: Sequence[int], target: int) -> tuple[str, int]:
        """The special hand the scores call for: ``(SPECIAL_NONE, -1)``,
        ``(SPECIAL_ONE, side)`` or ``(SPECIAL_IRON, -1)``."""
        at = target - self.lacking
        a = at <= scores[0] < target
        b = at <= scores[1] < target
        if a and b:
            return SPECIAL_IRON, -1
        if a or b:
            return SPECIAL_ONE, 0 if a else 1
        return SPECIAL_NONE, -1
