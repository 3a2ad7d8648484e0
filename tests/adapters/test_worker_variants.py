"""Issue 21 §4: a variant reaches worker processes as the same rule set, or fan-out refuses it.

A worker process (a spawned process pool, a Dask worker) has its own registry, filled from
the installed entry points. A variant registered at run time, or a name replaced with
``register_variant(..., replace=True)``, used to travel to the workers as its bare name: the
worker then played whatever its own registry held under that name (the stock rule set), and
the caller got a report of rules it had not asked for.
"""

from __future__ import annotations

import itertools
import multiprocessing
import pickle
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, ClassVar

import attrs
import pytest

import truco_rules as tr
from truco_rules import registry as variant_module
from truco_rules.analysis import double_dummy_rates
from truco_rules.fanout import fingerprint, resolve_variant, variant_spec
from truco_rules.hooks import DealContext, StandardTable
from truco_rules.simulate import SimulationReport, simulate

STOCK = tr.get_variant("argentine")


@pytest.fixture
def replaced() -> Iterator[tr.Variant]:
    """``argentine`` replaced at run time by a rule set that plays to fewer points."""
    short = STOCK.derive("argentine", "argentine to few points", target=6)
    tr.register_variant(short, replace=True)
    try:
        yield short
    finally:
        tr.register_variant(STOCK, replace=True)


def _spawned() -> ProcessPoolExecutor:
    # spawn: a fresh interpreter whose registry holds only what the entry points give
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))


def test_a_replaced_variant_is_played_as_itself_by_spawned_workers(
    replaced: tr.Variant,
) -> None:
    here = simulate("argentine", 12, seed=4, chunk=6)
    with _spawned() as pool:
        there = simulate("argentine", 12, seed=4, chunk=6, executor=pool)
    assert there == here
    stock = simulate(STOCK, 12, seed=4, chunk=6)
    assert here != stock  # the test tells the two rule sets apart


def test_a_run_time_variant_travels_by_value_an_installed_one_by_name(
    replaced: tr.Variant,
) -> None:
    with _spawned() as pool:
        assert variant_spec(replaced, pool)[0] == "pickle"
        assert variant_spec(tr.get_variant("paulista"), pool)[0] == "name"
        changed = tr.get_variant("paulista").with_options(target=15)
        how, what, fp = variant_spec(changed, pool)
    assert how == "name" and what == ("paulista", changed.non_default_options())
    assert resolve_variant((how, what, fp)) == changed


def test_double_dummy_rates_of_a_replaced_variant_match_across_processes(
    replaced: tr.Variant,
) -> None:
    here = double_dummy_rates("argentine", 2, 300, seed=2, against="paulista")
    with _spawned() as pool:
        there = double_dummy_rates(
            "argentine", 2, 300, seed=2, against="paulista", executor=pool
        )
    assert there == here


def test_a_variant_that_cannot_be_pickled_is_refused_before_fan_out() -> None:
    @attrs.frozen
    class LocalMatchRule(type(STOCK.match)):  # type: ignore[misc]
        pass

    local = STOCK.derive("argentine-local", "local hooks", match=LocalMatchRule(
        **attrs.asdict(STOCK.match, recurse=False)))
    with _spawned() as pool:
        with pytest.raises(tr.RegistryError, match="cannot be sent to worker processes"):
            variant_spec(local, pool)
        with pytest.raises(tr.RegistryError, match="argentine-local"):
            simulate(local, 4, seed=1, executor=pool)
    # in this process it plays
    assert simulate(local, 4, seed=1).matches == 4


def test_a_worker_refuses_a_name_it_resolves_to_another_rule_set() -> None:
    with _spawned() as pool:
        how, what, fp = variant_spec(tr.get_variant("mineiro"), pool)
    with pytest.raises(tr.RegistryError, match="another rule set"):
        resolve_variant((how, what, "0" * 64))
    with pytest.raises(tr.RegistryError, match="no installed package"):
        resolve_variant(("name", ("no-such-variant", {}), fp))
    with pytest.raises(tr.RegistryError, match="cannot rebuild"):
        resolve_variant(("pickle", b"not a pickle", fp))
    evil: Any = pickle.dumps(["not", "a", "variant"])
    with pytest.raises(tr.RegistryError):
        resolve_variant(("pickle", evil, ""))
    with pytest.raises(tr.RegistryError):
        resolve_variant(("eval", "__import__('os')", ""))


def test_the_refusal_reaches_the_caller_from_a_worker() -> None:
    """A worker's RegistryError is an error of ours: it pickles back to the caller as itself."""
    spec = ("name", ("mineiro", {}), "0" * 64)
    with _spawned() as pool:
        future = pool.submit(resolve_variant, spec)
        with pytest.raises(tr.RegistryError, match="another rule set"):
            future.result(timeout=120)


def test_fingerprints_do_not_depend_on_the_hash_seed() -> None:
    import subprocess
    import sys

    code = (
        "import truco_rules as tr; from truco_rules.fanout import fingerprint; "
        "print([fingerprint(tr.get_variant(n)) for n in sorted(tr.variant_names())])"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outs) == 1
    assert fingerprint(STOCK) in next(iter(outs))


def test_fingerprints_leave_out_what_a_process_caches_as_it_plays() -> None:
    """A variant keeps the action texts it has parsed: the caller's variant has parsed some,
    the worker's none, and both are the same rule set."""
    variant = tr.get_variant("paulista").with_options(target=24)
    before = fingerprint(variant)
    m = variant.new_match(2, seed=3)
    m.apply(m.legal_actions()[0].text(variant.deck.notation))
    assert fingerprint(variant) == before == fingerprint(pickle.loads(pickle.dumps(variant)))


@pytest.mark.parametrize("replace", [False])
def test_a_conflicting_registration_is_a_typed_error(replace: bool) -> None:
    other = STOCK.derive("argentine", "another rule set under the stock name", target=6)
    with pytest.raises(tr.RegistryError, match="already registered") as caught:
        tr.register_variant(other, replace=replace)
    assert isinstance(caught.value, ValueError)  # as before, for callers catching ValueError
    assert tr.get_variant("argentine") == STOCK
    thief = STOCK.derive("argentine-thief", "takes an alias", aliases=("paulista-truco",))
    with pytest.raises(tr.RegistryError, match="'paulista-truco' already names"):
        tr.register_variant(thief)
    assert tr.get_variant("paulista-truco").name == "paulista"
    assert "argentine-thief" not in tr.variant_names()
    with pytest.raises(tr.InvalidType):
        tr.register_variant(thief, replace="yes")  # type: ignore[arg-type]


def test_installed_variant_is_what_the_entry_point_gives(replaced: tr.Variant) -> None:
    assert variant_module.installed_variant("argentine") == STOCK
    assert tr.get_variant("argentine") == replaced
    assert variant_module.installed_variant("no-such-variant") is None


def test_dask_workers_play_the_replaced_variant_and_return_our_errors(
    replaced: tr.Variant,
) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="needs the dask extra: pip install '.[dask]'"
    )
    here = simulate("argentine", 8, seed=4, chunk=4)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = simulate("argentine", 8, seed=4, chunk=4, executor=client.get_executor(pure=False))
        assert there == here
        future = client.submit(resolve_variant, ("name", ("mineiro", {}), "0" * 64), pure=False)
        with pytest.raises(tr.RegistryError, match="another rule set"):
            future.result(timeout=120)


_EMPTY = SimulationReport()


def _run_one_chunk() -> SimulationReport:
    """An honest piece of two matches, as a worker makes it."""
    from truco_rules.simulate import _run_chunk

    return _run_chunk(((("object", STOCK, "")), None, 2, 1, 0, 2))


class _LyingExecutor:
    """An executor whose workers give back something else than the task's result."""

    def __init__(self, give: Any) -> None:
        self.give = give

    def map(self, fn: Any, tasks: Any) -> Any:
        return self.give(list(tasks))


@pytest.mark.parametrize(
    "give",
    [
        lambda tasks: [None for _ in tasks],
        lambda tasks: [{"matches": 4} for _ in tasks],
        lambda tasks: [],
        lambda tasks: iter(()),
        lambda tasks: None,
        lambda tasks: 5,
        lambda tasks: itertools.repeat(_EMPTY),  # endless: stopped one past the tasks
        lambda tasks: [_EMPTY for _ in tasks],  # a report of no match for each task
        lambda tasks: [attrs.evolve(_EMPTY, matches=-5) for _ in tasks],
        lambda tasks: [attrs.evolve(_EMPTY, matches="x") for _ in tasks],
        lambda tasks: [attrs.evolve(_EMPTY, seconds=float("nan")) for _ in tasks],
    ],
    ids=[
        "none", "dict", "no-results", "empty-iterator", "not-iterable", "int", "endless",
        "zero-matches", "negative", "str-count", "nan",
    ],
)
def test_a_worker_result_is_checked_like_any_input(give: Any) -> None:
    """A lying executor's results were believed: a 4-match run reported 0 or -10 matches,
    and an endless iterator was read until memory ran out."""
    with pytest.raises(tr.ProtocolError, match=r"executor\.map"):
        simulate("argentine", 8, seed=1, chunk=4, executor=_LyingExecutor(give))  # type: ignore[arg-type]
    with pytest.raises(tr.ProtocolError, match=r"executor\.map"):
        double_dummy_rates("argentine", 2, 2000, seed=1, executor=_LyingExecutor(give))  # type: ignore[arg-type]


def test_a_worker_result_of_another_task_is_refused() -> None:
    part = _run_one_chunk()
    swapped = _LyingExecutor(lambda tasks: [attrs.evolve(part, agents=("evil",)) for _ in tasks])
    with pytest.raises(tr.ProtocolError, match="agents"):
        simulate("argentine", 4, seed=1, chunk=2, executor=swapped)  # type: ignore[arg-type]


def test_an_executor_that_is_not_one_is_a_type_error() -> None:
    with pytest.raises(tr.InvalidType, match="executor"):
        simulate("argentine", 4, seed=1, executor=5)  # type: ignore[arg-type]


def test_a_run_cut_into_too_many_tasks_is_refused_before_any_is_built() -> None:
    """10**9 matches in pieces of one built a billion task tuples before the first match."""
    with pytest.raises(tr.ParseError, match="use a chunk of at least 1,000"):
        simulate("argentine", 10**9, seed=0, chunk=1)
    report = simulate("argentine", 6, seed=0, chunk=1)  # a few pieces of one still play
    assert report.matches == 6


@pytest.mark.parametrize("name", ["My House", "my_house", " house", "", "x" * 65])
def test_a_name_get_variant_cannot_find_is_refused_at_registration(name: str) -> None:
    """A variant registered as 'My House' was never found again by get_variant (which looks
    names up lower-cased, '-' for spaces), and its positions did not read back."""
    with pytest.raises(tr.RegistryError, match="name or alias"):
        tr.register_variant(STOCK.derive(name, "a house rule"))
    with pytest.raises(tr.RegistryError, match="name or alias"):
        tr.register_variant(STOCK.derive("my-house-ok", "a house rule", aliases=(name,)))
    assert "my-house-ok" not in tr.variant_names()


@attrs.frozen
class _TaggedMatchRule(type(STOCK.match)):  # type: ignore[misc]
    """The stock match rule with a class-level setting, as a third party's hook may read."""

    EDITION: ClassVar[int] = 1


def test_class_level_data_changed_at_run_time_is_refused_in_a_worker() -> None:
    """A hook's class travels by reference: a worker imports it afresh and sees the class
    data its module defines. Changed at run time in the caller, the rule set would differ in
    the worker without a word; the fingerprint holds the class data, so the worker refuses."""
    tagged = STOCK.derive("argentine-tagged", "class data", match=_TaggedMatchRule(
        **attrs.asdict(STOCK.match, recurse=False)))
    _played_alike_then_refused(tagged, _TaggedMatchRule, "EDITION", 7)


@attrs.frozen
class _StayTable(StandardTable):
    """A table whose mano never moves: a rule a method holds, not data."""

    def next_mano(self, ctx: DealContext) -> int:
        return ctx.mano


def _moving_mano(self: object, ctx: DealContext) -> int:
    return (ctx.mano + 1) % ctx.seats


def test_a_hook_method_changed_at_run_time_is_refused_in_a_worker() -> None:
    """A method of a hook's class replaced in the caller after the pool started (a patch, a
    notebook cell run again) left the workers playing the old code, and the pool's results
    differed from the caller's for the same seed; the fingerprint holds the hooks' code, so
    the worker refuses."""
    stay = STOCK.derive("argentine-stay", "a mano that stays", table=_StayTable())
    _played_alike_then_refused(stay, _StayTable, "next_mano", _moving_mano)


@attrs.frozen
class _AssertingTable(StandardTable):
    """A table whose method holds an ``assert``, which pytest rewrites in this module as it
    imports it, and a spawned worker imports plainly."""

    def next_mano(self, ctx: DealContext) -> int:
        assert 0 <= ctx.mano < ctx.seats
        return super().next_mano(ctx)


def test_a_hook_class_with_asserts_plays_in_spawned_workers_under_pytest() -> None:
    """The fingerprint reads the hooks' source, not their bytecode: pytest rewrites the
    asserts of a test module in the caller, not in a spawned worker, and the bytecode digest
    refused the same source there."""
    v = STOCK.derive("argentine-asserting", "asserts", table=_AssertingTable())
    with _spawned() as pool:
        assert simulate(v, 4, seed=1, chunk=2, executor=pool) == simulate(v, 4, seed=1, chunk=2)


def _played_alike_then_refused(v: tr.Variant, klass: type, name: str, changed: object) -> None:
    """``v`` plays alike on spawned workers and here; with ``klass.name`` set to ``changed``
    in this process only, the workers refuse it (RegistryError), the setting put back."""
    with _spawned() as pool:
        assert simulate(v, 4, seed=1, chunk=2, executor=pool) == simulate(v, 4, seed=1, chunk=2)
        before = getattr(klass, name)
        setattr(klass, name, changed)
        try:
            with pytest.raises(tr.RegistryError, match="another rule set"):
                simulate(v, 4, seed=1, chunk=2, executor=pool)
        finally:
            setattr(klass, name, before)


class _PlainRanking:
    """A ranking hook that is no attrs class (the protocols allow any class), reading a
    class-level setting and one of its own, each shown by no repr of its own."""

    TOP = 15
    turns_up_card = False

    def __init__(self) -> None:
        self.base = tuple(STOCK.ranking.strengths(None))

    def __repr__(self) -> str:
        return "_PlainRanking()"

    def strengths(self, turned: object = None, deck: object = ()) -> tuple[int, ...]:
        table = list(self.base)
        table[tr.Card.of(4, tr.Suit.COPAS).index] = type(self).TOP
        return tuple(table)


def test_the_data_of_a_hook_of_no_attrs_class_is_in_the_fingerprint() -> None:
    """README: fanned-out work plays the caller's rule set or is refused. The fingerprint
    walked an attrs hook's class data, but gave any other hook as its repr: a class setting
    changed at run time was played otherwise in the worker without a word."""
    plain = STOCK.derive("argentine-plain-top", "a plain ranking", ranking=_PlainRanking())
    _played_alike_then_refused(plain, _PlainRanking, "TOP", 1)


def test_a_name_or_alias_may_not_shadow_another_variant() -> None:
    """An alias equal to another variant's name (``paulista``), or a name equal to another's
    alias (``argentino``), was taken without replace=True: the first hid paulista from
    get_variant, the second registered a variant nobody could look up (issue 21 §4, the
    second adversarial pass)."""
    for shadow in (
        STOCK.derive("house-x", "takes a name as alias", aliases=("paulista",)),
        STOCK.derive("argentino", "takes an alias as name"),
    ):
        with pytest.raises(tr.RegistryError, match=r"(already names|is the name of) the variant"):
            tr.register_variant(shadow)
    assert tr.get_variant("paulista").name == "paulista"
    assert tr.get_variant("argentino").name == "argentine"


def test_registration_sees_the_installed_variants_first() -> None:
    """In a fresh process, registering a variant under an installed name before any lookup
    was accepted without replace=True: the installed rule set had not been loaded yet."""
    import subprocess
    import sys

    code = (
        "import truco_rules as tr\n"
        "from truco_rules.variants.argentine import ARGENTINE\n"
        "try:\n"
        "    tr.register_variant(ARGENTINE.derive('paulista', 'not the paulista rules'))\n"
        "except tr.RegistryError:\n"
        "    print('refused')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "refused"


class _Tag:
    """A picklable object whose repr shows only its identity."""


@attrs.frozen
class _OpaqueMatchRule(type(STOCK.match)):  # type: ignore[misc]
    tag: _Tag = attrs.field(factory=_Tag, eq=False)


def test_a_variant_no_worker_could_check_is_refused_before_fan_out() -> None:
    """A field whose repr shows only its identity emptied the fingerprint, and the worker's
    check was skipped: class data changed at run time was played otherwise without a word."""
    opaque = STOCK.derive("argentine-opaque", "an opaque field", match=_OpaqueMatchRule(
        **attrs.asdict(STOCK.match, recurse=False)))
    with _spawned() as pool, pytest.raises(tr.RegistryError, match="only its identity"):
        simulate(opaque, 4, seed=1, executor=pool)
    assert simulate(opaque, 2, seed=1).matches == 2  # here it plays


@pytest.mark.parametrize(
    "lie",
    [
        {"wins": (10**6, 0)},
        {"wins": (1, 1, 1)},
        {"seat_wins": (1, 1, 0, 0)},
        {"mano_wins": 10**6},
        {"hands": 0},
    ],
    ids=["wins", "three-sides", "seat-wins", "mano-wins", "no-hands"],
)
def test_a_piece_whose_counts_cannot_be_is_refused(lie: dict[str, Any]) -> None:
    part = _run_one_chunk()
    liar = _LyingExecutor(lambda tasks: [attrs.evolve(part, **lie) for _ in tasks])
    with pytest.raises(tr.ProtocolError, match=r"executor\.map"):
        simulate("argentine", 4, seed=1, chunk=2, executor=liar)  # type: ignore[arg-type]


def test_a_piece_faking_its_class_is_refused() -> None:
    class Fake:
        __class__ = SimulationReport  # type: ignore[assignment]

    liar = _LyingExecutor(lambda tasks: [Fake() for _ in tasks])
    with pytest.raises(tr.ProtocolError, match=r"executor\.map"):
        simulate("argentine", 4, seed=1, chunk=2, executor=liar)  # type: ignore[arg-type]


def test_an_alias_may_not_take_a_registered_variants_name() -> None:
    """The third adversarial pass: with replace=True, an alias ``argentine`` sent every
    lookup of that name, records included, to another rule set, while new matches still wrote
    ``argentine`` in their records. A name is looked up before an alias, and an alias equal
    to a registered name is refused."""
    record = tr.get_variant("argentine").new_match(2, seed=3).to_json()
    mine = tr.get_variant("argentine-sin-flor").derive("mine", "house", aliases=("argentine",))
    with pytest.raises(tr.RegistryError, match="is the name of the variant"):
        tr.register_variant(mine, replace=True)
    assert tr.Match.from_json(record).to_json() == record
    assert "mine" not in tr.variant_names()


_RACE = """
import threading
import truco_rules as tr

out = []
barrier = threading.Barrier(4)


def look():
    barrier.wait()
    try:
        out.append(tr.get_variant("argentine").name)
    except Exception as exc:
        out.append(type(exc).__name__)


threads = [threading.Thread(target=look) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(out))
"""


def test_threads_of_a_fresh_process_find_every_variant() -> None:
    """A fresh process whose first lookups come from several threads at once (a Dask worker
    runs its first tasks so) finds the whole registry in each: a thread did not wait for
    the entry points another was loading, and found no variant."""
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", _RACE], capture_output=True, text=True, timeout=120
        )
        assert done.stdout.strip() == str(["argentine"] * 4), done.stdout + done.stderr


_MAIN_HOOK = """
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import attrs

import truco_rules as tr
from truco_rules.hooks import StandardTable, option
from truco_rules.runs.simulate import simulate


@attrs.frozen
class TeachingTable(StandardTable):
    mano_moves: bool = option(False, "Whether the mano moves.", choices=(False, True))

    def next_mano(self, ctx):
        return super().next_mano(ctx) if self.mano_moves else ctx.mano


if __name__ == "__main__":
    v = tr.get_variant("argentine-sin-flor").derive("teaching", "x", table=TeachingTable())
    here = simulate(v, 6, seed=1, chunk=3)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        there = simulate(v, 6, seed=1, chunk=3, executor=pool)
    print(there == here)
"""


def test_a_hook_class_of_the_main_script_plays_in_spawned_workers(tmp_path: Any) -> None:
    """A worker started afresh runs the main script as ``__mp_main__``: its hook classes
    are the caller's ``__main__`` ones, the same rule set (they were refused as another)."""
    script = tmp_path / "teaching.py"
    script.write_text(_MAIN_HOOK, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300
    )
    assert done.stdout.strip() == "True", done.stdout + done.stderr[-2000:]


class _SubVariant(tr.Variant):
    """A subclass of Variant at module level (picklable): workers rebuild Variant only."""


def test_a_subclass_of_variant_is_refused_before_fan_out() -> None:
    fields = attrs.fields(tr.Variant)
    sub = _SubVariant(**{(f.alias or f.name): getattr(STOCK, f.name) for f in fields if f.init})
    assert simulate(sub, 4, seed=1).matches == 4  # in this process it plays
    with ThreadPoolExecutor(1) as pool, pytest.raises(tr.RegistryError, match="subclass"):
        simulate(sub, 4, seed=1, executor=pool)
