"""The agents' edges (issue 1's standard for the bot API): ``choose(match, legal)`` and
``agent(observation, legal)`` refuse anything but the seat's legal actions with a typed
error before deciding anything, so a refused call changes neither the match nor the agent;
seeds and strengths follow the library's integer policy (docs/build-a-bot.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, ReaderAgent, default_agent, rollout_action
from truco_rules.runs.bots import SimpleBot


class _Rollout:
    """The search's playout policy, :func:`rollout_action`, public as the agents are: it
    took any list (another match's, empty, of texts) and ended in an IndexError or an
    AttributeError, or played an action the match does not allow."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def choose(self, match: tr.Match, legal: list[tr.Action]) -> tr.Action:
        return rollout_action(match, legal, self.rng)


AGENTS: dict[str, Callable[[], Any]] = {
    "reader": lambda: default_agent(seed=0, strength="fast"),
    "ismcts": lambda: ISMCTSAgent(iterations=30, seed=0),
    "simple": lambda: SimpleBot(random.Random(0)),
    "rollout": _Rollout,
}


def _decisions(agent: Any, seed: int = 1, n: int = 40) -> list[str]:
    """The agent's decisions in a two-seat argentine match against the simple bot."""
    m = tr.get_variant("argentine").new_match(2, seed=seed)
    rival = SimpleBot(random.Random(1))
    out = []
    while not m.is_over() and len(out) < n:
        legal = m.legal_actions()
        a = agent.choose(m, legal) if m.current_player() == 0 else rival.choose(m, legal)
        out.append(str(a))
        m.apply(a)
    return out


def _other_seat_actions(m: tr.Match) -> list[tr.Action]:
    """Legal actions of the next state's seat, none of which is legal now."""
    later = m.copy()
    later.apply(later.legal_actions()[0])
    return [a for a in later.legal_actions() if a not in m.legal_actions()]


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_choose_refuses_what_is_not_a_legal_list_and_changes_nothing(name: str) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=1)
    legal = m.legal_actions()
    before = m.to_json()
    agent = AGENTS[name]()
    bad: list[tuple[object, type[Exception]]] = [
        ([], tr.IllegalAction),
        ("mazo", tr.InvalidType),
        ([*legal, "mazo"], tr.InvalidType),
        ([*legal, 42], tr.InvalidType),
        ((a for a in legal), tr.InvalidType),
        (None, tr.InvalidType),
        (_other_seat_actions(m), tr.IllegalAction),
    ]
    for value, error in bad:
        with pytest.raises(error) as info:
            agent.choose(m, value)
        assert isinstance(info.value, tr.TrucoError)
    assert m.to_json() == before
    # the refused calls left the agent as it was: it decides as a fresh one does
    assert _decisions(agent) == _decisions(AGENTS[name]())


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_choose_on_a_finished_match_is_an_illegal_action(name: str) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=1)
    m.apply("mazo")
    while not m.is_over():
        m.apply(m.legal_actions()[-1])
    with pytest.raises(tr.IllegalAction, match="the match is over") as refused:
        AGENTS[name]().choose(m, [])
    # not "illegal action 'None' by seat -2": no action was given, and -2 is no seat
    assert str(refused.value) == "no action to choose for any seat: the match is over"


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_a_subset_of_the_legal_actions_is_a_choice_among_them(name: str) -> None:
    """A caller may keep an agent from some actions (the simple bot failed on a missing
    answer with a KeyError)."""
    v = tr.get_variant("argentine")
    for seed in range(12):
        m = v.new_match(2, seed=seed)
        agent = AGENTS[name]()
        rng = random.Random(seed)
        while not m.is_over():
            legal = m.legal_actions()
            some = [a for a in legal if rng.random() < 0.5] or legal[:1]
            choice = agent.choose(m, some)
            assert choice in some
            m.apply(choice)


@pytest.mark.parametrize("name", ["reader", "ismcts"])
def test_given_some_of_the_legal_actions_an_agent_goes_to_the_deck_only_when_nothing_else_is_left(
    name: str,
) -> None:
    """The reader's fallback (no refusal, or no card, among those given) took the rule of
    thumb's pick, which could be the deck: offered mazo, quiero and retruco after a truco it
    went to the deck in 16 of 40 deals."""
    v = tr.get_variant("argentine")
    deck = 0
    for seed in range(40):
        m = v.new_match(2, seed=seed)
        m.apply(next(a for a in m.legal_actions() if a.verb == "truco"))
        some = [a for a in m.legal_actions() if a.verb in ("mazo", "quiero", "retruco")]
        some.sort(key=lambda a: a.verb != "mazo")  # the deck first, where a fallback looks
        assert some[0].verb == "mazo" and len(some) == 3
        deck += AGENTS[name]().choose(m, some).verb == "mazo"
    assert deck == 0


def test_the_callable_form_checks_its_observation_and_rules() -> None:
    m = tr.get_variant("argentine").new_match(2, seed=1)
    legal = m.legal_actions()
    idle = 1 - m.current_player()
    for agent in (default_agent(seed=0, strength="fast"), ISMCTSAgent(iterations=30)):
        with pytest.raises(tr.InvalidType):
            agent(None, legal)  # type: ignore[arg-type]
        with pytest.raises(tr.IllegalAction):  # the legal list of another seat
            agent(m.observation(idle), legal)
        assert agent(m.observation(m.current_player()), legal) in legal
    for agent in (ReaderAgent(variant=tr.get_variant("paulista")),):
        with pytest.raises(tr.InvalidOption, match="argentine"):
            agent(m.observation(m.current_player()), legal)
    spanish = tr.get_variant("mineiro").with_options(deck="spanish").new_match(2, seed=1)
    obs = spanish.observation(spanish.current_player())
    with pytest.raises(tr.InvalidOption, match="notation"):  # the registered mineiro: french
        ISMCTSAgent(iterations=30)(obs, spanish.legal_actions())
    own = ISMCTSAgent(iterations=30, variant=spanish.variant)
    assert own(obs, spanish.legal_actions()) in spanish.legal_actions()


def test_numpy_integers_are_seeds_and_strengths() -> None:
    np = pytest.importorskip(
        "numpy", reason="numpy integers: numpy comes with the openspiel or pettingzoo extra"
    )
    assert default_agent(seed=np.int64(3), strength=np.int64(12)).worlds == 12
    assert default_agent(seed=np.int64(3)).seed == 3
    assert ISMCTSAgent.with_strength(np.int64(100)).iterations == 100
    assert ISMCTSAgent(seed=np.int32(5)).seed == 5


@pytest.mark.parametrize(
    "level",
    [["fast"], True, 0, -1, 1.0, "12", "Fast", None, float("nan"), 10**5000],
    ids=lambda level: type(level).__name__,
)
def test_a_strength_is_a_name_or_an_int(level: object) -> None:
    for make in (default_agent, ISMCTSAgent.with_strength):
        with pytest.raises(tr.InvalidOption):
            make(strength=level) if make is default_agent else make(level)  # type: ignore[operator]


def test_the_simple_bot_checks_its_generator() -> None:
    for rng in (0, None, "x"):
        with pytest.raises(tr.InvalidType):
            SimpleBot(rng)  # type: ignore[arg-type]


def test_an_agent_is_equal_to_itself_alone_and_hashable() -> None:
    """A player keeps a state of its own (its generator, what it has read of the table):
    two are never the same player, and one can key a dict of players."""
    for make in AGENTS.values():
        a, b = make(), make()
        assert a == a and a != b
        assert len({a: 1, b: 2}) == 2


def test_the_world_samplers_check_what_they_are_given() -> None:
    """A wrong argument is refused before any draw (an AttributeError, a misleading card
    error, or None after the work, the generator moved, before)."""
    from truco_rules.agents.determinize import sample_world, weighted_world, weighted_worlds

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=1)
    obs = m.observation(m.current_player())
    rng = random.Random(0)
    state = rng.getstate()
    paulista = tr.get_variant("paulista")
    calls: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: sample_world("argentine", obs, rng), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: sample_world(v, None, rng), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: sample_world(v, obs, None), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: sample_world(paulista, obs, rng), tr.InvalidOption),
        (lambda: sample_world(v, obs, rng, tries=0), tr.ParseError),
        (lambda: weighted_world(v, obs, rng, tries=True), tr.InvalidType),
        (lambda: weighted_worlds(v, obs, rng, 1.5), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_worlds(v, obs, rng, -1), tr.ParseError),
        # the settings too: each was a bare TypeError, some after the generator moved
        (lambda: weighted_world(v, obs, rng, stratum="x"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_world(v, obs, rng, stratum=1.5), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_world(v, obs, rng, model=3), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_world(v, obs, rng, fit_plays=1), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_worlds(v, obs, rng, 2, model=3), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_worlds(v, obs, rng, 2, widen="x"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_worlds(v, obs, rng, 2, most="x"), tr.InvalidType),  # type: ignore[arg-type]
        (lambda: weighted_worlds(v, obs, rng, 2, strata=None), tr.InvalidType),  # type: ignore[arg-type]
    ]
    for call, error in calls:
        with pytest.raises(error):
            call()
    assert rng.getstate() == state
    assert weighted_worlds(v, obs, rng, 0) == []
    assert sample_world(v, obs, rng) is not None


def test_the_world_helpers_refuse_what_is_no_match_or_observation() -> None:
    """README: checked input, typed errors. The public world helpers ended in an
    AttributeError, a TypeError or an IndexError for a wrong match, observation or hands."""
    from truco_rules.agents.determinize import last_card_open, searchable
    from truco_rules.agents.worlds import rebuild, remaining, same_view
    from truco_rules.testing.worlds import possible_world, seen_in_deal, world_problems

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=1)
    obs = m.observation(m.current_player())
    calls: list[Callable[[], object]] = [
        lambda: searchable(v, None),  # type: ignore[arg-type]
        lambda: last_card_open(v, None),  # type: ignore[arg-type]
        lambda: rebuild(v, obs, None),  # type: ignore[arg-type]
        lambda: rebuild(v, obs, [["1E"]]),  # type: ignore[list-item]
        lambda: rebuild(v, None, [[], []]),  # type: ignore[arg-type]
        lambda: same_view(3, obs, v),  # type: ignore[arg-type]
        lambda: remaining(None),  # type: ignore[arg-type]
        lambda: world_problems(m, 0, None),  # type: ignore[arg-type]
        lambda: world_problems(None, 0, m),  # type: ignore[arg-type]
        lambda: possible_world(m, 0, "x"),  # type: ignore[arg-type]
        lambda: seen_in_deal(None, 0),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(tr.InvalidType):
            call()
    assert not world_problems(m, 0, m)


@pytest.mark.parametrize("bad", [None, "0.5", float("nan"), -0.1, True, [1.0]])
def test_a_likelihood_model_that_gives_no_number_is_named(bad: object) -> None:
    """README: a hook from outside that breaks its protocol is a ProtocolError naming it.
    A likelihood model giving no number ended in a bare TypeError inside rebuild (or a
    negative weight handed on to the sampler)."""
    from truco_rules.agents.determinize import weighted_world
    from truco_rules.agents.worlds import rebuild

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=4)
    m.apply(m.legal_actions()[0])  # the other seat has chosen: the model is asked
    seat = m.current_player()
    obs = m.observation(seat)

    def odd_model(world: tr.Match, s: int, action: tr.Action) -> float:
        return bad  # type: ignore[return-value]

    hands = [list(m.hand.dealt[s]) for s in range(2)]
    with pytest.raises(tr.InvalidType):  # a hand short of its dealt cards: an IndexError
        rebuild(v, obs, [h[:2] for h in hands])
    with pytest.raises(tr.ProtocolError, match="odd_model"):
        rebuild(v, obs, hands, model=odd_model)
    with pytest.raises(tr.ProtocolError, match="odd_model"):
        weighted_world(v, obs, random.Random(1), model=odd_model)
    assert rebuild(v, obs, hands, model=lambda w, s, a: 0.25) is not None


@pytest.mark.parametrize("error", [IndexError, StopIteration, ValueError, ZeroDivisionError])
def test_a_likelihood_model_that_raises_is_named_not_taken_for_no_world(
    error: type[Exception],
) -> None:
    """README: a hook from outside that breaks its protocol is a ProtocolError naming it.
    A model's IndexError dropped every world (the agent then played its fallback without a
    word), and its ValueError escaped bare; a TrucoError still means 'no such world'."""
    from truco_rules.agents.determinize import weighted_worlds
    from truco_rules.agents.worlds import rebuild

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=4)
    m.apply(m.legal_actions()[0])
    obs = m.observation(m.current_player())
    hands = [list(m.hand.dealt[s]) for s in range(2)]

    def raising_model(world: tr.Match, s: int, action: tr.Action) -> float:
        raise error("model bug")

    def refusing_model(world: tr.Match, s: int, action: tr.Action) -> float:
        raise tr.IllegalAction(action, s, "no such world")

    with pytest.raises(tr.ProtocolError, match="raising_model"):
        rebuild(v, obs, hands, model=raising_model)
    with pytest.raises(tr.ProtocolError, match=error.__name__):
        weighted_worlds(v, obs, random.Random(1), 4, model=raising_model)
    assert rebuild(v, obs, hands, model=refusing_model) is None


def test_a_likelihood_model_may_give_numpy_numbers() -> None:
    """README: a numpy number is the number it equals; np.int64 and np.float32 weights were
    refused as 'not a number'."""
    np = pytest.importorskip("numpy", reason="needs numpy (the openspiel or pettingzoo extra)")
    from truco_rules.agents.worlds import rebuild

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=4)
    m.apply(m.legal_actions()[0])
    obs = m.observation(m.current_player())
    hands = [list(m.hand.dealt[s]) for s in range(2)]
    for value, weight in ((np.int64(1), 1.0), (np.float32(0.5), 0.5)):
        got = rebuild(v, obs, hands, model=lambda w, s, a, x=value: x)
        assert got is not None and got[1] == weight
    with pytest.raises(tr.ProtocolError):
        rebuild(v, obs, hands, model=lambda w, s, a: np.bool_(True))


def test_a_threshold_may_be_a_numpy_float() -> None:
    """docs/build-a-bot.md: a numpy number is the number it equals. A threshold read from a
    numpy array (``np.float64``, ``np.float32``) was refused as the wrong type; a bool,
    numpy's too, still is, and a value out of range is refused whatever its type."""
    np = pytest.importorskip("numpy", reason="needs numpy (the openspiel or pettingzoo extra)")
    from truco_rules.agents import ISMCTSAgent, ReaderAgent

    reader = ReaderAgent(call_at=np.float64(0.6), raise_at=np.float32(0.75))
    assert (reader.call_at, reader.raise_at) == (0.6, 0.75)
    assert type(reader.call_at) is float and type(reader.raise_at) is float
    reader.widen = np.float64(0.25)
    assert reader.widen == 0.25 and type(reader.widen) is float
    assert ISMCTSAgent(exploration=np.float64(1.2)).exploration == 1.2
    for bad in (np.bool_(True), True, "0.5", complex(0.5)):
        with pytest.raises(tr.InvalidOptionType, match="call_at"):
            ReaderAgent(call_at=bad)
    for bad in (np.float64("nan"), np.float32(1.5), 10**400):
        with pytest.raises(tr.InvalidOption, match="call_at"):
            ReaderAgent(call_at=bad)


def test_a_setting_changed_after_the_agent_is_built_is_checked() -> None:
    """The settings were checked by the constructor only: ``agent.iterations = 0`` made a
    search that silently did nothing, ``agent.exploration = nan`` a bare AssertionError
    in the search, ``agent.worlds = -5`` an error naming ``count``."""
    from truco_rules.agents import ISMCTSAgent, ReaderAgent

    search, reader = ISMCTSAgent(), ReaderAgent()
    for agent, name, bad in (
        (search, "iterations", 0),
        (search, "exploration", float("nan")),
        (search, "time_limit", -1.0),
        (reader, "worlds", -5),
        (reader, "call_at", float("nan")),
        (reader, "infer", 1),
        (reader, "variant", "argentine"),
    ):
        before = getattr(agent, name)
        with pytest.raises(tr.InvalidOption, match=name):
            setattr(agent, name, bad)
        assert getattr(agent, name) == before or before != before
    reader.worlds = 12
    assert reader.worlds == 12
    # a new seed plays as an agent built with it
    m = tr.get_variant("argentine").new_match(2, seed=9)
    later, fresh = ReaderAgent(seed=1), ReaderAgent(seed=7)
    later.seed = 7
    assert later.choose(m, m.legal_actions()) == fresh.choose(m, m.legal_actions())
    with pytest.raises(tr.InvalidOption, match="strength"):
        ReaderAgent.with_strength(100_001)  # the reader samples at most 100,000 worlds


def test_rebuild_and_same_view_name_their_arguments() -> None:
    """rebuild(model=5) ended in 'int object is not callable', put=['x'] gave no world as
    if the cards could not be dealt, a fourth card was dropped where no table deals one,
    and same_view(obs, obs, 'argentine') was an AttributeError."""
    from truco_rules.agents.worlds import rebuild, same_view

    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=4)
    m.apply(m.legal_actions()[0])
    obs = m.observation(m.current_player())
    hands = [list(m.hand.dealt[s]) for s in range(2)]
    spare = next(c for c in v.deck.cards if all(c not in h for h in hands) and c != obs.turned)
    for call, argument in (
        (lambda: rebuild(v, obs, hands, model=5), "model"),  # type: ignore[arg-type]
        (lambda: rebuild(v, obs, hands, put=["x"]), "put"),  # type: ignore[list-item]
        (lambda: rebuild(v, obs, [hands[0] + [spare], hands[1]]), "hands"),
        (lambda: same_view(obs, obs, "paulista"), "variant"),  # type: ignore[arg-type]
    ):
        with pytest.raises(tr.InvalidType, match=argument):
            call()
    assert rebuild(v, obs, hands) is not None


@pytest.mark.parametrize(
    "change",
    [{"contest": 5}, {"seats": 3}, {"seats": 0}, {"sides": (0,)}, {"seat": 7}, {"current": None}],
)
def test_an_observation_whose_fields_disagree_is_refused(change: dict[str, Any]) -> None:
    """An observation built by hand (attrs.evolve) whose fields disagree reached the
    samplers and the agents' callable form and ended in a bare IndexError or KeyError."""
    import attrs

    from truco_rules.agents import sample_world

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=1)
    for _ in range(3):
        m.apply(m.legal_actions()[0])
    obs = attrs.evolve(m.observation(m.current_player()), **change)
    with pytest.raises(tr.ParseError, match="disagree"):
        sample_world(v, obs, random.Random(0))
    with pytest.raises(tr.ParseError, match="disagree"):
        ReaderAgent(worlds=4)(obs, m.legal_actions())
    with pytest.raises(tr.ParseError, match="disagree"):  # current=None: an AttributeError
        ISMCTSAgent(iterations=10)(obs, m.legal_actions())


def test_searchable_asks_for_the_observation_s_rules_as_the_samplers_do() -> None:
    """searchable() said True for another variant's rules (and last_card_open() read the
    observation with them), where sample_world() refused the same arguments."""
    from truco_rules.agents.determinize import last_card_open, searchable

    m = tr.get_variant("argentine").new_match(2, seed=7)
    obs = m.observation(m.current_player())
    assert searchable(tr.get_variant("argentine"), obs)
    for check in (searchable, last_card_open):
        with pytest.raises(tr.InvalidOption, match="the rules of the observation"):
            check(tr.get_variant("mineiro"), obs)
        with pytest.raises(tr.InvalidType, match="variant must be a Variant"):
            check("argentine", obs)  # type: ignore[arg-type]


def test_a_likelihood_too_big_for_a_float_is_named_and_a_broken_pool_is_a_worker_error() -> None:
    """Review of the day's change: 10**400 from a model escaped as OverflowError where it
    had been a ProtocolError; a pool broken by a dead worker was the executor 'breaking
    its protocol' on the next run."""
    from concurrent.futures import ProcessPoolExecutor

    from truco_rules.agents.worlds import rebuild
    from truco_rules.simulate import simulate

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=4)
    m.apply(m.legal_actions()[0])
    obs = m.observation(m.current_player())
    hands = [list(m.hand.dealt[s]) for s in range(2)]
    with pytest.raises(tr.ProtocolError, match="1e300"):
        rebuild(v, obs, hands, model=lambda w, s, a: 10**400)
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(tr.WorkerError, match="abruptly"):
            simulate("argentine", 2, seed=1, agents=[_Exits()], executor=pool)
        with pytest.raises(tr.WorkerError, match="broken"):
            simulate("argentine", 2, seed=1, executor=pool)


class _Exits:
    def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
        import os

        os._exit(3)
