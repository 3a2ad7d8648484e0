"""The examples in the public API's docstrings run (issue 27): each ``>>>`` line is executed
and its output compared, so an example that goes stale fails here.

Every module of the package with an example is collected from the installed sources; the
public entry points a reader meets first must have one.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import truco_rules
import truco_rules.variants

REQUIRED = (
    "truco_rules",  # the package's top level
    "truco_rules.rules.variant",  # Variant
    "truco_rules.match",  # Match
    "truco_rules.core.actions",  # Action
    "truco_rules.core.cards",  # the card notation
    "truco_rules.views.position",  # the position notation
    "truco_rules.testing",  # the testing kit
)


def _with_examples() -> list[str]:
    names = []
    for package in (truco_rules, truco_rules.variants):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("*.py")):
            if ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join((package.__name__, *parts)))
    return names


MODULES = _with_examples()


def test_the_public_entry_points_have_examples() -> None:
    missing = [name for name in REQUIRED if name not in MODULES]
    assert not missing, f"no docstring example in {missing}"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True, verbose=False)
    assert result.attempted > 0, f"{name}: its examples were not found"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
