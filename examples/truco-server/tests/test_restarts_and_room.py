"""Bots play as a function of the match alone (README "Durable tables": bots take up where
they were): a server restarted in the middle of a match, on a copy of its file, plays the
same actions as the one that ran on, and a human acting while a bot thinks changes nothing
of the bot's later play. And a server full of tables makes room by forgetting finished ones."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from test_no_leak import Capture, _against_bots, _msg
from truco_server.store import Store
from truco_server.tables import Lobby


async def _play(lobby: Lobby, conn: Capture, tid: str, upto: int | None = None) -> None:
    """Seat 0 is a human who takes legal action ``n % len(legal)`` at action ``n``."""
    table = lobby.tables[tid]
    while not table.match.is_over():
        await asyncio.sleep(0.002)
        if upto is not None and len(table.match.actions) >= upto:
            while table.bot_task is not None:
                await asyncio.sleep(0.002)
            return
        if table.to_act() == 0 and table.bot_task is None:
            legal = table.match.legal_actions(0)
            action = legal[len(table.match.actions) % len(legal)]
            lobby.handle(conn, _msg(type="act", action=table.match.variant.format_action(action)))


@pytest.mark.parametrize("kind", ["simple", "default:fast"])
def test_a_restarted_server_plays_the_same_match(kind: str, tmp_path: Path) -> None:
    async def run(k: int) -> tuple[list[str], list[str]]:
        store = Store(str(tmp_path / f"a{k}.sqlite"))
        lobby = Lobby(store, bot_delay=0)
        conn = Capture()
        tid = _against_bots(lobby, conn, kind)
        token = next(f for f in conn.frames if f["type"] == "joined")["token"]
        lobby.handle(conn, _msg(type="start"))
        await _play(lobby, conn, tid, upto=6)
        copy = sqlite3.connect(str(tmp_path / f"b{k}.sqlite"))
        store.db.backup(copy)
        copy.close()
        await _play(lobby, conn, tid)
        ran_on = list(lobby.tables[tid].match.to_record()["actions"])
        again = Lobby(Store(str(tmp_path / f"b{k}.sqlite")), bot_delay=0)
        again.resume_all()
        conn2 = Capture()
        again.handle(conn2, _msg(type="resume", table=tid, token=token))
        await _play(again, conn2, tid)
        return ran_on, list(again.tables[tid].match.to_record()["actions"])

    longer = 0  # a table's seed is drawn: some matches end before the restart point
    for k in range(6):
        ran_on, restarted = asyncio.run(run(k))
        assert restarted == ran_on
        longer += len(ran_on) > 6
    assert longer


def test_a_full_server_makes_room_by_forgetting_a_finished_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README (Out of scope): the table limit is on tables held at once, not a lifetime
    limit: a finished table nobody watches is forgotten (in the file too) to make room;
    while none is finished, a new table is refused as ``full``."""
    import truco_server.tables as tables

    monkeypatch.setattr(tables, "MAX_TABLES", 2)

    async def run() -> None:
        store = Store(str(tmp_path / "a.sqlite"))
        lobby = Lobby(store, bot_delay=0)
        ids = []
        for _ in range(2):
            c = Capture()
            lobby.handle(c, _msg(type="create", variant="argentine", seats=2, options={}))
            ids.append(c.frames[-1]["table"])
        c = Capture()
        lobby.handle(c, _msg(type="create", variant="argentine", seats=2, options={}))
        assert c.frames[-1]["code"] == "full"
        # table 0 is played to its end by two bots, and its seat left
        host = Capture()
        lobby.handle(host, _msg(type="join", table=ids[0], seat=0))
        lobby.handle(host, _msg(type="bots", bot="simple"))
        lobby.handle(host, _msg(type="start"))
        table = lobby.tables[ids[0]]
        while not table.match.is_over():
            await asyncio.sleep(0.002)
            if table.to_act() == 0:
                first = table.match.legal_actions(0)[0]
                text = table.match.variant.format_action(first)
                lobby.handle(host, _msg(type="act", action=text))
        lobby.disconnect(host)
        lobby.handle(c, _msg(type="create", variant="argentine", seats=2, options={}))
        assert c.frames[-1]["type"] == "created"
        assert ids[0] not in lobby.tables and ids[1] in lobby.tables
        assert {t.id for t in Store(str(tmp_path / "a.sqlite")).load()} == set(lobby.tables)

    asyncio.run(run())


def test_a_refused_create_forgets_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README: illegal input changes nothing. A create refused for its variant, options or
    seats made room first: the finished table it forgot was gone, its record too."""
    import truco_server.tables as tables

    monkeypatch.setattr(tables, "MAX_TABLES", 1)

    async def run() -> None:
        store = Store(str(tmp_path / "a.sqlite"))
        lobby = Lobby(store, bot_delay=0)
        host = Capture()
        tid = _against_bots(lobby, host)
        lobby.handle(host, _msg(type="start"))
        table = lobby.tables[tid]
        while not table.match.is_over():
            await asyncio.sleep(0.002)
            if table.to_act() == 0:
                text = table.match.variant.format_action(table.match.legal_actions(0)[0])
                lobby.handle(host, _msg(type="act", action=text))
        lobby.disconnect(host)
        stored = len(store.load().__next__().record["actions"])
        c = Capture()
        for bad in (
            {"variant": "nosuch", "seats": 2, "options": {}},
            {"variant": "argentine", "seats": 2, "options": {"target": 0}},
            {"variant": "paulista", "seats": 3, "options": {}},
        ):
            lobby.handle(c, _msg(type="create", **bad))
            assert c.frames[-1]["type"] == "error"
            assert tid in lobby.tables
            assert [len(t.record["actions"]) for t in store.load()] == [stored]

    asyncio.run(run())


def test_a_table_that_no_longer_replays_leaves_the_others_served(tmp_path: Path) -> None:
    """README "Durable tables": a stored table whose record no longer replays (its
    variant's package gone) stopped the whole server at its start."""

    async def run() -> None:
        path = str(tmp_path / "a.sqlite")
        lobby = Lobby(Store(path), bot_delay=0)
        ids = []
        for _ in range(2):
            c = Capture()
            lobby.handle(c, _msg(type="create", variant="argentine", seats=2, options={}))
            ids.append(c.frames[-1]["table"])
        lobby.store.close()
        db = sqlite3.connect(path)
        header = db.execute("SELECT header FROM tables WHERE id = ?", (ids[0],)).fetchone()[0]
        db.execute(
            "UPDATE tables SET header = ? WHERE id = ?",
            (header.replace('"argentine"', '"gone-variant"'), ids[0]),
        )
        db.commit()
        db.close()
        again = Lobby(Store(path), bot_delay=0)
        assert set(again.tables) == {ids[1]}
        assert "gone-variant" in again.unplayable[ids[0]]
        assert {t.id for t in Store(path).load()} == set(ids)  # kept in the file

    asyncio.run(run())
