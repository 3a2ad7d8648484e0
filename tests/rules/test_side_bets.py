"""The side-bet protocol (issue 15, DESIGN §3): a variant lists side bets of its own beside
envido and flor, written the way a third party would, from the public API only.

The bet used here, *primera*, is a house bet on the first trick: before any card is played,
the seat to play may bet that its side wins the first trick; the other side accepts (the
bet is then worth 1 to whoever wins that trick, nothing if it is tied) or refuses (1 to the
caller at once).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sample_bets import OwnTurnBet

import truco_rules as tr
import truco_rules.registry as variant_module
from truco_rules.hooks import SideBet
from truco_rules.side_bet import Contest, Credit
from truco_rules.tensors import call_names, observation_features, observation_size, phase_names
from truco_rules.testing.checks import (
    check_cards,
    check_live,
    check_rejections,
    check_replay,
    check_step,
    check_terminal,
    hand_action_bound,
)

PRIMERA = tr.Action.call("primera")
QUIERO = tr.Action.call("quiero")
NO_QUIERO = tr.Action.call("no-quiero")


@attrs.frozen
class FirstTrickBet(SideBet):
    """The *primera* bet of the module docstring. State: (stage, caller)."""

    name = "primera"
    verbs = ("primera",)
    value: int = 1

    def start(self, contest: Contest) -> Hashable:
        return ("open", -1)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        stage, _caller = state  # type: ignore[misc]
        if stage == "open" and on_turn and not contest.call and not any(contest.played_first):
            return (PRIMERA,)
        return ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller = state  # type: ignore[misc]
        if stage != "asked":
            return -1
        order = contest.order
        i = order.index(caller)
        for k in range(1, len(order)):
            s = order[(i + k) % len(order)]
            if contest.team[s] != contest.team[caller] and not contest.folded[s]:
                return s
        return -1

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return (QUIERO, NO_QUIERO)

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        _stage, caller = state  # type: ignore[misc]
        if action == PRIMERA:
            return ("asked", seat), ()
        if action == QUIERO:
            return ("on", caller), ()
        return ("done", caller), ((contest.team[caller], self.value),)

    def close(self, contest: Contest, state: Hashable) -> tuple[Hashable, Sequence[Credit]]:
        stage, caller = state  # type: ignore[misc]
        if stage != "on" or not contest.results or contest.results[0] < 0:
            return ("done", caller), ()
        first = contest.mano_team if contest.results[0] == 0 else 1 - contest.mano_team
        return ("done", caller), ((first, self.value),)

    def refusal(self, contest: Contest, state: Hashable, seat: int, action: tr.Action) -> str:
        return "primera is bet only before the first card, by the seat to play"


BASE = tr.get_variant("argentine")
HOUSE = BASE.derive(
    "argentine-primera", "Argentine truco with a first-trick bet", side_bets=(FirstTrickBet(),)
)


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    """The house variant is registered (records name it) while this module runs."""
    saved = dict(variant_module._REGISTRY)
    tr.register_variant(HOUSE, replace=True)
    yield
    variant_module._REGISTRY.clear()
    variant_module._REGISTRY.update(saved)


# variants a test registers (records name them) are forgotten after it
pytestmark = pytest.mark.usefixtures("clean_registry")


def fresh(seed: int = 3) -> tr.Match:
    m: tr.Match = HOUSE.new_match(2, seed=seed)
    return m


def test_the_variant_lists_its_side_bets_and_knows_their_verbs() -> None:
    assert BASE.side_bets == ()
    assert [b.name for b in HOUSE.side_bets] == ["primera"]
    assert "primera" in HOUSE.vocabulary and "primera" not in BASE.vocabulary
    assert HOUSE.parse_action("primera") == PRIMERA
    with pytest.raises(tr.UnknownAction):
        BASE.parse_action("primera")
    assert HOUSE.describe()["side_bets"] == ["primera"]
    assert BASE.describe()["side_bets"] == []


def test_side_bet_actions_get_ids_after_every_other_action() -> None:
    # adding a side bet moves no id of the variant it is added to
    assert HOUSE.num_actions == BASE.num_actions + 1
    assert HOUSE.action_id("primera") == BASE.num_actions
    assert all(HOUSE.action_from_id(i) == BASE.action_from_id(i) for i in range(BASE.num_actions))


def test_the_bet_is_offered_before_the_first_card_only() -> None:
    m = fresh()
    assert PRIMERA in m.legal_actions()
    others = [s for s in range(2) if s != m.current_player()]
    assert PRIMERA not in m.legal_actions(others[0])
    play = next(a for a in m.legal_actions() if a.verb == "play")
    m.apply(play)
    assert PRIMERA not in m.legal_actions()


def test_a_bet_awaits_its_answer_before_anything_else() -> None:
    m = fresh()
    caller = m.current_player()
    m.apply(PRIMERA)
    obs = m.observation(m.current_player())
    assert obs.phase == "answer-side-bet"
    assert m.current_player() != caller
    assert m.legal_actions() == [QUIERO, NO_QUIERO]
    assert "primera" in m.observation(caller).current.public_log[-1][1]


def test_a_refused_bet_scores_the_caller_at_once() -> None:
    m = fresh()
    caller_side = m.team[m.current_player()]
    m.apply(PRIMERA)
    m.apply(NO_QUIERO)
    assert m.hand is not None and m.hand.points == [(caller_side, 1, "primera")]
    assert m.observation(0).phase == "play"


@pytest.mark.parametrize("seed", range(12))
def test_an_accepted_bet_pays_the_winner_of_the_first_trick(seed: int) -> None:
    m = fresh(seed)
    hand_no = m.hand_no
    m.apply(PRIMERA)
    m.apply(QUIERO)
    while m.hand_no == hand_no and not m.is_over():  # cards only, weakest first
        plays = [a for a in m.legal_actions() if a.verb == "play" and not a.down]
        if not plays:
            m.apply(next(a for a in m.legal_actions() if a.verb in ("quiero", "play")))
            continue
        m.apply(plays[0])
    summary = m.history[0]
    first = summary.tricks[0] if summary.tricks else None
    bets = [e for e in summary.events if e[2] == "primera"]
    if first is None or first < 0:
        assert bets == []
    else:
        winner = summary.mano_side if first == 0 else 1 - summary.mano_side
        assert bets == [(winner, 1, "primera")]


def test_a_refusal_names_the_bet_and_changes_nothing() -> None:
    m = fresh()
    m.apply(next(a for a in m.legal_actions() if a.verb == "play"))
    key, text = m.key(), m.to_json()
    with pytest.raises(tr.IllegalAction, match="primera is bet only before the first card"):
        m.apply("primera")
    assert m.key() == key and m.to_json() == text


def test_copy_undo_and_records_keep_the_bet_state() -> None:
    m = fresh()
    m.apply(PRIMERA)
    before = m.copy()
    m.apply(QUIERO)
    assert m != before
    m.undo()
    assert m == before and m.to_json() == before.to_json()
    m.apply(QUIERO)
    again = tr.Match.from_json(m.to_json())
    assert again == m
    assert tr.Match.from_position(m.position()) == m


def test_tensors_grow_by_the_side_bet_phase_and_calls_only_where_there_are_side_bets() -> None:
    assert phase_names(BASE) == phase_names(HOUSE)[:-1]
    assert phase_names(HOUSE)[-1] == "answer-side-bet"
    own = call_names(HOUSE)[len(call_names(BASE)) :]
    assert call_names(HOUSE)[: len(call_names(BASE))] == call_names(BASE) and own
    assert observation_size(HOUSE, 2) == observation_size(BASE, 2) + 1 + 3 * len(own)
    m = fresh()
    m.apply(PRIMERA)
    obs = m.observation(m.current_player())
    assert len(observation_features(obs, HOUSE)) == observation_size(HOUSE, 2)


@pytest.mark.parametrize("seats", HOUSE.seat_counts)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_random_matches_keep_every_invariant(seats: int, seed: int, pick: random.Random) -> None:
    """I1-I8 (docs/invariants.md) with the side bet in play, at every table size."""
    m = HOUSE.new_match(seats, seed=seed)
    bound = hand_action_bound(HOUSE, seats)
    steps = 0
    while not m.is_over():
        before = m.copy()
        legal = m.legal_actions()
        act = PRIMERA if PRIMERA in legal and pick.random() < 0.5 else pick.choice(legal)
        m.apply(act)
        check_step(before, m)
        check_cards(m)
        steps += 1
        if steps % 15 == 0:
            check_live(m)
            check_rejections(m)
    check_terminal(m)
    check_replay(m)
    assert all(h.actions <= bound for h in m.history)


def test_bad_side_bets_are_refused_when_the_variant_is_built() -> None:
    with pytest.raises(tr.InvalidType):
        BASE.derive("x", "x", side_bets=[FirstTrickBet()])
    with pytest.raises(tr.InvalidType):
        BASE.derive("x", "x", side_bets=("primera",))

    @attrs.frozen
    class Clash(SideBet):
        name = "clash"
        verbs = ("truco",)

    with pytest.raises(ValueError, match="already in use"):
        BASE.derive("x", "x", side_bets=(Clash(),))
    with pytest.raises(ValueError, match="already in use"):
        BASE.derive("x", "x", side_bets=(FirstTrickBet(), FirstTrickBet()))


@attrs.frozen
class Returns(FirstTrickBet):
    """A bet whose every action returns ``result`` (a state and points) as it is."""

    result: tuple[object, object] = ((), ())

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        return self.result  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("result", "why"),
    [
        ((["not", "hashable"], ()), "not hashable"),
        ((("open", -1), ((2, 1),)), "not \\(side, points\\)"),  # no side 2
        ((("open", -1), ((0, -1),)), "not \\(side, points\\)"),  # negative points
    ],
)
def test_a_bet_that_breaks_the_protocol_leaves_the_match_as_it_was(
    result: tuple[object, object], why: str
) -> None:
    m = BASE.derive("broken", "x", side_bets=(Returns(result=result),)).new_match(2, seed=1)
    key = m.key()
    with pytest.raises(tr.TrucoError, match=why):
        m.apply("primera")
    assert m.key() == key and m.actions == []


def test_a_bet_must_offer_its_own_verbs_and_await_a_seat_in_play() -> None:
    @attrs.frozen
    class Poacher(FirstTrickBet):
        def offers(
            self, contest: Contest, state: Hashable, seat: int, on_turn: bool
        ) -> Sequence[tr.Action]:
            return (QUIERO,)

    @attrs.frozen
    class Lost(FirstTrickBet):
        def awaiting(self, contest: Contest, state: Hashable) -> int:
            return 7 if state[0] == "asked" else -1  # type: ignore[index]

    m = BASE.derive("poacher", "x", side_bets=(Poacher(),)).new_match(2, seed=1)
    with pytest.raises(tr.TrucoError, match="not a call of its own verbs"):
        m.legal_actions()
    m = BASE.derive("lost", "x", side_bets=(Lost(),)).new_match(2, seed=1)
    key = m.key()
    with pytest.raises(tr.TrucoError, match="awaits seat 7"):
        m.apply("primera")
    assert m.key() == key and m.actions == []


def test_the_awaited_seat_may_be_seat_0_but_not_one_past_the_table() -> None:
    """A bet may await seat 0; a seat number equal to the seat count is not a seat."""
    m = next(
        m for m in (HOUSE.new_match(2, seed=s) for s in range(20)) if m.current_player() == 1
    )
    m.apply(PRIMERA)
    assert m.current_player() == 0
    assert m.observation(0).phase == "answer-side-bet"

    @attrs.frozen
    class OnePast(FirstTrickBet):
        def awaiting(self, contest: Contest, state: Hashable) -> int:
            return len(contest.team) if state[0] == "asked" else -1  # type: ignore[index]

    m = BASE.derive("one-past", "x", side_bets=(OnePast(),)).new_match(2, seed=1)
    with pytest.raises(tr.TrucoError, match="awaits seat 2"):
        m.apply("primera")


TENTO = tr.Action.call("tento")


PAULISTA = tr.get_variant("paulista")


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


APUESTA = tr.Action.call("apuesta")


ARGENTINE = tr.get_variant("argentine")


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
