"""Shared fixtures: a server on 127.0.0.1 at a free port, in a thread of the test process
(uvicorn with the websockets implementation, as ``truco-server`` runs it)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from truco_server.app import create_app
from truco_server.cli import WS_MAX_SIZE


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Running:
    """A server running in a thread: ``url`` (http) and ``ws`` (the WebSocket address)."""

    def __init__(self, db: str, bot_delay: float) -> None:
        self.db = db
        self.port = free_port()
        config = uvicorn.Config(
            create_app(db, bot_delay=bot_delay), host="127.0.0.1", port=self.port,
            ws="websockets-sansio", ws_max_size=WS_MAX_SIZE, log_level="warning", lifespan="on",
        )  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    """A fresh server with its own SQLite file; bots act at once."""
    running = Running(str(tmp_path / "tables.sqlite"), bot_delay=0.0)
    yield running
    running.stop()


@pytest.fixture
def slow_bots_server(tmp_path: Path) -> Iterator[Running]:
    """A fresh server whose bots wait a little, as people see them."""
    running = Running(str(tmp_path / "tables.sqlite"), bot_delay=0.05)
    yield running
    running.stop()


CI = bool(os.environ.get("TRUCO_RULES_CI"))
