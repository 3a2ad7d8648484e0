#!/usr/bin/env python3
"""A small, in-place mutation tester for truco-rules (see docs/mutation.md).

Run it on a *snapshot* of the repository (a git worktree with its own virtualenv), never on
the working tree you edit: every mutant is written into the snapshot's source file, tested,
and the original text is written back.

Subcommands (all take ``--root SNAPSHOT``; state lives in ``SNAPSHOT/.mutation/``):

``covmap``    run the whole suite once under coverage, recording which test reaches which
              line (and how long each test takes); must pass before anything else.
``list``      count the mutants per module and operator.
``selftest``  check the harness: the unmutated code passes, and a deliberately broken
              module is killed (so the mutated file really is the one imported).
``run``       test mutants (``--sample N --seed S`` per module, or all), one at a time,
              appending to ``results.jsonl``; resumable, already-tested mutants are skipped.
``rerun``     test again the mutants whose last status is ``survived`` (after adding tests
              and running ``covmap`` again).
``show ID``   print the diff of one mutant.
``report``    print the score per module (markdown) and the list of survivors.

Each mutant runs ``pytest -x`` on the tests that reach the mutated line in the coverage map
(fastest first); a mutant on a line no test reaches is reported ``uncovered`` (a survivor,
not run); a mutant on module- or class-level code (run at import) runs every test.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import difflib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Most important first.
DEFAULT_MODULES = (
    "src/truco_rules/hand.py",
    "src/truco_rules/hooks.py",
    "src/truco_rules/match.py",
    "variants/argentine.py",
    "variants/paulista.py",
    "variants/mineiro.py",
    "variants/almeria.py",
    "src/truco_rules/cards.py",
    "src/truco_rules/actions.py",
)

PYTEST_ARGS = (
    "-q",
    "-x",
    "-p",
    "no:cacheprovider",
    "-p",
    "mutation_plugin",
    "--hypothesis-seed=0",
)

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
    id: str  # "<module>#<n>"
    module: str
    line: int
    kind: str  # cmp, bool, arith, aug, num, const, return, not
    desc: str
    start: tuple[int, int]  # (line, byte column) of the replaced span
    end: tuple[int, int]
    text: str  # replacement text
    lines: tuple[int, ...]  # lines whose coverage decides which tests run
    import_time: bool  # module- or class-level code


# --------------------------------------------------------------------------- generation


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
        self.tree = ast.parse(source)
        self.mutants: list[Mutant] = []

    def run(self) -> list[Mutant]:
        self._visit(self.tree, stmt=None, scope="module")
        return self.mutants

    # The walk: annotations, docstrings, f-strings, TYPE_CHECKING blocks, __all__ and
    # __slots__ are not mutated (nothing there changes behaviour, or only messages).
    def _visit(self, node: ast.AST, stmt: ast.stmt | None, scope: str) -> None:
        if isinstance(node, ast.stmt):
            if _is_docstring(node) or _is_type_checking(node) or _skipped_assignment(node):
                return
            stmt = node
        self._mutate(node, stmt, scope)
        for name, value in ast.iter_fields(node):
            if name in {"annotation", "returns", "type_comment"}:
                continue
            if isinstance(node, ast.JoinedStr):
                return
            children = value if isinstance(value, list) else [value]
            for child in children:
                if not isinstance(child, ast.AST):
                    continue
                inner = scope
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    # defaults and decorators run where the function is defined
                    if name == "body":
                        inner = "function"
                elif isinstance(node, ast.ClassDef) and name == "body":
                    inner = "class" if scope != "function" else "function"
                self._visit(child, stmt, inner)

    def _add(
        self, node: ast.AST, stmt: ast.stmt | None, scope: str, kind: str, desc: str, text: str
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
        n = len(self.mutants)
        self.mutants.append(
            Mutant(
                id=f"{self.module}#{n}",
                module=self.module,
                line=node.lineno,  # type: ignore[attr-defined]
                kind=kind,
                desc=desc,
                start=(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                end=(node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
                text=text,
                lines=tuple(sorted(header | span)),
                import_time=scope != "function",
            )
        )

    def _mutate(self, node: ast.AST, stmt: ast.stmt | None, scope: str) -> None:
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new_op = CMP_SWAP.get(type(op))
                if new_op is None:
                    continue
                new = copy.deepcopy(node)
                new.ops[i] = new_op()
                desc = f"{OP_TEXT[type(op)]} -> {OP_TEXT[new_op]}"
                self._add(node, stmt, scope, "cmp", desc, f"({ast.unparse(new)})")
        elif isinstance(node, ast.BoolOp):
            new_op = BOOL_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            desc = f"{OP_TEXT[type(node.op)]} -> {OP_TEXT[new_op]}"
            self._add(node, stmt, scope, "bool", desc, f"({ast.unparse(new)})")
        elif isinstance(node, ast.BinOp) and type(node.op) in ARITH_SWAP:
            new_op = ARITH_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            desc = f"{OP_TEXT[type(node.op)]} -> {OP_TEXT[new_op]}"
            self._add(node, stmt, scope, "arith", desc, f"({ast.unparse(new)})")
        elif isinstance(node, ast.AugAssign) and type(node.op) in ARITH_SWAP:
            new_op = ARITH_SWAP[type(node.op)]
            new = copy.deepcopy(node)
            new.op = new_op()
            desc = f"{OP_TEXT[type(node.op)]}= -> {OP_TEXT[new_op]}="
            self._add(node, stmt, scope, "aug", desc, ast.unparse(new))
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                self._add(node, stmt, scope, "const", f"{value} -> {not value}", str(not value))
            elif isinstance(value, int):
                self._add(node, stmt, scope, "num", f"{value} -> {value + 1}", f"({value + 1})")
                self._add(node, stmt, scope, "num", f"{value} -> {value - 1}", f"({value - 1})")
        elif isinstance(node, ast.Return):
            value = node.value
            if value is not None and not (isinstance(value, ast.Constant) and value.value is None):
                self._add(node, stmt, scope, "return", "return x -> return None", "return None")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self._add(node, stmt, scope, "not", "not x -> x", f"({ast.unparse(node.operand)})")


def generate(root: Path, module: str) -> list[Mutant]:
    source = (root / module).read_text(encoding="utf-8")
    return _Generator(module, source).run()


def apply(source: str, mutant: Mutant) -> str:
    """The module's text with ``mutant`` applied (AST columns are UTF-8 byte offsets)."""
    lines = source.encode("utf-8").splitlines(keepends=True)
    (l1, c1), (l2, c2) = mutant.start, mutant.end
    before = b"".join(lines[: l1 - 1]) + lines[l1 - 1][:c1]
    after = lines[l2 - 1][c2:] + b"".join(lines[l2:])
    return (before + mutant.text.encode("utf-8") + after).decode("utf-8")


# --------------------------------------------------------------------------- state


def work_dir(root: Path) -> Path:
    d = root / ".mutation"
    d.mkdir(exist_ok=True)
    return d


def load_covmap(root: Path) -> dict[str, object]:
    path = work_dir(root) / "covmap.json"
    if not path.exists():
        sys.exit("no coverage map: run `mutate.py covmap` first")
    return json.loads(path.read_text(encoding="utf-8"))


def load_results(root: Path) -> dict[str, dict[str, object]]:
    """The last result recorded for each mutant id."""
    path = work_dir(root) / "results.jsonl"
    out: dict[str, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                out[rec["id"]] = rec
    return out


def env_for(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # never cache a mutant's bytecode
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    env.pop("MUTATION_SELECT", None)
    env.pop("MUTATION_COVMAP", None)
    env.pop("MUTATION_DURATIONS", None)
    return env


def clear_bytecode(root: Path) -> None:
    for d in ("src", "variants"):
        for pyc in (root / d).rglob("*.pyc"):
            pyc.unlink()


# --------------------------------------------------------------------------- covmap


def cmd_covmap(args: argparse.Namespace) -> int:
    root: Path = args.root
    wd = work_dir(root)
    clear_bytecode(root)
    durations = wd / "durations.tsv"
    durations.unlink(missing_ok=True)
    data_file = wd / ".coverage"
    data_file.unlink(missing_ok=True)
    env = env_for(root)
    env["MUTATION_COVMAP"] = "1"
    env["MUTATION_DURATIONS"] = str(durations)
    sources = ",".join(str(root / d) for d in ("src/truco_rules", "variants"))
    cmd = [
        sys.executable, "-m", "coverage", "run", f"--data-file={data_file}",
        f"--source={sources}", "-m", "pytest", *PYTEST_ARGS, "tests",
    ]  # fmt: skip
    print("+", " ".join(cmd), flush=True)
    t0 = time.monotonic()
    rc = subprocess.call(cmd, cwd=root, env=env)
    print(f"suite under coverage: exit {rc} in {time.monotonic() - t0:.1f}s")
    if rc != 0:
        print("the unmutated suite must pass first")
        return 1

    import coverage

    cov = coverage.Coverage(data_file=str(data_file))
    cov.load()
    data = cov.get_data()
    lines_map: dict[str, dict[str, list[str]]] = {}
    statements: dict[str, list[int]] = {}
    for module in args.modules:
        path = str((root / module).resolve())
        by_line = data.contexts_by_lineno(path)
        lines_map[module] = {str(k): sorted(v) for k, v in by_line.items()}
        statements[module] = sorted(cov.analysis2(path)[1])
    times: dict[str, float] = defaultdict(float)
    for row in durations.read_text(encoding="utf-8").splitlines():
        nodeid, _, secs = row.rpartition("\t")
        times[nodeid] += float(secs)
    out = {"lines": lines_map, "statements": statements, "durations": times}
    (wd / "covmap.json").write_text(json.dumps(out), encoding="utf-8")
    print(f"coverage map of {len(times)} tests written to {wd / 'covmap.json'}")
    return 0


# --------------------------------------------------------------------------- running


def select_tests(mutant: Mutant, covmap: dict[str, object]) -> list[str]:
    """Node ids to run, fastest first ([] if no test reaches the mutant)."""
    durations: dict[str, float] = covmap["durations"]  # type: ignore[assignment]
    everything = sorted(durations, key=lambda t: (durations[t], t))
    if mutant.import_time:
        return everything
    lines: dict[str, list[str]] = covmap["lines"][mutant.module]  # type: ignore[index]
    stmts = set(covmap["statements"][mutant.module])  # type: ignore[index]
    tests: set[str] = set()
    for ln in mutant.lines:
        tests.update(lines.get(str(ln), ()))
    if not tests and not stmts.intersection(mutant.lines):
        return everything  # coverage cannot tell: run everything
    if "" in tests:
        return everything
    return sorted(tests, key=lambda t: (durations.get(t, 0.0), t))


def run_pytest(
    root: Path, tests: list[str], timeout: float, env: dict[str, str]
) -> tuple[str, float, str]:
    wd = work_dir(root)
    select = wd / "select.txt"
    select.write_text("\n".join(tests) + "\n", encoding="utf-8")
    files = sorted({t.split("::", 1)[0] for t in tests})
    env = dict(env, MUTATION_SELECT=str(select))
    cmd = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *files]
    t0 = time.monotonic()
    proc = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "timeout", time.monotonic() - t0, ""
    secs = time.monotonic() - t0
    return _status(proc.returncode), secs, out.decode("utf-8", "replace")


class ForkServer:
    """Imports pytest and hypothesis once; each mutant runs in a fork that imports the library.

    Hypothesis runs its entry points (truco-rules' ``from_type`` plugin imports the library)
    when it is imported, so the parent imports it with ``HYPOTHESIS_NO_PLUGINS`` set and each
    child runs the entry points itself, after the mutant is on disk.
    """

    def __init__(self, root: Path, max_examples: int) -> None:
        self.root = root
        self.max_examples = max_examples
        os.environ["HYPOTHESIS_NO_PLUGINS"] = "1"
        sys.dont_write_bytecode = True
        sys.path.insert(0, str(HERE))
        import hypothesis  # noqa: F401
        import pytest  # noqa: F401

        del os.environ["HYPOTHESIS_NO_PLUGINS"]
        loaded = [m for m in sys.modules if m.split(".")[0] == "truco_rules"]
        assert not loaded, f"the parent must not import the library: {loaded}"

    def run(self, tests: list[str], timeout: float) -> tuple[str, float, str]:
        wd = work_dir(self.root)
        select = wd / "select.txt"
        select.write_text("\n".join(tests) + "\n", encoding="utf-8")
        files = sorted({t.split("::", 1)[0] for t in tests})
        log = wd / "last-run.txt"
        t0 = time.monotonic()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # child
            code = 70
            try:
                os.setpgid(0, 0)
                fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                os.chdir(self.root)
                os.environ["MUTATION_SELECT"] = str(select)
                os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
                import hypothesis.entry_points
                import pytest

                hypothesis.entry_points.run()
                if self.max_examples:
                    _cap_hypothesis(self.max_examples)
                code = int(pytest.main([*PYTEST_ARGS, *files]))
            except BaseException:
                import traceback

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        try:
            while True:
                done, wstatus = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = os.waitstatus_to_exitcode(wstatus)
                    break
                if time.monotonic() - t0 > timeout:
                    _kill(pid)
                    return "timeout", time.monotonic() - t0, ""
                time.sleep(0.02)
        except BaseException:
            _kill(pid)
            raise
        secs = time.monotonic() - t0
        text = log.read_text(encoding="utf-8", errors="replace")
        return _status(status), secs, text


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _cap_hypothesis(n: int) -> None:
    """Run every property test with at most ``n`` examples (explicit settings included)."""
    import hypothesis

    original = hypothesis.settings.__init__

    def capped(self: object, *args: object, **kwargs: object) -> None:
        if isinstance(kwargs.get("max_examples"), int):
            kwargs["max_examples"] = min(int(kwargs["max_examples"]), n)  # type: ignore[call-overload]
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    hypothesis.settings.__init__ = capped  # type: ignore[method-assign]
    hypothesis.settings.register_profile("mutation", max_examples=n)
    hypothesis.settings.load_profile("mutation")


def _status(returncode: int) -> str:
    if returncode == 0:
        return "survived"
    if returncode == 5:
        return "error"  # no tests collected: the selection went wrong
    return "killed"  # failed test, import/collection error, crash


Runner = Callable[[list[str], float], tuple[str, float, str]]


def make_runner(root: Path, fork: bool, max_examples: int) -> Runner:
    clear_bytecode(root)
    if fork:
        return ForkServer(root, max_examples).run
    env = env_for(root)
    return lambda tests, timeout: run_pytest(root, tests, timeout, env)


def test_mutant(
    root: Path, mutant: Mutant, covmap: dict[str, object], runner: Runner, factor: float
) -> dict[str, object]:
    path = root / mutant.module
    original = path.read_text(encoding="utf-8")
    mutated = apply(original, mutant)
    rec: dict[str, object] = asdict(mutant)
    try:
        compile(mutated, str(path), "exec")
    except SyntaxError:
        rec.update(status="invalid", seconds=0.0, tests=0)
        return rec
    tests = select_tests(mutant, covmap)
    if not tests:
        rec.update(status="uncovered", seconds=0.0, tests=0)
        return rec
    durations: dict[str, float] = covmap["durations"]  # type: ignore[assignment]
    timeout = 10.0 + factor * sum(durations.get(t, 0.0) for t in tests)
    try:
        path.write_text(mutated, encoding="utf-8")
        status, secs, out = runner(tests, timeout)
    finally:
        path.write_text(original, encoding="utf-8")
    rec.update(status=status, seconds=round(secs, 2), tests=len(tests))
    if status == "killed":
        failed = [ln for ln in out.splitlines() if ln.startswith(("FAILED", "ERROR"))]
        rec["by"] = failed[0] if failed else out.strip().splitlines()[-1:]
    if status == "error":
        rec["output"] = out[-2000:]
    return rec


def _all_mutants(root: Path, modules: list[str]) -> dict[str, list[Mutant]]:
    return {m: generate(root, m) for m in modules}


def _sample(mutants: list[Mutant], n: int | None, seed: int, module: str) -> list[Mutant]:
    if n is None or n >= len(mutants):
        return mutants
    rng = random.Random(f"{seed}:{module}")
    picked = sorted(rng.sample(range(len(mutants)), n))
    return [mutants[i] for i in picked]


def _run_many(root: Path, todo: list[Mutant], args: argparse.Namespace) -> int:
    covmap = load_covmap(root)
    runner = make_runner(root, args.fork, args.max_examples)
    out = work_dir(root) / "results.jsonl"
    signal.signal(signal.SIGTERM, _interrupt)  # restore the module, then stop
    deadline = time.monotonic() + args.budget * 60 if args.budget else None
    counts: Counter[str] = Counter()
    for i, mutant in enumerate(todo, 1):
        if deadline is not None and time.monotonic() > deadline:
            print(f"budget of {args.budget} min used up; stopping (resumable)")
            break
        rec = test_mutant(root, mutant, covmap, runner, args.timeout_factor)
        counts[str(rec["status"])] += 1
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
        print(
            f"[{i}/{len(todo)}] {mutant.id} line {mutant.line} {mutant.desc}: {rec['status']}"
            f" ({rec['seconds']}s, {rec['tests']} tests)",
            flush=True,
        )
    print(dict(counts))
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def cmd_run(args: argparse.Namespace) -> int:
    root: Path = args.root
    done = load_results(root)
    todo: list[Mutant] = []
    for module, mutants in _all_mutants(root, args.modules).items():
        chosen = _sample(mutants, args.sample, args.seed, module)
        todo += [m for m in chosen if m.id not in done]
    return _run_many(root, todo, args)


def cmd_rerun(args: argparse.Namespace) -> int:
    root: Path = args.root
    done = load_results(root)
    wanted = set(args.ids or ()) or {k for k, r in done.items() if r["status"] in args.status}
    todo = [
        m
        for mutants in _all_mutants(root, args.modules).values()
        for m in mutants
        if m.id in wanted
    ]
    return _run_many(root, todo, args)


def cmd_selftest(args: argparse.Namespace) -> int:
    """The harness must see the mutated file: a broken module has to be killed."""
    root: Path = args.root
    covmap = load_covmap(root)
    runner = make_runner(root, args.fork, args.max_examples)
    ok = True
    for module in args.modules:
        path = root / module
        original = path.read_text(encoding="utf-8")
        broken = Mutant(
            id=f"{module}#selftest", module=module, line=1, kind="selftest",
            desc="module raises at import", start=(1, 0), end=(1, 0),
            text="raise RuntimeError('mutation selftest')\n", lines=(1,), import_time=True,
        )  # fmt: skip
        # insert after the docstring and the __future__ import
        tree = ast.parse(original)
        after = max(
            (n.end_lineno or 0)
            for i, n in enumerate(tree.body)
            if (i == 0 and _is_docstring(n))
            or (isinstance(n, ast.ImportFrom) and n.module == "__future__")
        )
        broken = Mutant(**{**asdict(broken), "start": (after + 1, 0), "end": (after + 1, 0)})
        rec = test_mutant(root, broken, covmap, runner, args.timeout_factor)
        print(f"{module}: broken module -> {rec['status']} ({rec['seconds']}s)")
        ok &= rec["status"] == "killed"
    tests = sorted(covmap["durations"])  # type: ignore[arg-type]
    status, secs, _ = runner(tests, 600)
    print(f"unmutated snapshot, every test: {status} ({secs:.1f}s)")
    ok &= status == "survived"
    print("selftest", "passed" if ok else "FAILED")
    return 0 if ok else 1


# --------------------------------------------------------------------------- reporting


def cmd_list(args: argparse.Namespace) -> int:
    total = 0
    for module, mutants in _all_mutants(args.root, args.modules).items():
        kinds = Counter(m.kind for m in mutants)
        total += len(mutants)
        print(f"{module}: {len(mutants)} {dict(sorted(kinds.items()))}")
    print(f"total: {total}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    module = args.id.split("#", 1)[0]
    mutant = next(m for m in generate(args.root, module) if m.id == args.id)
    original = (args.root / module).read_text(encoding="utf-8")
    diff = difflib.unified_diff(
        original.splitlines(keepends=True),
        apply(original, mutant).splitlines(keepends=True),
        fromfile=module,
        tofile=f"{module} ({mutant.desc})",
        n=2,
    )
    sys.stdout.writelines(diff)
    return 0


def _iter_records(root: Path, modules: list[str]) -> Iterator[dict[str, object]]:
    for rec in load_results(root).values():
        if rec["module"] in modules:
            yield rec


def cmd_report(args: argparse.Namespace) -> int:
    root: Path = args.root
    equivalent: set[str] = set()
    if args.equivalent and Path(args.equivalent).exists():
        for line in Path(args.equivalent).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 2)
            if len(line) >= 2 and line[0].strip():
                equivalent.add(f"{line[0].strip()}#{line[1].split()[0]}")
    generated = {m: len(ms) for m, ms in _all_mutants(root, args.modules).items()}
    per: dict[str, Counter[str]] = {m: Counter() for m in args.modules}
    survivors = []
    for rec in _iter_records(root, args.modules):
        status = str(rec["status"])
        if status in {"survived", "uncovered"} and rec["id"] in equivalent:
            status = "equivalent"
        per[str(rec["module"])][status] += 1
        if status in {"survived", "uncovered"}:
            survivors.append(rec)
    print(
        "| module | generated | tested | killed | timeout | survived | uncovered "
        "| equivalent | invalid | score |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    tot: Counter[str] = Counter()
    for module in args.modules:
        c = per[module]
        tot.update(c)
        print(_row(module, generated[module], c))
    print(_row("**total**", sum(generated.values()), tot))
    if survivors:
        print("\nsurvivors:")
        for rec in sorted(survivors, key=lambda r: (r["module"], r["line"])):
            print(
                f"- {rec['id']} line {rec['line']} {rec['kind']}: {rec['desc']} [{rec['status']}]"
            )
    return 0


def _row(name: str, generated: int, c: Counter[str]) -> str:
    tested = sum(c.values()) - c["invalid"]
    dead = c["killed"] + c["timeout"]
    scored = tested - c["equivalent"]
    score = f"{100 * dead / scored:.1f}%" if scored else "-"
    return (
        f"| {name} | {generated} | {tested} | {c['killed']} | {c['timeout']} | {c['survived']} "
        f"| {c['uncovered']} | {c['equivalent']} | {c['invalid']} | {score} |"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--root", type=Path, required=True, help="the snapshot to mutate")
    p.add_argument(
        "--module", dest="modules", action="append", help="repeatable; default: all nine"
    )
    p.add_argument("--timeout-factor", type=float, default=1.0)
    p.add_argument(
        "--max-examples", type=int, default=20,
        help="cap on hypothesis examples per property test in mutant runs (0: no cap)",
    )  # fmt: skip
    p.add_argument(
        "--no-fork", dest="fork", action="store_false",
        help="start a fresh pytest process per mutant instead of forking a warm parent",
    )  # fmt: skip
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("covmap")
    sub.add_parser("list")
    sub.add_parser("selftest")
    r = sub.add_parser("run")
    r.add_argument("--sample", type=int, default=None, help="mutants per module (seeded)")
    r.add_argument("--seed", type=int, default=6)
    r.add_argument("--budget", type=float, default=None, help="stop after this many minutes")
    rr = sub.add_parser("rerun")
    rr.add_argument("--status", nargs="+", default=["survived", "uncovered"])
    rr.add_argument("--budget", type=float, default=None)
    rr.add_argument("--id", dest="ids", action="append", help="only this mutant (repeatable)")
    s = sub.add_parser("show")
    s.add_argument("id")
    rep = sub.add_parser("report")
    rep.add_argument("--equivalent", help="file of 'module#n  reason' lines")
    args = p.parse_args(argv)
    args.root = args.root.resolve()
    args.modules = args.modules or list(DEFAULT_MODULES)
    return {
        "covmap": cmd_covmap,
        "list": cmd_list,
        "selftest": cmd_selftest,
        "run": cmd_run,
        "rerun": cmd_rerun,
        "show": cmd_show,
        "report": cmd_report,
    }[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
