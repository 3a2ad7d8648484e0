"""Pytest plugin used by ``mutate.py``; not loaded in normal test runs.

* ``MUTATION_COVMAP=1``: label coverage data with the running test's node id (the process
  must run under ``coverage run``), so ``mutate.py`` knows which tests reach which line.
  Before each test, every ``functools`` cache and memo table of the library is emptied, so
  each test that calls a cached function runs its body and is credited with its lines (else
  only the first caller is, and a mutant there is tested by the wrong tests).
* ``MUTATION_OUTCOMES=<file>``: append ``nodeid<TAB>phase<TAB>outcome<TAB>seconds`` for
  every phase (setup, call, teardown) of every test run.
* ``MUTATION_SELECT=<file>``: keep only the node ids listed in the file (one per line,
  fastest first) and run them in that order.
* ``MUTATION_MAX_EXAMPLES=<n>``: run every ``@given`` test with at most ``n`` examples
  (explicit ``@settings`` included). ``find()`` searches keep their own budget: capping an
  existence search makes it fail on clean code.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from truco_rules.core.per_object import PerObject

# Module-level memo tables of the library (dicts filled on first use): emptied (reset to
# their import-time content) before each test of the coverage run, like the lru caches.
MEMOS = {
    "truco_rules.core.cards": ("_TABLES",),
    "truco_rules.core.actions": ("_VERBS", "_IN_NOTATION"),
    "truco_rules.core.options": ("_ASKED",),
    "truco_rules.rules.envido": ("_POINTS",),
    "truco_rules.rules.table": ("_PLANS",),
    "truco_rules.rules.deck": ("_CHECKED",),
    "truco_rules.contest.envido_bet": ("_STARTS",),
    "truco_rules.contest.flor_bet": ("_NO_FLOR",),
    "truco_rules.contest.refusals": ("_OWNERS",),
}
_memo_initial: dict[tuple[str, str], Any] = {}


def _coverage() -> Any:
    if not os.environ.get("MUTATION_COVMAP"):
        return None
    import coverage

    return coverage.Coverage.current()


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] != "truco_rules":
            continue
        for value in list(vars(module).values()):
            _clear(value)
            if isinstance(value, type) and value.__module__ == name:
                for attr in list(vars(value).values()):
                    _clear(getattr(attr, "__func__", attr))
        for memo in MEMOS.get(name, ()):
            table = getattr(module, memo, None)
            if isinstance(table, (dict, set)):  # a memo of answers, or of what was checked
                initial = _memo_initial.setdefault((name, memo), table.copy())
                table.clear()
                table.update(initial)


def _clear(value: object) -> None:
    if isinstance(value, functools._lru_cache_wrapper):
        value.cache_clear()
    elif isinstance(value, PerObject):  # the per-variant tables of the contest
        value.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Any:
    cov = _coverage()
    if cov is not None:
        _clear_caches()
        cov.switch_context(item.nodeid)
    yield
    if cov is not None:
        cov.switch_context("")


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    cap = int(os.environ.get("MUTATION_MAX_EXAMPLES") or 0)
    if cap:
        _cap_examples(items, cap)
    select = os.environ.get("MUTATION_SELECT")
    if not select:
        return
    wanted = Path(select).read_text(encoding="utf-8").split("\n")
    rank = {nodeid: i for i, nodeid in enumerate(w for w in wanted if w)}
    keep = [item for item in items if item.nodeid in rank]
    drop = [item for item in items if item.nodeid not in rank]
    keep.sort(key=lambda item: rank[item.nodeid])
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep


def _cap_examples(items: list[pytest.Item], cap: int) -> None:
    from hypothesis import settings

    for item in items:
        test = getattr(item, "obj", None)
        if not getattr(test, "is_hypothesis_test", False):
            continue
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is not None and current.max_examples > cap:
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                current, max_examples=cap
            )


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    out = os.environ.get("MUTATION_OUTCOMES")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(f"{report.nodeid}\t{report.when}\t{report.outcome}\t{report.duration:.6f}\n")
