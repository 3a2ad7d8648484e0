"""The documentation stays true: every option is documented and every example runs as shown.

(a) every option name of each built-in Argentine variant appears in backticks in
    docs/variants/argentine.md, and those of paulista, mineiro and almeria in their own
    pages, whose option tables also show each option's default;
(b) every ```python block in docs/*.md and docs/variants/*.md runs without error in a fresh
    namespace, except blocks containing a line ``# not run``;
(c) the outputs shown for those blocks are what they print now;
(d) every game record shown (a ```json block with ``"format": "truco-rules/1"``, a ```text
    block starting with ``[Variant``) replays and is written back byte for byte.

Conventions for shown output, checked by (c). Only calls of ``print`` written on one line as
a statement of their own (``print(...)``, not ``x = print(...)``) can carry an expected
output; the output of one such line is the text printed by all its calls (a print in a loop
runs several times), without the final newline.

* Same line: ``print(...)  # TEXT``. The output must be exactly ``TEXT``, one line. A
  ``TEXT`` that ends with ``...`` only fixes the start of the output (for long messages).
  So a comment on a print line is always an expected output, never a remark: put remarks
  on a line of their own, or in the prose.
* Following lines: ``print(...)`` with no comment of its own, directly followed by lines
  holding only a comment. Their texts, joined, must equal the output with every run of
  whitespace (line breaks included) counted as one space, so a long output may be wrapped
  at any space. Every comment line in that run is part of the expected output.
* Text block: a ```text block that directly follows a python block (only blank lines
  between them) must equal, exactly, the output of the block's prints that carry no
  expected output of their own (the two forms above).

Other prints are only run. Tracebacks and failure messages name the page and its line.
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import truco_rules as tr

DOCS = Path(__file__).resolve().parents[2] / "docs"
ARGENTINE_PAGE = DOCS / "variants" / "argentine.md"
ARGENTINE_VARIANTS = ("argentine", "argentine-sin-flor", "argentine-blog")
OWN_PAGE_VARIANTS = ("paulista", "mineiro", "almeria")  # documented on docs/variants/<name>.md
OPTION_PAGES = {
    **{name: ARGENTINE_PAGE for name in ARGENTINE_VARIANTS},
    **{name: DOCS / "variants" / f"{name}.md" for name in OWN_PAGE_VARIANTS},
}

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.DOTALL | re.MULTILINE,
)
_TEXT_AFTER = re.compile(
    r"\n(?:[ \t]*\n)*(?P<indent>[ \t]*)```text[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.DOTALL | re.MULTILINE,
)
_RECORD = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<lang>json|text)[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.DOTALL | re.MULTILINE,
)
_ELLIPSIS = "..."


@dataclass
class Block:
    """One python example: where it is, its code, and the text block shown after it."""

    page: str
    line: int  # the line of the opening fence; the code starts on the next line
    code: str
    text_after: str | None = None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


@dataclass
class Expected:
    """The output shown for one print line (line numbers are the page's)."""

    line: int
    text: str
    wrapped: bool  # True: the following-lines form, compared with whitespace collapsed


@dataclass
class Printed:
    """What the block's prints wrote, per page line."""

    by_line: dict[int, list[str]] = field(default_factory=dict)
    order: list[tuple[int, str]] = field(default_factory=list)


def _doc_pages() -> list[Path]:
    pages = sorted(DOCS.glob("*.md")) + sorted((DOCS / "variants").glob("*.md"))
    pages += sorted((DOCS / "engines").glob("*.md"))
    return [*pages, DOCS.parent / "README.md"]  # the README's example is held to the same rule


def _dedent(text: str, indent: str) -> str:
    return "\n".join(line.removeprefix(indent) for line in text.splitlines())


def _python_blocks() -> Iterator[Block]:
    for page in _doc_pages():
        text = page.read_text(encoding="utf-8")
        for match in _FENCE.finditer(text):
            indent = match.group("indent")
            body = _dedent(match.group("body"), indent)
            if any(line.strip() == "# not run" for line in body.splitlines()):
                continue
            line_no = text.count("\n", 0, match.start()) + 1
            block = Block(str(page.relative_to(DOCS.parent)), line_no, body + "\n")
            after = _TEXT_AFTER.match(text, match.end())
            if after is not None and after.group("indent") == indent:
                block.text_after = _dedent(after.group("body"), indent)
            yield block


def _comments(code: str) -> dict[int, str]:
    """The comment on each line of ``code`` (1-based), without the ``#``."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return {t.start[0]: t.string[1:].strip() for t in tokens if t.type == tokenize.COMMENT}


def _print_lines(code: str) -> list[int]:
    """Lines (1-based) holding a one-line ``print(...)`` statement."""
    lines = []
    for node in ast.walk(ast.parse(code)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "print"
            and node.lineno == node.end_lineno
        ):
            lines.append(node.lineno)
    return sorted(lines)


def _expected_outputs(block: Block) -> list[Expected]:
    """The expected outputs written in comments, keyed by the page line of their print."""
    code = block.code
    source = code.splitlines()
    comments = _comments(code)
    found = []
    for n in _print_lines(code):
        page_line = block.line + n
        if n in comments:
            found.append(Expected(page_line, comments[n], wrapped=False))
            continue
        following = []
        k = n + 1
        while k in comments and source[k - 1].lstrip().startswith("#"):
            following.append(comments[k])
            k += 1
        if following:
            found.append(Expected(page_line, " ".join(following), wrapped=True))
    return found


def _run(block: Block) -> Printed:
    """Run the block in a fresh namespace, recording what each print line writes."""
    filename = str(DOCS / block.page)
    printed = Printed()

    def recording_print(*args: Any, **kwargs: Any) -> None:
        if kwargs.get("file") is not None:
            builtins.print(*args, **kwargs)
            return
        buffer = io.StringIO()
        builtins.print(*args, **kwargs, file=buffer)
        out = buffer.getvalue()
        caller = sys._getframe(1)
        line = caller.f_lineno if caller.f_code.co_filename == filename else -1
        printed.by_line.setdefault(line, []).append(out)
        printed.order.append((line, out))
        sys.stdout.write(out)

    # Leading newlines make the code's line numbers the page's, for tracebacks and reports.
    code = "\n" * block.line + block.code
    namespace: dict[str, object] = {"__name__": "__doc_example__", "print": recording_print}
    exec(compile(code, filename, "exec"), namespace)
    return printed


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _check(block: Block, printed: Printed) -> list[str]:
    """Every mismatch between the outputs shown for ``block`` and what it printed."""
    problems = []
    expected = _expected_outputs(block)
    for exp in expected:
        outs = printed.by_line.get(exp.line)
        where = f"{block.page}:{exp.line}"
        if not outs:
            problems.append(f"{where}: this print never ran; expected {exp.text!r}")
            continue
        got = "".join(outs).removesuffix("\n")
        if exp.wrapped:
            ok = _collapse(got) == _collapse(exp.text)
        elif exp.text.endswith(_ELLIPSIS):
            ok = "\n" not in got and got.startswith(exp.text.removesuffix(_ELLIPSIS).rstrip())
        else:
            ok = got == exp.text
        if not ok:
            problems.append(f"{where}: printed {got!r}\n    but the page shows {exp.text!r}")
    if block.text_after is not None:
        annotated = {exp.line for exp in expected}
        got = "".join(out for line, out in printed.order if line not in annotated)
        shown = [line.rstrip() for line in block.text_after.strip("\n").splitlines()]
        lines = [line.rstrip() for line in got.strip("\n").splitlines()]
        if lines != shown:
            problems.append(
                f"{block.where}: the ```text block after this example shows\n"
                + "\n".join(shown)
                + "\n    but the example printed\n"
                + "\n".join(lines)
            )
    return problems


def _records() -> Iterator[tuple[str, str, str]]:
    """(where, "json" or "text", record) for every game record shown in the docs."""
    for page in _doc_pages():
        text = page.read_text(encoding="utf-8")
        for match in _RECORD.finditer(text):
            body = _dedent(match.group("body"), match.group("indent")).strip("\n")
            lang = match.group("lang")
            if (lang == "json" and '"format": "truco-rules/1"' in body) or (
                lang == "text" and body.startswith("[Variant ")
            ):
                line_no = text.count("\n", 0, match.start()) + 1
                yield f"{page.relative_to(DOCS.parent)}:{line_no}", lang, body


BLOCKS = list(_python_blocks())
RECORDS = list(_records())


def test_doc_pages_exist() -> None:
    assert ARGENTINE_PAGE.is_file()
    assert BLOCKS, "no python examples found in docs/"
    assert any(_expected_outputs(b) for b in BLOCKS), "no expected outputs found in docs/"
    assert {kind for _, kind, _ in RECORDS} == {"json", "text"}, "no game records found"


@pytest.mark.parametrize("name", list(OPTION_PAGES))
def test_every_option_is_documented(name: str) -> None:
    path = OPTION_PAGES[name]
    page = path.read_text(encoding="utf-8")
    missing = [o for o in tr.get_variant(name).options() if f"`{o}`" not in page]
    assert not missing, f"options of {name} missing from {path.name}: {missing}"


@pytest.mark.parametrize("name", OWN_PAGE_VARIANTS)
def test_option_table_shows_each_default(name: str) -> None:
    """The options table of a variant's own page gives, for every option, the variant's value
    in the default column (`| `name` | `value` |`)."""
    path = OPTION_PAGES[name]
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `") and "(hook: " in line  # a row of the generated table
    }
    wrong = {
        option: rows.get(f"`{option}`")
        for option, value in tr.get_variant(name).options().items()
        if rows.get(f"`{option}`") != f"`{value!r}`"
    }
    assert not wrong, f"{path.name}: options table rows missing or with a wrong default: {wrong}"


@pytest.mark.parametrize("block", BLOCKS, ids=[b.where for b in BLOCKS])
@pytest.mark.usefixtures("clean_registry")
def test_example_runs_as_shown(block: Block) -> None:
    printed = _run(block)
    problems = _check(block, printed)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("where,kind,record", RECORDS, ids=[w for w, _, _ in RECORDS])
def test_record_replays_as_shown(where: str, kind: str, record: str) -> None:
    if kind == "json":
        written = tr.Match.from_json(record).to_json()
    else:
        written = tr.Match.from_text(record).to_text()
    assert written.strip("\n") == record, f"{where}: the record is written back differently"


def test_the_checker_catches_stale_outputs() -> None:
    """The conventions above are enforced: a wrong output in any of the three forms fails."""
    code = "\n".join(
        [
            "x = [1, 2, 3]",
            "print(x)  # [1, 2, 3]",
            "print('a long message that goes on')  # a long message ...",
            "for i in x:",
            "    print(i)",
            "# 1",
            "# 2 3",
            "print('free')",
        ]
    )
    good = Block("example.md", 10, code + "\n", text_after="free\n")
    assert _check(good, _run(good)) == []
    for old, new in [
        ("# [1, 2, 3]", "# [1, 2, 4]"),
        ("# a long message ...", "# a short message ..."),
        ("# 2 3", "# 2 4"),
    ]:
        bad = Block("example.md", 10, code.replace(old, new) + "\n", text_after="free\n")
        assert len(_check(bad, _run(bad))) == 1, new
    stale = Block("example.md", 10, code + "\n", text_after="fee\n")
    assert len(_check(stale, _run(stale))) == 1
    never = Block("example.md", 10, "if False:\n    print(1)  # 1\n")
    assert len(_check(never, _run(never))) == 1
