"""The relay over real TCP sockets on 127.0.0.1: the lobby, a whole game between remote bots in
which no client ever receives another seat's cards, and a player who leaves mid-game."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable

import pytest

from audiospoons.bots.levels import Pace
from audiospoons.engine.cards import Card
from audiospoons.engine.events import CardsDealt, CardTaken, Event, GameOver, KnifeRedrawn
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.server import Relay
from audiospoons.net.wire import decode_event

FAST = Pace(card_mean=0.2, card_spread=0.03, reaction_mean=0.15, reaction_spread=0.03,
            card_floor=0.12, reaction_floor=0.08)
"""Quick, but within the relay's rate limit of ten messages a second."""
QUICK_GAME = {"hand_size": "3", "round_pause": "0.2", "grab_time_limit": "2"}

Scenario = Callable[[Relay, int], Awaitable[None]]


def with_relay(scenario: Scenario, timeout: float = 90.0) -> None:
    """Run ``scenario`` against a relay listening on a free port of 127.0.0.1."""

    async def main() -> None:
        relay = Relay()
        server = await asyncio.start_server(relay.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            await asyncio.wait_for(scenario(relay, port), timeout)
        finally:
            relay.close()
            if relay.handlers:
                await asyncio.wait(set(relay.handlers), timeout=2.0)
            server.close()
            await server.wait_closed()

    asyncio.run(main())


async def connect(port: int, name: str) -> RelayClient:
    return await RelayClient.connect("127.0.0.1", port, name)


async def recording(port: int, name: str) -> RelayClient:
    """A client that keeps every byte the relay sends it, from its hello on."""
    return await RelayClient.connect("127.0.0.1", port, name, record=True)


def test_the_lobby_lists_rooms_and_refuses_what_is_out_of_place() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await connect(port, "Ann"), await connect(port, "Bob")
        assert (await bob.expect("rooms"))["rooms"] == []
        ann.send("create_room", name="Kitchen", preset="pig")
        room = await ann.expect("room")
        assert room["host"] == "Ann" and room["options"]["signal"] == "true"
        listed = await bob.expect("rooms")
        assert listed["rooms"] == [{"room": room["room"], "name": "Kitchen", "players": 1,
                                    "playing": False, "password": False}]
        bob.send("start")
        assert (await bob.expect("error"))["code"] == "no-room"
        bob.send("join_room", room=room["room"])
        assert [s["name"] for s in (await bob.expect("room"))["seats"]] == ["Ann", "Bob"]
        bob.send("add_bot")
        assert (await bob.expect("error"))["code"] == "not-host"
        ann.send("add_bot", level="expert")
        seats = (await ann.expect("room", where=lambda m: len(m["seats"]) == 3))["seats"]
        assert seats[2] == {"name": "Andrew", "bot": "expert", "ready": False}
        ann.send("start")
        assert (await ann.expect("error"))["message"] == "not ready yet: Bob"
        bob.send("command", command={"kind": "take"})
        assert (await bob.expect("error"))["code"] == "out-of-place"
        bob.send("chat", text="ready \u202ewhen you are\x07")
        chat = await ann.expect("chat")
        assert chat == {"kind": "chat", "scope": "room", "name": "Bob",
                        "text": "ready when you are"}
        await ann.close()
        await bob.close()

    with_relay(scenario)


def test_names_are_cleaned_and_unique_by_how_they_sound() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        with pytest.raises(RelayError, match="control or format"):
            await connect(port, "Ann\u200b")
        with pytest.raises(RelayError, match="at most 20"):
            await connect(port, "A" * 21)
        ann = await connect(port, "  Ann  ")
        assert ann.name == "Ann"
        ann.send("create_room", password="spoons")
        room = (await ann.expect("room"))["room"]
        twin = await connect(port, "A.N.N.")
        twin.send("join_room", room=room, password="spoons")
        assert (await twin.expect("error"))["code"] == "name-taken"
        bob = await connect(port, "Bob")
        bob.send("join_room", room=room, password="forks")
        assert (await bob.expect("error"))["code"] == "password"
        bob.send("join_room", room=room, password="spoons")
        assert [s["name"] for s in (await bob.expect("room"))["seats"]] == ["Ann", "Bob"]
        for client in (ann, twin, bob):
            await client.close()

    with_relay(scenario)


def _cards_in(event: Event) -> set[Card]:
    found: set[Card] = set()
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, tuple):
            found |= {item for item in value if isinstance(item, Card)}
    return found


def test_a_whole_game_between_remote_bots_and_nobody_hears_another_seats_cards() -> None:
    """Three bots play a game through the relay, each from its own connection. Every card in
    all the bytes a client received was a card in that seat's own hand."""

    async def scenario(relay: Relay, port: int) -> None:
        names = ["Ann", "Bob", "Cy"]
        clients = [await recording(port, name) for name in names]
        host = clients[0]
        host.send("create_room", options=QUICK_GAME)
        room = (await host.expect("room"))["room"]
        for client in clients[1:]:
            client.send("join_room", room=room)
            await client.expect("room")
            client.send("ready", ready=True)
        await asyncio.sleep(0.2)
        truth: list[Event] = []
        relay.rooms[room].watchers.append(lambda game, events: truth.extend(events))
        host.send("start")
        started = [await client.expect("game_started") for client in clients]
        results = await asyncio.gather(*(
            play_seat(client, start, seed=seat, pace=FAST)
            for seat, (client, start) in enumerate(zip(clients, started, strict=True))))
        for seat, (client, result) in enumerate(zip(clients, results, strict=True)):
            assert result.over and isinstance(result.events[-1], GameOver)
            own: set[Card] = set()
            for event in truth:
                if isinstance(event, CardsDealt | CardTaken | KnifeRedrawn) and \
                        event.seat == seat:
                    own |= _cards_in(event)
            assert client.record is not None
            lines = bytes(client.record).decode("utf-8").splitlines()
            heard = [decode_event(json.loads(line)["event"]) for line in lines
                     if json.loads(line)["kind"] == "event"]
            assert heard[:len(result.events)] == result.events[:len(heard)]
            for event in heard:
                assert _cards_in(event) <= own, (seat, event)
            assert any(_cards_in(event) for event in heard)
        winners = {result.events[-1].winners for result in results}  # type: ignore[attr-defined]
        assert len(winners) == 1
        for client in clients:
            await client.close()

    with_relay(scenario)


def test_a_player_who_leaves_mid_game_is_played_on_by_a_bot() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob, cy = [await connect(port, name) for name in ("Ann", "Bob", "Cy")]
        ann.send("create_room", options=QUICK_GAME)
        room = (await ann.expect("room"))["room"]
        for client in (bob, cy):
            client.send("join_room", room=room)
            client.send("ready", ready=True)
        await asyncio.sleep(0.3)
        ann.send("start")
        started = [await client.expect("game_started") for client in (ann, bob, cy)]
        await cy.close()
        results = await asyncio.gather(play_seat(ann, started[0], pace=FAST),
                                       play_seat(bob, started[1], seed=1, pace=FAST))
        assert all(result.over for result in results)
        state = await ann.expect("room", where=lambda m: not m["playing"])
        assert [seat["name"] for seat in state["seats"]] == ["Ann", "Bob"]
        assert relay.rooms[room].table is None
        await ann.close()
        await bob.close()

    with_relay(scenario)
