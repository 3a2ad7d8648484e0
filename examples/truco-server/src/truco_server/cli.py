"""``truco-server``: serve the tables of a SQLite file at http://127.0.0.1:8000."""

from __future__ import annotations

import argparse

import uvicorn

from .app import create_app

__all__ = ["main"]

WS_MAX_SIZE = 65536
"""The largest WebSocket frame accepted; a larger one closes the connection (code 1009)."""


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until interrupted."""
    p = argparse.ArgumentParser(prog="truco-server", description=__doc__)
    p.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits before it acts"
    )
    p.add_argument(
        "--durable", action="store_true",
        help="flush every action to disk (survives power loss, not only a killed process)",
    )  # fmt: skip
    args = p.parse_args(argv)
    app = create_app(args.db, bot_delay=args.bot_delay, durable=args.durable)
    print(f"truco-server: http://{args.host}:{args.port} (tables in {args.db})", flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, ws="websockets-sansio", ws_max_size=WS_MAX_SIZE,
        log_level="warning",
    )  # fmt: skip
