"""The ``truco-rules`` command: variants, simulate, play, replay, describe, compare, perft.

One module per subcommand; each registers itself with ``add_parser(sub)``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import __version__
from ..core.errors import TrucoError
from . import double_dummy, odds, perft, play, replay, rules, simulate
from ._common import default_variant, formatter, settle_variant

__all__ = ["build_parser", "main"]

_SUBCOMMANDS = (rules, simulate, play, replay, perft, double_dummy, odds)


class _Subcommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """Every subcommand's help shows each argument's default."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        kwargs.setdefault("formatter_class", formatter)
        return super().add_parser(name, **kwargs)  # type: ignore[no-any-return]


class _Parser(argparse.ArgumentParser):
    """Bad arguments are told as every other bad input is: ``error: ...`` on stderr and
    status 2, with where to read the arguments instead of the whole usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} ({self.prog} -h lists the arguments)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``truco-rules`` command."""
    p = _Parser(prog="truco-rules", description="The rules of Truco, variant by variant.")
    p.register("action", "parsers", _Subcommands)
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    for module in _SUBCOMMANDS:
        module.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``truco-rules`` command: 0 on success, 2 on bad input (with
    ``error: ...`` on stderr and nothing on stdout), 130 when interrupted."""
    args = build_parser().parse_args(argv)
    try:
        settle_variant(args)
        if getattr(args, "variant", "") is None and args.func is not simulate.cmd_simulate:
            args.variant = default_variant()  # simulate without a variant runs every variant
        code = int(args.func(args))
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (TrucoError, OSError) as exc:
        where = "".join(f" ({note})" for note in getattr(exc, "__notes__", ()))
        print(f"error: {exc}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
