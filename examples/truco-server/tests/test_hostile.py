"""Hostile clients (README "Security"): wrong tokens, another table's or seat's place,
oversized and malformed frames, floods over the rate limit, actions out of turn. Each gets
an error naming the problem, and no table changes: its stored actions are the same after."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from conftest import Running
from truco_server.app import QUEUE, WsConn
from truco_server.protocol import BURST, MAX_MESSAGE, MAX_STRIKES
from wsclient import Client, Frame, my_turn, new_table


def _table_with_two_people(server: Running) -> tuple[Client, Client, str]:
    """A 2-seat argentine table with two people, started, seat to act known."""
    a, b = Client(server.ws), Client(server.ws)
    table = new_table(a)
    a.sit(table, 0)
    b.sit(table, 1)
    assert a.call(type="start")["type"] == "started"
    a.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    b.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    return a, b, table


def _snapshot(server: Running, table: str) -> Frame:
    """The table as a spectator sees it now (its length and public view)."""
    w = Client(server.ws)
    w.send(type="spectate", table=table)
    state = w.until(lambda f: f["type"] == "state")
    w.close()
    return state


def test_tokens_bind_seats_and_nothing_else(server: Running) -> None:
    a, b, table = _table_with_two_people(server)
    other = new_table(a)
    before = _snapshot(server, table)
    m = Client(server.ws)
    assert m.call(type="resume", table=table, token="x" * 32)["code"] == "bad-token"
    assert m.call(type="resume", table=other, token=a.token)["code"] == "bad-token"
    assert m.call(type="resume", table=table, token="short")["code"] == "bad-field"
    assert m.call(type="resume", table="NOPE", token=a.token)["code"] == "bad-field"
    assert m.call(type="resume", table="nosuchtable", token=a.token)["code"] == "no-table"
    assert m.call(type="act", action="mazo")["code"] == "not-seated"
    assert m.call(type="join", table=table, seat=0)["code"] == "seat-taken"
    assert m.call(type="join", table=table)["code"] == "seat-taken"  # no free seat
    assert m.call(type="start")["code"] == "not-seated"
    assert m.call(type="bots", bot="simple")["code"] == "not-seated"
    # a spectator is no seat either
    m.send(type="spectate", table=table)
    assert m.call(type="act", action="mazo")["code"] == "not-seated"
    after = _snapshot(server, table)
    assert after["n"] == before["n"] and after["view"] == before["view"]
    for c in (a, b, m):
        c.close()


def test_out_of_turn_and_illegal_actions_change_nothing(server: Running) -> None:
    a, b, table = _table_with_two_people(server)
    state_a, state_b = a.state, b.state
    assert state_a is not None and state_b is not None
    mover, waiter = (a, b) if my_turn(state_a) else (b, a)
    wait_state = waiter.state
    assert wait_state is not None
    before = _snapshot(server, table)
    # the other seat's card, played by the seat that waits: out of turn and not its card
    other_card = (mover.state or {})["view"]["my_cards"][0]
    own_card = wait_state["view"]["my_cards"][0]
    may = {a["text"] for a in wait_state["legal"]}  # e.g. a truco called out of turn
    tries = [t for t in (f"play {other_card}", "truco", "quiero", "mazo") if t not in may]
    for text in [f"play {own_card}", *tries]:
        answer = waiter.call(type="act", action=text)
        assert answer["type"] == "error", (text, answer)
    for text in ("play 1E 2E", "quiero quiero", "declare 999", "x" * 64, "play ZZ"):
        answer = mover.call(type="act", action=text)
        assert answer["type"] == "error" and answer["message"], (text, answer)
    assert mover.call(type="act", id=10**6)["type"] == "error"
    mover_cards = set((mover.state or {})["view"]["my_cards"])
    error_text = json.dumps([f for f in waiter.frames if f["type"] == "error"])
    assert not any(card in error_text.split('"') for card in mover_cards - {other_card})
    after = _snapshot(server, table)
    assert after["n"] == before["n"] and after["view"] == before["view"]
    # and play goes on
    mover_state = mover.state
    assert mover_state is not None and my_turn(mover_state)
    assert mover.call(type="act", action=mover_state["legal"][0]["text"])["type"] == "ack"
    for c in (a, b):
        c.close()


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        '"act"',
        "{}",
        '{"type": "hack"}',
        '{"type": 7}',
        '{"type": "act"}',
        '{"type": "act", "action": 7}',
        '{"type": "act", "id": true}',
        '{"type": "act", "id": -1}',
        '{"type": "join", "table": 5}',
        '{"type": "join", "table": "abc", "seat": "0"}',
        '{"type": "join", "table": "abc", "name": "\\u0000"}',
        '{"type": "join", "table": "abc", "name": "\\ud800"}',  # a lone surrogate
        '{"type": "join", "table": "abc", "name": "\\u202e"}',  # a format character
        '{"type": "join", "table": "abc", "name": "a\\u2028b"}',  # a line separator
        '{"type": "join", "table": "abc", "name": ""}',  # no name: left out, it is "player"
        '{"type": "join", "table": "abc", "name": "   "}',
        '{"type": "create", "variant": "argentine", "seats": 99}',
        '{"type": "create", "variant": "argentine", "options": [1]}',
        '{"type": "create", "variant": "argentine", "options": {"target": {"a": 1}}}',
        '{"type": "create", "variant": "argentine", "turn_timeout": 0}',
        '{"type": "bots", "bot": "cheater"}',
        '{"type": "act", "action": "mazo", "seq": "1"}',
        "[" * 3000,
        '{"type": "act", "action": "' + "a" * 100 + '"}',
    ],
)
def test_malformed_messages_get_an_error(server: Running, raw: str) -> None:
    a, b, table = _table_with_two_people(server)
    before = _snapshot(server, table)
    a.send_raw(raw)
    answer = a.until(lambda f: f["type"] == "error")
    assert answer["code"] in {"bad-json", "unknown-type", "bad-field"}, answer
    assert len(answer["message"]) < 200
    assert a.call(type="ping")["type"] == "pong"  # still connected
    after = _snapshot(server, table)
    assert after["n"] == before["n"]
    for c in (a, b):
        c.close()


def test_an_error_about_an_unknown_type_carries_its_seq(server: Running) -> None:
    """README (Protocol): the answer to a message, and an error about it, carry its seq."""
    a, b, _table = _table_with_two_people(server)
    a.send_raw('{"type": "bogus", "seq": 5}')
    answer = a.until(lambda f: f["type"] == "error")
    assert answer["code"] == "unknown-type" and answer["seq"] == 5
    for c in (a, b):
        c.close()


def test_oversized_and_binary_frames(server: Running) -> None:
    a, b, table = _table_with_two_people(server)
    before = _snapshot(server, table)
    a.send_raw(json.dumps({"type": "act", "action": "mazo", "pad": "x" * MAX_MESSAGE}))
    assert a.until(lambda f: f["type"] == "error")["code"] == "too-large"
    # with its seq, as every error about a message has (it came back null)
    a.send_raw(json.dumps({"type": "act", "seq": 42, "pad": "x" * MAX_MESSAGE}))
    refused = a.until(lambda f: f["type"] == "error")
    assert refused["code"] == "too-large" and refused["seq"] == 42
    a.send_raw(b"\x00\x01binary")
    assert a.until(lambda f: f["type"] == "error")["code"] == "binary"
    assert a.call(type="ping")["type"] == "pong"
    # over the WebSocket limit (64 KiB): the connection is closed (1009, message too big)
    a.send_raw("x" * 70_000)
    with pytest.raises(ConnectionClosed) as closed:
        a.until(lambda f: False, timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    after = _snapshot(server, table)
    assert after["n"] == before["n"] and after["view"] == before["view"]
    b.close()


def test_a_flood_is_refused_then_closed(server: Running) -> None:
    a, b, table = _table_with_two_people(server)
    before = _snapshot(server, table)
    mover = a if my_turn(a.state or {"type": ""}) else b
    flood = [json.dumps({"type": "act", "action": "quiero"})] * (BURST + 50)
    for raw in flood:
        mover.send_raw(raw)
    codes: list[str] = []
    while len(codes) < len(flood):
        frame = mover.recv()
        if frame["type"] == "error":
            codes.append(frame["code"])
    assert "rate-limit" in codes and codes.count("rate-limit") >= 40
    assert set(codes) <= {"rate-limit", "IllegalAction"}
    after = _snapshot(server, table)
    assert after["n"] == before["n"] and after["view"] == before["view"]
    # a connection that goes on flooding is closed (1008, policy violation)
    for _ in range(MAX_STRIKES + BURST + 20):
        try:
            mover.send_raw('{"type": "ping"}')
        except ConnectionClosed:
            break
    with pytest.raises(ConnectionClosed) as closed:
        mover.until(lambda f: False, timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    a.close()
    b.close()


def test_a_reading_client_over_the_rate_gets_errors_not_a_close_for_slowness(
    server: Running,
) -> None:
    """README "Security": more than the rate gets `rate-limit`, and 200 of those close the
    connection (1008); 1013 is for a client that does not read. The messages already waiting
    were all handled before the writer could send a frame, so a client that read everything
    was closed as too slow (1013) after 300 pings at once; and the close came after 201."""
    a = Client(server.ws)
    try:  # more than the limit lets through, even at the rate the bucket refills
        for _ in range(BURST + MAX_STRIKES + 150):
            a.send_raw('{"type": "ping"}')
    except ConnectionClosed:
        pass
    got: list[str] = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            frame = a.recv(10)
            got.append(frame["type"] if frame["type"] != "error" else frame["code"])
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert got.count("rate-limit") == MAX_STRIKES and set(got) == {"pong", "rate-limit"}


def test_bursts_of_the_others_at_a_table_do_not_close_a_reading_player(server: Running) -> None:
    """Three players at a table, each within the burst the rate allows, made the table send
    the fourth some 600 frames while none of its writer's turns came: the fourth, reading
    all along, was closed as too slow (1013)."""
    players = [Client(server.ws) for _ in range(4)]
    table = new_table(players[0], seats=4)
    for seat, c in enumerate(players):
        c.sit(table, seat)
    for c in players:
        c.drain(0.2)
    for c in players[:3]:
        for _ in range(BURST):
            c.send(type="resume", table=table, token=c.token)
    victim = players[3]
    for c in players[:3]:
        c.drain(0.5)
    victim.drain(1.0)
    assert victim.call(type="ping")["type"] == "pong"  # still open
    for c in players:
        c.close()


def test_a_second_join_of_one_connection_is_refused(server: Running) -> None:
    """A double click on "join": the connection was given a second seat and moved to it,
    the first left orphaned ("away"), and a friend found the table full."""
    a, friend = Client(server.ws), Client(server.ws)
    table = new_table(a)
    a.sit(table)
    before = _snapshot(server, table)
    answer = a.call(type="join", table=table, name="again")
    assert answer["code"] == "already-seated" and "seat 0" in answer["message"]
    after = _snapshot(server, table)
    assert after["players"] == before["players"]
    assert friend.sit(table)["seat"] == 1
    a.close()
    friend.close()


def test_a_page_of_another_site_cannot_open_a_socket(server: Running) -> None:
    """A browser's WebSocket from another origin is refused (cross-site WebSocket hijacking):
    the handshake fails."""
    with pytest.raises(InvalidStatus):
        Client(server.ws, origin="http://evil.example")
    ok = Client(server.ws, origin=f"http://127.0.0.1:{server.port}")
    assert ok.call(type="ping")["type"] == "pong"
    ok.close()


class _DeafSocket:
    """A WebSocket whose client reads nothing: a frame sent never leaves."""

    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()  # the socket's buffers are full for good

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = (code, reason)


def test_a_client_that_reads_nothing_is_closed_1013_and_its_handler_ends_cleanly() -> None:
    """README (Limits): a client that does not read is closed (1013). Its writer task was
    cancelled, and the handler's end awaited it: the cancellation escaped, the handler died
    with an ERROR logged for each such client, and the 1013 was reset, not sent."""

    async def run() -> tuple[tuple[int, str] | None, bool]:
        ws = _DeafSocket()
        conn = WsConn(ws)  # type: ignore[arg-type]
        for i in range(QUEUE + 2):  # one frame taken by the writer, then the queue fills
            conn.send({"type": "pong", "seq": i})
            await asyncio.sleep(0)
        await conn.finish(wait=1.0)  # returns: it raised CancelledError before
        return ws.closed_with, conn.writer.done()

    closed_with, writer_done = asyncio.run(run())
    assert closed_with == (1013, "too slow: frames piled up") and writer_done
