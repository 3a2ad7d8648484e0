"""The ``truco-rules`` command: variants, simulate, play, replay, describe, compare, perft.

One module per subcommand; each registers itself with ``add_parser(sub)``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import TrucoError
from . import double_dummy, odds, perft, play, replay, rules, simulate
from ._common import default_variant

__all__ = ["build_parser", "main"]

_SUBCOMMANDS = (rules, simulate, play, replay, perft, double_dummy, odds)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``truco-rules`` command."""
    p = argparse.ArgumentParser(
        prog="truco-rules", description="The rules of Truco, variant by variant."
    )
    sub = p.add_subparsers(dest="command", required=True)
    for module in _SUBCOMMANDS:
        module.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``truco-rules`` command."""
    args = build_parser().parse_args(argv)
    if getattr(args, "variant", "") is None and args.func is not simulate.cmd_simulate:
        args.variant = default_variant()  # simulate without a variant runs every variant
    try:
        return int(args.func(args))
    except TrucoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
