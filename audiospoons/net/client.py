"""A client of the relay: an asyncio shell around ``protocol.Connection``, for the keyboard game,
the tests and the benchmarks. It answers the relay's pings itself.

It trusts the relay no more than the relay trusts it: every message is checked and cleaned
(``relaykinds``) before anyone reads it, so its texts are safe to show and to speak, and its
fields are of their types. A message that is not as the protocol says is ``BadMessage`` where it
would have been read; the connection goes on."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from ssl import SSLContext
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
from audiospoons.net.reach import Reach, reach_of
from audiospoons.net.relayaddress import AddressRefused, checked_host
from audiospoons.net.relaykinds import BadRelayMessage, read_event, read_message, seat_of
from audiospoons.net.telling import FASTEST_RATE, SLOWEST_RATE

BAD_MESSAGE = "bad-message"
"""The code of ``BadMessage``: what the relay sent was not as the protocol says."""
MOVE_WAIT = 10.0
"""Seconds to reach the process a cluster sends the player to, and be greeted there."""
MOVABLE = frozenset({"create_room", "join_room", "spectate", "rejoin", "list_rooms",
                     "leave_room"})
"""What the player asks that a cluster may answer by sending them on (``moved``): to a room's
process, or back to the lobby (``then`` is ``list_rooms``: leaving a room, or being put out of
one, which the relay may do unasked)."""
LOBBY = {"kind": "list_rooms"}
MOST_HOPS = 3
"""Moves followed for one thing the player asked: a cluster needs one (the front to a room's
process, or back)."""


Streams = tuple[asyncio.StreamReader, asyncio.StreamWriter]
Opener = Callable[[str, int, SSLContext | None], Awaitable[Streams]]
"""How a client reaches the relay at a host and port (over TLS with the context): a reader and
a writer, as ``asyncio.open_connection`` gives them."""


async def by_network(host: str, port: int, ssl: SSLContext | None) -> Streams:
    """A connection over the network, the way a client reaches a relay."""
    return await asyncio.open_connection(host, port, ssl=ssl)


class RelayError(Exception):
    """The relay refused us, or the connection ended; ``code`` is the relay's error code
    when it said one."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class SeatRefused(RelayError):
    """The relay holds no seat for the token given."""


class MoveRefused(RelayError):
    """The relay sent the player on (``moved``) where the client does not go, and the
    connection is closed. ``why``: ``address`` (not an address), ``unasked`` (the player asked
    nothing a cluster moves for, or asked something else), ``hops`` (``MOST_HOPS`` moves for one
    request already), ``nearer`` (nearer the player's machine than the relay they chose:
    ``net.reach``)."""

    def __init__(self, why: str, host: str, port: int) -> None:
        super().__init__(f"the relay sent this player to {host!r} port {port}: not followed"
                         f" ({why})", "moved")
        self.why, self.host, self.port = why, host, port


class BadMessage(RelayError):
    """The relay sent a message that is not as the protocol says (of ``kind``, when it is one
    the client knows): it is left out, and the connection goes on."""

    def __init__(self, message: str, kind: str | None = None) -> None:
        super().__init__(message, BAD_MESSAGE)
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Login:
    """How to be known to the relay: by ``password`` (``register`` to make the account), or by
    a ``token`` kept from the last time."""

    password: str | None = field(default=None, repr=False)
    token: str | None = field(default=None, repr=False)
    register: bool = False


class SeatBack:
    """A seat being taken back (``rejoin``), as the relay answers: its ``game_started``, then
    the game so far in ``catch_up`` messages until ``back`` with the player's name. Both ways
    of asking read the answer through it: ``RelayClient.rejoin`` on a new connection, and the
    lobby's "Back to your game" on the connection it has. ``BadMessage`` if the answer is not
    a seat at the table, or the game so far is not a game."""

    def __init__(self, started: dict[str, Any]) -> None:
        try:
            seat = seat_of(started)
        except BadRelayMessage as error:
            raise BadMessage(str(error), "game_started") from None
        if seat is None:
            raise BadMessage("game_started after rejoin gave no seat", "game_started")
        self.started = started
        self.name = str(started["players"][seat])
        """The player's name at the table: the ``back`` that ends the game so far is theirs."""
        self.players = len(started["players"])
        self.told: list[Event] = []
        """The game so far, as the seat saw it."""

    def take(self, message: dict[str, Any]) -> bool:
        """A ``catch_up`` or ``back`` that follows the seat's ``game_started``: True once the
        player is back, and the game so far all told."""
        if message["kind"] == "back":
            return bool(message["name"] == self.name)
        if message["kind"] == "catch_up":
            self.told += [event for raw in message["events"]
                          if (event := _seat_event(raw, self.players)) is not None]
        return False


class RelayClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.connection = Connection(None, limited=False, max_line=MAX_RELAY_LINE)
        self.pending: deque[dict[str, Any] | BadMessage] = deque()
        self.name = ""
        self.closed = False
        self.record: bytearray | None = None
        """Every byte received, when recording (``connect(record=True)``)."""
        self.guest = True
        """Whether the relay knows this player as a guest, not by an account."""
        self.token: str | None = None
        """A login token the relay gave, to keep for logging in next time."""
        self.registered = False
        """Whether this connection registered the player's name."""
        self.keeps_accounts = False
        """Whether the relay keeps accounts (and so ratings and games)."""
        self.moderator = False
        """Whether this player is one of the relay's moderators."""
        self.ssl: SSLContext | None = None
        """The TLS context connections are made with, a move's too."""
        self.moves = 0
        """How many times a cluster has sent this player on (``moved``)."""
        self.kept_token: str | None = None
        """The login token this client has (given now, or kept from before): a logout forgets
        it."""
        self.listening: dict[str, Any] | None = None
        """How the player listens, as last told to the relay (``listen``)."""
        self.hears = False
        """Whether the relay takes ``hearing`` (its hello says so): an older one would refuse
        it, and that refusal could be taken for the answer to what comes next."""
        self.takes_heard = False
        """Whether the relay takes ``heard`` (its hello says so): one that takes ``hearing``
        alone would refuse it, and close the connection after ten."""
        self.events_received = 0
        """How many ``event`` messages this connection has handed on (``receive``), whether or
        not they could be read: what a ``heard`` counts."""
        self.events_heard = 0
        """The count the last ``heard`` named, on this connection."""
        self.reach = _reach_of_peer(writer)
        """How near the relay the player chose is (``net.reach``): no move goes nearer."""
        self.asked: dict[str, Any] | None = None
        """The last request a cluster may move the player for, as sent (``MOVABLE``)."""
        self.hops = 0
        """Moves followed for ``asked``."""
        self.on_move: Callable[[str, int], None] | None = None
        """Told the host and port of each move followed, before it is made."""

    @classmethod
    async def connect(cls, host: str, port: int, name: str, *, timeout: float = 10.0,
                      record: bool = False, ssl: SSLContext | None = None,
                      login: Login | None = None, opener: Opener = by_network
                      ) -> RelayClient:
        """Connect and say hello, as a guest or as ``login`` says; raise ``RelayError`` (its
        ``code`` the relay's) if the relay refuses. With ``ssl`` (a client context,
        ``tls.client_context``) over TLS: a certificate that fails verification is
        ``ssl.SSLCertVerificationError``. ``guest`` and ``token`` say how it went: a token is
        the one to keep for next time. ``opener`` is the way to the relay: over the network
        unless told (``door``)."""
        reader, writer = await asyncio.wait_for(opener(host, port, ssl), timeout)
        client = cls(reader, writer)
        client.ssl = ssl
        if record:
            client.record = bytearray()
        greeting: dict[str, Any] = {"version": PROTOCOL_VERSION, "name": name,
                                    "client": "audiospoons"}
        kind = "hello"
        if login is not None and login.password is not None:
            kind = "register" if login.register else "login"
            greeting["password"] = login.password
        elif login is not None and login.token is not None:
            greeting["token"] = login.token
        client.send(kind, **greeting)
        reply = await client.expect("hello", "error", timeout=timeout)
        if reply["kind"] == "error":
            await client.close()
            raise RelayError(reply["message"], reply["code"])
        client.name = reply["name"]
        client.guest = reply.get("guest", True)
        client.token = reply.get("token")
        client.registered = kind == "register"
        client.keeps_accounts = "guest" in reply
        client.moderator = bool(reply.get("moderator", False))
        client.hears = bool(reply.get("hearing", False))
        client.takes_heard = bool(reply.get("heard", False))
        client.kept_token = client.token or (login.token if login is not None else None)
        return client

    def listen(self, rate: int, verbosity: str) -> None:
        """Tell the relay how the player listens, their reader's words a minute and how much
        the game says, and, where it takes ``heard``, that this client will say when the player
        has heard what the table sent, so that the table's bots wait for it. Told again to
        wherever a cluster sends the player."""
        self.listening = {"rate": min(max(rate, SLOWEST_RATE), FASTEST_RATE),
                          "verbosity": verbosity}
        self._tell_hearing()

    def _tell_hearing(self) -> None:
        """``hearing``, to a relay that takes it; with ``heard`` to one that takes that too (an
        older one would refuse the field)."""
        assert self.listening is not None
        if self.hears:
            self.send("hearing", **self.listening, **({"heard": True} if self.takes_heard
                                                      else {}))

    def heard(self) -> None:
        """Tell the relay that the player has heard every event handed on so far, if they have
        not been told so already and this client said it would (``listen``)."""
        if (self.takes_heard and self.listening is not None
                and self.events_received > self.events_heard):
            self.events_heard = self.events_received
            self.send("heard", events=self.events_heard)

    def send(self, kind: str, **fields: Any) -> None:
        if kind in MOVABLE:
            self.asked, self.hops = {"kind": kind, **fields}, 0
        if not self.closed:
            self.writer.write(encode(kind, **fields))

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the relay, checked and cleaned (pings are answered, not
        returned; kinds this client does not know are left out). ``BadMessage`` for one that
        is not as the protocol says: the next call goes on after it."""
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
                if isinstance(item, ProtocolError) and item.fatal:
                    raise RelayError(f"the relay sent {item.code}: {item.message}")
                if isinstance(item, ProtocolError):
                    self.pending.append(BadMessage(f"the relay sent {item.code}: "
                                                   f"{item.message}"))
                else:
                    self._keep(item)
        message = self.pending.popleft()
        if (message.kind if isinstance(message, BadMessage) else message["kind"]) == "event":
            self.events_received += 1
        if isinstance(message, BadMessage):
            raise message
        if message["kind"] == "moved":
            await self._follow(message)
            return await self.receive(None if deadline is None
                                      else max(0.0, deadline - loop.time()))
        return message

    async def _follow(self, moved: dict[str, Any]) -> None:
        """The relay is a cluster, and sends this player on (``moved``): to the room process
        that runs a room, or back to the front's lobby. A new connection there, a hello with
        the ticket, and then what the player had asked for, asked again.

        A relay is not trusted to send the player anywhere: only in answer to a request a
        cluster moves for, or back to the lobby (the ``then`` it names must be of the kind
        asked, or ``list_rooms``, and what is asked again is the player's own request, not the
        relay's), at most ``MOST_HOPS`` times for one request, to an address (a host name's
        every address) no nearer the player's machine than the relay they chose. Else
        ``MoveRefused``, and this connection is closed."""
        host, port = str(moved["host"]), int(moved["port"])
        try:
            host = checked_host(host)
            if port > 65535:
                raise AddressRefused("port", str(port))
            then = moved.get("then")
            if then is not None:
                then = self.asked if self.asked and then["kind"] == self.asked["kind"] else (
                    LOBBY if then["kind"] == LOBBY["kind"] else None)
                if then is None:
                    raise MoveRefused("unasked", host, port)
            elif self.asked is None:
                raise MoveRefused("unasked", host, port)
            if self.hops >= MOST_HOPS:
                raise MoveRefused("hops", host, port)
            found = await asyncio.wait_for(asyncio.get_running_loop().getaddrinfo(
                host, port, type=socket.SOCK_STREAM), MOVE_WAIT)
            places = [str(address[4][0]) for address in found]
            if not places or any(reach_of(place) < self.reach for place in places):
                raise MoveRefused("nearer", host, port)
        except AddressRefused:
            await self.close()
            raise MoveRefused("address", host, port) from None
        except MoveRefused:
            await self.close()
            raise
        self.hops += 1
        if self.on_move is not None:
            self.on_move(host, port)
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            places[0], port, ssl=self.ssl, server_hostname=host if self.ssl else None),
            MOVE_WAIT)
        old = self.writer
        self.reader, self.writer = reader, writer
        self.connection = Connection(None, limited=False, max_line=MAX_RELAY_LINE)
        self.pending.clear()
        self.events_received = self.events_heard = 0
        old.close()
        self.send("hello", version=PROTOCOL_VERSION, name=self.name, ticket=moved["ticket"],
                  client="audiospoons")
        reply = await self.expect("hello", "error", timeout=MOVE_WAIT)
        if reply["kind"] == "error":
            raise RelayError(reply["message"], reply["code"])
        self.moves += 1
        self.hears = bool(reply.get("hearing", False))
        self.takes_heard = bool(reply.get("heard", False))
        if self.listening is not None:
            self._tell_hearing()
        if then is not None:
            self.writer.write(encode(then["kind"], **{key: value for key, value
                                                       in then.items() if key != "kind"}))

    def _keep(self, message: Message) -> None:
        try:
            body = read_message(message.body)
        except BadRelayMessage as error:
            self.pending.append(BadMessage(f"the relay sent a bad message: {error}",
                                           error.kind))
            return
        if body is None:
            return
        if body["kind"] == "ping":
            self.send("pong", t=body["t"])
            return
        self.pending.append(body)

    async def expect(self, *kinds: str, timeout: float = 10.0,
                     where: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        """The next message of one of ``kinds`` (and for which ``where`` holds), skipping
        others. A bad message of one of ``kinds`` is ``BadMessage``; others are skipped."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                message = await self.receive(max(0.0, deadline - loop.time()))
            except BadMessage as bad:
                if bad.kind in kinds:
                    raise
                continue
            if message["kind"] in kinds and (where is None or where(message)):
                return message

    async def rejoin(self, token: str, timeout: float = 10.0
                     ) -> tuple[dict[str, Any], list[Event]]:
        """Take back the seat ``token`` holds: its ``game_started`` message (with the seat's
        new token) and the game so far as the seat saw it. ``SeatRefused`` if it is not held;
        ``BadMessage`` if the answer is not a seat at the table, or the game so far is not a
        game."""
        self.send("rejoin", token=token)
        started = await self.expect("game_started", "error", timeout=timeout)
        if started["kind"] == "error":
            raise SeatRefused(started["message"], started.get("code"))
        back = SeatBack(started)
        self.name = back.name
        while not back.take(await self.expect("catch_up", "back", timeout=timeout)):
            pass
        return started, back.told

    async def close(self) -> None:
        self.closed = True
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


def _reach_of_peer(writer: asyncio.StreamWriter) -> Reach:
    """How near the other end of ``writer`` is; the Internet when that cannot be told, so that
    no move goes nearer than it."""
    peer = writer.get_extra_info("peername")
    try:
        return reach_of(str(peer[0]))
    except (TypeError, IndexError, ValueError):
        return Reach.PUBLIC


def _seat_event(raw: object, players: int) -> Event | None:
    """An event of the game so far at a table of ``players`` (None for a kind this client does
    not know, as a newer relay may send more), or ``BadMessage``."""
    try:
        return read_event(raw, players)
    except BadRelayMessage as error:
        raise BadMessage(f"the relay sent a bad event: {error}", "catch_up") from None
