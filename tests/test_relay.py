"""The relay over real TCP sockets on 127.0.0.1: the lobby, a whole game between remote bots in
which no client ever receives another seat's cards, and a player who leaves mid-game."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

from audiospoons.bots.levels import BotPace
from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    Eliminated,
    GameOver,
    GameStarted,
    KnifeRedrawn,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.room import Room, Seat
from audiospoons.net.server import Relay
from audiospoons.net.wire import decode_event

FAST = BotPace(card_mean=0.2, card_spread=0.03, reaction_mean=0.15, reaction_spread=0.03,
            card_floor=0.12, reaction_floor=0.08)
"""Quick, but within the relay's rate limit of ten messages a second."""
QUICK_GAME = {"hand_size": "3", "round_pause": "0.2", "grab_time_limit": "2"}

Scenario = Callable[[Relay, int], Awaitable[None]]


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait, polling, until ``condition`` holds: a relay's state is read, not slept for, so a
    quick game cannot end during a guessed pause."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def with_relay(scenario: Scenario, timeout: float = 90.0,
               settings: RelaySettings | None = None) -> None:
    """Run ``scenario`` against a relay (with ``settings``) listening on a free port of
    127.0.0.1."""

    async def main() -> None:
        relay = Relay(settings=settings or RelaySettings())
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


async def three_seated(port: int, options: dict[str, str]
                       ) -> tuple[list[RelayClient], int, list[dict[str, Any]]]:
    """Ann, Bob and Cy at a game of Ann's room with ``options``: their clients, the room and
    each one's ``game_started``."""
    clients = [await connect(port, name) for name in ("Ann", "Bob", "Cy")]
    ann = clients[0]
    ann.send("create_room", options=options)
    room = (await ann.expect("room"))["room"]
    for client in clients[1:]:
        client.send("join_room", room=room)
        client.send("ready", ready=True)
    await ann.expect("room", where=lambda m: len(m["seats"]) == 3
                     and all(seat["ready"] for seat in m["seats"][1:]))
    ann.send("start")
    return clients, room, [await client.expect("game_started") for client in clients]


def test_the_lobby_lists_rooms_and_refuses_what_is_out_of_place() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await connect(port, "Ann"), await connect(port, "Bob")
        assert (await bob.expect("rooms"))["rooms"] == []
        ann.send("create_room", name="Kitchen", preset="pig")
        room = await ann.expect("room")
        assert room["host"] == "Ann" and room["options"]["signal"] == "true"
        listed = await bob.expect("room_listed")
        assert listed["room"] == {"room": room["room"], "name": "Kitchen", "players": 1,
                                  "bots": 0, "playing": False, "password": False,
                                  "game": "spoons"}
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
        (ann, bob, cy), room, started = await three_seated(port, QUICK_GAME)
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


def test_a_player_already_out_who_goes_is_told_as_gone_and_no_seat_is_held() -> None:
    """Bob grabs without a set and is out; then his connection dies. A seat out of the game is
    not one to take back: nothing is held for him, no bot is said to play for him, and the
    table is told only that he has left."""

    async def scenario(relay: Relay, port: int) -> None:
        (ann, bob, cy), room, _ = await three_seated(
            port, {**QUICK_GAME, "premature": "eliminate", "grab_time_limit": "0"})
        bob.send("command", command={"kind": "grab"})
        out = await ann.expect("event", where=lambda m: m["event"]["kind"] == "Eliminated")
        assert decode_event(out["event"]).seats == (1,)  # type: ignore[attr-defined]
        bob.writer.transport.abort()
        left = await ann.expect("left")
        assert left == {"kind": "left", "name": "Bob"}
        assert relay.rooms[room].seats[1].held_until is None
        assert relay.rooms[room].seats[1].token is None
        assert (await cy.expect("left")) == left
        for client in (ann, cy):
            await client.close()

    with_relay(scenario)


def test_a_lost_connection_keeps_the_seat_for_its_token_and_tells_the_game_so_far() -> None:
    """Cy's connection dies mid-game: a bot plays the seat, which is held for Cy's token. Cy
    comes back on a new connection, is told the game so far (their own hand among it), and
    plays to the end; the old token is spent, and a made-up one is refused."""

    async def scenario(relay: Relay, port: int) -> None:
        (ann, bob, cy), room, started = await three_seated(port, {**QUICK_GAME,
                                                                  "word": "PIG"})
        dealt_by = time.monotonic()
        tokens = [message["token"] for message in started]
        assert all(token.partition("-")[0] == str(room)
                   and len(bytes.fromhex(token.partition("-")[2])) == 16 for token in tokens)
        assert len(set(tokens)) == 3
        first = await play_seat(cy, started[2], seed=2, pace=FAST,
                                until=lambda event: isinstance(event, CardTaken))
        cy.writer.transport.abort()
        playing = asyncio.gather(play_seat(ann, started[0], pace=FAST),
                                 play_seat(bob, started[1], seed=1, pace=FAST))
        await until(lambda: relay.rooms[room].seats[2].held_until is not None)

        stranger = await connect(port, "Dee")
        stranger.send("rejoin", token=f"{room}-" + "00" * 16)
        assert (await stranger.expect("error"))["code"] == "no-seat"
        back = await connect(port, "Cyrus")
        asked = time.monotonic()
        resumed, told = await back.rejoin(tokens[2])
        assert resumed["seat"] == 2 and resumed["resumed"] is True
        assert back.name == "Cy" and resumed["token"] != tokens[2]
        assert resumed["game_time"] >= asked - dealt_by, "the game's clock, not a new one"
        dealt = next(event for event in told if isinstance(event, CardsDealt))
        assert dealt == next(e for e in first.events if isinstance(e, CardsDealt))
        assert dealt.seat == 2 and all(card is not None for card in dealt.cards)
        stranger.send("rejoin", token=tokens[2])
        assert (await stranger.expect("error"))["code"] == "no-seat"
        seat_state = relay.rooms[room].seats[2]
        assert seat_state.member is not None and not seat_state.stand_in
        assert relay.rooms[room].stand_ins == {}

        results = await asyncio.gather(
            playing, play_seat(back, resumed, seed=3, pace=FAST, told=told))
        assert results[1].over and all(result.over for result in results[0])
        heard = [message for message in results[0][0].heard
                 if message["kind"] not in ("room", "limit")]
        assert heard == [{"kind": "left", "name": "Cy", "stand_in": True, "held": 60.0},
                         {"kind": "back", "name": "Cy"}]
        state = await ann.expect("room", where=lambda m: not m["playing"])
        assert [seat["name"] for seat in state["seats"]] == ["Ann", "Bob", "Cy"]
        for client in (ann, bob, back, stranger):
            await client.close()

    with_relay(scenario)


def test_a_room_left_to_bots_stands_still_while_held_and_closes_when_the_hold_runs_out() -> None:
    """Zed plays Razz Spoons with two bots and the connection dies: with no one left to play
    or watch, the game stands still while the seat is held for Zed (bots do not play on to no
    one), and once the hold runs out the room closes."""

    async def scenario(relay: Relay, port: int) -> None:
        zed, watcher = await connect(port, "Zed"), await connect(port, "Cy")
        zed.send("create_room", game="razz", options={"end_at": "3"})
        await zed.expect("room")
        for _ in range(2):
            zed.send("add_bot")
        zed.send("start")
        await zed.expect("game_started")
        room = next(iter(relay.rooms))
        await watcher.expect("room_listed", where=lambda m: m["room"]["playing"])
        zed.writer.transport.abort()
        await until(lambda: relay.rooms[room].paused_at is not None)
        table = relay.rooms[room].table
        assert table is not None
        stood = table.game.now
        await asyncio.sleep(0.2)
        assert table.game.now == stood, "the game stands still"
        await until(lambda: room not in relay.rooms)
        told = await watcher.expect("room_unlisted")
        assert told["room"] == room, "the lobby hears that the room closed"
        await watcher.close()

    with_relay(scenario, settings=RelaySettings(seat_hold=0.5))


def test_a_client_killed_in_the_middle_of_a_fight_never_stalls_the_round() -> None:
    """Single selection: the moment a reaction test with Cy in it begins, Cy's connection is
    cut. The stand-in bot presses for the seat and the game plays on to its end. The seat is
    held a moment only here, so Cy's token is refused once that moment has passed."""

    async def scenario(relay: Relay, port: int) -> None:
        selection = {**QUICK_GAME, "word": "PIG", "grabbing": "selection"}
        (ann, bob, cy), room, started = await three_seated(port, selection)
        playing = asyncio.gather(play_seat(ann, started[0], pace=FAST),
                                 play_seat(bob, started[1], seed=1, pace=FAST))
        cut = await play_seat(cy, started[2], seed=2, pace=FAST, until=lambda event: (
            isinstance(event, ReactionTestStarted) and 2 in event.contenders))
        assert not cut.over, "no reaction test had Cy in it"
        cy.writer.transport.abort()
        seat = relay.rooms[room].seats[2]
        await until(lambda: seat.held_until is not None and relay.clock() > seat.held_until)
        late = await connect(port, "Cy")
        late.send("rejoin", token=started[2]["token"])
        assert (await late.expect("error"))["message"] == "that seat is no longer held for you"
        results = await playing
        assert all(result.over for result in results)
        limits = [message["seconds"] for result in results for message in result.heard
                  if message["kind"] == "limit"]
        assert None in limits and any(0 < (seconds or 0) <= 2.0 for seconds in limits)
        heard = results[0].events
        started_at = heard.index(cut.events[-1])
        ended = next(event for event in heard[started_at:]
                     if isinstance(event, ReactionTestEnded))
        assert 2 in ended.ranking
        for client in (ann, bob, late):
            await client.close()

    with_relay(scenario, settings=RelaySettings(seat_hold=0.2))


def test_a_spectator_who_comes_in_mid_game_hears_it_from_then_on_and_may_leave() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        (ann, bob, cy), room, started = await three_seated(port, {**QUICK_GAME, "word": "PIG"})
        playing = asyncio.gather(*(play_seat(client, begun, seed=seed, pace=FAST)
                                   for seed, (client, begun) in enumerate(
                                       zip((ann, bob, cy), started, strict=True))))
        await until(lambda: any(isinstance(event, CardTaken)
                                for event in relay.rooms[room].round_events))
        dee = await connect(port, "Dee")
        dee.send("spectate", room=room)
        watching = await dee.expect("game_started")
        assert watching["seat"] is None and watching["players"] == ["Ann", "Bob", "Cy"]
        assert "token" not in watching
        so_far = [decode_event(raw) for raw in (await dee.expect("catch_up"))["events"]]
        assert isinstance(so_far[0], GameStarted) and so_far[0].players == ("Ann", "Bob", "Cy")
        assert any(isinstance(event, RoundStarted) for event in so_far)
        assert not any(_cards_in(event) for event in so_far), "no one's cards"
        assert not any(isinstance(event, CardTaken | CardPassed) for event in so_far), \
            "the cards going round change nothing a spectator knows"
        heard = decode_event((await dee.expect("event"))["event"])
        assert not _cards_in(heard)
        dee.send("leave_room")
        await dee.expect("rooms")
        assert len(relay.rooms[room].table.listeners) == 3  # type: ignore[union-attr]
        assert all(result.over for result in await playing)
        for client in (ann, bob, cy, dee):
            await client.close()

    with_relay(scenario)


def test_a_player_who_left_a_game_may_come_back_to_watch_it_but_not_another_of_that_name(
        ) -> None:
    """Cy leaves the game: a bot plays on under Cy's name. Cy may come back to watch the seat
    they left; a second Cy may not come in as well."""

    async def scenario(relay: Relay, port: int) -> None:
        (ann, bob, cy), room, started = await three_seated(port, {**QUICK_GAME, "word": "PIG"})
        playing = asyncio.gather(*(play_seat(client, begun, seed=seed, pace=FAST)
                                   for seed, (client, begun) in enumerate(
                                       zip((ann, bob), started, strict=False))))
        cy.send("leave_room")
        await cy.expect("rooms")
        assert relay.rooms[room].seats[2].stand_in
        cy.send("spectate", room=room)
        watching = await cy.expect("game_started")
        assert watching["seat"] is None and watching["players"] == ["Ann", "Bob", "Cy"]
        other = await connect(port, "Cy")
        other.send("spectate", room=room)
        refused = await other.expect("error")
        assert refused["code"] == "name-taken", "the watching Cy is in the room"
        assert all(result.over for result in await playing)
        for client in (ann, bob, cy, other):
            await client.close()

    with_relay(scenario)


def test_a_seat_knocked_out_while_its_player_was_away_can_still_be_taken_back() -> None:
    """The stand-in bot lost the seat's last life: the player coming back hears the game go on
    without them, and the relay keeps serving their connection."""
    members = [Member(name) for name in ("Ann", "Bob", "Cy")]
    room = Room(1, "r", members[0], Options.from_mapping({"word": "P"}), {})
    room.seats = [Seat(member) for member in members]
    room.start(0.0, random.Random(1))
    room.seats[2].held_until = 60.0
    room.hand_to_bot(2)
    table = room.table
    assert table is not None
    table._deliver([Eliminated(1.0, (2,))])
    assert room.stand_ins[2] not in table.bots
    back = Member("Cy")
    told = room.take_back(2, back)
    assert room.seats[2].member is back and room.stand_ins == {}
    assert any(isinstance(event, CardsDealt) for event in told)


class Member:
    def __init__(self, name: str) -> None:
        self.name = name

    def send(self, kind: str, **fields: object) -> None:
        """Nothing is kept."""

    def send_line(self, line: bytes) -> None:
        """Nothing is kept."""

    def send_events(self, lines: Sequence[bytes]) -> None:
        """Nothing is kept."""


def test_a_room_whose_host_leaves_passes_to_whoever_is_left_even_a_spectator() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, dee = await connect(port, "Ann"), await connect(port, "Dee")
        ann.send("create_room")
        room = (await ann.expect("room"))["room"]
        dee.send("spectate", room=room)
        await dee.expect("room", where=lambda m: m["spectators"] == ["Dee"])
        ann.send("leave_room")
        state = await dee.expect("room", where=lambda m: m["host"] == "Dee")
        assert state["seats"] == []
        dee.send("take_seat")
        dee.send("add_bot")
        seated = await dee.expect("room", where=lambda m: len(m["seats"]) == 2)
        assert [seat["name"] for seat in seated["seats"]] == ["Dee", "Andrew"]
        await ann.close()
        await dee.close()

    with_relay(scenario)


def test_a_room_named_after_its_host_is_named_after_the_next_and_a_chosen_name_stays() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await connect(port, "Ann"), await connect(port, "Bob")
        ann.send("create_room")
        room = (await ann.expect("room"))["room"]
        bob.send("join_room", room=room)
        await bob.expect("room", where=lambda m: len(m["seats"]) == 2)
        ann.send("leave_room")
        state = await bob.expect("room", where=lambda m: m["host"] == "Bob")
        assert state["name"] == "Bob's room"
        bob.send("leave_room")
        bob.send("create_room", name="Night owls")
        room = (await bob.expect("room"))["room"]
        ann.send("join_room", room=room)
        await ann.expect("room", where=lambda m: len(m["seats"]) == 2)
        bob.send("leave_room")
        state = await ann.expect("room", where=lambda m: m["host"] == "Ann")
        assert state["name"] == "Night owls"
        await ann.close()
        await bob.close()

    with_relay(scenario)
