"""Two people play a whole game through a relay, each at a keyboard in a real pseudo-terminal,
by ear (``--speech text``): ``audiospoons serve`` and two ``audiospoons join`` over TCP on
127.0.0.1. The first opens a room from the relay's lobby; the second asks for it with
``--room``."""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pexpect
from conftest import ExpectPattern
from test_play_pty import PICKED_UP, UP

GAME_SECONDS = 180
HURRY_SECONDS = 60
"""Random passing can take long to make a set: past this, the first player grabs without one,
which with ``premature = eliminate`` ends the game as surely."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment(tmp_path: Path, who: str) -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               LANG="C.UTF-8", AUDIOSPOONS_CONFIG_DIR=str(tmp_path / who),
               HOME=str(tmp_path / who))
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    return env


def join(tmp_path: Path, port: int, name: str, *args: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "audiospoons", "join", f"127.0.0.1:{port}",
                                          "--name", name, "--speech", "text", *args],
                         env=environment(tmp_path, name), encoding="utf-8", timeout=10,
                         dimensions=(40, 200))


def wait_for_relay(port: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the relay did not start")


def play_by_ear(players: dict[str, pexpect.spawn]) -> dict[str, list[str]]:
    """Each player answers what they hear until both hear who won: a set or a spoon gone with
    Space, a card (once it is clear it made no set) with a pass, silence with a pick-up."""
    patterns: list[ExpectPattern] = [
        r"You have four \w+!", r"\w+ grabbed a spoon!", r"wins? the game!",
        PICKED_UP, r"Your cards: [^\r]+", pexpect.TIMEOUT]
    heard: dict[str, list[str]] = {name: [] for name in players}
    done: set[str] = set()
    rng = random.Random(2)
    deadline = time.monotonic() + GAME_SECONDS
    hurry: float | None = time.monotonic() + HURRY_SECONDS
    while len(done) < len(players):
        if hurry is not None and time.monotonic() > hurry:
            next(iter(players.values())).send(" ")
            hurry = None
        assert time.monotonic() < deadline, {name: lines[-15:] for name, lines in heard.items()}
        for name, child in players.items():
            if name in done:
                continue
            found = child.expect(patterns, timeout=0.2)
            heard[name].append(child.after if isinstance(child.after, str) else "")
            if found in (0, 1):
                child.send(" ")
            elif found == 2:
                done.add(name)
            elif found in (3, 4) and child.expect([patterns[0], pexpect.TIMEOUT],
                                                  timeout=0.3) == 0:
                child.send(" ")
            elif found in (3, 4):
                child.send(rng.choice("asd"))
            else:
                child.send(UP)
    return heard


def test_two_people_play_a_whole_game_through_the_relay_by_ear(tmp_path: Path) -> None:
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port)],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    ann: pexpect.spawn[str] | None = None
    bob: pexpect.spawn[str] | None = None
    try:
        wait_for_relay(port)
        ann = join(tmp_path, port, "Ann", "--preset", "no-stock", "--option",
                   "grab_time_limit=3", "--option", "premature=eliminate")
        ann.expect_exact("Connected to 127.0.0.1 as Ann.")
        ann.expect_exact("Lobby: no rooms open. New room, 1 of 4")
        ann.send("\r")
        ann.expect_exact("Room 1, Ann's room: Ann, host.")
        bob = join(tmp_path, port, "Bob", "--room", "1")
        bob.expect_exact("Room 1, Ann's room: Ann, host; Bob.")
        bob.send("\r")
        bob.expect_exact("You are ready.")
        ann.expect_exact("Room 1, Ann's room: Ann, host; Bob, ready.")
        ann.send("\r")
        ann.expect_exact("Spoons: you against Bob.")
        bob.expect_exact("Spoons: you against Ann.")
        heard = play_by_ear({"Ann": ann, "Bob": bob})
        results = {name: lines[-1] for name, lines in heard.items()}
        assert set(results.values()) <= {"You win the game!", "Ann wins the game!",
                                         "Bob wins the game!", "win the game!",
                                         "wins the game!"}, results
        for child in (ann, bob):
            child.expect(r"Room 1, Ann's room: [^\r]+\.")
        ann.send("\x1b")
        ann.expect_exact("You left the room.")
        ann.expect_exact("Lobby: 1 room open. New room, 1 of 5")
        bob.expect(re.escape("Room 1, Bob's room: Bob, host."))
        ann.send("\x1b")
        ann.expect_exact("You left the relay.")
        ann.expect(pexpect.EOF, timeout=10)
        bob.send("\x1b")
        bob.expect_exact("You left the room.")
        bob.expect(pexpect.EOF, timeout=10)
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close(force=True)
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
    assert relay.returncode == 0, log
    assert "relay listening on" in log and "relay stopping" in log
    assert "Traceback" not in log, log


def test_registering_at_the_terminal_asks_the_password_once_and_then_to_confirm_it(
        tmp_path: Path) -> None:
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port),
                              "--data", str(tmp_path / "data")],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    ann = None
    try:
        wait_for_relay(port)
        ann = join(tmp_path, port, "Ann", "--register")
        ann.expect_exact("Password for Ann: ")
        assert ann.before is not None
        assert "Password for Ann" not in ann.before, "the prompt is printed once"
        ann.sendline("hunter22")
        ann.expect_exact("Once more, to be sure: password for Ann: ")
        asked = ann.before
        ann.sendline("hunter23")
        ann.expect_exact("The two passwords were not the same.")
        ann.expect_exact("Password for Ann: ")
        ann.sendline("hunter22")
        ann.expect_exact("Once more, to be sure: password for Ann: ")
        ann.sendline("hunter22")
        ann.expect_exact("Connected to 127.0.0.1 as Ann.")
        assert asked is not None and ann.before is not None
        assert "hunter" not in asked + ann.before, "the password is not echoed"
        ann.expect_exact("Lobby: no rooms open.")
        ann.send("\x1b")
        ann.expect_exact("You left the relay.")
        ann.expect(pexpect.EOF, timeout=10)
    finally:
        if ann is not None:
            ann.close(force=True)
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
    assert "Traceback" not in log, log
