"""The documentation stays true: every option is documented and every example runs.

(a) every option name of each built-in Argentine variant appears in backticks in
    docs/variants/argentine.md;
(b) every ```python block in docs/*.md and docs/variants/*.md runs without error in a fresh
    namespace, except blocks containing a line ``# not run``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules import variant as variant_module

DOCS = Path(__file__).resolve().parent.parent / "docs"
ARGENTINE_PAGE = DOCS / "variants" / "argentine.md"
ARGENTINE_VARIANTS = ("argentine", "argentine-sin-flor", "argentine-blog")

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.DOTALL | re.MULTILINE,
)


def _doc_pages() -> list[Path]:
    return sorted(DOCS.glob("*.md")) + sorted((DOCS / "variants").glob("*.md"))


def _python_blocks() -> Iterator[tuple[str, str]]:
    for page in _doc_pages():
        text = page.read_text(encoding="utf-8")
        for match in _FENCE.finditer(text):
            indent = match.group("indent")
            lines = match.group("body").splitlines()
            body = "\n".join(line.removeprefix(indent) for line in lines)
            if any(line.strip() == "# not run" for line in lines):
                continue
            line_no = text.count("\n", 0, match.start()) + 1
            yield f"{page.relative_to(DOCS)}:{line_no}", body + "\n"


BLOCKS = list(_python_blocks())


def test_doc_pages_exist() -> None:
    assert ARGENTINE_PAGE.is_file()
    assert BLOCKS, "no python examples found in docs/"


@pytest.mark.parametrize("name", ARGENTINE_VARIANTS)
def test_every_option_is_documented(name: str) -> None:
    page = ARGENTINE_PAGE.read_text(encoding="utf-8")
    missing = [o for o in tr.get_variant(name).options() if f"`{o}`" not in page]
    assert not missing, f"options of {name} missing from {ARGENTINE_PAGE.name}: {missing}"


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Examples may register variants; undo that so other tests see the built-in set."""
    tr.variant_names()  # load the entry points before taking the snapshot
    registry = dict(variant_module._REGISTRY)
    aliases = dict(variant_module._ALIASES)
    try:
        yield
    finally:
        variant_module._REGISTRY.clear()
        variant_module._REGISTRY.update(registry)
        variant_module._ALIASES.clear()
        variant_module._ALIASES.update(aliases)


@pytest.mark.parametrize("where,code", BLOCKS, ids=[w for w, _ in BLOCKS])
@pytest.mark.usefixtures("clean_registry")
def test_example_runs(where: str, code: str) -> None:
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    exec(compile(code, where, "exec"), namespace)
