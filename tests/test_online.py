"""A game through the relay at this keyboard, without the network: the relay's messages are
heard as a local game's events are, keys become commands on the wire, and a refusal that comes
back is said."""

from __future__ import annotations

import asyncio
import math
import os
import time
from typing import Any

from fakes import Clock, Lines, Pressed
from test_relay import until, with_relay
from test_speaker_pacing import Spoken

from audiospoons.app.online import OnlineSession
from audiospoons.engine.cards import parse_card
from audiospoons.games.spoons.keyboard.online import RemoteGame
from audiospoons.games.spoons.rules.events import (
    CardsDealt,
    GameStarted,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import server
from audiospoons.net.client import RelayClient
from audiospoons.net.wire import encode_event
from audiospoons.sound.cue import Cue
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


class Relay:
    """Keeps what the game sends."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def remote_game() -> tuple[RemoteGame, Relay, Lines, Clock]:
    relay, lines, clock = Relay(), Lines(), Clock()
    started = {"players": ["Ann", "Bob", "Cy"], "seat": 1, "options": Options().describe()}
    game = RemoteGame(relay, started, messages("en"), Speaker(lines), None,  # type: ignore[arg-type]
                      clock=clock)
    for event in (GameStarted(0.0, ("Ann", "Bob", "Cy")), RoundStarted(0.0, 1, 0, 2, (0, 1, 2)),
                  CardsDealt(0.0, 1, tuple(map(parse_card, ("QS", "QH", "2C", "5D"))))):
        game.on_message({"kind": "event", "event": encode_event(event)})
    return game, relay, lines, clock


def test_the_relays_events_are_heard_from_your_own_seat() -> None:
    _, _, lines, _ = remote_game()
    assert lines.spoken == ["Spoons: you against Ann and Cy.", "Round 1. Ann deals. 2 spoons on"
                            " the table. Press Up arrow to draw a card.", "Your cards: queen of"
                            " spades, queen of hearts, two of clubs, and five of diamonds."]


def test_keys_go_to_the_relay_as_commands_and_a_refusal_is_said() -> None:
    game, relay, lines, _ = remote_game()
    game.on_keys([Pressed("a", 1.0), Pressed("space", 1.2)], None)  # type: ignore[arg-type]
    assert relay.sent == [("command", {"command": {"kind": "pass", "card": "QS"}}),
                          ("command", {"command": {"kind": "grab", "spoon": None}})]
    game.on_message({"kind": "refused", "reason": "no-set",
                     "message": "Bob has no set, and nobody has taken a spoon yet"})
    assert lines.spoken[-1] == messages("en").tr("refused.no-set")


def test_escape_twice_leaves_a_game_online_which_cannot_pause() -> None:
    game, _, lines, clock = remote_game()
    game.on_keys([Pressed("escape", 1.0)], None)  # type: ignore[arg-type]
    assert lines.spoken[-1] == messages("en").tr("online.leave.confirm")
    assert not game.quit
    clock.now += 2.0
    game.on_keys([Pressed("escape", 3.0)], None)  # type: ignore[arg-type]
    assert game.quit


class PipeKeys:
    """Keys the test presses: each ``press`` wakes the loop through a pipe, as a terminal's
    input would."""

    def __init__(self) -> None:
        self.read_end, self.write_end = os.pipe()
        self.waiting: list[Pressed] = []

    def fileno(self) -> int:
        return self.read_end

    def press(self, label: str) -> None:
        self.waiting.append(Pressed(label, time.monotonic()))
        os.write(self.write_end, b"k")

    def read(self, timeout: float | None) -> list[Pressed]:
        os.read(self.read_end, 64)
        pressed, self.waiting = self.waiting, []
        return pressed

    def close(self) -> None:
        os.close(self.read_end)
        os.close(self.write_end)


async def heard(lines: Lines, text: str, timeout: float = 20.0) -> int:
    """Where ``text`` begins a spoken line, once it has been said."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        for index, line in enumerate(lines.spoken):
            if line.startswith(text):
                return index
        await asyncio.sleep(0.05)
    raise AssertionError(f"never heard {text!r}; heard {lines.spoken[-5:]}")


def test_a_lost_connection_is_taken_up_again_and_the_player_told_where_things_stand() -> None:
    """Ann plays at the keyboard against two bots on a real relay. Her connection dies: she
    hears that it is being mended, the session connects again with her seat's token, and she
    hears the round, her hand, the spoons and the players; her keys then reach the game."""

    async def scenario(relay: server.Relay, port: int) -> None:
        client = await RelayClient.connect("127.0.0.1", port, "Ann")
        client.send("create_room", options={"word": "PIG", "round_pause": "0.2"})
        client.send("add_bot")
        client.send("add_bot")
        await client.expect("room", where=lambda m: len(m["seats"]) == 3)
        client.send("start")
        lines, keys = Lines(), PipeKeys()

        async def reconnect() -> RelayClient:
            return await RelayClient.connect("127.0.0.1", port, "Ann")

        session = OnlineSession(client, messages("en"), Speaker(lines), None,
                                keys, reconnect=reconnect)
        running = asyncio.create_task(session.run())
        await heard(lines, "Your cards:")
        client.writer.transport.abort()
        lost = await heard(lines, "The connection to the relay is lost. Reconnecting")
        back = await heard(lines, "You are back in the game, round 1.")
        assert lost < back
        assert isinstance(session.game, RemoteGame)
        hand = session.game.player.view.hand
        assert len(hand) == 4
        assert lines.spoken[back + 1].startswith("Your hand: ")
        assert lines.spoken[back + 2] in ("2 spoons left.", "1 spoon left.")
        assert lines.spoken[back + 3] == "Still in: you, Andrew, and Britany."
        assert session.client is not client
        room = next(iter(relay.rooms.values()))
        assert room.seats[0].member is not None and room.stand_ins == {}
        keys.press("escape")
        keys.press("escape")
        await asyncio.wait_for(running, 5.0)
        assert session.client.closed
        keys.close()

    with_relay(scenario)


def test_at_a_table_the_session_says_heard_once_the_player_has_been_told() -> None:
    """Ann plays at the keyboard against two bots on a real relay, her client saying it will
    tell when she has heard: once her speech has said the deal, the relay has her word, and
    the table waits for her no more."""

    async def scenario(relay: server.Relay, port: int) -> None:
        client = await RelayClient.connect("127.0.0.1", port, "Ann")
        client.listen(175, "brief")
        client.send("create_room", options={"word": "PIG", "round_pause": "0.2"})
        client.send("add_bot")
        client.send("add_bot")
        await client.expect("room", where=lambda m: len(m["seats"]) == 3)
        client.send("start")
        output, keys = Spoken(), PipeKeys()
        speaker = Speaker(output)
        session = OnlineSession(client, messages("en"), speaker, None, keys)
        running = asyncio.create_task(session.run())
        room = next(iter(relay.rooms.values()))

        def heard_her() -> bool:
            hearing = None if room.table is None else room.table.hearing
            return hearing is not None and hearing.quiet_at() not in (None, math.inf)

        await until(heard_her, timeout=20.0)
        assert any(text.startswith("Your cards:") for _, text, _ in output.lines)
        keys.press("escape")
        keys.press("escape")
        await asyncio.wait_for(running, 5.0)
        keys.close()
        speaker.close()

    with_relay(scenario)


def test_a_press_answering_your_cue_carries_the_time_from_the_cue_to_the_key() -> None:
    game, relay, _, clock = remote_game()
    for event in (ReactionTestStarted(3.0, (1, 2), False), ReactCue(4.0, (1, 2))):
        game.on_message({"kind": "event", "event": encode_event(event)})
        clock.now += 1.0
    heard_at = clock.now - 1.0
    game.on_keys([Pressed("space", heard_at + 0.234)], None)  # type: ignore[arg-type]
    assert relay.sent[-1] == ("command", {"command": {"kind": "react"}, "reaction": 0.234})
    game.on_message({"kind": "event",
                     "event": encode_event(ReactionTestEnded(4.5, (1, 2), ()))})
    game.on_keys([Pressed("a", heard_at + 2.0)], None)  # type: ignore[arg-type]
    assert relay.sent[-1] == ("command", {"command": {"kind": "pass", "card": "QS"}})


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, cue: Cue) -> None:
        self.played.append(cue.name)


def test_the_relay_tells_the_time_limit_and_the_last_seconds_tick_here() -> None:
    relay, clock, sounds = Relay(), Clock(), Sounds()
    started = {"players": ["Ann", "Bob"], "seat": 0, "options": Options().describe()}
    game = RemoteGame(relay, started, messages("en"), Speaker(Lines()), sounds,  # type: ignore[arg-type]
                      clock=clock)
    game.on_message({"kind": "limit", "seconds": 4.5})
    assert game.next_tick_in() == 1.5
    ticked = []
    for _ in range(10):
        clock.now += 0.5
        game.tick()
        ticked.append(sounds.played.count("tick"))
    assert ticked == [0, 0, 1, 1, 2, 2, 3, 3, 3, 3]
    game.on_message({"kind": "limit", "seconds": 2.2})
    game.on_message({"kind": "limit", "seconds": None})
    clock.now += 5.0
    game.tick()
    assert sounds.played.count("tick") == 3 and game.next_tick_in() is None
