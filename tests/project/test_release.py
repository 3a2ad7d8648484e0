"""What a release needs (issue 25): the version in one place, a changelog entry for it, and a
CI step that builds, checks and installs the package (the build itself runs in ``.ci/run``:
it takes the network and tens of seconds)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_lives_in_one_place() -> None:
    tomllib = pytest.importorskip(
        "tomllib", reason="reads pyproject.toml with Python 3.11's tomllib"
    )
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "truco_rules.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]\d+|rc\d+)?", tr.__version__)
    sources = [p for p in (ROOT / "src").rglob("*.py") if '__version__ = "' in p.read_text()]
    assert [p.name for p in sources] == ["__init__.py"]


def test_the_command_reports_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"truco-rules {tr.__version__}"


def test_the_changelog_has_this_version_in_keep_a_changelog_form() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog") and "keepachangelog.com" in text
    versions = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert versions[0] == ("Unreleased", "")
    assert (tr.__version__, versions[1][1]) == versions[1] and versions[1][1]
    entry = text.split(f"## [{tr.__version__}]", 1)[1].split("\n## [", 1)[0]
    kinds = re.findall(r"^### (\w+)$", entry, re.M)
    assert kinds and set(kinds) <= {
        "Added",
        "Changed",
        "Deprecated",
        "Removed",
        "Fixed",
        "Security",
    }


def test_ci_builds_checks_and_installs_the_release() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in ("python -m build", "twine check", "python3 -m venv", "tools/check_wheel.py"):
        assert step in ci, step
    assert (ROOT / "tools" / "check_wheel.py").is_file()
