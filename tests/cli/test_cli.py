"""The truco-rules command (issue: variants, simulate, play, replay, describe, compare)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import truco_rules as tr
from truco_rules.cli import main


def test_variants_lists_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for name in tr.variant_names():
        assert name in out


def test_simulate_without_a_variant_compares_every_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The README's main job: one row per variant that has the seat count."""
    assert main(["simulate", "--matches", "10", "--seed", "3"]) == 0
    rows = capsys.readouterr().out.splitlines()
    names = [r.split()[0] for r in rows[2:-1]]
    assert names == list(tr.variant_names())
    assert main(["simulate", "--matches", "5", "--seats", "6"]) == 0
    rows = capsys.readouterr().out.splitlines()
    six = [n for n in tr.variant_names() if 6 in tr.get_variant(n).seat_counts]
    assert [r.split()[0] for r in rows[2:-1]] == six and six


def test_simulate_prints_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "argentine", "--matches", "40", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for label in (
        "matches/s",
        "actions/s",
        "hands per match",
        "points per hand",
        "mano's hand wins",
    ):
        assert label in out
    assert "matches            40" in out


def test_simulate_is_reproducible_and_takes_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--variant", "blog", "--seats", "4", "--matches", "20", "--seed", "9"]
    main([*args, "--option", "target=15"])
    first = capsys.readouterr().out
    main([*args, "--option", "target=15"])
    second = capsys.readouterr().out

    def stats(text: str) -> list[str]:
        return [line for line in text.splitlines() if "/s" not in line]

    assert stats(first) == stats(second)


def test_unknown_variant_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "nope", "--matches", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'nope'" in err and "argentine" in err


def test_replay_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m = tr.get_variant("argentine").new_match(2, seed=4)
    while not m.is_over():
        m.apply(m.legal_actions()[-1])
    (tmp_path / "r.json").write_text(m.to_json())
    (tmp_path / "r.txt").write_text(m.to_text())
    assert main(["replay", str(tmp_path / "r.json")]) == 0
    out_json = capsys.readouterr().out
    assert main(["replay", str(tmp_path / "r.txt")]) == 0
    assert capsys.readouterr().out == out_json
    assert f"match over: side {m.winner()} wins" in out_json
    # a play-by-play: hands numbered from 1, every action, each trick with its cards, points
    assert out_json.count("\nhand ") == m.hand_no + 1 and "\nhand 1:" in out_json
    assert ("  trick 1: seat " in out_json) == any(h.tricks for h in m.history)
    assert "  points: side " in out_json
    assert "seat -1" not in out_json


def test_replay_names_the_chance_node_dealing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = tr.get_variant("argentine").new_match(2)
    for _ in range(4):
        m.apply(m.legal_actions()[0])
    (tmp_path / "r.json").write_text(m.to_json())
    assert main(["replay", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "dealing: 1E 2E 3E 4E" in out and "in progress: dealing" in out


def test_replay_of_a_broken_record_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = json.loads(tr.get_variant("argentine").new_match(2, seed=4).to_json())
    rec["actions"] = ["0:vale-cuatro"]
    (tmp_path / "bad.json").write_text(json.dumps(rec))
    assert main(["replay", str(tmp_path / "bad.json")]) == 2
    assert "does not replay" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_play_against_the_bot_forgives_typos(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # numbers, prefixes and near-misses all resolve; nonsense is explained, not fatal
    lines = ["xyzzy", "mazzo", "help"] + ["1"] * 3000
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["play", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "'xyzzy' is not a legal action now" in out
    assert "your cards:" in out and "hand over" in out
    assert "match over" in out


def test_play_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--variant", "sin-flor", "--seats", "4", "--seed", "1"]) == 0
    assert "bye" in capsys.readouterr().out


@pytest.mark.parametrize("opponent", ["default", "ismcts", "simple"])
def test_play_gives_every_bot_seat_an_agent_of_its_own(
    opponent: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An agent keeps what it read of the table (its generator, its tallies), so the bots of
    a game of ``play`` at more than two seats are one agent a seat: one agent playing three
    seats would read the others' views into each decision, which then changes with cards
    its seat cannot see. The first bot seat after the player's plays from the seed."""
    from truco_rules.cli import play as play_cli

    made: list[tuple[int, set[int]]] = []
    real = play_cli._opponent

    def recorded(kind: str, strength: str, seed: int) -> Any:
        agent = real(kind, strength, seed)
        seats: set[int] = set()
        made.append((seed, seats))

        class OneSeat:
            def choose(self, match: tr.Match, legal: list[tr.Action]) -> tr.Action:
                seats.add(match.current_player())
                return agent.choose(match, legal)

        return OneSeat()

    monkeypatch.setattr(play_cli, "_opponent", recorded)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    args = ["play", "paulista", "--seats", "4", "--seat", "1", "--seed", "5"]
    assert main([*args, "--opponent", opponent, "--strength", "fast"]) == 0
    assert "match over" in capsys.readouterr().out
    assert sorted(seed for seed, _seats in made) == [5, 6, 7]
    by_seed = {seed: seats for seed, seats in made}
    assert by_seed == {5: {2}, 6: {3}, 7: {0}}


def test_describe_and_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "argentine-blog", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "argentine-blog" and data["flor"] is False
    assert main(["compare", "argentine", "argentine-sin-flor"]) == 0
    out = capsys.readouterr().out
    flor = next(line for line in out.splitlines() if line.startswith("Flor "))
    assert flor.split()[-2:] == ["yes", "no"]


def _match_wins(out: str) -> int:
    line = next(x for x in out.splitlines() if x.startswith("match wins"))
    return sum(int(part.split(":")[1]) for part in line.split(",") if ":" in part)


def test_simulate_paulista(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--variant", "paulista", "--seats", "4", "--matches", "20", "--seed", "5"]
    assert main([*args, "--option", "deck=limpo"]) == 0
    out = capsys.readouterr().out
    assert "simulating 20 random paulista matches, 4 seats, seed 5" in out
    assert _match_wins(out) == 20


def test_simulate_mineiro(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--variant", "truco-mineiro", "--matches", "20", "--seed", "5"]
    assert main([*args, "--option", "mineiro_ladder=2-4-8-10-12"]) == 0
    out = capsys.readouterr().out
    assert "simulating 20 random mineiro matches, 2 seats, seed 5" in out
    assert _match_wins(out) == 20
    assert main(["simulate", "--variant", "mineiro", "--option", "deck=limpo"]) == 2
    assert "deck='limpo'" in capsys.readouterr().err


def test_simulate_almeria_two_and_four_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--variant", "almeria", "--matches", "20", "--seed", "4"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "simulating 20 random almeria matches, 2 seats, seed 4" in out
    assert _match_wins(out) == 20
    four = [*args, "--seats", "4", "--option", "almeria_turn_scoring=sequential_stop"]
    assert main([*four, "--option", "toros_to_win=1"]) == 0
    out = capsys.readouterr().out
    assert "simulating 20 random almeria matches, 4 seats, seed 4" in out
    assert _match_wins(out) == 20
    assert main([*four, "--option", "all_tricks_tied=nobody"]) == 2
    assert "all_tricks_tied" in capsys.readouterr().err


def test_play_almeria_give_up_a_duel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 2: seat 0 leads the first duel; giving it up (mazo) gives the bot the un-bet 1
    monkeypatch.setattr("sys.stdin", io.StringIO("envido\nmazo\nquit\n"))
    assert main(["play", "--variant", "el-truco", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "=== hand 1 (duel) | score 0 malas - 0 malas | mano: seat 0" in out
    assert "'envido' is not a legal action now" in out
    assert "4. truco" in out and "5. mazo" in out
    assert "--- hand over (mazo): side 1 +1 (mazo)" in out
    assert "=== hand 2 (duel) | score 0 malas - 1 malas | mano: seat 1" in out
    assert "bye" in out


@pytest.mark.parametrize("seats", ["2", "4"])
def test_play_almeria_to_the_end(
    seats: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    args = ["play", "--variant", "almeria", "--seats", seats, "--seed", "2"]
    assert main([*args, "--option", "toros_to_win=1"]) == 0
    out = capsys.readouterr().out
    assert "hand over" in out
    end = out.splitlines()[-1]
    assert end.startswith("match over: side ")
    # the winner reached the toro's 18 tantos: 9 buenas or more
    assert max(int(n) for n in re.findall(r"(\d+) buenas", end)) >= 9


@pytest.mark.parametrize(
    ("variant", "seats", "heading"),
    [
        ("almeria", 4, "=== hand 1, duel 2 (double-duel)"),
        ("argentine", 6, "=== hand 2, duel 3 (pica-pica)"),
        ("argentine", 3, "=== hand 1 (gallo)"),
    ],
)
def test_play_prints_every_contest_of_a_deal(
    variant: str,
    seats: int,
    heading: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Deals with several contests (RULES §7.2, §2.12.1) print each contest's heading and end;
    the gallo's discard (RULES §2.12.2) is a choice like any other. (Whether a match lasts
    to the deal named depends on the bot's play: the first of a few seeds that does.)"""
    seen = False
    for seed in range(3, 9):
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
        assert main(["play", "--variant", variant, "--seats", str(seats), "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        contests = out.count("--- hand over")
        assert contests == out.count("=== hand "), "every contest printed has its end printed"
        assert "match over: " in out
        if heading in out:
            seen = True
            break
    assert seen, heading


def _stats(out: str) -> list[str]:
    return [line for line in out.splitlines() if "/s" not in line]


def test_simulate_argentine_six_seats_with_and_without_the_cutoff(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 5, RULES §2.12.1: six seats simulate to the end; the cutoff option (null as JSON
    for None) changes the deals played."""
    args = ["simulate", "--variant", "argentine", "--seats", "6", "--matches", "20", "--seed", "7"]
    assert main(args) == 0
    cut = capsys.readouterr().out
    assert "simulating 20 random argentine matches, 6 seats, seed 7" in cut
    assert _match_wins(cut) == 20
    assert main([*args, "--option", "pica_pica_cutoff=null"]) == 0
    always = capsys.readouterr().out
    assert _match_wins(always) == 20
    assert _stats(always) != _stats(cut)
    assert main([*args, "--option", "pica_pica_cutoff=-1"]) == 2
    assert "pica_pica_cutoff" in capsys.readouterr().err


@pytest.mark.parametrize("option", [None, "gallo_mode=fijo", "gallo_extra_card=false"])
def test_simulate_argentine_three_seats(
    option: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 5, RULES §2.12.2: the gallo simulates to the end in each mode, with and without
    the fourth card."""
    args = ["simulate", "--variant", "sin-flor", "--seats", "3", "--matches", "20", "--seed", "7"]
    assert main([*args, *(["--option", option] if option else [])]) == 0
    out = capsys.readouterr().out
    assert "simulating 20 random argentine-sin-flor matches, 3 seats, seed 7" in out
    if option and "fijo" in option:
        assert _match_wins(out) == 20
    else:  # per seat: partners who reach the target together both count a win
        assert "match wins         seat 0:" in out and _match_wins(out) >= 20


def test_play_never_applies_a_typo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 14: 'mzo' is not taken for 'mazo' (it would lose the hand): a typo gets a hint,
    a prefix shared by several actions lists them, and nothing is applied."""
    monkeypatch.setattr("sys.stdin", io.StringIO("mzo\nplay\nquit\n"))
    assert main(["play", "--seed", "2", "--no-out-of-turn"]) == 0
    out = capsys.readouterr().out
    assert "did you mean: mazo?" in out
    assert "that starts several actions: play " in out
    assert "hand over" not in out and "bye" in out


def test_play_offers_out_of_turn_calls_shows_every_trick_and_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 14: while the bot is to act, the calls this seat may make out of turn are offered
    (Enter lets the bot act); each hand's end shows its tricks, the last one included; --save
    writes the record, which replays."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n" * 400))
    save = tmp_path / "game.json"
    # seed 8: hands played out to their tricks (at seed 5 the default bot's falta envido,
    # accepted by this input, now ends the match in the first hand)
    assert main(["play", "--seed", "8", "--seat", "1", "--step", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "is to act; you may: 1. truco" in out
    assert "    trick 1: seat " in out
    m = tr.Match.from_json(save.read_text())
    assert m.seed == 8 and m.actions


def test_play_refuses_a_seat_the_table_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "3"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: --seat must be a seat from 0 to 1")


def test_every_argument_shows_its_help_and_default(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play", "perft", "double-dummy"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "(default: " in text, command
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("truco-rules ")


def test_print_shows_the_table_and_public_state_is_read_only() -> None:
    """Issue 14: print(m) shows every seat's cards, the score and whose turn it is, in the
    variant's notation; the scores are read-only tuples."""
    m = tr.get_variant("paulista").new_match(seed=3)
    m.apply(m.legal_actions()[0])
    text = str(m)
    assert "paulista, 2 seats, hand 1 | score 0 - 0" in text and "turned: As" in text
    assert "seat 0 (side 0) (mano): holds Kh Qd | played 5h" in text
    assert text.endswith("seat 1 to act")
    assert isinstance(m.scores, tuple) and isinstance(m.chicos, tuple)
    with pytest.raises(AttributeError):
        m.scores = (1, 1)  # type: ignore[misc]


# --------------------------------------------------------------------------- the command line
HOSTILE_FILES = [
    b"\xff\xfe\x00garbage",
    b'{"format": "truco-rules/1", "seed": ' + b"9" * 5000 + b"}",
    b"[" * 100_000,
    b'[Variant "argentine"]\n[Option "target=' + b"[" * 5000 + b'"]\n',
    b'[Variant "argentine"]\n[Seed "1"]\n\n--0:truco\n',
    b'[Variant "argentine"]\n[Seed "1"]\n\n' + b"9" * 5000 + b":truco\n",
    b'[Variant "argentine"]\n[Seed "1"]\n\n0:declare ' + b"9" * 5000 + b"\n",
    b"",
    b"\x00" * 100,
]


@pytest.mark.parametrize("data", HOSTILE_FILES, ids=range(len(HOSTILE_FILES)))
def test_replay_refuses_a_hostile_file_without_a_traceback(
    data: bytes, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10 item 4: ``truco-rules replay`` prints ``error: ...`` and exits 2."""
    from truco_rules.cli import main

    path = tmp_path / "record.txt"
    path.write_bytes(data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and len(err) < 2000


SIM = ["simulate", "--variant", "argentine", "--matches", "1"]


@pytest.mark.parametrize(
    "argv",
    [
        ["describe", "x" * 10_000],
        [*SIM, "--option", "target=" + "9" * 5000],
        [*SIM, "--option", "target=" + "[" * 5000],
        [*SIM, "--option", "nonsense"],
        [*SIM, "--seed", str(10**30)],
        ["perft", "--variant", "argentine", "--depth", "1", "--option", "target=-3"],
        ["compare", "argentine", "\x00"],
    ],
)
def test_the_command_line_refuses_hostile_arguments_cleanly(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from truco_rules.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:  # refused by the argument parser: usage, then the error
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    out, err = capsys.readouterr()
    assert "error: " in err and len(err) < 2000 and "Traceback" not in err
    assert out == ""  # refused before any output


@pytest.mark.parametrize(("given", "read"), [("true", True), ("True", True), ("False", False)])
def test_an_option_takes_the_spelling_its_error_shows(
    given: str, read: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad value's error lists ``True | False`` (docs/cli.md, --option): those spellings
    are read as JSON's true and false, as ``None`` is read as null."""
    assert main(["describe", "argentine", "--option", "facedown_allowed=maybe"]) == 2
    assert "True | False" in capsys.readouterr().err
    assert main(["describe", "argentine", "--option", f"facedown_allowed={given}"]) == 0
    out = capsys.readouterr().out
    json_word = "true" if read else "false"
    assert main(["describe", "argentine", "--option", f"facedown_allowed={json_word}"]) == 0
    assert capsys.readouterr().out == out


def test_perft_write_keeps_options_and_refuses_what_does_not_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md (perft): ``--write`` keeps ``--option`` in its records (it was dropped:
    the file was the default one) and refuses the options that name one count."""
    assert main(["perft", "argentine", "--write", str(tmp_path), "--budget", "500"]) == 0
    plain = (tmp_path / "argentine.perft").read_text(encoding="utf-8")
    args = ["perft", "argentine", "--write", str(tmp_path), "--budget", "500"]
    assert main([*args, "--option", "target=15"]) == 0
    capsys.readouterr()
    kept = (tmp_path / "argentine.perft").read_text(encoding="utf-8")
    assert kept != plain and 'options {"target": 15}' in kept
    for extra in (["--seats", "4"], ["--seed", "2"], ["--depth", "2"], ["--divide"]):
        assert main([*args, *extra]) == 2
        assert extra[0] in capsys.readouterr().err


def test_play_takes_q_for_the_one_action_it_starts() -> None:
    """docs/cli.md (play): a prefix that only one legal action starts with plays it, and
    'quit' leaves. 'q' left the game where 'quiero' was the one action it starts."""
    from truco_rules.cli.play import _ask

    v = tr.get_variant("argentine")
    legal = [v.parse_action(t) for t in ("quiero", "no-quiero", "retruco", "mazo")]
    assert _ask(io.StringIO("q\n"), legal, v.format_action, False) == legal[0]
    assert _ask(io.StringIO("quit\n"), legal, v.format_action, False) == "quit"


@pytest.mark.parametrize(
    "extra",
    [
        ["--save", "/nonexistent-dir/game.json"],  # was written after the whole game: lost
        ["--save", "."],
        ["--opponent", "simple", "--strength", "bogus"],  # was not checked for the simple bot
        ["--strength", "\u0663"],  # an Arabic-Indic 3: no number the docs name
    ],
)
def test_play_refuses_bad_arguments_before_the_game(
    extra: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--seed", "3", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ")


def test_an_option_one_variant_refuses_names_that_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cli.md: --option changes the option in every variant that has it. deck=limpo is
    valid in paulista and refused by mineiro, and the error named no variant, so it read as
    a value wrong everywhere."""
    assert main(["odds", "--option", "deck=limpo"]) == 2
    err = capsys.readouterr().err
    assert "deck='limpo'" in err and "(in mineiro)" in err


def test_reports_name_the_options_they_were_made_under(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: the statistics depend on the options and the seed. simulate's text and
    JSON reports, replay's story and odds' titles and CSV said nothing of the options (the
    CSV not even the variant), so a report could not be told from one of the defaults."""
    args = ["simulate", "paulista@minitruco", "--option", "raise_as_answer=true"]
    assert main([*args, "--matches", "2", "--seats", "4"]) == 0
    assert "options: raise_as_answer=yes" in capsys.readouterr().out
    assert main([*args, "--matches", "2", "--seats", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"] == {"raise_as_answer": True} and data["seed"] == 0
    m = tr.get_variant("paulista@minitruco", {"raise_as_answer": True}).new_match(4, seed=5)
    path = tmp_path / "r.json"
    path.write_text(m.to_json())
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "options: raise_as_answer=yes"
    assert main(["odds", "argentine", "--option", "target=15", "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("section,variant,") and ",argentine (target=15)," in rows[1]


def test_an_alias_of_an_option_works_in_a_run_over_every_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RULES' mao_rotation worked for one variant and was 'no registered variant has an
    option' over every variant."""
    assert main(["simulate", "--option", "mao_rotation=against_play", "--matches", "1"]) == 0
    assert "options: mao_rotation=against play" in capsys.readouterr().out


def test_compare_takes_an_option_by_its_alias(capsys: pytest.CaptureFixture[str]) -> None:
    """compare --option mao_rotation=... was 'no variant compared has' it, where every other
    command takes RULES' spelling."""
    args = ["compare", "paulista", "mineiro", "--all", "--option", "mao_rotation=against_play"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "previous" in out and "mano_rotation" in out
