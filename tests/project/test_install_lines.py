"""Install lines a newcomer can run (issue 25): truco-rules is not on a package index yet, so
the docs say in one place (docs/getting-started.md, Install) what installs from a clone
today and what will once released; every other page and every missing-extra error points
there, and the tests that need an extra skip saying which."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from pathlib import Path

import pytest

from truco_rules.errors import INSTALL_PAGE, install_hint

ROOT = Path(__file__).resolve().parents[2]
INDEX_LINE = re.compile(r"""pip install -?e? ?["']?truco-rules\[""")


def test_the_install_section_says_both_ways() -> None:
    page = (ROOT / INSTALL_PAGE.split("#")[0]).read_text(encoding="utf-8")
    section = page.split("## Install", 1)[1].split("\n## ", 1)[0]
    assert 'pip install ".[openspiel]"' in section  # today, from a clone
    assert 'pip install "truco-rules[openspiel]"' in section  # once released
    for extra in ("test", "docs", "openspiel", "pettingzoo", "dask", "progress", "dev"):
        assert f"| `{extra}` |" in section, extra


def test_no_other_page_or_module_says_install_from_the_index() -> None:
    places = [*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    home = Path(inspect.getsourcefile(install_hint) or "").name  # the one place that may
    places += [p for p in (ROOT / "src").rglob("*.py") if p.name != home]
    for path in places:
        text = path.read_text(encoding="utf-8")
        if path.name == "getting-started.md":
            text = (
                text.split("## Install", 1)[0] + text.split("## Install", 1)[1].split("\n## ", 1)[1]
            )
        assert not INDEX_LINE.search(text), f"{path.relative_to(ROOT)} installs from an index"


def test_the_hint_says_both_ways_and_where() -> None:
    hint = install_hint("pettingzoo")
    assert "pip install '.[pettingzoo]'" in hint and "'truco-rules[pettingzoo]'" in hint
    assert INSTALL_PAGE in hint


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("truco_rules.adapters.openspiel", "pyspiel", "openspiel"),
        ("truco_rules.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
        ("truco_rules.testing", "hypothesis", "test"),
    ],
)
def test_a_missing_extra_says_how_to_install_it(
    module: str, missing: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # import of it fails
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as info:
        importlib.import_module(module)
    assert str(info.value).endswith(install_hint(extra))


def test_every_skip_gives_a_reason_and_the_readme_shows_them() -> None:
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            if name in ("pytest.mark.skipif", "pytest.importorskip"):
                keywords = {k.arg for k in node.keywords}
                assert "reason" in keywords, f"{path.name}:{node.lineno}: {name} without a reason"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_command = next(
        line
        for line in readme.splitlines()
        if line.startswith("python3 -m venv") and "pytest" in line
    )
    assert re.search(r"pytest\b.* -rs\b", test_command), "the README's test run hides skip reasons"
