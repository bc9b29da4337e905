"""What a connection that said hello and then nothing holds in the relay: no task of its own
beside the one reading it (its pings and deadlines are one timer), and no round trips kept
before its first pong."""

from __future__ import annotations

import asyncio

from test_relay import with_relay
from test_relay_faults import Raw

from audiospoons.net.server import Relay

IDLE = 5


def test_an_idle_connection_runs_only_its_reading_task_and_keeps_no_round_trips() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        before = len(asyncio.all_tasks())
        idle = [await Raw.open(port, f"idle{index}") for index in range(IDLE)]
        assert len(asyncio.all_tasks()) - before == IDLE
        assert len(relay.handlers) == IDLE
        assert all(client.trips.kept is None for client in relay.clients)
        for raw in idle:
            raw.writer.close()

    with_relay(scenario)


def test_an_idle_connection_keeps_its_fields_in_slots() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "idle")
        (client,) = relay.clients
        assert not hasattr(client, "__dict__")
        raw.writer.close()

    with_relay(scenario)
