"""A connection to the relay across a simulated network: every line is held a fixed one-way
delay plus jitter, each way, before it is written or before it is taken in, and never overtakes
the line before it in the same direction (TCP does not reorder a stream). Pings are answered
through the same delayed path, so the relay's round trips measure the simulated line.

Used by ``fairness.py``; both ends run in one process on one clock (``loop.time()`` is
``time.monotonic()``, the relay's clock too), so every delay can be checked afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from audiospoons.net.protocol import PROTOCOL_VERSION, encode


@dataclass(frozen=True, slots=True)
class Line:
    """The simulated network of one client: one-way delays (seconds) and the jitter that each
    message gets on top, drawn uniformly from ``-jitter..+jitter``."""

    down: float
    """Relay to client."""
    up: float
    """Client to relay."""
    jitter: float

    @property
    def rtt(self) -> float:
        return self.down + self.up


class Delayed:
    """Lines in one direction, each handed on after its delay, in the order they came."""

    def __init__(self, delay: float, jitter: float, rng: random.Random,
                 deliver: Callable[[bytes, float], None]) -> None:
        self.delay, self.jitter, self.rng, self.deliver = delay, jitter, rng, deliver
        self.queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        self.last = 0.0
        self.task = asyncio.create_task(self._pump())

    def put(self, line: bytes) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        due = max(now, self.last, now + self.delay + self.rng.uniform(-self.jitter, self.jitter))
        self.last = due
        self.queue.put_nowait((due, line))

    async def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, line = await self.queue.get()
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self.deliver(line, loop.time())


class LaggedClient:
    """A client of the relay behind ``line``: ``send`` and ``receive`` as ``RelayClient`` does,
    with the delays in between. ``receive`` gives each message with the moment it was taken in
    (after its delay): the moment this player heard it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, line: Line,
                 rng: random.Random, pong_delay: float = 0.0) -> None:
        self.reader, self.writer, self.line = reader, writer, line
        self.pong_delay = pong_delay
        """Seconds this client holds each pong back before sending it (a liar's trick)."""
        self.name = ""
        self.inbox: asyncio.Queue[tuple[dict[str, Any], float]] = asyncio.Queue()
        self.closed = False
        self.waiting: asyncio.Future[tuple[dict[str, Any], float]] | None = None
        self.outbound = Delayed(line.up, line.jitter, rng, self._write)
        self.inbound = Delayed(line.down, line.jitter, rng, self._take_in)
        self.reading = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, host: str, port: int, name: str, line: Line,
                      rng: random.Random, pong_delay: float = 0.0) -> LaggedClient:
        reader, writer = await asyncio.open_connection(host, port)
        client = cls(reader, writer, line, rng, pong_delay)
        client.send("hello", version=PROTOCOL_VERSION, name=name, client="audiospoons")
        try:
            while True:
                got = await client.receive(10.0)
                if got is None:
                    raise TimeoutError("no hello from the relay")
                reply = got[0]
                if reply["kind"] == "error":
                    raise ConnectionError(reply["message"])
                if reply["kind"] == "hello":
                    client.name = reply["name"]
                    return client
        except BaseException:
            await client.close()
            raise

    def send(self, kind: str, **fields: Any) -> float:
        """Queue a message for the relay; the moment it was sent (before the line's delay)."""
        if not self.closed:
            self.outbound.put(encode(kind, **fields))
        return asyncio.get_running_loop().time()

    async def receive(self, timeout: float | None) -> tuple[dict[str, Any], float] | None:
        """The next message and when it was taken in, or None after ``timeout`` seconds. A
        wait that times out is kept for the next call, so no message is lost to it."""
        if self.waiting is None:
            if not self.inbox.empty():
                return self.inbox.get_nowait()
            self.waiting = asyncio.ensure_future(self.inbox.get())
        done, _ = await asyncio.wait({self.waiting}, timeout=timeout)
        if not done:
            return None
        got, self.waiting = self.waiting.result(), None
        return got

    def _write(self, line: bytes, now: float) -> None:
        if not self.closed and not self.writer.transport.is_closing():
            self.writer.write(line)

    def _take_in(self, line: bytes, now: float) -> None:
        message: dict[str, Any] = json.loads(line)
        if message.get("kind") == "ping":
            if self.pong_delay > 0:
                asyncio.get_running_loop().call_later(self.pong_delay, partial(
                    self.send, "pong", t=message["t"]))
            else:
                self.send("pong", t=message["t"])
            return
        self.inbox.put_nowait((message, now))

    async def _read(self) -> None:
        pending = bytearray()
        while True:
            data = await self.reader.read(65536)
            if not data:
                return
            pending += data
            while (end := pending.find(b"\n")) >= 0:
                self.inbound.put(bytes(pending[:end + 1]))
                del pending[:end + 1]

    async def close(self) -> None:
        self.closed = True
        for task in (self.reading, self.outbound.task, self.inbound.task, self.waiting):
            if task is not None:
                task.cancel()
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
