"""What a newcomer meets on the command line (issue 25): one way to name a variant in every
command, ``describe`` with options, ``compare`` of one variant, text tables that fit the
terminal, a standalone HTML page, a play loop that flows, and a one-line ``repr(Variant)``."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

import truco_rules as tr
from truco_rules.cli import _progress, main

# (the command's words around the variant, a line its output starts with for mineiro/paulista)
NAMING = [
    (["simulate", "{v}", "--matches", "3"], "simulating 3 random {v} matches"),
    (["odds", "{v}"], "{v}: exact odds"),
    (["double-dummy", "{v}", "--deals", "3"], "double dummy: 3 random deals"),
    (["perft", "{v}", "--depth", "1"], "perft of {v}"),
    (["describe", "{v}"], "{v} (also"),
]


@pytest.mark.parametrize(("words", "head"), NAMING, ids=[w[0] for w, _ in NAMING])
@pytest.mark.parametrize("variant", ["mineiro", "paulista"])
def test_every_command_takes_the_variant_by_position_or_by_option(
    words: list[str], head: str, variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    positional = [w.format(v=variant) for w in words]
    k = words.index("{v}")
    optional = [*positional[:k], "--variant", variant, *positional[k + 1 :]]
    outs = []
    for argv in (positional, optional):
        assert main(argv) == 0, argv
        outs.append(capsys.readouterr().out)
    assert outs[0].startswith(head.format(v=variant)) or head.format(v=variant) in outs[0]
    first = [line for line in outs[0].splitlines() if "/s" not in line][:3]
    assert first == [line for line in outs[1].splitlines() if "/s" not in line][:3]


def test_play_takes_the_variant_by_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "mineiro", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("mineiro: you are seat 0")


def test_a_variant_named_twice_differently_is_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "paulista", "--variant", "mineiro"]) == 2
    captured = capsys.readouterr()
    assert "named twice" in captured.err and captured.out == ""


def test_describe_with_an_option_describes_that_rule_set(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["describe", "paulista", "--option", "target=15"]) == 0
    out = capsys.readouterr().out
    title = out.splitlines()[0]
    assert title.startswith("paulista with target=15 (default 12)")
    assert "15 points a game" in out and "12 points a game" not in out


@pytest.mark.parametrize("names", [["paulista"], [], ["--variant", "mineiro"]])
def test_compare_needs_two_variants_and_says_so(
    names: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", *names]) == 2
    captured = capsys.readouterr()
    assert "compare needs two or more variants" in captured.err and captured.out == ""


def test_compare_takes_variants_as_options_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "paulista", "--variant", "mineiro"]) == 0
    assert capsys.readouterr().out.startswith("Rules compared: paulista, mineiro")


@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_compare_text_fits_the_terminal_width(
    columns: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["compare", *tr.variant_names()]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= columns
    if columns < 120:  # columns narrower than a word cut it
        return
    # no cell text is lost to the wrapping: every word of every cell is printed
    grid = tr.compare_table(list(tr.variant_names()))
    printed = set(out.split())
    assert {w for row in grid.rows for cell in row for w in cell.split() if len(w) <= 6} <= printed


def test_compare_html_is_a_styled_standalone_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "argentine", "paulista", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<style>" in page and '<meta charset="utf-8">' in page
    assert page.count("<table") == 1 and "<th>paulista</th>" in page


def test_the_progress_bar_counts_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Tty()
    real_import = _progress.importlib.import_module

    def no_tqdm(name: str, *a: Any) -> Any:
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *a)

    monkeypatch.setattr(_progress.importlib, "import_module", no_tqdm)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["simulate", "argentine", "--matches", "4"]) == 0
    assert "4/4 matches" in err.getvalue()


def test_play_shows_the_cards_before_the_bot_moves_and_flows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 1 is not mano in hand 1 of seed 2 (seat 0 is): the cards come first, then the
    bot's moves without any Enter, then the player's decision."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n1\n1\n1\nquit\n"))
    assert main(["play", "--seed", "2", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(i for i, x in enumerate(lines) if x.startswith("=== hand 1"))
    assert "mano: seat 1" in lines[header]
    assert lines[header + 1].startswith("your cards: ")
    assert lines[header + 2].startswith("  seat 1: ")  # the bot moved, no prompt in between
    assert "Enter: let it act" not in out


def test_play_step_stops_before_every_bot_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    assert main(["play", "--seed", "2", "--seat", "0", "--step"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, x in enumerate(lines) if x.startswith("=== hand 1"))
    assert lines[header + 1].startswith("your cards: ")
    assert "(Enter: let it act)" in lines[header + 2]


def test_repr_of_a_variant_is_one_short_line() -> None:
    for name in tr.variant_names():
        v = tr.get_variant(name)
        assert repr(v) == f"Variant({name!r})"
    changed = tr.get_variant("paulista").with_options(target=15, facedown_allowed=False)
    assert repr(changed) == "Variant('paulista', facedown_allowed=False, target=15)" or repr(
        changed
    ) == "Variant('paulista', target=15, facedown_allowed=False)"
    assert len(repr(changed)) < 100


@pytest.mark.parametrize("offer", [True, False])
def test_play_step_stops_before_each_bot_move_with_or_without_the_offer(
    offer: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cli.md, play: ``--step`` stops before every bot move, not only where the player
    may call out of turn; ``--no-out-of-turn`` keeps the stops and drops the offer."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n" * 400))
    save = tmp_path / "game.json"
    flags = ["--step"] if offer else ["--step", "--no-out-of-turn"]
    assert main(["play", "--seed", "3", "--seat", "1", *flags, "--save", str(save)]) == 0
    out = capsys.readouterr().out
    m = tr.Match.from_json(save.read_text())
    assert m.is_over()
    mine = sum(1 for seat, _a in m.actions if seat == 1)
    stops = out.count("(Enter: let it act)")
    bots = len(m.actions) - mine
    assert ("you may:" in out) is offer
    # every bot move had its stop; a stop answered with a call adds one of the player's
    assert stops >= bots and (offer or stops == bots)


def test_dask_without_its_extra_is_an_error_that_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: an argument that cannot be used prints ``error: ...`` and exits 2."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # its import fails
    assert main(["simulate", "--dask", "tcp://127.0.0.1:1", "--matches", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --dask needs dask.distributed") and "[dask]" in err


def test_workers_and_dask_together_are_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """The usage shows them as alternatives; --workers was silently ignored."""
    assert main(["simulate", "--workers", "2", "--dask", "tcp://127.0.0.1:1"]) == 2
    assert capsys.readouterr().err.startswith("error: --workers and --dask")


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--option", "nope=1"],  # every variant: the option was dropped
        ["double-dummy", "--seats", "5"],  # every variant: a header and no row
        ["compare", "argentine", "paulista", "--option", "nope=1"],  # exited 1
        ["compare", "argentine", "paulista", "--option", "3:target=15"],  # "unknown variant"
        ["compare", "argentine", "paulista", "--option", "mineiro:target=15"],
    ],
)
def test_options_and_seats_no_variant_has_are_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: bad input prints ``error: ...`` and exits 2, with or without a variant."""
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error: ")
