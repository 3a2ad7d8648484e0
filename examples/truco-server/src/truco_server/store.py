"""Durable tables: SQLite (the standard library's ``sqlite3``).

Three tables: ``tables`` (the match header: variant, options, seats, seed; when it started),
``seats`` (who sits where; a seat's token is kept only as its SHA-256), and ``actions`` (one
row per accepted action, in order). Every action is committed before the server acknowledges
it, so a server killed at any moment (SIGKILL included) loses no acknowledged action: on
restart each table replays its header and actions through the library
(:meth:`truco_rules.Match.from_record`) to the very state it had.

The journal is SQLite's write-ahead log. ``synchronous=NORMAL`` (the default here) survives
the process being killed; ``durable=True`` (``synchronous=FULL``) also survives the machine
losing power, at the cost of a disk flush per action.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import attrs

__all__ = ["SavedSeat", "SavedTable", "Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    turn_timeout REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


@attrs.frozen
class SavedSeat:
    """A seat as stored: ``kind`` is ``"human"`` or a bot (``"simple"``, ``"ismcts:fast"``)."""

    seat: int
    kind: str
    name: str
    token_hash: str | None


@attrs.frozen
class SavedTable:
    """A table as stored: its record (header and actions, as for ``Match.from_record``)."""

    id: str
    record: dict[str, Any]
    started: bool
    turn_timeout: float | None
    seats: tuple[SavedSeat, ...]


class Store:
    """The SQLite file behind a server (``":memory:"`` for tests that need no file)."""

    def __init__(self, path: str, *, durable: bool = False) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the file (every write is already committed)."""
        self.db.close()

    def create_table(
        self, table_id: str, header: dict[str, Any], seats: int, turn_timeout: float | None
    ) -> None:
        """A new table: its record header (no actions) and its empty seats."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, header, created, turn_timeout) VALUES (?, ?, ?, ?)",
                (table_id, json.dumps(header), time.time(), turn_timeout),
            )
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, kind, name) VALUES (?, ?, 'empty', '')",
                [(table_id, s) for s in range(seats)],
            )

    def set_seat(
        self, table_id: str, seat: int, kind: str, name: str, token_hash: str | None
    ) -> None:
        """Seat a player or a bot (committed before the server answers)."""
        self.db.execute(
            "UPDATE seats SET kind = ?, name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
            (kind, name, token_hash, table_id, seat),
        )

    def set_bots(self, table_id: str, seats: dict[int, tuple[str, str]]) -> None:
        """Seat bots (``seat -> (kind, name)``) in one transaction: every seat or none."""
        with self._transaction():
            self.db.executemany(
                "UPDATE seats SET kind = ?, name = ?, token_hash = NULL "
                "WHERE table_id = ? AND seat = ?",
                [(kind, name, table_id, s) for s, (kind, name) in seats.items()],
            )

    def start(self, table_id: str) -> None:
        """Mark a table started."""
        self.db.execute("UPDATE tables SET started = 1 WHERE id = ?", (table_id,))

    def append(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Action number ``n`` (from 0) of a table, committed when this returns. A second
        action with the same number is refused by the primary key (``IntegrityError``)."""
        self.db.execute(
            "INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, n, seat, action, time.time()),
        )

    def delete(self, table_id: str) -> None:
        """Forget a table: its actions, its seats and itself."""
        with self._transaction():
            for sql in (
                "DELETE FROM actions WHERE table_id = ?",
                "DELETE FROM seats WHERE table_id = ?",
                "DELETE FROM tables WHERE id = ?",
            ):
                self.db.execute(sql, (table_id,))

    def load(self) -> Iterator[SavedTable]:
        """Every stored table, oldest first, with its actions in order."""
        rows = self.db.execute(
            "SELECT id, header, started, turn_timeout FROM tables ORDER BY created, id"
        ).fetchall()
        for table_id, header, started, timeout in rows:
            record = json.loads(header)
            record["actions"] = [
                f"{seat}:{action}"
                for seat, action in self.db.execute(
                    "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
                )
            ]
            seats = tuple(
                SavedSeat(*row)
                for row in self.db.execute(
                    "SELECT seat, kind, name, token_hash FROM seats WHERE table_id = ? "
                    "ORDER BY seat",
                    (table_id,),
                )
            )
            yield SavedTable(table_id, record, bool(started), timeout, seats)

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *_rest: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
