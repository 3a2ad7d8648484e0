#!/usr/bin/env python3
"""A small, in-place mutation tester for truco-rules (see docs/mutation.md).

Run it on a *snapshot* of the repository (a git worktree with its own virtualenv), never on
the working tree you edit: every mutant is written into the snapshot's source file, tested,
and the original text is written back.

Subcommands (all take ``--root SNAPSHOT``; state lives in ``SNAPSHOT/.mutation/``):

``covmap``    run the whole suite once under coverage, recording which test reaches which
              line, how long each test takes and whether it passed.
``baseline``  run every test once more, unmutated, exactly as mutants are run (same
              process model, same hypothesis seed and example cap). Only tests that pass
              both here and in ``covmap`` are ever run against a mutant, so a test that
              fails on clean code can never count as a kill.
``selftest``  check the harness: a deliberately broken module is killed (so the mutated
              file really is the one imported) and the usable tests pass on clean code.
``list``      count the mutants per module and operator.
``run``       test mutants (a seeded sample: ``--total N`` over all modules, or
              ``--sample N`` per module; or all), appending to ``results.jsonl``; resumable.
``rerun``     test again the mutants whose last status is ``survived``/``uncovered`` (after
              adding tests and running ``covmap`` and ``baseline`` again).
``show KEY``  print the diff of one mutant (its key or its id).
``report``    print the score per module (markdown), the survivors and the equivalents;
              fails if a listed equivalent no longer exists or was killed.

Each mutant runs ``pytest -x`` on the usable tests that reach the mutated line in the
coverage map (fastest first); a mutant on a line no test reaches is ``uncovered`` (a
survivor, not run); a mutant on module- or class-level code (run at import) runs every
usable test.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import Mutant, apply, generate  # noqa: E402

# The scope (docs/mutation.md, "Modules"): the kernel's rule, notation, record and
# observation modules, and every variant module.
DEFAULT_MODULES = (
    "src/truco_rules/contest/hand.py",
    "src/truco_rules/contest/ending.py",
    "src/truco_rules/contest/fields.py",
    "src/truco_rules/contest/trick_play.py",
    "src/truco_rules/contest/ladder_play.py",
    "src/truco_rules/contest/envido_bet.py",
    "src/truco_rules/contest/flor_bet.py",
    "src/truco_rules/contest/bet_states.py",
    "src/truco_rules/contest/bet_table.py",
    "src/truco_rules/contest/bet_views.py",
    "src/truco_rules/contest/special_play.py",
    "src/truco_rules/contest/side_play.py",
    "src/truco_rules/contest/refusals.py",
    "src/truco_rules/contest/side_refusals.py",
    "src/truco_rules/contest/legal.py",
    "src/truco_rules/contest/flor_holders.py",
    "src/truco_rules/contest/flor_leaving.py",
    "src/truco_rules/rules/side_bet.py",
    "src/truco_rules/rules/side_bet_checks.py",
    "src/truco_rules/contest/bet_guard.py",
    "src/truco_rules/contest/view.py",
    "src/truco_rules/rules/tricks.py",
    "src/truco_rules/rules/deck.py",
    "src/truco_rules/rules/table.py",
    "src/truco_rules/rules/trick_rule.py",
    "src/truco_rules/rules/ladder.py",
    "src/truco_rules/rules/envido.py",
    "src/truco_rules/rules/flor.py",
    "src/truco_rules/rules/special.py",
    "src/truco_rules/rules/scoring.py",
    "src/truco_rules/core/options.py",
    "src/truco_rules/game/state.py",
    "src/truco_rules/game/deal_flow.py",
    "src/truco_rules/game/scoreboard.py",
    "src/truco_rules/game/dealing.py",
    "src/truco_rules/game/derivation.py",
    "src/truco_rules/match.py",
    "src/truco_rules/rules/variant.py",
    "src/truco_rules/rules/registry.py",
    "src/truco_rules/runs/fanout.py",
    "src/truco_rules/views/observe.py",
    "src/truco_rules/views/records.py",
    "src/truco_rules/core/cards.py",
    "src/truco_rules/core/actions.py",
    "src/truco_rules/core/errors.py",
    "src/truco_rules/core/arguments.py",
    "src/truco_rules/agents/determinize.py",
    "src/truco_rules/agents/worlds.py",
    "variants/argentine.py",
    "variants/paulista.py",
    "variants/mineiro.py",
    "variants/almeria.py",
)

PYTEST_ARGS = (
    "-q",
    "-p",
    "no:cacheprovider",
    "-p",
    "mutation_plugin",
    "--hypothesis-seed=0",
)


# --------------------------------------------------------------------------- state


def work_dir(root: Path) -> Path:
    d = root / ".mutation"
    d.mkdir(exist_ok=True)
    return d


def load_json(root: Path, name: str, hint: str) -> dict[str, object]:
    path = work_dir(root) / name
    if not path.exists():
        sys.exit(f"no {name}: run `mutate.py {hint}` first")
    return json.loads(path.read_text(encoding="utf-8"))


def load_results(root: Path) -> dict[str, dict[str, object]]:
    """The last result recorded for each mutant key."""
    path = work_dir(root) / "results.jsonl"
    out: dict[str, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                out[rec["key"]] = rec
    return out


def read_outcomes(path: Path) -> dict[str, tuple[str, float]]:
    """``nodeid -> (passed|failed|skipped, seconds)`` from the plugin's phase lines."""
    outcome: dict[str, str] = {}
    secs: dict[str, float] = defaultdict(float)
    if not path.exists():
        return {}
    for row in path.read_text(encoding="utf-8").splitlines():
        nodeid, when, result, duration = row.rsplit("\t", 3)
        secs[nodeid] += float(duration)
        if result == "failed":
            outcome[nodeid] = "failed"
        elif when == "call" or (when == "setup" and result == "skipped"):
            outcome.setdefault(nodeid, result)
    return {n: (outcome.get(n, "failed"), secs[n]) for n in secs}


def env_for(root: Path, max_examples: int) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # never cache a mutant's bytecode
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    for var in ("MUTATION_SELECT", "MUTATION_COVMAP", "MUTATION_OUTCOMES"):
        env.pop(var, None)
    env["MUTATION_MAX_EXAMPLES"] = str(max_examples)
    return env


def clear_bytecode(root: Path) -> None:
    for d in ("src", "variants"):
        for pyc in (root / d).rglob("*.pyc"):
            pyc.unlink()


def check_clean(root: Path) -> None:
    """Refuse to work on a snapshot whose sources differ from its commit (a mutant left
    behind by a killed run would make every result wrong)."""
    rc = subprocess.call(["git", "-C", str(root), "diff", "--quiet", "--", "src", "variants"])
    if rc != 0:
        sys.exit(f"{root}: src/ or variants/ differ from the snapshot's commit (git diff)")


# --------------------------------------------------------------------------- covmap


def cmd_covmap(args: argparse.Namespace) -> int:
    root: Path = args.root
    check_clean(root)
    wd = work_dir(root)
    clear_bytecode(root)
    outcomes = wd / "covmap-outcomes.tsv"
    outcomes.unlink(missing_ok=True)
    data_file = wd / ".coverage"
    data_file.unlink(missing_ok=True)
    (wd / "baseline.json").unlink(missing_ok=True)  # a baseline belongs to one covmap
    env = env_for(root, args.max_examples)
    env["MUTATION_COVMAP"] = "1"
    env["MUTATION_OUTCOMES"] = str(outcomes)
    sources = ",".join(str(root / d) for d in ("src/truco_rules", "variants"))
    cmd = [
        sys.executable, "-m", "coverage", "run", f"--data-file={data_file}",
        f"--source={sources}", "-m", "pytest", *PYTEST_ARGS, "tests",
    ]  # fmt: skip
    print("+", " ".join(cmd), flush=True)
    t0 = time.monotonic()
    rc = subprocess.call(cmd, cwd=root, env=env)
    print(f"suite under coverage: exit {rc} in {time.monotonic() - t0:.1f}s")
    results = read_outcomes(outcomes)
    failed = sorted(n for n, (o, _) in results.items() if o == "failed")
    if rc not in (0, 1) or not results:
        print("the suite did not run (collection or usage error)")
        return 1
    if failed:
        print(f"{len(failed)} tests fail on clean code under coverage; never used:")
        for n in failed:
            print("  ", n)

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
    out = {
        "lines": lines_map,
        "statements": statements,
        "durations": {n: s for n, (o, s) in results.items() if o != "skipped"},
        "failed": failed,
        "max_examples": args.max_examples,
    }
    (wd / "covmap.json").write_text(json.dumps(out), encoding="utf-8")
    print(f"coverage map of {len(results)} tests written to {wd / 'covmap.json'}")
    return 0


def cmd_baseline(args: argparse.Namespace) -> int:
    """Every test of the map, unmutated, run the way mutants are run (without -x)."""
    root: Path = args.root
    check_clean(root)
    covmap = load_json(root, "covmap.json", "covmap")
    if covmap["max_examples"] != args.max_examples:
        sys.exit("covmap was made with another --max-examples: run covmap again")
    wd = work_dir(root)
    outcomes = wd / "baseline-outcomes.tsv"
    outcomes.unlink(missing_ok=True)
    runner = make_runner(root, args.fork, args.max_examples)
    tests = sorted(covmap["durations"])  # type: ignore[arg-type]
    status, secs, _ = runner(tests, 3600, False, outcomes)
    results = read_outcomes(outcomes)
    missing = sorted(set(tests) - set(results))
    failed = sorted(n for n in tests if results.get(n, ("failed", 0))[0] == "failed")
    print(f"baseline: {len(tests)} tests in {secs:.1f}s, {len(failed)} fail on clean code")
    for n in failed:
        print("  ", n, "(not run)" if n in missing else "")
    excluded = sorted(set(failed) | set(covmap["failed"]))  # type: ignore[arg-type]
    usable = sorted(n for n in tests if n not in excluded)
    out = {
        "max_examples": args.max_examples,
        "fork": args.fork,
        "usable": usable,
        "excluded": excluded,
        "seconds": round(secs, 1),
    }
    (wd / "baseline.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
    print(f"{len(usable)} usable tests, {len(excluded)} excluded; written to baseline.json")
    return 0 if status in {"survived", "killed"} else 1


def load_usable(root: Path, args: argparse.Namespace) -> dict[str, float]:
    """Usable test -> seconds: passed unmutated both under coverage and in the baseline."""
    covmap = load_json(root, "covmap.json", "covmap")
    base = load_json(root, "baseline.json", "baseline")
    if (base["max_examples"], base["fork"]) != (args.max_examples, args.fork):
        sys.exit("the baseline was run with other settings: run baseline again")
    durations: dict[str, float] = covmap["durations"]  # type: ignore[assignment]
    return {n: durations[n] for n in base["usable"]}  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- running


def select_tests(mutant: Mutant, covmap: dict[str, object], usable: dict[str, float]) -> list[str]:
    """Usable node ids to run, fastest first ([] if no test reaches the mutant)."""
    everything = sorted(usable, key=lambda t: (usable[t], t))
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
    return sorted(tests & usable.keys(), key=lambda t: (usable[t], t))


Runner = Callable[[list[str], float, bool, "Path | None"], tuple[str, float, str]]


def run_pytest(
    root: Path,
    env: dict[str, str],
    tests: list[str],
    timeout: float,
    exitfirst: bool,
    outcomes: Path | None,
) -> tuple[str, float, str]:
    wd = work_dir(root)
    select = wd / "select.txt"
    select.write_text("\n".join(tests) + "\n", encoding="utf-8")
    files = sorted({t.split("::", 1)[0] for t in tests})
    env = dict(env, MUTATION_SELECT=str(select))
    if outcomes is not None:
        env["MUTATION_OUTCOMES"] = str(outcomes)
    cmd = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *(["-x"] if exitfirst else []), *files]
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
        import hypothesis  # noqa: F401
        import pytest  # noqa: F401

        del os.environ["HYPOTHESIS_NO_PLUGINS"]
        loaded = [m for m in sys.modules if m.split(".")[0] == "truco_rules"]
        assert not loaded, f"the parent must not import the library: {loaded}"

    def run(
        self, tests: list[str], timeout: float, exitfirst: bool, outcomes: Path | None
    ) -> tuple[str, float, str]:
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
                os.environ["MUTATION_MAX_EXAMPLES"] = str(self.max_examples)
                if outcomes is not None:
                    os.environ["MUTATION_OUTCOMES"] = str(outcomes)
                os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
                import hypothesis.entry_points
                import pytest

                hypothesis.entry_points.run()
                argv = [*PYTEST_ARGS, *(["-x"] if exitfirst else []), *files]
                code = int(pytest.main(argv))
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


def _status(returncode: int) -> str:
    if returncode == 0:
        return "survived"
    if returncode == 5:
        return "error"  # no tests collected: the selection went wrong
    return "killed"  # failed test, import/collection error, crash


def make_runner(root: Path, fork: bool, max_examples: int) -> Runner:
    clear_bytecode(root)
    if fork:
        return ForkServer(root, max_examples).run
    env = env_for(root, max_examples)
    return lambda tests, timeout, exitfirst, outcomes: run_pytest(
        root, env, tests, timeout, exitfirst, outcomes
    )


def test_mutant(
    root: Path,
    mutant: Mutant,
    covmap: dict[str, object],
    usable: dict[str, float],
    runner: Runner,
    factor: float,
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
    tests = select_tests(mutant, covmap, usable)
    if not tests:
        rec.update(status="uncovered", seconds=0.0, tests=0)
        return rec
    timeout = 10.0 + factor * sum(usable[t] for t in tests)
    try:
        path.write_text(mutated, encoding="utf-8")
        status, secs, out = runner(tests, timeout, True, None)
    finally:
        path.write_text(original, encoding="utf-8")
    rec.update(status=status, seconds=round(secs, 2), tests=len(tests))
    if status == "killed":
        failed = [ln for ln in out.splitlines() if ln.startswith(("FAILED", "ERROR"))]
        rec["by"] = failed[0] if failed else out.strip().splitlines()[-1:]
    if status == "error":
        rec["output"] = out[-2000:]
    return rec


def all_mutants(root: Path, modules: list[str]) -> dict[str, list[Mutant]]:
    return {m: generate(root, m) for m in modules}


def sample_per_module(mutants: list[Mutant], n: int | None, seed: int, module: str) -> list[Mutant]:
    if n is None or n >= len(mutants):
        return mutants
    rng = random.Random(f"{seed}:{module}")
    picked = sorted(rng.sample(range(len(mutants)), n))
    return [mutants[i] for i in picked]


def sample_total(by_module: dict[str, list[Mutant]], n: int, seed: int) -> list[Mutant]:
    """A uniform sample of ``n`` mutants over every module together (seeded), in the order
    drawn: a run that a budget stops early has tested a uniform sample of the whole scope, not
    the first modules (the set drawn is the one the sorted order gave before)."""
    pool = [m for ms in by_module.values() for m in ms]
    if n >= len(pool):
        return pool
    rng = random.Random(f"total:{seed}")
    return [pool[i] for i in rng.sample(range(len(pool)), n)]


def _run_many(root: Path, todo: list[Mutant], args: argparse.Namespace) -> int:
    check_clean(root)
    covmap = load_json(root, "covmap.json", "covmap")
    usable = load_usable(root, args)
    runner = make_runner(root, args.fork, args.max_examples)
    out = work_dir(root) / "results.jsonl"
    signal.signal(signal.SIGTERM, _interrupt)  # restore the module, then stop
    deadline = time.monotonic() + args.budget * 60 if args.budget else None
    counts: Counter[str] = Counter()
    t0 = time.monotonic()
    for i, mutant in enumerate(todo, 1):
        if deadline is not None and time.monotonic() > deadline:
            print(f"budget of {args.budget} min used up; stopping (resumable)")
            break
        rec = test_mutant(root, mutant, covmap, usable, runner, args.timeout_factor)
        counts[str(rec["status"])] += 1
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
        print(
            f"[{i}/{len(todo)}] {mutant.id} {mutant.key} line {mutant.line} {mutant.desc}:"
            f" {rec['status']} ({rec['seconds']}s, {rec['tests']} tests)",
            flush=True,
        )
    print(dict(counts), f"in {(time.monotonic() - t0) / 60:.1f} min")
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _chosen(args: argparse.Namespace) -> list[Mutant]:
    by_module = all_mutants(args.root, args.modules)
    if args.total:
        return sample_total(by_module, args.total, args.seed)
    out: list[Mutant] = []
    for module, mutants in by_module.items():
        out += sample_per_module(mutants, args.sample, args.seed, module)
    return out


def cmd_run(args: argparse.Namespace) -> int:
    done = load_results(args.root)
    chosen = _chosen(args)
    (work_dir(args.root) / "sample.json").write_text(
        json.dumps({"seed": args.seed, "total": args.total, "sample": args.sample,
                    "modules": args.modules, "keys": [m.key for m in chosen]}),
        encoding="utf-8",
    )  # fmt: skip
    return _run_many(args.root, [m for m in chosen if m.key not in done], args)


def cmd_rerun(args: argparse.Namespace) -> int:
    root: Path = args.root
    done = load_results(root)
    wanted = set(args.ids or ()) or {k for k, r in done.items() if r["status"] in args.status}
    todo = [
        m
        for mutants in all_mutants(root, args.modules).values()
        for m in mutants
        if m.key in wanted or m.id in wanted
    ]
    return _run_many(root, todo, args)


def cmd_selftest(args: argparse.Namespace) -> int:
    """The harness must see the mutated file, and the usable tests pass on clean code."""
    root: Path = args.root
    check_clean(root)
    covmap = load_json(root, "covmap.json", "covmap")
    usable = load_usable(root, args)
    runner = make_runner(root, args.fork, args.max_examples)
    ok = True
    for module in args.modules:
        original = (root / module).read_text(encoding="utf-8")
        # insert after the docstring and the __future__ import
        tree = ast.parse(original)
        after = max(
            [0]
            + [
                (n.end_lineno or 0)
                for i, n in enumerate(tree.body)
                if (i == 0 and isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
                or (isinstance(n, ast.ImportFrom) and n.module == "__future__")
            ]
        )
        broken = Mutant(
            id=f"{module}#selftest", key=f"{module}:<module>:selftest", module=module,
            scope="<module>", line=after + 1, kind="selftest", desc="module raises at import",
            start=(after + 1, 0), end=(after + 1, 0),
            text="raise RuntimeError('mutation selftest')\n", lines=(after + 1,),
            import_time=True,
        )  # fmt: skip
        rec = test_mutant(root, broken, covmap, usable, runner, args.timeout_factor)
        print(f"{module}: broken module -> {rec['status']} ({rec['seconds']}s)")
        ok &= rec["status"] == "killed"
    status, secs, _ = runner(sorted(usable), 3600, True, None)
    print(f"unmutated snapshot, {len(usable)} usable tests with -x: {status} ({secs:.1f}s)")
    ok &= status == "survived"
    base = load_json(root, "baseline.json", "baseline")
    print(f"tests excluded by the baseline (fail on clean code): {len(base['excluded'])}")  # type: ignore[arg-type]
    print("selftest", "passed" if ok else "FAILED")
    return 0 if ok else 1


# --------------------------------------------------------------------------- reporting


def cmd_list(args: argparse.Namespace) -> int:
    total = 0
    for module, mutants in all_mutants(args.root, args.modules).items():
        kinds = Counter(m.kind for m in mutants)
        total += len(mutants)
        print(f"{module}: {len(mutants)} {dict(sorted(kinds.items()))}")
    print(f"total: {total}")
    return 0


def _find(root: Path, modules: list[str], name: str) -> Mutant:
    module = name.split("#", 1)[0].split(":", 1)[0]
    for m in generate(root, module):
        if name in (m.id, m.key):
            return m
    sys.exit(f"no mutant {name}")


def cmd_show(args: argparse.Namespace) -> int:
    mutant = _find(args.root, args.modules, args.id)
    original = (args.root / mutant.module).read_text(encoding="utf-8")
    diff = difflib.unified_diff(
        original.splitlines(keepends=True),
        apply(original, mutant).splitlines(keepends=True),
        fromfile=mutant.module,
        tofile=f"{mutant.module} ({mutant.key}: {mutant.desc})",
        n=2,
    )
    sys.stdout.writelines(diff)
    return 0


def load_equivalents(path: str | None) -> dict[str, str]:
    """``key -> reason`` from a file of ``<key>  <reason>`` lines (``#`` starts a comment)."""
    out: dict[str, str] = {}
    if path:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, reason = line.strip().partition(" ")
                out[key] = reason.strip()
    return out


def cmd_report(args: argparse.Namespace) -> int:
    root: Path = args.root
    equivalent = load_equivalents(args.equivalent)
    by_module = all_mutants(root, args.modules)
    keys = {m.key for ms in by_module.values() for m in ms}
    results = load_results(root)
    if args.sample_only:
        chosen = json.loads((work_dir(root) / "sample.json").read_text(encoding="utf-8"))
        results = {k: r for k, r in results.items() if k in set(chosen["keys"])}
    per: dict[str, Counter[str]] = {m: Counter() for m in args.modules}
    survivors, equivalents = [], []
    for rec in results.values():
        if rec["module"] not in per:
            continue
        status = str(rec["status"])
        if status in {"survived", "uncovered"} and rec["key"] in equivalent:
            status = "equivalent"
            equivalents.append(rec)
        per[str(rec["module"])][status] += 1
        if status in {"survived", "uncovered"}:
            survivors.append(rec)
    print(
        "| module | generated | tested | killed | timeout | survived | uncovered "
        "| equivalent | invalid | score | score (equivalents as survivors) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    tot: Counter[str] = Counter()
    for module in args.modules:
        tot.update(per[module])
        print(_row(module, len(by_module[module]), per[module]))
    print(_row("**total**", len(keys), tot))
    for title, recs in (("survivors", survivors), ("equivalent", equivalents)):
        if recs:
            print(f"\n{title}:")
            for rec in sorted(recs, key=lambda r: (r["module"], r["line"])):
                reason = equivalent.get(str(rec["key"]), "")
                print(
                    f"- `{rec['key']}` line {rec['line']} {rec['desc']} [{rec['status']}]"
                    + (f": {reason}" if reason else "")
                )
    ok = True
    in_scope = tuple(args.modules)
    # a key of a module in scope whose mutant is gone, or of a module that is no more (the
    # code moved: its mutants have new keys, to judge again)
    stale = [
        k
        for k in equivalent
        if k not in keys
        and (k.split(":", 1)[0] in in_scope or not (args.root / k.split(":", 1)[0]).exists())
    ]
    killed = [
        k for k in equivalent if k in results and results[k]["status"] in {"killed", "timeout"}
    ]
    if stale:
        ok = False
        print("\nlisted as equivalent but no such mutant any more (the code changed: judge again):")
        for k in stale:
            print(f"- `{k}`")
    if killed:
        ok = False
        print("\nlisted as equivalent but killed (so not equivalent: drop it):")
        for k in killed:
            print(f"- `{k}`")
    return 0 if ok else 1


def _row(name: str, generated: int, c: Counter[str]) -> str:
    tested = sum(c.values()) - c["invalid"]
    dead = c["killed"] + c["timeout"]
    scored = tested - c["equivalent"]
    score = f"{100 * dead / scored:.1f}%" if scored else "-"
    strict = f"{100 * dead / tested:.1f}%" if tested else "-"
    return (
        f"| {name} | {generated} | {tested} | {c['killed']} | {c['timeout']} | {c['survived']} "
        f"| {c['uncovered']} | {c['equivalent']} | {c['invalid']} | {score} | {strict} |"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--root", type=Path, required=True, help="the snapshot to mutate")
    p.add_argument("--module", dest="modules", action="append", help="repeatable; default: all")
    p.add_argument("--timeout-factor", type=float, default=2.0)
    p.add_argument(
        "--max-examples", type=int, default=20,
        help="cap on examples per @given test, in covmap, baseline and mutant runs (0: none)",
    )  # fmt: skip
    p.add_argument(
        "--no-fork", dest="fork", action="store_false",
        help="start a fresh pytest process per mutant instead of forking a warm parent",
    )  # fmt: skip
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("covmap")
    sub.add_parser("baseline")
    sub.add_parser("list")
    sub.add_parser("selftest")
    r = sub.add_parser("run")
    r.add_argument("--total", type=int, default=None, help="mutants over all modules (seeded)")
    r.add_argument("--sample", type=int, default=None, help="mutants per module (seeded)")
    r.add_argument("--seed", type=int, default=6)
    r.add_argument("--budget", type=float, default=None, help="stop after this many minutes")
    rr = sub.add_parser("rerun")
    rr.add_argument("--status", nargs="+", default=["survived", "uncovered"])
    rr.add_argument("--budget", type=float, default=None)
    rr.add_argument("--id", dest="ids", action="append", help="only this mutant (key or id)")
    s = sub.add_parser("show")
    s.add_argument("id", help="a mutant's key or id")
    rep = sub.add_parser("report")
    rep.add_argument("--equivalent", help="file of '<key>  <reason>' lines")
    rep.add_argument("--sample-only", action="store_true", help="only the last run's sample")
    args = p.parse_args(argv)
    args.root = args.root.resolve()
    args.modules = args.modules or list(DEFAULT_MODULES)
    return {
        "covmap": cmd_covmap,
        "baseline": cmd_baseline,
        "list": cmd_list,
        "selftest": cmd_selftest,
        "run": cmd_run,
        "rerun": cmd_rerun,
        "show": cmd_show,
        "report": cmd_report,
    }[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
