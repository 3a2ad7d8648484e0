"""The API reference renders as written (issue 25): the docstrings are Google style with
Markdown bodies (mkdocs.yml: ``docstring_style: google``), so no reST may be left in them
(a directive, a ``::`` literal block, a simple table, a field list) nor in the built API
pages, and every Python example in a docstring runs and prints what its comments say."""

from __future__ import annotations

import ast
import contextlib
import html
import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "src" / "truco_rules").rglob("*.py"), *(ROOT / "variants").glob("*.py")])

REST = {
    "a reST directive (.. name::)": re.compile(r"^\s*\.\. [\w-]+::", re.M),
    "a reST literal block (a paragraph ending in ::)": re.compile(r"\S::\s*$", re.M),
    "a reST simple table (==== ====)": re.compile(r"^\s*=+ +=+\s*$", re.M),
    "a reST field (:param x:, :returns:)": re.compile(r"^\s*:(param|returns?|raises|type)\b", re.M),
}
ROLE = re.compile(r":(class|meth|func|mod|data|attr|exc|obj):")


def docstrings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the module's docstring and of every class and function's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append((getattr(node, "lineno", 1), doc))
    return found


def rest_in(text: str) -> list[str]:
    """What reST ``text`` holds outside its fenced code blocks."""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    return [what for what, pattern in REST.items() if pattern.search(prose)]


def test_the_check_finds_the_rest_of_issue_25() -> None:
    assert rest_in("Example::\n\n    code\n") == ["a reST literal block (a paragraph ending in ::)"]
    assert rest_in(".. code-block:: toml\n\n    [x]\n") == ["a reST directive (.. name::)"]
    assert rest_in("===  ===\na    b\n===  ===\n") == ["a reST simple table (==== ====)"]
    assert rest_in("Example:\n\n```python\nx = {'a': 1}  # a::\n```\n") == []


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_docstrings_are_markdown_not_rest(path: Path) -> None:
    for line, text in docstrings(path):
        found = rest_in(text)
        assert not found, f"{path.relative_to(ROOT)}:{line}: {', '.join(found)}"


def _examples() -> list[tuple[str, str]]:
    out = []
    for path in SOURCES:
        for line, text in docstrings(path):
            for k, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
                out.append((f"{path.relative_to(ROOT)}:{line}#{k + 1}", block))
    return out


EXAMPLES = _examples()


@pytest.mark.parametrize(("where", "code"), EXAMPLES, ids=[w for w, _ in EXAMPLES])
def test_docstring_examples_run_and_print_what_they_say(where: str, code: str) -> None:
    import textwrap

    code = textwrap.dedent(code)
    first = code.lstrip().splitlines()[0]
    if first.startswith("# not run"):
        assert "docs/" in first, f"{where}: an example not run says where a whole one runs"
        return
    needs = re.match(r"# needs: (\w+)", first)
    if needs:
        module = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo"}[needs.group(1)]
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"needs the {needs.group(1)} extra: pip install '.[{needs.group(1)}]'")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, where, "exec"), {"__name__": "__docstring_example__"})
    printed = out.getvalue().splitlines()
    expected = [
        line.split("  # ", 1)[1].split(":")[0].strip()
        for line in code.splitlines()
        if line.startswith("print(") and "  # " in line
    ]
    prints = [line for line in printed]
    for want in expected:
        assert any(p.startswith(want) for p in prints), f"{where}: no line prints {want!r}"


HAVE_MKDOCS = importlib.util.find_spec("mkdocs") is not None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation, built once for the tests that read its API pages."""
    if not HAVE_MKDOCS:
        pytest.skip("needs the docs extra: pip install '.[docs]'")
    site = tmp_path_factory.mktemp("docs") / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )
    return site


def test_the_built_api_pages_show_no_rest(site: Path) -> None:
    pages = sorted((site / "api").glob("*/index.html"))
    assert len(pages) == 4
    for page in pages:
        raw = re.sub(r"<pre.*?</pre>", "", page.read_text(encoding="utf-8"), flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", "", raw))
        name = page.parent.name
        found = rest_in(text)
        assert not found, f"api/{name}: {', '.join(found)}"
        role = ROLE.search(text)
        assert role is None, f"api/{name}: a raw role: {text[role.start() : role.end() + 60]!r}"
        assert "language-python" in page.read_text(encoding="utf-8") or name == "agents"


@pytest.mark.parametrize(
    ("page", "members"),
    [
        # the kernel's side bets implement the protocol's methods without docstrings of
        # their own: the page shows the protocol's (mkdocs.yml: griffe_inherited_docstrings)
        ("kernel", [f"contest.envido_bet.EnvidoBet.{m}" for m in ("uses", "offers", "act")]),
        ("kernel", [f"contest.flor_bet.FlorBet.{m}" for m in ("start", "answers", "restrict")]),
        # the adapters' overrides of OpenSpiel's and PettingZoo's methods
        ("adapters", [f"adapters.openspiel.TrucoState.{m}" for m in ("returns", "is_terminal")]),
        ("adapters", [f"adapters.pettingzoo.TrucoEnv.{m}" for m in ("step", "observe")]),
    ],
)
def test_the_api_pages_document_protocol_methods(site: Path, page: str, members: list[str]) -> None:
    """A method without a docstring is left off the page: the side bets' protocol methods
    and the adapters' overrides were missing from the API reference."""
    text = (site / "api" / page / "index.html").read_text(encoding="utf-8")
    missing = [m for m in members if f'id="truco_rules.{m}"' not in text]
    assert not missing, f"api/{page} lacks {missing}"
