"""The main bet ladder (truco, retruco, vale cuatro and the regional rungs), RULES §1.5."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..core.actions import KERNEL_VERBS, Action
from ..core.errors import InvalidOption, InvalidOptionType, ParseError, shown
from ..core.options import MAX_OPTION_INT, meaning, option

__all__ = ["BetLadder"]

_KERNEL_VERBS = tuple(sorted(KERNEL_VERBS))
"""The verbs of the kernel's own actions, which no rung of a ladder may take (in a fixed
order, for the message)."""


def _is_verb(name: str) -> bool:
    try:
        Action.call(name)
    except ParseError:
        return False
    return True


@attrs.frozen
class BetLadder:
    """The main bet (truco family), RULES §1.5.

    ``values[0]`` is the worth of an un-bet hand; ``names[i]`` is the call that proposes
    ``values[i + 1]``. A refused call scores the value of the level before it.
    """

    values: tuple[int, ...] = (1, 2, 3, 4)
    names: tuple[str, ...] = ("truco", "retruco", "vale-cuatro")
    truco_call_timing: str = option(
        "any_time",
        "any_time: the player to act may call, and any eligible player may call out of turn "
        "when nothing is awaiting an answer; own_turn: only the player about to play a card.",
        choices=("any_time", "own_turn"),
        source="RULES §1.5, §2.5",
    )

    raise_as_answer: bool = option(
        True,
        "Whether a pending call may be answered by the next call (truco answered with "
        "retruco). False: only quiero or no quiero; a raise comes later, on one's turn.",
        choices=(True, False),
        source="RULES §1.5; table habit of online engines ",
    )
    raise_cap: str = option(
        "none",
        "none: any next call; trailing_side_needs: no call once the stake in force (or the "
        "one pending) is worth what the trailing side lacks, so accepting already decides "
        "the game for both (a Brazilian house rule: no seis then), on one's turn and as an "
        "answer.",
        choices=("none", "trailing_side_needs"),
        source="RULES §1.5, §5.6; a Brazilian house rule",
    )
    ladder_refusal: str = option(
        "first_refusal",
        "first_refusal: one player's no quiero refuses the call for his side; every_opponent: "
        "it passes the answer to his next partner, and the call is refused only when every "
        "opponent has refused it (Brazilian 4-seat tables where each partner answers).",
        choices=("first_refusal", "every_opponent"),
        source="RULES §1.5, §5.6; Brazilian 4-seat tables ",
    )
    answer_pass: bool = option(
        False,
        "Whether the player asked to answer a call may pass the answer to his next partner "
        "still in the hand ('paso', 4 and 6 seats), each player once per call: the last one "
        "asked answers (the truco ladder and the envido).",
        choices=(False, True),
        source="RULES §1.5; table habit of online engines",
    )
    first_answerer: str = option(
        "next_after_caller",
        "Who of the other side is asked first to answer a call (truco, an envido), and next "
        "after a 'paso': the players after the caller in play order (next_after_caller); or the "
        "side's seats by seat number from seat 0, a holder of a flor still to sing first "
        "(seat_order). Any player of the side may answer in either case.",
        choices=("next_after_caller", "seat_order"),
        source="RULES §1.5; table habit of online engines",
    )
    mazo_out_of_turn: bool = option(
        False,
        "Whether a player may go to the deck out of turn, and as the answer to an envido (it "
        "then counts as refusing the envido) unless the envido's mazo_answering_envido says "
        "otherwise.",
        choices=(False, True),
        source="RULES §2.10; table habit of online engines ",
    )
    mazo_pending_call: str = option(
        "answering_side",
        "Going to the deck while a ladder call awaits its answer: the answering side may, which "
        "refuses the call, and the calling side only with mazo_out_of_turn (answering_side); "
        "nobody may until the call is answered (nobody).",
        choices=("answering_side", "nobody"),
        source="RULES §2.10, §1.5; table habit of online engines",
    )

    forbid_pointless_raise: bool = False
    """Whether a raise is illegal when merely accepting the pending call would already win the
    game. A plain field; a variant may declare it as an option (RULES §5.6)."""
    mazo_concedes_for_side: bool = False
    """Whether one player going to the deck (running) concedes the hand for his whole side;
    otherwise his partners play on without him."""
    top_wins_target: bool = False
    """Whether the top rung, accepted, is worth whatever the winner lacks to reach the target
    (a bet "for the whole game"), rather than ``values[-1]``."""

    def __attrs_post_init__(self) -> None:
        values, names = self.values, self.names
        allowed = f"a tuple of ints from 1 to {MAX_OPTION_INT:,}"
        if type(values) is not tuple or not all(type(v) is int for v in values):
            raise InvalidOptionType("ladder.values", values, allowed, "a tuple of ints")
        if not values or not all(1 <= v <= MAX_OPTION_INT for v in values):
            raise InvalidOption("ladder.values", values, allowed)
        if list(values) != sorted(set(values)):
            raise InvalidOption("ladder.values", values, "values that increase")
        if type(names) is not tuple or not all(type(n) is str for n in names):
            raise InvalidOptionType(
                "ladder.names", names, f"a tuple of {len(values) - 1} call names", "a tuple of str"
            )
        if len(names) != len(values) - 1:
            raise InvalidOption(
                "ladder.names", names, f"a tuple of {len(values) - 1} call names, one per raise"
            )
        for name in names:
            # a call's verb (Action.call refuses what is not one), of the ladder alone
            taken = type(name) is not str or name in _KERNEL_VERBS or names.count(name) > 1
            if taken or not _is_verb(name):
                raise InvalidOption(
                    "ladder.names",
                    names,
                    "distinct call verbs (lower-case words joined by '-') that no kernel "
                    f"action uses ({', '.join(_KERNEL_VERBS)}); not {shown(name)}",
                )

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "calls_any_time",
        "caps_raises",
        "refusal_passes_to_partner",
        "leaves_on_pending_call",
        "asks_by_seat",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def calls_any_time(self) -> bool:
        """Whether calls may be made out of turn (``truco_call_timing``)."""
        return meaning(
            self, "truco_call_timing", "calls_any_time", {"any_time": True, "own_turn": False}
        )

    def caps_raises(self) -> bool:
        """Whether no call is allowed once the stake decides the game for both (``raise_cap``)."""
        return meaning(
            self, "raise_cap", "caps_raises", {"none": False, "trailing_side_needs": True}
        )

    def refusal_passes_to_partner(self) -> bool:
        """Whether a refusal passes the answer to the refuser's next partner
        (``ladder_refusal``)."""
        return meaning(
            self,
            "ladder_refusal",
            "refusal_passes_to_partner",
            {"first_refusal": False, "every_opponent": True},
        )

    def leaves_on_pending_call(self) -> bool:
        """Whether a player may go to the deck while a ladder call awaits its answer
        (``mazo_pending_call``)."""
        return meaning(
            self,
            "mazo_pending_call",
            "leaves_on_pending_call",
            {"answering_side": True, "nobody": False},
        )

    def asks_by_seat(self) -> bool:
        """Whether a call's answerers are asked by seat number, a holder of a flor still to
        sing first, rather than in play order after the caller (``first_answerer``)."""
        return meaning(
            self,
            "first_answerer",
            "asks_by_seat",
            {"next_after_caller": False, "seat_order": True},
        )

    def refused(self, level: int) -> int:
        """Points the caller's side scores if the call proposing ``level`` is refused."""
        return self.values[level - 1]
