"""Pytest plugin used by ``mutate.py``; not loaded in normal test runs.

* ``MUTATION_COVMAP=1``: label coverage data with the running test's node id (the process
  must run under ``coverage run``), so ``mutate.py`` knows which tests reach which line.
* ``MUTATION_DURATIONS=<file>``: append ``nodeid<TAB>seconds`` for every test run.
* ``MUTATION_SELECT=<file>``: keep only the node ids listed in the file (one per line,
  fastest first) and run them in that order.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest


def _coverage() -> Any:
    if not os.environ.get("MUTATION_COVMAP"):
        return None
    import coverage

    return coverage.Coverage.current()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Any:
    cov = _coverage()
    if cov is not None:
        cov.switch_context(item.nodeid)
    yield
    if cov is not None:
        cov.switch_context("")


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
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


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    out = os.environ.get("MUTATION_DURATIONS")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(f"{report.nodeid}\t{report.duration:.6f}\n")
