"""Razz Spoons through the relay, over real TCP sockets on 127.0.0.1: a room that plays it, a
whole game between remote bots in which no client hears another seat's cards, a seat handed to a
bot and taken back, a Jack's race judged by the time from each seat's cue, and a player at the
keyboard who hears the game and whose keys reach it."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random

from fakes import Lines, Pressed
from test_online import PipeKeys, heard
from test_relay import FAST, Member, connect, recording, with_relay

from audiospoons.app.online import OnlineSession
from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event
from audiospoons.games.razz.keyboard.online import RemoteRazzGame
from audiospoons.games.razz.rules.commands import DrawCard, GrabSpoon, Keep, PlayCard
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    CardsDrawn,
    DealStarted,
    GameWon,
    HandDealt,
    PhraseWanted,
    RaceOver,
    RazzGameStarted,
    SpoonsOut,
    StarterTurned,
    TurnBegan,
)
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.registry import GAMES
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient
from audiospoons.net.fairness import Cues
from audiospoons.net.room import Room, Seat
from audiospoons.net.server import Relay
from audiospoons.net.wire import decode_event, encode_event
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

ONE_ROUND = {"end_at": "1", "round_pause": "0.2", "phrase_window": "1"}


async def razz_room(port: int, names: list[str], options: dict[str, str]
                    ) -> tuple[list[RelayClient], int]:
    """The first of ``names`` opens a Razz Spoons room; the others join it and are ready."""
    clients = [await recording(port, name) for name in names]
    host = clients[0]
    host.send("create_room", game="razz", options=options)
    room = await host.expect("room")
    assert room["game"] == "razz" and room["options"]["end_at"] == options["end_at"]
    for client in clients[1:]:
        client.send("join_room", room=room["room"])
        await client.expect("room")
        client.send("ready", ready=True)
    await asyncio.sleep(0.2)
    return clients, int(room["room"])


def _cards_in(event: Event) -> list[Card]:
    found: list[Card] = []
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple):
            found += [part for part in value if isinstance(part, Card)]
    return found


def test_a_room_opens_for_razz_spoons_and_refuses_what_is_not_its_options() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await connect(port, "Ann"), await connect(port, "Bob")
        assert (await bob.expect("rooms"))["rooms"] == []
        ann.send("create_room", game="razz", preset="pig")
        assert (await ann.expect("error"))["message"] == (
            "Razz Spoons has no presets: give its options one by one")
        ann.send("create_room", game="razz", options={"hand_size": "3"})
        error = await ann.expect("error")
        assert error["code"] == "bad-options" and "there is no option 'hand_size'" in (
            error["message"])
        ann.send("create_room", game="rummy")
        assert (await ann.expect("error"))["message"] == (
            "there is no game 'rummy'; the games are spoons, razz, slapjack")
        ann.send("create_room", game="razz", name="Den")
        room = await ann.expect("room")
        assert room["game"] == "razz" and room["options"]["end"] == "rounds"
        assert (await bob.expect("room_listed"))["room"]["game"] == "razz"
        ann.send("start")
        assert (await ann.expect("error"))["message"] == (
            "Razz Spoons is for 2 to 10 players, not 1")
        await ann.close()
        await bob.close()

    with_relay(scenario)


def test_a_whole_game_between_remote_bots_where_nobody_hears_another_seats_cards() -> None:
    """Three bots play a round of Razz Spoons through the relay, each from its own
    connection. Every card a client received was in its own hand, the starter, or a card
    played face up; each heard the same result the table reached."""

    async def scenario(relay: Relay, port: int) -> None:
        clients, room = await razz_room(port, ["Ann", "Bob", "Cy"], ONE_ROUND)
        truth: list[Event] = []
        relay.rooms[room].watchers.append(lambda game, events: truth.extend(events))
        clients[0].send("start")
        started = [await client.expect("game_started") for client in clients]
        assert [start["game"] for start in started] == ["razz"] * 3
        results = await asyncio.gather(*(
            play_seat(client, start, seed=seat, pace=FAST, timeout=80.0)
            for seat, (client, start) in enumerate(zip(clients, started, strict=True))))
        won = [event for event in truth if isinstance(event, GameWon)]
        assert len(won) == 1
        for seat, (client, result) in enumerate(zip(clients, results, strict=True)):
            assert result.over and result.events[-1] == won[0]
            assert not any(reason == "bad-field" for reason in result.refusals)
            own: set[Card] = set()
            for event in truth:
                if isinstance(event, HandDealt | CardsDrawn) and event.seat == seat:
                    own |= set(event.cards)
            assert client.record is not None
            lines = [json.loads(line) for line in bytes(client.record).decode().splitlines()]
            heard = [decode_event(line["event"]) for line in lines if line["kind"] == "event"]
            assert heard == result.events
            for event in heard:
                if isinstance(event, CardsDrawn | HandDealt):
                    assert set(event.cards) <= own, (seat, event)
                    assert event.seat == seat or not event.cards, (seat, event)
                elif not isinstance(event, StarterTurned | CardPlayed):
                    assert not _cards_in(event), (seat, event)
            assert own and any(isinstance(event, HandDealt) for event in heard)
        for client in clients:
            await client.close()

    with_relay(scenario)


def test_a_seat_left_mid_game_is_played_by_a_bot_and_taken_back_with_its_token() -> None:
    """One round is enough: the seat is left at the round's first turn and taken back a second
    later, long before the round ends (two rounds of Razz Spoons between paced bots take about
    45 s, beyond the players' time limit on a busy machine)."""
    async def scenario(relay: Relay, port: int) -> None:
        clients, room = await razz_room(port, ["Ann", "Bob", "Cy"], ONE_ROUND)
        clients[0].send("start")
        started = [await client.expect("game_started") for client in clients]
        bob_seat, token = started[1]["seat"], started[1]["token"]
        players = [asyncio.create_task(play_seat(client, start, seed=seat, pace=FAST,
                                                 timeout=80.0))
                   for seat, (client, start) in enumerate(zip(clients, started, strict=True))
                   if seat != 1]
        await clients[1].expect("event", where=lambda m: m["event"]["kind"] in (
            "TurnBegan", "PhraseWanted"))
        clients[1].writer.transport.abort()
        seat = relay.rooms[room].seats[bob_seat]
        while seat.held_until is None:
            await asyncio.sleep(0.02)
        assert bob_seat in relay.rooms[room].stand_ins
        await asyncio.sleep(1.0)
        bob = await connect(port, "Bob")
        bob.send("rejoin", token=token)
        again = await bob.expect("game_started")
        assert again["game"] == "razz" and again["resumed"] and again["seat"] == bob_seat
        told: list[Event] = []
        while not told or not isinstance(told[-1], TurnBegan | CardPlayed | CardsDrawn):
            batch = await bob.expect("catch_up")
            told += [decode_event(raw) for raw in batch["events"]]
            if len(batch["events"]) < 64:
                break
        assert isinstance(told[0], RazzGameStarted) and any(
            isinstance(event, HandDealt) and event.seat == bob_seat for event in told)
        assert relay.rooms[room].stand_ins == {}
        result = await play_seat(bob, again, seed=1, pace=FAST, told=told, timeout=80.0)
        others = await asyncio.gather(*players)
        assert result.over and all(other.over for other in others)
        assert result.events[-1] == others[0].events[-1]
        heard = [(message["kind"], message["name"]) for message in others[0].heard
                 if message["kind"] in ("left", "back")]
        assert heard == [("left", "Bob"), ("back", "Bob")]
        for client in (clients[0], clients[2], bob):
            await client.close()

    with_relay(scenario, timeout=150.0)


def test_a_jacks_race_is_timed_from_when_each_seat_heard_the_spoons_go_out() -> None:
    """The relay stamps the moment it sent each seat the Jack's ``SpoonsOut``; the Jack's own
    player has no cue to answer, and each race (a round may have many) has its own."""
    cues = Cues(2)
    out = SpoonsOut(4.0, 1, 2, 9.0)
    cues.observe(out, 100.25)
    assert cues.answered(GrabSpoon(2)) == (100.25, 4.0)
    assert cues.answered(DrawCard(2)) is None
    cues.observe(RaceOver(6.0, (0,), False), 102.0)
    assert cues.answered(GrabSpoon(2)) is None
    jack_player = Cues(1)
    jack_player.observe(out, 100.0)
    assert jack_player.answered(GrabSpoon(1)) is None
    cues.observe(out, 110.0)
    cues.observe(DealStarted(20.0, 2, 0, 2, (7, 7, 7)), 111.0)
    assert cues.answered(GrabSpoon(2)) is None


def test_at_the_keyboard_online_you_hear_razz_spoons_and_your_keys_reach_the_game() -> None:
    """Ann opens a Razz Spoons room with two bots from a keyboard session on a real relay.
    She hears the game's start from her seat, draws with D when her turn comes (or keeps
    the card she drew), and the relay's table takes the command from her seat."""

    async def scenario(relay: Relay, port: int) -> None:
        client = await RelayClient.connect("127.0.0.1", port, "Ann")
        lines, keys = Lines(), PipeKeys()
        session = OnlineSession(client, messages("en"), Speaker(lines), None, keys,
                                new_rooms={"razz": {"game": "razz", "options": {
                                    **ONE_ROUND, "phrase_window": "5"}}})
        running = asyncio.create_task(session.run())
        session.create_room(bots=2, game="razz")
        await heard(lines, "Room 1, Ann's room, Razz Spoons: Ann, host;")
        keys.press("enter")
        await heard(lines, "Razz Spoons: you against")
        table = relay.rooms[1].table
        assert table is not None and isinstance(table.game, RazzGame)
        game = table.game
        if game.phrase is None and game.dealer == 0:
            await heard(lines, "You deal")
            for letter in "go":
                keys.press(letter)
            keys.press("enter")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 40.0
        while game.to_act() != 0 or game.phrase is None:
            assert loop.time() < deadline, "\n".join(lines.spoken)
            await asyncio.sleep(0.02)
        before = len(table.log)
        keys.press("d")
        while not any(command.seat == 0 for _, command in table.log[before:]):
            assert loop.time() < deadline, "Ann's key never reached the table"
            await asyncio.sleep(0.02)
        mine = [command for _, command in table.log[before:] if command.seat == 0]
        assert isinstance(mine[0], DrawCard | Keep | PlayCard)
        keys.press("escape")
        keys.press("escape")
        await asyncio.wait_for(running, 5.0)
        keys.close()

    with_relay(scenario, timeout=90.0)


class Sent:
    """Keeps what the game sends the relay."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, object]]] = []

    def send(self, kind: str, **fields: object) -> None:
        self.sent.append((kind, fields))


def test_the_dealer_online_types_the_phrase_and_a_refused_one_is_asked_for_again() -> None:
    relay, lines = Sent(), Lines()
    started = {"players": ["Ann", "Bob", "Cy"], "seat": 0, "game": "razz",
               "options": RazzOptions().describe()}
    game = RemoteRazzGame(relay, started, messages("en"), Speaker(lines), None)  # type: ignore[arg-type]
    for event in (RazzGameStarted(0.0, ("Ann", "Bob", "Cy")),
                  DealStarted(0.0, 1, 0, 2, (7, 7, 7)), PhraseWanted(0.0, 0)):
        game.on_message({"kind": "event", "event": encode_event(event)})
    assert lines.spoken[-1] == "Razzing Phrase, edit text, blank"
    game.on_keys([Pressed(letter, 1.0) for letter in "hi"] + [Pressed("enter", 1.2)],
                 None)  # type: ignore[arg-type]
    assert relay.sent == [("command", {"command": {"kind": "choosephrase", "text": "hi"}})]
    assert game.phrase is None
    game.on_message({"kind": "limit", "seconds": None})
    assert game.phrase is None, "the field opened again before the relay answered"
    game.on_message({"kind": "refused", "reason": "phrase-length", "message": "too short"})
    assert lines.spoken[-2:] == [messages("en").tr("razz.refused.phrase-length"),
                                 "Razzing Phrase, edit text, blank"]
    assert game.phrase is not None
    game.on_keys([Pressed("f2", 2.0)], None)
    assert lines.spoken[-1] == messages("en").tr("razz.phrase.field.about.online")
    assert lines.spoken[-1].endswith("Escape twice leaves the game.")


def test_f1_online_says_escape_leaves_a_game_that_cannot_pause() -> None:
    lines = Lines()
    started = {"players": ["Ann", "Bob", "Cy"], "seat": 1, "game": "razz",
               "options": RazzOptions().describe()}
    game = RemoteRazzGame(Sent(), started, messages("en"), Speaker(lines), None)  # type: ignore[arg-type]
    game.on_keys([Pressed("f1", 1.0)], None)  # type: ignore[arg-type]
    assert lines.spoken[-1].endswith(
        "F9 and F10: speech rate. Shift+F1 reads the rules of this game. Slash: chat with the"
        " room. A game online cannot pause: Escape twice leaves it.")


def test_a_razz_room_gives_its_game_the_late_window_of_its_players_lines() -> None:
    """The relay keeps a room's late window to its players' round trips: a Razz room's game
    takes it, and the race after a Jack then waits that long for grabs made earlier."""
    members = [Member(name) for name in ("Ann", "Bob", "Cat")]
    room = Room(1, "Den", members[0], RazzOptions(), {}, game=GAMES["razz"])
    room.seats = [Seat(member) for member in members]
    room.start(0.0, random.Random(4))
    room.late_window(0.2)
    game = room.table.game if room.table is not None else None
    assert isinstance(game, RazzGame) and game.late_window == 0.2
