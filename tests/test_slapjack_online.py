"""Slapjack through the relay, over real TCP sockets on 127.0.0.1, and at the keyboard in a real
pseudo-terminal: a room that plays it, a whole game between remote bots, a jack's race judged
by each seat's cue, a player whose keys reach the relay's table, a spectator's status keys, and
a game against bots played by keys alone."""

from __future__ import annotations

import asyncio
import random
from functools import partial
from pathlib import Path

from fakes import Lines
from test_online import PipeKeys, heard
from test_play_pty import quit_game, spawn
from test_relay import FAST, connect, until, with_relay
from test_spectator_keys import watching

from audiospoons.app.online import OnlineSession
from audiospoons.engine.cards import parse_card
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.events import CardTurned, SlapjackOver
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient
from audiospoons.net.fairness import Cues
from audiospoons.net.server import Relay
from audiospoons.net.wire import encode_command
from audiospoons.voice.announcer import sentence_start
from audiospoons.voice.cardnames import rank_count
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

SHORT = {"jacks": "2", "turn_time": "2", "slap_time": "2"}


def test_a_room_plays_slapjack_to_the_end_between_remote_bots() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        clients = [await connect(port, name) for name in ("Ann", "Bob", "Cy")]
        ann = clients[0]
        ann.send("create_room", game="slapjack", preset="pig")
        assert (await ann.expect("error"))["message"] == (
            "Slapjack has no presets: give its options one by one")
        ann.send("create_room", game="slapjack", options={"jacks": "-1"})
        assert "jacks must be 0 or more" in (await ann.expect("error"))["message"]
        ann.send("create_room", game="slapjack", options=SHORT)
        room = await ann.expect("room")
        assert room["game"] == "slapjack" and room["options"]["jacks"] == "2"
        for client in clients[1:]:
            client.send("join_room", room=room["room"])
            await client.expect("room")
            client.send("ready", ready=True)
        truth: list[object] = []
        relay.rooms[room["room"]].watchers.append(lambda game, events: truth.extend(events))
        ann.send("start")
        started = [await client.expect("game_started") for client in clients]
        assert {start["game"] for start in started} == {"slapjack"}
        results = await asyncio.gather(*(
            play_seat(client, start, seed=seat, pace=FAST, timeout=80.0)
            for seat, (client, start) in enumerate(zip(clients, started, strict=True))))
        over = [event for event in truth if isinstance(event, SlapjackOver)]
        assert len(over) == 1
        for result in results:
            assert result.over and result.events[-1] == over[0]
            assert not any(reason == "bad-field" for reason in result.refusals)
        for client in clients:
            await client.close()

    with_relay(scenario, timeout=90.0)


def test_a_jacks_race_is_timed_from_when_each_seat_heard_the_jack() -> None:
    cues = Cues(2)
    jack = CardTurned(4.0, 1, parse_card("JD"), 9, 5)
    cues.observe(jack, 100.25)
    assert cues.answered(Slap(2)) == (100.25, 4.0)
    assert cues.answered(Turn(2)) is None
    cues.observe(CardTurned(5.0, 2, parse_card("3D"), 8, 1), 101.0)
    assert cues.answered(Slap(2)) is None, "a card that is no jack is no cue"


def test_online_a_slap_that_reaches_the_relay_after_the_jack_was_taken_is_too_late() -> None:
    """Ann and Chris turn until a jack comes up; Chris slaps it and the relay's table gives it
    to him once its late window is over. Ann's slap, reaching the table after that, is heard as
    too late, and her stack keeps its cards."""
    async def scenario(relay: Relay, port: int) -> None:
        relay.rng = random.Random(2)
        ann, chris = clients = [await connect(port, name) for name in ("Ann", "Chris")]
        ann.send("create_room", game="slapjack", options={"turn_time": "30",
                                                          "slap_time": "30"})
        room = (await ann.expect("room"))["room"]
        chris.send("join_room", room=room)
        chris.send("ready", ready=True)
        await ann.expect("room", where=lambda m: len(m["seats"]) == 2
                         and m["seats"][1]["ready"])
        ann.send("start")
        seats = [(await client.expect("game_started"))["seat"] for client in clients]
        table = relay.rooms[room].table
        assert table is not None and isinstance(table.game, SlapjackGame)
        game = table.game
        for turned in range(1, 4):
            clients[seats.index(game.turn)].send("command", command=encode_command(
                Turn(game.turn)))
            await until(partial(lambda done: len(table.log) == done, turned))
        assert game.jack_at is not None, "the seed deals a jack as the third card"
        chris.send("command", command=encode_command(Slap(seats[1])))
        await until(lambda: game.jacks_slapped == 1)
        cards = len(game.stacks[seats[0]])
        ann.send("command", command=encode_command(Slap(seats[0])))
        told = await ann.expect("event", where=lambda m: m["event"]["kind"] in (
            "LateSlap", "WrongSlap"))
        assert {key: told["event"].get(key) for key in ("kind", "seat", "taker")} == {
            "kind": "LateSlap", "seat": seats[0], "taker": seats[1]}, told
        assert len(game.stacks[seats[0]]) == cards
        for client in clients:
            await client.close()

    with_relay(scenario, timeout=60.0)


def test_at_the_keyboard_online_your_turn_and_your_slap_reach_the_relays_table() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        client = await RelayClient.connect("127.0.0.1", port, "Ann")
        lines, keys = Lines(), PipeKeys()
        session = OnlineSession(client, messages("en"), Speaker(lines), None, keys,
                                new_rooms={"slapjack": {"game": "slapjack", "options": {
                                    "turn_time": "20"}}})
        running = asyncio.create_task(session.run())
        session.create_room(bots=2, game="slapjack")
        await heard(lines, "Room 1, Ann's room, Slapjack: Ann, host;")
        keys.press("enter")
        await heard(lines, "Slapjack: you against")
        table = relay.rooms[1].table
        assert table is not None and isinstance(table.game, SlapjackGame)
        game = table.game
        game_events: list[CardTurned] = []
        table.watchers.append(lambda _game, events: game_events.extend(
            event for event in events if isinstance(event, CardTurned)))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 40.0
        while game.turn != 0 or game.jack_at is not None:
            assert loop.time() < deadline, "\n".join(lines.spoken)
            await asyncio.sleep(0.02)
        before = len(table.log)
        keys.press("enter")
        while not any(command.seat == 0 for _, command in table.log[before:]):
            assert loop.time() < deadline, "Ann's turn never reached the table"
            await asyncio.sleep(0.02)
        turned = next(event for event in reversed(game_events) if event.seat == 0)
        await heard(lines, sentence_start(rank_count(messages("en"), turned.card.rank, 1)))
        before = len(table.log)
        keys.press("space")
        while not any(command.seat == 0 for _, command in table.log[before:]):
            assert loop.time() < deadline, "Ann's slap never reached the table"
            await asyncio.sleep(0.02)
        assert isinstance(next(c for _, c in table.log[before:] if c.seat == 0), Slap)
        keys.press("escape")
        keys.press("escape")
        await asyncio.wait_for(running, 5.0)
        keys.close()

    with_relay(scenario, timeout=90.0)


def test_a_spectator_hears_slapjack_and_its_status_keys_answer() -> None:
    dee, lines = watching("slapjack", {"jacks": "0"}, ["Ann", "Bob"])
    assert dee.watcher is not None
    dee._on_message({"kind": "event", "event": {
        "kind": "SlapjackStarted", "at": 0.0, "players": ["Ann", "Bob"], "dealer": 1,
        "counts": [26, 26]}})
    dee._on_message({"kind": "event", "event": {
        "kind": "CardTurned", "at": 0.5, "seat": 0, "card": "JH", "left": 25, "pile": 1,
        "timed_out": False}})
    assert lines.spoken[-1] == "A jack. Slap!"
    assert dee.watcher.answer("a") == "Cards: Ann 25 and Bob 26."
    assert dee.watcher.answer("p") == "The pile has 1 card, the jack of hearts on top."
    assert dee.watcher.answer("t") == "A jack is on the pile: slap it!"


def test_slapjack_is_played_by_keys_against_bots_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--game", "slapjack", "--players", "2", "--speech", "text",
                  "--seed", "3", "--option", "turn_time=30")
    try:
        child.expect_exact("Slapjack: you against Britany. You have 26 cards.")
        child.expect_exact("Your turn.", timeout=30)
        child.send("\r")
        child.expect(r"An? [a-z]+\.")
        child.send("c")
        child.expect(r"You have 2[56] cards\.")
        child.send(" ")
        child.expect(r"No jack: you give a card to the pile|You take \d+ cards?\.")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
