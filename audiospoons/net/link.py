"""One connection to the relay, as the lobby and the rooms see it: who it is, where it is, and
its output.

A message is written straight to the connection's transport, which sends it at once when the
socket can take it and buffers it otherwise: a broadcast costs one ``write`` a member, with no
task to wake for each. A reader that lets more than its relay's ``write_limit`` bytes pile up
in that buffer is too slow, and is cut off there and then, so a broadcast never waits for one
client and one client cannot make the relay hold an unbounded backlog for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.net.addresses import address_group
from audiospoons.net.fairness import RoundTrips
from audiospoons.net.protocol import CLIENT_KINDS, PROTOCOL_VERSION, Connection, TokenBucket, encode
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.storage import Account

if TYPE_CHECKING:
    from audiospoons.net.cluster.tickets import Ticket
    from audiospoons.net.room import Room

log = logging.getLogger("audiospoons.relay")

CHAT_RATE = TokenBucket(rate=1.0, burst=5.0, tokens=5.0)
"""Chat lines: five at once, then one a second."""
REFUSALS = 10
REFUSAL_RATE = 6.0
REFUSAL_BUCKET = TokenBucket(rate=1.0 / REFUSAL_RATE, burst=float(REFUSALS),
                             tokens=float(REFUSALS))
"""Refused requests a connection may make before it is closed: ten at once, then one each six
seconds."""


class Outbox:
    """Holds what the relay writes while it answers what came in one read, or while a room's
    clock fires: then each connection is written all its lines at once, one write where each
    message would have been one. Nothing waits for it: the lines go out as soon as the work
    that wrote them is done, each connection's in the order they were written."""

    def __init__(self) -> None:
        self.held: dict[Client, list[bytes]] | None = None
        """Each connection's lines not yet written, while holding."""

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """Hold what is written meanwhile (already holding: as the outer hold does)."""
        if self.held is not None:
            yield
            return
        self.held = {}
        try:
            yield
        finally:
            held, self.held = self.held, None
            for client, lines in held.items():
                client.write(b"".join(lines))

    def take(self, client: Client) -> bytes:
        """``client``'s lines held, handed over to be written now (none, if not holding)."""
        if self.held is None:
            return b""
        return b"".join(self.held.pop(client, ()))


class Host(Protocol):
    """What a connection needs of its relay: its clock and limits, where its lines wait while
    the relay holds them, and to hear when the connection is dropped."""

    settings: RelaySettings
    outbox: Outbox

    def clock(self) -> float: ...

    def left(self, client: Client) -> None: ...


class Client:
    """One connection, as the lobby and the rooms see it. Its fields are slots: an idle
    connection costs the relay little beside its socket."""

    __slots__ = ("account", "account_pending", "address", "chat_bucket", "connection",
                 "events_sent", "faulted", "front", "gone", "greeted", "group", "heard_at",
                 "inbound", "knows_lobby", "muted_until", "name", "ping_sent", "querying",
                 "ratings", "refusals", "relay", "room", "says_heard", "ticket", "transport",
                 "trips", "version", "watch")

    def __init__(self, relay: Host, transport: asyncio.WriteTransport, address: str) -> None:
        self.relay = relay
        self.transport = transport
        self.address = address
        self.group = address_group(address)
        """The network its address is counted in, for per-address limits."""
        self.knows_lobby = False
        """It has been sent the whole list of rooms since it was last in one: it is told the
        lobby's changes."""
        self.faulted = False
        """Something it sent has once broken a handler (logged once, not again)."""
        self.name = ""
        self.version = PROTOCOL_VERSION
        """The protocol version it said hello in."""
        self.front = ""
        """In a cluster, ``host:port`` of the front it came through (from its ticket)."""
        self.ticket: Ticket | None = None
        """In a cluster, the ticket it was greeted with: what it was sent here to ask."""
        self.greeted = False
        self.account_pending = False
        """A message that waits on the accounts (a login, a password change) is being answered."""
        self.account: Account | None = None
        """The account the player logged in as (None: a guest)."""
        self.ratings: dict[str, int] = {}
        """The account's rating in each family of games it has played (``ratings``)."""
        self.querying = False
        """A question to the records (``desk``) is being answered."""
        self.muted_until: float | None = None
        """A moderator has muted it on the whole relay until then (wall clock)."""
        self.room: Room | None = None
        self.says_heard = False
        """Its client said (``hearing`` with ``heard``) that it says when its player has heard
        what the table sent: the table's bots wait for that (``telling``)."""
        self.events_sent = 0
        """How many ``event`` messages it has been sent: what a ``heard`` counts."""
        self.connection = Connection(CLIENT_KINDS)
        self.chat_bucket = CHAT_RATE
        self.refusals = REFUSAL_BUCKET
        self.trips = RoundTrips()
        """Its recent round trips, from the relay's pings."""
        self.ping_sent: float | None = None
        """The ``t`` of the ping not yet answered: only its pong counts as a round trip."""
        self.heard_at = relay.clock()
        self.gone = False
        self.inbound: Inbound | None = None
        self.watch: asyncio.TimerHandle | None = None
        """The one timer that pings it and keeps its deadlines (``Relay.watch``)."""

    async def read(self, reader: asyncio.StreamReader, receive: Callable[[bytes], None]) -> None:
        """Hand what the connection sends to ``receive``, read by read, until it ends or this
        client is dropped. The stream's protocol gives way to ``Inbound`` here: a read reaches
        ``receive`` in the loop's own callback, with no task to wake for it."""
        if reader.exception() is not None or reader.at_eof() or self.transport.is_closing():
            return
        self.inbound = Inbound(receive,
                               tls=self.transport.get_extra_info("sslcontext") is not None)
        self.transport.set_protocol(self.inbound)
        reader.feed_eof()
        early = await reader.read()
        if early:
            receive(early)
        await self.inbound.ended

    def send(self, kind: str, **fields: Any) -> None:
        if kind == "event":
            self.events_sent += 1
        self.send_line(encode(kind, **fields))

    def send_events(self, lines: Sequence[bytes]) -> None:
        """``event`` messages already encoded, written together: one write, not one each."""
        self.events_sent += len(lines)
        self.send_line(b"".join(lines))

    def send_line(self, line: bytes) -> None:
        if self.gone:
            return
        held = self.relay.outbox.held
        if held is not None:
            held.setdefault(self, []).append(line)
            return
        self.write(line)

    def write(self, data: bytes) -> None:
        """``data`` to the socket now (it is sent at once if the socket can take it)."""
        if self.gone:
            return
        transport = self.transport
        if transport.is_closing():
            self.drop()
            return
        transport.write(data)
        if transport.get_write_buffer_size() > self.relay.settings.write_limit:
            log.info("dropping %s (%s): too slow to read", self.name or "?", self.address)
            transport.abort()
            self.drop()

    def ping(self, now: float) -> None:
        """Ask for a pong, to time the round trip (an unanswered ping is forgotten)."""
        self.ping_sent = now
        self.send("ping", t=now)

    def error(self, code: str, message: str, **fields: Any) -> None:
        """An ``error``; ``fields`` are the few codes' own (``minimum`` of
        ``too-few-players``)."""
        self.send("error", code=code, message=message, **fields)

    def refuse(self, code: str, message: str, **fields: Any) -> None:
        """An error in what the client asked of the lobby or a room. Now and then is a
        player's slip; ``REFUSALS`` in a row, faster than one each ``REFUSAL_RATE`` seconds
        on average, is abuse, and closes the connection."""
        allowed, self.refusals = self.refusals.take(self.relay.clock())
        if allowed:
            self.error(code, message, **fields)
            return
        self.error(code, f"{message}; too many refusals close the connection", **fields)
        self.drop()

    def drop(self) -> None:
        """Close this connection: what was written to it is sent first, then it closes (cut off
        after its relay's ``close_grace`` seconds if the other end does not take it)."""
        if self.gone:
            return
        held = self.relay.outbox.take(self)
        if held:
            self.write(held)
            if self.gone:  # too slow to take it: cut off already
                return
        self.gone = True
        transport = self.transport
        if not transport.is_closing():  # a TLS transport closed twice forgets its protocol
            transport.close()
        if transport.get_write_buffer_size():
            asyncio.get_running_loop().call_later(self.relay.settings.close_grace,
                                                   transport.abort)
        self.relay.left(self)

class Inbound(asyncio.Protocol):
    """A connection's protocol once the relay reads it: bytes go from the transport straight to
    ``receive``. ``ended`` is done when the other end has finished sending, or the connection is
    lost; ``lost`` when the connection is closed."""

    def __init__(self, receive: Callable[[bytes], None], *, tls: bool = False) -> None:
        loop = asyncio.get_running_loop()
        self.receive = receive
        self.tls = tls
        self.ended: asyncio.Future[None] = loop.create_future()
        self.lost: asyncio.Future[None] = loop.create_future()

    def data_received(self, data: bytes) -> None:
        self.receive(data)

    def eof_received(self) -> bool:
        """The other end has finished sending: what the relay still has to send it is sent
        before the connection closes (over TLS, which cannot keep half a connection open,
        asyncio closes it at once whatever is answered)."""
        if not self.ended.done():
            self.ended.set_result(None)
        return not self.tls

    def connection_lost(self, exc: Exception | None) -> None:
        for future in (self.ended, self.lost):
            if not future.done():
                future.set_result(None)
