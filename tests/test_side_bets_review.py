"""Defects found by an adversarial review of the side-bet protocol (issue 15 §1): each test
failed on the protocol as first committed (e78999c, 4888c1d) for the reason named in its
docstring, and passes with the fix.

The bets are written the way a third party would, from the public API only.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import cast

import attrs
import pytest

import truco_rules as tr
import truco_rules.registry as variant_module
from truco_rules.hooks import SideBet
from truco_rules.side_bet import Contest, Credit
from truco_rules.testing.checks import check_live

PRIMERA = tr.Action.call("primera")
QUIERO = tr.Action.call("quiero")
NO_QUIERO = tr.Action.call("no-quiero")
TENTO = tr.Action.call("tento")
APUESTA = tr.Action.call("apuesta")

ARGENTINE = tr.get_variant("argentine")
PAULISTA = tr.get_variant("paulista")




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
class TentoBet(SideBet):
    """A bet answered with a number, as the module docstring of truco_rules.side_bet allows
    (``Action.declare(n)``): the seat to play asks the next seat how many of its cards are
    hearts; the answer scores that many points for the answering side."""

    name = "tento"
    verbs = ("tento",)

    def start(self, contest: Contest) -> Hashable:
        return ("open", -1)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        open_ = state[0] == "open"  # type: ignore[index]
        return (TENTO,) if open_ and on_turn and not contest.call else ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller = cast("tuple[str, int]", state)
        if stage != "asked":
            return -1
        i = contest.order.index(caller)
        return contest.order[(i + 1) % len(contest.order)]

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return tuple(tr.Action.declare(k) for k in range(4))

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        if action == TENTO:
            return ("asked", seat), ()
        points = action.number or 0
        return ("done", state[1]), (((contest.team[seat], points),) if points else ())  # type: ignore[index]

    def all_actions(self) -> Sequence[tr.Action]:
        return (TENTO, *(tr.Action.declare(k) for k in range(4)))


@attrs.frozen
class PassBet(TentoBet):
    """The same bet answered with a word of its own that is not one of its ``verbs``
    (answers may use "any verb"); the word is listed in :meth:`all_actions`, so it has an
    id."""

    name = "tento"
    verbs = ("tento",)

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return (tr.Action.call("paso"),)

    def all_actions(self) -> Sequence[tr.Action]:
        return (TENTO, tr.Action.call("paso"))


def _asked(bet: SideBet, name: str) -> tuple[tr.Variant, tr.Match]:
    """A registered paulista variant with ``bet``, its match asked the bet by the mano."""
    v = PAULISTA.derive(name, "Paulista with a bet answered otherwise", side_bets=(bet,))
    tr.register_variant(v)
    m: tr.Match = v.new_match(2, seed=1)
    m.apply(TENTO)
    return v, m


ANSWERED_OTHERWISE = [
    pytest.param(TentoBet(), "declare 2", id="declare-n"),
    pytest.param(PassBet(), "paso", id="own-word"),
]


@pytest.mark.parametrize(("bet", "text"), ANSWERED_OTHERWISE)
def test_a_legal_side_bet_answer_can_be_applied_by_value_text_and_id(
    bet: SideBet, text: str
) -> None:
    """Defect 1: an answer whose verb is not one of the bet's ``verbs`` is listed as legal
    and has an id, but the variant's vocabulary lacks its verb, so applying it by text, by
    an equal Action or by id raises UnknownAction (I5: every legal action applies)."""
    v, m = _asked(bet, "paulista-asked")
    answer = tr.Action.parse(text, v.deck.notation)  # equal to a legal one, not the same
    assert answer in m.legal_actions()
    by_value, by_text, by_id = m.copy(), m.copy(), m.copy()
    by_value.apply(answer)  # fails today: UnknownAction
    by_text.apply(text)
    by_id.apply_id(v.action_id(answer))
    assert by_value == by_text == by_id
    check_live(m)


@pytest.mark.parametrize(("bet", "text"), ANSWERED_OTHERWISE)
def test_a_record_with_a_side_bet_answer_replays(bet: SideBet, text: str) -> None:
    """Defect 1: the record of a match where the answer was applied (as the legal Action
    object itself) does not replay: InvalidRecord, "has no action" (I8: records are
    identities)."""
    _v, m = _asked(bet, "paulista-recorded")
    m.apply(m.legal_actions()[-1])
    assert tr.Match.from_json(m.to_json()) == m
    assert tr.Match.from_text(m.to_text()) == m


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


def test_compare_shows_an_added_side_bet_both_ways() -> None:
    """Defect 3: tr.compare reads Variant.describe(), where "side_bets" is present only for a
    variant with side bets: compare(base, with_bet) finds no difference at all, and
    compare(with_bet, base) raises KeyError."""
    house = ARGENTINE.derive("argentine-primera", "x", side_bets=(AskedFirstBet(),))
    assert [d.rule for d in tr.compare(ARGENTINE, house)] == ["side_bets"]
    assert [d.rule for d in tr.compare(house, ARGENTINE)] == ["side_bets"]


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


@attrs.frozen
class OwnTurnBet(SideBet):
    """A call offered on one's own turn only, and nothing else: no act()."""

    name = "apuesta"
    verbs = ("apuesta",)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        return (APUESTA,) if on_turn else ()


def test_a_bet_that_offers_a_call_it_cannot_act_on_gets_a_truco_error() -> None:
    """Defect 4: the default SideBet.act raises NotImplementedError, not a TrucoError as the
    protocol promises for a bet that breaks it (the match is restored either way)."""

    m: tr.Match = ARGENTINE.derive("no-act", "x", side_bets=(OwnTurnBet(),)).new_match(2, seed=1)
    key = m.key()
    with pytest.raises(tr.TrucoError, match="apuesta"):
        m.apply(APUESTA)
    assert m.key() == key


def test_on_turn_is_false_for_a_seat_that_is_not_to_act() -> None:
    """Defect 5: SideBet.offers documents ``on_turn`` as "it is that seat's turn", but while
    a ladder call awaits an answer the kernel passes True for the responder's partner too,
    so a bet offered only on one's turn is offered (and taken) out of turn."""

    m: tr.Match = ARGENTINE.derive("on-turn", "x", side_bets=(OwnTurnBet(),)).new_match(4, seed=11)
    m.apply("truco")
    responder = m.current_player()
    partners = [s for s in range(4) if s != responder and m.team[s] == m.team[responder]]
    assert QUIERO in m.legal_actions(partners[0])  # he may answer the call for his side
    assert APUESTA in m.legal_actions(responder)
    assert APUESTA not in m.legal_actions(partners[0])


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
