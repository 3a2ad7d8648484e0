"""What every subcommand shares: the default variant, ``--option`` parsing, a progress bar."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from ..errors import ParseError, shown
from ..variant import variant_names


def default_variant() -> str:
    """The variant used when none is named: the first registered one (built-ins load first)."""
    return variant_names()[0]


def progress_bar(stream: TextIO, started: float) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        if elapsed < 1.0 and done < total:
            return  # short runs print no bar
        width = 30
        filled = int(width * done / total) if total else width
        rate = done / elapsed if elapsed > 0 else 0.0
        stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches {rate:,.0f}/s"
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def parse_options(pairs: Sequence[str] | None) -> dict[str, object]:
    out: dict[str, object] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep:
            raise ParseError(f"--option takes NAME=VALUE, not {shown(pair)}")
        try:
            value: object = json.loads(raw)
        except json.JSONDecodeError:
            value = None if raw.strip() == "None" else raw  # Python spelling of null
        except (ValueError, RecursionError) as exc:  # 5,000-digit numbers, deep nesting
            raise ParseError(f"--option {name.strip()}: {shown(str(exc), 120)}") from None
        out[name.strip()] = tuple(value) if isinstance(value, list) else value
    return out
