"""A cluster of real processes, on a real redis-server of the test's own: a room process killed
with SIGKILL mid-game loses its rooms, its players hear that the game was lost and land in the
front's lobby, the directory forgets its rooms within their time to live, and a game on the
other process plays on untouched; ``audiospoons cluster`` starts a front and its room
processes, and stops them all on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from fakes import Lines
from redisserver import redis_server
from test_online import PipeKeys, heard
from test_online_pty import environment, free_port, wait_for_relay
from test_relay import FAST, QUICK_GAME

from audiospoons.app.online import OnlineSession
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient
from audiospoons.net.cluster.directory import Directory
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

HEARTBEAT = 0.5
TTL = 3 * HEARTBEAT


def start(tmp_path: Path, role: str, port: int, redis: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "audiospoons", role, "--port", str(port), "--redis", redis,
         "--no-accounts", "--heartbeat", str(HEARTBEAT), "--max-per-address", "100"],
        env=environment(tmp_path, f"{role}{port}"), stderr=subprocess.PIPE, text=True)


async def room_with_a_bot(client: RelayClient) -> int:
    client.send("create_room", options={**QUICK_GAME, "word": "SPOONS",
                                        "grab_time_limit": "30"})
    room = (await client.expect("room"))["room"]
    client.send("add_bot", level="easy")
    await client.expect("room", where=lambda m: len(m["seats"]) == 2)
    return int(room)


@dataclass
class Running:
    """A front and two room processes, as real processes, on a redis-server of the test's;
    ``logs``: what each wrote to stderr, by port, once they have stopped."""

    redis: str
    front_port: int
    processes: dict[int, subprocess.Popen[str]]
    logs: dict[int, str] = field(default_factory=dict)


@contextlib.contextmanager
def two_room_processes(tmp_path: Path) -> Iterator[Running]:
    with redis_server() as redis:
        front_port, ports = free_port(), [free_port(), free_port()]
        processes = {port: start(tmp_path, "serve", port, redis.url) for port in ports}
        front = start(tmp_path, "front", front_port, redis.url)
        running = Running(redis.url, front_port, processes)
        try:
            for port in (*ports, front_port):
                wait_for_relay(port)
            yield running
        finally:
            everyone = {front_port: front, **processes}
            for process in everyone.values():
                if process.poll() is None:
                    process.terminate()
            running.logs = {port: process.communicate(timeout=15)[1]
                            for port, process in everyone.items()}


def test_a_room_process_killed_mid_game_loses_its_rooms_and_nothing_else(
        tmp_path: Path) -> None:
    with two_room_processes(tmp_path) as running:
        asyncio.run(_killed(running.front_port, running.processes))
    assert "Traceback" not in running.logs[running.front_port], running.logs


async def _killed(front_port: int, processes: dict[int, subprocess.Popen[str]]) -> None:
    ann = await RelayClient.connect("127.0.0.1", front_port, "Ann")
    bob = await RelayClient.connect("127.0.0.1", front_port, "Bob")
    ann_room = await room_with_a_bot(ann)
    bob_room = await room_with_a_bot(bob)
    ann_port = ann.writer.get_extra_info("peername")[1]
    bob_port = bob.writer.get_extra_info("peername")[1]
    assert {ann_port, bob_port} == set(processes), "one room on each process"
    bob.send("start")
    bob_started = await bob.expect("game_started")
    bob_playing = asyncio.create_task(play_seat(bob, bob_started, pace=FAST, timeout=90.0))

    lines, keys = Lines(), PipeKeys()

    async def reconnect() -> RelayClient:
        return await RelayClient.connect("127.0.0.1", front_port, "Ann")

    session = OnlineSession(ann, messages("en"), Speaker(lines), None, keys,
                            reconnect=reconnect)
    running = asyncio.create_task(session.run())
    ann.send("start")
    await heard(lines, "Your cards:")
    processes[ann_port].send_signal(signal.SIGKILL)
    killed = time.monotonic()
    await heard(lines, "The connection to the relay is lost. Reconnecting")
    await heard(lines, "The game was lost: the server that ran it stopped. Back to the lobby.",
                30.0)
    told_after = time.monotonic() - killed
    lobby = await heard(lines, "Lobby: ")
    assert session.lobby is not None and session.game is None
    listed = [room.number for room in session.lobby.rooms]
    assert listed == [bob_room] and ann_room not in listed, lines.spoken[lobby]
    assert told_after < TTL + 2 * 2.0 + 1.0, told_after  # the TTL, and a reconnect try or two
    keys.press("escape")
    await asyncio.wait_for(running, 10.0)
    keys.close()

    result = await bob_playing
    assert result.over and not result.refusals.count("bad-field"), "Bob's game played on"
    await bob.close()


def free_ports(count: int) -> int:
    """The first of ``count`` free ports in a row."""
    import socket

    for _ in range(50):
        base = free_port()
        try:
            for offset in range(count):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", base + offset))
        except OSError:
            continue
        return base
    raise AssertionError("no free ports in a row")


def test_the_cluster_command_runs_a_front_and_its_room_processes_and_stops_them_all(
        tmp_path: Path) -> None:
    with redis_server() as redis:
        base = free_ports(3)
        cluster = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "cluster", "--port", str(base),
             "--processes", "2", "--redis", redis.url, "--no-accounts", "--heartbeat",
             str(HEARTBEAT)], env=environment(tmp_path, "cluster"), stderr=subprocess.PIPE,
            text=True)
        try:
            for port in (base, base + 1, base + 2):
                wait_for_relay(port)

            async def visit() -> int:
                ann = await RelayClient.connect("127.0.0.1", base, "Ann")
                ann.send("create_room")
                await ann.expect("room")
                port = int(ann.writer.get_extra_info("peername")[1])
                await ann.close()
                return port

            assert asyncio.run(visit()) in (base + 1, base + 2)
        finally:
            cluster.send_signal(signal.SIGTERM)
            _, log = cluster.communicate(timeout=30)
    assert cluster.returncode == 0, log
    assert "Traceback" not in log, log
    assert log.count("room process listening on") == 2 and "front listening on" in log
    assert log.count("relay stopping") == 3, log


def test_a_draining_room_process_takes_no_new_room_and_stops_once_its_games_end(
        tmp_path: Path) -> None:
    """SIGUSR1 drains a room process: the game under way there plays to its end, new rooms
    open on the other process, and once the game is over its player is sent back to the
    lobby and the process stops by itself: a restart that loses no game."""
    with two_room_processes(tmp_path) as running:
        drained = asyncio.run(_drained(running.front_port, running.processes, running.redis))
        assert running.processes[drained].wait(timeout=20) == 0
    assert all("Traceback" not in log for log in running.logs.values()), running.logs
    assert "cluster: drained" in running.logs[drained]


async def _drained(front_port: int, processes: dict[int, subprocess.Popen[str]],
                   redis: str) -> int:
    ann = await RelayClient.connect("127.0.0.1", front_port, "Ann")
    await room_with_a_bot(ann)
    port = int(ann.writer.get_extra_info("peername")[1])
    ann.send("start")
    started = await ann.expect("game_started")
    processes[port].send_signal(signal.SIGUSR1)
    directory = Directory(redis)
    for _ in range(100):  # until the directory says it drains
        if any(entry.draining for entry in await directory.processes()):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the process never said it drains")
    await directory.close()
    bob = await RelayClient.connect("127.0.0.1", front_port, "Bob")
    bob.send("create_room")
    await bob.expect("room")
    assert bob.writer.get_extra_info("peername")[1] != port, "no new room on a draining one"
    result = await play_seat(ann, started, pace=FAST, timeout=90.0)
    assert result.over, "the game under way played to its end"
    await ann.expect("rooms", timeout=3 * HEARTBEAT + 5.0)
    assert ann.writer.get_extra_info("peername")[1] == front_port, "back in the front's lobby"
    await ann.close()
    await bob.close()
    return port
