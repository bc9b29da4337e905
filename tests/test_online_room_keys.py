"""The keys of a relay's room beyond Enter: the host adds a bot of a chosen level and takes it
away, takes someone out of the room, anyone chats, in the room and at the table; starting alone
says what to do; F1 says the keys that work there, and online never that Escape pauses. The
menus as a pure model, then sessions at a keyboard on a real relay over 127.0.0.1."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fakes import Lines, Pressed
from test_lobby import hear_next, in_lobby, room_state, rooms, session
from test_online import PipeKeys, heard, remote_game
from test_relay import with_relay

from audiospoons.app.online import OnlineSession
from audiospoons.app.roomkeys import RoomKeys
from audiospoons.bots.levels import Level
from audiospoons.games.razz.keyboard.online import RemoteRazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.slapjack.keyboard.seatkeys import RemoteSlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.net import server
from audiospoons.net.client import RelayClient
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

EN = messages("en")
ROOT = Path(__file__).resolve().parent.parent
ONLINE_END = "Slash: chat with the room. A game online cannot pause: Escape twice leaves it."
RULES = " Shift+F1 reads the rules of this game."


def keys_said(keys: RoomKeys, *labels: str) -> list[str | None]:
    """What each key said (or echoed) with the menu or the chat line open."""
    said = []
    for label in labels:
        step = keys.press(label)
        said.append(step.speech or step.echo)
    return said


# ----------------------------------------------------------------------------- the model


def test_b_asks_the_level_of_the_bot_with_normal_first_and_enter_adds_it() -> None:
    keys = RoomKeys(EN)
    assert keys.add_bot().speech == "Add a bot: choose its level. normal, 2 of 4"
    assert keys_said(keys, "down", "up", "up") == ["hard, 3 of 4", "normal, 2 of 4",
                                                  "easy, 1 of 4"]
    step = keys.press("end")
    assert step.speech == "expert, 4 of 4"
    step = keys.press("enter")
    assert step.send == ("add_bot", {"level": "expert"}) and not keys.open
    keys.add_bot()
    assert keys.press("escape").speech == "Nothing done." and not keys.open


def test_f2_on_a_bot_level_says_how_that_level_plays_in_every_language() -> None:
    keys = RoomKeys(EN)
    keys.add_bot()
    assert keys_said(keys, "home", "f2") == [
        "easy, 1 of 4", "Slow to react and often careless with its cards: fair for someone"
        " new to the game."]
    for lang in ("en", "de", "es", "fa", "fr", "pl", "pt_BR", "ru"):
        m = messages(lang)
        keys = RoomKeys(m)
        keys.add_bot()
        keys.press("home")
        described = []
        for _ in Level:
            described.append(keys.press("f2").speech)
            keys.press("down")
        assert len(set(described)) == len(Level), lang
        assert m.tr("menu.no.description") not in described, lang


def test_k_asks_whom_then_for_how_long_and_sends_the_kick() -> None:
    keys = RoomKeys(EN)
    assert keys.kick([]).speech == "No one else is in the room." and not keys.open
    assert keys.kick(["Bob", "Cy"]).speech == "Take whom out of the room? Bob, 1 of 2"
    assert keys_said(keys, "down", "enter") == [
        "Cy, 2 of 2", "Out of the room for how long? For 10 minutes, 1 of 2"]
    assert keys_said(keys, "down") == ["For as long as the room is open, 2 of 2"]
    assert keys.press("enter").send == ("kick", {"name": "Cy"})
    keys.kick(["Bob"])
    keys.press("enter")
    assert keys.press("enter").send == ("kick", {"name": "Bob", "minutes": 10})
    keys.kick(["Bob"])
    keys.press("enter")
    assert keys.press("escape").speech == "Nothing done." and not keys.open


def test_the_chat_line_sends_on_enter_and_escape_or_nothing_typed_sends_nothing() -> None:
    keys = RoomKeys(EN)
    assert keys.chat().speech == "Message to the room, edit text, blank"
    assert keys_said(keys, "shift+h", "i", "f2") == [
        "capital H", "i",
        "Everyone in the room hears it: Enter sends it, Escape goes back without sending."]
    assert keys.press("enter").send == ("chat", {"text": "Hi"}) and not keys.open
    keys.chat()
    keys.press("x")
    assert keys.press("escape").speech == "Nothing sent." and not keys.open
    keys.chat()
    keys.press("space")
    step = keys.press("enter")
    assert (step.speech, step.send) == ("Nothing sent.", None)


def test_the_rooms_keys_and_the_online_session_load_none_of_the_menu_screens() -> None:
    """The room's keys are pure, and the online session needs nothing of the main menu's
    screens (their speech and mixer set-up)."""
    check = ("import sys, audiospoons.app.roomkeys, audiospoons.app.online\n"
             "print('audiospoons.app.screens' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


# ----------------------------------------------------------------------------- the session


TOO_FEW = "A game needs at least {} players: press B to add a bot, or wait for someone to join."


@pytest.mark.parametrize(("seated", "refusal", "said"), [
    (["Ann", "Bob", "Cy"], {"code": "too-few-players", "minimum": 4,
                            "message": "teams are pairs: play with an even number of players,"
                                       " 4 or more, not 3"}, TOO_FEW.format(4)),
    (["Ann"], {"code": "too-few-players", "minimum": 2,
               "message": "a game needs at least two players"}, TOO_FEW.format(2)),
    (["Ann"], {"code": "bad-options", "message": "a game needs at least two players"},
     TOO_FEW.format(2)),
    (["Ann", "Bob", "Cy", "Di", "Ed"], {"code": "bad-options", "message": "teams are pairs: play"
                                        " with an even number of players, 4 or more, not 5"},
     "teams are pairs: play with an even number of players, 4 or more, not 5")],
    ids=["too few for teams", "alone", "alone at an older relay", "bad options"])
def test_a_start_refused_for_too_few_players_says_how_many_the_game_needs(
        seated: list[str], refusal: dict[str, Any], said: str) -> None:
    """The relay says how many players the room's game needs; a relay from before it said so
    refused starting alone ``bad-options``, which still says what to do."""
    ann, _, lines = session()
    ann._on_message(rooms())
    ann._on_message(room_state(1, *seated))
    ann._on_message({"kind": "error", **refusal})
    assert lines.spoken[-1] == said


def test_a_relay_wide_ban_is_said_as_such_to_the_moderator_not_as_a_room_kick() -> None:
    ann, _, lines = session()
    ann._on_message({"kind": "moderated", "action": "kick", "name": "Bob", "scope": "room"})
    ann._on_message({"kind": "moderated", "action": "kick", "name": "Bob", "scope": "relay"})
    assert lines.spoken == ["Taken out of the room: Bob.", "Banned from the relay: Bob."]


# ----------------------------------------------------------------------------- F1 online


def test_f1_at_an_online_table_says_its_keys_chat_and_escape_twice_never_that_escape_pauses(
) -> None:
    game, _, lines, _ = remote_game()
    game.on_keys([Pressed("f1", 1.0)], None)  # type: ignore[arg-type]
    spoons = lines.spoken[-1]
    assert spoons.startswith("Space grabs a spoon. Left and Right move through your hand;")
    assert spoons.endswith(f"F9 and F10: speech rate.{RULES} {ONLINE_END}")
    started = {"players": ["Ann", "Bob"], "seat": 1, "token": "0" * 32}
    razz = RemoteRazzGame(None, {**started, "options": RazzOptions().describe()},  # type: ignore[arg-type]
                          EN, Speaker(Lines()), None)
    slap = RemoteSlapjackGame(None, {**started, "options": SlapjackOptions().describe()},  # type: ignore[arg-type]
                              EN, Speaker(Lines()), None)
    moved = RemoteRazzGame(None, {**started, "options": RazzOptions().describe()},  # type: ignore[arg-type]
                           EN, Speaker(Lines()), None, key_overrides={"draw": "x"})
    assert razz._help_text().endswith(f"F9 and F10: speech rate.{RULES} {ONLINE_END}")
    assert slap._help_text().endswith(f"R repeats it.{RULES} {ONLINE_END}")
    assert moved._help_text().startswith("Your keys. ")
    assert moved._help_text().endswith(
        f"Faster speech: F10. Read the rules: Shift plus F1. {ONLINE_END}")
    for text in (spoons, razz._help_text(), slap._help_text(), moved._help_text()):
        assert "pauses" not in text and "Pause the game" not in text, text


# ----------------------------------------------------------------------------- a real relay


async def host_with_room(port: int) -> tuple[asyncio.Task[int], PipeKeys, Lines]:
    """Ann at a keyboard, in a room of her own opened from the relay's lobby."""
    run, keys, lines = await in_lobby(port, "Ann")
    keys.press("enter")
    await heard(lines, "Room 1, Ann's room:")
    return run, keys, lines


async def heard_after(lines: Lines, after: int, part: str) -> int:
    """Where a line holding ``part`` is said, at ``after`` or later."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20.0
    while loop.time() < deadline:
        for index in range(after, len(lines.spoken)):
            if part in lines.spoken[index]:
                return index
        await asyncio.sleep(0.02)
    raise AssertionError(f"never heard {part!r} after line {after}: {lines.spoken[after:]}")


async def leave(run: asyncio.Task[object], keys: PipeKeys, *labels: str) -> None:
    for label in labels:
        keys.press(label)
    await asyncio.wait_for(run, 5.0)
    keys.close()


def test_a_lone_host_starting_hears_what_to_do_adds_a_bot_by_key_and_takes_it_away() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        run, keys, lines = await host_with_room(port)
        keys.press("enter")
        mark = await hear_next(lines, 0, "A game needs at least 2 players: press B to add a"
                                         " bot, or wait for someone to join.")
        keys.press("b")
        await hear_next(lines, mark, "Add a bot: choose its level. normal, 2 of 4")
        keys.press("down")
        keys.press("enter")
        mark = await heard_after(lines, mark, "Andrew, a bot")
        assert lines.spoken[mark].startswith("Room 1, Ann's room:")
        assert relay.rooms[1].seats[1].level is Level.HARD
        keys.press("shift+b")
        mark = await heard_after(lines, mark + 1, "Room 1, Ann's room:")
        assert "bot" not in lines.spoken[mark] and len(relay.rooms[1].seats) == 1
        keys.press("shift+b")
        await hear_next(lines, mark, "There is no bot to take away.")
        await leave(run, keys, "escape", "escape")

    with_relay(scenario)


def test_the_relay_refuses_a_start_with_too_few_players_saying_how_many_are_needed() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann = await RelayClient.connect("127.0.0.1", port, "Ann")
        ann.send("create_room", options={"teams": "true"})
        await ann.expect("room")
        ann.send("start")
        refused = await ann.expect("error")
        assert (refused["code"], refused["minimum"]) == ("too-few-players", 4)
        assert refused["message"] == "a game needs at least two players"
        for _ in range(2):
            ann.send("add_bot")
        await ann.expect("room", where=lambda room: len(room["seats"]) == 3)
        ann.send("start")
        refused = await ann.expect("error")
        assert (refused["code"], refused["minimum"]) == ("too-few-players", 4)
        for _ in range(2):
            ann.send("add_bot")
        await ann.expect("room", where=lambda room: len(room["seats"]) == 5)
        ann.send("start")
        refused = await ann.expect("error")
        assert refused["code"] == "bad-options" and "minimum" not in refused
        await ann.close()

    with_relay(scenario)


def test_only_the_host_has_the_bot_and_kick_keys_and_f1_says_each_their_keys() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann_run, ann_keys, ann = await host_with_room(port)
        bob_run, bob_keys, bob = await in_lobby(port, "Bob")
        for label in ("end", "enter"):
            bob_keys.press(label)
        await heard(bob, "Room 1, Ann's room:")
        bob_keys.press("b")
        mark = await hear_next(bob, 0, "Only the room's host may do that.")
        bob_keys.press("k")
        await hear_next(bob, mark + 1, "Only the room's host may do that.")
        bob_keys.press("f1")
        await hear_next(bob, mark, EN.tr("online.room.help.player"))
        ann_keys.press("f1")
        await hear_next(ann, 0, EN.tr("online.room.help.host"))
        for text in (EN.tr("online.room.help.player"), EN.tr("online.room.help.host")):
            assert "C or slash: chat." in text and "Escape twice leaves it." in text
        assert "B adds a bot" in EN.tr("online.room.help.host")
        await leave(bob_run, bob_keys, "escape", "escape")
        await leave(ann_run, ann_keys, "escape", "escape")

    with_relay(scenario)


def test_chat_by_key_in_the_room_and_at_the_table_reaches_the_others() -> None:
    """Bob chats from the room with C; at the table, where C may be a game's key, Ann chats
    with slash: what she types goes to the chat line, not to the game, and Escape there goes
    back to the game, which goes on."""

    async def scenario(relay: server.Relay, port: int) -> None:
        ann_run, ann_keys, ann = await host_with_room(port)
        bob = await RelayClient.connect("127.0.0.1", port, "Bob")
        bob.send("join_room", room=1)
        await bob.expect("room")
        bob.send("chat", text="ready when you are")
        await heard(ann, "Bob says: ready when you are")
        ann_keys.press("c")
        await heard(ann, "Message to the room, edit text, blank")
        for label in ("h", "i", "enter"):
            ann_keys.press(label)
        said = await bob.expect("chat", where=lambda chat: chat["name"] == "Ann")
        assert said["text"] == "hi"
        await heard(ann, "Ann says: hi")
        bob.send("ready", ready=True)
        await bob.expect("room", where=lambda room: room["seats"][1]["ready"])
        ann_keys.press("b")
        ann_keys.press("enter")
        await bob.expect("room", where=lambda room: len(room["seats"]) == 3)
        ann_keys.press("enter")
        await bob.expect("game_started")
        await heard(ann, "Spoons: you against")
        for label in ("/", "shift+a", "space", "escape"):
            ann_keys.press(label)
        start = await heard_after(ann, 0, "Spoons: you against")
        line = await heard_after(ann, start, "Message to the room, edit text, blank")
        for echo in ("capital A", "space", "Nothing sent."):
            line = await heard_after(ann, line + 1, echo)
        for label in ("/", "g", "g", "enter"):
            ann_keys.press(label)
        said = await bob.expect("chat", where=lambda chat: chat["name"] == "Ann")
        assert said["text"] == "gg"
        assert not ann_run.done()
        room = relay.rooms[1]
        assert room.playing and room.seats[0].member is not None, "Ann is still at the table"
        await bob.close()
        ann_keys.press("escape")
        ann_keys.press("escape")
        await heard_after(ann, line, "Lobby:")
        await leave(ann_run, ann_keys, "escape")

    with_relay(scenario)


def test_the_host_takes_a_player_out_of_the_room_who_hears_it_and_is_kept_out() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann_run, ann_keys, ann = await host_with_room(port)
        bob_lines, bob_keys = Lines(), PipeKeys()
        bob_client = await RelayClient.connect("127.0.0.1", port, "Bob")
        bob = OnlineSession(bob_client, EN, Speaker(bob_lines), None, bob_keys,
                            lobby=True)
        bob_run = asyncio.create_task(bob.run())
        await heard(bob_lines, "Lobby: 1 room open.")
        bob.enter_room(1)
        await heard(ann, "Room 1, Ann's room:")
        await heard(bob_lines, "Room 1, Ann's room:")
        ann_keys.press("k")
        mark = await hear_next(ann, 0, "Take whom out of the room? Bob, 1 of 1")
        ann_keys.press("enter")
        await hear_next(ann, mark, "Out of the room for how long? For 10 minutes, 1 of 2")
        ann_keys.press("enter")
        await hear_next(ann, mark, "Taken out of the room: Bob.")
        kicked = await heard(bob_lines, "The host has sent you out of the room for 10 minutes.")
        await hear_next(bob_lines, kicked, "Lobby: 1 room open. New room, 1 of 4")
        bob.enter_room(1)
        await hear_next(bob_lines, kicked, EN.tr("online.refused.banned"))
        assert [seat.name for seat in relay.rooms[1].seats] == ["Ann"]
        await leave(bob_run, bob_keys, "escape")
        await leave(ann_run, ann_keys, "escape", "escape")

    with_relay(scenario)


def test_a_player_gone_before_the_kick_is_said_in_the_players_words() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann_run, ann_keys, ann = await host_with_room(port)
        bob = await RelayClient.connect("127.0.0.1", port, "Bob")
        bob.send("join_room", room=1)
        await heard(ann, "Room 1, Ann's room:")
        ann_keys.press("k")
        mark = await heard(ann, "Take whom out of the room? Bob, 1 of 1")
        bob.send("leave_room")
        await heard_after(ann, mark + 1, "Room 1, Ann's room:")
        ann_keys.press("enter")
        ann_keys.press("enter")
        await hear_next(ann, mark, "That player is no longer in the room.")
        await bob.close()
        await leave(ann_run, ann_keys, "escape", "escape")

    with_relay(scenario)
