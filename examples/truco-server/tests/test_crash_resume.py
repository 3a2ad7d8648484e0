"""Crash and resume (README "Durable tables"): the server runs as its own process; it is
killed with SIGKILL in the middle of matches, restarted on the same SQLite file, and the
clients reconnect with their tokens. Every acknowledged action is in the file, every table
replays to the state its seats saw, and the matches play on to the end from there."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import truco_rules as tr

from conftest import free_port
from truco_server.store import Store
from wsclient import Client, my_turn, new_table


class Process:
    """``python -m truco_server`` on a free port."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "truco_server", "--db", str(db), "--port", str(self.port),
             "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(self.url + "/api/tables", timeout=1)
                return
            except httpx.TransportError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)


TABLES = [("argentine", 2, 2), ("paulista", 4, 1), ("almeria", 2, 1), ("argentine-blog", 6, 2)]
"""(variant, seats, people): the other seats are simple bots."""


def _act_randomly(people: list[Client], rng: random.Random, acks: list[tuple[int, str]]) -> bool:
    """One action by whichever person is to act (waiting for the frames to say so); each
    acknowledged action is noted as (n, "seat:text"). False when the match is over."""
    for _ in range(200):
        for c in people:
            c.drain(0.02)
            state = c.state
            if state is None:
                continue
            if state["status"] == "over":
                return False
            if my_turn(state):
                text = rng.choice(state["legal"])["text"]
                answer = c.call(type="act", action=text)
                if answer["type"] == "ack":
                    acks.append((answer["n"], f"{c.seat}:{text}"))
                    return True
    raise AssertionError("nobody got to act")


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    rng = random.Random(23)
    server = Process(db)
    tables: list[tuple[str, list[Client]]] = []
    acks: dict[str, list[tuple[int, str]]] = {}
    try:
        for variant, seats, people in TABLES:
            clients = [Client(server.ws) for _ in range(people)]
            table = new_table(clients[0], variant, seats)
            for s, c in enumerate(clients):
                c.sit(table, s)
            if people < seats:
                clients[0].call(type="bots", bot="simple")
            assert clients[0].call(type="start")["type"] == "started"
            tables.append((table, clients))
            acks[table] = []
        for _ in range(12):
            for table, clients in tables:
                _act_randomly(clients, rng, acks[table])
        # the last action of each table is sent without waiting for its acknowledgement
        for _table, clients in tables:
            for c in clients:
                if c.state is not None and my_turn(c.state):
                    c.send(type="act", action=c.state["legal"][0]["text"])
                    break
        server.kill()
        assert server.proc.returncode == -signal.SIGKILL
    finally:
        server.kill()
    saved = {t.id: t for t in Store(str(db)).load()}
    for table, _clients in tables:
        actions = saved[table].record["actions"]
        assert acks[table], "every table was played"
        for n, entry in acks[table]:
            assert actions[n - 1] == entry, (table, n, entry)
    # restart on the same file; the people come back with their tokens
    server = Process(db)
    try:
        for table, clients in tables:
            before = tr.Match.from_record(saved[table].record)
            for c in clients:
                back = Client(server.ws)
                answer = back.call(type="resume", table=table, token=c.token)
                assert answer["type"] == "joined" and answer["seat"] == c.seat
                state = back.until(lambda f: f["type"] == "state")
                assert state["n"] >= len(before.actions)
                if state["n"] == len(before.actions):  # no bot has played since
                    assert state["view"] == before.observation(c.seat or 0).to_dict()
                back.token, back.seat = c.token, c.seat
                c.ws.close()
                clients[clients.index(c)] = back
        for table, clients in tables:
            while _act_randomly(clients, rng, []):
                pass
            text = httpx.get(f"{server.url}/api/tables/{table}/record").text
            final: dict[str, Any] = tr.Match.from_text(text).to_record()
            kept = saved[table].record["actions"]
            assert final["actions"][: len(kept)] == kept
            assert final["seed"] == saved[table].record["seed"]
    finally:
        server.kill()
