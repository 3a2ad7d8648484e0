"""docs/comparing.md and its figures are current (issue 11 §5): the page is rebuilt from the
library and compared exactly; the figures are compared by the data they are drawn from."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "comparing_docs", ROOT / "tools" / "comparing_docs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_comparing_page_and_figure_data_are_current() -> None:
    gen = _generator()
    page, data = gen.build()
    fix = "run `python tools/comparing_docs.py` and commit the result"
    assert page == gen.PAGE.read_text(encoding="utf-8"), f"docs/comparing.md is stale: {fix}"
    committed = json.loads(gen.DATA.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(data)) == committed, f"the figures' data is stale: {fix}"
    for png in ("comparing-envido.png", "comparing-mano.png", "comparing-ties.png"):
        assert (gen.IMG / png).stat().st_size > 0
        assert f"img/{png}" in page


def test_comparing_page_tables_fit_a_laptop_screen() -> None:
    """Issue 25: the 6-variant rule table was 8 columns wide (2½ shown at 1280 px); the page
    now has one table per concern, a row per way the variants play a rule, and no table wider
    than 5 columns."""
    page = (ROOT / "docs" / "comparing.md").read_text(encoding="utf-8")
    headers = [line for line in page.splitlines() if line.startswith("|---")]
    assert headers and max(line.count("|") - 1 for line in headers) <= 5
    assert "### Tricks and ties" in page and "| rule | RULES | plays | variants |" in page


def test_the_tie_rule_figure_plots_each_change_with_its_interval() -> None:
    """Issue 25: two rates of 45% on a 0-50 axis hid the differences; the figure's data is
    each change of the mano's rate, inside its interval."""
    data = json.loads((ROOT / "docs" / "img" / "comparing-data.json").read_text())
    for row in data["tie_rules"]:
        diff, low, high = row["difference"]
        assert abs(diff - (row["after"] - row["mano"])) < 1e-5
        assert low <= diff <= high
    moved = [r for r in data["tie_rules"] if r["difference"][0] != 0]
    assert moved and all(r["difference"][1] > 0 for r in moved)  # the blog's rule: clearly up
