"""Fan-out of seeded tasks over any :class:`concurrent.futures.Executor` (DESIGN §6).

A long job is a list of tasks, each carrying its own explicit seed, and a function that
turns one task into a partial result. :func:`run_tasks` maps the function over the tasks in
this process (``executor=None``), on a ``ProcessPoolExecutor``, or on a Dask client's
``get_executor()``: since every task is fully described by its arguments, the partial results,
and whatever is summed from them in task order, are the same whichever runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

from .variant import Variant, get_variant, variant_names

__all__ = ["chunks", "resolve_variant", "run_tasks", "variant_spec"]

T = TypeVar("T")
R = TypeVar("R")

VariantSpec = tuple[Variant | str, dict[str, Any]]


def variant_spec(variant: Variant) -> VariantSpec:
    """A cheap picklable description of ``variant``: a registered name and its changed
    options when that rebuilds it exactly, else the variant object itself."""
    if variant.name in variant_names():
        opts = variant.non_default_options()
        if get_variant(variant.name, opts) == variant:
            return variant.name, opts
    return variant, {}


def resolve_variant(spec: VariantSpec) -> Variant:
    """The variant a :func:`variant_spec` describes."""
    return get_variant(spec[0], spec[1])


def chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, count)`` pieces of ``range(total)``, each at most ``size`` long."""
    for start in range(0, total, size):
        yield start, min(size, total - start)


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    executor: Executor | None = None,
    progress: Callable[[R], None] | None = None,
) -> list[R]:
    """``[fn(t) for t in tasks]``, run by ``executor`` (default: here), in task order.

    ``progress(result)`` is called as each result arrives (in task order)."""
    results: Iterable[R] = map(fn, tasks) if executor is None else executor.map(fn, tasks)
    out: list[R] = []
    for r in results:
        out.append(r)
        if progress is not None:
            progress(r)
    return out
