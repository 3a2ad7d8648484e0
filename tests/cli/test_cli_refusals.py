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


def test_a_closed_standard_input_is_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``truco-rules replay - <&-`` and ``play <&-``: Python gives ``sys.stdin = None``, and
    both failed with an AttributeError traceback (a fourth review of the CLI)."""
    import sys

    monkeypatch.setattr(sys, "stdin", None)
    assert main(["replay", "-"]) == 2
    err = capsys.readouterr().err
    assert "standard input is closed" in err and "Traceback" not in err
    assert main(["play", "argentine", "--seed", "1"]) == 0  # read as a player who has left
    assert "bye" in capsys.readouterr().out


@pytest.mark.parametrize("key", ["scores", "chicos"])
@pytest.mark.parametrize("value", [3, None, True, "0 0"])
def test_a_record_whose_start_is_no_list_names_the_field(
    key: str, value: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``'int' object is not iterable`` did not say which field was wrong."""
    record = tr.get_variant("argentine").new_match(2, seed=1).to_record()
    record["start"][key] = value
    with pytest.raises(tr.InvalidRecord, match=f"'start' {key} must be a list"):
        tr.Match.from_record(record)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert f"'start' {key} must be a list" in capsys.readouterr().err


def test_double_dummy_names_the_options_it_solved(capsys: pytest.CaptureFixture[str]) -> None:
    """``--option`` changed the variant solved but not the one compared with, and neither
    the text nor the JSON said so: the report read as the same rules on both sides."""
    args = ["double-dummy", "argentine", "--deals", "20", "--seed", "1", "--against", "argentine"]
    option = ["--option", "second_trick_tie_after_win=third_trick_decides"]
    assert main([*args, *option]) == 0
    out = capsys.readouterr().out
    assert "options of argentine: second_trick_tie_after_win=third trick decides" in out
    assert "against argentine: its defaults" in out
    assert main([*args, *option, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"] == {"second_trick_tie_after_win": "third_trick_decides"}
    assert data["against"]["options"] == {}


def test_a_match_of_individual_scores_is_won_by_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three seats keep their own scores: replay said "side 0 wins (seats 1)", and the
    simulate table gave the winner's side in the last deal, which is no player."""
    v = tr.get_variant("argentine")
    m = v.new_match(3, seed=2)
    rng = __import__("random").Random(0)
    while not m.is_over():
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert m.player_scores is not None
    path = tmp_path / "m.json"
    path.write_text(m.to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    end = capsys.readouterr().out.strip().splitlines()[-1]
    seats = m.winning_seats()
    assert end.startswith(f"match over: seat{'s' if len(seats) > 1 else ''} {seats[0]}")
    assert "side" not in end
    assert main(["simulate", "--seats", "3", "--matches", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "*: seat 0's wins, where each player keeps his own score" in out


def test_play_and_replay_say_alike_who_won_a_match_of_individual_scores() -> None:
    """Two seats reaching the target together: replay said "seats 1, 2 win", play "side 1
    wins" (a review of the day's change)."""
    import contextlib
    import random

    from truco_rules.cli.play import _loop
    from truco_rules.runs.bots import SimpleBot
    from truco_rules.views.narrate import play_by_play, who_won

    m = tr.get_variant("argentine").new_match(3, seed=1)
    rng = random.Random(1)
    while not m.is_over():
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert len(m.winning_seats()) == 2 and who_won(m) == "seats 1, 2 win"
    assert play_by_play(m).splitlines()[-1].startswith("match over: seats 1, 2 win;")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _loop(m, 0, SimpleBot(), io.StringIO())
    assert out.getvalue().strip().splitlines()[-1].startswith("match over: seats 1, 2 win (")
