"""The relay: an asyncio shell around ``protocol.Connection`` and the rooms' Table hosts.

Each connection is read and written by ``link`` (straight from the loop's callbacks, never
making a broadcast wait for a slow reader), and one task per room fires the game's timers
(``roomclock``). Everything a client sends is checked by the protocol, then by the relay's
parts (``greeting``, ``lobby``, ``play``, ``moderation``, ``desk``), then by the game's own
``verify``; every refusal is a message saying why, and nothing a client sends can stop the
relay or another room. A cluster's room process differs from a lone relay only where its
``membership`` says.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from audiospoons.net.accounts import Accounts
from audiospoons.net.cluster.gate import TicketGate
from audiospoons.net.desk import RecordDesk
from audiospoons.net.greeting import Greeter
from audiospoons.net.keeper import Keeper
from audiospoons.net.kernelrtt import min_rtt
from audiospoons.net.link import Client, Outbox
from audiospoons.net.lobby import Lobby
from audiospoons.net.membership import Alone, Membership
from audiospoons.net.moderation import Moderation
from audiospoons.net.play import Play
from audiospoons.net.protocol import PROTOCOL_VERSION, VERSIONS, Message, ProtocolError
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.room import Room
from audiospoons.net.roomclock import RoomClocks

log = logging.getLogger("audiospoons.relay")

Answer = Callable[[Client, dict[str, Any], float], None]
"""What answers one kind of message from a greeted connection: given it, its body and the
time it came."""


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
    outbox: Outbox = field(default_factory=Outbox)
    """Holds what is written while a read is answered, or a room's clock fires: a connection
    sent several messages by it is written them at once."""
    settings: RelaySettings = field(default_factory=RelaySettings)
    """Its limits and times."""
    _full_logged: float | None = None
    handlers: set[asyncio.Task[None]] = field(default_factory=set)
    """The task reading each connection opened as streams: closing waits for them to end."""
    arrivals: int = 0
    """Connections from the listening socket not yet closed (``Arrival``): closing waits for
    them to close."""
    _none_open: asyncio.Event = field(default_factory=asyncio.Event)
    accounts: Accounts = field(default_factory=lambda: Accounts(None))
    """The players registered here (none kept unless the relay was given a database)."""
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    """Work a message started that waits on the accounts (a login): kept until it ends."""
    keeper: Keeper = field(default_factory=lambda: Keeper(None))
    """Keeps each game that ends, and rates it (nothing unless the relay keeps accounts)."""
    admins: frozenset[int] = frozenset()
    """The accounts the operator made moderators, by id (``moderation.moderator_accounts``)."""
    cluster: Membership = field(default_factory=Alone)
    """This relay's place in a cluster: one of its room processes (``cluster.member``), or
    alone."""
    gate: TicketGate | None = None
    """What writes and takes in the cluster's tickets (``cluster.gate``), in a cluster."""
    versions: frozenset[int] = VERSIONS
    """The protocol versions this relay speaks."""
    version_refusal: str = f"this relay speaks versions 1 to {PROTOCOL_VERSION}"
    moderation: Moderation = field(init=False)
    desk: RecordDesk = field(init=False)
    greeter: Greeter = field(init=False)
    lobby: Lobby = field(init=False)
    play: Play = field(init=False)
    clocks: RoomClocks = field(init=False)
    answers: dict[str, Answer] = field(init=False)
    """What answers each kind of message from a greeted connection."""

    def __post_init__(self) -> None:
        self.moderation = Moderation(self, self.admins)
        self.desk = RecordDesk(self)
        self.greeter = Greeter(self)
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.clocks = RoomClocks(self.clock, self._game_over, self.outbox.holding)
        greeter, lobby, play, moderation, desk = (self.greeter, self.lobby, self.play,
                                                  self.moderation, self.desk)
        self.answers = {
            "hello": greeter.again, "register": greeter.again, "login": greeter.again,
            "change_password": greeter.change_password,
            "list_rooms": lobby.list_rooms, "create_room": lobby.create_room,
            "join_room": lobby.join_room, "spectate": lobby.spectate,
            "leave_room": lobby.leave_room, "chat": lobby.chat,
            "add_bot": play.add_bot, "remove_bot": play.remove_bot,
            "take_seat": play.take_seat, "leave_seat": play.leave_seat, "ready": play.ready,
            "start": play.start, "rejoin": play.rejoin, "command": play.command,
            "hearing": play.hearing, "heard": play.heard,
            "kick": lambda client, body, now: moderation.act(client, body, now, "kick"),
            "mute": lambda client, body, now: moderation.act(client, body, now, "mute"),
            "unban": lambda client, body, now: moderation.unban(client, body),
            "ratings": lambda client, body, now: desk.ratings(client, body),
            "leaderboard": lambda client, body, now: desk.leaderboard(client, body),
            "my_games": lambda client, body, now: desk.my_games(client, body),
            "game_record": lambda client, body, now: desk.game_record(client, body),
            "logout": lambda client, body, now: desk.logout(client, body),
        }

    def close(self, message: str = "the relay is stopping") -> None:
        """Stop every room's game and every answer still waiting on the accounts, and close
        every connection, saying why."""
        self.clocks.stop_all()
        for task in self._tasks:
            task.cancel()
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
        if self.arrivals:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._none_open.wait(), 2.0)

    def opened(self, change: int) -> None:
        """One more connection from the listening socket (``change`` 1), or one fewer (-1)."""
        self.arrivals += change
        if self.arrivals:
            self._none_open.clear()
        else:
            self._none_open.set()

    # ----------------------------------------------------------------- connections

    def arrival(self) -> Arrival:
        """The protocol of a connection from the listening socket (``serving``)."""
        return Arrival(self)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                     address: str | None = None) -> None:
        """One connection opened as streams, until it ends: from its socket's peer, or from
        ``address`` for one this process opened for a player it knows the address of
        (``door``)."""
        if address is None:
            peer = writer.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) else "?"
        client = self.arrive(writer.transport, address)
        task = asyncio.current_task()
        if task is not None:
            self.handlers.add(task)
            task.add_done_callback(self.handlers.discard)
        try:
            if not client.gone:
                await client.read(reader, lambda data: self.received(client, data))
        finally:
            self.ended(client)
            if client.inbound is not None:
                await client.inbound.lost
            else:
                with contextlib.suppress(ConnectionError, OSError):
                    await writer.wait_closed()

    def arrive(self, transport: asyncio.WriteTransport, address: str) -> Client:
        """A new connection from ``address``: taken in, pinged and watched, or told why not
        and dropped."""
        client = Client(self, transport, address)
        refusal = self._refusal(client)
        if refusal is not None:
            client.error(*refusal)
            client.drop()
            return client
        self.clients.add(client)
        opened = self.clock()
        self.watch(client, opened, opened + self.settings.ping_interval)
        return client

    def received(self, client: Client, data: bytes) -> None:
        """Take in what ``client`` sent (``watch`` keeps the deadlines, so a read needs no
        timer of its own)."""
        if client.gone:
            return
        now = self.clock()
        with self.outbox.holding():
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

    def ended(self, client: Client) -> None:
        """The other end has finished sending, or the connection is lost: what is written
        to it is sent, and it closes."""
        if client.watch is not None:
            client.watch.cancel()
        client.drop()

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

    def watch(self, client: Client, opened: float, ping_at: float) -> None:
        """Ping every ``ping_interval`` (``game_ping_interval`` in a game), and drop a
        connection with no hello ``hello_timeout`` after it ``opened``, or silent for
        ``silence_timeout``: one timer a connection at a time (``client.watch``), set for
        whichever of these comes first, the next ping due at ``ping_at``."""
        if client.gone:
            return
        times = self.settings
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
        if not client.gone:
            client.watch = asyncio.get_running_loop().call_later(
                min(deadline, ping_at) - now, self.watch, client, opened, ping_at)

    def left(self, client: Client) -> None:
        self.clients.discard(client)
        if client.room is not None:
            self.lobby.leave(client, hold=True)

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
                client.trips.floor = self.line_floor(client)
                client.ping_sent = None
            return
        if not client.greeted:
            self.greeter.first(client, kind, body)
            return
        answer = self.answers.get(kind)
        if answer is None:
            client.refuse("out-of-place", f"{kind} is not for now")
            return
        if self.cluster.ticket_allows(client, kind, body):
            answer(client, body, now)

    def line_floor(self, client: Client) -> float | None:
        """The quickest round trip the line to ``client`` can have: the least its transport
        has measured (``kernelrtt``), below which no round trip it reports is believed."""
        return min_rtt(client.transport)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def faulted(self, client: Client, kind: str) -> None:
        """Something unexpected while answering ``kind``: logged once for the connection, and
        an error for it alone."""
        if not client.faulted:
            client.faulted = True
            log.exception("a %s from %s (%s) could not be handled", kind, client.name or "?",
                          client.address)
        client.refuse("internal", "the relay could not handle that message")

    def send_out_of_room(self, client: Client, now: float) -> None:
        """``client`` is put out of its room, back in the lobby."""
        self.lobby.send_out_of_room(client, now)

    def listed_rooms(self) -> dict[int, dict[str, Any]]:
        """The rooms the lobby lists, by number, as it lists them (a cluster's front lists
        the directory's)."""
        return {number: room.summary() for number, room in self.rooms.items()}

    # ----------------------------------------------------------------- games kept and rated

    def keep_records(self, accounts: Accounts, spool: Path | None = None) -> None:
        """Keep accounts, games and ratings in ``accounts``' storage from now on, catching up
        on what was left waiting (``keeper``)."""
        self.accounts = accounts
        self.keeper = Keeper(accounts.storage, spool=spool, on_rated=self.desk.rated,
                             on_waiting=self.desk.ratings_wait)
        self.keeper.start()

    def _game_over(self, room: Room) -> None:
        """``room``'s game has stopped: kept and rated if it came to its end, and the room
        back to waiting (``Lobby.game_over``)."""
        if room.finished is not None:
            self.keeper.finished(room.finished)
            room.finished = None
        self.lobby.game_over(room)


class Arrival(asyncio.Protocol):
    """A connection from the relay's listening socket, read from its first byte in the loop's
    own callbacks: no task, no streams, nothing but its ``Client`` beside its transport. The
    relay counts them, so that stopping waits (a little) for each to close."""

    __slots__ = ("client", "relay", "tls")

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.client: Client | None = None
        self.tls = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A stream socket's transport writes, though uvloop's is no asyncio.WriteTransport.
        transport = cast(asyncio.WriteTransport, transport)
        peer = transport.get_extra_info("peername")
        self.tls = transport.get_extra_info("sslcontext") is not None
        self.relay.opened(+1)
        self.client = self.relay.arrive(transport,
                                        str(peer[0]) if isinstance(peer, tuple) else "?")

    def data_received(self, data: bytes) -> None:
        if self.client is not None:
            self.relay.received(self.client, data)

    def eof_received(self) -> bool:
        """The other end has finished sending: what the relay still has to send it is sent
        before the connection closes (over TLS, which cannot keep half a connection open,
        asyncio closes it at once whatever is answered)."""
        if self.client is not None:
            self.relay.ended(self.client)
        return not self.tls

    def connection_lost(self, exc: Exception | None) -> None:
        if self.client is not None:
            self.relay.ended(self.client)
            self.client = None
            self.relay.opened(-1)
