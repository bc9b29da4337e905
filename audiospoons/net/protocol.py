"""The relay's protocol as a state machine with no I/O: bytes in, messages out; messages in, bytes
out (the shape of h11). The asyncio server and client are thin shells around ``Connection``.

Newline-delimited JSON over TCP, UTF-8, one object per line, each with a ``kind``. A line over
``MAX_LINE`` bytes (whether or not its newline has come) is an error that closes the
connection; a line that is not JSON, not an object, of an unknown kind or with a field of the
wrong type is an error the connection survives, until ``MAX_ERRORS`` of them. Messages beyond the
rate limit (``RATE`` a second, bursts of ``BURST``) are refused the same way. Pings and pongs
have a budget of their own (``PING_RATE`` a second, bursts of ``PING_BURST``), so that a client
may time its line whatever else it sends; a client over it is flooding, and is closed.
``docs/protocol.md`` is the reference for every kind.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PROTOCOL_VERSION = 2
"""What this client speaks: version 2 follows ``moved``, which a cluster's front sends."""
VERSIONS = frozenset({1, 2})
"""What a relay of one process takes (it sends no ``moved``)."""
MAX_LINE = 4096
"""Bytes in one line a client sends, its newline included: the most the relay holds while it
waits for a newline, too."""
MAX_RELAY_LINE = 1 << 20
"""Bytes in one line the relay sends (a list of many rooms is long): a client's limit."""
MAX_ERRORS = 10
"""Errors a connection may make before it is closed."""
RATE = 10.0
"""Messages a second a connection may send, on average."""
BURST = 20
"""Messages a connection may send at once, above the average."""
PING_KINDS = frozenset({"ping", "pong"})
"""Kinds counted by their own budget, not by the rate limit."""
PING_RATE = 5.0
"""Pings and pongs a second a connection may send, on average."""
PING_BURST = 20
"""Pings and pongs a connection may send at once, above the average."""

Fields = Mapping[str, type | tuple[type, ...]]

TEXT = str
NUMBER = (int, float)
OBJECT = dict

CLIENT_KINDS: dict[str, tuple[Fields, Fields]] = {
    "hello": ({"version": int, "name": TEXT}, {"client": TEXT, "token": TEXT, "ticket": TEXT}),
    "register": ({"version": int, "name": TEXT, "password": TEXT}, {"client": TEXT}),
    "login": ({"version": int, "name": TEXT, "password": TEXT}, {"client": TEXT}),
    "change_password": ({"old": TEXT, "new": TEXT}, {}),
    "ping": ({"t": NUMBER}, {}),
    "pong": ({"t": NUMBER}, {}),
    "rejoin": ({"token": TEXT}, {}),
    "list_rooms": ({}, {}),
    "create_room": ({}, {"name": TEXT, "game": TEXT, "preset": TEXT, "options": OBJECT,
                         "password": TEXT}),
    "join_room": ({"room": int}, {"password": TEXT}),
    "spectate": ({"room": int}, {"password": TEXT}),
    "leave_room": ({}, {}),
    "take_seat": ({}, {}),
    "leave_seat": ({}, {}),
    "add_bot": ({}, {"level": TEXT}),
    "remove_bot": ({}, {}),
    "ready": ({"ready": bool}, {}),
    "start": ({}, {}),
    "chat": ({"text": TEXT}, {"scope": TEXT}),
    "hearing": ({"rate": int}, {"verbosity": TEXT, "heard": bool}),
    "heard": ({"events": int}, {}),
    "kick": ({"name": TEXT}, {"minutes": NUMBER, "scope": TEXT}),
    "mute": ({"name": TEXT}, {"minutes": NUMBER, "scope": TEXT}),
    "unban": ({"name": TEXT}, {}),
    "ratings": ({}, {}),
    "leaderboard": ({"family": TEXT}, {}),
    "my_games": ({}, {}),
    "game_record": ({"game": int}, {}),
    "logout": ({"token": TEXT}, {}),
    "command": ({"command": OBJECT}, {"reaction": NUMBER}),
}
"""What a client may send: each kind's required fields and optional fields, with their types."""


@dataclass(frozen=True, slots=True)
class Message:
    kind: str
    body: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ProtocolError:
    """A line the connection refused; ``fatal`` when the connection must close."""

    code: str
    message: str
    fatal: bool = False


@dataclass(frozen=True, slots=True)
class TokenBucket:
    """A rate limit of ``rate`` a second in bursts of ``burst``: ``tokens`` left at ``at``."""

    rate: float = RATE
    burst: float = float(BURST)
    tokens: float = float(BURST)
    at: float | None = None

    def take(self, now: float) -> tuple[bool, TokenBucket]:
        since = 0.0 if self.at is None else max(0.0, now - self.at)
        tokens = min(self.burst, self.tokens + since * self.rate)
        if tokens < 1.0:
            return False, TokenBucket(self.rate, self.burst, tokens, now)
        return True, TokenBucket(self.rate, self.burst, tokens - 1.0, now)


def check_fields(kind: str, body: Mapping[str, Any], schema: Mapping[str, tuple[Fields, Fields]]
                 ) -> str | None:
    """What is wrong with ``body`` for ``kind``, or None."""
    required, optional = schema[kind]
    for name in required:
        if name not in body:
            return f"{kind} needs {name!r}"
    for name, value in body.items():
        if name == "kind":
            continue
        wanted = required[name] if name in required else optional.get(name)
        if wanted is None:
            return f"{kind} has no field {name!r}"
        if isinstance(value, bool) and wanted is not bool:
            return f"{kind}.{name} has the wrong type"
        if not isinstance(value, wanted):
            return f"{kind}.{name} has the wrong type"
        if isinstance(value, int | float) and not isinstance(value, bool) and not _plain(value):
            return f"{kind}.{name} must be a finite number of sensible size"
        if not _sound_text(value):
            return f"{kind}.{name} holds text that is not valid Unicode (a lone surrogate)"
    return None


def _sound_text(value: Any) -> bool:
    """No string in ``value`` (at any depth) holds a lone surrogate: JSON's escapes allow one,
    and it cannot be encoded again, spoken or compared."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_sound_text(key) and _sound_text(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_sound_text(item) for item in value)
    return True


def _plain(number: float) -> bool:
    """A number the relay can compute with: finite, and within a float's range."""
    try:
        return math.isfinite(float(number)) and abs(number) < 1e12
    except OverflowError:
        return False


def encode(kind: str, **fields: Any) -> bytes:
    """One message as a line of bytes (a lone surrogate, which UTF-8 cannot carry, as ``?``)."""
    return json.dumps({"kind": kind, **fields}, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode("utf-8", "replace") + b"\n"


@dataclass(slots=True)
class Connection:
    """One end of a connection. ``receive`` takes bytes as they arrive (with the time they
    arrived) and returns the messages and errors in them; ``schema`` is what the other end may
    send (``CLIENT_KINDS`` on the relay; None to accept any kind, as a client does)."""

    schema: Mapping[str, tuple[Fields, Fields]] | None = None
    limited: bool = True
    max_line: int = MAX_LINE
    errors: int = 0
    closed: bool = False
    _pending: bytearray = field(default_factory=bytearray)
    _bucket: TokenBucket = field(default_factory=TokenBucket)
    _pings: TokenBucket = field(default_factory=lambda: TokenBucket(
        PING_RATE, float(PING_BURST), float(PING_BURST)))

    def receive(self, data: bytes, now: float) -> list[Message | ProtocolError]:
        if self.closed:
            return []
        out: list[Message | ProtocolError] = []
        self._pending += data
        while not self.closed:
            end = self._pending.find(b"\n")
            if end < 0:
                if len(self._pending) > self.max_line:
                    out.append(self._fatal("too-long", f"over {self.max_line} bytes without a"
                                           " newline"))
                break
            line = bytes(self._pending[:end + 1])
            del self._pending[:end + 1]
            if len(line) > self.max_line:
                out.append(self._fatal("too-long", f"a line over {self.max_line} bytes"))
                break
            item = self._line(line.rstrip(b"\r\n"), now)
            if item is not None:
                out.append(item)
        return out

    def _line(self, line: bytes, now: float) -> Message | ProtocolError | None:
        if not line.strip():
            return None
        try:
            value = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return self._error("bad-json", "a line that is not JSON in UTF-8")
        except RecursionError:
            return self._error("bad-json", "a line nested too deep")
        if not isinstance(value, dict):
            return self._error("not-object", "a message must be a JSON object")
        kind = value.get("kind")
        if not isinstance(kind, str):
            return self._error("no-kind", "a message needs a kind")
        if not _sound_text(kind):
            return self._error("unknown-kind", "a kind that is not valid Unicode")
        if self.schema is not None:
            if kind not in self.schema:
                return self._error("unknown-kind", f"there is no message {kind[:40]!r}")
            problem = check_fields(kind, value, self.schema)
            if problem is not None:
                return self._error("bad-field", problem)
        if self.limited and kind in PING_KINDS:
            allowed, self._pings = self._pings.take(now)
            if not allowed:
                return self._fatal("ping-flood", f"over {PING_RATE:g} pings and pongs a second")
        elif self.limited:
            allowed, self._bucket = self._bucket.take(now)
            if not allowed:
                return self._error("rate-limited", f"over {RATE:g} messages a second")
        return Message(kind, value)

    def _error(self, code: str, message: str) -> ProtocolError:
        self.errors += 1
        if self.errors >= MAX_ERRORS:
            return self._fatal(code, f"{message}; {MAX_ERRORS} errors close the connection")
        return ProtocolError(code, message)

    def _fatal(self, code: str, message: str) -> ProtocolError:
        self.closed = True
        self._pending.clear()
        return ProtocolError(code, message, fatal=True)
