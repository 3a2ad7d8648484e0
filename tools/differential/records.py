"""Match records written by the starting commit of issue 22, to replay with later code.

``python tools/differential/records.py`` plays a handful of random matches with the code on the
path (run it with a python that has the starting commit installed) and writes each one's record
in both forms the library writes, ``<name>.json`` (:meth:`Match.to_json`) and ``<name>.txt``
(:meth:`Match.to_text`), into ``tests/data/differential/records/``, with ``expected.json``: what
each replays to (the scores, chicos, winner, and every contest's dealt cards and points).

Every built-in variant at 2 and 4 seats, dealt from a seed (the deal derivation of the starting
commit, the one every record without a version field keeps) and from explicit card orders; a
few more: deals by chance, other seat counts, changed options and unfinished matches (with
what a fixed agent reaches playing them on: the deals to come of a seeded match).
``tests/kernel/test_differential_start.py`` replays them.
"""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import truco_rules as tr

# the built-in variants' names (truco_rules.variants is installed from variants/, outside src)
builtin_names: Callable[[], tuple[str, ...]] = importlib.import_module(
    "truco_rules.variants"
).builtin_names

OUT = Path(__file__).resolve().parent.parent.parent / "tests" / "data" / "differential" / "records"


CONTINUE = "records/continue"
"""The seed of the agent that plays an unfinished record on (the test plays on with it)."""


def play(m: tr.Match, rng: random.Random, limit: int | None = None) -> None:
    """Random legal play (mostly the seat to act; going to the deck is rarer) to the end, or
    for ``limit`` actions."""
    done = 0
    while not m.is_over() and (limit is None or done < limit):
        if m.is_chance_node():
            m.apply(rng.choice(m.legal_actions()))
        else:
            cp = m.current_player()
            moves = [(cp, a) for a in m.legal_actions()]
            if rng.random() < 0.1:
                moves += [(s, a) for s in range(m.seats) if s != cp for a in m.legal_actions(s)]
            weights = [0.15 if a.verb == "mazo" else 1.0 for _s, a in moves]
            seat, action = rng.choices(moves, weights)[0]
            m.apply(action, seat)
        done += 1


def expected(m: tr.Match) -> dict[str, Any]:
    """What a replay of ``m``'s record must reach."""
    fmt = m.variant.format_card
    return {
        "scores": list(m.scores),
        "chicos": list(m.chicos),
        "player_scores": None if m.player_scores is None else list(m.player_scores),
        "winner": m.winner(),
        "winner_team": m.winner_team,
        "over": m.is_over(),
        "actions": len(m.actions),
        "contests": [
            {
                "hand_no": h.hand_no,
                "dealt": [" ".join(fmt(c) for c in d) for d in h.dealt],
                "points": list(h.points),
                "end_reason": h.end_reason,
            }
            for h in m.history
        ],
        "legal_now": [m.legal_action_texts(s) for s in range(m.seats)],
    }


def cases() -> list[tuple[str, str, int, str, dict[str, Any], int | None]]:
    """``(file name, variant, seats, deal source, options, action limit)``."""
    names = builtin_names()
    out: list[tuple[str, str, int, str, dict[str, Any], int | None]] = []
    for name in names:
        for seats in (2, 4):
            for source in ("seed", "deals"):
                out.append((f"{name}-{seats}-{source}", name, seats, source, {}, None))
    out += [
        ("argentine-2-chance", "argentine", 2, "chance", {}, None),
        ("argentine-3-seed", "argentine", 3, "seed", {}, None),
        ("argentine-6-seed", "argentine", 6, "seed", {}, None),
        ("argentine-sin-flor-6-deals", "argentine-sin-flor", 6, "deals", {}, None),
        ("argentine-2-seed-options", "argentine", 2, "seed", {"target": 15}, None),
        ("paulista-4-seed-limpo", "paulista", 4, "seed", {"deck": "limpo"}, None),
        ("mineiro-2-seed-unfinished", "mineiro", 2, "seed", {}, 12),
        ("argentine-4-seed-unfinished", "argentine", 4, "seed", {}, 14),
        ("paulista-2-seed-unfinished", "paulista", 2, "seed", {}, 20),
        ("almeria-4-chance", "almeria", 4, "chance", {}, None),
    ]
    return out


def _commit() -> str:
    """The commit of the truco_rules that is imported (the code that wrote the records)."""
    where = str(Path(tr.__file__).resolve().parent)
    git = ["git", "-C", where]
    try:
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--", "."], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def start(v: tr.Variant, seats: int, source: str, rng: random.Random) -> tr.Match:
    """A new match dealt from a seed, from explicit card orders, or by chance."""
    if source == "seed":
        m: tr.Match = v.new_match(seats, seed=rng.randrange(2**32))
    elif source == "deals":
        deck = list(v.deck.cards)
        deals = []
        for _ in range(16):  # then chance deals, if the match goes on
            rng.shuffle(deck)
            deals.append(list(deck))
        m = v.new_match(seats, deals=deals, mano=rng.randrange(seats))
    else:
        m = v.new_match(seats, mano=rng.randrange(seats))
    return m


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {"written_at_commit": _commit(), "records": {}}
    for file, name, seats, source, options, limit in cases():
        v = tr.get_variant(name, options)
        rng = random.Random(f"records/{file}")
        while True:  # a match of a few contests at least (a first falta envido may end it)
            m = start(v, seats, source, rng)
            play(m, rng, limit)
            if limit is not None or len(m.history) >= 5:
                break
        (OUT / f"{file}.json").write_text(m.to_json(), encoding="utf-8")
        (OUT / f"{file}.txt").write_text(m.to_text(), encoding="utf-8")
        manifest["records"][file] = expected(m)
        if not m.is_over():  # the deals to come: played on by a fixed agent
            play(m, random.Random(CONTINUE), 60)
            manifest["records"][file]["continued"] = expected(m)
    lines = [
        f"  {json.dumps(k)}: {json.dumps(rec, sort_keys=True, ensure_ascii=False)}"
        for k, rec in manifest["records"].items()
    ]
    head = json.dumps(manifest["written_at_commit"])
    text = f'{{"written_at_commit": {head}, "records": {{\n' + ",\n".join(lines) + "\n}}\n"
    (OUT / "expected.json").write_text(text, encoding="utf-8")
    print(f"{len(manifest['records'])} records -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
