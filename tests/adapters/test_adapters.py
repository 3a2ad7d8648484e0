"""The OpenSpiel and PettingZoo adapters pass those projects' own conformance tests for every
variant and table size (issue 12). Each part skips, saying why, when its extra is missing:
``pip install -e ".[openspiel]"`` / ``pip install -e ".[pettingzoo]"``."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

import truco_rules as tr

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]
BOT_PAGE = Path(__file__).resolve().parents[2] / "docs" / "build-a-bot.md"

HAVE_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None
HAVE_PETTINGZOO = all(
    importlib.util.find_spec(m) is not None for m in ("pettingzoo", "gymnasium", "numpy")
)
needs_openspiel = pytest.mark.skipif(
    not HAVE_OPENSPIEL, reason="needs the openspiel extra: pip install '.[openspiel]'"
)
needs_pettingzoo = pytest.mark.skipif(
    not HAVE_PETTINGZOO, reason="needs the pettingzoo extra: pip install '.[pettingzoo]'"
)


def test_the_core_imports_without_the_extras() -> None:
    import truco_rules.adapters  # noqa: F401  (the package itself needs no extra)

    assert "pyspiel" not in tr.__dict__


def page_blocks(extra: str) -> list[str]:
    """The python blocks of the "Build a bot" page marked ``# needs: <extra>``."""
    text = BOT_PAGE.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    return [b for b in blocks if f"# needs: {extra}" in b]


# ---------------------------------------------------------------------------- OpenSpiel
@needs_openspiel
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_openspiel_random_sim_test(name: str, seats: int) -> None:
    import pyspiel

    import truco_rules.adapters.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("truco_rules", {"variant": name, "players": seats})
    assert game.num_distinct_actions() == tr.get_variant(name).num_actions
    assert game.max_chance_outcomes() == len(tr.get_variant(name).deck.cards)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@needs_openspiel
@pytest.mark.parametrize("name", tr.variant_names())
def test_openspiel_mcts_plays_a_whole_match(name: str) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import truco_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("truco_rules", {"variant": name, "players": 2})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2, 6, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert state.match.is_over()


@needs_openspiel
def test_openspiel_strings_and_tensors_are_the_kernels() -> None:
    import pyspiel

    import truco_rules.adapters.openspiel  # noqa: F401
    from truco_rules.tensors import information_size, observation_size

    v = tr.get_variant("paulista")
    game = pyspiel.load_game("truco_rules", {"variant": "paulista", "players": 4})
    assert game.observation_tensor_size() == observation_size(v, 4)
    assert game.information_state_tensor_size() == information_size(v, 4)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    m = state.match
    for p in range(4):
        assert state.information_state_string(p) == m.information_state_string(p)
        assert state.observation_string(p) == m.observation_string(p)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.match != clone.match  # a clone is independent


@needs_openspiel
def test_openspiel_observers_follow_the_observation_type_asked_for() -> None:
    """A public observer (private_info NONE) shows no seat's hidden cards and is the same
    for every player; a player's observer shows that player's hand; a view the game does not
    offer (every hand, no public part, a public view with perfect recall) is refused with a
    typed error. OpenSpiel's own games read the type the same way (kuhn_poker)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import truco_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("truco_rules", {"variant": "argentine", "players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    m = state.match
    assert m.hand is not None
    kind = pyspiel.PrivateInfoType
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kind.NONE)
    )
    texts = [public.string_from(state, p) for p in range(2)]
    assert texts[0] == texts[1]
    public.set_from(state, 0)
    first = public.tensor.copy()
    public.set_from(state, 1)
    assert (first == public.tensor).all()
    own = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    for p in range(2):
        cards = [m.variant.format_card(c) for c in m.hand.dealt[p]]
        assert all(c in own.string_from(state, p) for c in cards)
        assert not any(re.search(rf"\b{c}\b", texts[0]) for c in cards)
    for wrong in (
        dict(perfect_recall=True, private_info=kind.NONE),
        dict(perfect_recall=False, private_info=kind.ALL_PLAYERS),
        dict(perfect_recall=False, public_info=False, private_info=kind.SINGLE_PLAYER),
    ):
        with pytest.raises(tr.InvalidOption):
            make_observation(game, pyspiel.IIGObservationType(**wrong))


@needs_openspiel
def test_openspiel_bad_parameters() -> None:
    import pyspiel

    from truco_rules.adapters.openspiel import TrucoGame

    with pytest.raises(tr.UnknownParameter, match="no parameter 'colour'"):
        TrucoGame({"colour": "red"})
    with pytest.raises(pyspiel.SpielError, match="colour"):  # OpenSpiel checks it first
        pyspiel.load_game("truco_rules", {"colour": "red"})
    with pytest.raises(tr.UnknownVariant):
        TrucoGame({"variant": "chinchon"})
    with pytest.raises(tr.UnsupportedSeats):
        TrucoGame({"variant": "paulista", "players": 3})


@needs_openspiel
def test_the_openspiel_example_of_the_bot_page_runs() -> None:
    blocks = page_blocks("openspiel")
    assert blocks
    for code in blocks:
        exec(compile(code, str(BOT_PAGE), "exec"), {})


# ---------------------------------------------------------------------------- PettingZoo
@needs_pettingzoo
@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_pettingzoo_api_and_seed_tests(name: str, seats: int) -> None:
    from pettingzoo.test import api_test, seed_test

    from truco_rules.adapters.pettingzoo import env

    api_test(env(variant=name, seats=seats), num_cycles=300)
    seed_test(lambda: env(variant=name, seats=seats), num_cycles=100)


@needs_pettingzoo
def test_pettingzoo_plays_whole_matches_with_masks() -> None:
    from truco_rules.adapters.pettingzoo import raw_env

    e = raw_env(variant="mineiro", seats=4)
    e.reset(seed=3)
    rewards: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        rewards[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        legal = [int(i) for i in mask.nonzero()[0]]
        assert legal == e.match.legal_action_ids()
        e.step(legal[0])
    assert sorted(rewards.values()) == [-1.0, -1.0, 1.0, 1.0]


@needs_pettingzoo
def test_pettingzoo_bad_parameters() -> None:
    from truco_rules.adapters.pettingzoo import env, raw_env
    from truco_rules.core.errors import UnknownActionIdType

    with pytest.raises(tr.UnknownParameter, match="no parameter 'players'"):
        env(players=2)
    with pytest.raises(tr.UnknownVariant):
        raw_env(variant="chinchon")
    with pytest.raises(tr.UnsupportedSeats):
        raw_env(variant="almeria", seats=3)
    with pytest.raises(tr.InvalidOption, match="render_mode"):
        raw_env(render_mode="human")
    for make in (raw_env, env):  # env(): no bare AssertionError before the env's own checks
        e = make(variant="argentine")
        e.reset(seed=1)
        before = e.match.to_json()
        with pytest.raises(tr.UnknownActionId):
            e.step(10**6)
        for bad in (42.7, "42", None, True):
            with pytest.raises(UnknownActionIdType):
                e.step(bad)
        with pytest.raises(tr.UnknownActionId):
            e.step(-1)
        with pytest.raises(tr.IllegalAction):
            e.step(0)  # "deal" is never a player's action
        assert e.match.to_json() == before


@needs_pettingzoo
def test_pettingzoo_names_an_agent_it_does_not_have_and_a_refused_step_changes_nothing() -> None:
    """An unknown agent was a bare ValueError (observe) or KeyError (the spaces)."""
    from truco_rules.adapters.pettingzoo import UnknownAgent, raw_env

    e = raw_env(variant="paulista", seats=4)
    e.reset(seed=2)
    for lookup in (e.observe, e.observation_space, e.action_space):
        for bad in ("seat_4", "seat_-1", 0, None):
            with pytest.raises(UnknownAgent, match="agents are seat_0, seat_1, seat_2, seat_3"):
                lookup(bad)
    assert issubclass(UnknownAgent, tr.InvalidSeat) and issubclass(UnknownAgent, KeyError)
    error = UnknownAgent("seat_9", ["seat_0", "seat_1"])
    assert pickle.loads(pickle.dumps(error)) == error and str(error).startswith("there is")
    for _ in range(5):  # into the match: a few legal steps
        e.step(e.match.legal_action_ids()[0])
    seen = (e.match.to_json(), e.agent_selection, dict(e.rewards), dict(e._cumulative_rewards))
    for bad in (10**6, -1, 0, 1.5, None):
        with pytest.raises(tr.TrucoError):
            e.step(bad)
        now = (e.match.to_json(), e.agent_selection, dict(e.rewards), dict(e._cumulative_rewards))
        assert now == seen


@needs_pettingzoo
def test_pettingzoo_steps_outside_a_match_are_typed_errors() -> None:
    """A finished seat stepping an action id got PettingZoo's bare ValueError, a step
    before reset() an AttributeError; both are IllegalActions now, changing nothing."""
    from truco_rules.adapters.pettingzoo import env, raw_env

    fresh = raw_env(variant="argentine", seats=2)
    with pytest.raises(tr.IllegalAction, match="reset"):
        fresh.step(0)
    for make in (env, raw_env):
        e = make(variant="argentine", seats=2)
        e.reset(seed=7)
        while not e.terminations[e.agent_selection]:
            e.step(e.unwrapped.match.legal_action_ids()[0])
        seen = (e.unwrapped.match.to_json(), e.agent_selection, dict(e.rewards))
        with pytest.raises(tr.IllegalAction, match="finished seat steps None"):
            e.step(0)
        assert (e.unwrapped.match.to_json(), e.agent_selection, dict(e.rewards)) == seen
        while e.agents:  # the finished seats step None, as PettingZoo has them
            e.step(None)


@needs_pettingzoo
def test_the_pettingzoo_example_of_the_bot_page_runs() -> None:
    blocks = page_blocks("pettingzoo")
    assert blocks
    for code in blocks:
        namespace: dict[str, Any] = {}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(BOT_PAGE), "exec"), namespace)
        # what the page says it prints (issue 25: it printed e.rewards, always {})
        for line in code.splitlines():
            if line.startswith("print(") and "  # " in line:
                shown = line.split("  # ", 1)[1].split(":")[0]
                assert shown in out.getvalue().splitlines(), (shown, out.getvalue())


@needs_pettingzoo
def test_a_seat_count_of_a_wrong_type_is_an_invalid_type_pettingzoo() -> None:
    """Issue 21 §2: the adapters take the seat count by the library's argument policy (a str
    '2' was an UnsupportedSeats, not a TypeError)."""
    from truco_rules.adapters.pettingzoo import env

    with pytest.raises(tr.InvalidType, match="seats"):
        env(seats="2")


@needs_openspiel
def test_a_seat_count_of_a_wrong_type_is_an_invalid_type_openspiel() -> None:
    from truco_rules.adapters.openspiel import TrucoGame

    with pytest.raises(tr.InvalidType, match="players"):
        TrucoGame({"players": "2"})


@needs_pettingzoo
def test_pettingzoo_steps_and_seeds_follow_the_integer_policy() -> None:
    """docs/build-a-bot.md: an action id or a seed is an int or a numpy int; a float, a
    text or a bool was read as the int it rounds to (step(42.7) played id 42)."""
    import numpy as np

    from truco_rules.adapters.pettingzoo import raw_env

    e = raw_env()
    for seed in (True, -1, 1.5, "1"):
        with pytest.raises(tr.TrucoError):
            e.reset(seed=seed)  # type: ignore[arg-type]
    e.reset(seed=np.int64(5))
    before = e.match.to_json()
    for action in (42.7, "42", True):
        with pytest.raises(tr.TrucoError):
            e.step(action)  # type: ignore[arg-type]
    assert e.match.to_json() == before
    e.reset(seed=5)
    assert e.match.to_json() == before  # a numpy seed is the int it equals
