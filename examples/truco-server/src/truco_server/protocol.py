"""The wire protocol's limits and the checking of what clients send.

Every client message is one JSON object with a ``"type"``; :func:`parse` checks its shape and
fields and raises :class:`BadMessage` (an error code and a sentence naming what is wrong) for
anything else. Nothing a client sends reaches the library unchecked but the action text, which
the library parses itself (and refuses with a typed error).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

__all__ = [
    "BURST",
    "MAX_MESSAGE",
    "MAX_STRIKES",
    "RATE",
    "TYPES",
    "BadMessage",
    "RateLimiter",
    "parse",
    "seq_of",
]

MAX_MESSAGE = 4096
"""The longest message (characters) the server reads; a longer one gets ``too-large``.
(The WebSocket layer closes the connection on a frame over 64 KiB.)"""
RATE = 50.0
"""Messages per second a connection may send, on average..."""
BURST = 100
"""...with this many at once."""
MAX_STRIKES = 200
"""Messages over the rate a connection may send before it is closed (code 1008)."""

TYPES = frozenset(
    {"ping", "variants", "list", "create", "join", "resume", "bots", "start", "act", "spectate"}
)
_TABLE_ID = re.compile(r"[a-z0-9]{1,32}")
_OPTION = re.compile(r"[a-z0-9_]{1,64}")


class BadMessage(Exception):
    """A message the server refuses: ``code`` (e.g. ``"bad-json"``) and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.seq: int | None = None
        """The message's ``seq``, when it had a valid one (the error echoes it)."""


class RateLimiter:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        """Whether one more message may pass now (it uses a token if so)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


_MISSING: Any = object()


def _int(msg: dict[str, Any], key: str, low: int, high: int, default: Any = _MISSING) -> Any:
    value = msg.get(key)
    if value is None and default is not _MISSING:
        return default
    if type(value) is not int or not low <= value <= high:
        raise BadMessage("bad-field", f"'{key}' must be an integer from {low} to {high}")
    return value


def _str(msg: dict[str, Any], key: str, pattern: re.Pattern[str], what: str) -> str:
    value = msg.get(key)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise BadMessage("bad-field", f"'{key}' must be {what}")
    return value


def seq_of(text: str) -> int | None:
    """The valid ``seq`` of a message refused before it is read (too large, rate-limited),
    so that the client can match the error to it; ``None`` if it has none. The text is at
    most a WebSocket frame (64 KiB), so reading it costs little."""
    try:
        seq = json.loads(text).get("seq")
    except (ValueError, AttributeError, RecursionError):
        return None
    return seq if type(seq) is int and 0 <= seq <= 2**53 else None


def parse(text: str) -> dict[str, Any]:
    """The checked message in ``text``; :class:`BadMessage` names the first problem."""
    if len(text) > MAX_MESSAGE:
        refused = BadMessage("too-large", f"a message is at most {MAX_MESSAGE} characters")
        refused.seq = seq_of(text)
        raise refused
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("bad-json", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise BadMessage("bad-json", "a message is a JSON object")
    out: dict[str, Any] = {}
    if "seq" in msg:  # first: an error about the message carries it
        out["seq"] = _int(msg, "seq", 0, 2**53)
    try:
        kind = msg.get("type")
        if not isinstance(kind, str) or kind not in TYPES:
            raise BadMessage(
                "unknown-type", f"'type' must be one of {', '.join(sorted(TYPES))}"
            )
        out["type"] = kind
        _fields(msg, kind, out)
    except BadMessage as exc:
        exc.seq = out.get("seq")
        raise
    return out


def _fields(msg: dict[str, Any], kind: str, out: dict[str, Any]) -> None:
    """The fields of a message of type ``kind``, checked, into ``out``."""
    if kind in ("join", "resume", "spectate"):
        out["table"] = _str(msg, "table", _TABLE_ID, "a table id (lower-case letters, digits)")
    if kind == "create":
        out["variant"] = _str(msg, "variant", re.compile(r"[a-z0-9-]{1,64}"), "a variant name")
        out["seats"] = _int(msg, "seats", 2, 6, 2)
        options = msg.get("options", {})
        if not isinstance(options, dict) or len(options) > 32:
            raise BadMessage("bad-field", "'options' must be an object of at most 32 options")
        for key, value in options.items():
            if not _OPTION.fullmatch(key) or not (
                value is None or isinstance(value, (str, int, float, bool, list))
            ):
                raise BadMessage("bad-field", f"option {key[:64]!r} has no valid name or value")
        out["options"] = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
        timeout = msg.get("turn_timeout")
        if timeout is not None and (
            type(timeout) not in (int, float) or not 1 <= timeout <= 3600
        ):
            raise BadMessage("bad-field", "'turn_timeout' must be null or 1 to 3600 seconds")
        out["turn_timeout"] = None if timeout is None else float(timeout)
    if kind == "join":
        out["seat"] = _int(msg, "seat", 0, 5, None)
        name = msg.get("name", "player")  # left out: "player"; given, it must say something
        shown = name.strip() if isinstance(name, str) else ""
        if not isinstance(name, str) or not 0 < len(shown) <= 24 or not shown.isprintable():
            # isprintable: no control, format, separator (but the space) or lone surrogate
            raise BadMessage("bad-field", "'name' must be 1 to 24 printable characters")
        out["name"] = shown
    if kind == "resume":
        out["token"] = _str(msg, "token", re.compile(r"[A-Za-z0-9_-]{16,64}"), "a seat token")
    if kind == "bots":
        out["bot"] = _str(
            msg, "bot", re.compile(r"simple|(default|ismcts):(fast|default|strong)"),
            "'simple', or 'default:' or 'ismcts:' and 'fast', 'default' or 'strong'",
        )  # fmt: skip
    if kind == "act":
        if "action" in msg:
            action = msg["action"]
            if not isinstance(action, str) or not 0 < len(action) <= 64:
                raise BadMessage("bad-field", "'action' must be an action's text (64 at most)")
            out["action"] = action
        elif "id" in msg:
            out["id"] = _int(msg, "id", 0, 10**6)
        else:
            raise BadMessage("bad-field", "'act' needs an 'action' (text) or an 'id'")
