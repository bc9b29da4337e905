"""Many relay processes as one relay, on a real redis-server of the test's own: a front that
players connect to and room processes that run the rooms, over real sockets on 127.0.0.1.
Rooms open on the least busy process, the lobby lists them all, lobby chat reaches everyone,
players follow ``moved`` to a room and back, seats are taken back across processes, a version 1
client is told to upgrade, and Redis going away stops no game."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redisserver import RedisServer, redis_server
from test_relay import FAST, QUICK_GAME

from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.cluster.front import UPGRADE, ClusterFront
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.serving import serve

HEARTBEAT = 1.0
"""Seconds between a process's writes to the directory (its entries live three)."""


@dataclass
class Cluster:
    redis: RedisServer
    front_port: int
    processes: list[tuple[asyncio.Event, asyncio.Task[None]]]
    front: ClusterFront | None = None

    async def connect(self, name: str) -> RelayClient:
        return await RelayClient.connect("127.0.0.1", self.front_port, name)


async def _serving(port: int, redis: str, *, front: bool) -> tuple[asyncio.Event,
                                                                   asyncio.Task[None]]:
    ready, stop = asyncio.Event(), asyncio.Event()
    task = asyncio.create_task(serve("127.0.0.1", port, ready=ready, stop=stop, redis=redis,
                                     front=front, heartbeat=HEARTBEAT,
                                     settings=RelaySettings(per_address=100)))
    await asyncio.wait_for(ready.wait(), 20.0)
    return stop, task


@contextlib.asynccontextmanager
async def cluster(redis: RedisServer, processes: int = 2) -> AsyncIterator[Cluster]:
    from postgres import free_port

    front_port = free_port()
    started = [await _serving(free_port(), redis.url, front=False) for _ in range(processes)]
    started.append(await _serving(front_port, redis.url, front=True))
    try:
        yield Cluster(redis, front_port, started)
    finally:
        for stop, _ in started:
            stop.set()
        for _, task in started:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 15.0)


def with_cluster(scenario: Callable[[Cluster], Awaitable[None]], processes: int = 2,
                 timeout: float = 90.0) -> None:
    with redis_server() as redis:
        async def main() -> None:
            async with cluster(redis, processes) as running:
                await asyncio.wait_for(scenario(running), timeout)
        asyncio.run(main())


async def answer_pings(client: RelayClient) -> None:
    """Read what the relay sends, so that its pings are answered, until the connection ends."""
    with contextlib.suppress(RelayError):
        while True:
            await client.receive()


LISTING_WAIT = 20.0
"""How long the lobby may take to list what a test waits for."""


async def listed(client: RelayClient, wanted: Callable[[list[dict[str, Any]]], bool]
                 ) -> list[dict[str, Any]]:
    """The lobby's rooms, asked for each half heartbeat until they are as ``wanted`` (a room's
    entry is written again each heartbeat), for up to ``LISTING_WAIT`` seconds: a process kept
    busy may let an entry lapse for a heartbeat or two."""
    loop = asyncio.get_running_loop()
    until = loop.time() + LISTING_WAIT
    while True:
        client.send("list_rooms")
        rooms: list[dict[str, Any]] = (await client.expect("rooms"))["rooms"]
        if wanted(rooms):
            return rooms
        if loop.time() > until:
            raise AssertionError(f"the lobby never listed the rooms wanted: {rooms}")
        await asyncio.sleep(HEARTBEAT / 2)


def test_a_room_opens_on_a_process_the_lobby_lists_it_and_others_follow_to_it() -> None:
    async def scenario(running: Cluster) -> None:
        ann, bob, cy = [await running.connect(name) for name in ("Ann", "Bob", "Cy")]
        assert (await bob.expect("rooms"))["rooms"] == []
        ann.send("create_room", options=QUICK_GAME)
        room = await ann.expect("room")
        assert ann.moves == 1 and room["host"] == "Ann" and room["seats"][0]["name"] == "Ann"
        news = await bob.expect("room_listed", timeout=5.0)
        assert news["room"]["room"] == room["room"] and news["room"]["players"] == 1
        bob.send("join_room", room=room["room"])
        joined = await bob.expect("room")
        assert [seat["name"] for seat in joined["seats"]] == ["Ann", "Bob"]
        assert bob.moves == 1

        cy.send("chat", scope="lobby", text="anyone for spoons?")
        for client in (ann, bob, cy):
            heard = await client.expect("chat")
            assert (heard["scope"], heard["name"], heard["text"]) == (
                "lobby", "Cy", "anyone for spoons?")
        bob.send("chat", text="hi Ann")
        assert (await ann.expect("chat"))["text"] == "hi Ann"

        bob.send("leave_room")
        rooms = (await bob.expect("rooms"))["rooms"]
        assert bob.moves == 2, "back to the front's lobby"
        assert [r["room"] for r in rooms] == [room["room"]]
        await listed(bob, lambda rooms: [(r["room"], r["players"]) for r in rooms] == [
            (room["room"], 1)])  # the room's news of Bob leaving may come just after him
        for client in (ann, bob, cy):
            await client.close()

    with_cluster(scenario)


def test_rooms_spread_over_the_processes_and_games_play_on_each() -> None:
    async def scenario(running: Cluster) -> None:
        hosts = [await running.connect(name) for name in ("Ann", "Bob")]
        ports = set()
        for host in hosts:
            host.send("create_room", options=QUICK_GAME)
            await host.expect("room")
            ports.add(host.writer.get_extra_info("peername")[1])
            host.send("add_bot", level="easy")
            await host.expect("room", where=lambda m: len(m["seats"]) == 2)
        assert len(ports) == 2, "the second room went to the other, idle process"
        for host in hosts:
            host.send("start")
        started = [await host.expect("game_started") for host in hosts]
        answering: list[asyncio.Task[None]] = []

        async def play_and_stay(host: RelayClient, start: dict[str, Any]) -> bool:
            """Play the game, then keep answering the relay's pings: a host whose game ended
            first stays in its room, not dropped as silent, while the other game goes on."""
            result = await play_seat(host, start, pace=FAST, timeout=60.0)
            answering.append(asyncio.create_task(answer_pings(host)))
            return result.over

        over = await asyncio.gather(*(play_and_stay(host, start)
                                      for host, start in zip(hosts, started, strict=True)))
        assert all(over)
        watcher = await running.connect("Dee")
        rooms = await listed(watcher, lambda rooms: len(rooms) == 2
                             and not any(room["playing"] for room in rooms))
        assert sorted(room["players"] for room in rooms) == [2, 2]
        for task in answering:
            task.cancel()
        for client in (*hosts, watcher):
            await client.close()

    with_cluster(scenario)


def test_a_seat_is_taken_back_through_the_front_and_a_spectator_follows_to_the_game() -> None:
    async def scenario(running: Cluster) -> None:
        ann, bob = await running.connect("Ann"), await running.connect("Bob")
        ann.send("create_room", options={**QUICK_GAME, "word": "PIG"})
        room = (await ann.expect("room"))["room"]
        bob.send("join_room", room=room)
        await bob.expect("room")
        bob.send("ready", ready=True)
        await ann.expect("room", where=lambda m: m["seats"][-1]["ready"])
        ann.send("start")
        started = [await client.expect("game_started") for client in (ann, bob)]
        assert started[1]["token"].startswith(f"{room}-")
        watcher = await running.connect("Eve")
        watcher.send("spectate", room=room)
        assert (await watcher.expect("game_started"))["seat"] is None

        playing = asyncio.create_task(play_seat(ann, started[0], pace=FAST, timeout=60.0))
        bob.writer.transport.abort()
        back = await running.connect("Bob")
        resumed, _ = await back.rejoin(started[1]["token"])
        assert resumed["seat"] == 1 and resumed["resumed"] is True and back.moves == 1
        await asyncio.gather(playing, play_seat(back, resumed, pace=FAST, timeout=60.0))
        stranger = await running.connect("Cy")
        stranger.send("rejoin", token=f"{room + 99}-" + "ab" * 16)
        lost = await stranger.expect("error")
        assert (lost["code"], lost["message"]) == (
            "room-lost", f"the game in room {room + 99} was lost: the server that ran it"
            " stopped")
        for client in (ann, back, watcher, stranger):
            await client.close()

    with_cluster(scenario)


def test_a_version_1_client_is_told_to_upgrade_and_a_room_process_wants_the_front() -> None:
    async def scenario(running: Cluster) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", running.front_port)
        writer.write(b'{"kind": "hello", "version": 1, "name": "Old"}\n')
        line = await asyncio.wait_for(reader.readline(), 5.0)
        assert b'"code":"version"' in line and UPGRADE.encode() in line
        writer.close()
        ann = await running.connect("Ann")
        ann.send("create_room")
        await ann.expect("room")
        process_port = ann.writer.get_extra_info("peername")[1]
        try:
            await RelayClient.connect("127.0.0.1", process_port, "Bob")
        except RelayError as error:
            assert error.code == "use-front"
        else:
            raise AssertionError("a room process greeted a player with no ticket")
        await ann.close()

    with_cluster(scenario)


def test_redis_going_away_stops_no_game_and_new_rooms_wait_until_it_is_back() -> None:
    async def scenario(running: Cluster) -> None:
        ann = await running.connect("Ann")
        ann.send("create_room", options=QUICK_GAME)
        await ann.expect("room")
        ann.send("add_bot", level="easy")
        await ann.expect("room", where=lambda m: len(m["seats"]) == 2)
        ann.send("start")
        started = await ann.expect("game_started")
        running.redis.stop()
        bob = await running.connect("Bob")
        bob.send("create_room")
        refused = await bob.expect("error")
        assert refused["code"] == "directory-down"
        result = await play_seat(ann, started, pace=FAST, timeout=60.0)
        assert result.over, "the game played on without Redis"
        running.redis.start()

        await bob.close()
        for _ in range(20):
            # A new connection each try: a connection refused too often is closed.
            bob = await running.connect("Bob")
            bob.send("create_room")
            if (await bob.expect("room", "error"))["kind"] == "room":
                break
            await bob.close()
            await asyncio.sleep(HEARTBEAT / 2)
        else:
            raise AssertionError("no room opened once Redis was back")
        cy = await running.connect("Cy")
        await listed(cy, lambda rooms: len(rooms) == 2)
        for client in (ann, bob, cy):
            await client.close()

    with_cluster(scenario)


def test_razz_spoons_plays_across_the_cluster_and_rooms_from_one_address_are_counted() -> None:
    async def scenario(running: Cluster) -> None:
        from test_razz_relay import ONE_ROUND

        players = [await running.connect(name) for name in ("Ann", "Bob", "Cy")]
        ann = players[0]
        ann.send("create_room", game="razz", options=ONE_ROUND)
        room = await ann.expect("room")
        assert room["game"] == "razz"
        for client in players[1:]:
            client.send("join_room", room=room["room"])
            await client.expect("room")
            client.send("ready", ready=True)
        await ann.expect("room", where=lambda m: len(m["seats"]) == 3
                         and all(seat["ready"] for seat in m["seats"][1:]))
        ann.send("start")
        started = [await client.expect("game_started") for client in players]
        results = await asyncio.gather(*(
            play_seat(client, start, seed=seat, pace=FAST, timeout=80.0)
            for seat, (client, start) in enumerate(zip(players, started, strict=True))))
        assert all(result.over for result in results)
        assert len({result.events[-1] for result in results}) == 1

        hosts = [await running.connect(name) for name in ("Hal", "Ida", "Jo")]
        for host in hosts:
            host.send("create_room")
            await host.expect("room")
        late = await running.connect("Zed")
        await listed(late, lambda rooms: len(rooms) == 4)
        late.send("create_room")
        refused = await late.expect("error")
        assert (refused["code"], refused["message"]) == (
            "too-many-rooms", "at most 4 rooms from one address: close one first")
        for client in (*players, *hosts, late):
            await client.close()

    with_cluster(scenario, timeout=120.0)
