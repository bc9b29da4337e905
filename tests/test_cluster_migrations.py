"""A new cluster on a database no process has used yet: a front and two room processes, real
processes started at once on a fresh data folder (SQLite) or a fresh PostgreSQL database, each
bring the tables up to date under a lock, one after another, and all three keep accounts: a
player registered at the front is greeted by their account on each room process. A process
whose database cannot be brought up to date says so and does not serve."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from postgres import postgres_server
from redisserver import redis_server
from test_online_pty import environment, free_port

from audiospoons.net.client import Login, RelayClient

HEARTBEAT = 0.5


def start(tmp_path: Path, role: str, port: int, redis: str, store: list[str]
          ) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "audiospoons", role, "--port", str(port), "--redis", redis,
         *store, "--heartbeat", str(HEARTBEAT), "--max-per-address", "100"],
        env=environment(tmp_path, f"{role}{port}"), stderr=subprocess.PIPE, text=True)


def serving(port: int, process: subprocess.Popen[str]) -> None:
    """Wait until ``process`` listens on ``port``; fail if it stops first."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the process on port {port} stopped"
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port}")


@contextlib.contextmanager
def started_at_once(tmp_path: Path, store: list[str]) -> Iterator[tuple[int, dict[int, str]]]:
    """A front and two room processes started in the same instant on ``store``; yields the
    front's port and, once they have stopped, what each wrote to stderr (by port)."""
    logs: dict[int, str] = {}
    with redis_server() as redis:
        ports = [free_port(), free_port(), free_port()]
        roles = ["front", "serve", "serve"]
        processes = [start(tmp_path, role, port, redis.url, store)
                     for role, port in zip(roles, ports, strict=True)]
        try:
            for port, process in zip(ports, processes, strict=True):
                serving(port, process)
            yield ports[0], logs
        finally:
            for process in processes:
                if process.poll() is None:
                    process.terminate()
            logs.update({port: process.communicate(timeout=20)[1]
                         for port, process in zip(ports, processes, strict=True)})


async def keep_accounts_everywhere(front_port: int) -> None:
    """Ann and Bob register at the front and each open a room, one on each room process; on
    each, they are their accounts (their games are theirs to ask for), not guests."""
    ports = set()
    for name in ("Ann", "Bob"):
        player = await RelayClient.connect("127.0.0.1", front_port, name,
                                           login=Login(password=f"{name}-secret-1",
                                                       register=True))
        assert player.guest is False, f"the front keeps {name}'s account"
        player.send("create_room")
        await player.expect("room")
        ports.add(player.writer.get_extra_info("peername")[1])
        player.send("my_games")
        answer = await player.expect("my_games", "error")
        assert answer["kind"] == "my_games", f"{name}'s room process: {answer}"
        await player.close()
    assert len(ports) == 2, "one room on each process"


def test_three_processes_started_at_once_on_a_fresh_data_folder_all_keep_accounts(
        tmp_path: Path) -> None:
    with started_at_once(tmp_path, ["--data", str(tmp_path / "data")]) as (front, logs):
        asyncio.run(keep_accounts_everywhere(front))
    for log in logs.values():
        assert "could not be opened" not in log and "Traceback" not in log, logs


def test_three_processes_started_at_once_on_a_fresh_postgresql_database_all_keep_accounts(
        tmp_path: Path) -> None:
    with postgres_server() as server, started_at_once(
            tmp_path, ["--database", server.url()]) as (front, logs):
        asyncio.run(keep_accounts_everywhere(front))
    for log in logs.values():
        assert "could not be opened" not in log and "Traceback" not in log, logs


def test_a_room_process_whose_database_will_not_open_says_so_and_does_not_serve(
        tmp_path: Path) -> None:
    corrupt = tmp_path / "data" / "relay.db"
    corrupt.parent.mkdir()
    corrupt.write_bytes(b"this is not a database" * 100)
    with redis_server() as redis:
        port = free_port()
        process = start(tmp_path, "serve", port, redis.url, ["--data", str(corrupt.parent)])
        _, log = process.communicate(timeout=60)
    assert process.returncode == 1, log
    assert "could not be opened" in log and "does not serve without its database" in log, log
    assert "listening" not in log, log


def test_the_cluster_command_stops_with_a_reason_when_its_database_will_not_open(
        tmp_path: Path) -> None:
    from test_cluster_processes import free_ports

    data = tmp_path / "data"
    data.mkdir()
    (data / "relay.db").write_bytes(b"this is not a database" * 100)
    with redis_server() as redis:
        cluster = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "cluster", "--port", str(free_ports(3)),
             "--processes", "2", "--redis", redis.url, "--data", str(data), "--heartbeat",
             str(HEARTBEAT)], env=environment(tmp_path, "cluster"), stderr=subprocess.PIPE,
            text=True)
        try:
            _, log = cluster.communicate(timeout=60)
        finally:
            if cluster.poll() is None:
                cluster.terminate()
                cluster.communicate(timeout=30)
    assert cluster.returncode == 1, log
    assert "does not serve without its database" in log, log
    assert "front listening" not in log, log
