"""Side bets written the way a third party would, from the public API only, that the tests of
the side-bet protocol (tests/rules/test_side_bets.py), of the kernel's guards on a bet
(tests/kernel/test_side_bet_guards.py) and of ``compare`` (tests/analysis/test_comparison.py)
share."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

import attrs

import truco_rules as tr
from truco_rules.hooks import SideBet
from truco_rules.side_bet import Contest, Credit

PRIMERA = tr.Action.call("primera")
QUIERO = tr.Action.call("quiero")
NO_QUIERO = tr.Action.call("no-quiero")
APUESTA = tr.Action.call("apuesta")


@attrs.frozen
class AskedFirstBet(SideBet):
    """The first-trick bet of docs/extending.md ("A side bet of your own"), as printed there:
    the bet awaits the first seat of the other side in play order. State: (stage, caller)."""

    name = "primera"
    verbs = ("primera",)

    def start(self, contest: Contest) -> Hashable:
        return ("open", -1)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        stage = state[0]  # type: ignore[index]
        fresh = on_turn and not contest.call and not any(contest.played_first)
        return (PRIMERA,) if stage == "open" and fresh else ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller = cast("tuple[str, int]", state)
        if stage != "asked":
            return -1
        return next(s for s in contest.order if contest.team[s] != contest.team[caller])

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return (QUIERO, NO_QUIERO)

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        caller = state[1]  # type: ignore[index]
        if action == PRIMERA:
            return ("asked", seat), ()
        if action == QUIERO:
            return ("on", caller), ()
        return ("done", caller), ((contest.team[caller], 1),)


@attrs.frozen
class OwnTurnBet(SideBet):
    """A call offered on one's own turn only, and nothing else: no act()."""

    name = "apuesta"
    verbs = ("apuesta",)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        return (APUESTA,) if on_turn else ()
