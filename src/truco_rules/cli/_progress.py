"""A progress bar for long jobs on a terminal, and nothing when the output is not one.

With the ``progress`` extra (tqdm) installed the bar is tqdm's; without it a one-line bar of
our own. Either way it writes to standard error only when that is a terminal, so piped or
redirected output (and the tests) stay clean.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["progress_for"]


def _plain_bar(stream: TextIO, units: str) -> Callable[[int, int], None]:
    """A one-line bar: ``[#####.....] 500/1000 deals 12,345/s`` (``units``: ``"deals"``)."""
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        width = 30
        filled = int(width * done / total) if total else width
        rate = done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "." * (width - filled)
        stream.write(f"\r[{bar}] {done}/{total} {units} {rate:,.0f}/s")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def progress_for(stream: TextIO, units: str) -> Callable[[int, int], None] | None:
    """A ``progress(done, total)`` callback drawing on ``stream``, or ``None`` when
    ``stream`` is not a terminal; ``units`` is the plural word counted (``"matches"``)."""
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return None
    try:
        tqdm_mod: Any = importlib.import_module("tqdm")
    except ImportError:
        return _plain_bar(stream, units)
    bar: list[Any] = []

    def show(done: int, total: int) -> None:
        if not bar:
            bar.append(tqdm_mod.tqdm(total=total, unit=units, file=stream, leave=False))
        b = bar[0]
        b.update(done - b.n)
        if done >= total:
            b.close()

    return show
