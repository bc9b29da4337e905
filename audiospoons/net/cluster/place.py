"""A process's place in a cluster: the cluster's front or one of its room processes, meeting
the others through the directory (Redis), taken once it listens and left when it stops. Only a
process given ``--redis`` loads this module (``serving``), and with it Redis's client."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from audiospoons.net.cluster.directory import HEARTBEAT, Directory
from audiospoons.net.cluster.front import ClusterFront
from audiospoons.net.cluster.member import RoomProcess
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.server import Relay


@dataclass(frozen=True, slots=True)
class Place:
    """The part a process took: ``role`` as the log names it, and what leaves the cluster."""

    role: str
    leave: Callable[[], Awaitable[None]]


def cluster_relay(front: bool, settings: RelaySettings, admins: frozenset[int]) -> Relay:
    """The relay of a cluster's process: its front with ``front``, else a room process's."""
    kind = ClusterFront if front else Relay
    return kind(settings=settings, admins=admins)


async def take_place(relay: Relay, redis: str, public: str, heartbeat: float | None,
                     stop: asyncio.Event) -> Place:
    """Join the cluster whose directory is at ``redis`` as ``relay``, reached at ``public``
    (HOST:PORT), writing to the directory every ``heartbeat`` seconds (entries live three);
    a room process sets ``stop`` once it has drained (on SIGUSR1)."""
    beat = HEARTBEAT if heartbeat is None else heartbeat
    directory = Directory(redis, ttl=3 * beat)
    if isinstance(relay, ClusterFront):
        relay.directory, relay.address, relay.heartbeat = directory, public, beat
        await relay.start()
        return Place("front", relay.stop)
    host, _, port = public.rpartition(":")
    process = RoomProcess(relay, directory, host, int(port), heartbeat=beat,
                          on_drained=stop.set)
    relay.cluster = process
    await process.start()
    with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, process.drain)
    return Place("room process", process.stop)
