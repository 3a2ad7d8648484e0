"""Fan-out of seeded tasks over any :class:`concurrent.futures.Executor` (docs/architecture.md).

A long job is a list of tasks, each carrying its own explicit seed, and a function that
turns one task into a partial result. :func:`run_tasks` maps the function over the tasks in
this process (``executor=None``), on a ``ProcessPoolExecutor``, or on a Dask client's
``get_executor()``: since every task is fully described by its arguments, the partial results,
and whatever is summed from them in task order, are the same whichever runs them. A task's
variant reaches the worker as the same rule set or the task is refused
(:func:`variant_spec`, :func:`resolve_variant`): a worker never plays what its own registry
happens to hold under the name.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any, TypeVar, cast

import attrs

from ..core.errors import ParseError, ProtocolError, RegistryError, WorkerError, shown
from ..rules.registry import installed_variant
from ..rules.variant import Variant
from .fingerprint import canonical, fingerprint

__all__ = [
    "InWorker",
    "chunks",
    "fingerprint",
    "portable",
    "resolve_variant",
    "run_tasks",
    "variant_spec",
]

T = TypeVar("T")
R = TypeVar("R")

VariantSpec = tuple[str, Any, str]
"""How a task names its variant: ``("name", (name, options), fingerprint)``,
``("pickle", bytes, fingerprint)`` or, for tasks run in this process, ``("object", variant,
"")`` (see :func:`variant_spec`)."""


def variant_spec(variant: Variant, executor: Executor | None = None) -> VariantSpec:
    """A description of ``variant`` for tasks run by ``executor``, which a worker process turns
    back into the same rule set, or refuses (:func:`resolve_variant`). With no executor the
    tasks run here and the description is the variant itself.

    A variant that an installed entry point gives, with changed options, travels as its name
    and those options: any process with the same packages installed rebuilds it. Any other
    variant (registered at run time, a name replaced with ``replace=True``, made with
    ``derive``) travels as itself, pickled here. Either way the description carries the rule
    set's :func:`fingerprint`, which the worker checks. A variant that cannot be pickled, or
    of a subclass of :class:`~truco_rules.rules.variant.Variant`, is refused here with
    :class:`~truco_rules.core.errors.RegistryError`.
    """
    if executor is None:
        return "object", variant, ""
    if type(variant) is not Variant:  # a worker rebuilds Variant objects only
        raise RegistryError(
            f"the variant {variant.name!r} is a {type(variant).__name__}, a subclass of "
            "Variant, which workers do not play: compose it from hooks (Variant.derive), "
            "or run without an executor"
        )
    fp = fingerprint(variant)
    if not fp:
        text = canonical(variant)
        at = text.index(" at 0x")
        raise RegistryError(
            f"the variant {variant.name!r} cannot be sent to worker processes: a field shows "
            f"only its identity ({text[max(0, at - 60) : at + 20]}...), so no worker could "
            "check that it plays the same rules; give the hook a value with a repr of its "
            "own, or run without an executor"
        )
    installed = installed_variant(variant.name)
    if installed is not None:
        stock = installed.options()
        opts = {k: v for k, v in variant.options().items() if stock.get(k, v) != v}
        if installed.with_options(**opts) == variant:
            return "name", (variant.name, opts), fp
    try:
        data = pickle.dumps(variant)
    except Exception as exc:
        raise RegistryError(
            f"the variant {variant.name!r} cannot be sent to worker processes: pickling it "
            f"failed ({type(exc).__name__}: {exc}); define its hooks at module level of an "
            "importable module, or run without an executor"
        ) from None
    return "pickle", data, fp


def resolve_variant(spec: VariantSpec) -> Variant:
    """The variant a :func:`variant_spec` describes, in this (worker) process.

    Raises :class:`~truco_rules.core.errors.RegistryError` when this process cannot rebuild it or
    would build another rule set (another version of the package that defines it, say)."""
    how, what, fp = spec
    if how == "object" and isinstance(what, Variant):
        return what
    try:
        if how == "name":
            name, opts = what
            installed = installed_variant(name)
            if installed is None:
                raise RegistryError(f"no installed package gives the variant {name!r} here")
            variant = installed.with_options(**opts)
        elif how == "pickle":
            variant = pickle.loads(what)
        else:
            raise RegistryError(f"{how!r} is not a way to describe a variant")
    except RegistryError:
        raise
    except Exception as exc:
        raise RegistryError(
            f"a worker process cannot rebuild the variant it was sent: {type(exc).__name__}: {exc}"
        ) from None
    if type(variant) is not Variant or fingerprint(variant) != fp:
        raise RegistryError(
            f"the variant {getattr(variant, 'name', '?')!r} is another rule set in this worker "
            "process than in the caller's (another version of the package that defines it?)"
        )
    return variant


MAX_TASKS = 1_000_000
"""The most pieces one run is cut into: an executor's ``map`` takes every task at once, so a
run of many matches in pieces of one would build millions of tasks before the first plays."""


def chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, count)`` pieces of ``range(total)``, each at most ``size`` long.

    More than :data:`MAX_TASKS` pieces raise :class:`~truco_rules.core.errors.ParseError` naming
    the smallest piece size that fits, before any piece is made."""
    if -(-total // size) > MAX_TASKS:
        least = -(-total // MAX_TASKS)
        raise ParseError(
            f"{total:,} in pieces of {size:,} make more than {MAX_TASKS:,} tasks: "
            f"use a chunk of at least {least:,}"
        )
    for start in range(0, total, size):
        yield start, min(size, total - start)


def counts_problem(result: object, count: str, expected: int) -> str:
    """What is wrong with a worker's report ``result`` (an attrs class of counts), or ``""``:
    every int field a non-negative ``int``, every tuple of them too, every float finite and
    non-negative, and the field ``count`` (the matches or deals it played) ``expected``."""
    for f in attrs.fields(cast("type[attrs.AttrsInstance]", type(result))):
        value = getattr(result, f.name)
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if (
                type(v) is bool
                or (type(v) is int and v < 0)
                or (type(v) is float and not 0 <= v < float("inf"))
            ):
                return f"{f.name} = {shown(value)}"
            if type(v) not in (int, float, str) and v is not None:
                return f"{f.name} = {shown(value)}"
    got = getattr(result, count)
    if got != expected:
        return f"{count} = {shown(got)} for a task of {expected}"
    return ""


def counting(
    progress: Callable[[int, int], None] | None, total: int, size: Callable[[Any], int]
) -> Callable[[Any], None]:
    """A callback for :func:`run_tasks` that tells ``progress(done, total)`` how many units
    (``size(result)`` each: matches, deals) are done as each result arrives."""
    done = [0]

    def tick(result: Any) -> None:
        done[0] += size(result)
        if progress is not None:
            progress(done[0], total)

    return tick


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    executor: Executor | None = None,
    progress: Callable[[R], None] | None = None,
    expect: type[R] | None = None,
    check: Callable[[T, R], str] | None = None,
) -> list[R]:
    """``[fn(t) for t in tasks]``, run by ``executor`` (default: here), in task order.

    ``progress(result)`` is called as each result arrives (in task order). A worker's result
    is input like any other: with ``expect``, each must be an instance of it, and ``check(task,
    result)`` names what is wrong with it (``""``: nothing); an executor must give exactly one
    result per task. Else :class:`~truco_rules.core.errors.ProtocolError`, before ``progress``
    sees the result. (The callers check ``executor`` itself:
    :func:`~truco_rules.core.arguments.run_size`.)"""
    if executor is None:
        results: Iterator[Any] = map(fn, tasks)
    else:
        results = _sent(fn, tasks, executor)
    out: list[R] = []
    for task in tasks:
        try:
            r = next(results, _MISSING)
        except BrokenExecutor as exc:  # a worker killed, or one that could not start
            raise WorkerError(
                "", f"a worker process ended abruptly, the run is void ({exc})"
            ) from None
        if r is _MISSING:
            break
        if expect is not None and type(r) is not expect:
            hint = ""
            if hasattr(r, "result") and hasattr(r, "done"):  # a future, not its result
                hint = " (a Dask client: pass client.get_executor(), whose map gives results)"
            raise ProtocolError(
                "executor", "map", f"a task gave {shown(r)}, not a {expect.__name__}{hint}"
            )
        problem = check(task, r) if check is not None else ""
        if problem:
            raise ProtocolError("executor", "map", f"a task's result has {problem}")
        out.append(r)
        if progress is not None:
            progress(r)
    if len(out) != len(tasks) or next(results, _MISSING) is not _MISSING:
        raise ProtocolError(
            "executor",
            "map",
            f"{'fewer' if len(out) < len(tasks) else 'more'} results than its {len(tasks)} tasks",
        )
    return out


_MISSING: Any = object()


def _sent(fn: Callable[[Any], Any], tasks: Sequence[Any], executor: Executor) -> Iterator[Any]:
    """``executor.map`` of ``fn`` over ``tasks``, by way of :class:`InWorker`: to a process
    pool each task goes pickled here and is rebuilt in the worker, where a failure is told."""
    pool = isinstance(executor, ProcessPoolExecutor)
    try:  # a process pool's workers unpickle with plain pickle: so is each task sent
        sent: list[Any] = [pickle.dumps(t) for t in tasks] if pool else list(tasks)
    except Exception as exc:
        raise WorkerError(*_cannot_send(exc)) from None
    try:
        mapped = executor.map(InWorker(fn, pool), sent)
    except BrokenExecutor as exc:  # a pool whose worker died in an earlier run
        raise WorkerError("", f"the executor is broken, a worker having died ({exc})") from None
    except RuntimeError as exc:  # e.g. "cannot schedule new futures after shutdown"
        raise ProtocolError("executor", "map", f"refused the tasks ({exc})") from None
    except TypeError as exc:  # Dask: a task it could not serialize
        if "serializ" in str(exc) or "pickl" in str(exc):
            raise WorkerError(*_cannot_send(exc)) from None
        raise ProtocolError("executor", "map", "gave no iterable of results") from None
    try:
        return iter(mapped)
    except TypeError:
        raise ProtocolError("executor", "map", "gave no iterable of results") from None


def _cannot_send(exc: BaseException) -> tuple[str, str]:
    """The class and the message of a :class:`WorkerError` for tasks that cannot be sent."""
    exc = exc.__cause__ or exc  # Dask's error is raised from the pickler's
    return type(exc).__name__, (
        f"the tasks cannot be sent to worker processes ({shown(str(exc), 300)}): give agents "
        "and hooks that pickle (names, or functions and classes at module level of an "
        "importable module), or run without an executor"
    )


@attrs.frozen
class InWorker:
    """``fn`` as a worker process runs it. With ``pickled`` (a process pool), the task is
    rebuilt from its pickle here, where a failure can be told
    (:class:`~truco_rules.core.errors.WorkerError`: the worker cannot import a class of it,
    say), and an error that could not travel back as itself is sent as a ``WorkerError``
    naming its class, with its notes; else (Dask, which sends errors back its own way)
    ``fn`` runs as it is."""

    fn: Callable[[Any], Any]
    pickled: bool = False

    def __call__(self, task: Any) -> Any:
        if not self.pickled:  # Dask sends errors back its own way
            return self.fn(task)
        try:
            task = pickle.loads(task)
        except Exception as exc:
            raise WorkerError(
                type(exc).__name__,
                f"a worker process cannot rebuild the task it was sent ({shown(str(exc), 300)})"
                ": define agents and hooks at module level of a module the workers import "
                "(not under if __name__ == '__main__'), or run without an executor",
            ) from None
        try:
            return self.fn(task)
        except Exception as exc:
            raise portable(exc) from None


def portable(exc: BaseException) -> BaseException:
    """``exc`` if it survives a pickle as itself (it then reaches the caller of a worker
    process unchanged), else a :class:`~truco_rules.core.errors.WorkerError` naming its class
    and message, with its notes."""
    try:
        back = pickle.loads(pickle.dumps(exc))
        if type(back) is type(exc) and str(back) == str(exc):
            return exc
    except Exception:
        pass
    err = WorkerError(f"{type(exc).__module__}.{type(exc).__qualname__}", str(exc)[:2000])
    notes = getattr(exc, "__notes__", None)
    if isinstance(notes, list) and all(isinstance(n, str) for n in notes):
        err.__dict__["__notes__"] = list(notes)
    return err
