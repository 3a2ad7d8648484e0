"""docs/comparing.md and its figures are current (issue 11 §5): the page is rebuilt from the
library and compared exactly; the figures are compared by the data they are drawn from."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


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
    for png in ("comparing-envido.png", "comparing-mano.png"):
        assert (gen.IMG / png).stat().st_size > 0
        assert f"img/{png}" in page
