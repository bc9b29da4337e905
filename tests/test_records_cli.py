"""The records from the command line, against ``audiospoons serve`` run as a process: ``join
--register`` in a real terminal asks the password unechoed and keeps the login, the next
``join`` logs in by itself, and ``replay --from-relay`` lists the player's games and prints one
as their seat heard it, line for line."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pexpect
from test_online_pty import environment, free_port, wait_for_relay
from test_records import PASSWORD, play_a_game, whole_record

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.net.client import Login, RelayClient
from audiospoons.net.history import replay_of
from audiospoons.replay.transcript import game_transcript


def audiospoons(tmp_path: Path, who: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "audiospoons", *args], capture_output=True,
                          text=True, timeout=60, env=environment(tmp_path, who),
                          stdin=subprocess.DEVNULL)


def test_join_registers_then_logs_in_by_itself_and_replay_from_relay_hears_a_game(
        tmp_path: Path) -> None:
    port = free_port()
    relay = subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "serve", "--port", str(port), "--data",
         str(tmp_path / "relay")],
        env=environment(tmp_path, "relay"), stderr=subprocess.PIPE, text=True)
    address = f"127.0.0.1:{port}"
    try:
        wait_for_relay(port)
        child = pexpect.spawn(sys.executable, [
            "-m", "audiospoons", "join", address, "--name", "Ann", "--register", "--speech",
            "text"], env=environment(tmp_path, "Ann"), encoding="utf-8", timeout=15,
            dimensions=(40, 200))
        child.expect_exact("Password for Ann: ")
        child.sendline(PASSWORD)
        child.expect_exact("Once more, to be sure: password for Ann: ")
        child.sendline(PASSWORD)
        child.expect_exact("Connected to 127.0.0.1 as Ann.")
        child.expect_exact("Ann is registered on this relay: next time you are logged in by")
        child.expect_exact("New room, 1 of 6")
        assert PASSWORD not in (child.before or "")
        child.send("\x1b")
        child.expect(pexpect.EOF)
        child.close()

        again = pexpect.spawn(sys.executable, [
            "-m", "audiospoons", "join", address, "--name", "Ann", "--speech", "text"],
            env=environment(tmp_path, "Ann"), encoding="utf-8", timeout=15,
            dimensions=(40, 200))
        again.expect_exact("Logged in as Ann.")
        again.send("\x1b")
        again.expect(pexpect.EOF)
        again.close()

        listed = audiospoons(tmp_path, "Ann", "replay", "--from-relay", address, "--name",
                             "Ann")
        assert (listed.returncode, listed.stdout) == (0, "You have played no game here"
                                                         " yet.\n"), listed.stderr

        async def play() -> list[str]:
            ann = await RelayClient.connect("127.0.0.1", port, "Ann",
                                            login=Login(password=PASSWORD))
            bob = await RelayClient.connect("127.0.0.1", port, "Bob",
                                            login=Login(password=PASSWORD, register=True))
            await play_a_game_remote(ann, bob)
            record, seat = await whole_record(ann, 1)
            await ann.close()
            await bob.close()
            spec, game, script = replay_of(record)
            return game_transcript(game, script, seat, KEYBOARDS[spec.name])

        expected = asyncio.run(play())
        listed = audiospoons(tmp_path, "Ann", "replay", "--from-relay", address, "--name",
                             "Ann")
        assert listed.returncode == 0 and listed.stdout.startswith("     1  "), listed.stdout
        assert ": Ann, Andrew, a bot, and Bob; you came " in listed.stdout
        heard = audiospoons(tmp_path, "Ann", "replay", "--from-relay", address, "--name",
                            "Ann", "--game", "1")
        assert heard.returncode == 0, heard.stderr
        assert heard.stdout.splitlines() == expected and len(expected) > 10
        stranger = audiospoons(tmp_path, "Cy", "replay", "--from-relay", address, "--name",
                               "Cy")
        assert stranger.returncode == 2 and stranger.stderr == (
            f"audiospoons replay: no login is kept for Cy at {address}: log in once with Play"
            " online or audiospoons join, or run this at a terminal\n")
    finally:
        relay.terminate()
        _, errors = relay.communicate(timeout=15)
    assert f"relay listening on ('127.0.0.1', {port})" in errors, errors
    assert "Traceback" not in errors, errors


async def play_a_game_remote(ann: RelayClient, bob: RelayClient) -> None:
    """``test_records.play_a_game`` against a relay in another process (no table to watch)."""
    await play_a_game(None, [ann, bob])
    await ann.expect("rating", timeout=20.0)

