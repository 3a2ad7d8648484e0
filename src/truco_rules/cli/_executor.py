"""Where a long job runs: here, on a local process pool (``--workers N``) or on a Dask
cluster (``--dask ADDRESS``, the ``dask`` extra)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import re
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..core.errors import ParseError, install_hint, shown
from ._common import at_least

__all__ = ["add_executor_arguments", "describe_executor", "executor_from"]


def add_executor_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--workers`` and ``--dask`` to a subcommand."""
    p.add_argument(
        "--workers", type=at_least(1), default=1, help="local processes (1: in this process)"
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="run on the Dask scheduler at ADDRESS, e.g. tcp://host:8786 (needs the dask extra)",
    )


def describe_executor(args: argparse.Namespace) -> str:
    """A few words on where the job runs, for the report's first line."""
    if args.dask:
        return f", on Dask at {args.dask}"
    return f", {args.workers} workers" if args.workers > 1 else ""


MAX_WORKERS = 1024
"""The most local processes ``--workers`` starts (``ProcessPoolExecutor`` forks them all)."""


_ADDRESS = re.compile(
    r"(?:(?:tcp|tls|ws|wss|ucx|ucxx)://)?(?:\[[0-9A-Fa-f:.]+(?:%[A-Za-z0-9._-]+)?\]"
    r"|[A-Za-z0-9._-]+):[0-9]{1,5}"
    r"|inproc://[A-Za-z0-9._-]+/[0-9]+/[0-9]+",
    re.ASCII,
)
"""A Dask scheduler's address: a host (a name, an IPv4 address or an IPv6 one in brackets,
with its zone if any: ``[fe80::1%eth0]``)
and a port, after a scheme Dask speaks over a network, or none (tcp); or an in-process
cluster's ``inproc://HOST/PID/N``."""


@contextlib.contextmanager
def executor_from(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor the arguments ask for (``None``: this process), closed afterwards."""
    if args.dask is not None and args.workers > 1:
        raise ParseError("--workers and --dask are two ways to run: give one")
    if args.dask is not None:  # an empty address too: it ran here, the flag dropped
        if not _ADDRESS.fullmatch(args.dask):  # read here: Dask may wait on a half address
            why = "give SCHEME://HOST:PORT or HOST:PORT, as tcp://127.0.0.1:8786"
            raise ParseError(f"--dask {shown(args.dask)} is no scheduler address: {why}")
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            # an argument that cannot be used: the CLI's error: and status 2
            raise ParseError(f"--dask needs dask.distributed: {install_hint('dask')}") from None
        try:
            client = distributed.Client(args.dask)
        except (ValueError, TypeError) as exc:  # no address (a scheme unknown, no port)
            why = str(exc)[:200]
            raise ParseError(f"--dask {shown(args.dask)} is no scheduler address: {why}") from None
        with client:
            yield client.get_executor(pure=False)
        return
    if args.workers > MAX_WORKERS:  # each a process: no machine runs more to any purpose
        raise ParseError(f"--workers must be from 1 to {MAX_WORKERS}, not {args.workers}")
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as ex:
            yield ex
        return
    yield None
