"""A side bet of a variant's own, as the contest plays it: through a guard that checks
every value the bet returns (see :mod:`truco_rules.rules.side_bet_checks` for the rules).

The contest plays the kernel's envido and flor as they are (trusted: they skip every check,
on the hot path) and each bet the variant lists in
:attr:`~truco_rules.rules.variant.Variant.side_bets` through a :class:`GuardedBet`, made once per
variant (:mod:`truco_rules.contest.bet_table`). The guard answers every method of the
:class:`~truco_rules.rules.side_bet.SideBet` protocol by asking the bet and checking its answer:
the type and range of every value, the actions against those the bet listed, and any
exception the bet raises, which becomes a :class:`~truco_rules.core.errors.ProtocolError` naming
the bet and the method (its own exception is the ``__cause__``). The bet reads the contest
through a :class:`~truco_rules.contest.view.ContestView`, so it cannot change it. The
contest works out a
bet's action in full before it changes anything, and restores itself when a check fails
midway, so the match is left as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import ProtocolError, shown
from ..rules.side_bet import Contest, SideBet
from ..rules.side_bet_checks import (
    KERNEL_CALLS,
    MAX_POINTS,
    Declared,
    broke,
    checked_credits,
    checked_state,
    checked_text,
)
from .view import ContestView

__all__ = ["MAX_REFUSAL", "GuardedBet"]

MAX_REFUSAL = 200
"""The longest reason a bet may give for refusing an action (:meth:`SideBet.refusal`,
:meth:`SideBet.blocked`)."""

_Outcome = tuple[Hashable, tuple[tuple[int, int, str], ...]]


class GuardedBet(SideBet[Hashable]):
    """The side bet ``bet`` of a variant's own, every answer checked (see the module).

    ``declared`` are the bet's name, verbs, precedence and side_answers and ``listed`` the
    actions it listed (:meth:`SideBet.all_actions`), as they were checked when the variant
    was built; ``used`` are the optional methods it uses and ``foreign`` the verbs of the
    other bets' calls (the kernel's and the variant's): an answer may not be one of those,
    since the contest hands such an action to the bet whose call it is."""

    __slots__ = (
        "_answers",
        "_calls",
        "_listed",
        "_order",
        "_used",
        "bet",
        "name",
        "precedence",
        "side_answers",
        "verbs",
    )
    bet: SideBet[Any]
    _order: tuple[Action, ...]
    _listed: dict[Action, Action]
    _calls: dict[Action, Action]
    _answers: dict[Action, Action]
    _used: frozenset[str]

    def __init__(
        self,
        bet: SideBet[Any],
        declared: Declared,
        listed: tuple[Action, ...],
        used: frozenset[str],
        foreign: frozenset[str],
    ) -> None:
        name, verbs, precedence, side_answers = declared
        fields = {
            "bet": bet,
            "name": name,
            "verbs": verbs,
            "precedence": precedence,
            "side_answers": side_answers,
            "_order": listed,
            "_listed": {a: a for a in listed},
            "_calls": {a: a for a in listed if a.verb in verbs},
            "_answers": {a: a for a in listed if a.verb not in foreign},
            "_used": used,
        }
        for attr, value in fields.items():
            object.__setattr__(self, attr, value)  # the frozen SideBet has no setter

    def __repr__(self) -> str:
        return f"GuardedBet({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # the frozen attrs base pickles its own fields only, none of the guard's slots
        return _unpickled, (type(self), {a: getattr(self, a) for a in GuardedBet.__slots__})

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)

    # -- asking the bet -------------------------------------------------------------------
    def _ask(self, method: str, contest: Contest, *args: object) -> Any:
        """The bet's ``method`` called with a read-only view of ``contest`` and ``args``; what
        it raises, as a ProtocolError."""
        try:
            return getattr(self.bet, method)(ContestView(contest), *args)
        except ProtocolError:
            raise  # the kernel's own word on a bet (this one, or one it asked about)
        except Exception as exc:
            raise broke(self.name, method, f"raised {shown(exc)}") from exc

    def _actions(
        self, method: str, acts: object, allowed: dict[Action, Action], what: str
    ) -> list[Action]:
        """``acts`` as the ``allowed`` actions themselves, if it is a tuple or list of
        actions among them, each once."""
        if type(acts) is not tuple and type(acts) is not list:
            raise broke(self.name, method, f"gave {shown(acts)}, not a tuple or list of actions")
        out: list[Action] = []
        for a in acts:
            if type(a) is not Action or a not in allowed:
                raise broke(self.name, method, f"gave {shown(a)}, not {what}")
            act = allowed[a]
            if act in out:
                raise broke(self.name, method, f"gave {act} twice")
            out.append(act)
        return out

    def _outcome(self, method: str, result: object) -> _Outcome:
        if type(result) is not tuple or len(result) != 2:
            raise broke(self.name, method, f"returned {shown(result)}, not (state, points)")
        state = checked_state(self.name, method, result[0])
        return state, checked_credits(self.name, method, result[1])

    def _bool(self, method: str, value: object) -> bool:
        if type(value) is not bool:
            raise broke(self.name, method, f"gave {shown(value)}, not a bool")
        return value

    def _in_play(self, method: str, contest: Contest, seat: object, what: str) -> int:
        if type(seat) is not int:
            raise broke(self.name, method, f"gave {shown(seat)}, not a seat")
        if not 0 <= seat < len(contest.pos) or contest.pos[seat] < 0 or contest.folded[seat]:
            raise broke(
                self.name, method, f"{what} seat {shown(seat)}, not in play (or gone to the deck)"
            )
        return seat

    # -- the protocol ---------------------------------------------------------------------
    def uses(self, method: str) -> bool:
        return method in self._used

    def all_actions(self) -> Sequence[Action]:
        return self._order

    def start(self, contest: Contest) -> Hashable:
        return checked_state(self.name, "start", self._ask("start", contest))

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[Action]:
        acts = self._ask("offers", contest, state, seat, on_turn)
        return self._actions("offers", acts, self._calls, "a call of its own verbs")

    def interjections(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool, awaiting: SideBet[Any]
    ) -> Sequence[Action]:
        acts = self._ask("interjections", contest, state, seat, on_turn, awaiting)
        return self._actions("interjections", acts, self._calls, "a call of its own verbs")

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        seat = self._ask("awaiting", contest, state)
        if type(seat) is int and seat == -1:
            return -1
        seat = self._in_play("awaiting", contest, seat, "awaits")
        if not self.answers(contest, state, seat):
            raise broke(self.name, "answers", f"gave seat {seat}, which it awaits, no answer")
        return seat

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[Action]:
        acts = self._ask("answers", contest, state, seat)
        what = "an answer it lists in all_actions() (nor another bet's call)"
        return self._actions("answers", acts, self._answers, what)

    def act(self, contest: Contest, state: Hashable, seat: int, action: Action) -> _Outcome:
        return self._outcome("act", self._ask("act", contest, state, seat, action))

    def close(self, contest: Contest, state: Hashable) -> _Outcome:
        return self._outcome("close", self._ask("close", contest, state))

    def interrupted(self, contest: Contest, state: Hashable, seat: int, action: Action) -> _Outcome:
        return self._outcome("interrupted", self._ask("interrupted", contest, state, seat, action))

    def refusal(self, contest: Contest, state: Hashable, seat: int, action: Action) -> str:
        return self._reason("refusal", self._ask("refusal", contest, state, seat, action))

    def blocked(self, contest: Contest, state: Hashable, seat: int, action: Action) -> str:
        return self._reason("blocked", self._ask("blocked", contest, state, seat, action))

    def _reason(self, method: str, why: object) -> str:
        if type(why) is not str or not 0 < len(why) <= MAX_REFUSAL or not why.isprintable():
            raise broke(
                self.name,
                method,
                f"gave {shown(why)}: a reason is 1 to {MAX_REFUSAL} printable characters",
            )
        return why

    def automatic(self, contest: Contest, state: Hashable) -> tuple[int, Action] | None:
        auto = self._ask("automatic", contest, state)
        if auto is None:
            return None
        if type(auto) is not tuple or len(auto) != 2:
            problem = f"took {shown(auto)} by itself, not None or (seat, action)"
            raise broke(self.name, "automatic", problem)
        seat = self._in_play("automatic", contest, auto[0], "took an action by itself for")
        act = auto[1]
        if type(act) is not Action or act not in self._listed or act.verb in KERNEL_CALLS:
            problem = f"took {shown(act)} by itself for seat {seat}: not an action of its own"
            raise broke(self.name, "automatic", problem)
        return seat, self._listed[act]

    def holds_back(self, contest: Contest, state: Hashable, seat: int) -> bool:
        return self._bool("holds_back", self._ask("holds_back", contest, state, seat))

    def answered_by_leaving(self, contest: Contest, state: Hashable) -> bool:
        return self._bool("answered_by_leaving", self._ask("answered_by_leaving", contest, state))

    def restrict(
        self, contest: Contest, state: Hashable, seat: int, legal: list[Action]
    ) -> list[Action]:
        acts = self._ask("restrict", contest, state, seat, list(legal))  # the bet's own copy
        if type(acts) is not tuple and type(acts) is not list:
            raise broke(
                self.name, "restrict", f"gave {shown(acts)}, not a tuple or list of actions"
            )
        kept: list[Action] = []
        k = 0
        for a in acts:
            while k < len(legal) and not (type(a) is Action and legal[k] == a):
                k += 1
            if k == len(legal):
                raise broke(
                    self.name,
                    "restrict",
                    f"gave {shown(a)}: it may only remove actions, not add, repeat or reorder them",
                )
            kept.append(legal[k])
            k += 1
        if not kept and legal and seat == contest.turn:
            raise broke(self.name, "restrict", f"left seat {seat}, to act, no action")
        return kept

    def deck_bonus(self, contest: Contest, state: Hashable, side: int) -> int:
        bonus = self._ask("deck_bonus", contest, state, side)
        if type(bonus) is not int or not 0 <= bonus <= MAX_POINTS:
            raise broke(
                self.name, "deck_bonus", f"gave {shown(bonus)}, not an int from 0 to {MAX_POINTS}"
            )
        return bonus

    def ends(self, contest: Contest, state: Hashable) -> str:
        reason = self._ask("ends", contest, state)
        if type(reason) is str and reason == "":
            return ""
        return checked_text(self.name, "ends", reason, "reason")

    def shown(self, contest: Contest, state: Hashable) -> Sequence[tuple[int, tuple[Card, ...]]]:
        pairs = self._ask("shown", contest, state)
        if type(pairs) is not tuple and type(pairs) is not list:
            raise broke(self.name, "shown", f"gave {shown(pairs)}, not a tuple or list")
        out = []
        for p in pairs:
            ok = type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is tuple
            if ok and not (0 <= p[0] < len(contest.dealt) and contest.pos[p[0]] >= 0):
                ok = False  # a seat out of the contest (a later pica-pica duel's) shows nothing
            if not ok or not all(type(c) is Card and c in contest.dealt[p[0]] for c in p[1]):
                raise broke(
                    self.name, "shown", f"gave {shown(p)}, not (seat in the contest, its cards)"
                )
            out.append((p[0], p[1]))
        return tuple(out)


def _unpickled(cls: type[GuardedBet], fields: dict[str, Any]) -> GuardedBet:
    """A guard with ``fields``, as :meth:`GuardedBet.__reduce__` gave them."""
    guard = object.__new__(cls)
    for attr, value in fields.items():
        object.__setattr__(guard, attr, value)
    return guard
