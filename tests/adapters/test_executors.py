"""The same job gives the same result wherever it runs (issue 11 §4, DESIGN §6): in this
process, on a process pool, and on a dask.distributed cluster (the ``dask`` extra)."""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import truco_rules as tr
from truco_rules.analysis import double_dummy_rates
from truco_rules.cli import main
from truco_rules.cli._progress import progress_for
from truco_rules.runs.bots import SimpleBot
from truco_rules.simulate import play_match, simulate


def lowest_card_policy(obs: tr.Observation, legal: list[tr.Action]) -> tr.Action:
    """A user policy: play the first card offered, else the first legal action."""
    plays = [a for a in legal if a.verb == "play"]
    return plays[0] if plays else legal[0]


def _jobs(executor: Executor | None) -> tuple[Any, ...]:
    sim = simulate(
        "argentine",
        30,
        seed=3,
        agents=["simple", lowest_card_policy],
        executor=executor,
        chunk=10,
    )
    dd = double_dummy_rates("mineiro", 2, 2300, seed=5, against="paulista", executor=executor)
    return sim, dd


def _check(run: Callable[[], tuple[Any, ...]]) -> None:
    here = _jobs(None)
    there = run()
    assert there == here
    sim = here[0]
    assert sim.matches == 30 and sim.agents == ("simple", f"{__name__}:lowest_card_policy")


def test_process_pool_gives_the_same_result() -> None:
    def run() -> tuple[Any, ...]:
        with ProcessPoolExecutor(2) as ex:
            return _jobs(ex)

    _check(run)


def test_dask_cluster_gives_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="needs the dask extra: pip install '.[dask]'"
    )
    cli = ["double-dummy", "paulista", "--deals", "1200", "--seed", "4", "--json"]
    assert main(cli) == 0
    here = capsys.readouterr().out

    def run() -> tuple[Any, ...]:
        with (
            distributed.LocalCluster(
                n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            # the command line's --dask ADDRESS reaches the same cluster
            assert main([*cli, "--dask", cluster.scheduler_address]) == 0
            assert capsys.readouterr().out == here
            return _jobs(client.get_executor(pure=False))

    _check(run)


def test_agents_change_the_play_and_are_reproducible() -> None:
    """Agents are pluggable: a side of the simple bot beats random play, every time alike."""
    a = simulate("paulista", 40, seed=1, agents=["simple", "random"])
    assert a == simulate("paulista", 40, seed=1, agents=["simple", "random"])
    assert a.wins[0] > a.wins[1]
    b = simulate("paulista", 40, seed=1)
    assert b.agents == ("random", "random") and b != a
    with pytest.raises(tr.ParseError, match="unknown agent"):
        simulate("paulista", 1, agents=["clever"])


def test_cli_simulate_with_agents_and_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--variant", "mineiro", "--matches", "12", "--seed", "2"]
    assert main([*args, "--agents", "simple,random", "--json"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert here["agents"] == ["simple", "random"] and here["matches"] == 12
    low, high = here["points_per_hand"]["low"], here["points_per_hand"]["high"]
    assert low <= here["points_per_hand"]["value"] <= high
    assert main([*args, "--agents", "simple,random", "--json", "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == here
    assert main([*args, "--agents", "simple"]) == 0
    out = capsys.readouterr().out
    assert "simulating 12 simple mineiro matches" in out and "95% intervals" in out
    assert main([*args, "--agents", "nobody-knows"]) == 2


@pytest.mark.parametrize("workers", ["1025", "99999999999"])
def test_a_number_of_workers_no_machine_runs_is_bad_input(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: bad input is `error: ...` and status 2. --workers 99999999999 ended in
    an OverflowError's traceback, and --workers 100000 forked until the machine gave out."""
    for cmd in (["simulate", "argentine", "--matches", "2"], ["double-dummy", "argentine"]):
        assert main([*cmd, "--workers", workers]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("error: --workers must be from 1 to 1024")


@pytest.mark.parametrize("address", ["notanaddress", "xyz://a:1", "tcp://"])
def test_a_dask_address_that_is_none_is_bad_input(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: bad input is `error: ...` and status 2. An address Dask cannot read
    (no port, an unknown scheme) ended in its ValueError's traceback."""
    pytest.importorskip("distributed", reason="needs the dask extra: pip install '.[dask]'")
    for cmd in (["simulate", "argentine", "--matches", "2"], ["double-dummy", "argentine"]):
        assert main([*cmd, "--dask", address]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("error: --dask") and "scheduler address" in err


def agent_factory(seed: int) -> SimpleBot:
    """A factory of agents (the arena's form), not an agent: one argument, not two."""
    return SimpleBot(random.Random(seed))


class _OneArgumentChoose:
    def choose(self, match: tr.Match) -> tr.Action:
        return match.legal_actions()[0]


def test_an_agent_that_cannot_take_the_two_arguments_is_refused_before_any_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cli.md (--agents): a factory or a choose() of the wrong signature named on the
    command line ended in a TypeError's traceback at the first decision; it is bad input
    (exit 2, one error line), and given to simulate() it is InvalidType."""
    args = ["simulate", "--variant", "mineiro", "--matches", "2"]
    assert main([*args, "--agents", f"{__name__}:agent_factory"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: agent ") and "Traceback" not in err
    assert "policy (observation, legal)" in err and "positional" in err
    for agent in (agent_factory, _OneArgumentChoose()):
        with pytest.raises(tr.InvalidType, match="signature"):
            simulate("mineiro", 2, agents=[agent])
        with pytest.raises(tr.InvalidType, match="signature"):
            play_match("mineiro", 2, 1, {0: agent})
    # a policy with more parameters, defaulted, is called as ever
    assert simulate("mineiro", 2, agents=[lambda obs, legal, extra=None: legal[0]]).matches == 2


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty = tty
        self.text = ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert progress_for(_Tty(False), "deals") is None  # type: ignore[arg-type]
    term = _Tty(True)
    show = progress_for(term, "deals")  # type: ignore[arg-type]
    assert show is not None
    show(5, 10)
    show(10, 10)
    assert "10" in term.text
    real_import = importlib.import_module

    def no_tqdm(name: str, *a: Any) -> Any:
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *a)

    monkeypatch.setattr(importlib, "import_module", no_tqdm)
    plain = _Tty(True)
    fallback = progress_for(plain, "deals")  # type: ignore[arg-type]
    assert fallback is not None
    fallback(10, 10)
    assert "10/10 deals" in plain.text


_STATEFUL = SimpleBot(random.Random(5))
"""A module-level agent object with a state of its own (its generator)."""


def test_an_agent_object_with_a_state_plays_alike_on_every_executor() -> None:
    """Each match and seat plays a copy of the object as it was given: the report does not
    depend on the executor or the chunk size (the generator ran on from match to match in
    the order each executor played them)."""
    agents = [_STATEFUL, "random"]
    here = simulate("argentine", 12, seed=3, agents=agents, chunk=12)
    assert simulate("argentine", 12, seed=3, agents=agents, chunk=5) == here
    with ThreadPoolExecutor(2) as pool:
        assert simulate("argentine", 12, seed=3, agents=agents, chunk=4, executor=pool) == here
    with ProcessPoolExecutor(2) as pool:
        assert simulate("argentine", 12, seed=3, agents=agents, chunk=3, executor=pool) == here
    assert simulate("argentine", 12, seed=3, agents=agents, chunk=12) == here  # untouched


def test_agents_a_process_pool_cannot_send_are_refused_before_any_match() -> None:
    calls: list[int] = []

    def policy(obs: Any, legal: list[tr.Action]) -> tr.Action:  # local: it does not pickle
        calls.append(1)
        return legal[0]

    with ProcessPoolExecutor(1) as pool, pytest.raises(tr.InvalidType, match="pickling"):
        simulate("argentine", 4, seed=1, agents=[policy], executor=pool)
    assert not calls
    assert simulate("argentine", 2, seed=1, agents=[policy]).matches == 2  # here it plays


def test_play_match_needs_a_seed() -> None:
    """Unseeded, the cards would be dealt by chance actions asked of an agent."""
    with pytest.raises(tr.InvalidType, match="seed"):
        play_match(tr.get_variant("argentine"), 2, None, ["simple"])  # type: ignore[arg-type]


def test_play_match_checks_its_seats_before_its_agents() -> None:
    """With agents given per seat, a seat count of another type was a bare TypeError."""
    v = tr.get_variant("argentine")
    for seats in ("2", None, 2.0):
        with pytest.raises(tr.InvalidType, match="seats"):
            play_match(v, seats, 5, {0: "simple"})  # type: ignore[arg-type]
    with pytest.raises(tr.UnsupportedSeats):
        play_match(v, 5, 5, {0: "simple"})


def test_a_progress_callback_that_cannot_take_the_counts_is_refused_first() -> None:
    """It was accepted, then failed with a TypeError once the first chunk was played."""
    played: list[int] = []

    def no_counts() -> None:
        played.append(1)

    with pytest.raises(tr.InvalidType, match="progress"):
        simulate("argentine", 4, seed=1, progress=no_counts)  # type: ignore[arg-type]
    assert not played
    seen: list[tuple[int, int]] = []
    simulate("argentine", 4, seed=1, progress=lambda *counts: seen.append(counts))
    assert seen[-1] == (4, 4)


def test_the_random_agent_checks_what_it_is_given() -> None:
    """It took anything: an empty list was an IndexError, None a TypeError, an action not
    legal now or a text was returned as chosen, and a refused call moved its generator."""
    from truco_rules.runs.simulate import RandomAgent

    m = tr.get_variant("argentine").new_match(2, seed=10)
    agent = RandomAgent(random.Random(3))
    for legal, error in (
        ([], tr.IllegalAction),
        (None, tr.InvalidType),
        ([tr.Action.parse("retruco")], tr.IllegalAction),
        (["play 1E"], tr.InvalidType),
    ):
        with pytest.raises(error):
            agent.choose(m, legal)  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="match"):
        agent.choose(None, m.legal_actions())  # type: ignore[arg-type]
    with pytest.raises(tr.InvalidType, match="rng"):
        RandomAgent(None)  # type: ignore[arg-type]
    # nothing drawn by the refused calls: the same choice as a fresh agent's
    assert agent.choose(m, m.legal_actions()) == RandomAgent(random.Random(3)).choose(
        m, m.legal_actions()
    )
    some = [a for a in m.legal_actions() if a.verb == "play"]  # some of them: checked, taken
    assert agent.choose(m, some) in some


def test_a_shut_down_executor_is_a_typed_error() -> None:
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(tr.ProtocolError, match="refused the tasks"):
        simulate("argentine", 4, seed=1, executor=pool)


def _says_nothing(obs: Any, legal: list[tr.Action]) -> Any:
    return None


def test_an_agents_error_says_where_it_happened_in_a_worker_too() -> None:
    """The error an agent's choice raises keeps its type and gains a note naming the match
    seed, the action, the seat and the agent, in a worker process as here."""
    for executor in (None, ProcessPoolExecutor(1)):
        with pytest.raises(tr.InvalidType) as info:
            simulate("argentine", 2, seed=1, agents=[_says_nothing, "random"], executor=executor)
        (note,) = info.value.__notes__
        assert "seed 1000003" in note and "seat " in note and "_says_nothing" in note
        if executor is not None:
            executor.shutdown()


def test_the_dask_addresses_of_every_network_scheme_are_read() -> None:
    """An address Dask takes was refused before Dask saw it: ucxx:// (the scheme of
    Dask's UCX transport) and an IPv6 link-local host with its zone, [fe80::1%eth0]."""
    from truco_rules.cli._executor import _ADDRESS

    for good in ("tcp://10.0.0.1:8786", "ucxx://node:8786", "[fe80::1%eth0]:8786",
                 "tls://[::1]:8786", "inproc://h/12/1", "node-1:8786"):
        assert _ADDRESS.fullmatch(good), good
    for bad in ("node", "tcp://", "xyz://a:1", "[fe80::1%]:1", "[::1]:1%eth0", "a:123456"):
        assert not _ADDRESS.fullmatch(bad), bad


def _no_rebuild() -> Any:
    raise RuntimeError("this agent cannot be rebuilt here")


class _Unloadable:
    """An agent that pickles and fails to unpickle: as one whose class a spawned worker
    cannot import (defined under ``if __name__ == "__main__"``)."""

    def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
        return legal[0]

    def __reduce__(self) -> tuple[Any, ...]:
        return _no_rebuild, ()


class _TwoArgs(Exception):
    """A user's exception that a pickle cannot rebuild (its __init__ takes two arguments)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a}/{b}")


class _Raises:
    def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
        raise _TwoArgs("x", "y")


class _Exits:
    def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
        import os

        os._exit(3)


def test_a_worker_that_fails_reports_a_typed_error_not_a_broken_pool() -> None:
    """README: errors cross processes as themselves. An agent a worker could not rebuild,
    an exception that cannot be rebuilt from a pickle, and a worker that died each ended
    in a bare BrokenProcessPool (the error and its note lost); they are WorkerError now."""
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(tr.WorkerError, match="cannot rebuild the task") as info:
            simulate("argentine", 2, seed=1, agents=[_Unloadable()], executor=pool)
        assert info.value.kind == "RuntimeError"
        # (once Dask is imported, its pickling of exceptions brings this one back as itself)
        with pytest.raises((tr.WorkerError, _TwoArgs), match="x/y") as info:
            simulate("argentine", 2, seed=1, agents=[_Raises(), "random"], executor=pool)
        assert type(info.value) is _TwoArgs or info.value.kind.endswith("_TwoArgs")
        (note,) = info.value.__notes__
        assert "seed 1000003" in note and "_Raises" in note
        # the pool still works: a typed error leaves it whole
        assert simulate("argentine", 2, seed=1, executor=pool).matches == 2
    with ProcessPoolExecutor(1) as pool, pytest.raises(tr.WorkerError, match="abruptly"):
        simulate("argentine", 2, seed=1, agents=[_Exits()], executor=pool)
    with pytest.raises(_TwoArgs):  # here, the error is itself
        simulate("argentine", 2, seed=1, agents=[_Raises(), "random"])


def test_dask_tasks_that_cannot_be_sent_are_a_worker_error() -> None:
    """An agent Dask cannot serialize (it holds a lock) was reported as the executor
    breaking its protocol ('gave no iterable of results')."""
    distributed = pytest.importorskip(
        "distributed", reason="needs the dask extra: pip install '.[dask]'"
    )
    import threading

    class Locked:
        lock = threading.Lock()

        def __init__(self) -> None:
            self.held = threading.Lock()

        def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
            return legal[0]

    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        pytest.raises(tr.WorkerError, match="cannot be sent") as info,
    ):
        executor = client.get_executor(pure=False)
        simulate("argentine", 2, seed=1, agents=[Locked()], executor=executor)
    assert "lock" in str(info.value)


class _HoldsALock:
    """An agent guarding an engine with a lock: it cannot be deep-copied."""

    def __init__(self) -> None:
        import threading

        self.lock = threading.Lock()

    def choose(self, match: Any, legal: list[tr.Action]) -> tr.Action:
        return legal[0]


def test_an_agent_that_cannot_be_copied_is_named() -> None:
    """Each match and seat plays a copy of an agent object; one that cannot be copied ended
    in copy's bare TypeError, naming neither the agent nor what to do."""
    for run in (
        lambda: simulate("argentine", 2, seed=1, agents=[_HoldsALock()]),
        lambda: play_match(tr.get_variant("argentine"), 2, 5, [_HoldsALock()]),
    ):
        with pytest.raises(tr.InvalidType, match="deepcopy"):
            run()
