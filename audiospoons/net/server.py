"""The relay: an asyncio shell around ``protocol.Connection`` and the rooms' Table hosts.

Each connection is read and written by ``link`` (straight from the loop's callbacks, never
making a broadcast wait for a slow reader), and one task per room fires the game's timers.
Everything a client sends is checked by the protocol, then by the lobby's rules here, then by
the game's own ``verify``; every refusal is a message saying why, and nothing a client sends can
stop the relay or another room.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import random
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command, TimedPress
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.net.accounts import AccountRefused, Accounts, LoggedIn
from audiospoons.net.backoff import PasswordGuard
from audiospoons.net.cluster.gate import TicketGate, TicketRefused
from audiospoons.net.desk import RecordDesk
from audiospoons.net.fairness import judge, late_window
from audiospoons.net.history import GameRecord
from audiospoons.net.keeper import Keeper
from audiospoons.net.link import Client
from audiospoons.net.membership import Alone, Membership
from audiospoons.net.moderation import (
    Moderation,
    room_keys,
)
from audiospoons.net.names import BadText, clean_chat, clean_name
from audiospoons.net.protocol import (
    PROTOCOL_VERSION,
    VERSIONS,
    Message,
    ProtocolError,
    encode,
)
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.room import MAX_SEATS, ROOM_NAME_LENGTH, Room, Seat, host_room
from audiospoons.net.seattoken import seat_token_room
from audiospoons.net.storage import StorageError
from audiospoons.net.storage.games import RatedGame
from audiospoons.net.telling import FASTEST_RATE, SLOWEST_RATE, VERBOSITIES, Listening
from audiospoons.net.wire import WireError, decode_command, encode_event

log = logging.getLogger("audiospoons.relay")

GREETINGS = frozenset({"hello", "register", "login"})
"""The kinds a connection may open with."""


@dataclass(slots=True)
class Relay:
    """The lobby and its rooms. ``clock`` is monotonic seconds."""

    clock: Any = time.monotonic
    rng: random.Random = field(default_factory=random.SystemRandom)
    """Where each game's seed, dealer and bots' seeds come from: the system's secure source,
    since a game's record gives its players the seed (a game still replays from it, dealt by
    ``random.Random(seed)``), and a Mersenne Twister shared by every room would let a few
    hundred published seeds foretell every later deal."""
    rooms: dict[int, Room] = field(default_factory=dict)
    clients: set[Client] = field(default_factory=set)
    next_room: int = 1
    _timers: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    _wake: dict[int, asyncio.Event] = field(default_factory=dict)
    settings: RelaySettings = field(default_factory=RelaySettings)
    """Its limits and times."""
    _full_logged: float | None = None
    _listed: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Each room as the lobby was last told of it."""
    passwords: PasswordGuard = field(default_factory=PasswordGuard)
    """The rooms' failed passwords, and the waits they have earned."""
    handlers: set[asyncio.Task[None]] = field(default_factory=set)
    """The task reading each connection: closing waits for them to end."""
    accounts: Accounts = field(default_factory=lambda: Accounts(None))
    """The players registered here (none kept unless the relay was given a database)."""
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    """Work a message started that waits on the accounts (a login): kept until it ends."""
    keeper: Keeper = field(default_factory=lambda: Keeper(None))
    """Keeps each game that ends, and rates it (nothing unless the relay keeps accounts)."""
    admins: frozenset[int] = frozenset()
    """The accounts the operator made moderators, by id (``moderation.moderator_accounts``)."""
    moderation: Moderation = field(init=False)
    desk: RecordDesk = field(init=False)
    cluster: Membership = field(default_factory=Alone)
    """This relay's place in a cluster: one of its room processes (``cluster.member``), or
    alone."""
    gate: TicketGate | None = None
    """What writes and takes in the cluster's tickets (``cluster.gate``), in a cluster."""
    versions: frozenset[int] = VERSIONS
    """The protocol versions this relay speaks."""
    version_refusal: str = f"this relay speaks versions 1 to {PROTOCOL_VERSION}"

    def __post_init__(self) -> None:
        self.moderation = Moderation(self, self.admins)
        self.desk = RecordDesk(self)

    def close(self, message: str = "the relay is stopping") -> None:
        """Stop every room's game and every answer still waiting on the accounts, and close
        every connection, saying why."""
        for task in (*self._timers.values(), *self._tasks):
            task.cancel()
        self._timers.clear()
        for client in list(self.clients):
            client.send("error", code="shutdown", message=message)
            client.drop()

    async def shut_down(self) -> None:
        """``close``, then wait (a little) for the work under way to end, and close the
        records and the accounts."""
        self.close()
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=2.0)
        await self.keeper.close()
        self.accounts.close()
        if self.accounts.storage is not None:
            await self.accounts.storage.close()
        if self.handlers:
            await asyncio.wait(set(self.handlers), timeout=2.0)

    # ----------------------------------------------------------------- connections

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                     address: str | None = None) -> None:
        """One connection, until it ends: from its socket's peer, or from ``address`` for
        one this process opened for a player it knows the address of (``door``)."""
        if address is None:
            peer = writer.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) else "?"
        client = Client(self, writer, address)
        task = asyncio.current_task()
        if task is not None:
            self.handlers.add(task)
            task.add_done_callback(self.handlers.discard)
        refusal = self._refusal(client)
        if refusal is not None:
            client.error(*refusal)
            client.drop()
            await client.closed()
            return
        self.clients.add(client)
        watch = asyncio.create_task(self._ping(client))
        try:
            await self._read(client, reader)
        finally:
            watch.cancel()
            client.drop()
            await client.closed()

    def _refusal(self, client: Client) -> tuple[str, str] | None:
        """Why a new connection may not stay, if it may not: the relay is full, or its address
        has as many connections as it may."""
        if len(self.clients) >= self.settings.max_connections:
            now = self.clock()
            if (self._full_logged is None
                    or now - self._full_logged >= self.settings.full_log_interval):
                self._full_logged = now
                log.warning("the relay is full: %d connections", len(self.clients))
            return "relay-full", "the relay is full: try again later"
        cap = self.settings.per_address
        if Counter(c.group for c in self.clients)[client.group] >= cap:
            return "too-many", f"at most {cap} connections from one address"
        return None

    async def _read(self, client: Client, reader: asyncio.StreamReader) -> None:
        """Take in what the client sends until the connection ends or is dropped (``_ping``
        keeps the deadlines, so a read needs no timer of its own)."""

        def receive(data: bytes) -> None:
            if client.gone:
                return
            now = self.clock()
            for item in client.connection.receive(data, now):
                client.heard_at = now
                if isinstance(item, ProtocolError):
                    client.error(item.code, item.message)
                    if item.fatal:
                        client.drop()
                else:
                    self._guarded(client, item, now)
                if client.gone:
                    return

        await client.read(reader, receive)

    async def _ping(self, client: Client) -> None:
        """Ping every ``ping_interval`` (``game_ping_interval`` in a game), and drop a
        connection with no hello ``hello_timeout`` after it opened, or silent for
        ``silence_timeout``: one timer a connection at a time, set for whichever of these
        comes first."""
        times = self.settings
        opened = self.clock()
        ping_at = opened + times.ping_interval
        while not client.gone:
            now = self.clock()
            deadline = (opened + times.hello_timeout if not client.greeted
                        else client.heard_at + times.silence_timeout)
            if client.account_pending:  # a login waiting on the accounts is no silence
                deadline = max(deadline, now + times.ping_interval)
            if now >= deadline:
                client.error("timeout", "no hello in time" if not client.greeted
                             else "silent too long")
                client.drop()
                return
            if now >= ping_at:
                client.ping(now)
                playing = client.room is not None and client.room.playing
                ping_at = now + (times.game_ping_interval if playing else times.ping_interval)
            await asyncio.sleep(min(deadline, ping_at) - now)

    def left(self, client: Client) -> None:
        self.clients.discard(client)
        if client.room is not None:
            self._leave_room(client, hold=True)

    # ----------------------------------------------------------------- messages

    def _guarded(self, client: Client, message: Message, now: float) -> None:
        """``_dispatch``, with anything unexpected in it turned into an error for this
        connection alone (logged the first time only, so one client cannot fill the log)."""
        try:
            self._dispatch(client, message, now)
        except Exception:
            if not client.faulted:
                client.faulted = True
                log.exception("a %s from %s (%s) could not be handled", message.kind,
                              client.name or "?", client.address)
            client.refuse("internal", "the relay could not handle that message")

    def _dispatch(self, client: Client, message: Message, now: float) -> None:
        kind, body = message.kind, message.body
        if kind == "ping":
            client.send("pong", t=body["t"])
            return
        if kind == "pong":
            if client.ping_sent is not None and body["t"] == client.ping_sent:
                client.trips.add(now - client.ping_sent)
                client.trips.floor = client.line_floor()
                client.ping_sent = None
            return
        if not client.greeted:
            if kind not in GREETINGS:
                client.refuse("hello-first", "say hello first")
            elif client.account_pending:
                client.refuse("hello-first", "wait for the answer to your hello")
            elif kind == "hello" and "ticket" in body and self.gate is not None:
                client.account_pending = True
                self.spawn(self._greet_ticket(client, body))
            elif self.cluster.refuses_greeting(client):
                return
            elif not self.accounts.keeps:
                self._greet_without_accounts(client, kind, body)
            else:
                client.account_pending = True
                self.spawn(self._greet(client, kind, body))
            return
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            client.refuse("out-of-place", f"{kind} is not for now")
            return
        if self.cluster.ticket_allows(client, kind, body):
            handler(client, body, now)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _greet_without_accounts(self, client: Client, kind: str, body: dict[str, Any]) -> None:
        """A first message to a relay that keeps no accounts, answered at once: a ``hello``
        (a login token in it is passed over) greets a guest, as it always has."""
        name = self._greeting_name(client, body)
        if name is None:
            return
        if kind != "hello":
            client.refuse("no-accounts", "this relay keeps no accounts: play as a guest")
            return
        self._welcome(client, name, None)

    def _greeting_name(self, client: Client, body: dict[str, Any]) -> str | None:
        """The name a first message gives, cleaned; None once it is refused (a version this
        relay does not speak closes the connection)."""
        if body["version"] not in self.versions:
            client.refuse("version", self.version_refusal)
            client.drop()
            return None
        client.version = body["version"]
        try:
            return clean_name(body["name"])
        except BadText as error:
            client.refuse("bad-name", str(error))
            return None

    def faulted(self, client: Client, kind: str) -> None:
        """Something unexpected while answering ``kind``: logged once for the connection, and
        an error for it alone."""
        if not client.faulted:
            client.faulted = True
            log.exception("a %s from %s (%s) could not be handled", kind, client.name or "?",
                          client.address)
        client.refuse("internal", "the relay could not handle that message")

    async def _greet(self, client: Client, kind: str, body: dict[str, Any]) -> None:
        """A first message: a guest's ``hello`` (its name not registered), a ``hello`` with a
        kept login token, or ``register`` or ``login`` with a name and password."""
        try:
            name = self._greeting_name(client, body)
            if name is None:
                return
            now = self.clock()
            logged: LoggedIn | None = None
            try:
                if kind == "register":
                    logged = await self.accounts.register(name, body["password"], client.group,
                                                          time.time(), now)
                elif kind == "login":
                    logged = await self.accounts.login(name, body["password"], client.group,
                                                       time.time(), now)
                elif "token" in body:
                    logged = await self.accounts.login_token(body["token"], time.time())
                elif await self.accounts.registered(name):
                    client.refuse("name-registered", f"{name} is a registered player's name:"
                                  " log in with its password, or choose another name")
                    return
            except AccountRefused as refusal:
                client.refuse(refusal.code, refusal.message)
                return
            client.account = None if logged is None else logged.account
            refusal_text = await self.moderation.admitted(client)
            if refusal_text is not None:
                client.refuse("banned", refusal_text)
                client.drop()
                return
            if logged is not None:
                client.ratings = await self._ratings_of(logged.account.id)
            if client.gone:
                return
            self._welcome(client, name, logged)
        except Exception:
            self.faulted(client, kind)
        finally:
            client.account_pending = False

    async def _greet_ticket(self, client: Client, body: dict[str, Any]) -> None:
        """A player the cluster sends here with a ticket (``cluster.tickets``): greeted as the
        ticket says, no password asked again."""
        try:
            name = self._greeting_name(client, body)
            if name is None:
                return
            assert self.gate is not None
            try:
                ticket = await self.gate.admit(str(body["ticket"]), client.group)
            except TicketRefused as refused:
                client.refuse(refused.code, str(refused))
                client.drop()
                return
            account = None
            storage = self.accounts.storage
            if ticket.account is not None and storage is not None:
                try:
                    account = await storage.account_by_id(ticket.account)
                except StorageError as error:
                    log.error("accounts: %s", error)
            client.front, client.ticket = ticket.front, ticket
            client.account = account
            refusal_text = await self.moderation.admitted(client)
            if refusal_text is not None:
                client.refuse("banned", refusal_text)
                client.drop()
                return
            if account is not None:
                client.ratings = await self._ratings_of(account.id)
            if client.gone:
                return
            self._welcome(client, ticket.name, None if account is None
                          else LoggedIn(account, None), lobby=self.cluster.keeps_lobby)
        except Exception:
            self.faulted(client, "hello")
        finally:
            client.account_pending = False

    async def _ratings_of(self, account: int) -> dict[str, int]:
        storage = self.accounts.storage
        if storage is None:
            return {}
        try:
            kept = await storage.games.ratings_of(account)
        except StorageError as error:
            log.error("records: %s", error)
            return {}
        return {family: rating for family, (rating, _) in kept.items()}

    def _welcome(self, client: Client, name: str, logged: LoggedIn | None, *,
                 lobby: bool = True) -> None:
        """``client`` is greeted as ``name`` (or its account's); with ``lobby``, it is sent
        the rooms too."""
        client.name = logged.account.name if logged is not None else name
        client.account = None if logged is None else logged.account
        client.greeted = True
        extra: dict[str, Any] = {}
        if self.accounts.keeps:  # a relay with no accounts has no guests either
            extra["guest"] = logged is None
        if logged is not None and logged.token is not None:
            extra["token"] = logged.token
        if self.moderation.is_moderator(client):
            extra["moderator"] = True
        client.send("hello", version=client.version, name=client.name, hearing=True, **extra)
        if lobby:
            self._on_list_rooms(client, {}, 0.0)
        client.ping(self.clock())

    def _on_change_password(self, client: Client, body: dict[str, Any], now: float) -> None:
        account = client.account
        if account is None:
            client.refuse("not-logged-in", "log in to change your password")
            return
        if client.account_pending:
            client.refuse("busy", "wait for the answer to your last change")
            return
        client.account_pending = True

        async def change() -> None:
            try:
                logged = await self.accounts.change_password(
                    account, body["old"], body["new"], client.group, time.time(), self.clock())
                client.account = logged.account
                client.send("password_changed", **({} if logged.token is None
                                                   else {"token": logged.token}))
            except AccountRefused as refusal:
                client.refuse(refusal.code, refusal.message)
            except Exception:
                self.faulted(client, "change_password")
            finally:
                client.account_pending = False

        self.spawn(change())

    def _on_hello(self, client: Client, body: dict[str, Any], now: float) -> None:
        client.refuse("out-of-place", "hello is said once")

    _on_register = _on_login = _on_hello

    def _on_list_rooms(self, client: Client, body: dict[str, Any], now: float) -> None:
        if self.cluster.to_lobby(client):
            return
        client.send("rooms", rooms=list(self.listed_rooms().values()))
        client.knows_lobby = True

    def _on_create_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return
        opened = sum(1 for room in self.rooms.values() if room.opened_by == client.group)
        if opened >= self.settings.rooms_per_address:
            client.refuse("too-many-rooms", f"at most {self.settings.rooms_per_address} rooms"
                          " from one"
                          " address: close one first")
            return
        game = GAMES.get(body.get("game", DEFAULT))
        if game is None:
            client.refuse("bad-options", f"there is no game {body['game']!r}; the games are"
                          f" {', '.join(GAMES)}")
            return
        values = {str(k): str(v) for k, v in body.get("options", {}).items()}
        if "preset" in body:
            values = {PRESET_KEY: body["preset"], **values}
        try:
            options, values = game.read_options(values)
        except SpoonsError as error:
            client.refuse("bad-options", str(error))
            return
        chosen = clean_chat(str(body.get("name", "")))[:ROOM_NAME_LENGTH]
        password = body.get("password") or None
        number = self.cluster.room_number(self.next_room)
        if number is None:
            client.refuse("busy", "the relay cannot open a room just now: try again in a"
                          " moment")
            return
        room = Room(number, chosen or host_room(client.name), client, options, values,
                    password, game=game, clock=self.clock, opened_by=client.group,
                    rated=self.accounts.keeps, named=bool(chosen))
        self.next_room = max(self.next_room, number) + 1
        self.rooms[room.number] = room
        room.seats.append(Seat(client))
        client.room = room
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _room_for(self, client: Client, body: dict[str, Any], *, watching: bool = False
                  ) -> Room | None:
        """The room ``body`` asks for, to sit in or (``watching``) to watch, if the client
        may go in; else the refusal is sent."""
        room = self.rooms.get(body["room"])
        if room is None:
            client.refuse("no-room", f"there is no room {body['room']}")
            return None
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return None
        if room.kept_out(room_keys(client), self.clock()):
            client.refuse("banned", "the host has sent you away from that room")
            return None
        if room.password is not None and not self._password_right(client, room, body):
            return None
        clash = room.name_clash(client.name, stand_ins=not watching)
        if clash is not None:
            if isinstance(clash, Seat) and room.held(clash):
                client.refuse("name-taken", f"that room holds a seat for {clash.name}, whose"
                              " connection was lost, and your name sounds or looks the same")
            else:
                client.refuse("name-taken", "someone in that room has a name that sounds or"
                              f" looks the same as yours: {clash.name}")
            return None
        return room

    def _password_right(self, client: Client, room: Room, body: dict[str, Any]) -> bool:
        """Whether ``body`` gives ``room``'s password, or the refusal is sent: a wrong one,
        or a try during the wait that failed tries have earned (``backoff``)."""
        assert room.password is not None
        now = self.clock()
        wait = self.passwords.wait(client.group, room.number, now)
        if wait > 0.0:
            client.refuse("password-wait", f"too many wrong passwords: wait {math.ceil(wait)}"
                          " seconds before trying that room's password again")
            return False
        if not hmac.compare_digest(str(body.get("password", "")).encode("utf-8"),
                                   room.password.encode("utf-8")):
            self.passwords.failed(client.group, room.number, now)
            client.refuse("password", "that is not the room's password")
            return False
        self.passwords.succeeded(client.group, room.number)
        return True

    def _on_rejoin(self, client: Client, body: dict[str, Any], now: float) -> None:
        """Take back a seat held since a lost connection, with its token."""
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return
        if seat_token_room(body["token"]) is None:
            client.refuse("no-seat", "no seat is held for that token")
            return
        found = next(((room, index) for room in self.rooms.values() if room.playing
                      for index in [room.seat_for_token(body["token"])] if index is not None),
                     None)
        if found is None:
            client.refuse("no-seat", "no seat is held for that token")
            return
        room, index = found
        seat = room.seats[index]
        old = seat.member
        if isinstance(old, Client) and old is not client:
            old.error("replaced", "your seat was taken back from another connection")
            old.drop()
        if seat.held_until is None or seat.held_until < now:
            client.refuse("no-seat", "that seat is no longer held for you")
            return
        client.name, client.room = seat.bot_name, room
        room.resume(now)
        told = room.take_back(index, client)
        if room.host not in room.members():
            room.hand_over(client)
        client.send("game_started", players=[s.name for s in room.seats], seat=index,
                    game=room.game.name, options=room.options.describe(), token=seat.token,
                    resumed=True,
                    game_time=room.game_time(now))
        _tell_so_far(client, told, self.settings.catch_up_batch)
        room.broadcast("back", name=client.name)
        self._wake_room(room)

    def _on_join_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._room_for(client, body)
        if room is None:
            return
        if room.playing:
            client.refuse("playing", "that room is playing: spectate, or wait for the end")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"that room has all {MAX_SEATS} seats taken")
            return
        room.seats.append(Seat(client))
        client.room = room
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _on_spectate(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._room_for(client, body, watching=True)
        if room is None:
            return
        client.room = room
        room.resume(now)
        _tell_so_far(client, room.watch(client), self.settings.catch_up_batch)
        room.broadcast("room", **room.state())

    def _on_leave_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        if client.room is None:
            client.refuse("no-room", "you are not in a room")
            return
        self._leave_room(client)
        self._on_list_rooms(client, {}, now)

    def _leave_room(self, client: Client, *, hold: bool = False) -> None:
        """``client`` leaves its room; ``hold``: its connection was lost, so a seat in a game
        is kept ``seat_hold`` seconds for it to take back, a bot playing it meanwhile. A seat
        already out of the game is no seat to take back: the table hears only that its player
        has left."""
        room = client.room
        if room is None:
            return
        client.room, client.knows_lobby = None, False
        index = room.seat_of(client)
        if client in room.spectators:
            room.unwatch(client)
        elif index is not None and room.playing:
            seat = room.seats[index]
            still_in = room.in_game(index)
            held = hold and still_in and seat.token is not None
            if held:
                seat.held_until = self.clock() + self.settings.seat_hold
            else:
                seat.token = None
            room.hand_to_bot(index)
            extra: dict[str, Any] = {"held": self.settings.seat_hold} if held else {}
            if still_in:
                room.broadcast("left", name=client.name, stand_in=True, **extra)
            else:
                room.broadcast("left", name=client.name)
            self._wake_room(room)
        elif index is not None:
            del room.seats[index]
        if self._abandoned(room):
            self._close_room(room)
        else:
            if self._unattended(room):
                room.pause(self.clock())
            if room.host is client and room.members():
                room.hand_over(room.members()[0])
            room.broadcast("room", **room.state())
        self._lobby_changed()

    def _unattended(self, room: Room) -> bool:
        """No person is in the room, seated or watching."""
        return not any(seat.member is not None for seat in room.seats) and not room.spectators

    def _abandoned(self, room: Room) -> bool:
        """No person is in the room, and no seat is held for one whose connection was lost.
        Such a room ends at once. One whose seats are held stands still meanwhile
        (``Room.pause``), and counts against the rooms of the address that opened it, so that
        rooms walked away from cost nothing and cannot pile up."""
        return self._unattended(room) and self._hold_ends(room) is None

    def _hold_ends(self, room: Room) -> float | None:
        """When the last seat held for a lost connection stops being held, if any is."""
        held = [seat.held_until for seat in room.seats
                if seat.held_until is not None and room.held(seat)]
        return max(held) if held else None

    def _close_room(self, room: Room) -> None:
        self.rooms.pop(room.number, None)
        timer = self._timers.pop(room.number, None)
        if timer is not None:
            timer.cancel()
        self._wake.pop(room.number, None)

    def _host_room(self, client: Client, *, idle: bool = True) -> Room | None:
        room = client.room
        if room is None:
            client.refuse("no-room", "you are not in a room")
            return None
        if room.host is not client:
            client.refuse("not-host", "only the room's host may do that")
            return None
        if idle and room.playing:
            client.refuse("playing", "not while the game is on")
            return None
        return room

    def _on_add_bot(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        try:
            level = Level(body.get("level", "normal"))
        except ValueError:
            client.refuse("bad-field", "a bot's level is easy, normal, hard or expert")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"the room has all {MAX_SEATS} seats taken")
            return
        room.seats.append(Seat(level=level, bot_name=room.bot_name()))
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _on_remove_bot(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        bots = [index for index, seat in enumerate(room.seats) if seat.member is None]
        if not bots:
            client.refuse("no-bot", "there is no bot to remove")
            return
        del room.seats[bots[-1]]
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _on_take_seat(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        if room is None or client not in room.spectators or room.playing:
            client.refuse("out-of-place", "take a seat as a spectator, between games")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"the room has all {MAX_SEATS} seats taken")
            return
        room.unwatch(client)
        room.seats.append(Seat(client))
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _on_leave_seat(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or room.playing:
            client.refuse("out-of-place", "leave a seat you have, between games")
            return
        del room.seats[index]
        room.spectators.append(client)
        room.broadcast("room", **room.state())
        self._lobby_changed()

    def _on_ready(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or room.playing:
            client.refuse("out-of-place", "be ready in a seat, between games")
            return
        room.seats[index].ready = bool(body["ready"])
        room.broadcast("room", **room.state())

    def _on_start(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        if room.table is not None:
            client.refuse("playing", "the last game is still being put away: start again")
            return
        waiting = [seat.name for seat in room.seats
                   if seat.member is not None and seat.member is not client and not seat.ready]
        if waiting:
            client.refuse("not-ready", f"not ready yet: {', '.join(waiting)}")
            return
        try:
            room.start(now, self.rng)
        except SpoonsError as error:
            fewest = room.fewest_players()
            if fewest is None:
                client.refuse("bad-options", str(error))
            else:
                client.refuse("too-few-players", str(error), minimum=fewest)
            return
        self._lobby_changed()
        self._wake[room.number] = asyncio.Event()
        self._timers[room.number] = asyncio.create_task(self._run_room(room))

    def _on_command(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or not room.playing:
            client.refuse("out-of-place", "commands are for a seat in a game")
            return
        try:
            command = decode_command(body["command"], index)
        except WireError as error:
            client.refuse("bad-field", str(error))
            return
        command = self._dated(client, room, command, body.get("reaction"), now)
        room.late_window(late_window(seat.member.trips for seat in room.seats
                                     if isinstance(seat.member, Client)))
        try:
            room.submit(command, now)
        except SpoonsError as error:
            client.send("refused", reason=error.reason, message=str(error))
        except Exception:
            log.exception("room %s stopped on %r", room.number, command)
            self._fail_room(room)
            return
        self._wake_room(room)

    def _fail_room(self, room: Room) -> None:
        """A command broke the room's game: everyone in the room is told, and the room's clock
        is stopped, which puts the room back to waiting."""
        _tell_failed(room)
        timer = self._timers.get(room.number)
        if timer is not None:
            timer.cancel()

    def _dated(self, client: Client, room: Room, command: Command, reported: float | None,
               now: float) -> Command:
        """A press answering the seat's cue, dated when it was judged to happen
        (``fairness``); anything else as it came. A false start in a reaction test is dated
        just before its cue, and so loses; one in the race for the spoons gets no compensation
        at all (it is dated when it arrived), so that pressing at once wins nothing."""
        listener = room.listeners.get(command.seat)
        cue = None if listener is None else listener.cues.answered(command)
        if cue is None or not isinstance(command, TimedPress):
            return command
        sent, cue_at = cue
        judged = judge(sent, now, reported, client.trips)
        in_test = listener is not None and cue == listener.cues.test
        if judged.false_start and not in_test:
            return command
        pressed_at = (math.nextafter(cue_at, -math.inf) if judged.false_start
                      else cue_at + judged.reaction)
        return command.dated(pressed_at)

    def _on_hearing(self, client: Client, body: dict[str, Any], now: float) -> None:
        """How the player listens: the table's bots wait for what their reader is saying."""
        rate, verbosity = body["rate"], body.get("verbosity", VERBOSITIES[0])
        if not SLOWEST_RATE <= rate <= FASTEST_RATE:
            client.refuse("bad-field", f"rate is words a minute, {SLOWEST_RATE} to"
                          f" {FASTEST_RATE}")
            return
        if verbosity not in VERBOSITIES:
            client.refuse("bad-field", "verbosity is brief or full")
            return
        client.listening = Listening(rate, verbosity)

    def _on_chat(self, client: Client, body: dict[str, Any], now: float) -> None:
        allowed, client.chat_bucket = client.chat_bucket.take(now)
        if not allowed:
            client.refuse("chat-flood", "too many chat lines: wait a moment")
            return
        text = clean_chat(body["text"])
        if not text:
            return
        scope = body.get("scope", "room")
        muted = self.moderation.chat_refusal(client, scope, now)
        if muted is not None:
            client.refuse("muted", muted)
            return
        if scope == "lobby":
            for other in list(self.clients):
                if other.greeted:
                    other.send("chat", scope="lobby", name=client.name, text=text)
        elif scope == "room" and client.room is not None:
            client.room.broadcast("chat", last=client, scope="room", name=client.name,
                                  text=text)
        else:
            client.refuse("bad-field", "chat goes to the room you are in, or to the lobby")

    def _on_kick(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.moderation.act(client, body, now, "kick")

    def _on_mute(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.moderation.act(client, body, now, "mute")

    def _on_unban(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.moderation.unban(client, body)

    def send_out_of_room(self, client: Client, now: float) -> None:
        """``client`` is put out of its room, back in the lobby."""
        self._leave_room(client)
        self._on_list_rooms(client, {}, now)

    def _on_ratings(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.desk.ratings(client, body)

    def _on_leaderboard(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.desk.leaderboard(client, body)

    def _on_my_games(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.desk.my_games(client, body)

    def _on_game_record(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.desk.game_record(client, body)

    def _on_logout(self, client: Client, body: dict[str, Any], now: float) -> None:
        self.desk.logout(client, body)

    # ----------------------------------------------------------------- games kept and rated

    def keep_records(self, accounts: Accounts, spool: Path | None = None) -> None:
        """Keep accounts, games and ratings in ``accounts``' storage from now on, catching up
        on what was left waiting (``keeper``)."""
        self.accounts = accounts
        self.keeper = Keeper(accounts.storage, spool=spool, on_rated=self.rated,
                             on_waiting=self.ratings_wait)
        self.keeper.start()

    def rated(self, rated: RatedGame) -> None:
        """A game's ratings are done: each of its players still here is told their change,
        and any room they are in shows their new rating."""
        for player in rated.players:
            for client in list(self.clients):
                if client.account is None or client.account.id != player.account:
                    continue
                client.ratings[rated.family] = player.after
                client.send("rating", family=rated.family, rating=player.after,
                            before=player.before, games=player.games, place=player.place)
                if client.room is not None and client.room.family == rated.family:
                    client.room.broadcast("room", **client.room.state())

    def ratings_wait(self, record: GameRecord) -> None:
        """A game's ratings cannot be done now (the database is out of reach): its players
        still here are told they will be."""
        accounts = {seat.account for seat in record.seats if seat.account is not None}
        for client in list(self.clients):
            if client.account is not None and client.account.id in accounts:
                client.send("error", code="ratings-later", message="the relay cannot reach"
                            " its records now: this game's ratings will follow when it can")

    def listed_rooms(self) -> dict[int, dict[str, Any]]:
        """The rooms the lobby lists, by number, as it lists them (a cluster's front lists
        the directory's)."""
        return {number: room.summary() for number, room in self.rooms.items()}

    def _lobby_changed(self) -> None:
        """Tell everyone in the lobby what changed in the list of rooms since they were last
        told: each room that came or changed (``room_listed``), each that went
        (``room_unlisted``), one line each, never the whole list again."""
        now = self.listed_rooms()
        lines = [encode("room_unlisted", room=number)
                 for number in self._listed if number not in now]
        lines += [encode("room_listed", room=summary) for number, summary in now.items()
                  if self._listed.get(number) != summary]
        self.cluster.rooms_changed(
            [summary for number, summary in now.items() if self._listed.get(number) != summary],
            [number for number in self._listed if number not in now])
        self._listed = now
        if not lines:
            return
        for other in list(self.clients):
            if other.knows_lobby and other.room is None:
                for line in lines:
                    other.send_line(line)

    # ----------------------------------------------------------------- the rooms' clocks

    def _wake_room(self, room: Room) -> None:
        wake = self._wake.get(room.number)
        if wake is not None:
            wake.set()

    async def _run_room(self, room: Room) -> None:
        """Fire the game's timers and bots' moves as they fall due, until the game is over, or
        until no one is left to play or watch it: bots do not play on to an empty room."""
        wake = self._wake[room.number]
        try:
            while room.playing and not self._abandoned(room):
                times = [room.next_wakeup(), self._hold_ends(room)]
                due = min((t for t in times if t is not None), default=None)
                wake.clear()
                timeout = None if due is None else max(0.0, due - self.clock())
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout)
                room.run_until(self.clock())
        except Exception:
            log.exception("room %s stopped", room.number)
            _tell_failed(room)
        finally:
            if room.finished is not None:
                self.keeper.finished(room.finished)
                room.finished = None
            room.table = None
            self._timers.pop(room.number, None)
            room.seats = [seat for seat in room.seats if not seat.stand_in]
            if self._unattended(room):
                self._close_room(room)
            else:
                room.broadcast("room", **room.state())
            self._lobby_changed()


def _tell_so_far(client: Client, told: list[Event], batch: int) -> None:
    """The game so far, in ``catch_up`` messages of at most ``batch`` events."""
    for start in range(0, len(told), batch):
        client.send("catch_up", events=[encode_event(event)
                                        for event in told[start:start + batch]])


def _tell_failed(room: Room) -> None:
    room.broadcast("error", code="room-failed", message="the game in this room failed")
