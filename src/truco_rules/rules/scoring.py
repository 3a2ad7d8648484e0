"""The match-scoring hook: target, malas and buenas, chicos, when points are credited
(RULES §2.8, §2.6.4, §4 B12-B13)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..core.options import MAX_OPTION_INT, ask, meaning, option, positive_int

__all__ = ["MatchRule", "TargetMatch"]


@attrs.frozen
class MatchRule:
    """Target, malas/buenas, chicos and the timing of points (RULES §2.8, §2.6.4, §4 B12-B13)."""

    target: int = option(
        30,
        "Points to win a chico.",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §2.8.1",
    )
    chicos_to_win: int = option(
        1,
        "Chicos needed to win the match.",
        check=positive_int,
        allowed=f"an integer from 1 to {MAX_OPTION_INT:,}",
        source="RULES §2.8.1",
    )
    buenas_from: str = option(
        "half+1",
        "First score counted as buenas: half+1 (16 of 30: 15 is still malas) or half.",
        choices=("half+1", "half"),
        source="RULES §2.6.4 (D6)",
    )
    malas_buenas_split: object = option(
        "auto",
        "Whether the target splits into malas and buenas; auto = only when the target is even "
        "and at least 18.",
        choices=("auto", True, False),
        source="RULES §2.6.4",
    )
    score_timing: str = option(
        "envido_first_immediate",
        "envido_first_immediate: side-bet points are credited the moment they are settled and "
        "can win the chico before the hand ends; end_of_hand: every point is added after the hand.",
        choices=("envido_first_immediate", "end_of_hand"),
        source="RULES §2.8.3 (D13), §4 B12",
    )
    simultaneous_finish: str = option(
        "higher_score_else_play_on",
        "With end_of_hand timing, when both sides pass the target in one hand: the higher total "
        "wins (equal: another hand), or the side that won the envido of that hand wins.",
        choices=("higher_score_else_play_on", "envido_team_wins"),
        source="RULES §4 B13",
    )
    chico_check: str = "each_contest"
    """When a deal has several contests (duels): ``each_contest`` ends the chico as soon as a
    contest's points reach the target (later contests of the deal are void); ``each_deal``
    plays every contest of the deal and then compares the totals. A plain field; a variant may
    declare it as an option."""

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "credits_at_once",
        "envido_side_wins_tie",
        "split_rule",
        "buenas_offset",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def credits_at_once(self) -> bool:
        """Whether side-bet points count as soon as they are won, so they can end the chico in
        the middle of a hand (``score_timing``), rather than at the end of the hand."""
        return meaning(
            self,
            "score_timing",
            "credits_at_once",
            {"envido_first_immediate": True, "end_of_hand": False},
        )

    def envido_side_wins_tie(self) -> bool:
        """Whether, when both sides pass the target in one hand, the side that won the envido
        wins the chico (``simultaneous_finish``)."""
        return meaning(
            self,
            "simultaneous_finish",
            "envido_side_wins_tie",
            {"higher_score_else_play_on": False, "envido_team_wins": True, "top_bet_wins": False},
        )

    def top_bet_wins_tie(self) -> bool:
        """Whether, when both sides pass the target in one deal, the side that won a bet for
        the whole target in it wins the chico whatever the totals (``simultaneous_finish``
        ``"top_bet_wins"``, a choice of a ladder with such a bet)."""
        return meaning(
            self,
            "simultaneous_finish",
            "top_bet_wins_tie",
            {"higher_score_else_play_on": False, "envido_team_wins": False, "top_bet_wins": True},
        )

    def split_rule(self) -> object:
        """Whether the target splits into malas and buenas (``malas_buenas_split``):
        ``"auto"``, ``True`` or ``False``."""
        return meaning(
            self, "malas_buenas_split", "split_rule", {"auto": "auto", True: True, False: False}
        )

    def buenas_offset(self) -> int:
        """The first score in buenas, past half the target (``buenas_from``): ``1`` for
        ``"half+1"``, ``0`` for ``"half"``."""
        return meaning(self, "buenas_from", "buenas_offset", {"half+1": 1, "half": 0})

    @property
    def split(self) -> bool:
        """Whether the target is split into malas and buenas."""
        rule = ask(self, "split_rule")
        if rule == "auto":
            return self.target >= 18 and self.target % 2 == 0
        return bool(rule)

    @property
    def buenas_threshold(self) -> int:
        """The first score that is in buenas."""
        offset: int = ask(self, "buenas_offset")
        return self.target // 2 + offset

    def in_buenas(self, score: int) -> bool:
        """Whether ``score`` is in buenas (always false without a split)."""
        return self.split and score >= self.buenas_threshold

    def score_text(self, score: int) -> str:
        """A score as players say it: ``12 malas``, ``3 buenas`` (or just the number)."""
        if not self.split:
            return str(score)
        b = self.buenas_threshold
        return f"{score - b + 1} buenas" if score >= b else f"{score} malas"


@attrs.frozen
class TargetMatch(MatchRule):
    """A match to a target with no malas/buenas split and no side bets whose points need
    timing: the stock match rule with those options fixed (they could change nothing)."""

    buenas_from: str = "half+1"
    malas_buenas_split: object = False
    score_timing: str = "envido_first_immediate"
    simultaneous_finish: str = "higher_score_else_play_on"
