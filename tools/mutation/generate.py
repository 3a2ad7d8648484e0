"""Mutant generation for ``mutate.py``: operators, stable keys, applying a mutant.

A mutant has two names:

* ``id`` (``<module>#<n>``): its position in the generation order of one snapshot's file.
  Short and handy on the command line, but it shifts whenever the module changes above it.
* ``key`` (``<module>:<qualname>:<hash>``): the function (or class, or ``<module>``) it lives
  in, and a hash of the mutated line(s) before and after the change, whitespace-normalised.
  It survives edits elsewhere in the file, and disappears when the mutated code itself
  changes, which is exactly when an "equivalent" judgement must be made again. Two mutants
  with the same text in the same function get ``~2``, ``~3``... in generation order.
"""

from __future__ import annotations

import ast
import copy
import hashlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

CMP_SWAP = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
ARITH_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add}
BOOL_SWAP = {ast.And: ast.Or, ast.Or: ast.And}
OP_TEXT = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    id: str  # "<module>#<n>": position in this snapshot's generation order
    key: str  # "<module>:<qualname>:<hash>": stable across unrelated edits
    module: str
    scope: str  # qualified name of the enclosing function/class, or "<module>"
    line: int
    kind: str  # cmp, bool, arith, aug, num, const, return, not
    desc: str
    start: tuple[int, int]  # (line, byte column) of the replaced span
    end: tuple[int, int]
    text: str  # replacement text
    lines: tuple[int, ...]  # lines whose coverage decides which tests run
    import_time: bool  # module- or class-level code


def _is_docstring(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    }


def _skipped_assignment(node: ast.AST) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign):
        targets = [node.target]
    return any(isinstance(t, ast.Name) and t.id in {"__all__", "__slots__"} for t in targets)


class _Generator:
    def __init__(self, module: str, source: str) -> None:
        self.module = module
        self.source = source
        self.tree = ast.parse(source)
        self.raw: list[dict[str, object]] = []

    def run(self) -> list[Mutant]:
        self._visit(self.tree, stmt=None, scope="module", names=())
        lines = self.source.encode("utf-8").splitlines(keepends=True)
        seen: Counter[str] = Counter()
        out: list[Mutant] = []
        for n, raw in enumerate(self.raw):
            (l1, c1), (l2, c2) = raw["start"], raw["end"]  # type: ignore[misc]
            before = b"".join(lines[l1 - 1 : l2]).decode("utf-8")
            after = (
                lines[l1 - 1][:c1] + str(raw["text"]).encode("utf-8") + lines[l2 - 1][c2:]
            ).decode("utf-8")
            digest = hashlib.sha1(
                f"{' '.join(before.split())}\n{' '.join(after.split())}".encode()
            ).hexdigest()[:10]
            base = f"{self.module}:{raw['scope']}:{digest}"
            seen[base] += 1
            key = base if seen[base] == 1 else f"{base}~{seen[base]}"
            out.append(Mutant(id=f"{self.module}#{n}", key=key, **raw))  # type: ignore[arg-type]
        return out

    # The walk: annotations, docstrings, f-strings, TYPE_CHECKING blocks, __all__ and
    # __slots__ are not mutated (nothing there changes behaviour, or only messages).
    def _visit(
        self, node: ast.AST, stmt: ast.stmt | None, scope: str, names: tuple[str, ...]
    ) -> None:
        if isinstance(node, ast.stmt):
            if _is_docstring(node) or _is_type_checking(node) or _skipped_assignment(node):
                return
            stmt = node
        self._mutate(node, stmt, scope, names)
        for name, value in ast.iter_fields(node):
            if name in {"annotation", "returns", "type_comment"}:
                continue
            if isinstance(node, ast.JoinedStr):
                return
            children = value if isinstance(value, list) else [value]
            for child in children:
                if not isinstance(child, ast.AST):
                    continue
                inner, inner_names = scope, names
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    # defaults and decorators run where the function is defined
                    if name == "body":
                        inner = "function"
                        if not isinstance(node, ast.Lambda):
                            inner_names = (*names, node.name)
                elif isinstance(node, ast.ClassDef) and name == "body":
                    inner = "class" if scope != "function" else "function"
                    inner_names = (*names, node.name)
                self._visit(child, stmt, inner, inner_names)

    def _add(
        self,
        node: ast.AST,
        stmt: ast.stmt | None,
        scope: str,
        names: tuple[str, ...],
        kind: str,
        desc: str,
        text: str,
    ) -> None:
        assert stmt is not None
        # Coverage records the lines Python reports (every line of a multi-line condition),
        # so take all lines of the statement; for a compound statement only its header
        # (``if``/``while`` condition, ``def`` signature, decorators), not its body.
        body = getattr(stmt, "body", None)
        last = body[0].lineno - 1 if isinstance(body, list) and body else stmt.end_lineno
        header = set(range(stmt.lineno, max(stmt.lineno, last or stmt.lineno) + 1))
        for deco in getattr(stmt, "decorator_list", ()):
            header.update(range(deco.lineno, (deco.end_lineno or deco.lineno) + 1))
        span = set(range(node.lineno, node.end_lineno + 1))  # type: ignore[attr-defined]
        if body is not None and node.end_lineno >= body[0].lineno:  # type: ignore[attr-defined]
            span = {node.lineno}  # type: ignore[attr-defined]
        self.raw.append(
            {
                "module": self.module,
                "scope": ".".join(names) or "<module>",
                "line": node.lineno,  # type: ignore[attr-defined]
                "kind": kind,
                "desc": desc,
                "start": (node.lineno, node.col_offset),  # type: ignore[attr-defined]
                "end": (node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
                "text": text,
                "lines": tuple(sorted(header | span)),
                "import_time": scope != "function",
            }
        )

    def _mutate(
        self, node: ast.AST, stmt: ast.stmt | None, scope: str, names: tuple[str, ...]
    ) -> None:
        def add(kind: str, desc: str, text: str) -> None:
            self._add(node, stmt, scope, names, kind, desc, text)

        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new_op = CMP_SWAP.get(type(op))
                if new_op is None:
                    continue
                new = copy.deepcopy(node)
                new.ops[i] = new_op()
                add("cmp", f"{OP_TEXT[type(op)]} -> {OP_TEXT[new_op]}", f"({ast.unparse(new)})")
        elif isinstance(node, ast.BoolOp):
            new_op = BOOL_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            desc = f"{OP_TEXT[type(node.op)]} -> {OP_TEXT[new_op]}"
            add("bool", desc, f"({ast.unparse(new)})")
        elif isinstance(node, ast.BinOp) and type(node.op) in ARITH_SWAP:
            new_op = ARITH_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            desc = f"{OP_TEXT[type(node.op)]} -> {OP_TEXT[new_op]}"
            add("arith", desc, f"({ast.unparse(new)})")
        elif isinstance(node, ast.AugAssign) and type(node.op) in ARITH_SWAP:
            new_op = ARITH_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            add("aug", f"{OP_TEXT[type(node.op)]}= -> {OP_TEXT[new_op]}=", ast.unparse(new))
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                add("const", f"{value} -> {not value}", str(not value))
            elif isinstance(value, int):
                add("num", f"{value} -> {value + 1}", f"({value + 1})")
                add("num", f"{value} -> {value - 1}", f"({value - 1})")
        elif isinstance(node, ast.Return):
            value = node.value
            if value is not None and not (isinstance(value, ast.Constant) and value.value is None):
                add("return", "return x -> return None", "return None")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("not", "not x -> x", f"({ast.unparse(node.operand)})")


def generate(root: Path, module: str) -> list[Mutant]:
    """Every mutant of ``module`` (a path relative to ``root``), in a fixed order."""
    source = (root / module).read_text(encoding="utf-8")
    return _Generator(module, source).run()


def apply(source: str, mutant: Mutant) -> str:
    """The module's text with ``mutant`` applied (AST columns are UTF-8 byte offsets)."""
    lines = source.encode("utf-8").splitlines(keepends=True)
    (l1, c1), (l2, c2) = mutant.start, mutant.end
    before = b"".join(lines[: l1 - 1]) + lines[l1 - 1][:c1]
    after = lines[l2 - 1][c2:] + b"".join(lines[l2:])
    return (before + mutant.text.encode("utf-8") + after).decode("utf-8")
