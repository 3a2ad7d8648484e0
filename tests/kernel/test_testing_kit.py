"""The verification kit itself: its strategies draw what they promise, the hypothesis plugin
registers the library's types, the state machine runs users' invariants, and every check
fails on a state that breaks its invariant (so the invariant tests can fail)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, run_state_machine_as_test

import truco_rules as tr
import truco_rules.testing as testing
from truco_rules import observe as observe_module
from truco_rules.testing import (
    Playout,
    TrucoMachine,
    cards,
    check_cards,
    check_live,
    check_observation_hides,
    check_rejections,
    check_replay,
    check_step,
    deals,
    hands,
    hidden_swaps,
    matches,
    option_values,
    play_random,
    playouts,
    start_scores,
    variants,
    vocabulary,
)
from truco_rules.testing.checks import hand_action_bound
from truco_rules.testing.hiding import deal_orders
from truco_rules.testing.strategies import legal_moves

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------ strategies
@FAST
@given(c=cards(), h=hands(), d=deals(), ds=deals(bias="suits", seats=4), dr=deals(bias="ranks"))
def test_card_strategies(
    c: tr.Card,
    h: tuple[tr.Card, ...],
    d: tuple[tr.Card, ...],
    ds: tuple[tr.Card, ...],
    dr: tuple[tr.Card, ...],
) -> None:
    assert c in tr.DECK
    assert len(set(h)) == 3
    for order in (d, ds, dr):
        assert sorted(order, key=lambda x: x.index) == list(tr.DECK), "a deal is a permutation"


@FAST
@given(v=variants(), data=st.data())
def test_variant_and_option_strategies(v: tr.Variant, data: st.DataObject) -> None:
    assert v.name in tr.variant_names()
    opts = data.draw(option_values(v))
    assert set(opts) <= set(v.options())
    v.with_options(**opts)  # always valid
    seats = data.draw(st.sampled_from(v.seat_counts))
    scores = data.draw(start_scores(v, seats))
    assert all(0 <= x < v.match.target for x in scores)
    v.new_match(seats, seed=1, scores=scores)


@FAST
@given(p=playouts(max_actions=30, any_seat=True))
def test_playouts_are_legal_sequences(p: Playout) -> None:
    m = p.start.copy()
    for seat, act in p.steps:
        assert act in m.legal_actions(seat), f"{act} was not legal for seat {seat}"
        m.apply(act, seat)
    assert m == p.final()


def test_vocabulary_covers_every_verb_and_card() -> None:
    """RULES §0.2 cards in every form the notation has; every verb of the variant."""
    v = tr.get_variant("argentine")
    voc = vocabulary(v)
    assert {a.verb for a in voc} == set(v.vocabulary)
    plays = [a for a in voc if a.verb == "play" and a.card is not None]
    assert {(a.card, a.down) for a in plays} == {(c, d) for c in tr.DECK for d in (False, True)}
    assert all(v.parse_action(v.format_action(a)) == a for a in voc)
    sin_flor = vocabulary("argentine-sin-flor", include_unknown=True)
    assert tr.Action.call("flor") in sin_flor


# ------------------------------------------------------------------------------ the plugin
def test_the_hypothesis_plugin_is_registered() -> None:
    eps = metadata.entry_points(group="hypothesis")
    assert any(ep.value == "truco_rules.testing._plugin:_hypothesis_setup_hook" for ep in eps)


@FAST
@given(
    c=st.from_type(tr.Card),
    a=st.from_type(tr.Action),
    v=st.from_type(tr.Variant),
    m=st.from_type(tr.Match),
)
def test_from_type_draws_the_library_types(
    c: tr.Card, a: tr.Action, v: tr.Variant, m: tr.Match
) -> None:
    assert isinstance(c, tr.Card) and isinstance(a, tr.Action)
    assert isinstance(v, tr.Variant) and isinstance(m, tr.Match)
    assert v.name in tr.variant_names() and m.variant.name in tr.variant_names()


# ------------------------------------------------------------------------------ the machine
class QuinceMachine(TrucoMachine):
    """The docstring's example: a user's own invariant on a chosen variant."""

    variant = "argentine"
    options: ClassVar[Mapping[str, Any] | None] = {"target": 15}
    seen = 0

    @invariant()
    def scores_stay_below_the_target(self) -> None:
        QuinceMachine.seen += 1
        if not self.match.is_over():
            assert max(self.match.score) < 15


def test_a_subclass_runs_its_own_invariants() -> None:
    QuinceMachine.seen = 0
    run_state_machine_as_test(
        QuinceMachine,
        settings=settings(max_examples=5, stateful_step_count=20, deadline=None),
    )
    assert QuinceMachine.seen > 0


class BrokenMachine(TrucoMachine):
    """An invariant that is false: the machine must find it."""

    variant = "argentine-sin-flor"
    seats: ClassVar[int | None] = 2

    @invariant()
    def nobody_ever_scores(self) -> None:
        assert self.match.score == (0, 0) or self.match.is_over() is None


def test_the_machine_finds_a_broken_invariant() -> None:
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            BrokenMachine,
            settings=settings(
                max_examples=200,
                stateful_step_count=40,
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            ),
        )


# ------------------------------------------------------------------------------ checks fail
_V = tr.get_variant("argentine")
_M = _V.new_match(2, seed=3)


def _midhand(seed: int = 4, steps: int = 2) -> tr.Match:
    m = tr.get_variant("argentine-sin-flor").new_match(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = [a for a in m.legal_actions() if a.verb == "play"]
        m.apply(legal[rng.randrange(len(legal))])
    assert m.hand is not None and not m.is_over()
    return m


def test_check_cards_catches_a_lost_card() -> None:
    m = _midhand()
    check_cards(m)
    assert m.hand is not None
    m.hand.cards[m.current_player()].pop()
    with pytest.raises(AssertionError, match="I1"):
        check_cards(m)


def test_check_step_catches_points_out_of_nowhere() -> None:
    m = _midhand()
    before = m.copy()
    m.apply(m.legal_actions()[0])
    check_step(before, m)
    m._board.scores[0] += 1  # a planted bug: a point from nowhere
    with pytest.raises(AssertionError, match="I3"):
        check_step(before, m)


def test_check_live_catches_a_state_without_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _midhand()
    check_live(m)
    monkeypatch.setattr(tr.Match, "legal_actions", lambda self, seat=None: [])
    with pytest.raises(AssertionError, match="I5"):
        check_live(m)


def test_check_rejections_catches_an_accepted_illegal_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rule that forgets an action (legal_actions omits it) while apply still takes it."""
    m = _midhand()
    check_rejections(m)
    real = tr.Match.legal_actions

    def forgetful(self: tr.Match, seat: int | None = None) -> list[tr.Action]:
        return [a for a in real(self, seat) if a.verb != "mazo"]

    monkeypatch.setattr(tr.Match, "legal_actions", forgetful)
    with pytest.raises(AssertionError, match="I6"):
        check_rejections(m)


def test_check_replay_catches_a_lossy_record(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _midhand()
    check_replay(m)
    real = tr.Match.to_record

    def lossy(self: tr.Match) -> dict[str, Any]:
        rec = real(self)
        rec["actions"] = rec["actions"][:-1]
        return rec

    monkeypatch.setattr(tr.Match, "to_record", lossy)
    with pytest.raises(AssertionError, match="I8"):
        check_replay(m)


def test_check_observation_hides_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation that shows an opponent's unplayed cards (RULES §2.11: cards are secret
    until played or shown) is caught by swapping hidden cards."""
    m = _midhand(steps=1)
    seat = m.current_player()
    swaps = [s for s in hidden_swaps(m, seat) if s.deal == m.hand_no]
    assert swaps
    check_observation_hides(m, seat, swaps[:3])
    real = observe_module.observe

    def leaky(match: tr.Match, s: int) -> tr.Observation:
        obs = real(match, s)
        if match.hand is None:
            return obs
        others = tuple(c for o in range(match.seats) if o != s for c in match.hand.cards[o])
        return attrs.evolve(obs, my_dealt=obs.my_dealt + others)

    monkeypatch.setattr(observe_module, "observe", leaky)
    with pytest.raises(AssertionError, match="I7"):
        check_observation_hides(m, seat, swaps[:3])
    # the swaps worked out with the leak in place, as the documented call makes them: what
    # the seat may see is read from the match, not from the observation under test (which
    # made every leaked card "seen", so no swap moved one and the leak passed)
    with pytest.raises(AssertionError, match="I7"):
        check_observation_hides(m, seat, hidden_swaps(m, seat))


@FAST
@given(m=matches("argentine", 2, max_actions=60))
def test_play_random_and_matches_agree_on_replay(m: tr.Match) -> None:
    again = play_random(m.copy(), random.Random(0), 5)
    assert tr.Match.from_json(again.to_json()) == again


def test_the_suit_bias_deals_a_deck_of_fewer_than_24_cards() -> None:
    """docs/architecture.md: a deck's cards may be fewer than 40. The suit bias cut the
    drawn order at 24 cards and ran past a deck of 20 (an IndexError)."""
    small = tr.get_variant("argentine").derive(
        "small-deck", "20 cards", deck=tr.hooks.DeckRule(cards=tr.DECK[:20])
    )

    @settings(max_examples=60, database=None, derandomize=True)
    @given(order=deals(variant=small, bias="suits", seats=2))
    def run(order: tuple[tr.Card, ...]) -> None:
        assert sorted(order) == sorted(tr.DECK[:20])

    run()


def test_option_values_takes_a_variant_name() -> None:
    """The strategies' docstring: a strategy that takes a variant takes its name too."""
    opts = find(option_values("argentine"), lambda o: "target" in o)
    assert opts["target"] in tr.testing.strategies.TARGETS


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: deals(bias="x"), tr.InvalidOption),
        (lambda: deals(bias=5), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: deals(bias="suits", seats=0), tr.ParseError),
        (lambda: hand_action_bound("argentine", "2"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: hand_action_bound("argentine", 0), tr.UnsupportedSeats),  # it gave 15
        (lambda: check_live("x"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: legal_moves("x"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: deal_orders("x"), tr.InvalidType),  # type: ignore[arg-type]
        # these were hypothesis's InvalidArgument, a KeyError, a TypeError or AttributeError
        (lambda: hands(size=-1), tr.ParseError),
        (lambda: hands(size=41), tr.ParseError),
        (lambda: hands(size="3"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: testing.dead_options(_V, hints={"target": {"kinds": ["zz"]}}), tr.InvalidType),
        (lambda: testing.dead_options(_V, hints={"target": {"seats": 4}}), tr.InvalidType),
        (lambda: testing.dead_options(_V, hints={"target": {"options": 5}}), tr.InvalidType),
        (lambda: testing.replay_with_deals(_M, 5), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: testing.replay_with_deals(_M, [], 5), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: testing.replay_with_deals(_M, [], {0: 5}), tr.InvalidType),  # type: ignore[dict-item]
    ],
)
def test_kit_functions_refuse_bad_arguments_with_typed_errors(call: Any, error: type) -> None:
    """README: every error on bad input is a TrucoError (a wrong type also a TypeError);
    these ended in AttributeError, IndexError or a bare ValueError or TypeError."""
    with pytest.raises(error):
        call()
    assert hand_action_bound("argentine", 2) > 0


def test_i3_with_individual_scores_checks_the_chico_is_won_at_the_target() -> None:
    """docs/invariants.md I3: a chico is won only at or past the target. With individual
    scores (the three-seat gallo) the check returned as soon as the chicos changed."""
    from types import SimpleNamespace

    v = tr.get_variant("argentine")
    contest = SimpleNamespace(actions=5, events=((0, 3, "truco"),), points=(3, 0))

    def state(score: tuple[int, int], chicos: tuple[int, int], history: list[Any]) -> Any:
        return SimpleNamespace(
            variant=v, seats=3, score=score, chicos=chicos, history=history,
            is_over=lambda: False, player_scores=(score[0], score[1], score[0]),
            player_chicos=(chicos[0], chicos[1], chicos[0]),
        )  # fmt: skip

    with pytest.raises(AssertionError, match="I3: player 0 won a chico"):
        check_step(state((0, 0), (0, 0), []), state((3, 0), (1, 0), [contest]))


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: testing.check_cards(bad),
        lambda bad: testing.check_terminal(bad),
        lambda bad: testing.check_live(bad),
        lambda bad: testing.check_rejections(bad),
        lambda bad: testing.check_replay(bad),
        lambda bad: testing.check_errors_hide(bad, bad, 0),
        lambda bad: testing.check_observation_hides(bad, 0, []),
        lambda bad: testing.hidden_swaps(bad, 0),
        lambda bad: testing.replay_with_deals(bad, []),
        lambda bad: testing.deal_orders(bad),
        lambda bad: testing.legal_moves(bad),
        lambda bad: testing.play_random(bad, random.Random(0)),
        lambda bad: testing.seen_in_deal(bad, 0),
    ],
)
@pytest.mark.parametrize("bad", ["match", None, 7])
def test_every_check_of_the_kit_names_an_argument_that_is_no_match(
    call: Callable[[object], object], bad: object
) -> None:
    """Nine of them ended in an AttributeError ('str' object has no attribute 'variant')."""
    with pytest.raises(tr.InvalidType, match="must be a Match"):
        call(bad)


def test_play_random_checks_its_generator_and_its_limit() -> None:
    m = tr.get_variant("argentine").new_match(2, seed=1)
    before = m.to_json()
    with pytest.raises(tr.InvalidType, match=r"rng must be a random\.Random"):
        testing.play_random(m, 5)  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="max_actions"):  # it played nothing, silently
        testing.play_random(m, random.Random(0), -1)
    assert m.to_json() == before
    assert len(testing.play_random(m, random.Random(0), 3).actions) == 3


@pytest.mark.parametrize("bad", [None, "match", 7])
def test_check_step_names_an_argument_that_is_no_match(bad: object) -> None:
    """check_step ended in an AttributeError ('NoneType' object has no attribute
    'history'); a stand-in with the fields it reads is still taken."""
    m = tr.get_variant("argentine").new_match(2, seed=1)
    with pytest.raises(tr.InvalidType, match="before must be a Match"):
        testing.check_step(bad, m)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="after must be a Match"):
        testing.check_step(m, bad)  # type: ignore[arg-type]
    testing.check_step(m, m)


def test_the_kit_s_other_arguments_are_checked() -> None:
    """Each of these was a bare IndexError, TypeError or hypothesis error, or an answer
    for a seat count the table lacks (score_width gave 2 for '3' and for 5 seats)."""
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=1)
    before = m.to_json()
    for swaps, error in (
        ([testing.Swap(5, 0, 1)], tr.ParseError),  # no deal 5
        ([testing.Swap(0, 0, 99)], tr.ParseError),  # no position 99
        (None, tr.InvalidType),
        ([(0, 0, 1)], tr.InvalidType),
    ):
        with pytest.raises(error, match="swap"):
            testing.check_observation_hides(m, 0, swaps)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="upto"):
        testing.replay_with_deals(m, testing.deal_orders(m), upto="x")  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="seats"):
        testing.check_rejections(m, 5)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="pairs"):
        testing.vocabulary(v, pairs=None)  # type: ignore[arg-type]
    assert m.to_json() == before
    for seats, error in (("3", tr.InvalidType), (3.0, tr.InvalidType), (5, tr.UnsupportedSeats)):
        with pytest.raises(error):
            testing.score_width("argentine", seats)  # type: ignore[arg-type]
        with pytest.raises(error):
            testing.start_scores("argentine", seats)  # type: ignore[arg-type]
    assert testing.score_width("argentine", 3) == 3
    assert testing.score_width("argentine", 2) == 2
    # a match in the middle of a chance deal: a TrucoError, still a ValueError
    with pytest.raises(testing.DealInProgress) as caught:
        testing.deal_orders(v.new_match(2))
    assert isinstance(caught.value, tr.TrucoError) and isinstance(caught.value, ValueError)


def test_the_kit_s_strategies_check_their_arguments() -> None:
    """An option name the variant lacks was drawn as no option at all, a bare text as its
    letters; a negative or crossed action range was hypothesis's own InvalidArgument."""
    v = tr.get_variant("paulista")
    with pytest.raises(tr.UnknownOption, match="nope"):
        testing.option_values(v, names=["nope"])
    with pytest.raises(tr.InvalidType, match="names"):
        testing.option_values(v, names="target")
    assert find(testing.option_values(v, exclude=["flor"]), lambda o: True) == {}

    def first(strategy: st.SearchStrategy[Any]) -> Any:
        return find(strategy, lambda _x: True, settings=settings(database=None))

    with pytest.raises(tr.ParseError, match="max_actions"):
        first(testing.matches(variant="paulista", max_actions=-1))
    # a number was a TypeError from inside, a text its letters, a 5 taken as False
    with pytest.raises(tr.InvalidType, match="names"):
        first(testing.variants(names=3))  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="names"):
        first(testing.variants(names="argentine"))
    with pytest.raises(tr.InvalidType, match="with_options"):
        first(testing.matches(variant="paulista", with_options=5))  # type: ignore[arg-type]
    with pytest.raises(tr.ParseError, match="min_actions"):
        first(testing.playouts(variant="paulista", min_actions=5, max_actions=2))
    assert first(testing.matches(variant="paulista", max_actions=0)).actions == []


def test_the_ranks_bias_ties_cards_under_the_card_turned_up() -> None:
    """``deals(bias="ranks", seats=2)`` for a variant that turns a card up: the hands tie
    trick by trick under the strengths of the card turned up in that deal (sorted by rank,
    the pieces a turned card makes broke the ties, and a tied-tricks option looked dead)."""
    from truco_rules.hooks import FixedRanking

    base = tr.get_variant("argentine-sin-flor")  # ranks are not strengths: 1E above 1C
    turned = FixedRanking(base.ranking.table, turns_up_card=True)  # a card turned up, read
    v = base.derive("turned-up", "a card turned up", ranking=turned)  # by nothing else

    def all_tied(order: tuple[tr.Card, ...]) -> bool:
        strength = v.ranking.strengths(order[6], v.deck.cards)
        return all(strength[order[i].index] == strength[order[i + 1].index] for i in (0, 2, 4))

    seen: list[bool] = []

    @settings(
        max_examples=200, database=None, derandomize=True, phases=[Phase.generate], deadline=None
    )
    @given(testing.deals(variant=v, bias="ranks", seats=2))
    def draw(order: tuple[tr.Card, ...]) -> None:
        assert len(set(order)) == 40
        seen.append(all_tied(order))

    draw()
    # about two deals in five tie every trick (sorted by rank: one in seventy-five)
    assert sum(seen) >= len(seen) // 5, f"{sum(seen)} of {len(seen)}"


def test_check_terminal_tries_every_action_of_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """I4 (docs/invariants.md): nobody may act once the match is over, every action is
    rejected; the check tried one action in eleven, for the seat to act only."""
    m = find(
        matches("argentine", 2, max_actions=400),
        lambda x: x.is_over(),
        settings=settings(database=None),
    )
    testing.check_terminal(m)
    real = tr.Match.apply
    late = tr.get_variant("argentine").parse_action("con-flor-quiero")

    def apply(self: tr.Match, action: Any, seat: Any = None) -> None:
        if self.is_over() and action == late and seat == 1:
            return  # accepted after the end
        real(self, action, seat)

    monkeypatch.setattr(tr.Match, "apply", apply)
    with pytest.raises(AssertionError, match="I4: con-flor-quiero by seat 1"):
        testing.check_terminal(m)


def test_a_world_of_other_options_is_no_world() -> None:
    """testing.worlds: "the world is of the same rules and table"; a world played with other
    options but the same variant name was judged by the name alone."""
    from truco_rules.testing.worlds import world_problems

    v = tr.get_variant("argentine")
    deal = tr.deal_order(v, ["1E 7E 3B", "4C 5C 6O"])
    match = v.new_match(2, deals=[deal])
    assert world_problems(match, 0, v.new_match(2, deals=[deal])) == []
    for options in ({"envido_refused": "prior_accepted_plus_own"}, {"target": 15}):
        world = v.with_options(**options).new_match(2, deals=[deal])
        assert world_problems(match, 0, world) == ["the world is of other rules or another table"]


def test_records_of_a_variant_kept_in_code_replay_by_it() -> None:
    """I8 for a variant derived and never registered (docs/extending.md: the kit works with
    any variant, registered or not): its record names no registered variant, so it replays
    by the rules given (``Match.from_json(text, variant)``), which must carry its name."""
    quince = tr.get_variant("argentine").derive("my-quince", "Argentine truco to 15.", target=15)
    m = quince.new_match(2, seed=1)
    play_random(m, random.Random(1), 30)
    check_replay(m)
    text = m.to_json()
    with pytest.raises(tr.InvalidRecord, match="my-quince"):
        tr.Match.from_json(text)  # not registered: the record alone cannot name the rules
    assert tr.Match.from_json(text, quince) == m
    assert tr.Match.from_text(m.to_text(), quince) == m
    assert tr.Match.from_record(m.to_record(), quince) == m
    with pytest.raises(tr.InvalidRecord, match="not 'argentine'"):
        tr.Match.from_json(text, tr.get_variant("argentine"))
    with pytest.raises(tr.InvalidType, match="variant"):
        tr.Match.from_json(text, 5)  # type: ignore[arg-type]
    # a variant given carries options of its own: the record's rules are replayed, as by
    # from_position (the given variant's options went on under the record's)
    played = quince.with_options(falta_mode="leader_remaining")
    assert tr.Match.from_json(text, played) == m
    standard = tr.get_variant("argentine").new_match(2, seed=2)
    play_random(standard, random.Random(2), 10)
    again = tr.Match.from_json(standard.to_json(), tr.get_variant("argentine", {"target": 15}))
    assert again == standard and again.variant.options()["target"] == 30
    assert tr.Match.from_json(standard.to_json(), "argentine") == standard  # a name, too

    class Machine(TrucoMachine):
        variant = quince
        options: ClassVar[Mapping[str, Any] | None] = {}

    run_state_machine_as_test(
        Machine,
        settings=settings(
            max_examples=3,
            stateful_step_count=5,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )


def test_the_machine_checks_its_options() -> None:
    """TrucoMachine.options: a mapping or None; a number or a list was a TypeError."""
    for bad in (5, ["target"]):

        class Machine(TrucoMachine):
            variant = "argentine"
            options = bad  # type: ignore[assignment]

        with pytest.raises(tr.InvalidType, match="options"):
            run_state_machine_as_test(
                Machine, settings=settings(max_examples=1, database=None, deadline=None)
            )
