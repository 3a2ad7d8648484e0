"""``truco-rules replay``: replay a record and print its hands."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import InvalidRecord
from ..match import Match
from ..views.narrate import play_by_play


def read_record(path: str) -> str:
    """The text of the record at ``path`` (``-``: standard input), which must be UTF-8
    (a leading byte-order mark is dropped)."""
    if path == "-":
        if sys.stdin is None:  # closed (``<&-``): nothing to read
            raise InvalidRecord("standard input is closed: there is no record to read")
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    try:
        return data.decode("utf-8-sig")  # a byte-order mark some editors write is not text
    except UnicodeDecodeError as exc:
        where = "standard input" if path == "-" else path
        raise InvalidRecord(
            f"{where} is not a UTF-8 text record (byte {exc.start}: {exc.reason})"
        ) from None


def cmd_replay(args: argparse.Namespace) -> int:
    text = read_record(args.record)
    m = Match.from_json(text) if text.lstrip().startswith("{") else Match.from_text(text)
    print(play_by_play(m))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay``."""
    r = sub.add_parser("replay", help="replay a record (JSON or text) and tell it hand by hand")
    r.add_argument("record", help="a JSON or text record file; - reads standard input")
    r.set_defaults(func=cmd_replay)
