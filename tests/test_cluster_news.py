"""What a cluster's processes tell one another through the directory, on a real redis-server:
a room process's news goes in one round trip, in the order it came, and the lobby's channel is
heard only by the fronts, which list the rooms; the room processes, which do not, are not sent
every room's news."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis
from redisserver import redis_server
from test_cluster import Cluster, with_cluster

from audiospoons.net.cluster.directory import CHAT, LOBBY, MODERATION, Directory, RoomEntry


def test_news_is_told_in_the_order_it_came() -> None:
    with redis_server() as redis:
        async def main() -> None:
            directory = Directory(redis.url)
            heard: list[tuple[str, dict[str, object]]] = []
            ready, all_heard = asyncio.Event(), asyncio.Event()

            def hear(channel: str, message: dict[str, object]) -> None:
                heard.append((channel, message))
                if len(heard) == 3:
                    all_heard.set()

            listening = asyncio.create_task(directory.listen(hear, ready))
            await asyncio.wait_for(ready.wait(), 10.0)
            await directory.put_rooms([RoomEntry(5, "p", {"room": 5}, "g")])
            await directory.tell([
                RoomEntry(7, "p", {"room": 7}, "g"),
                (LOBBY, {"kind": "room_listed", "room": {"room": 7}}),
                5, (LOBBY, {"kind": "room_unlisted", "room": 5}),
                (CHAT, {"name": "Ann", "text": "hi"})])
            await asyncio.wait_for(all_heard.wait(), 10.0)
            assert heard == [(LOBBY, {"kind": "room_listed", "room": {"room": 7}}),
                             (LOBBY, {"kind": "room_unlisted", "room": 5}),
                             (CHAT, {"name": "Ann", "text": "hi"})]
            assert [entry.number for entry in await directory.rooms()] == [7]
            listening.cancel()
            await asyncio.gather(listening, return_exceptions=True)
            await directory.close()

        asyncio.run(main())


def test_only_the_front_hears_the_lobby_channel_and_every_process_hears_chat_and_bans(
        ) -> None:
    async def scenario(running: Cluster) -> None:
        redis = Redis.from_url(running.redis.url, decode_responses=True)
        names = [f"audiospoons:{name}" for name in (LOBBY, CHAT, MODERATION)]
        counts = dict(await redis.pubsub_numsub(*names))
        assert [counts[name] for name in names] == [1, 3, 3]
        ann, bob = await running.connect("Ann"), await running.connect("Bob")
        await bob.expect("rooms")
        ann.send("create_room")
        room = (await ann.expect("room"))["room"]
        assert (await bob.expect("room_listed", timeout=5.0))["room"]["room"] == room
        assert await redis.keys("audiospoons:room:*") == [f"audiospoons:room:{room}"]
        await redis.aclose()
        for client in (ann, bob):
            await client.close()

    with_cluster(scenario)

