"""Arguments the command cannot honour are refused before any output, never dropped in
silence (docs/cli.md: bad input prints ``error: ...`` on stderr and exits with status 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import truco_rules as tr
from truco_rules.cli import main
from truco_rules.runs.simulate import simulate

REFUSED = [
    # a factory of agents: it took (observation, legal) for (seed, strength) and failed at the
    # first decision, blaming the strength
    (
        ["simulate", "argentine", "--matches", "2", "--agents", "truco_rules.agents:default_agent"],
        "factory that returns ReaderAgent",
    ),
    # more agents than seats: the third never played, yet the header named it
    (
        ["simulate", "argentine", "--matches", "2", "--agents", "simple,random,random"],
        "3 agents for 2 seats",
    ),
    (["simulate", "--matches", "2", "--agents", "simple,random,random"], "3 agents for 2 seats"),
    # --json and --format (or --docs-url): the JSON was printed and the format dropped
    (["odds", "--json", "--format", "text"], "choose one"),
    (["odds", "mineiro", "--json", "--format", "csv"], "choose one"),
    (["describe", "--json", "--format", "markdown"], "choose one"),
    (["describe", "--json", "--docs-url", "https://example.org"], "choose one"),
    # --variant twice: the last one was used
    (["odds", "--variant", "mineiro", "--variant", "paulista"], "named twice"),
    (["perft", "--variant", "mineiro", "--variant", "paulista"], "named twice"),
    # options of a mode not asked for
    (["perft", "--budget", "10"], "add --write"),
    # an empty --dask address: the run went on here, the flag dropped
    (["simulate", "argentine", "--matches", "2", "--dask", ""], "no scheduler address"),
    # --option twice with two values: the first was dropped
    (["describe", "argentine", "--option", "target=15", "--option", "target=18"], "given twice"),
    (
        ["describe", "paulista", "--json", "--option", "deck=limpo", "--option", "deck=sujo"],
        "given twice",
    ),
    (
        [
            "simulate",
            "argentine",
            "--matches",
            "2",
            "--option",
            "target=15",
            "--option",
            "target=18",
        ],
        "given twice",
    ),
    (
        ["compare", "paulista", "mineiro", "--option", "1:target=15", "--option", "1:target=18"],
        "given twice",
    ),
    (
        [
            "compare",
            "paulista",
            "mineiro",
            "--option",
            "target=15",
            "--option",
            "paulista:target=18",
        ],
        "given twice",
    ),
]


@pytest.mark.parametrize(("argv", "why"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_arguments_the_command_would_drop_are_refused(
    argv: list[str], why: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and why in captured.err, captured.err


def test_the_same_variant_named_twice_is_one_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "--variant", "mineiro", "--variant", "mineiro", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "mineiro"
    # an option given twice with one value is that option
    assert (
        main(["describe", "argentine", "--json", "--option", "target=15", "--option", "target=15"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["options"]["target"] == 15


def test_a_depth_out_of_range_is_refused_before_the_header(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The header was printed on stdout, then the error gave a range (0 to 64) that the
    argument itself (1 or more) did not match."""
    with pytest.raises(SystemExit) as exc:
        main(["perft", "--depth", "65"])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: argument --depth: must be from 1 to 64, not 65")


def test_bad_arguments_read_as_every_other_error(capsys: pytest.CaptureFixture[str]) -> None:
    """``error: ...`` and where to read the arguments, not argparse's usage block."""
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--matches", "many"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: argument --matches: 'many' is not an integer")
    assert "truco-rules simulate -h" in err and "usage:" not in err


def test_budget_and_depth_still_work_where_they_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["perft", "blog", "--write", str(tmp_path), "--budget", "50"]) == 0
    text = (tmp_path / "argentine-blog.perft").read_text(encoding="utf-8")
    counts = [int(line.split()[2]) for line in text.splitlines() if line.startswith("perft ")]
    assert counts and max(counts) <= 50  # the budget bounds every record's deepest count
    assert main(["perft", "--depth", "2"]) == 0
    assert "perft 2 " in capsys.readouterr().out


def test_an_agent_factory_is_refused_by_the_library_too() -> None:
    from truco_rules.agents import default_agent

    with pytest.raises(tr.InvalidType, match="factory that returns ReaderAgent"):
        simulate(tr.get_variant("argentine"), 1, 0, 2, agents=[default_agent])
    # what it makes plays
    report = simulate(tr.get_variant("argentine"), 1, 0, 2, agents=[default_agent(strength=1)])
    assert report.matches == 1


def test_a_record_with_a_byte_order_mark_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=7)
    while not m.is_over() and len(m.history) < 12:
        m.apply(m.legal_actions()[0])
    for name, text in (("r.json", m.to_json()), ("r.txt", m.to_text())):
        plain, marked = tmp_path / f"plain-{name}", tmp_path / f"marked-{name}"
        plain.write_text(text, encoding="utf-8")
        marked.write_text(text, encoding="utf-8-sig")
        assert main(["replay", str(plain)]) == 0
        expected = capsys.readouterr().out
        assert main(["replay", str(marked)]) == 0
        assert capsys.readouterr().out == expected


def test_an_option_only_some_variants_have_is_named_with_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run over every variant, an option that only the flor variants have went to them
    alone while the header showed it above every row; a note names which play it."""
    argv = ["simulate", "--option", "flor_declaration=manual_with_penalty", "--matches", "1"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    note = next(line for line in err.splitlines() if "--option flor_declaration" in line)
    takers, lacking = note.split(";")
    assert "argentine" in takers and "paulista" not in takers
    assert "paulista" in lacking and "mineiro" in lacking and "argentine," not in lacking


def test_a_number_too_long_for_any_option_says_so_not_pythons_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["describe", "argentine", "--option", "target=" + "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert "set_int_max_str_digits" not in err and "4300" not in err
    assert "no option takes a number this long" in err and "10,000" in err
