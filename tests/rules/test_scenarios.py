"""Whole-hand scenarios of every variant and table size, stored as text records.

Each file in ``tests/data/scenarios/*.txt`` is a game record in the text form that
:meth:`truco_rules.Match.from_text` reads, with comment lines explaining the hand against RULES.md
and one expectation line::

    # expect: points 5-3 winner 1 score 5-3 match-winner 0 end tricks

``points`` (required): what each side scored in the first hand (``history[0].points``);
``winner`` (required): the side that won the first hand's tricks part, or ``none``;
``score``: the chico score once the record is replayed; ``match-winner``: ``m.winner()``
(``none`` while the match goes on); ``end``: the first hand's ``end_reason``.

For deals of several contests and for the tables of RULES §2.12, lists separated by commas,
one item per finished contest: ``kinds`` (``redonda,pica-pica,...``, :attr:`HandSummary.kind`),
``manos`` (each contest's mano) and ``all-points`` (``2-0,1-5,...``); and ``player-scores``
(``6-11-8``, one per seat, ``none`` without individual scores), ``next-mano`` (``m.mano``
once replayed) and ``winning-seats`` (``1,2`` or ``none``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import truco_rules as tr

SCENARIOS = Path(__file__).parents[1] / "data" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.txt"))
KEYS = {
    "points",
    "winner",
    "score",
    "match-winner",
    "end",
    "kinds",
    "manos",
    "all-points",
    "player-scores",
    "next-mano",
    "winning-seats",
}


def parse_expect(text: str) -> dict[str, str]:
    """The key/value pairs of the ``# expect:`` comment lines of a record."""
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line.startswith("#"):
            continue
        body = line.lstrip("#").strip()
        if not body.lower().startswith("expect:"):
            continue
        words = body[len("expect:") :].split()
        if len(words) % 2:
            raise ValueError(f"expect line needs key/value pairs: {raw!r}")
        for key, value in zip(words[::2], words[1::2], strict=True):
            if key not in KEYS:
                raise ValueError(f"unknown expect key {key!r} in {raw!r}")
            out[key] = value
    return out


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    return int(a), int(b)


def _side(text: str) -> int | None:
    return None if text.lower() == "none" else int(text)


def _ints(text: str, sep: str) -> tuple[int, ...] | None:
    return None if text.lower() == "none" else tuple(int(x) for x in text.split(sep))


def test_there_are_at_least_six_scenarios() -> None:
    assert len(FILES) >= 6


def test_parse_expect() -> None:
    text = (
        "# intro\n# expect: points 0-3 winner 1\n"
        '#expect: end mazo match-winner none\n[Variant "x"]\n'
    )
    assert parse_expect(text) == {
        "points": "0-3",
        "winner": "1",
        "end": "mazo",
        "match-winner": "none",
    }
    with pytest.raises(ValueError):
        parse_expect("# expect: points")
    with pytest.raises(ValueError):
        parse_expect("# expect: pointz 1-0")
    assert parse_expect("# expect: kinds gallo,gallo player-scores 1-2-3 winning-seats none") == {
        "kinds": "gallo,gallo",
        "player-scores": "1-2-3",
        "winning-seats": "none",
    }


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    """Replay the record and check the expectation stated in its header comment."""
    text = path.read_text(encoding="utf-8")
    exp = parse_expect(text)
    assert {"points", "winner"} <= exp.keys(), f"{path.name}: needs '# expect: points A-B winner W'"
    m = tr.Match.from_text(text)
    assert m.history, f"{path.name}: the first hand did not finish"
    first = m.history[0]
    assert first.points == _pair(exp["points"])
    assert first.winner == _side(exp["winner"])
    if "score" in exp:
        assert m.score == _pair(exp["score"])
    if "match-winner" in exp:
        assert m.winner() == _side(exp["match-winner"])
    if "end" in exp:
        assert first.end_reason == exp["end"]
    if "kinds" in exp:
        assert [h.kind for h in m.history] == exp["kinds"].split(",")
    if "manos" in exp:
        assert tuple(h.mano for h in m.history) == _ints(exp["manos"], ",")
    if "all-points" in exp:
        assert [h.points for h in m.history] == [_pair(p) for p in exp["all-points"].split(",")]
    if "player-scores" in exp:
        scores = None if m.player_scores is None else tuple(m.player_scores)
        assert scores == _ints(exp["player-scores"], "-")
    if "next-mano" in exp:
        assert m.mano == int(exp["next-mano"])
    if "winning-seats" in exp:
        assert m.winning_seats() == (_ints(exp["winning-seats"], ",") or ())
    # the record round-trips through the library's own text form
    assert tr.Match.from_text(m.to_text()) == m
