"""Every console example in the docs runs as shown (issue 14): each ``$ truco-rules ...`` line of
a ```console block is run in-process and its standard output compared with the lines under it.

In the expected output, ``...`` inside a line matches any text (a rate or a time), and a line
that is only ``...`` matches any number of lines. ``| head -N`` keeps the first N lines;
``2>&1`` compares standard error too; ``< FILE`` reads standard input from FILE. A block whose
fence is preceded by ``<!-- console: not run (REASON) -->`` is skipped, with its reason.
"""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import attrs
import pytest

from truco_rules.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md"))
SKIP = re.compile(r"<!-- console: not run \((?P<why>[^)]+)\) -->")


@attrs.frozen
class Example:
    where: str
    command: str
    expected: tuple[str, ...]
    skip: str = ""


def _examples() -> list[Example]:
    out: list[Example] = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if lines[i].strip() != "```console":
                i += 1
                continue
            before = "\n".join(lines[max(0, i - 2) : i])
            skip = SKIP.search(before)
            j = i + 1
            block: list[tuple[int, str]] = []
            while j < len(lines) and lines[j].strip() != "```":
                block.append((j + 1, lines[j]))
                j += 1
            current: tuple[int, str] | None = None
            expected: list[str] = []
            for no, line in [*block, (0, "$ ")]:
                if line.startswith("$ "):
                    if current is not None and current[1].strip():
                        where = f"{page.relative_to(ROOT)}:{current[0]}"
                        why = skip.group("why") if skip else ""
                        out.append(Example(where, current[1], tuple(expected), why))
                    current, expected = (no, line[2:]), []
                else:
                    expected.append(line)
            i = j + 1
    return out


EXAMPLES = _examples()
DOCS_COLUMNS = 100
"""The terminal width the examples are shown at."""


def _run(command: str, tmp: Path) -> tuple[int, list[str]]:
    words = shlex.split(command.split("#", 1)[0] if " #" in command else command)
    head = None
    if "|" in words:
        k = words.index("|")
        assert words[k + 1 : k + 2] == ["head"], f"only '| head -N' is supported: {command}"
        head = int(words[k + 2].lstrip("-"))
        words = words[:k]
    merge = "2>&1" in words
    words = [w for w in words if w != "2>&1"]
    stdin = None
    if "<" in words:
        k = words.index("<")
        stdin = (ROOT / words[k + 1]).read_text(encoding="utf-8")
        words = words[:k] + words[k + 2 :]
    assert words[0] == "truco-rules", f"a console example runs truco-rules: {command}"
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr = out, (out if merge else err)
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    status: object = 0
    try:
        status = main(words[1:])
    except SystemExit as exc:  # argparse refusals end with SystemExit
        status = exc.code
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    lines = out.getvalue().splitlines()
    return (0 if status is None else int(status)), lines[:head] if head is not None else lines


def _matches(expected: tuple[str, ...], printed: list[str]) -> bool:
    def line_ok(e: str, p: str) -> bool:
        if "..." not in e:
            return e.rstrip() == p.rstrip()
        pattern = ".*".join(re.escape(part) for part in e.rstrip().split("..."))
        return re.fullmatch(pattern, p.rstrip()) is not None

    def go(i: int, j: int) -> bool:
        if i == len(expected):
            return j == len(printed)
        if expected[i].strip() == "...":
            return any(go(i + 1, k) for k in range(j, len(printed) + 1))
        return j < len(printed) and line_ok(expected[i], printed[j]) and go(i + 1, j + 1)

    return go(0, 0)


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.where for e in EXAMPLES])
def test_console_example_prints_what_the_docs_show(
    ex: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if ex.skip:
        pytest.skip(ex.skip)
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", str(DOCS_COLUMNS))  # text tables fit the terminal's width
    status, printed = _run(ex.command, tmp_path)
    # a command that fails shows its error (2>&1): an example that prints nothing and fails
    # would read as one that succeeds quietly
    shows_error = any(line.startswith("error:") for line in ex.expected)
    assert (status != 0) == shows_error, f"{ex.where}: `{ex.command}` exited with {status}"
    assert _matches(ex.expected, printed), (
        f"{ex.where}: `{ex.command}` printed\n" + "\n".join(printed)
    )


def test_there_are_console_examples() -> None:
    assert len([e for e in EXAMPLES if not e.skip]) >= 10


def test_no_code_block_scrolls_sideways() -> None:
    """Issue 14: long lines in code blocks (console tables, expected-output comments) wrap at
    the page width instead of scrolling (checked at 1280 px in a headless browser): the site
    loads a style sheet that makes every code block wrap."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "extra_css:\n  - css/extra.css" in config
    css = (ROOT / "docs" / "css" / "extra.css").read_text(encoding="utf-8")
    rule = css[css.index(".md-typeset pre > code") :]
    assert "white-space: pre-wrap" in rule.split("}")[0]
