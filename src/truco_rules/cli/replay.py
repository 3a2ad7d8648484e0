"""``truco-rules replay``: replay a record and print its hands."""

from __future__ import annotations

import argparse
import sys

from ..errors import InvalidRecord
from ..match import Match
from .play import events_text


def read_record(path: str) -> str:
    """The text of the record at ``path`` (``-``: standard input), which must be UTF-8."""
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = "standard input" if path == "-" else path
        raise InvalidRecord(
            f"{where} is not a UTF-8 text record (byte {exc.start}: {exc.reason})"
        ) from None


def cmd_replay(args: argparse.Namespace) -> int:
    text = read_record(args.record)
    m = Match.from_json(text) if text.lstrip().startswith("{") else Match.from_text(text)
    print(f"{m.variant.name}, {m.seats} seats: {len(m.actions)} actions replayed")
    for h in m.history:
        events = events_text(h)
        print(f"hand {h.hand_no + 1}.{h.contest + 1} mano seat {h.mano}: {events} [{h.end_reason}]")
    state = "over" if m.is_over() else f"in progress, seat {m.current_player()} to act"
    print(
        f"score {m.score_text()} | chicos {m.chicos[0]}-{m.chicos[1]} | {state}"
        + (f" | winner: side {m.winner()}" if m.is_over() else "")
    )
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay``."""
    r = sub.add_parser("replay", help="replay a record (JSON or text) and print its hands")
    r.add_argument("record", help="a JSON or text record file; - reads standard input")
    r.set_defaults(func=cmd_replay)
