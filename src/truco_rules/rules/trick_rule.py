"""The trick rule hook: who wins a trick and the hand, who leads after a tie, face-down play
(RULES §1.2-§1.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..core.options import ask, meaning, option

__all__ = ["MANO", "NOBODY", "OTHER", "TrickRule"]

# Outcome codes of a decided hand, relative to the contest's mano.
MANO = 0
OTHER = 1
NOBODY = 2


# ---------------------------------------------------------------------------------------------
# Tricks
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class TrickRule:
    """Who wins a trick and the hand; who leads after a tie; face-down play (RULES §1.2-§1.4)."""

    tie_next_leader: str = option(
        "previous_leader",
        "Who leads the trick after a tied one: the player who led the tied trick, or the "
        "earliest player who played one of the tied top cards.",
        choices=("previous_leader", "earliest_top_card"),
        source="RULES §1.3 (D4)",
    )
    second_trick_tie_after_win: str = option(
        "first_trick_winner",
        "Trick 1 won, trick 2 tied: the trick-1 winner takes the hand, or trick 3 decides.",
        choices=("first_trick_winner", "third_trick_decides"),
        source="RULES §1.4 (D2)",
    )
    third_trick_tie_after_split: str = option(
        "first_trick_winner",
        "Tricks 1 and 2 split, trick 3 tied: the trick-1 winner or the mano's team wins.",
        choices=("first_trick_winner", "mano"),
        source="RULES §1.4 (D1)",
    )
    third_trick_tie_after_win_tie: str = option(
        "mano",
        "Trick 1 won, trick 2 tied, trick 3 tied (only with third_trick_decides): the mano's "
        "team or the trick-1 winner wins.",
        choices=("mano", "first_trick_winner"),
        source="RULES §1.4",
    )
    all_tricks_tied: str = option(
        "mano",
        "All three tricks tied: the mano's team wins, nobody scores, or the other side (postre).",
        choices=("mano", "nobody", "postre"),
        source="RULES §1.4 (D3)",
    )
    facedown_allowed: bool = option(
        True,
        "Whether a card may be played face down (strength 0).",
        choices=(True, False),
        source="RULES §2.9",
    )
    facedown_allowed_first_trick: bool = option(
        True,
        "Whether a face-down card may be played in the first trick.",
        choices=(True, False),
        source="RULES §2.9 (D29)",
    )

    played_cards_visible: bool = option(
        True,
        "Whether the cards of finished tricks stay face up for everyone to see. False: each "
        "finished trick is gathered face down, and only its own player still sees a card.",
        choices=(True, False),
        source="RULES §4 B17",
    )
    end_when_certain: bool = option(
        False,
        "Whether the hand ends the moment its winner is certain: no way of playing the cards "
        "left could change it (checked from the second trick on; the points are those the "
        "tricks would give, with fewer actions).",
        choices=(False, True),
        source="RULES §1.4; table habit of online engines ",
    )

    end_on_unbeatable_card: bool = option(
        False,
        "Whether the hand ends when a card nobody can beat decides it: the card just played is "
        "stronger than every card not yet seen played face up, so it settles its trick, and "
        "that trick decides the hand; the players still to play in it play no more and no call "
        "is made (points as the tricks would give). Narrower than end_when_certain, which "
        "also looks at the cards the players hold.",
        choices=(False, True),
        source="RULES §1.4; table habit of online engines",
    )

    facedown_after_tied_trick: bool = True
    """Whether a face-down card may follow a tied trick. A plain field; a variant may declare
    it as an option (RULES §5.5)."""
    facedown_one_per_side: bool = False
    """Whether a side plays at most one face-down card in a trick: a player whose partner
    already played one face down in it must play face up. A plain field; a variant may
    declare it as an option."""

    def facedown_ok(self, trick_no: int, results: Sequence[int] = ()) -> bool:
        """Whether face-down play is allowed in trick ``trick_no`` (0-based), the earlier
        tricks having ended as ``results``."""
        if not self.facedown_allowed:
            return False
        if trick_no == 0:
            return self.facedown_allowed_first_trick
        return self.facedown_after_tied_trick or results[-1] >= 0

    def double_play_after_first_tie(self, special_hand: bool) -> bool:
        """Whether, after a tied first trick, every player plays both remaining cards at once
        (one face up over one face down): the face-up cards make trick 2, the hidden ones
        trick 3. The stock rule says no; a variant's trick rule may say yes."""
        return False

    def faceup_void_if_lower(self, special_hand: bool) -> bool:
        """In such a double play, whether a face-up card lower than the card under it counts
        as strength 0. ``special_hand`` tells whether the hand is a special hand (hand of
        11/10)."""
        return False

    DECISIONS: ClassVar[tuple[str, ...]] = ("tie_leader", "tie_outcomes")
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def tie_leader(self) -> str:
        """Who leads after a tied trick (``tie_next_leader``): ``"previous_leader"`` or
        ``"earliest_top_card"`` (see :func:`truco_rules.rules.tricks.trick_result`)."""
        known = ("previous_leader", "earliest_top_card")
        return meaning(self, "tie_next_leader", "tie_leader", {k: k for k in known})

    def tie_outcomes(self) -> tuple[bool, bool, bool, int]:
        """What the tie options mean to :meth:`decide`: whether a won trick 1 and a tied
        trick 2 end the hand for its winner; whether, after a split, a tied trick 3 goes to
        the trick-1 winner (else the mano); whether won-tied-tied goes to the mano (else the
        trick-1 winner); and the outcome of three tied tricks."""
        name = "tie_outcomes"
        return (
            meaning(
                self,
                "second_trick_tie_after_win",
                name,
                {"first_trick_winner": True, "third_trick_decides": False},
            ),
            meaning(
                self,
                "third_trick_tie_after_split",
                name,
                {"first_trick_winner": True, "mano": False},
            ),
            meaning(
                self,
                "third_trick_tie_after_win_tie",
                name,
                {"mano": True, "first_trick_winner": False},
            ),
            meaning(
                self, "all_tricks_tied", name, {"mano": MANO, "nobody": NOBODY, "postre": OTHER}
            ),
        )

    def decide(self, results: Sequence[int]) -> int | None:
        """The hand's outcome from trick results so far, or ``None`` if play goes on.

        ``results`` holds, per trick, ``MANO`` (0) if the mano's side won it, ``OTHER`` (1) if
        the other side did, ``-1`` if tied. The answer is ``MANO``, ``OTHER`` or ``NOBODY``.
        RULES §1.4, master table.
        """
        n = len(results)
        if n < 2:
            return None
        r1, r2 = results[0], results[1]
        if n == 2:
            if r1 >= 0 and r1 == r2:
                return r1
            if r1 >= 0 and r2 < 0:
                return r1 if ask(self, "tie_outcomes")[0] else None
            if r1 < 0 and r2 >= 0:
                return r2
            return None
        r3 = results[2]
        if r3 >= 0:
            return r3
        _win_tie, split_first, win_tie_tie_mano, all_tied = ask(self, "tie_outcomes")
        if r1 >= 0 and r2 >= 0:  # split, then a tie
            return r1 if split_first else MANO
        if r1 >= 0:  # won, tied, tied
            return MANO if win_tie_tie_mano else r1
        if r2 >= 0:  # cannot happen: a tie then a win ends the hand after trick 2
            return r2
        answer: int = all_tied
        return answer
