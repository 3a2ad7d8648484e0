"""The kernel's shape (docs/architecture.md "Layers"): no import circle, small modules, and no
region named in the kernel's code.

Imports are read from the source with :mod:`ast`, wherever they are: at the top of a module,
inside a function, or under ``if TYPE_CHECKING:``; a circle hidden in any of them fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

KERNEL = Path(__file__).resolve().parents[2] / "src" / "truco_rules"
REGIONS = re.compile(r"paulista|mineiro|almer|argentin|urugua", re.IGNORECASE)


def _module_name(path: Path) -> str:
    parts = path.relative_to(KERNEL.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(KERNEL.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The kernel modules ``name`` imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # ``from pkg import x`` imports the module pkg.x when there is one, else a name
            # defined in pkg itself
            targets = [
                f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names
            ]
        for t in targets:
            while t and t not in known:  # a name inside a module: that module
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {name: _imports(name, path, known) for name, path in mods.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_in_the_kernel() -> None:
    graph = _graph()
    assert "truco_rules.match" in graph and "truco_rules.rules.variant" in graph
    circles = _circles(graph)
    assert circles == [], f"import circles: {circles}"


def test_the_circle_finder_finds_a_circle() -> None:
    """The check can fail: a planted edge from the variant to the match closes a circle."""
    graph = _graph()
    graph["truco_rules.rules.variant"].add("truco_rules.match")
    assert any(
        "truco_rules.rules.variant" in c and "truco_rules.match" in c
        for c in _circles(graph)
    )


def test_imports_are_read_inside_functions_and_type_checking(tmp_path: Path) -> None:
    src = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..match import Match\n"
        "def f():\n    from ..views import observe\n"
    )
    fake = tmp_path / "variant.py"
    fake.write_text(src, encoding="utf-8")
    found = _imports("truco_rules.rules.variant", fake, set(_modules()))
    assert found == {"truco_rules.match", "truco_rules.views.observe"}


@pytest.mark.parametrize("name", sorted(_modules()))
def test_every_kernel_module_is_at_most_400_lines(name: str) -> None:
    lines = _modules()[name].read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{name} has {lines} lines"


def _code_without_docstrings(path: Path) -> str:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body[0].value.value = ""
    return ast.unparse(tree)


@pytest.mark.parametrize("name", sorted(_modules()))
def test_the_kernel_names_no_region(name: str) -> None:
    """RULES §1: the kernel knows hooks, never a variant (docstrings that explain extension
    points may name one)."""
    found = REGIONS.findall(_code_without_docstrings(_modules()[name]))
    assert not found, f"{name} names {sorted(set(found))}"


LAYERS = ("core", "rules", "contest", "game", "views", "describe", "runs")


def test_the_kernel_is_grouped_by_layer() -> None:
    """docs/architecture.md "Layers": the package's own modules sit in layer subpackages; at
    the top only the package, the public Match, the documented import paths of the hooks and
    the side-bet protocol, and the table of moved paths."""
    top = sorted(p.stem for p in KERNEL.glob("*.py"))
    assert top == ["__init__", "_moved", "hooks", "match", "side_bet"]
    for layer in LAYERS:
        assert (KERNEL / layer / "__init__.py").is_file()


@pytest.mark.parametrize("layer", LAYERS)
def test_the_architecture_page_shows_every_module_of_a_layer(layer: str) -> None:
    """docs/architecture.md names each module of a layer in the layer's row of its table and
    in its picture; five modules added after the layout was drawn were in neither."""
    page = (KERNEL.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith(f"| `{layer}/` |"))
    listed = set(re.findall(r"`(\w+)`", row.split("|")[2]))
    drawn = page.split("```text", 1)[1].split("```", 1)[0]
    start = drawn.index(f" {layer}/ ")
    end = min(
        (i for i in (drawn.find(f" {o}/ ", start + 1) for o in LAYERS) if i > start),
        default=len(drawn),
    )
    block = set(re.findall(r"\w+", drawn[start:end]))
    modules = sorted(p.stem for p in (KERNEL / layer).glob("*.py") if p.stem != "__init__")
    assert [m for m in modules if m not in listed] == [], f"the table's {layer}/ row"
    assert [m for m in modules if m not in block] == [], f"the picture's {layer}/"


@pytest.mark.parametrize("old", sorted(__import__("truco_rules._moved").__dict__["_moved"].MOVED))
def test_a_module_path_of_the_flat_layout_still_imports_its_module(old: str) -> None:
    import importlib

    from truco_rules._moved import MOVED

    assert importlib.import_module(old) is importlib.import_module(MOVED[old])


def test_the_split_module_paths_still_import_their_names() -> None:
    from truco_rules.hooks import EnvidoRules, FlorRules, TrickRule
    from truco_rules.rules.trick_rule import TrickRule as Real
    from truco_rules.sidebets import EnvidoRules as E2  # type: ignore[import-not-found]
    from truco_rules.sidebets import FlorRules as F2

    assert (E2, F2, TrickRule) == (EnvidoRules, FlorRules, Real)


RANK = {"core": 0, "rules": 1, "contest": 2, "game": 3, "describe": 4, "views": 4}
"""The layers from the bottom: a module imports only from its own layer or those below
(everything else — ``match`` (the public Match), ``runs``, ``agents``, ``analysis``,
``adapters``, ``testing``, ``cli`` and the package itself — sits above them all)."""


def _rank(module: str) -> int:
    parts = module.split(".")
    return RANK.get(parts[1], 9) if len(parts) > 1 else 9


def test_every_import_points_down_the_layers() -> None:
    up = [
        f"{a} -> {b}"
        for a, targets in _graph().items()
        for b in targets
        if _rank(b) > _rank(a)
    ]
    assert up == [], f"imports that point up the layers: {up}"


def test_the_layer_check_can_fail() -> None:
    assert _rank("truco_rules.core.cards") < _rank("truco_rules.match")
    graph = _graph()
    graph["truco_rules.core.cards"].add("truco_rules.match")
    assert any(_rank(b) > _rank(a) for a, ts in graph.items() for b in ts)


def test_every_kernel_package_is_installed() -> None:
    """pyproject.toml lists its packages one by one: a layer left out is missing from every
    install that is not editable (the wheel, CI's ``pip install .``)."""
    import tomllib

    listed = set(
        tomllib.loads((KERNEL.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))[
            "tool"
        ]["setuptools"]["packages"]
    )
    found = {_module_name(p) for p in KERNEL.rglob("__init__.py")}
    assert found <= listed, f"packages not in pyproject.toml: {sorted(found - listed)}"
