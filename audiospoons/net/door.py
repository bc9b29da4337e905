"""The way in to a relay from the web page served beside it in the same process
(``serve --web``).

A browser's session plays online through a client of its own, as a terminal does; but were that
client to connect to the relay over the network, the relay would see this machine's address for
every browser, and count, keep out and ban them all as one. Through the door, each of the
session's connections reaches the relay over a socket pair inside the process, carrying the
address the page's server saw on the browser's own socket: the relay treats it as a connection
from there, under every limit and rule that a connection from there meets. Only this process
opens the door; nothing the browser or anyone else sends can name the address.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from ssl import SSLContext
from typing import Protocol

from audiospoons.net.client import Opener, Streams, by_network

STREAM_LIMIT = 1 << 16
"""The relay's read buffer, as for a connection over the network."""
LINGER = 10.0
"""Seconds the relay's end of a connection it has closed waits for the other end to close."""


class Relay(Protocol):
    """What the door needs of its relay: to take a connection in."""

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                     address: str | None = None) -> None: ...


class RelayDoor:
    """The door of one relay, open once the relay listens (``open``) and closed as it stops."""

    def __init__(self) -> None:
        self._relay: Relay | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._port: int | None = None
        self._entering: set[asyncio.Task[None]] = set()
        """Each connection let in, kept until it ends."""

    def open(self, relay: Relay, port: int) -> None:
        """Let connections in to ``relay``, which listens on ``port`` on the running loop."""
        self._relay, self._loop, self._port = relay, asyncio.get_running_loop(), port

    def close(self) -> None:
        self._relay = self._loop = None

    def opener(self, address: str) -> Opener:
        """How a browser's session at ``address`` reaches relays: this one through the door,
        as ``address``; any other over the network."""

        async def reach(host: str, port: int, ssl: SSLContext | None) -> Streams:
            if port == self._port and await _this_machine(host):
                return await self.enter(address)
            return await by_network(host, port, ssl)

        return reach

    async def enter(self, address: str) -> Streams:
        """A connection to the relay, from any thread's loop, that the relay takes as one from
        ``address``; ``ConnectionRefusedError`` while the relay is not running."""
        relay, loop = self._relay, self._loop
        if relay is None or loop is None:
            raise ConnectionRefusedError("the relay is not running")
        ours, theirs = socket.socketpair()
        try:
            loop.call_soon_threadsafe(self._admit, relay, theirs, address)
        except RuntimeError:  # the relay's loop has closed
            ours.close()
            theirs.close()
            raise ConnectionRefusedError("the relay is not running") from None
        return await asyncio.open_connection(sock=ours)

    def _admit(self, relay: Relay, sock: socket.socket, address: str) -> None:
        """On the relay's loop: the door's end of a socket pair, as a connection from
        ``address``."""
        task = asyncio.get_running_loop().create_task(_relay_end(relay, sock, address))
        self._entering.add(task)
        task.add_done_callback(self._entering.discard)


async def _relay_end(relay: Relay, sock: socket.socket, address: str) -> None:
    """The relay's end of a connection through the door, for as long as it lasts; then, as TCP
    does once one side has closed, the other end reads what the relay sent and the end of it,
    and what it sends meanwhile is taken and left unread, until it closes too (``LINGER`` at
    most). A socket pair alone would refuse what it sends at once, and so lose the relay's last
    words (why it refused the connection) before they were read."""
    kept = sock.dup()
    try:
        reader, writer = await asyncio.open_connection(sock=sock, limit=STREAM_LIMIT)
        await relay.handle(reader, writer, address=address)
    finally:
        try:
            kept.setblocking(False)
            kept.shutdown(socket.SHUT_WR)
            async with asyncio.timeout(LINGER):
                while await asyncio.get_running_loop().sock_recv(kept, 4096):
                    pass
        except (OSError, TimeoutError):
            pass
        finally:
            kept.close()


async def _this_machine(host: str) -> bool:
    """Whether ``host`` names this machine: an address of its own (loopback or another it
    can bind), or a name for one."""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, None,
                                                             type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    return any(_own_address(str(info[4][0])) for info in found)


def _own_address(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.is_loopback:
        return True
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            return False
    return True
