"""Running a relay: listening on a port, until asked to stop, as a lone relay or as one of a
cluster's processes (its front, or a room process), with the accounts, moderators and records
it was given."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import signal
from dataclasses import replace
from pathlib import Path
from ssl import SSLContext
from typing import TYPE_CHECKING, Protocol, cast

from audiospoons.net.accounts import Accounts
from audiospoons.net.descriptors import descriptor_cap
from audiospoons.net.eventloop import loop_name
from audiospoons.net.moderation import NoSuchModerator, moderator_accounts
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.server import Relay
from audiospoons.net.storage import StorageError

if TYPE_CHECKING:
    from audiospoons.net.door import RelayDoor

log = logging.getLogger("audiospoons.relay")

DEFAULT_SETTINGS = RelaySettings()


class NotServing(Exception):
    """The relay cannot serve as it was asked to: the sentence says why."""


class AccountStore(Protocol):
    """What ``accountstore`` is: where a relay given a database opens its accounts."""

    async def open_accounts(self, database: str) -> Accounts: ...

    async def cluster_accounts(self, database: str) -> Accounts: ...


class Place(Protocol):
    """A process's place in a cluster (``cluster.place.Place``)."""

    @property
    def role(self) -> str: ...

    async def leave(self) -> None: ...


class ClusterPlaces(Protocol):
    """What ``cluster.place`` is: how a process takes its place in a cluster."""

    def cluster_relay(self, front: bool, settings: RelaySettings,
                      admins: frozenset[int]) -> Relay: ...

    async def take_place(self, relay: Relay, redis: str, public: str, heartbeat: float | None,
                         stop: asyncio.Event) -> Place: ...


def account_store() -> AccountStore:
    """``accountstore``, loaded now: a relay keeping no accounts loads no database."""
    return cast(AccountStore, importlib.import_module("audiospoons.net.accountstore"))


def cluster_places() -> ClusterPlaces:
    """``cluster.place``, loaded now: a relay outside a cluster loads no Redis."""
    return cast(ClusterPlaces, importlib.import_module("audiospoons.net.cluster.place"))


async def kept_accounts(database: str, clustered: bool) -> Accounts:
    """The accounts kept in ``database``. A cluster's process, unlike a lone relay, does not
    serve with guests alone, as the players the other processes send it are their accounts:
    ``NotServing`` if its database will not open."""
    store = account_store()
    if not clustered:
        return await store.open_accounts(database)
    try:
        return await store.cluster_accounts(database)
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
    accounts = None
    if database is not None:
        accounts = await kept_accounts(database, clustered=redis is not None)
    try:
        moderators = await moderator_accounts(None if accounts is None else accounts.storage,
                                              admins)
    except NoSuchModerator:
        if accounts is not None:
            accounts.close()
            if accounts.storage is not None:
                await accounts.storage.close()
        raise
    places = None if redis is None else cluster_places()
    relay = (Relay(settings=settings, admins=moderators) if places is None
             else places.cluster_relay(front, settings, moderators))
    if accounts is not None:
        relay.keep_records(accounts, spool)
    server = await asyncio.get_running_loop().create_server(
        relay.arrival, host, port, ssl=ssl,
        ssl_handshake_timeout=None if ssl is None else handshake_timeout)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, stop.set)
    names = ", ".join(str(sock.getsockname()) for sock in server.sockets)
    place = None
    if places is not None and redis is not None:
        public = f"{advertise or host}:{server.sockets[0].getsockname()[1]}"
        place = await places.take_place(relay, redis, public, heartbeat, stop)
    log.info("%s listening on %s%s, for at most %d connections, on %s's event loop",
             "relay" if place is None else place.role, names,
             "" if ssl is None else " (TLS)", settings.max_connections, loop_name(loop))
    if door is not None:
        door.open(relay, server.sockets[0].getsockname()[1])
    if ready is not None:
        ready.set()
    async with server:
        await stop.wait()
    log.info("relay stopping")
    if door is not None:
        door.close()
    if place is not None:
        await place.leave()
    await relay.shut_down()
