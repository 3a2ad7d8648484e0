"""A small test client over a real WebSocket (the ``websockets`` package's sync client)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

Frame = dict[str, Any]


class Client:
    """One connection; every frame it receives is kept in ``frames``."""

    def __init__(self, url: str, **kwargs: Any) -> None:
        self.ws: ClientConnection = connect(url, max_size=2**24, **kwargs)
        self.frames: list[Frame] = []
        self.seq = 0
        self.state: Frame | None = None  # the last state frame
        self.token: str | None = None
        self.seat: int | None = None

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def send_raw(self, data: str | bytes) -> None:
        self.ws.send(data)

    def recv(self, timeout: float = 20) -> Frame:
        frame: Frame = json.loads(self.ws.recv(timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def until(self, pred: Callable[[Frame], bool], timeout: float = 20) -> Frame:
        """Read frames until one satisfies ``pred``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such frame came")
            frame = self.recv(left)
            if pred(frame):
                return frame

    def call(self, **msg: Any) -> Frame:
        """Send ``msg`` with a fresh ``seq`` and return the answer that echoes it."""
        self.seq += 1
        self.send(**msg, seq=self.seq)
        seq = self.seq
        return self.until(lambda f: f.get("seq") == seq and f["type"] != "state")

    def drain(self, wait: float = 0.2) -> None:
        """Read what has come, for ``wait`` seconds of quiet."""
        try:
            while True:
                self.recv(wait)
        except TimeoutError:
            pass

    def sit(self, table: str, seat: int | None = None, name: str = "tester") -> Frame:
        """Join ``table`` (at ``seat``, else the first free one); keep the token."""
        answer = self.call(type="join", table=table, seat=seat, name=name)
        assert answer["type"] == "joined", answer
        self.token, self.seat = answer["token"], answer["seat"]
        return answer

    def close(self) -> None:
        self.ws.close()


def new_table(client: Client, variant: str = "argentine", seats: int = 2, **extra: Any) -> str:
    """Create a table; its id."""
    answer = client.call(type="create", variant=variant, seats=seats, **extra)
    assert answer["type"] == "created", answer
    return str(answer["table"])


def my_turn(frame: Frame) -> bool:
    """A state frame in which the seat it was sent to is the one to act (a seat may also
    have actions out of turn, e.g. a partner answering; the tests act in turn only, so
    that a bot never races them)."""
    return (
        frame["type"] == "state"
        and frame["status"] == "playing"
        and bool(frame["legal"])
        and frame["view"]["current_player"] == frame["seat"]
    )
