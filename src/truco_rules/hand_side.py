"""The variant's own side bets, a part of the contest: each :class:`~truco_rules.side_bet.
SideBet` the variant lists, with its state, its calls and answers, and its points (see
:mod:`truco_rules.side_bet` for the protocol).

The part keeps one state value per bet in ``side_state`` (immutable values, so a copy of
the contest shares them) and the index of the bet awaiting an answer in ``side_waiting``.
A bet's action is worked out in full (:meth:`SideBetPlay._side_outcome`, which may raise)
before anything in the contest changes.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from .actions import Action
from .errors import TrucoError
from .hand_fields import SIDE, HandFields
from .side_bet import Credit

__all__ = ["SideBetPlay"]

_Outcome = tuple[int, Hashable, tuple[Credit, ...]]


class SideBetPlay(HandFields):
    """The side-bet part of a :class:`~truco_rules.hand.Hand`."""

    __slots__ = ()

    def _init_side(self) -> None:
        bets = self.variant.side_bets
        self.side_bets = bets
        self.side_state = [_state(b.name, b.start(self)) for b in bets]
        self.side_waiting = -1

    def _side_offers(self, s: int, on_turn: bool, out: list[Action]) -> None:
        """Append the calls the side bets offer ``s`` (cards in play or a ladder call to
        answer)."""
        sides = self.variant._sides
        for i, bet in enumerate(self.side_bets):
            for a in bet.offers(self, self.side_state[i], s, on_turn):
                if a not in sides.actions[i] or sides.owner.get(a.verb) != i:
                    raise TrucoError(
                        f"side bet {bet.name!r} offered {a!r}, not a call of its own verbs"
                    )
                out.append(a)

    def _side_answers(self, s: int, out: list[Action]) -> None:
        """Append the answers open to ``s`` while a side bet awaits one."""
        i = self.side_waiting
        if self.side_bets[i].awaiting(self, self.side_state[i]) == s:
            out.extend(self._answers_of(i, s))

    def _answers_of(self, i: int, s: int) -> list[Action]:
        bet = self.side_bets[i]
        listed = self.variant._sides.actions[i]
        answers = list(bet.answers(self, self.side_state[i], s))
        for a in answers:
            if a not in listed:
                raise TrucoError(f"side bet {bet.name!r} answered with {a!r}, not in all_actions()")
        return answers

    def _side_awaited(self) -> int:
        """The seat a side bet awaits (the first bet in the variant's order that awaits
        one), noting the bet; -1 if none does."""
        for i, bet in enumerate(self.side_bets):
            seat = bet.awaiting(self, self.side_state[i])
            if type(seat) is not int:
                raise TrucoError(f"side bet {bet.name!r} awaits {seat!r}, not a seat")
            if seat >= 0:
                if seat >= len(self.pos) or self.pos[seat] < 0 or self.folded[seat]:
                    raise TrucoError(
                        f"side bet {bet.name!r} awaits seat {seat}, not in play (or gone to "
                        "the deck)"
                    )
                if not self._answers_of(i, seat):
                    raise TrucoError(f"side bet {bet.name!r} awaits seat {seat} with no answer")
                self.side_waiting = i
                return seat
        self.side_waiting = -1
        return -1

    def _side_owner(self, act: Action) -> int:
        """The index of the side bet whose action ``act`` is, or -1."""
        if self.phase == SIDE:
            return self.side_waiting
        return self.variant._sides.owner.get(act.verb, -1)

    def _side_outcome(self, i: int, s: int, act: Action) -> _Outcome:
        """What bet ``i`` makes of ``s`` taking ``act``: its new state and the points it
        gives, checked; nothing changes yet."""
        bet = self.side_bets[i]
        return _checked(i, bet.name, bet.act(self, self.side_state[i], s, act))

    def _side_apply(self, outcome: _Outcome) -> None:
        i, state, credits = outcome
        self.side_state[i] = state
        for side, pts in credits:
            self._credit(side, pts, self.side_bets[i].name)

    def _close_side_bets(self) -> None:
        """At the end of the contest: each bet's last state and the points still owed (all
        checked before any is applied)."""
        outcomes = [
            _checked(i, bet.name, bet.close(self, self.side_state[i]))
            for i, bet in enumerate(self.side_bets)
        ]
        for outcome in outcomes:
            self._side_apply(outcome)


def _checked(i: int, name: str, result: tuple[Hashable, Sequence[Credit]]) -> _Outcome:
    """Bet ``i``'s new state and points, as the protocol requires them (else TrucoError)."""
    state, credits = result
    return i, _state(name, state), _credits(name, credits)


def _state(name: str, state: object) -> Hashable:
    try:
        hash(state)
    except TypeError:
        raise TrucoError(f"side bet {name!r} returned a state that is not hashable") from None
    return state


def _credits(name: str, credits: Sequence[Credit]) -> tuple[Credit, ...]:
    out = tuple(credits)
    for c in out:
        if (
            not isinstance(c, tuple)
            or len(c) != 2
            or c[0] not in (0, 1)
            or type(c[1]) is not int
            or c[1] < 0
        ):
            raise TrucoError(f"side bet {name!r} gave points that are not (side, points): {c!r}")
    return out
