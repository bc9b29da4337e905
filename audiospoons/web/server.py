"""``audiospoons web``: the page and its WebSocket, each connection a session of its own.

A connection opens with the page's ``hello`` (its languages and the settings it kept); the
session then runs in a thread, as it does at a terminal, reading the keys the page sends and
sending back what to say and what to play. When the player quits, the page is told ``end``; when
the page goes, the session is held for it to come back (``held``), and ends, at its next read of
the keys, if it does not, or at once if the page closed its socket as one done with it. What the
page sends is checked: anything that is not a message of the protocol, or a key that names no
key, is left out.

Only the page's own origin gets a session (``origins``); the server holds as many connections
and sessions as its descriptors allow, and as many from one network as ``admission`` lets one
have; a session idle for ``IDLE_LIMIT`` is ended; and Play online reaches only the relays
``relays`` allows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from ssl import SSLContext

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response

from audiospoons.net.client import by_network
from audiospoons.net.door import RelayDoor
from audiospoons.net.fairness import RoundTrips
from audiospoons.net.kernelrtt import min_rtt
from audiospoons.voice.i18n import messages
from audiospoons.web.admission import MAX_SESSIONS, Admission, Refusal, connection_cap
from audiospoons.web.files import page_file
from audiospoons.web.held import HeldSessions, SessionOutbox, WebSession
from audiospoons.web.origins import host_name, origin_allowed
from audiospoons.web.relays import RelayPolicy, loopback_only
from audiospoons.web.session import browser_settings, page_language, run_session
from audiospoons.web.sessionclock import SessionClock
from audiospoons.web.terminal import IDLE_LIMIT, WebKeys

SOCKET_PATH = "/play"
MESSAGE_LIMIT = 64 * 1024
"""The largest message a page may send (its settings are the largest): a larger one closes the
connection."""
HELLO_WAIT = 10.0
"""Seconds a new connection has to say hello."""
PING_EVERY = 3.0
"""Seconds between the pings that measure the page's round trips, for dating its keys."""
quiet = logging.getLogger("audiospoons.web.connections")
"""The connections' own log: each one opened and closed is not worth a line (a flood would fill
the log); only warnings are kept."""
quiet.setLevel(logging.WARNING)


def serve_file(connection: ServerConnection, request: Request) -> Response:
    """One of the page's files over plain HTTP."""
    found = page_file(request.path)
    if found is None:
        return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")
    headers = Headers({"Content-Type": found.content_type, "Content-Length": str(len(found.body)),
                       "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})
    return Response(HTTPStatus.OK, "OK", headers, found.body)


@dataclass(slots=True)
class WebServer:
    """What the host decided (the relays, the other origins, the limits), and the connections
    and sessions open."""

    admission: Admission
    relays: RelayPolicy = field(default_factory=RelayPolicy)
    allow_origins: tuple[str, ...] = ()
    scheme: str = "http"
    tls_relay_port: int | None = None
    """The port of the relay served beside the page over TLS, reached at the page's name."""
    idle_limit: float = IDLE_LIMIT
    loopback: bool = False
    """Whether the server listens on loopback alone (``relays``, ``origins``)."""
    door: RelayDoor | None = None
    """The way in to the relay served beside the page, through which a browser's player
    reaches it as from the browser's own address."""
    held: HeldSessions = field(default_factory=HeldSessions)
    """The sessions by their resume tokens, those whose page is away among them."""
    _endings: set[asyncio.Task[None]] = field(default_factory=set)
    """The ends of sessions whose page did not come back, under way."""

    def connection_kind(self) -> type[ServerConnection]:
        """Connections counted from the moment they are accepted: one beyond the limits is
        closed at once, so that the server never runs out of descriptors."""
        admission = self.admission

        class Counted(ServerConnection):
            group: str | None = None

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                self.group = admission.connect(str(peer[0]) if isinstance(peer, tuple)
                                               else "?")
                if self.group is None and isinstance(transport, asyncio.Transport):
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.group is not None:
                    admission.disconnect(self.group)
                    self.group = None
                super().connection_lost(exc)

        return Counted

    def process_request(self, connection: ServerConnection, request: Request
                        ) -> Response | None:
        """The page's files; the socket's path only to the page's own origin."""
        if request.path.split("?", 1)[0] != SOCKET_PATH:
            return serve_file(connection, request)
        if origin_allowed(request.headers.get("Origin"), request.headers.get("Host"),
                          scheme=self.scheme, allowed=self.allow_origins,
                          loopback_only=self.loopback):
            return None
        return connection.respond(HTTPStatus.FORBIDDEN, "Not this page's origin\n")

    def page_relays(self, host: str | None) -> RelayPolicy:
        """The relays a page served at ``host`` reaches: with a relay beside over TLS, it at
        that name first."""
        if self.tls_relay_port is None or not host:
            return self.relays
        name = host_name(host)
        name = f"[{name}]" if ":" in name else name
        return self.relays.with_relay(f"tls://{name}:{self.tls_relay_port}")

    async def play(self, connection: ServerConnection) -> None:
        """One browser: its hello, then, if it brings back a held session, that session; else,
        if a session may start, a new one; if not, why not."""
        try:
            hello = json.loads(await asyncio.wait_for(connection.recv(), HELLO_WAIT))
        except (TimeoutError, ConnectionClosed, ValueError):
            return
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await connection.close(1008, "a session starts with hello")
            return
        origin = connection.request.headers.get("Origin") if connection.request else None
        held = self.held.claim(hello.get("resume"), origin)
        if held is not None:
            await self._attach(connection, held, back=True)
            return
        group = getattr(connection, "group", None) or "?"
        refusal = self.admission.start(group)
        if refusal is not None:
            m = messages(page_language(browser_settings(hello.get("settings"))[0],
                                       hello.get("languages")))
            text = m.tr("web.full") if refusal is Refusal.FULL else m.tr("web.too.many")
            with contextlib.suppress(ConnectionClosed):
                await connection.send(json.dumps({"type": "say", "urgent": True,
                                                  "text": text}))
                await connection.send(json.dumps({"type": "end"}))
                await connection.close()
            return
        session = self._start(connection, hello, group, origin)
        await self._attach(connection, session, back=False)

    def _start(self, connection: ServerConnection, hello: dict[str, object], group: str,
               origin: str | None) -> WebSession:
        """A new session, counted against ``group`` until it ends, its thread started."""
        clock = SessionClock()
        keys = WebKeys(clock, idle_limit=self.idle_limit, stopped=lambda: clock.stopped)
        outbox = SessionOutbox(asyncio.get_running_loop())
        relays = self.page_relays(connection.request.headers.get("Host")
                                  if connection.request else None)
        peer = connection.remote_address
        opener = by_network if self.door is None else self.door.opener(
            str(peer[0]) if isinstance(peer, tuple) else "?")

        def session() -> None:
            try:
                run_session(hello, keys, outbox, relays=relays, opener=opener, clock=clock)
            finally:
                outbox.finish()

        thread = threading.Thread(target=session, name="web session", daemon=True)
        thread.start()
        return WebSession(keys, clock, outbox, thread, group, origin)

    async def _attach(self, connection: ServerConnection, session: WebSession, *,
                      back: bool) -> None:
        """``session`` on ``connection`` (ending the socket it was on, if any) until one of
        them ends: when the socket goes first, the session is held (``held``)."""
        replaced, session.socket = session.socket, connection
        if session.sender is not None:
            session.sender.cancel()
        if session.expiry is not None:
            session.expiry.cancel()
            session.expiry = None
        if replaced is not None:
            self._endings.add(asyncio.create_task(_dismiss(replaced)))
        missed, ended = session.outbox.missed() if back else ([], False)
        try:
            await connection.send(json.dumps({"type": "resume",
                                              "token": self.held.issue(session)}))
            if back:
                await _welcome_back(connection, session.outbox, missed)
            if ended:
                await connection.send(json.dumps({"type": "end"}))
                await connection.close()
        except ConnectionClosed:
            pass
        if ended:
            await self._end(session)
            return
        session.clock.restart()
        sender = session.sender = asyncio.create_task(_send_all(connection, session.outbox))
        pinger = asyncio.create_task(_measure_trips(connection, session.keys.times.trips))
        try:
            async for raw in connection:
                _take(raw, session.keys)
        except ConnectionClosed:
            pass
        finally:
            pinger.cancel()
            if (sender.done() and not sender.cancelled() and sender.result()) or (
                    session.socket is connection and _left(connection)):
                sender.cancel()
                await self._end(session)
            elif session.socket is connection:
                sender.cancel()
                self._hold(session)

    def _hold(self, session: WebSession) -> None:
        """The page has gone: its session waits for it, its game's clock standing still, for
        ``held.hold`` seconds, then ends."""
        session.socket = session.sender = None
        session.clock.stop()
        session.expiry = asyncio.get_running_loop().call_later(
            self.held.hold, lambda: self._endings.add(asyncio.create_task(self._end(session))))

    async def _end(self, session: WebSession) -> None:
        """The session is over: its thread ended, what it held let go, its place free."""
        if session.ended:
            return
        session.ended = True
        self.held.forget(session)
        if session.expiry is not None:
            session.expiry.cancel()
        session.keys.close()
        await asyncio.to_thread(session.thread.join)
        session.keys.release()
        self.admission.end(session.group)
        self._endings = {task for task in self._endings if not task.done()}


async def _dismiss(replaced: ServerConnection) -> None:
    """A socket whose session another page has taken: its page is told the game has ended
    there (without the new page waiting for its goodbye)."""
    with contextlib.suppress(ConnectionClosed):
        await replaced.send(json.dumps({"type": "end"}))
        await replaced.close()


def _left(connection: ServerConnection) -> bool:
    """Whether the page closed its socket as one done with its session (a normal closure, as a
    program closes it; a browser's page that goes away says so, and is held)."""
    closing = connection.protocol.close_rcvd
    return closing is not None and closing.code == CloseCode.NORMAL_CLOSURE


async def _welcome_back(connection: ServerConnection, outbox: SessionOutbox,
                        missed: list[str]) -> None:
    """A page that came back is set up as the session's (its language, voice and settings),
    told it is back, and given the last lines it missed."""
    for message in outbox.setup():
        await connection.send(json.dumps(message))
    back = messages(outbox.language).tr("web.back")
    await connection.send(json.dumps({"type": "say", "urgent": True, "text": back}))
    for line in missed:
        await connection.send(json.dumps({"type": "say", "urgent": False, "text": line}))


def _take(raw: str | bytes, keys: WebKeys) -> None:
    try:
        message = json.loads(raw)
    except ValueError:
        return
    if isinstance(message, dict) and message.get("type") == "key":
        label = message.get("label")
        if isinstance(label, str) and len(label) <= 40:
            keys.push(label, message.get("cue"), message.get("after"))


async def _measure_trips(connection: ServerConnection, trips: RoundTrips) -> None:
    """Ping the page now and every ``PING_EVERY`` seconds, keeping each round trip and the
    least one the connection's TCP stack has measured."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            trips.add(await (await connection.ping()))
            trips.floor = min_rtt(connection.transport)
            await asyncio.sleep(PING_EVERY)


async def _send_all(connection: ServerConnection, outbox: SessionOutbox) -> bool:
    """Send the session's messages to its page until the session ends (True: the page is told
    so) or the socket does (False)."""
    while True:
        message = await outbox.queue.get()
        try:
            if message is None:
                await connection.send(json.dumps({"type": "end"}))
                await connection.close()
                return True
            await connection.send(json.dumps(message))
        except ConnectionClosed:
            return message is None


async def serve_web(host: str, port: int, ready: Callable[[str], None] | None = None, *,
                    ssl: SSLContext | None = None, relay: str | None = None,
                    relays: Sequence[str] = (), tls_relay_port: int | None = None,
                    allow_origins: Sequence[str] = (), max_sessions: int | None = None,
                    per_address: int | None = None, idle_limit: float | None = None,
                    door: RelayDoor | None = None) -> None:
    """Serve the page at ``http://host:port/`` (``https`` with ``ssl``) until cancelled;
    ``ready`` is told the address once the port is open (``port`` 0 takes a free one).
    Play online reaches ``relay`` (the relay served beside the page, offered first, through
    ``door`` as from each browser's own address), the relay beside over TLS at
    ``tls_relay_port`` by the page's name, and ``relays``; with none of them and no other
    origin allowed, on loopback alone, any relay (``relays``). Sessions are given to the
    page's own origin and ``allow_origins``, at most ``max_sessions`` at once and
    ``per_address`` from one network (``admission``), each ended after ``idle_limit`` seconds
    with no key (``IDLE_LIMIT`` unless given)."""
    sessions = MAX_SESSIONS if max_sessions is None else max_sessions
    admission = Admission(connection_cap(sessions), sessions)
    if per_address is not None:
        admission.per_address = per_address
    web = WebServer(admission, RelayPolicy(((relay,) if relay else ()) + tuple(relays)),
                    tuple(allow_origins), "http" if ssl is None else "https", tls_relay_port,
                    IDLE_LIMIT if idle_limit is None else idle_limit, door=door)
    async with serve(web.play, host, port, process_request=web.process_request, ssl=ssl,
                     max_size=MESSAGE_LIMIT, create_connection=web.connection_kind(),
                     logger=quiet) as server:
        web.loopback = loopback_only(str(sock.getsockname()[0]) for sock in server.sockets)
        web.relays = RelayPolicy(web.relays.relays, anywhere=web.loopback and not (
            web.relays.relays or tls_relay_port or web.allow_origins))
        bound = next(iter(server.sockets)).getsockname()
        if ready is not None:
            ready(f"{web.scheme}://{bound[0]}:{bound[1]}/")
        await server.serve_forever()
