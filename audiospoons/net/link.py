"""One connection to the relay, as the lobby and the rooms see it: who it is, where it is, and
its output, written from a bounded queue so that a broadcast never waits for a slow reader (one
whose queue fills is dropped instead)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from audiospoons.net.protocol import CLIENT_KINDS, Connection, TokenBucket, encode

if TYPE_CHECKING:
    from audiospoons.net.room import Room
    from audiospoons.net.server import Relay

log = logging.getLogger("audiospoons.relay")

QUEUE_LIMIT = 512
"""Messages waiting for a client; past that it is too slow and is dropped."""
CHAT_RATE = TokenBucket(rate=1.0, burst=5.0, tokens=5.0)
"""Chat lines: five at once, then one a second."""


class Client:
    """One connection, as the lobby and the rooms see it."""

    def __init__(self, relay: Relay, writer: asyncio.StreamWriter, address: str) -> None:
        self.relay = relay
        self.writer = writer
        self.address = address
        self.name = ""
        self.greeted = False
        self.room: Room | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_LIMIT)
        self.connection = Connection(CLIENT_KINDS)
        self.chat_bucket = CHAT_RATE
        self.rtt: float | None = None
        self.heard_at = relay.clock()
        self.gone = False

    def send(self, kind: str, **fields: Any) -> None:
        self.send_line(encode(kind, **fields))

    def send_line(self, line: bytes) -> None:
        if self.gone:
            return
        try:
            self.queue.put_nowait(line)
        except asyncio.QueueFull:
            log.info("dropping %s (%s): too slow to read", self.name or "?", self.address)
            self.drop()

    def error(self, code: str, message: str) -> None:
        self.send("error", code=code, message=message)

    def drop(self) -> None:
        """Close this connection: the writer finishes with what is queued, then closes."""
        if self.gone:
            return
        self.gone = True
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)
        self.relay.left(self)

    async def write(self) -> None:
        try:
            while True:
                data = await self.queue.get()
                batch = []
                while data is not None:
                    batch.append(data)
                    if self.queue.empty():
                        break
                    data = self.queue.get_nowait()
                if batch:
                    self.writer.write(b"".join(batch))
                    await self.writer.drain()
                if data is None:
                    break
        except (ConnectionError, OSError):
            pass
        finally:
            self.writer.close()
            self.drop()
