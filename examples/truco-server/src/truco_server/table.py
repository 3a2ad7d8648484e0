"""One table of the server: its match, its seats (empty, a person, a bot), its connections,
and the frames it sends them; the :class:`~truco_server.tables.Lobby` holds every table and
handles the messages."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import truco_rules as tr

from . import frames
from .bots import BOT_KINDS, Bot, make_bot

__all__ = ["Conn", "Table"]


class Conn(Protocol):
    """A client connection as the lobby sees it."""

    table: Table | None
    seat: int | None
    """The seat this connection acts for (bound by ``join`` or ``resume``), else None."""

    def send(self, frame: dict[str, Any]) -> None:
        """Queue ``frame`` for the client (never blocks)."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (after the frames already queued)."""


class Table:
    """One table: its match, its seats (empty, a person with a token, or a bot), its
    connections, and whether play has started."""

    def __init__(
        self,
        table_id: str,
        match: tr.Match,
        kinds: list[str],
        names: list[str],
        hashes: list[str | None],
        started: bool,
        turn_timeout: float | None,
    ) -> None:
        self.id = table_id
        self.match = match
        self.kinds = kinds
        self.names = names
        self.hashes = hashes
        self.started = started
        self.turn_timeout = turn_timeout
        self.conns: dict[int, Conn] = {}
        self.spectators: set[Conn] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        seed = match.seed or 0
        for s, kind in enumerate(kinds):
            if kind in BOT_KINDS:
                self.bots[s] = make_bot(kind, (seed + s) % 2**32, s, bool(match.actions))

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self.match.seats

    @property
    def status(self) -> str:
        """``waiting`` (seats to fill or not started), ``playing`` or ``over``."""
        if self.match.is_over():
            return "over"
        return "playing" if self.started else "waiting"

    def players(self) -> list[dict[str, Any]]:
        """Who sits where (public)."""
        return [
            {
                "seat": s,
                "kind": self.kinds[s],
                "name": self.names[s],
                "connected": s in self.conns or s in self.bots,
            }
            for s in range(self.seats)
        ]

    def summary(self) -> dict[str, Any]:
        """The table in the lobby's list (public)."""
        return {
            "table": self.id,
            "variant": self.match.variant.name,
            "seats": self.seats,
            "status": self.status,
            "score": self.match.score_text(),
            "players": self.players(),
        }

    def to_act(self) -> int:
        """The seat to act, or -1 when nobody may (not started, over)."""
        if self.status != "playing":
            return -1
        return self.match.current_player()

    def broadcast(self) -> None:
        """Every seat's connection gets its own state; every spectator the public one."""
        players = self.players()
        status = self.status
        for seat, conn in self.conns.items():
            conn.send(frames.seat_state(self.id, self.match, seat, status, players))
        if self.spectators:
            public = frames.public_state(self.id, self.match, status, players)
            for conn in self.spectators:
                conn.send(public)
