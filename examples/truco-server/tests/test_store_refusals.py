"""A write the file refuses (another process holding a lock on it) changes nothing, and the
table plays on once the file takes writes again (README "Durable tables": bots and timers
take up where they were). A bot's task and a turn timer stopped for good at the first
refusal: the table waited for a person's out-of-turn call or a restart."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

import truco_server.tables as tables_module
from test_no_leak import Capture, _against_bots, _msg
from truco_server.store import Store
from truco_server.tables import Lobby


def _refusing(store: Store, times: int, seat: int | None) -> list[int]:
    """Make ``store`` refuse the next ``times`` actions of ``seat`` (any seat: ``None``; a
    locked file); the list counts them."""
    refused: list[int] = []
    append = store.append

    def flaky(*args: Any) -> None:
        if len(refused) < times and seat in (None, args[2]):
            refused.append(args[1])
            raise sqlite3.OperationalError("database is locked")
        append(*args)

    store.append = flaky  # type: ignore[method-assign,assignment]
    return refused


def test_a_bot_whose_action_the_file_refused_acts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables_module, "STORE_RETRY", 0.01)

    async def run() -> tuple[list[int], bool, int]:
        store = Store(":memory:")
        lobby = Lobby(store, bot_delay=0)
        conn = Capture()
        tid = _against_bots(lobby, conn)
        table = lobby.tables[tid]
        refused = _refusing(store, 3, seat=1)  # the bot's
        lobby.handle(conn, _msg(type="start"))
        for _ in range(2000):  # the human plays its first legal action; the bot the rest
            await asyncio.sleep(0.002)
            if table.match.is_over():
                break
            if table.to_act() == 0 and table.bot_task is None:
                action = table.match.variant.format_action(table.match.legal_actions(0)[0])
                lobby.handle(conn, _msg(type="act", action=action))
        saved = next(t for t in store.load() if t.id == tid)
        return refused, table.match.is_over(), len(saved.record["actions"]) - len(
            table.match.to_record()["actions"]
        )

    refused, over, unlike = asyncio.run(run())
    assert len(refused) == 3 and over
    assert unlike == 0  # the file holds the match's actions, each once


def test_a_turn_timer_whose_action_the_file_refused_tries_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables_module, "STORE_RETRY", 0.01)

    async def run() -> tuple[list[int], int]:
        store = Store(":memory:")
        lobby = Lobby(store, bot_delay=0)
        conn, other = Capture(), Capture()
        create = _msg(type="create", variant="argentine", seats=2, options={}, turn_timeout=1)
        lobby.handle(conn, create)
        tid = conn.frames[-1]["table"]
        lobby.handle(conn, _msg(type="join", table=tid, seat=0))
        lobby.handle(other, _msg(type="join", table=tid, seat=1))
        lobby.handle(conn, _msg(type="start"))
        table = lobby.tables[tid]
        refused = _refusing(store, 2, seat=None)
        await asyncio.sleep(1.5)  # nobody acts: the timeout acts for the seat, once it may
        return refused, len(table.match.actions)

    refused, actions = asyncio.run(run())
    assert len(refused) == 2 and actions >= 1


def test_bots_for_empty_seats_are_seated_all_or_none() -> None:
    """A review: ``bots`` wrote one seat at a time, so a file that refused the second write
    left the first seat a bot, in memory and in the file, under an answer of ``storage``
    (README: "the file refused a write: nothing changed")."""
    store = Store(":memory:")
    lobby = Lobby(store, bot_delay=0)
    conn = Capture()
    lobby.handle(conn, _msg(type="create", variant="argentine", seats=4))
    tid = conn.frames[-1]["table"]
    lobby.handle(conn, _msg(type="join", table=tid, seat=0, name="ana"))
    before = list(lobby.tables[tid].kinds)
    real = store.db

    class Refusing:
        """The file refuses the second seat's write, however the seats are written."""

        def __init__(self) -> None:
            self.rows = 0

        def _row(self, sql: str, row: Any) -> None:
            if sql.lstrip().startswith("UPDATE seats"):
                self.rows += 1
                if self.rows == 2:
                    raise sqlite3.OperationalError("database is locked")
            real.execute(sql, row)

        def execute(self, sql: str, row: Any = ()) -> Any:
            if sql.lstrip().startswith("UPDATE seats"):
                return self._row(sql, row)
            return real.execute(sql, row)

        def executemany(self, sql: str, rows: Any) -> None:
            for row in rows:
                self._row(sql, row)

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

    store.db = Refusing()  # type: ignore[assignment]
    lobby.handle(conn, _msg(type="bots", bot="simple", seq=9))
    store.db = real
    assert conn.frames[-1]["type"] == "error" and conn.frames[-1]["code"] == "storage"
    assert lobby.tables[tid].kinds == before
    saved = next(t for t in store.load() if t.id == tid)
    assert [s.kind for s in saved.seats] == before
