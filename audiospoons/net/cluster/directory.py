"""The cluster's directory in Redis: which room processes are alive and where, and which rooms
each runs. Soft state: every entry has a time to live, and its process writes it again each
heartbeat, so that a process that dies drops out of the directory by itself (docs/scaling.md).

    audiospoons:process:<id>   a live process: host, port, rooms, connections, draining
    audiospoons:room:<number>  a room: its process, how the lobby lists it, who opened it
    audiospoons:rooms:next     room numbers, unique across the cluster
    audiospoons:key            the key that signs tickets (``tickets``)
    audiospoons:ticket:<id>    a ticket used (``gate``): a second use is refused
    audiospoons:lobby          a channel: a room listed or unlisted, as the lobby is told
    audiospoons:chat           a channel: lobby chat, for every front and process to pass on
    audiospoons:moderation     a channel: moderators' bans and mutes, for every process to act
                               on (``moderation``)

Every call is a coroutine of the ``redis`` package's asyncio client; a Redis out of reach
raises ``DirectoryDown`` quickly (a second's timeout), and the caller plays on without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from audiospoons.net.cluster import DirectoryDown

log = logging.getLogger("audiospoons.relay")

PREFIX = "audiospoons:"
TTL = 15.0
"""Seconds an entry lives unless its process writes it again."""
HEARTBEAT = 5.0
"""Seconds between a process's writes of its entries."""
LOBBY, CHAT, MODERATION = "lobby", "chat", "moderation"


@dataclass(frozen=True, slots=True)
class ProcessEntry:
    id: str
    host: str
    port: int
    rooms: int = 0
    connections: int = 0
    draining: bool = False

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


@dataclass(frozen=True, slots=True)
class RoomEntry:
    number: int
    process: str
    summary: dict[str, Any]
    """The room as the lobby lists it (``Room.summary``)."""
    opened_by: str
    """The address group of the player who opened it."""


News = RoomEntry | int | tuple[str, dict[str, Any]]
"""What a room process tells the directory (``Directory.tell``): a room listed, a room's
number unlisted, or a message for a channel."""


class Directory:
    def __init__(self, url: str, *, ttl: float = TTL, prefix: str = PREFIX) -> None:
        self.url = url
        self.redis: Redis = Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0,
                                           decode_responses=True)
        self.ttl = ttl
        self.prefix = prefix
        self._news_down = False

    async def close(self) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def _key(self, *parts: object) -> str:
        return self.prefix + ":".join(str(part) for part in parts)

    async def _call(self, work: Awaitable[Any]) -> Any:
        try:
            return await work
        except (TimeoutError, RedisError, OSError) as error:
            raise DirectoryDown(f"the directory (Redis) is out of reach: {error}") from error

    # ----------------------------------------------------------------- the cluster's key

    async def signing_key(self) -> bytes:
        """The key tickets are signed with: made by whichever process asks first."""
        key = self._key("key")
        await self._call(self.redis.set(key, secrets.token_hex(32), nx=True))
        value = await self._call(self.redis.get(key))
        return str(value).encode("ascii")

    async def use_ticket(self, ticket: str, keep: float) -> bool:
        """Mark ticket ``ticket`` used, for ``keep`` seconds: True if it was not already (one
        atomic ``SET NX``, so that of two uses at once only one is the first)."""
        return bool(await self._call(self.redis.set(
            self._key("ticket", ticket), 1, nx=True, px=int(keep * 1000))))

    # ----------------------------------------------------------------- processes

    async def put_process(self, entry: ProcessEntry, rooms: list[RoomEntry] | None = None
                          ) -> None:
        """The process's entry, and with it (in the same round trip) its ``rooms``'."""
        key = self._key("process", entry.id)
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(key, mapping={"host": entry.host, "port": entry.port, "rooms": entry.rooms,
                                "connections": entry.connections,
                                "draining": int(entry.draining)})
        pipe.pexpire(key, int(self.ttl * 1000))
        for room in rooms or ():
            self._set_room(pipe, room)
        await self._call(pipe.execute())

    async def drop_process(self, process: str) -> None:
        await self._call(self.redis.delete(self._key("process", process)))

    async def processes(self) -> list[ProcessEntry]:
        found = []
        for key in await self._scan(self._key("process", "*")):
            data = await self._call(self.redis.hgetall(key))
            if not data:
                continue
            found.append(ProcessEntry(key.rsplit(":", 1)[1], str(data["host"]),
                                      int(data["port"]), int(data.get("rooms", 0)),
                                      int(data.get("connections", 0)),
                                      bool(int(data.get("draining", 0)))))
        return found

    # ----------------------------------------------------------------- rooms

    async def put_rooms(self, entries: list[RoomEntry]) -> None:
        if not entries:
            return
        pipe = self.redis.pipeline(transaction=False)
        for entry in entries:
            self._set_room(pipe, entry)
        await self._call(pipe.execute())

    def _set_room(self, pipe: Pipeline, entry: RoomEntry) -> None:
        pipe.set(self._key("room", entry.number), json.dumps(
            {"process": entry.process, "summary": entry.summary,
             "opened_by": entry.opened_by}), px=int(self.ttl * 1000))

    async def drop_room(self, number: int) -> None:
        await self._call(self.redis.delete(self._key("room", number)))

    async def tell(self, news: list[News]) -> None:
        """Rooms listed and unlisted, each with its word on the lobby channel, in the order
        given, in one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        for item in news:
            if isinstance(item, RoomEntry):
                self._set_room(pipe, item)
            elif isinstance(item, int):
                pipe.delete(self._key("room", item))
            else:
                channel, message = item
                pipe.publish(self._key(channel), json.dumps(message))
        await self._call(pipe.execute())

    async def rooms(self) -> list[RoomEntry]:
        keys = await self._scan(self._key("room", "*"))
        if not keys:
            return []
        values = await self._call(self.redis.mget(keys))
        return [entry for key, value in zip(keys, values, strict=True)
                if value is not None and (entry := _room(key, value)) is not None]

    async def room(self, number: int) -> RoomEntry | None:
        key = self._key("room", number)
        value = await self._call(self.redis.get(key))
        return None if value is None else _room(key, value)

    async def reserve_numbers(self, count: int, above: int) -> range:
        """``count`` room numbers no other process has, each above ``above`` (the highest this
        process has given: a Redis that restarted empty counts from there again)."""
        key = self._key("rooms", "next")
        last = int(await self._call(self.redis.incrby(key, count)))
        if last - count < above:
            await self._call(self.redis.set(key, above + count))
            last = above + count
        return range(last - count + 1, last + 1)

    async def _scan(self, pattern: str) -> list[str]:
        keys: list[str] = []
        try:
            async for key in self.redis.scan_iter(match=pattern, count=500):
                keys.append(str(key))
        except (TimeoutError, RedisError, OSError) as error:
            raise DirectoryDown(f"the directory (Redis) is out of reach: {error}") from error
        return keys

    # ----------------------------------------------------------------- news

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        await self._call(self.redis.publish(self._key(channel), json.dumps(message)))

    async def listen(self, on_message: Callable[[str, dict[str, Any]], None],
                     ready: asyncio.Event | None = None,
                     names: tuple[str, ...] = (LOBBY, CHAT, MODERATION)) -> None:
        """Pass each message of the channels ``names`` (the lobby, chat and moderation
        channels unless told) to ``on_message`` (the channel's short name and the message),
        until cancelled; subscribing again, a second apart, whenever Redis is out of reach."""
        channels = {self._key(name): name for name in names}
        listener: Redis = Redis.from_url(self.url, socket_connect_timeout=1.0,
                                         decode_responses=True)
        try:
            while True:
                await self._listen_once(listener, channels, on_message, ready)
                await asyncio.sleep(1.0)
        finally:
            with contextlib.suppress(RedisError, OSError, TimeoutError):
                await listener.aclose()

    async def _listen_once(self, listener: Redis, channels: dict[str, str],
                           on_message: Callable[[str, dict[str, Any]], None],
                           ready: asyncio.Event | None) -> None:
        """Subscribe, and pass messages on until the subscription breaks (said once an
        outage, and again when it is over)."""
        pubsub = listener.pubsub()
        try:
            await pubsub.subscribe(*channels)
            if self._news_down:
                self._news_down = False
                log.info("directory: the news channels are back")
            if ready is not None:
                ready.set()
            async for item in pubsub.listen():
                if item.get("type") != "message":
                    continue
                with contextlib.suppress(ValueError, TypeError):
                    on_message(channels[str(item["channel"])], json.loads(item["data"]))
        except (TimeoutError, RedisError, OSError) as error:
            if not self._news_down:
                self._news_down = True
                log.warning("directory: the news channels are out of reach (%s); trying"
                            " again each second", error)
        finally:
            with contextlib.suppress(RedisError, OSError, TimeoutError):
                await pubsub.aclose()


def _room(key: str, value: str) -> RoomEntry | None:
    try:
        data = json.loads(value)
        return RoomEntry(int(key.rsplit(":", 1)[1]), str(data["process"]),
                         dict(data["summary"]), str(data["opened_by"]))
    except (ValueError, KeyError, TypeError):
        return None
