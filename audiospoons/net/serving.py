"""Running a relay: listening on a port, until asked to stop, as a lone relay or as one of a
cluster's processes (its front, or a room process), with the accounts, moderators and records
it was given."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from dataclasses import replace
from pathlib import Path
from ssl import SSLContext

from audiospoons.net.accounts import Accounts, open_accounts
from audiospoons.net.cluster.directory import HEARTBEAT, Directory
from audiospoons.net.cluster.front import ClusterFront
from audiospoons.net.cluster.member import RoomProcess
from audiospoons.net.descriptors import descriptor_cap
from audiospoons.net.door import RelayDoor
from audiospoons.net.moderation import NoSuchModerator, moderator_accounts
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.server import Relay
from audiospoons.net.storage import Storage, StorageError

log = logging.getLogger("audiospoons.relay")

DEFAULT_SETTINGS = RelaySettings()


class NotServing(Exception):
    """The relay cannot serve as it was asked to: the sentence says why."""


async def cluster_accounts(database: str) -> Accounts:
    """The accounts of a cluster's process, kept in ``database``, its tables brought up to
    date; ``NotServing`` if it will not open. Unlike a lone relay, such a process does not
    serve with guests alone: the players the other processes send it are their accounts."""
    try:
        return Accounts(await Storage.open(database))
    except StorageError as error:
        raise NotServing(f"{error}; a process of a cluster does not serve without its"
                         " database") from None


async def serve(host: str, port: int, *, settings: RelaySettings = DEFAULT_SETTINGS,
                ready: asyncio.Event | None = None, stop: asyncio.Event | None = None,
                ssl: SSLContext | None = None, handshake_timeout: float = 10.0,
                database: str | None = None, admins: frozenset[str] = frozenset(),
                spool: Path | None = None, redis: str | None = None, front: bool = False,
                advertise: str | None = None, heartbeat: float | None = None,
                door: RelayDoor | None = None) -> None:
    """Run a relay until ``stop`` is set, or Ctrl+C or SIGTERM. With ``ssl`` (a server
    context, ``tls.server_context``) it speaks TLS only, and cuts off a client that has not
    finished the handshake in ``handshake_timeout`` seconds. Its ``settings``' connections are
    at most what the system's descriptors allow (``descriptor_cap``). With
    ``database`` (an SQLite file's path or a ``postgresql://`` URL) it keeps accounts there; a
    database that will not open is logged, and the relay runs with its accounts out of reach.
    It keeps every game played there too, and rates them; ``spool`` is the file that holds the
    games not yet kept when it stops with its database out of reach. ``admins`` are the names
    of the accounts that are moderators: a name no account has registered (or no database to
    look it up in) stops it before it listens, with ``NoSuchModerator``.

    With ``redis`` (a ``redis://`` URL) it is one of a cluster's processes (docs/scaling.md):
    a room process, or with ``front`` the cluster's front; ``advertise`` is the host players
    reach it at (``host`` unless given), ``heartbeat`` the seconds between its writes to the
    directory (entries live three heartbeats). Such a process does not serve if its
    ``database`` will not open or be brought up to date (``NotServing``). ``door`` is opened
    while it listens: the way in for the page served beside it."""
    settings = replace(settings,
                       max_connections=descriptor_cap(settings.max_connections))
    kind = ClusterFront if front else Relay
    accounts = None
    if database is not None:
        accounts = await (cluster_accounts(database) if redis is not None
                          else open_accounts(database))
    try:
        moderators = await moderator_accounts(None if accounts is None else accounts.storage,
                                              admins)
    except NoSuchModerator:
        if accounts is not None:
            accounts.close()
            if accounts.storage is not None:
                await accounts.storage.close()
        raise
    relay = kind(settings=settings, admins=moderators)
    if accounts is not None:
        relay.keep_records(accounts, spool)
    server = await asyncio.start_server(
        relay.handle, host, port, limit=1 << 16, ssl=ssl,
        ssl_handshake_timeout=None if ssl is None else handshake_timeout)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, stop.set)
    names = ", ".join(str(sock.getsockname()) for sock in server.sockets)
    beat = HEARTBEAT if heartbeat is None else heartbeat
    public = f"{advertise or host}:{server.sockets[0].getsockname()[1]}"
    process: RoomProcess | None = None
    if redis is not None:
        directory = Directory(redis, ttl=3 * beat)
        if isinstance(relay, ClusterFront):
            relay.directory, relay.address, relay.heartbeat = directory, public, beat
            await relay.start()
        else:
            host_part, _, port_part = public.rpartition(":")
            process = RoomProcess(relay, directory, host_part, int(port_part),
                                  heartbeat=beat, on_drained=stop.set)
            relay.cluster = process
            await process.start()
            with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):
                loop.add_signal_handler(signal.SIGUSR1, process.drain)
    role = "front" if isinstance(relay, ClusterFront) else "room process" if redis else "relay"
    log.info("%s listening on %s%s, for at most %d connections", role, names,
             "" if ssl is None else " (TLS)", settings.max_connections)
    if door is not None:
        door.open(relay, server.sockets[0].getsockname()[1])
    if ready is not None:
        ready.set()
    async with server:
        await stop.wait()
    log.info("relay stopping")
    if door is not None:
        door.close()
    if isinstance(relay, ClusterFront):
        await relay.stop()
    elif process is not None:
        await process.stop()
    await relay.shut_down()
