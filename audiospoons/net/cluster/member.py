"""A relay process as one of a cluster's room processes: it runs its own rooms as a lone relay
does, and tells the directory (``directory``) that it is alive and which rooms it has, each
heartbeat and at each change. Players come to it from the front with a ticket, and go back to
the front's lobby (``moved``) when they leave a room. Its room numbers come from the directory,
a block at a time; lobby chat goes through the directory's chat channel.

Redis out of reach changes nothing for the games under way: what could not be written is
logged (once an outage), and the next heartbeat writes it all again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.net.cluster import DirectoryDown
from audiospoons.net.cluster.directory import (
    CHAT,
    HEARTBEAT,
    LOBBY,
    MODERATION,
    Directory,
    News,
    ProcessEntry,
    RoomEntry,
)
from audiospoons.net.cluster.gate import TicketGate
from audiospoons.net.cluster.tickets import SENT_FOR
from audiospoons.net.seattoken import seat_token_room

if TYPE_CHECKING:
    from audiospoons.net.link import Client
    from audiospoons.net.moderation import Moderation
    from audiospoons.net.room import Room

log = logging.getLogger("audiospoons.relay")

NUMBER_BLOCK = 1024
"""Room numbers a process reserves at once: another block is asked for when a quarter is left,
so that a burst of new rooms never finds none (numbers are cheap; a gap costs nothing)."""


USE_FRONT = "this is a room server of a cluster: connect to its front"


def split_address(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host.strip("[]"), int(port)


class ProcessRelay(Protocol):
    """What a room process needs of its relay."""

    gate: TicketGate | None
    moderation: Moderation
    rooms: dict[int, Room]
    clients: set[Client]

    def clock(self) -> float: ...

    def send_out_of_room(self, client: Client, now: float) -> None: ...


class RoomProcess:
    """See the module, and ``membership``. ``host`` and ``port``: where players reach this
    process."""

    keeps_lobby = False

    def __init__(self, relay: ProcessRelay, directory: Directory, host: str, port: int, *,
                 heartbeat: float = HEARTBEAT,
                 on_drained: Callable[[], None] | None = None) -> None:
        self.relay = relay
        self.directory = directory
        self.host, self.port = host, port
        self.heartbeat = heartbeat
        self.id = secrets.token_hex(6)
        self.numbers: deque[int] = deque()
        self.highest = 0
        self.draining = False
        self.on_drained = on_drained
        """Called once a drain is done: the process may stop."""
        self._news: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._down = False

    async def start(self) -> None:
        """Join the cluster: its signing key and a block of room numbers (waiting for Redis
        as long as it takes), then the heartbeat, the news and the chat."""
        while True:
            try:
                self.relay.gate = TicketGate(await self.directory.signing_key(),
                                             self.directory, self.id)
                await self._reserve()
                break
            except DirectoryDown as error:
                self._log_down(error)
                await asyncio.sleep(1.0)
        directory = self.directory
        self.relay.moderation.publish = lambda message: directory.publish(MODERATION, message)
        self._tasks = [asyncio.create_task(self._beat()), asyncio.create_task(self._tell()),
                       asyncio.create_task(self.directory.listen(
                           self._heard, names=(CHAT, MODERATION)))]

    async def stop(self) -> None:
        """Leave the cluster: its rooms and itself out of the directory at once."""
        self._news.put_nowait(("stop", None))
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            # The Redis client may take a cancellation in for its own clean-up: the news
            # task also ends on the "stop" it is given, and none is waited for long.
            await asyncio.wait(self._tasks, timeout=2.0)
        with contextlib.suppress(DirectoryDown):
            for number in list(self.relay.rooms):
                await self.directory.drop_room(number)
            await self.directory.drop_process(self.id)
        await self.directory.close()

    def drain(self) -> None:
        """Take no new room (the front sends none here), let the games under way end, then
        send everyone left back to the front's lobby and stop: a restart that loses no
        game."""
        if self.draining:
            return
        self.draining = True
        log.info("cluster: draining: %d rooms, %d playing", len(self.relay.rooms),
                 sum(1 for room in self.relay.rooms.values() if room.playing))
        self._tasks.append(asyncio.create_task(self._drain()))

    async def _drain(self) -> None:
        with contextlib.suppress(DirectoryDown):
            await self.directory.put_process(ProcessEntry(
                self.id, self.host, self.port, len(self.relay.rooms),
                len(self.relay.clients), True))
        while any(room.playing for room in self.relay.rooms.values()):
            await asyncio.sleep(self.heartbeat)
        for client in list(self.relay.clients):
            if client.greeted:
                self.relay.send_out_of_room(client, self.relay.clock())
        log.info("cluster: drained")
        if self.on_drained is not None:
            self.on_drained()

    # ----------------------------------------------------------------- room numbers

    def room_number(self, free: int) -> int | None:
        """A number for a new room, unique in the cluster (not ``free``, a number this process
        alone would give); None while none is reserved (Redis out of reach since this process
        used up its block)."""
        if len(self.numbers) < NUMBER_BLOCK // 4:
            self._news.put_nowait(("reserve", None))
        if not self.numbers:
            return None
        number = self.numbers.popleft()
        self.highest = max(self.highest, number)
        return number

    async def _reserve(self) -> None:
        block = await self.directory.reserve_numbers(NUMBER_BLOCK, max(
            self.highest, self.numbers[-1] if self.numbers else 0))
        self.numbers.extend(block)

    # ----------------------------------------------------------------- telling the directory

    def rooms_changed(self, listed: list[dict[str, Any]], gone: list[int]) -> None:
        """Rooms that opened or changed (their summaries), and rooms that closed."""
        for summary in listed:
            self._news.put_nowait(("listed", summary))
        for number in gone:
            self._news.put_nowait(("unlisted", number))

    def chat(self, name: str, text: str) -> None:
        """Lobby chat, for every front and process to pass on."""
        self._news.put_nowait(("chat", {"name": name, "text": text}))

    async def _tell(self) -> None:
        """What changed, told to the directory in the order it changed: all that came while
        the last was being told goes together, in one round trip."""
        while True:
            waiting = [await self._news.get()]
            while not self._news.empty():
                waiting.append(self._news.get_nowait())
            news: list[News] = []
            reserve = stopping = False
            for kind, item in waiting:
                if kind == "stop":
                    stopping = True
                    break
                if kind == "listed":
                    entry = self._entry(int(item["room"]), item)
                    if entry.number in self.relay.rooms:
                        news.append(entry)
                    news.append((LOBBY, {"kind": "room_listed", "room": item,
                                         "process": self.id, "opened_by": entry.opened_by}))
                elif kind == "unlisted":
                    news += [int(item), (LOBBY, {"kind": "room_unlisted", "room": item})]
                elif kind == "chat":
                    news.append((CHAT, item))
                elif kind == "reserve":
                    reserve = True
            try:
                if news:
                    await self.directory.tell(news)
                if reserve and len(self.numbers) < NUMBER_BLOCK // 4:
                    await self._reserve()
                self._up()
            except DirectoryDown as error:
                self._log_down(error)
            if stopping:
                return

    async def _beat(self) -> None:
        while True:
            try:
                await self.directory.put_process(ProcessEntry(
                    self.id, self.host, self.port, len(self.relay.rooms),
                    len(self.relay.clients), self.draining), [
                    self._entry(number, room.summary())
                    for number, room in self.relay.rooms.items()])
                self._up()
            except DirectoryDown as error:
                self._log_down(error)
            await asyncio.sleep(self.heartbeat)

    def _entry(self, number: int, summary: dict[str, Any]) -> RoomEntry:
        room = self.relay.rooms.get(number)
        return RoomEntry(number, self.id, summary, room.opened_by if room else "")

    def _log_down(self, error: DirectoryDown) -> None:
        if not self._down:
            self._down = True
            log.error("cluster: %s; the games under way play on", error)

    def _up(self) -> None:
        if self._down:
            self._down = False
            log.info("cluster: the directory is back")

    # ----------------------------------------------------------------- players

    def refuses_greeting(self, client: Client) -> bool:
        """Players come here with a ticket from the front: any other greeting is refused."""
        client.refuse("use-front", USE_FRONT)
        client.drop()
        return True

    def ticket_allows(self, client: Client, kind: str, body: dict[str, Any]) -> bool:
        """Whether ``client``'s ticket was given for this request (its kind and its room): a
        player may ask here only what the front sent them to ask; or the refusal is sent."""
        if kind not in SENT_FOR:
            return True
        ticket = client.ticket
        room = seat_token_room(body["token"]) if kind == "rejoin" else body.get("room")
        if ticket is not None and ticket.allows(kind, room):
            return True
        client.refuse("ticket-request", "your ticket is not for that: ask it of the relay's"
                      " front")
        return False

    def to_lobby(self, client: Client) -> bool:
        """Send ``client`` back to the front it came through, to its lobby."""
        if not client.front:
            client.refuse("use-front", USE_FRONT)
            client.drop()
            return True
        host, port = split_address(client.front)
        assert self.relay.gate is not None
        ticket = self.relay.gate.issue(client.name, client.account.id if client.account
                                       else None, client.group, client.front, client.front,
                                       "list_rooms")
        client.send("moved", host=host, port=port, ticket=ticket,
                    then={"kind": "list_rooms"})
        client.drop()
        return True

    def _heard(self, channel: str, message: dict[str, Any]) -> None:
        """News from the directory: moderators' bans and mutes, and lobby chat for this
        process's players."""
        if channel == MODERATION:
            self.relay.moderation.heard(message)
        if channel != CHAT:
            return
        for other in list(self.relay.clients):
            if other.greeted:
                other.send("chat", scope="lobby", name=str(message.get("name", ""))[:40],
                           text=str(message.get("text", ""))[:300])
