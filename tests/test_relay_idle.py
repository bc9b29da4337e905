"""What a connection that said hello and then nothing holds in the relay as it listens
(``serving``): no task and no streams of its own (it is read in the loop's callbacks, and its
pings and deadlines are one timer), no round trips kept before its first pong, and its fields
in slots."""

from __future__ import annotations

import asyncio

from test_relay_faults import Raw

from audiospoons.net.server import Arrival, Relay

IDLE = 5


def test_idle_connections_run_no_task_and_keep_no_round_trips_or_dicts() -> None:
    async def main() -> None:
        relay = Relay()
        server = await asyncio.get_running_loop().create_server(relay.arrival, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        before = len(asyncio.all_tasks())
        idle = [await Raw.open(port, f"idle{index}") for index in range(IDLE)]
        assert len(asyncio.all_tasks()) == before
        assert len(relay.clients) == relay.arrivals == IDLE
        assert not relay.handlers
        for client in relay.clients:
            assert client.trips.kept is None
            assert not hasattr(client, "__dict__")
            assert isinstance(client.transport.get_protocol(), Arrival)
        for raw in idle:
            raw.writer.close()
        await relay.shut_down()
        assert relay.arrivals == 0
        server.close()
        await server.wait_closed()

    asyncio.run(main())
