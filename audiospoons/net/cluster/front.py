"""The front of a cluster: the address players type. It greets them (accounts, limits, bans,
as a lone relay does), holds the lobby (its list of rooms is the directory's, kept up to date by
its news and a refresh each heartbeat; lobby chat goes through the directory), and sends a
player who opens, joins or watches a room, or takes a seat back, to the room process that runs
it (``moved``, with a signed ticket and the request to make there again). A version 1 client,
which cannot follow ``moved``, is told to upgrade.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from audiospoons.net.cluster import DirectoryDown
from audiospoons.net.cluster.directory import (
    CHAT,
    HEARTBEAT,
    LOBBY,
    MODERATION,
    Directory,
    ProcessEntry,
    RoomEntry,
)
from audiospoons.net.cluster.gate import TicketGate
from audiospoons.net.cluster.tickets import TICKET_LIFE
from audiospoons.net.link import Client
from audiospoons.net.names import clean_chat
from audiospoons.net.seattoken import seat_token_room
from audiospoons.net.server import Relay

log = logging.getLogger("audiospoons.relay")

NEW_ROOM_WAIT = 3.0
"""Seconds a room asked for is looked for in the directory before it is said not to be."""
UPGRADE = ("this relay is a cluster of many processes, which this version of audiospoons"
           " cannot follow: upgrade audiospoons to join it")


@dataclass(slots=True)
class ClusterFront(Relay):
    """See the module. ``address``: ``host:port`` where players reach this front."""

    directory: Directory | None = None
    address: str = ""
    heartbeat: float = HEARTBEAT
    listing: dict[int, RoomEntry] = field(default_factory=dict)
    """The rooms of the cluster, by number, as the directory last said."""
    live: dict[str, ProcessEntry] = field(default_factory=dict)
    """The room processes alive, by id."""
    sent: dict[str, list[float]] = field(default_factory=dict)
    """When this front last sent players to each process to open a room: rooms on their way,
    which the directory may not list yet."""
    opening: dict[str, list[float]] = field(default_factory=dict)
    """By address group, when this front sent a player from it to open a room that the
    directory does not list yet: counted with those it lists, so that many ``create_room``
    at once from one address open no more rooms than one after another."""
    _front_tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _down: bool = False

    def __post_init__(self) -> None:
        Relay.__post_init__(self)
        self.versions = frozenset({2})
        self.version_refusal = UPGRADE
        self.answers.update(chat=self._on_chat, create_room=self._on_create_room,
                            join_room=self._on_join_room, spectate=self._on_spectate,
                            rejoin=self._on_rejoin)

    async def start(self) -> None:
        """The signing key (waiting for Redis as long as it takes), then the refreshes and
        the news."""
        assert self.directory is not None
        while True:
            try:
                self.gate = TicketGate(await self.directory.signing_key(), self.directory,
                                       self.address)
                break
            except DirectoryDown as error:
                self._log_down(error)
                await asyncio.sleep(1.0)
        directory = self.directory
        self.moderation.publish = lambda message: directory.publish(MODERATION, message)
        ready = asyncio.Event()
        self._front_tasks = [asyncio.create_task(self._refreshing()),
                             asyncio.create_task(self.directory.listen(self._heard, ready))]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), 5.0)
        await self.refresh()

    async def stop(self) -> None:
        for task in self._front_tasks:
            task.cancel()
        if self._front_tasks:
            await asyncio.wait(self._front_tasks, timeout=2.0)
        if self.directory is not None:
            await self.directory.close()

    # ----------------------------------------------------------------- the directory

    async def refresh(self) -> None:
        """The rooms and processes, read again; the lobby told what changed."""
        assert self.directory is not None
        try:
            live = {entry.id: entry for entry in await self.directory.processes()}
            rooms = await self.directory.rooms()
        except DirectoryDown as error:
            self._log_down(error)
            return
        if self._down:
            self._down = False
            log.info("cluster: the directory is back")
        self.live = live
        listing = {entry.number: entry for entry in rooms if entry.process in live}
        for number, entry in listing.items():
            if number not in self.listing:
                self._arrived(entry)
        self.listing = listing
        self.lobby.changed()

    async def _refreshing(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            await self.refresh()

    def _heard(self, channel: str, message: dict[str, Any]) -> None:
        if channel == MODERATION:
            self.moderation.heard(message)
        elif channel == CHAT:
            text = clean_chat(str(message.get("text", "")))[:300]
            name = clean_chat(str(message.get("name", "")))[:40]
            for other in list(self.clients):
                if other.greeted:
                    other.send("chat", scope="lobby", name=name, text=text)
        elif channel == LOBBY and message.get("kind") == "room_listed":
            summary = message.get("room")
            if isinstance(summary, dict) and isinstance(summary.get("room"), int):
                entry = RoomEntry(summary["room"], str(message.get("process", "")), summary,
                                  str(message.get("opened_by", "")))
                if entry.number not in self.listing:
                    self._arrived(entry)
                self.listing[entry.number] = entry
                self.lobby.changed()
        elif (channel == LOBBY and message.get("kind") == "room_unlisted"
              and isinstance(message.get("room"), int)):
            self.listing.pop(message["room"], None)
            self.lobby.changed()

    def _log_down(self, error: DirectoryDown) -> None:
        if not self._down:
            self._down = True
            log.error("cluster: %s; no room can be opened or found until it is back", error)

    def _arrived(self, entry: RoomEntry) -> None:
        """A room the directory lists now and did not: no longer one on its way."""
        waiting = self.opening.get(entry.opened_by)
        if waiting:
            waiting.pop(0)

    def _on_its_way(self, group: str) -> int:
        """Rooms on their way from ``group``: those its tickets may still open."""
        now = time.monotonic()
        waiting = [at for at in self.opening.get(group, [])
                   if now - at < TICKET_LIFE + NEW_ROOM_WAIT]
        if waiting:
            self.opening[group] = waiting
        else:
            self.opening.pop(group, None)
        return len(waiting)

    # ----------------------------------------------------------------- the lobby

    def listed_rooms(self) -> dict[int, dict[str, Any]]:
        return {number: self.listing[number].summary for number in sorted(self.listing)}

    def _on_chat(self, client: Client, body: dict[str, Any], now: float) -> None:
        allowed, client.chat_bucket = client.chat_bucket.take(now)
        if not allowed:
            client.refuse("chat-flood", "too many chat lines: wait a moment")
            return
        if body.get("scope", "room") != "lobby":
            client.refuse("no-room", "you are not in a room: chat to the lobby")
            return
        muted = self.moderation.chat_refusal(client, "lobby", now)
        if muted is not None:
            client.refuse("muted", muted)
            return
        text = clean_chat(body["text"])
        if text and self.directory is not None:
            self.spawn(self._publish_chat(client, text))

    async def _publish_chat(self, client: Client, text: str) -> None:
        assert self.directory is not None
        try:
            await self.directory.publish(CHAT, {"name": client.name, "text": text})
        except DirectoryDown as error:
            self._log_down(error)
            client.refuse("directory-down", "the lobby's chat cannot be passed on just now")

    # ----------------------------------------------------------------- sending players on

    def _on_create_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        opened = sum(1 for entry in self.listing.values() if entry.opened_by == client.group)
        if opened + self._on_its_way(client.group) >= self.settings.rooms_per_address:
            client.refuse("too-many-rooms", f"at most {self.settings.rooms_per_address} rooms"
                          " from one address: close one first")
            return
        self.opening.setdefault(client.group, []).append(time.monotonic())
        self.spawn(self._send_on(client, body, None))

    def _on_join_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.spawn(self._send_on(client, body, int(body["room"])))

    def _on_spectate(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.spawn(self._send_on(client, body, int(body["room"])))

    def _on_rejoin(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = seat_token_room(body["token"])
        if room is None:
            client.refuse("no-seat", "no seat is held for that token")
            return
        self.spawn(self._send_on(client, body, room, lost=True))

    async def _send_on(self, client: Client, body: dict[str, Any], room: int | None, *,
                       lost: bool = False) -> None:
        """Send ``client`` to the process of ``room`` (None: the least busy one, for a new
        room), to ask there what ``body`` asks; or say why not."""
        assert self.directory is not None
        try:
            if room is None:
                process = await self._least_busy()
            else:
                process = await self._process_of(room)
        except DirectoryDown as error:
            self._log_down(error)
            client.refuse("directory-down", "the relay cannot open or find rooms just now:"
                          " try again in a moment")
            self._not_opening(client, room)
            return
        if client.gone or process is None:
            self._not_opening(client, room)
        if client.gone:
            return
        if process is None and room is None:
            client.refuse("no-process", "the relay has no room server running: try again in"
                          " a moment")
        elif process is None and lost:
            client.refuse("room-lost", f"the game in room {room} was lost: the server that"
                          " ran it stopped")
        elif process is None:
            client.refuse("no-room", f"there is no room {room}")
        else:
            self._move(client, process, body, room)

    def _not_opening(self, client: Client, room: int | None) -> None:
        """A player sent to open a room was not sent after all: no room on its way."""
        waiting = self.opening.get(client.group)
        if room is None and waiting:
            waiting.pop()

    async def _least_busy(self) -> ProcessEntry | None:
        """The live process with the fewest rooms: those the directory lists for it, and
        those this front has just sent players to open there."""
        assert self.directory is not None
        open_to_rooms = [entry for entry in await self.directory.processes()
                         if not entry.draining]
        now = time.monotonic()
        for process, times in self.sent.items():
            self.sent[process] = [at for at in times if now - at < 3 * self.heartbeat]
        listed: dict[str, int] = {}
        for entry in self.listing.values():
            listed[entry.process] = listed.get(entry.process, 0) + 1

        def load(entry: ProcessEntry) -> tuple[int, int]:
            rooms = max(entry.rooms, listed.get(entry.id, 0))
            return rooms + len(self.sent.get(entry.id, [])), entry.connections

        chosen = min(open_to_rooms, key=load, default=None)
        if chosen is not None:
            self.sent.setdefault(chosen.id, []).append(now)
        return chosen

    async def _process_of(self, room: int) -> ProcessEntry | None:
        """The live process that runs ``room``. A room opened a moment ago may not be written
        to the directory yet (its process writes it just after): it is looked for again, for
        up to ``NEW_ROOM_WAIT``."""
        assert self.directory is not None
        entry = self.listing.get(room) or await self.directory.room(room)
        waited = 0.0
        while (entry is None or not entry.process) and waited < NEW_ROOM_WAIT:
            await asyncio.sleep(0.05)
            waited += 0.05
            entry = self.listing.get(room) or await self.directory.room(room)
        if entry is None:
            self.listing.pop(room, None)
            return None
        live = {process.id: process for process in await self.directory.processes()}
        return live.get(entry.process)

    def _move(self, client: Client, process: ProcessEntry, body: dict[str, Any],
              room: int | None) -> None:
        """Send ``client`` on to ``process``, with a ticket good there once, from its address
        group, for this request alone."""
        assert self.gate is not None
        ticket = self.gate.issue(client.name, client.account.id if client.account else None,
                                 client.group, self.address, process.id, str(body["kind"]),
                                 room)
        client.send("moved", host=process.host, port=process.port, ticket=ticket,
                    then=dict(body))
        client.drop()
