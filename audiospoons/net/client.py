"""A client of the relay: an asyncio shell around ``protocol.Connection``, for the keyboard game,
the tests and the benchmarks. It answers the relay's pings itself."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any

from audiospoons.engine.events import Event
from audiospoons.net.protocol import (
    MAX_RELAY_LINE,
    PROTOCOL_VERSION,
    Connection,
    Message,
    ProtocolError,
    encode,
)
from audiospoons.net.wire import decode_event


class RelayError(Exception):
    """The relay refused us, or the connection ended; ``code`` is the relay's error code
    when it said one."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class SeatRefused(RelayError):
    """The relay holds no seat for the token given."""


class RelayClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.connection = Connection(None, limited=False, max_line=MAX_RELAY_LINE)
        self.pending: deque[dict[str, Any]] = deque()
        self.name = ""
        self.closed = False
        self.record: bytearray | None = None
        """Every byte received, when recording (``connect(record=True)``)."""

    @classmethod
    async def connect(cls, host: str, port: int, name: str, *, timeout: float = 10.0,
                      record: bool = False) -> RelayClient:
        """Connect and say hello; raise ``RelayError`` if the relay refuses the name."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        client = cls(reader, writer)
        if record:
            client.record = bytearray()
        client.send("hello", version=PROTOCOL_VERSION, name=name, client="audiospoons")
        reply = await client.expect("hello", "error", timeout=timeout)
        if reply["kind"] == "error":
            await client.close()
            raise RelayError(reply["message"])
        client.name = reply["name"]
        return client

    def send(self, kind: str, **fields: Any) -> None:
        if not self.closed:
            self.writer.write(encode(kind, **fields))

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the relay (pings are answered, not returned)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not self.pending:
            left = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                data = await asyncio.wait_for(self.reader.read(65536), left)
            except TimeoutError:
                raise RelayError("no message from the relay in time") from None
            if not data:
                self.closed = True
                raise RelayError("the relay closed the connection")
            if self.record is not None:
                self.record += data
            for item in self.connection.receive(data, loop.time()):
                if isinstance(item, ProtocolError):
                    raise RelayError(f"the relay sent {item.code}: {item.message}")
                self._keep(item)
        return self.pending.popleft()

    def _keep(self, message: Message) -> None:
        if message.kind == "ping":
            self.send("pong", t=message.body["t"])
            return
        self.pending.append(message.body)

    async def expect(self, *kinds: str, timeout: float = 10.0,
                     where: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        """The next message of one of ``kinds`` (and for which ``where`` holds), skipping
        others."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.receive(max(0.0, deadline - loop.time()))
            if message["kind"] in kinds and (where is None or where(message)):
                return message

    async def rejoin(self, token: str, timeout: float = 10.0
                     ) -> tuple[dict[str, Any], list[Event]]:
        """Take back the seat ``token`` holds: its ``game_started`` message (with the seat's
        new token) and the game so far as the seat saw it. ``SeatRefused`` if it is not held."""
        self.send("rejoin", token=token)
        started = await self.expect("game_started", "error", timeout=timeout)
        if started["kind"] == "error":
            raise SeatRefused(started["message"], started.get("code"))
        self.name = started["players"][started["seat"]]
        told: list[Event] = []
        while True:
            message = await self.expect("catch_up", "back", timeout=timeout)
            if message["kind"] == "back" and message["name"] == self.name:
                return started, told
            if message["kind"] == "catch_up":
                told += [decode_event(event) for event in message["events"]]

    async def close(self) -> None:
        self.closed = True
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
