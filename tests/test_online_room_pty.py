"""The room's keys in a real pseudo-terminal, by ear (``--speech text``), against
``audiospoons serve`` over TCP on 127.0.0.1: a lone player hears what to do, adds a bot by key
and plays it; F1 at the table says its keys, never that Escape pauses; a chat line typed at
one keyboard is heard at another; the host takes a player out of the room, who hears it."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
from test_online_pty import environment, free_port, join, wait_for_relay

F1 = "\x1bOP"
ONLINE_END = "Slash: chat with the room. A game online cannot pause: Escape twice leaves it."


@contextmanager
def relay_on(tmp_path: Path) -> Iterator[tuple[int, list[pexpect.spawn]]]:
    """A relay on a free port, and the players to close when the test is over."""
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port)],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    players: list[pexpect.spawn] = []
    try:
        wait_for_relay(port)
        yield port, players
    finally:
        for child in players:
            child.close(force=True)
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
    assert relay.returncode == 0, log
    assert "Traceback" not in log, log


def test_a_lone_player_adds_a_bot_by_key_starts_and_hears_the_game_begin(tmp_path: Path
                                                                        ) -> None:
    with relay_on(tmp_path) as (port, players):
        ann = join(tmp_path, port, "Ann")
        players.append(ann)
        ann.expect_exact("Lobby: no rooms open. New room, 1 of ")
        ann.send("\r")
        ann.expect_exact("Room 1, Ann's room:")
        ann.send("\r")
        ann.expect_exact("A game needs at least 2 players: press B to add a bot, or wait"
                         " for someone to join.")
        ann.send("b")
        ann.expect_exact("Add a bot: choose its level. normal, 2 of 4")
        ann.send("\r")
        ann.expect(r"Room 1, Ann's room: [^\r]*Andrew, a bot[,.]")
        ann.send("\r")
        ann.expect_exact("Spoons: you against Andrew.")
        ann.send(F1)
        index = ann.expect_exact([
            f"speech rate. Shift+F1 reads the rules of this game. {ONLINE_END}",
            "Escape pauses"])
        assert index == 0, "F1 online does not say that Escape pauses"
        ann.send("/")
        ann.expect_exact("Message to the room, edit text, blank")
        ann.send("gl\r")
        ann.expect_exact("Ann says: gl")
        ann.send("\x1b")
        ann.expect_exact("Games online do not pause. Press Escape again to leave the game")
        ann.send("\x1b")
        ann.expect_exact("You left the room.")
        ann.expect_exact("Lobby:")
        ann.send("\x1b")
        ann.expect_exact("You left the relay.")
        ann.expect(pexpect.EOF, timeout=10)


def test_a_chat_line_reaches_the_other_keyboard_and_the_host_takes_a_player_out(
        tmp_path: Path) -> None:
    with relay_on(tmp_path) as (port, players):
        ann = join(tmp_path, port, "Ann")
        players.append(ann)
        ann.expect_exact("Lobby: no rooms open. New room, 1 of ")
        ann.send("\r")
        ann.expect_exact("Room 1, Ann's room:")
        bob = join(tmp_path, port, "Bob", "--room", "1")
        players.append(bob)
        bob.expect_exact("Room 1, Ann's room:")
        ann.expect(r"Room 1, Ann's room: [^\r]*Bob\.")
        bob.send("c")
        bob.expect_exact("Message to the room, edit text, blank")
        bob.send("Hello Ann\r")
        ann.expect_exact("Bob says: Hello Ann")
        bob.expect_exact("Bob says: Hello Ann")
        ann.send(F1)
        ann.expect_exact("K takes someone out of the room.")
        ann.send("k")
        ann.expect_exact("Take whom out of the room? Bob, 1 of 1")
        ann.send("\r")
        ann.expect_exact("Out of the room for how long? For 10 minutes, 1 of 2")
        ann.send("\r")
        ann.expect_exact("Taken out of the room: Bob.")
        bob.expect_exact("The host has sent you out of the room for 10 minutes.")
        bob.expect(pexpect.EOF, timeout=10)
        ann.send("\x1b")
        ann.expect_exact("You left the room.")
