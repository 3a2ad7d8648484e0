"""A third-party side bet is untrusted code (issue 21 §1).

The kernel checks everything a variant's own :class:`~truco_rules.side_bet.SideBet` returns,
as :meth:`Match.apply` checks a user's action: a bet that breaks the protocol gets a
:class:`~truco_rules.ProtocolError` naming the bet and the method, and the match is left as it
was. The bets here are written the way a third party would (from the public API) and then
broken on purpose, one method and one wrong value at a time.

Each test failed on the code before the fix (ac13513) for the reason its docstring names.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, cast

import attrs
import pytest
from sample_bets import AskedFirstBet, OwnTurnBet

import truco_rules as tr
from truco_rules.bet_envido import EnvidoBet
from truco_rules.bet_flor import FlorBet
from truco_rules.bet_table import bet_table
from truco_rules.hooks import SideBet
from truco_rules.side_bet import OPTIONAL_METHODS, Contest, Credit

APUESTA = tr.Action.call("apuesta")
OTRA = tr.Action.call("otra")
ZZZ = tr.Action.call("zzz")
QUIERO = tr.Action.call("quiero")
NO_QUIERO = tr.Action.call("no-quiero")
MAZO = tr.Action.call("mazo")
ENVIDO = tr.Action.call("envido")
ARGENTINE = tr.get_variant("argentine")
NO_FLOR = ["1E 7O 4C", "3B 5E 6C"]  # no flor on either side
HUGE = 10**5000  # more digits than str() may write: a message must not try

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]
TABLE_IDS = [f"{n}-{s}" for n, s in TABLES]


@attrs.frozen
class Ask(SideBet):
    """The seat to play may bet ``apuesta`` while no ladder call waits; the next seat of the
    other side answers quiero (the bet is on) or no quiero (1 to the caller's side). State:
    (stage, caller). An action it never answers with leaves the stage ``"wrong"``."""

    name = "apuesta"
    verbs = ("apuesta",)

    def start(self, contest: Contest) -> Hashable:
        return ("idle", -1)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        idle = state[0] == "idle"  # type: ignore[index]
        return (APUESTA,) if idle and on_turn and not contest.call else ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller = state  # type: ignore[misc]
        if stage != "asked":
            return -1
        return contest.next_of_side(caller, 1 - contest.team[caller])

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return (QUIERO, NO_QUIERO)

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        caller = state[1]  # type: ignore[index]
        if action == APUESTA:
            return ("asked", seat), ()
        if action == QUIERO:
            return ("on", caller), ()
        if action == NO_QUIERO:
            return ("done", caller), ((contest.team[caller], 1),)
        return ("wrong", seat), ()


def _table(name: str, seats: int, bets: tuple[SideBet, ...], **options: Any) -> tr.Variant:
    v = tr.get_variant(name, options or None)
    return v.derive(f"{name}-trust", "with bets of a third party", side_bets=bets)


def _asked_soon(v: tr.Variant, seats: int) -> tr.Match:
    """A match of ``v`` whose seat to act may call ``apuesta`` now (after the discards of a
    table dealt an extra card)."""
    for seed in range(200):
        m: tr.Match = v.new_match(seats, seed=seed)
        while m.hand is None:
            m.apply(m.legal_actions()[0], m.current_player())
        if APUESTA in m.legal_actions():
            return m
    raise AssertionError("no deal lets the seat to act call the bet")


# -- every value a bet returns is checked ---------------------------------------------------

Bad = Callable[[dict[str, Any]], object]


def _raise(exc: BaseException) -> Bad:
    def bad(kw: dict[str, Any]) -> object:
        raise exc

    return bad


@attrs.frozen
class Hostile(Ask):
    """The :class:`Ask` bet, but its ``method`` returns what ``bad`` makes of the call's
    arguments (or raises what it raises)."""

    method: str = "none"
    bad: Bad = attrs.field(default=lambda kw: None, eq=False)
    extra: tuple[tr.Action, ...] = ()

    def uses(self, method: str) -> bool:
        if method in OPTIONAL_METHODS:
            return method == self.method
        return super().uses(method)

    def _bad(self, method: str, **kw: Any) -> Any:
        return self.bad(kw) if method == self.method else _NOT_BAD

    def all_actions(self) -> Sequence[tr.Action]:
        return (*super().all_actions(), *self.extra)

    def start(self, contest: Contest) -> Hashable:
        out = self._bad("start", contest=contest)
        return super().start(contest) if out is _NOT_BAD else out

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        out = self._bad("offers", contest=contest, state=state)
        return super().offers(contest, state, seat, on_turn) if out is _NOT_BAD else out

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        if state[0] == "asked":  # type: ignore[index]
            out = self._bad("awaiting", contest=contest, state=state)
            if out is not _NOT_BAD:
                return out  # type: ignore[no-any-return]
        return super().awaiting(contest, state)

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        out = self._bad("answers", contest=contest, state=state, seat=seat)
        return super().answers(contest, state, seat) if out is _NOT_BAD else out

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        out = self._bad("act", contest=contest, state=state, seat=seat)
        return super().act(contest, state, seat, action) if out is _NOT_BAD else out

    def close(self, contest: Contest, state: Hashable) -> tuple[Hashable, Sequence[Credit]]:
        out = self._bad("close", contest=contest, state=state)
        return super().close(contest, state) if out is _NOT_BAD else out

    def refusal(self, contest: Contest, state: Hashable, seat: int, action: tr.Action) -> str:
        out = self._bad("refusal", contest=contest, state=state)
        return super().refusal(contest, state, seat, action) if out is _NOT_BAD else out

    def interjections(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool, awaiting: SideBet
    ) -> Sequence[tr.Action]:
        return self.bad(dict(contest=contest, state=state, seat=seat))  # type: ignore[return-value]

    def interrupted(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        return self.bad(dict(contest=contest, state=state, seat=seat))  # type: ignore[return-value]

    def automatic(self, contest: Contest, state: Hashable) -> tuple[int, tr.Action] | None:
        if state != ("idle", -1):  # once only (the old code took it again forever)
            return None
        return self.bad(dict(contest=contest, state=state))  # type: ignore[return-value]

    def holds_back(self, contest: Contest, state: Hashable, seat: int) -> bool:
        return self.bad(dict(contest=contest, state=state, seat=seat))  # type: ignore[return-value]

    def restrict(
        self, contest: Contest, state: Hashable, seat: int, legal: list[tr.Action]
    ) -> list[tr.Action]:
        return self.bad(dict(contest=contest, state=state, seat=seat, legal=legal))  # type: ignore[return-value]

    def answered_by_leaving(self, contest: Contest, state: Hashable) -> bool:
        return self.bad(dict(contest=contest, state=state))  # type: ignore[return-value]

    def deck_bonus(self, contest: Contest, state: Hashable, side: int) -> int:
        return self.bad(dict(contest=contest, state=state, side=side))  # type: ignore[return-value]

    def ends(self, contest: Contest, state: Hashable) -> str:
        return self.bad(dict(contest=contest, state=state))  # type: ignore[return-value]

    def shown(self, contest: Contest, state: Hashable) -> Sequence[tuple[int, tuple[tr.Card, ...]]]:
        return self.bad(dict(contest=contest, state=state))  # type: ignore[return-value]


_NOT_BAD = object()


def _cards(kw: dict[str, Any], seat: int) -> tuple[tr.Card, ...]:
    return tuple(kw["contest"].dealt[seat])


def _credit(*credits: object) -> Bad:
    return lambda kw: (("asked", kw.get("seat", 0)), credits)


# (method, what the bet returns, the cases' ids): each a break of the protocol
BREAKS: list[tuple[str, Bad, str]] = [
    ("start", lambda kw: ["idle", -1], "unhashable"),
    ("start", _raise(ValueError("boom")), "raises-ValueError"),
    ("offers", lambda kw: {APUESTA}, "set"),
    ("offers", lambda kw: (a for a in (APUESTA,)), "generator"),
    ("offers", lambda kw: ("apuesta",), "text"),
    ("offers", lambda kw: None, "None"),
    ("offers", lambda kw: (QUIERO,), "not-its-call"),
    ("offers", lambda kw: (ZZZ,), "unlisted"),
    ("offers", lambda kw: (APUESTA, APUESTA), "twice"),
    ("offers", _raise(ValueError("boom")), "raises-ValueError"),
    ("offers", _raise(tr.IllegalAction(APUESTA, 0, "no")), "raises-IllegalAction"),
    ("answers", lambda kw: {QUIERO, NO_QUIERO}, "set"),
    ("answers", lambda kw: (a for a in (QUIERO,)), "generator"),
    ("answers", lambda kw: ("quiero",), "text"),
    ("answers", lambda kw: (ZZZ,), "unlisted"),
    ("answers", lambda kw: (QUIERO, QUIERO), "twice"),
    ("answers", lambda kw: (ENVIDO,), "another-bets-call"),
    ("answers", lambda kw: (), "none-for-the-awaited"),
    ("answers", _raise(KeyError("k")), "raises-KeyError"),
    ("awaiting", lambda kw: True, "bool"),
    ("awaiting", lambda kw: 1.0, "float"),
    ("awaiting", lambda kw: "1", "text"),
    ("awaiting", lambda kw: None, "None"),
    ("awaiting", lambda kw: -2, "minus-2"),
    ("awaiting", lambda kw: HUGE, "huge"),
    ("awaiting", lambda kw: len(kw["contest"].team), "one-past"),
    ("awaiting", _raise(TypeError("t")), "raises-TypeError"),
    ("act", lambda kw: [("asked", 0), ()], "list"),
    ("act", lambda kw: (("asked", 0),), "one-item"),
    ("act", lambda kw: None, "None"),
    ("act", lambda kw: (["asked", 0], ()), "unhashable"),
    ("act", _credit((1.0, 1)), "side-float"),
    ("act", _credit((True, 1)), "side-bool"),
    ("act", _credit((2, 1)), "side-2"),
    ("act", _credit((0, 1.5)), "points-float"),
    ("act", _credit((0, True)), "points-bool"),
    ("act", _credit((0, -1)), "points-negative"),
    ("act", _credit((0, 10_001)), "points-over-bound"),
    ("act", _credit((0, HUGE)), "points-huge"),
    ("act", _credit((0, 1, 5)), "reason-int"),
    ("act", _credit((0, 1, "")), "reason-empty"),
    ("act", _credit((0, 1, "a\nb")), "reason-newline"),
    ("act", _credit((0, 1, "x" * 1000)), "reason-long"),
    ("act", _credit((0, 1, "envido")), "reason-envido"),
    ("act", _credit([0, 1]), "credit-list"),
    ("act", _credit((0, 1, "x", 4)), "credit-four"),
    ("act", lambda kw: (("asked", 0), {(0, 1)}), "credits-set"),
    ("act", lambda kw: (("asked", 0), ((0, 1) for _ in "x")), "credits-generator"),
    ("act", lambda kw: (("asked", 0), None), "credits-None"),
    ("act", _raise(ValueError("boom")), "raises-ValueError"),
    ("act", _raise(ZeroDivisionError()), "raises-ZeroDivisionError"),
    ("act", _raise(RecursionError()), "raises-RecursionError"),
    ("close", _credit((1.0, 1)), "side-float"),
    ("close", lambda kw: [kw["state"], ()], "list"),
    ("close", _raise(ValueError("boom")), "raises-ValueError"),
    ("refusal", lambda kw: 5, "int"),
    ("refusal", lambda kw: None, "None"),
    ("refusal", lambda kw: "x" * 10_000, "long"),
    ("interjections", lambda kw: (QUIERO,), "not-its-call"),
    ("interjections", lambda kw: (ZZZ,), "unlisted"),
    ("interjections", lambda kw: {APUESTA}, "set"),
    ("interjections", lambda kw: ("apuesta",), "text"),
    ("interjections", _raise(ValueError("boom")), "raises-ValueError"),
    ("interrupted", lambda kw: [kw["state"], ()], "list"),
    ("interrupted", _credit((1.0, 1)), "side-float"),
    ("interrupted", _raise(ValueError("boom")), "raises-ValueError"),
    ("automatic", lambda kw: (0.0, APUESTA), "seat-float"),
    ("automatic", lambda kw: (True, APUESTA), "seat-bool"),
    ("automatic", lambda kw: (99, APUESTA), "seat-99"),
    ("automatic", lambda kw: (HUGE, APUESTA), "seat-huge"),
    ("automatic", lambda kw: [0, APUESTA], "list"),
    ("automatic", lambda kw: (0, "apuesta"), "text"),
    ("automatic", lambda kw: (0, ZZZ), "unlisted"),
    ("automatic", lambda kw: (0, APUESTA, 1), "three-items"),
    ("automatic", lambda kw: "apuesta", "str"),
    ("automatic", _raise(ValueError("boom")), "raises-ValueError"),
    ("holds_back", lambda kw: 1, "int"),
    ("holds_back", lambda kw: None, "None"),
    ("holds_back", lambda kw: "yes", "text"),
    ("restrict", lambda kw: [*kw["legal"], OTRA], "adds"),
    ("restrict", lambda kw: kw["legal"][::-1], "reorders"),
    ("restrict", lambda kw: [*kw["legal"], kw["legal"][0]], "repeats"),
    ("restrict", lambda kw: [], "leaves-nothing"),
    ("restrict", lambda kw: set(kw["legal"]), "set"),
    ("restrict", lambda kw: None, "None"),
    ("restrict", lambda kw: kw["legal"].append(OTRA) or kw["legal"], "adds-in-place"),
    ("restrict", _raise(ValueError("boom")), "raises-ValueError"),
    ("answered_by_leaving", lambda kw: 1, "int"),
    ("answered_by_leaving", lambda kw: None, "None"),
    ("deck_bonus", lambda kw: -1, "negative"),
    ("deck_bonus", lambda kw: 1.0, "float"),
    ("deck_bonus", lambda kw: True, "bool"),
    ("deck_bonus", lambda kw: 10_001, "over-bound"),
    ("deck_bonus", lambda kw: HUGE, "huge"),
    ("deck_bonus", lambda kw: None, "None"),
    ("ends", lambda kw: 5, "int"),
    ("ends", lambda kw: None, "None"),
    ("ends", lambda kw: "x" * 1000, "long"),
    ("ends", lambda kw: "a\nb", "newline"),
    ("ends", lambda kw: "target", "the-kernels-reason"),
    ("ends", _raise(ValueError("boom")), "raises-ValueError"),
    ("shown", lambda kw: ((0, ("1E",)),), "text-cards"),
    ("shown", lambda kw: ((7, ()),), "seat-7"),
    ("shown", lambda kw: ((0, _cards(kw, 1)),), "anothers-cards"),
    ("shown", lambda kw: {(0, _cards(kw, 0))}, "set"),
    ("shown", lambda kw: ((0, list(_cards(kw, 0))),), "cards-list"),
    ("shown", lambda kw: ((0, _cards(kw, 0), 1),), "three-items"),
    ("shown", lambda kw: None, "None"),
    ("shown", _raise(ValueError("boom")), "raises-ValueError"),
]

AT_BUILD = ("start", "automatic")  # asked when the match starts


def _trigger(m: tr.Match, method: str) -> None:
    """Make the contest ask the bet's ``method`` (the match may change before that)."""
    if method in ("offers", "restrict"):
        m.legal_actions()
    elif method == "holds_back":
        m.legal_actions(1)
    elif method in ("answers", "awaiting", "act", "ends"):
        m.apply(APUESTA)
    elif method == "answered_by_leaving":
        m.apply(APUESTA)
        key = m.key()
        try:
            m.legal_actions()
        finally:
            assert m.key() == key
    elif method == "interjections":
        m.apply(ENVIDO)
        m.legal_actions()
    elif method in ("interrupted", "deck_bonus", "close", "shown"):
        m.apply(MAZO)
    elif method == "refusal":
        m.apply(APUESTA)
        m.apply(NO_QUIERO)
        m.apply(APUESTA)  # no longer open: the bet says why
    else:
        raise AssertionError(method)


@pytest.mark.parametrize(
    ("method", "bad"),
    [pytest.param(m, b, id=f"{m}-{i}") for m, b, i in BREAKS],
)
def test_a_bet_that_breaks_the_protocol_gets_a_protocol_error(method: str, bad: Bad) -> None:
    """Before the fix, most of these values were taken as they were (a float side, a bonus
    of -1, a set of actions, an added action, a bool seat...) or failed deep in the kernel
    with a TypeError, ValueError or AttributeError; now each gets a ProtocolError naming the
    bet and the method, and the match is exactly as it was."""
    extra = (OTRA,) if method == "restrict" else ((ENVIDO,) if method == "answers" else ())
    bet = Hostile(method, bad, extra)
    v = _table("argentine", 2, (bet,), mazo_out_of_turn=method == "answered_by_leaving")
    if method in AT_BUILD:
        with pytest.raises(tr.ProtocolError) as caught:
            v.new_match(2, deals=[tr.deal_order(v, NO_FLOR)])
    else:
        m: tr.Match = v.new_match(2, deals=[tr.deal_order(v, NO_FLOR)])
        before = m.copy()
        with pytest.raises(tr.ProtocolError) as caught:
            _trigger(m, method)
        # the steps before the one that raised stand; that one left the match as it was
        assert m.key() == _replayed(before, m).key()
    err = caught.value
    assert (err.hook, err.method) == ("side bet 'apuesta'", method)
    assert len(str(err)) < 500


def _replayed(before: tr.Match, after: tr.Match) -> tr.Match:
    """``before`` with the actions ``after`` took since (the steps that did not raise)."""
    out = before.copy()
    for seat, act in after.actions[len(before.actions) :]:
        out.apply(act, seat)
    return out


@pytest.mark.parametrize(("method", "exc"), [("act", ValueError), ("act", KeyError)])
def test_a_bet_that_raises_leaves_the_match_exactly_as_it_was(
    method: str, exc: type[Exception]
) -> None:
    """A bet that raises inside act() gets a ProtocolError whose cause is its own exception;
    the match, its record and its legal actions are as before the call."""
    v = _table("argentine", 2, (Hostile(method, _raise(exc("inside"))),))
    m: tr.Match = v.new_match(2, deals=[tr.deal_order(v, NO_FLOR)])
    key, actions, legal = m.key(), list(m.actions), m.legal_actions()
    with pytest.raises(tr.ProtocolError) as caught:
        m.apply(APUESTA)
    assert isinstance(caught.value.__cause__, exc)
    assert (m.key(), m.actions, m.legal_actions()) == (key, actions, legal)


ACROSS = [
    ("act", _credit((1.0, 1)), "side-float"),
    ("awaiting", lambda kw: True, "seat-bool"),
    ("act", _raise(ValueError("boom")), "raises"),
]


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize(("method", "bad"), [pytest.param(m, b, id=i) for m, b, i in ACROSS])
def test_a_broken_bet_is_refused_at_every_table(
    name: str, seats: int, method: str, bad: Bad
) -> None:
    """The checks hold at every built-in variant and table size: the call that asks the bet
    is refused with a ProtocolError and the match is exactly as it was (before the fix a
    float side counted as side 1, a bool seat got a bare TrucoError, a ValueError escaped)."""
    m = _asked_soon(_table(name, seats, (Hostile(method, bad),)), seats)
    key, actions = m.key(), list(m.actions)
    with pytest.raises(tr.ProtocolError) as caught:
        m.apply(APUESTA)
    assert caught.value.method == method
    assert (m.key(), m.actions) == (key, actions)


# -- the bet's own declarations, checked when the variant is built --------------------------


def _bet(**members: object) -> SideBet:
    return type("Declared", (Ask,), members)()  # type: ignore[no-any-return]


DECLARATIONS: list[tuple[dict[str, object], str, str]] = [
    ({"name": 5}, "name", "name-int"),
    ({"name": ""}, "name", "name-empty"),
    ({"name": "x" * 200}, "name", "name-long"),
    ({"name": "envido"}, "name", "name-envido"),
    ({"name": "flor"}, "name", "name-flor"),
    ({"verbs": "apuesta"}, "verbs", "verbs-str"),
    ({"verbs": ["apuesta"]}, "verbs", "verbs-list"),
    ({"precedence": 1.5}, "precedence", "precedence-float"),
    ({"precedence": True}, "precedence", "precedence-bool"),
    ({"side_answers": 1}, "side_answers", "side-answers-int"),
    ({"all_actions": lambda self: {APUESTA}}, "all_actions", "all-actions-set"),
    ({"all_actions": lambda self: frozenset({APUESTA})}, "all_actions", "all-actions-frozenset"),
    ({"all_actions": lambda self: (a for a in (APUESTA,))}, "all_actions", "all-actions-gen"),
    ({"all_actions": lambda self: {APUESTA: 1}}, "all_actions", "all-actions-dict"),
    ({"all_actions": lambda self: (APUESTA, "quiero")}, "all_actions", "all-actions-text"),
    ({"all_actions": lambda self: (APUESTA, MAZO)}, "all_actions", "all-actions-mazo"),
    (
        {"all_actions": lambda self: (APUESTA, tr.Action.play(ARGENTINE.cards("1E")[0]))},
        "all_actions",
        "all-actions-play",
    ),
    ({"all_actions": lambda self: (APUESTA, tr.Action("Not A Verb"))}, "all_actions", "bad-verb"),
    ({"all_actions": lambda self: 1 / 0}, "all_actions", "all-actions-raises"),
    ({"uses": lambda self, m: 1}, "uses", "uses-int"),
    ({"uses": lambda self, m: 1 / 0}, "uses", "uses-raises"),
]


@pytest.mark.parametrize(
    ("members", "method"),
    [pytest.param(m, meth, id=i) for m, meth, i in DECLARATIONS],
)
def test_a_bet_declared_against_the_protocol_is_refused_when_the_variant_is_built(
    members: dict[str, object], method: str
) -> None:
    """Before the fix, an unordered all_actions() was taken in hash order, a name that is
    the kernel's envido's made the kernel read the bet's state as the envido's, a str of
    verbs was read letter by letter, and a method that raised escaped as itself."""
    with pytest.raises(tr.ProtocolError) as caught:
        ARGENTINE.derive("declared", "x", side_bets=(_bet(**members),))
    assert caught.value.method == method


def test_two_bets_may_not_share_a_name() -> None:
    with pytest.raises(tr.ProtocolError, match="name"):
        ARGENTINE.derive("twice", "x", side_bets=(Ask(), _bet(verbs=("otra",))))


# -- the kernel's own bets are trusted, and still skip the checks --------------------------


@pytest.mark.parametrize("name", ["argentine", "argentine-sin-flor", "paulista"])
def test_the_kernels_bets_are_played_unguarded(name: str) -> None:
    v = tr.get_variant(name).derive(f"{name}-g", "x", side_bets=(Ask(),))
    table = bet_table(v)
    kernel = [type(b) for b in table.bets[: table.own]]
    assert all(k in (EnvidoBet, FlorBet) for k in kernel)
    assert table.bets[table.own] is not v.side_bets[0]  # the variant's own bet is guarded
    assert table.bets[table.own].name == "apuesta"


# -- action ids do not depend on the process ------------------------------------------------

_IDS_SCRIPT = textwrap.dedent(
    """
    import sys
    import attrs
    import truco_rules as tr
    from truco_rules.hooks import SideBet

    WORDS = [f"w{i}" for i in range(24)]
    KIND = {"set": set, "frozenset": frozenset, "list": list, "tuple": tuple}[sys.argv[1]]

    @attrs.frozen
    class Many(SideBet):
        name = "many"
        verbs = tuple(WORDS)

        def all_actions(self):
            return KIND(tr.Action.call(w) for w in WORDS)

    try:
        v = tr.get_variant("argentine").derive("many", "x", side_bets=(Many(),))
    except tr.ProtocolError as exc:  # the message shows the set, in its order
        print(type(exc).__name__, exc.hook, exc.method)
    else:
        print([v.action_id(tr.Action.call(w)) for w in WORDS])
    """
)


def _ids_under(seed: str, kind: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run(
        [sys.executable, "-c", _IDS_SCRIPT, kind],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return out.stdout


@pytest.mark.parametrize("kind", ["set", "frozenset", "list"])
def test_action_ids_do_not_depend_on_the_hash_seed(kind: str) -> None:
    """Before the fix, a bet whose all_actions() returned a set had its actions numbered in
    the set's order, which PYTHONHASHSEED changes: the same variant gave different ids in two
    processes. An unordered collection is now refused (ProtocolError) in every process."""
    one, two = _ids_under("1", kind), _ids_under("2", kind)
    assert one == two
    if kind == "list":
        assert one.startswith("[")
    else:
        assert one.startswith("ProtocolError")


def test_the_action_space_keeps_the_order_the_variant_was_built_with() -> None:
    """The ids come from the actions listed when the variant was built, not from a second
    call of all_actions() (a bet that answers differently the second time moves no id)."""
    calls = [0]

    @attrs.frozen
    class Shifty(Ask):
        def all_actions(self) -> Sequence[tr.Action]:
            calls[0] += 1
            acts = (APUESTA, QUIERO, NO_QUIERO, OTRA, ZZZ)
            return acts if calls[0] == 1 else acts[::-1]

    v = ARGENTINE.derive("shifty", "x", side_bets=(Shifty(),))
    base = ARGENTINE.num_actions
    assert [v.action_id(a) for a in (APUESTA, OTRA, ZZZ)] == [base, base + 1, base + 2]


# -- while a bet awaits an answer, the kernel's own actions do what they always do ----------


def _contest_over_or_folded(m: tr.Match, hands_before: int, seat: int) -> bool:
    if len(m.history) > hands_before:
        return m.history[-1].end_reason == "mazo"
    assert m.hand is not None
    return bool(m.hand.folded[seat])


@attrs.frozen
class Leaving(Ask):
    """Going to the deck also answers this bet (:meth:`answered_by_leaving`): it hears of it
    in :meth:`interrupted`, as the envido does, and takes it as a refusal."""

    def answered_by_leaving(self, contest: Contest, state: Hashable) -> bool:
        return True

    def interrupted(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        stage, caller = state  # type: ignore[misc]
        if action == MAZO and stage == "asked":
            return ("refused", caller), ((contest.team[caller], 1),)
        return state, ()


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_going_to_the_deck_while_a_bet_waits_folds_the_seat(name: str, seats: int) -> None:
    """Before the fix, ``mazo`` offered while a variant's own bet waited (it answers the bet
    by leaving, the ladder lets a player leave out of turn) was handed to the bet's act(): the
    seat never went to the deck."""
    v = _table(name, seats, (Leaving(),), mazo_out_of_turn=True)
    m = _asked_soon(v, seats)
    m.apply(APUESTA)
    awaited = m.current_player()
    assert MAZO in m.legal_actions()
    hands = len(m.history)
    m.apply(MAZO)
    assert _contest_over_or_folded(m, hands, awaited)
    if len(m.history) == hands:  # the contest goes on: the bet heard of it as a refusal
        assert m.hand is not None and m.hand.bet_state("apuesta")[0] == "refused"  # type: ignore[index]


@attrs.frozen
class Interjecting(SideBet):
    """A call (``otra``) open while the ``apuesta`` bet awaits an answer, to any seat it waits
    for; it awaits nothing. State: the seat that called it, or -1."""

    name = "otra"
    verbs = ("otra",)

    def start(self, contest: Contest) -> Hashable:
        return -1

    def interjections(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool, awaiting: SideBet
    ) -> Sequence[tr.Action]:
        return (OTRA,) if state == -1 and awaiting.name == "apuesta" and on_turn else ()

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        return seat, ()


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_another_bets_interjection_reaches_that_bet(name: str, seats: int) -> None:
    """Before the fix, while a variant's own bet waited (phase answer-side-bet) every action
    was handed to it, so another bet's interjection went to the waiting bet's act()."""
    m = _asked_soon(_table(name, seats, (Ask(), Interjecting())), seats)
    m.apply(APUESTA)
    awaited = m.current_player()
    assert OTRA in m.legal_actions()
    m.apply(OTRA)
    assert m.hand is not None
    assert m.hand.bet_state("otra") == awaited
    assert m.hand.bet_state("apuesta")[0] == "asked"  # type: ignore[index]
    assert m.current_player() == awaited and m.legal_actions()[:2] == [QUIERO, NO_QUIERO]


@attrs.frozen
class SideAnswered(Ask):
    """Answered by any seat of the awaited seat's side (:attr:`side_answers`); its answers()
    does not look at the seat."""

    side_answers: ClassVar[bool] = True


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_only_the_awaited_side_answers_a_side_answered_bet(name: str, seats: int) -> None:
    """Before the fix, with ``side_answers`` every seat was asked for answers, so the caller
    (and his partners) could answer his own bet."""
    m = _asked_soon(_table(name, seats, (SideAnswered(),)), seats)
    caller = m.current_player()
    m.apply(APUESTA)
    awaited = m.current_player()
    assert m.hand is not None
    for s in range(seats):
        answers = [a for a in m.legal_actions(s) if a in (QUIERO, NO_QUIERO)]
        in_play = m.hand.pos[s] >= 0 and not m.hand.folded[s]
        mine = in_play and m.team[s] == m.team[awaited]
        assert bool(answers) == mine, (s, caller, awaited)


# -- what a bet reads of the contest leaves no trace ----------------------------------------


@attrs.frozen
class Peeking(Ask):
    """Reads the legal actions of the contest while its own action is carried out."""

    def ends(self, contest: Contest, state: Hashable) -> str:
        cast(Any, contest).legal_actions()
        return ""


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_a_bet_reading_legal_actions_leaves_no_stale_list(name: str, seats: int) -> None:
    """Before the fix, a list of legal actions a bet read during its own action (here in
    ends()) stayed cached for the next seat: the awaited seat was offered the caller's cards,
    and the fast path of Match.apply took one of them."""
    m = _asked_soon(_table(name, seats, (Peeking(),)), seats)
    m.apply(APUESTA)
    assert m.legal_actions()[:2] == [QUIERO, NO_QUIERO]
    assert m.legal_actions() == m.copy().legal_actions()
    played = [a for a in m.legal_actions() if a.verb == "play"]
    assert played == []


# -- automatic actions are bounded ----------------------------------------------------------


class Forever(BaseException):
    """Raised by a looping bet once it has clearly looped (the old code never stops)."""


_CALLS = [0]


@attrs.frozen
class Looping(Ask):
    """Takes ``apuesta`` for the mano by itself, again and again: its act() either leaves the
    state as it was or flips between two states (``flip``)."""

    flip: bool = False

    def automatic(self, contest: Contest, state: Hashable) -> tuple[int, tr.Action] | None:
        _CALLS[0] += 1
        if _CALLS[0] > 20_000:
            raise Forever
        return contest.order[0], APUESTA

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        if not self.flip:
            return state, ()
        return ("idle" if state[0] == "other" else "other", -1), ()  # type: ignore[index]


@pytest.mark.parametrize("flip", [False, True], ids=["same-state", "two-states"])
def test_an_automatic_action_that_makes_no_progress_is_bounded(flip: bool) -> None:
    """Before the fix, an automatic action that left the bet's state unchanged (or flipped it
    between two states) was taken again forever: new_match never returned."""
    _CALLS[0] = 0
    v = ARGENTINE.derive("looping", "x", side_bets=(Looping(flip),))
    with pytest.raises(tr.ProtocolError) as caught:
        v.new_match(2, seed=1)
    assert (caught.value.hook, caught.value.method) == ("side bet 'apuesta'", "automatic")
    assert _CALLS[0] < 1000


# -- a bet reads the contest, never changes it -----------------------------------------------


@attrs.frozen
class Meddler(Ask):
    """The :class:`Ask` bet, which also tries to change the contest it is handed: fold the
    seat to act, empty every hand, mark tricks won. Before the read-only view these changes
    reached the live contest unnoticed."""

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        contest.folded[seat] = True
        for held in contest.cards:
            held.clear()
        contest.results.append(0)
        return super().offers(contest, state, seat, on_turn)


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_a_bet_cannot_change_the_contest_it_reads(name: str, seats: int) -> None:
    plain = _asked_soon(_table(name, seats, (Ask(),)), seats)
    meddled = _asked_soon(_table(name, seats, (Meddler(),)), seats)
    assert meddled.legal_actions() == plain.legal_actions()
    assert meddled.hand is not None and plain.hand is not None
    assert meddled.hand.cards == plain.hand.cards
    assert meddled.hand.folded == plain.hand.folded


@attrs.frozen
class Assigner(Ask):
    """Assigns to the contest it reads: refused, named, and the match as it was."""

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        contest.turn = seat  # type: ignore[misc]
        return super().act(contest, state, seat, action)


def test_a_bet_assigning_to_the_contest_gets_a_protocol_error() -> None:
    m = _asked_soon(_table("argentine", 2, (Assigner(),)), 2)
    before = (m.to_json(), m.position(), m.legal_actions())
    with pytest.raises(tr.ProtocolError, match=r"apuesta.*act.*read-only"):
        m.apply(APUESTA)
    assert (m.to_json(), m.position(), m.legal_actions()) == before


_FLAKY_CALLS = [0]


@attrs.frozen
class Flaky(Ask):
    """The :class:`Ask` bet whose ``act`` works once, then always raises: not pure, so a
    match that restored itself by replaying its record failed in the replay too and was left
    half-changed (a match with bets of its own now restores from a copy)."""

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        _FLAKY_CALLS[0] += 1
        if _FLAKY_CALLS[0] > 1:
            raise RuntimeError("flaky")
        return super().act(contest, state, seat, action)


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_a_bet_that_fails_only_sometimes_leaves_the_match_as_it_was(
    name: str, seats: int
) -> None:
    m = _asked_soon(_table(name, seats, (Flaky(),)), seats)
    _FLAKY_CALLS[0] = 0
    m.apply(APUESTA)
    before = (m.to_json(), m.position(), m.legal_actions(), m.current_player())
    with pytest.raises(tr.ProtocolError, match="flaky"):
        m.apply(QUIERO)
    assert (m.to_json(), m.position(), m.legal_actions(), m.current_player()) == before
    assert _FLAKY_CALLS[0] == 2  # the failed act only: nothing was replayed


class _Box:
    """A hashable state whose stage can be changed in place (hash by identity)."""

    def __init__(self, stage: str) -> None:
        self.stage = stage


@attrs.frozen
class BoxedState(Ask):
    """The :class:`Ask` bet keeping a mutable, hashable object as its state: a copy of the
    match shared it with the original, and changed when the original played on."""

    def start(self, contest: Contest) -> Hashable:
        return _Box("idle")


@pytest.mark.parametrize(
    "state",
    [[1], {"a": 1}, (1, [2]), _Box("idle"), attrs.make_class("Mut", ["x"])(1)],
    ids=["list", "dict", "tuple-of-list", "object", "attrs-not-frozen"],
)
def test_a_state_that_can_change_is_refused(state: object) -> None:
    @attrs.frozen
    class Holder(Ask):
        def start(self, contest: Contest) -> Hashable:
            return state  # type: ignore[return-value]

    v = _table("argentine", 2, (Holder(),))
    with pytest.raises(tr.ProtocolError, match=r"state that (can change|is not hashable)"):
        v.new_match(2, seed=1)


@pytest.mark.parametrize(
    "state",
    [("idle", -1), frozenset({1}), None, 3, tr.Action.call("x"), (1, ("a", (2.5, None)))],
)
def test_an_immutable_state_is_taken(state: object) -> None:
    @attrs.frozen
    class Holder(Ask):
        """Keeps ``state`` and offers nothing."""

        def start(self, contest: Contest) -> Hashable:
            return state  # type: ignore[return-value]

        def offers(
            self, contest: Contest, state: Hashable, seat: int, on_turn: bool
        ) -> Sequence[tr.Action]:
            return ()

        def awaiting(self, contest: Contest, state: Hashable) -> int:
            return -1

    v = _table("argentine", 2, (Holder(),))
    assert v.new_match(2, seed=1).legal_actions()


class Boom(BaseException):
    """Not an Exception: a signal-like exception a bet should not raise."""


@attrs.frozen
class Signals(Ask):
    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        raise Boom()


def test_a_base_exception_from_a_bet_passes_through_with_the_match_restored() -> None:
    """Documented: only an ``Exception`` becomes a ProtocolError; a ``BaseException`` (a
    signal, a cancellation) passes through unchanged, and the match is still as it was."""
    m = _asked_soon(_table("argentine", 2, (Signals(),)), 2)
    before = (m.to_json(), m.position(), m.legal_actions())
    with pytest.raises(Boom):
        m.apply(APUESTA)
    assert (m.to_json(), m.position(), m.legal_actions()) == before


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize(("name", "seats"), TABLES, ids=TABLE_IDS)
def test_a_pickled_or_deep_copied_match_with_a_bet_plays_on(
    name: str, seats: int, how: str
) -> None:
    """The guard's fields live in slots the frozen attrs base does not pickle: an unpickled
    match (a pool worker's, a saved game) raised AttributeError at its next legal_actions()."""
    import copy
    import pickle

    m = _asked_soon(_table(name, seats, (Ask(),)), seats)
    twin = pickle.loads(pickle.dumps(m)) if how == "pickle" else copy.deepcopy(m)
    assert twin.legal_actions() == m.legal_actions()
    for action in (APUESTA, QUIERO):
        m.apply(action)
        twin.apply(action)
    assert twin.to_json() == m.to_json() and twin.legal_actions() == m.legal_actions()


class _LoggedTuple(tuple):  # type: ignore[type-arg]
    """A tuple with a __dict__: hashable, and yet it carries a list that can change."""


@attrs.frozen
class LoggedState(Ask):
    def start(self, contest: Contest) -> Hashable:
        state = _LoggedTuple(("idle", -1))
        state.log = []  # type: ignore[attr-defined]
        return state


def test_a_tuple_subclass_carrying_changeable_data_is_refused() -> None:
    """The second adversarial pass: a tuple subclass with a __dict__ passed the immutability
    check, and a copy of the match (and the restore after a refusal) shared its list."""
    v = _table("argentine", 2, (LoggedState(),))
    with pytest.raises(tr.ProtocolError, match="can change"):
        v.new_match(2, seed=1)


def test_a_named_tuple_state_is_taken() -> None:
    from typing import NamedTuple

    class Stage(NamedTuple):
        stage: str
        caller: int

    @attrs.frozen
    class Named(Ask):
        def start(self, contest: Contest) -> Hashable:
            return Stage("idle", -1)

    m = _asked_soon(_table("argentine", 2, (Named(),)), 2)
    m.apply(APUESTA)
    assert QUIERO in m.legal_actions()


@dataclasses.dataclass(frozen=True)
class _CachedLog:
    """A frozen dataclass with a __dict__: a cached_property writes a list into it."""

    stage: str = "idle"

    @functools.cached_property
    def log(self) -> list[int]:
        return []


class _SlottedSet(frozenset):  # type: ignore[type-arg]
    __slots__ = ("log",)


@attrs.frozen
class _Frozen:
    x: int = 1


class _Unfrozen(_Frozen):
    """A plain subclass of a frozen attrs class: its instances have a __dict__."""


def _with_log(state: Any) -> Any:
    if isinstance(state, _CachedLog):
        state.log.append(1)
    else:
        object.__setattr__(state, "log", [])
    return state


@pytest.mark.parametrize(
    "make",
    [lambda: _with_log(_CachedLog()), lambda: _with_log(_SlottedSet({1})),
     lambda: _with_log(_Unfrozen())],
    ids=["cached-property", "frozenset-slot", "attrs-subclass-dict"],
)
def test_a_frozen_state_carrying_more_than_its_fields_is_refused(make: Any) -> None:
    """The third adversarial pass: a frozen dataclass whose cached_property wrote a list into
    its __dict__, a frozenset subclass with a slot of its own, and a plain subclass of a frozen
    attrs class each passed the immutability check, and copies of the match shared the list."""

    @attrs.frozen
    class Holder(Ask):
        def start(self, contest: Contest) -> Hashable:
            return make()  # type: ignore[no-any-return]

    with pytest.raises(tr.ProtocolError, match="can change"):
        _table("argentine", 2, (Holder(),)).new_match(2, seed=1)


@dataclasses.dataclass(frozen=True)
class _LazyLog:
    """Empty __dict__ when checked; a cached_property fills it later."""

    stage: str = "idle"

    @functools.cached_property
    def log(self) -> list[int]:
        return []


@pytest.mark.parametrize("make", [_LazyLog, lambda: _SlottedSet({1}), lambda: float("nan")],
                         ids=["cached-property-unread", "empty-own-slot", "nan"])
def test_a_state_whose_class_lets_it_change_later_is_refused(make: Any) -> None:
    """The fourth adversarial pass: the check looked at what a state held when returned, so
    a cached_property read later (or a slot filled later) got past it; a NaN state made a
    pickled match unequal to itself."""

    @attrs.frozen
    class Holder(Ask):
        def start(self, contest: Contest) -> Hashable:
            return make()  # type: ignore[no-any-return]

    with pytest.raises(tr.ProtocolError, match="can change"):
        _table("argentine", 2, (Holder(),)).new_match(2, seed=1)


@dataclasses.dataclass(frozen=True, eq=False)
class _ByIdentity:
    stage: str = "idle"


@pytest.mark.parametrize("make", [_ByIdentity, lambda: complex("nan")],
                         ids=["eq-false", "complex-nan"])
def test_a_state_unequal_to_its_own_copy_is_refused(make: Any) -> None:
    """The fifth adversarial pass: a state compared by identity (eq=False) or holding a
    complex NaN made a pickled or deep-copied match unequal to itself."""

    @attrs.frozen
    class Holder(Ask):
        def start(self, contest: Contest) -> Hashable:
            return make()  # type: ignore[no-any-return]

    with pytest.raises(tr.ProtocolError, match="can change"):
        _table("argentine", 2, (Holder(),)).new_match(2, seed=1)


PRIMERA = tr.Action.call("primera")


def test_a_side_bet_cannot_await_a_seat_that_went_to_the_deck() -> None:
    """Defect 2 (RULES §2.10, I5): at four seats of argentine a player who goes to the deck
    leaves his partner playing; the bet of docs/extending.md then awaits the folded seat.
    The kernel accepts that, and the contest is live with no legal action for anyone. It
    must refuse the bet's answer (a TrucoError, the match unchanged) or never get there."""
    v = ARGENTINE.derive("argentine-asked", "x", side_bets=(AskedFirstBet(),))
    m: tr.Match = v.new_match(4, seed=1)
    mano = m.current_player()
    m.apply("mazo")
    assert m.hand is not None and m.hand.folded[mano]
    key = m.key()
    try:
        m.apply(PRIMERA)
    except tr.TrucoError:
        assert m.key() == key
        return
    assert not m.is_over()
    assert any(m.legal_actions(s) for s in range(m.seats)), "I5: a live contest cannot move"


def test_a_side_bet_with_no_answer_for_the_awaited_seat_is_refused() -> None:
    """Defect 2: a bet that awaits a seat but gives it no answer leaves a live contest with
    no legal action (I5); the kernel must report it as a protocol breach (TrucoError)."""

    @attrs.frozen
    class Mute(AskedFirstBet):
        def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
            return ()

    m: tr.Match = ARGENTINE.derive("mute", "x", side_bets=(Mute(),)).new_match(2, seed=1)
    key = m.key()
    try:
        m.apply(PRIMERA)
    except tr.TrucoError:
        assert m.key() == key
        return
    assert m.legal_actions(), "I5: a live contest cannot move"


def test_answers_that_are_not_actions_are_a_protocol_error() -> None:
    """Defect 4: offers() are checked (a TrucoError for a foreign verb) but answers() are
    not: answers given as text come out of legal_actions() as str, and applying one fails
    with AttributeError deep in the kernel."""

    @attrs.frozen
    class Texty(AskedFirstBet):
        def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
            return ("quiero", "no-quiero")  # type: ignore[return-value]

    m: tr.Match = ARGENTINE.derive("texty", "x", side_bets=(Texty(),)).new_match(2, seed=1)
    key = m.key()
    with pytest.raises(tr.TrucoError, match="primera"):  # the call that asks for them
        m.apply(PRIMERA)
    assert m.key() == key


def test_a_start_state_must_be_hashable() -> None:
    """Defect 4: states from act() and close() are checked for hashability but the one
    from start() is not, so a match is built whose key() cannot be hashed (TypeError) and
    whose copies share a mutable state."""

    @attrs.frozen
    class Listy(AskedFirstBet):
        def start(self, contest: Contest) -> Hashable:
            return ["open", -1]  # type: ignore[return-value]

    v = ARGENTINE.derive("listy", "x", side_bets=(Listy(),))
    with pytest.raises(tr.TrucoError, match="not hashable"):
        v.new_match(2, seed=1)


def test_a_bet_that_offers_a_call_it_cannot_act_on_gets_a_truco_error() -> None:
    """Defect 4: the default SideBet.act raises NotImplementedError, not a TrucoError as the
    protocol promises for a bet that breaks it (the match is restored either way)."""

    m: tr.Match = ARGENTINE.derive("no-act", "x", side_bets=(OwnTurnBet(),)).new_match(2, seed=1)
    key = m.key()
    with pytest.raises(tr.TrucoError, match="apuesta"):
        m.apply(APUESTA)
    assert m.key() == key


def test_a_contest_refusing_a_bet_that_awaits_no_seat_in_play_is_unchanged() -> None:
    """Defect 6: the state a bet's act() returns is checked before the contest changes, but
    the seat its awaiting() names is checked only afterwards (in the hand loop), so a
    :class:`~truco_rules.Hand` (public API) that raises that TrucoError keeps the action in
    its log and the bet's new state ("asked") while nobody is asked. (A Match hides this by
    replaying its record.)"""

    @attrs.frozen
    class Lost(AskedFirstBet):
        def awaiting(self, contest: Contest, state: Hashable) -> int:
            return 7 if state[0] == "asked" else -1  # type: ignore[index]

    m: tr.Match = ARGENTINE.derive("lost", "x", side_bets=(Lost(),)).new_match(2, seed=1)
    assert m.hand is not None
    hand = m.hand.copy()
    key = hand.key()
    with pytest.raises(tr.TrucoError, match="awaits seat 7"):
        hand.apply(PRIMERA)
    assert hand.key() == key
