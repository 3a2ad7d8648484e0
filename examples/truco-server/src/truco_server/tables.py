"""The lobby: every table (:mod:`truco_server.table`) and the server's game logic, apart from
the web framework.

A :class:`Lobby` holds every table; it handles one client message at a time
(:meth:`Lobby.handle`) for a connection (anything with ``send(frame)`` and
``close(code, reason)``: a WebSocket in :mod:`truco_server.app`, a list in the tests). An
action is applied to a copy of the table's match, stored (committed), and only then becomes
the table's state and is acknowledged; then every seat gets its own ``state`` frame and the
spectators the public one (:mod:`truco_server.frames`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import sqlite3
from typing import Any

import truco_rules as tr

from . import frames
from .bots import BOT_KINDS, make_bot, timeout_action
from .protocol import BadMessage, parse
from .store import Store
from .table import Conn, Table

__all__ = ["Conn", "Lobby", "Table"]

MAX_TABLES = 5000
"""The most tables one server holds at once: when a new one would pass it, the oldest
finished table that nobody is watching is forgotten (its record too) to make room."""

STORE_RETRY = 1.0
"""Seconds a bot or a turn timer waits before it tries again an action the file refused
(another process holding a lock on it): the table plays on once the file takes writes."""

log = logging.getLogger("truco_server")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Lobby:
    """Every table of a server, kept in ``store``. ``bot_delay`` seconds pass before a bot
    acts (so that people can follow the play; 0 in tests and load runs)."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6) -> None:
        """Every table of ``store`` replayed; one that no longer replays is logged and left
        in the file, and the others are served (:attr:`unplayable`)."""
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.unplayable: dict[str, str] = {}
        """Stored tables that no longer replay, by id: why (kept in the file, not served)."""
        for saved in store.load():
            try:
                match = tr.Match.from_record(saved.record)
            except tr.TrucoError as exc:  # its variant's package gone, an action refused now
                log.error("table %s does not replay, and is not served: %s", saved.id, exc)
                self.unplayable[saved.id] = str(exc)
                continue
            self.tables[saved.id] = Table(
                saved.id,
                match,
                [s.kind for s in saved.seats],
                [s.name for s in saved.seats],
                [s.token_hash for s in saved.seats],
                saved.started,
                saved.turn_timeout,
            )

    def resume_all(self) -> None:
        """After a restart, inside the event loop: bots and timers take up where they were."""
        for table in self.tables.values():
            self._next(table)

    # ------------------------------------------------------------------ messages
    def handle(self, conn: Conn, text: str) -> None:
        """One message from ``conn``: answered with frames, or an ``error`` frame that names
        what is wrong (and then nothing has changed)."""
        seq = None
        try:
            msg = parse(text)
            seq = msg.get("seq")
            getattr(self, "_on_" + msg["type"])(conn, msg)
        except BadMessage as exc:
            conn.send(frames.error(exc.code, str(exc), seq if exc.seq is None else exc.seq))
        except tr.TrucoError as exc:
            conn.send(frames.error(type(exc).__name__, str(exc)[:300], seq))
        except sqlite3.Error:
            log.exception("the store refused a write")
            conn.send(frames.error("storage", "the server could not store that: try again", seq))
        except Exception:  # a bug: logged, and the client told (the table is as stored)
            log.exception("message %.200r", text)
            conn.send(frames.error("internal", "the server failed on that message", seq))

    def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.send({"type": "pong", "seq": msg.get("seq")})

    def _forget_a_finished_table(self) -> bool:
        """Make room: the oldest finished table with no connection is forgotten, in memory
        and in the store; False if there is none."""
        for table in self.tables.values():
            if table.match.is_over() and not table.conns and not table.spectators:
                self.store.delete(table.id)
                del self.tables[table.id]
                return True
        return False

    def _on_variants(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.send(
            {"type": "variants", "variants": variant_list(), "bots": list(BOT_KINDS),
             "seq": msg.get("seq")}
        )  # fmt: skip

    def _on_list(self, conn: Conn, msg: dict[str, Any]) -> None:
        tables = [t.summary() for t in self.tables.values()]
        conn.send({"type": "tables", "tables": tables, "seq": msg.get("seq")})

    def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        variant = tr.get_variant(msg["variant"])
        if msg["options"]:
            try:
                variant = variant.with_options(**msg["options"])
            except tr.TrucoError:
                raise  # the library's own error, sent under its name
            except (TypeError, ValueError, ArithmeticError) as exc:
                raise BadMessage("bad-field", f"bad options: {str(exc)[:200]}") from None
        seats = msg["seats"]
        if seats not in variant.seat_counts:
            counts = ", ".join(map(str, variant.seat_counts))
            raise BadMessage("bad-field", f"{variant.name} is played at {counts} seats")
        match = variant.new_match(seats=seats, seed=secrets.randbits(63))
        # room is made only for a table that will be created: a refused create forgets nothing
        if len(self.tables) >= MAX_TABLES and not self._forget_a_finished_table():
            raise BadMessage("full", f"this server holds {MAX_TABLES} tables at most")
        table_id = secrets.token_hex(6)
        self.store.create_table(table_id, match.to_record(), seats, msg["turn_timeout"])
        self.tables[table_id] = Table(
            table_id, match, ["empty"] * seats, [""] * seats, [None] * seats, False,
            msg["turn_timeout"],
        )  # fmt: skip
        conn.send({"type": "created", "table": table_id, "seq": msg.get("seq")})

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise BadMessage("no-table", "there is no such table")
        return table

    def _bind(self, conn: Conn, table: Table, seat: int) -> None:
        """``conn`` acts for ``seat`` from now on; a connection that did is replaced."""
        self.disconnect(conn)  # from a seat it held: the others see it gone
        old = table.conns.get(seat)
        if old is not None and old is not conn:
            old.send(frames.error("replaced", "another connection took this seat"))
            old.table, old.seat = None, None
            old.close(4001, "replaced")
        table.conns[seat] = conn
        conn.table, conn.seat = table, seat

    def _unbind(self, conn: Conn) -> None:
        table = conn.table
        if table is not None:
            if conn.seat is not None and table.conns.get(conn.seat) is conn:
                del table.conns[conn.seat]
            table.spectators.discard(conn)
        conn.table, conn.seat = None, None

    def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        if conn.table is table and conn.seat is not None:  # a second click on "join"
            raise BadMessage(
                "already-seated", f"this connection already holds seat {conn.seat} of the table"
            )
        free = [s for s in range(table.seats) if table.kinds[s] == "empty"]
        seat = msg["seat"] if msg["seat"] is not None else (free[0] if free else -1)
        if seat not in free:
            raise BadMessage("seat-taken", "that seat is taken or is no seat of the table")
        token = secrets.token_urlsafe(24)
        digest = _hash(token)
        self.store.set_seat(table.id, seat, "human", msg["name"], digest)
        table.kinds[seat], table.names[seat], table.hashes[seat] = "human", msg["name"], digest
        self._bind(conn, table, seat)
        conn.send(
            {"type": "joined", "table": table.id, "seat": seat, "token": token,
             "seq": msg.get("seq")}
        )  # fmt: skip
        table.broadcast()

    def _on_resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        digest = _hash(msg["token"])
        for seat, known in enumerate(table.hashes):
            if known is not None and hmac.compare_digest(known, digest):
                self._bind(conn, table, seat)
                conn.send({"type": "joined", "table": table.id, "seat": seat,
                           "seq": msg.get("seq")})  # fmt: skip
                table.broadcast()
                return
        raise BadMessage("bad-token", "that token holds no seat at this table")

    def _seated(self, conn: Conn) -> tuple[Table, int]:
        if conn.table is None or conn.seat is None:
            raise BadMessage("not-seated", "join or resume a seat first")
        return conn.table, conn.seat

    def _on_bots(self, conn: Conn, msg: dict[str, Any]) -> None:
        table, _seat = self._seated(conn)
        if table.started:
            raise BadMessage("started", "the table has started")
        empty = {
            s: (msg["bot"], f"bot {s}") for s in range(table.seats) if table.kinds[s] == "empty"
        }
        self.store.set_bots(table.id, empty)  # all the seats or none, before the table changes
        for s, (kind, name) in empty.items():
            table.kinds[s], table.names[s] = kind, name
            table.bots[s] = make_bot(kind, ((table.match.seed or 0) + s) % 2**32, s)
        conn.send({"type": "seated", "players": table.players(), "seq": msg.get("seq")})
        table.broadcast()

    def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        table, _seat = self._seated(conn)
        if table.started:
            raise BadMessage("started", "the table has started")
        if "empty" in table.kinds:
            raise BadMessage("seats-empty", "every seat needs a player or a bot first")
        self.store.start(table.id)
        table.started = True
        conn.send({"type": "started", "table": table.id, "seq": msg.get("seq")})
        table.broadcast()
        self._next(table)

    def _on_spectate(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        self.disconnect(conn)  # from a seat it held: the others see it gone
        table.spectators.add(conn)
        conn.table = table
        conn.send({"type": "watching", "table": table.id, "seq": msg.get("seq")})
        conn.send(frames.public_state(table.id, table.match, table.status, table.players()))

    def _on_act(self, conn: Conn, msg: dict[str, Any]) -> None:
        table, seat = self._seated(conn)
        if table.status != "playing":
            raise BadMessage("not-playing", f"the table is {table.status}")
        v = table.match.variant
        action = v.parse_action(msg["action"]) if "action" in msg else v.action_from_id(msg["id"])
        self.apply(table, seat, action)
        conn.send(frames.ack(msg.get("seq"), len(table.match.actions)))
        table.broadcast()
        self._next(table)

    # ------------------------------------------------------------------ play
    def apply(self, table: Table, seat: int, action: tr.Action) -> None:
        """Apply ``action`` for ``seat``: on a copy, then stored, then the table's. An
        illegal action raises the library's error and changes nothing."""
        trial = table.match.copy()
        trial.apply(action, seat)
        n = len(table.match.actions)
        self.store.append(table.id, n, seat, trial.variant.format_action(action))
        table.match = trial

    def _next(self, table: Table) -> None:
        """After a change: the bot to act plays (in a task); a person's turn timer starts."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        seat = table.to_act()
        if seat < 0:
            return
        if seat in table.bots:
            if table.bot_task is None:
                table.bot_task = asyncio.get_running_loop().create_task(self._bots(table))
        elif table.turn_timeout is not None:
            n = len(table.match.actions)
            table.timer = asyncio.get_running_loop().call_later(
                table.turn_timeout, self._timed_out, table, seat, n
            )

    def _timed_out(self, table: Table, seat: int, n: int) -> None:
        if len(table.match.actions) != n or table.to_act() != seat:
            return
        action = table.match.variant.parse_action(timeout_action(table.match, seat))
        try:
            self.apply(table, seat, action)
        except sqlite3.Error:  # nothing changed: the timer tries again (it stopped for good)
            log.warning("table %s: the file refused a timeout's action; retrying", table.id)
            table.timer = asyncio.get_running_loop().call_later(
                STORE_RETRY, self._timed_out, table, seat, n
            )
            return
        table.broadcast()
        self._next(table)

    async def _bots(self, table: Table) -> None:
        """Bots act while it is a bot's turn."""
        try:
            while (seat := table.to_act()) in table.bots:
                await asyncio.sleep(self.bot_delay)
                n = len(table.match.actions)
                bot = table.bots[seat]
                if bot.slow:
                    text = await asyncio.to_thread(bot.choose, table.match.copy())
                else:
                    text = bot.choose(table.match)
                if len(table.match.actions) != n or table.to_act() != seat:
                    continue  # someone else acted meanwhile: the decision is dropped
                try:
                    self.apply(table, seat, table.match.variant.parse_action(text))
                except sqlite3.Error:  # nothing changed, the bot's state included: it
                    # decides again after a pause (the bot stopped for good)
                    log.warning("table %s: the file refused a bot's action; retrying", table.id)
                    await asyncio.sleep(STORE_RETRY)
                    continue
                bot.commit()
                table.broadcast()
        except Exception:  # a bug: the table waits for a restart rather than play on wrongly
            log.exception("the bot of table %s failed", table.id)
            return
        finally:
            table.bot_task = None
        self._next(table)

    def disconnect(self, conn: Conn) -> None:
        """``conn`` is gone: its seat stays the player's (a token brings it back)."""
        table = conn.table
        seated = conn.seat is not None
        self._unbind(conn)
        if table is not None and seated:
            table.broadcast()


def variant_list() -> list[dict[str, Any]]:
    """Every installed variant: its name, description and seat counts."""
    out = []
    for name in tr.variant_names():
        v = tr.get_variant(name)
        out.append({"name": v.name, "description": v.description, "seats": list(v.seat_counts)})
    return out
