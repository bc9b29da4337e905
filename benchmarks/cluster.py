"""Capacity of a cluster of relay processes on Redis, against one relay process alone.

    python benchmarks/cluster.py [--rooms 24] [--room-size 4] [--seconds 45]
                                 [--counts 1,2,4] [--workers 2] [--seed 1]
    python benchmarks/cluster.py --attacks

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
lone relay (``audiospoons serve``) is measured first, for the cost of a move, and the event loop
it ran on (as its log says; the room processes run on the same) is printed. With counts 1 and 2,
the CPU per game on two room processes is printed against one's, beside its goal.

This machine runs the clients too: with two cores the clients' own CPU is what limits the games
a minute. The capacity a process count gives is read from CPU per game: a room process can carry
about ``0.6 core / (CPU per game)`` games a second at 60 % busy, and the processes' rooms add up.
Everything stops by itself; every process started is stopped.

``--attacks`` attacks a cluster's tickets and bans instead, one attack after another, while a
victim in a room on a room process pings it four times a second (its round trips printed
before, during and after each): a ticket replayed at its process, at the other, from another
address and at the front, and eight ``create_room`` at once from one address (the rooms its
tickets open); then a moderator at the front bans a guest sitting on a room process (how soon
the guest is cut off), and the guest tries to come back with tickets kept from before.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import IO, Any

from relay import LOOP_SAID, ROOT, cpu_seconds, free_port, wait_for_port
from soak import HOST, Watch, run_clients

from audiospoons.net.client import RelayClient

SPREAD_GOAL = 1.1
"""The most a game may cost the room processes in CPU on two of them, against one."""
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


def relay_process(role: str, port: int, total: int, redis: str | None,
                  log: IO[bytes] | None = None) -> subprocess.Popen[bytes]:
    """``audiospoons serve`` (or ``front``), its log to ``log`` if given."""
    command = [sys.executable, "-m", "audiospoons", role, "--host", HOST, "--port", str(port),
               "--no-accounts", "--max-per-address", str(total + 100),
               "--max-connections", str(total + 100), "--max-rooms-per-address",
               str(total + 100), "--heartbeat", "1"]
    if redis is not None:
        command += ["--redis", redis]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL if log is None else log, cwd=ROOT)


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


def alone() -> tuple[float, float, str]:
    """A ping and ``create_room`` on a lone relay, ms; and the event loop it ran on, as its
    log says (a room process runs on the same)."""
    port = free_port()
    with tempfile.TemporaryFile() as log:
        process = relay_process("serve", port, 10, None, log)
        try:
            wait_for_port(port)
            ping, created, _ = asyncio.run(paths(port))
        finally:
            stop([process])
        log.seek(0)
        said = LOOP_SAID.search(log.read().decode("utf-8", "replace"))
    return ping, created, said.group(1) if said else "asyncio (not said)"


# --------------------------------------------------------------------- attacks on the cluster

ATTACK_ADDRESS = "127.0.2.2"
"""Where the ticket replayer comes from, and (``ELSEWHERE``) where it replays from as well."""
ELSEWHERE = "127.0.3.2"
THIEF_ADDRESS = "127.0.4.2"
"""Where the player the moderator bans comes from: a /24 of its own, so that the ban on its
address group touches neither the victim nor the moderator (127.0.0.1)."""
MODERATOR = "Mo"
MODERATOR_PASSWORD = "benchmark-1"


async def register_moderator(data: str) -> None:
    """Register ``MODERATOR`` in the accounts kept in ``data``, as an operator does before
    naming it with ``--admin``."""
    from audiospoons.net.accounts import Accounts
    from audiospoons.net.storage.store import Storage

    accounts = Accounts(await Storage.open(str(Path(data) / "relay.db")))
    try:
        await accounts.register(MODERATOR, MODERATOR_PASSWORD, "127.0.0.0/24", time.time(), 0.0)
    finally:
        accounts.close()
        if accounts.storage is not None:
            await accounts.storage.close()
HOPS = 6
"""Times the banned player tries to come back with a ticket."""
VICTIM_PING = 0.25
"""Seconds between the victim's pings: within one connection's budget for pings."""


class Line:
    """A client written from docs/protocol.md over one connection from ``address``: lines of
    JSON, a pong for every ping."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def greet(cls, port: int, address: str, greeting: dict[str, Any]
                    ) -> tuple[Line, dict[str, Any]]:
        line = cls(*await asyncio.open_connection(HOST, port, local_addr=(address, 0)))
        line.send({"version": 2, **greeting})
        return line, await line.next()

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            raw = await asyncio.wait_for(self.reader.readline(), timeout)
            if not raw:
                return {"kind": "closed"}
            message: dict[str, Any] = json.loads(raw)
            if message["kind"] != "ping":
                return message
            self.send({"kind": "pong", "t": message["t"]})

    async def answer(self, request: dict[str, Any], *kinds: str) -> dict[str, Any]:
        self.send(request)
        return await self.until(*kinds)

    async def until(self, *kinds: str) -> dict[str, Any]:
        while (message := await self.next())["kind"] not in (*kinds, "closed"):
            pass
        return message

    def close(self) -> None:
        self.writer.close()


async def ticket_for(port: int, address: str, name: str, request: dict[str, Any]
                     ) -> dict[str, Any]:
    """The ``moved`` the front answers ``request`` with, for a guest from ``address``."""
    line, hello = await Line.greet(port, address, {"kind": "hello", "name": name})
    assert hello["kind"] == "hello", hello
    moved = await line.answer(request, "moved", "error")
    line.close()
    return moved


async def use(port: int, address: str, name: str, moved: dict[str, Any]
              ) -> tuple[Line, dict[str, Any]]:
    """``moved``'s ticket shown at ``port`` from ``address``; the line and the answer (once
    greeted: to ``then``)."""
    line, hello = await Line.greet(port, address, {"kind": "hello", "name": name,
                                                   "ticket": moved["ticket"]})
    if hello["kind"] != "hello":
        line.close()
        return line, hello
    return line, await line.answer(moved["then"], "room", "error")


@dataclass
class VictimTrips:
    """A player in a room on a room process, pinging it every ``VICTIM_PING``: each round
    trip, by when it came back, and the pings that never did."""

    client: RelayClient
    trips: list[tuple[float, float]] = dataclass_field(default_factory=list)
    sent: dict[int, float] = dataclass_field(default_factory=dict)

    async def run(self) -> None:
        async def read() -> None:
            while True:
                message = await self.client.receive()
                if message["kind"] == "pong" and message["t"] in self.sent:
                    now = time.perf_counter()
                    self.trips.append((now, now - self.sent.pop(message["t"])))

        reading = asyncio.create_task(read())
        try:
            for number in itertools.count():
                self.sent[number] = time.perf_counter()
                self.client.send("ping", t=number)
                await asyncio.sleep(VICTIM_PING)
        finally:
            reading.cancel()

    def window(self, start: float, end: float) -> str:
        trips = sorted(trip * 1000 for at, trip in self.trips if start <= at < end)
        lost = sum(1 for sent in self.sent.values() if start <= sent < end - 2.0)
        if not trips:
            return f"no pongs, {lost} lost"
        p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))]
        return (f"p50 {statistics.median(trips):.2f} ms, p95 {p95:.2f} ms, max"
                f" {trips[-1]:.2f} ms, {len(trips)} pongs, {lost} lost")


async def replay_tickets(front: int, processes: list[int]) -> list[str]:
    """One guest ticket shown again and again: at its process, at the other, from another
    address, at the front; and eight ``create_room`` at once from one address."""
    said = []
    moved = await ticket_for(front, ATTACK_ADDRESS, "Pat", {"kind": "create_room"})
    other = next(port for port in processes if port != moved["port"])
    first, answer = await use(moved["port"], ATTACK_ADDRESS, "Pat", moved)
    said.append(f"first use: {answer['kind']}")
    tries = [(moved["port"], ATTACK_ADDRESS), (moved["port"], ATTACK_ADDRESS),
             (other, ATTACK_ADDRESS), (moved["port"], ELSEWHERE), (front, ATTACK_ADDRESS),
             (other, ELSEWHERE)]
    outcomes: Counter[str] = Counter()
    rooms = 0
    for port, address in tries:
        line, answer = await use(port, address, "Pat", moved)
        outcomes[answer.get("code", answer["kind"])] += 1
        rooms += answer["kind"] == "room"
        line.close()
    said.append(f"replayed {len(tries)} times (its process twice, the other, from another"
                f" address, at the front): {dict(outcomes)}; rooms opened by replays: {rooms}")
    lines = [(await Line.greet(front, ATTACK_ADDRESS, {"kind": "hello",
                                                       "name": f"Pat {n}"}))[0]
             for n in range(8)]
    for line in lines:
        line.send({"kind": "create_room"})
    answers = [await line.until("moved", "error") for line in lines]
    tickets = [answer for answer in answers if answer["kind"] == "moved"]
    opened = 0
    for number, ticket in enumerate(tickets):
        line, answer = await use(ticket["port"], ATTACK_ADDRESS, f"Pat {number}", ticket)
        opened += answer["kind"] == "room"
    refused = Counter(str(answer.get("code", answer["kind"])) for answer in answers
                      if answer["kind"] != "moved")
    said.append(f"8 create_room at once from one address, 1 room of its open: {len(tickets)}"
                f" tickets, {opened} rooms opened (the limit is 4), refused {dict(refused)}")
    first.close()
    return said


async def hop_past_a_ban(front: int, processes: list[int]) -> list[str]:
    """A moderator at the front bans a guest sitting in a room on a room process; the guest
    then tries to come back with tickets kept from before, one hop after another."""
    said = []
    moderator, hello = await Line.greet(front, "127.0.0.1", {
        "kind": "login", "name": MODERATOR, "password": MODERATOR_PASSWORD})
    if not hello.get("moderator"):
        return [f"not run: the moderator's login was answered {hello}"]
    moved = await ticket_for(front, ATTACK_ADDRESS, "Hal", {"kind": "create_room"})
    host, answer = await use(moved["port"], ATTACK_ADDRESS, "Hal", moved)
    room = answer["room"]
    moved = await ticket_for(front, THIEF_ADDRESS, "Thief", {"kind": "join_room", "room": room})
    thief, _ = await use(moved["port"], THIEF_ADDRESS, "Thief", moved)
    kept = [await ticket_for(front, THIEF_ADDRESS, "Thief", {"kind": "spectate", "room": room})
            for _ in range(HOPS)]
    sent = time.perf_counter()
    done = await moderator.answer({"kind": "kick", "name": "Thief", "scope": "relay",
                                   "minutes": 5}, "moderated", "error")
    told = time.perf_counter() - sent
    try:
        cut = await thief.next(timeout=3.0)
    except TimeoutError:
        cut = {"kind": "nothing in 3 s"}
    cut_after = time.perf_counter() - sent
    said.append(f"the moderator's ban: {done.get('code', done['kind'])} after"
                f" {told * 1000:.1f} ms; the guest on the room process heard"
                f" {cut.get('code', cut['kind'])} {cut_after * 1000:.1f} ms after the ban")
    thief.close()
    while any(seat["name"] == "Thief" for seat in (await host.until("room"))["seats"]):
        pass  # until the room has let go of the guest's seat, cut off or hung up
    outcomes: Counter[str] = Counter()
    started = time.perf_counter()
    for ticket in kept:
        line, answer = await use(ticket["port"], THIEF_ADDRESS, "Thief", ticket)
        outcomes[answer.get("code", answer["kind"])] += 1
        line.close()
    _, again = await Line.greet(front, THIEF_ADDRESS, {"kind": "hello", "name": "Thief"})
    outcomes["front: " + str(again.get("code", again["kind"]))] += 1
    said.append(f"{HOPS} hops with kept tickets, then a hello at the front, over"
                f" {time.perf_counter() - started:.2f} s: {dict(outcomes)}")
    moderator.close()
    host.close()
    return said


async def attack_with_victim(front: int, processes: list[int]) -> None:
    victim = await RelayClient.connect(HOST, front, "Vic")
    victim.send("create_room")
    await victim.expect("room")
    trips = VictimTrips(victim)
    pinging = asyncio.create_task(trips.run())
    for title, attack in (("ticket replay", replay_tickets),
                          ("ban evasion by ticket hops", hop_past_a_ban)):
        before = time.perf_counter()
        await asyncio.sleep(2.0)
        start = time.perf_counter()
        said = await attack(front, processes)
        end = time.perf_counter()
        await asyncio.sleep(2.5)
        print(f"== {title} ({end - start:.2f} s)")
        for line in said:
            print(f"  attacker: {line}")
        print(f"  victim before: {trips.window(before, start)}")
        print(f"  victim during: {trips.window(start, end + 0.25)}")
        print(f"  victim after:  {trips.window(end + 0.25, time.perf_counter())}", flush=True)
    pinging.cancel()
    await victim.close()


def attacks() -> int:
    """The cluster attacked: a front and two room processes keeping accounts (SQLite, a
    folder of its own), a moderator named; a victim in a room on a room process pings it
    throughout."""
    with redis_server() as redis, tempfile.TemporaryDirectory() as data:
        ports = [free_port(), free_port()]
        front_port = free_port()
        asyncio.run(register_moderator(data))
        shared = ["--redis", redis, "--host", HOST, "--data", data, "--admin", MODERATOR,
                  "--heartbeat", "1"]
        everyone = [subprocess.Popen([sys.executable, "-m", "audiospoons", role, "--port",
                                      str(port), *shared], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, cwd=ROOT)
                    for role, port in (("serve", ports[0]), ("serve", ports[1]),
                                       ("front", front_port))]
        try:
            for port in (*ports, front_port):
                wait_for_port(port)
            time.sleep(1.5)  # the room processes' first heartbeats
            asyncio.run(attack_with_victim(front_port, ports))
        finally:
            stop(everyone)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--room-size", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--counts", default="1,2,4")
    parser.add_argument("--workers", type=int, default=2,
                        help="processes the clients run in (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--attacks", action="store_true",
                        help="attack the cluster's tickets and bans instead, beside a victim")
    args = parser.parse_args(argv)
    if args.attacks:
        return attacks()
    soak_args = argparse.Namespace(
        rooms=args.rooms, room_size=args.room_size, seconds=args.seconds, grace=30.0,
        warm_up=args.seconds / 2, kill_share=0.0, lost_share=0.0, processes=args.workers,
        option=[], seed=args.seed)
    ping, created, loop = alone()
    print(f"lone relay: ping p50 {ping:.2f} ms, create_room to its room {created:.2f} ms;"
          f" event loop: {loop}")
    print("processes  rooms  games  failed  games/min  room CPU s  CPU/game ms  busiest"
          "  front CPU s  ping front  ping room  create_room")
    failed = 0
    per_game: dict[int, float] = {}
    for count in [int(part) for part in args.counts.split(",")]:
        row = measure(soak_args, count)
        failed += int(row["failed"])
        per_game[count] = row["cpu_per_game"]
        print(f"{count:>9}  {row['rooms']:>5.0f}  {row['games']:>5.0f}  {row['failed']:>6.0f}"
              f"  {row['per_minute']:>9.1f}  {row['room_cpu']:>10.1f}"
              f"  {row['cpu_per_game']:>11.1f}  {row['busiest']:>6.1f}%"
              f"  {row['front_cpu']:>11.2f}  {row['ping_front']:>7.2f} ms"
              f"  {row['ping_room']:>6.2f} ms  {row['created']:>8.2f} ms", flush=True)
    if per_game.get(1) and per_game.get(2):
        print(f"goal, CPU per game on 2 room processes <= {SPREAD_GOAL:g} x on 1:"
              f" {per_game[2] / per_game[1]:.2f} x ({per_game[2]:.1f} ms against"
              f" {per_game[1]:.1f} ms)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
