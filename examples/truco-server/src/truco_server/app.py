"""The web application: Starlette routes, the WebSocket endpoint, the static client.

``create_app(db)`` builds it; :mod:`truco_server.cli` serves it with uvicorn. Routes:

- ``GET /``: the browser client (``static/index.html``); ``/static/...`` its script and style.
- ``GET /api/variants``, ``GET /api/tables``: the installed variants; the tables (public).
- ``GET /api/tables/{id}/record``: a finished match's record in the library's text notation
  (refused while the match is played: it holds every card).
- ``WS /ws``: the protocol (README "Protocol").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, MutableMapping
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import frames
from .protocol import MAX_STRIKES, RateLimiter, seq_of
from .store import Store
from .tables import Lobby, Table, variant_list

__all__ = ["QUEUE", "WsConn", "create_app"]

QUEUE = 256
"""Frames waiting for a slow client; one more closes its connection (code 1013)."""

STATIC = resources.files("truco_server") / "static"

_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class _SecurityHeaders:
    """Adds a strict content security policy to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in _HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


class WsConn:
    """A WebSocket as the lobby's :class:`~truco_server.tables.Conn`: frames go through a
    bounded queue to a writer task, so a slow client never holds up a table."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.table: Table | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)
        self.closing: tuple[int, str] | None = None
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.closer: asyncio.Task[None] | None = None  # the close of a client too slow

    def send(self, frame: dict[str, Any]) -> None:
        if self.closing is not None:
            return
        try:
            self.queue.put_nowait(json.dumps(frame, separators=(",", ":")))
        except asyncio.QueueFull:
            self.closing = (1013, "too slow: frames piled up")
            self.writer.cancel()
            self.closer = asyncio.get_running_loop().create_task(self._close_now())

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def finish(self, wait: float = 5.0) -> None:
        """The end of the connection: the frames queued, then the close frame (``1000 bye``
        unless a close was asked for; the ``1013`` of a client too slow, whose writer was
        cancelled, is sent by its own task). Waits at most ``wait`` seconds, then gives up on
        a client that reads nothing; never raises (``asyncio.wait`` does not raise the
        writer's cancellation, where awaiting the writer did, and the handler died with an
        ERROR logged)."""
        if self.closing is None:
            self.close(1000, "bye")
        tasks = {t for t in (self.writer, self.closer) if t is not None}
        _done, late = await asyncio.wait(tasks, timeout=wait)
        for task in late:
            task.cancel()

    async def _close_now(self) -> None:
        assert self.closing is not None
        with contextlib.suppress(Exception):
            await self.ws.close(*self.closing)

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                item = await self.queue.get()
                if item is None:
                    await self._close_now()
                    return
                await self.ws.send_text(item)


def _same_origin(ws: WebSocket) -> bool:
    """A browser's WebSocket must come from a page of this server (no cross-site use);
    clients that send no ``Origin`` (not browsers) pass."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == ws.headers.get("host", "")


def create_app(
    db: str = "tables.sqlite", *, bot_delay: float = 0.6, durable: bool = False
) -> Starlette:
    """The server for the tables in SQLite file ``db`` (created if missing; tables already
    in it resume where they were)."""
    holder: dict[str, Lobby] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        store = Store(db, durable=durable)
        lobby = Lobby(store, bot_delay=bot_delay)
        holder["lobby"] = lobby
        lobby.resume_all()
        try:
            yield
        finally:
            store.close()

    async def index(_request: Request) -> Response:
        return FileResponse(str(STATIC / "index.html"), media_type="text/html")

    async def variants(_request: Request) -> Response:
        return JSONResponse(variant_list())

    async def tables(_request: Request) -> Response:
        return JSONResponse([t.summary() for t in holder["lobby"].tables.values()])

    async def record(request: Request) -> Response:
        table = holder["lobby"].tables.get(request.path_params["table"])
        if table is None:
            return PlainTextResponse("no such table\n", status_code=404)
        if not table.match.is_over():
            return PlainTextResponse("the match is not over\n", status_code=403)
        if request.query_params.get("format") == "json":
            return PlainTextResponse(table.match.to_json(), media_type="application/json")
        return PlainTextResponse(table.match.to_text())

    async def socket(ws: WebSocket) -> None:
        if not _same_origin(ws):
            await ws.close(1008, "cross-origin")
            return
        await ws.accept()
        lobby = holder["lobby"]
        conn = WsConn(ws)
        limiter = RateLimiter()
        strikes = 0
        try:
            while conn.closing is None:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect" or conn.closing is not None:
                    break  # a connection being closed (replaced by another) acts no more
                text = message.get("text")
                if not limiter.allow():
                    strikes += 1
                    conn.send(
                        frames.error(
                            "rate-limit",
                            "too many messages: slow down",
                            None if text is None else seq_of(text),
                        )
                    )
                    if strikes >= MAX_STRIKES:
                        conn.close(1008, "rate limit")
                elif text is None:
                    conn.send(frames.error("binary", "send text frames (JSON)"))
                else:
                    lobby.handle(conn, text)
                # the writers' turn: with messages waiting, receive() returns at once, and a
                # burst (this client's, or several players' at one table) would fill the
                # queues of clients that do read, and close them as too slow
                await asyncio.sleep(0)
        except WebSocketDisconnect:
            pass
        finally:
            lobby.disconnect(conn)
            await conn.finish()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/variants", variants),
            Route("/api/tables", tables),
            Route("/api/tables/{table}/record", record),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(_SecurityHeaders)
    return app
