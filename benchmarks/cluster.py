"""Capacity of a cluster of relay processes on Redis, against one relay process alone.

    python benchmarks/cluster.py [--rooms 24] [--room-size 4] [--seconds 45]
                                 [--counts 1,2,4] [--workers 2] [--seed 1]

For each number of room processes in ``--counts`` it starts a redis-server of its own (a free
port of 127.0.0.1, a temporary folder, stopped by its pid), a front and that many room
processes (``audiospoons front`` and ``audiospoons serve --redis``, with no accounts), and runs
the soak's clients against the front (``soak.run_clients``: every seat a remote bot, quick games
back to back for ``--seconds``, no connection cut). The clients follow ``moved`` to the room
processes as any client does. Printed for each count: rooms, games finished and games a minute,
the room processes' CPU seconds in all and per game, the busiest room process's share of a
core, the front's CPU, and the round trip of a ping through the front and on a room process
(p50 of 8), and how long ``create_room`` takes to be answered with the room (p50 of 9):
through the front it is sent on (``moved``), and the client connects to the room process,
says hello with its ticket, and asks again. The same ``create_room`` on a
lone relay (``audiospoons serve``) is measured first, for the cost of a move.

This machine runs the clients too: with two cores the clients' own CPU is what limits the games
a minute. The capacity a process count gives is read from CPU per game: a room process can carry
about ``0.6 core / (CPU per game)`` games a second at 60 % busy, and the processes' rooms add up.
Everything stops by itself; every process started is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from relay import ROOT, cpu_seconds, free_port, wait_for_port
from soak import HOST, Watch, run_clients

from audiospoons.net.client import RelayClient

CREATES = 9
"""Rooms opened and left to time ``create_room``: the first of a process's is slower."""
PINGS = 8
"""Pings on a connection, twice over on a lone relay: within its burst for pings (20)."""


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(prefix="audiospoons-bench-redis-"))
    port = free_port()
    process = subprocess.Popen(
        [shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind", HOST,
         "--dir", str(folder), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    break
            time.sleep(0.05)
        yield f"redis://{HOST}:{port}/0"
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def relay_process(role: str, port: int, total: int, redis: str | None
                  ) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "audiospoons", role, "--host", HOST, "--port", str(port),
               "--no-accounts", "--max-per-address", str(total + 100),
               "--max-connections", str(total + 100), "--max-rooms-per-address",
               str(total + 100), "--heartbeat", "1"]
    if redis is not None:
        command += ["--redis", redis]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=ROOT)


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def round_trips(client: RelayClient) -> float:
    """The p50 of ``PINGS`` pings on ``client``'s connection, in ms."""
    trips = []
    for index in range(PINGS):
        sent = time.perf_counter()
        client.send("ping", t=index)
        await client.expect("pong", where=lambda message, t=index: message["t"] == t)
        trips.append((time.perf_counter() - sent) * 1000)
    return statistics.median(trips)


async def paths(port: int) -> tuple[float, float, float]:
    """Ping through the front (or a lone relay), ``create_room`` to its room (the p50 of
    ``CREATES``, each room left again, back to the lobby), and a ping on the connection the
    room is on: ms."""
    client = await RelayClient.connect(HOST, port, "Probe")
    first = await round_trips(client)
    times = []
    for _ in range(CREATES):
        sent = time.perf_counter()
        client.send("create_room")
        await client.expect("room")
        times.append((time.perf_counter() - sent) * 1000)
        client.send("leave_room")
        await client.expect("rooms")
    client.send("create_room")
    await client.expect("room")
    second = await round_trips(client)
    await client.close()
    return first, statistics.median(times), second


def measure(args: argparse.Namespace, count: int) -> dict[str, float]:
    total = args.rooms * args.room_size
    with redis_server() as redis:
        rooms = [relay_process("serve", free_port(), total, redis) for _ in range(count)]
        front_port = free_port()
        front = relay_process("front", front_port, total, redis)
        everyone = [*rooms, front]
        try:
            wait_for_port(front_port)
            time.sleep(1.5)  # the room processes' first heartbeats
            ping_front, created, ping_room = asyncio.run(paths(front_port))
            before = {process.pid: cpu_seconds(process.pid) for process in everyone}
            tally, seconds = run_clients(args, front_port, front, Watch(front.pid))
            used = {process.pid: cpu_seconds(process.pid) - before[process.pid]
                    for process in everyone}
        finally:
            stop(everyone)
    for failure in tally.failed[:3]:
        print(f"  failed: {failure}", flush=True)
    for code, count in tally.errors.most_common(5):
        print(f"  error {code} x{count}: {tally.said.get(code, '')}", flush=True)
    games = len(tally.finished)
    room_cpu = sum(used[process.pid] for process in rooms)
    return {"processes": count, "rooms": args.rooms, "games": games,
            "failed": len(tally.failed), "per_minute": games * 60 / seconds,
            "room_cpu": room_cpu, "cpu_per_game": room_cpu / games * 1000 if games else 0.0,
            "busiest": max(used[process.pid] for process in rooms) / seconds * 100,
            "front_cpu": used[front.pid], "ping_front": ping_front, "ping_room": ping_room,
            "created": created}


def alone() -> tuple[float, float]:
    """A ping and ``create_room`` on a lone relay, ms."""
    port = free_port()
    process = relay_process("serve", port, 10, None)
    try:
        wait_for_port(port)
        ping, created, _ = asyncio.run(paths(port))
    finally:
        stop([process])
    return ping, created


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--room-size", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--counts", default="1,2,4")
    parser.add_argument("--workers", type=int, default=2,
                        help="processes the clients run in (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    soak_args = argparse.Namespace(
        rooms=args.rooms, room_size=args.room_size, seconds=args.seconds, grace=30.0,
        warm_up=args.seconds / 2, kill_share=0.0, lost_share=0.0, processes=args.workers,
        option=[], seed=args.seed)
    ping, created = alone()
    print(f"lone relay: ping p50 {ping:.2f} ms, create_room to its room {created:.2f} ms")
    print("processes  rooms  games  failed  games/min  room CPU s  CPU/game ms  busiest"
          "  front CPU s  ping front  ping room  create_room")
    failed = 0
    for count in [int(part) for part in args.counts.split(",")]:
        row = measure(soak_args, count)
        failed += int(row["failed"])
        print(f"{count:>9}  {row['rooms']:>5.0f}  {row['games']:>5.0f}  {row['failed']:>6.0f}"
              f"  {row['per_minute']:>9.1f}  {row['room_cpu']:>10.1f}"
              f"  {row['cpu_per_game']:>11.1f}  {row['busiest']:>6.1f}%"
              f"  {row['front_cpu']:>11.2f}  {row['ping_front']:>7.2f} ms"
              f"  {row['ping_room']:>6.2f} ms  {row['created']:>8.2f} ms", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
