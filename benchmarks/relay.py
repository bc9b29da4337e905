"""How fast the relay fans a message out to a room, and what a connection costs it, beside ngircd.

    python benchmarks/relay.py [--rooms 1,8,64] [--room-size 8] [--seconds 5] [--idle 1000]
                               [--no-ngircd]

The relay runs as its own process (``audiospoons serve``) on 127.0.0.1, as players meet it; the
clients run here, in one asyncio loop. In every room each member in turn says a chat line
carrying the moment it was sent (each member once a second, within the relay's chat limit), and
every other member notes how long it took to arrive: the same path a game event takes from the
relay's room to every seat. The same rooms then run through ngircd (Debian's ``ngircd``, in the
foreground on 127.0.0.1, with no per-address cap and no flood penalty) as IRC channels, and the
two are printed side by side. Memory: the relay's resident size before and after ``--idle``
connections that said hello and then nothing, per connection.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiospoons.net.client import RelayClient  # noqa: E402


@dataclass(slots=True)
class Run:
    """Latencies (seconds) from a send to each other member's receipt, and how many arrived."""

    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def wait_for_port(port: int) -> None:
    for _ in range(100):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


# --------------------------------------------------------------------- the relay

async def relay_rooms(port: int, rooms: int, size: int) -> list[list[RelayClient]]:
    tables: list[list[RelayClient]] = []
    for number in range(rooms):
        members = [await RelayClient.connect("127.0.0.1", port, f"r{number}p{seat}")
                   for seat in range(size)]
        members[0].send("create_room", name=f"Room {number}")
        room = (await members[0].expect("room"))["room"]
        for member in members[1:]:
            member.send("join_room", room=room)
            await member.expect("room", where=lambda m: not m.get("playing"))
        tables.append(members)
    return tables


async def relay_fanout(port: int, rooms: int, size: int, seconds: float) -> Run:
    tables = await relay_rooms(port, rooms, size)
    await asyncio.sleep(0.5)
    for members in tables:
        for member in members:
            member.pending.clear()
    run = Run()

    async def listen(member: RelayClient, stop: float) -> None:
        loop = asyncio.get_running_loop()
        while loop.time() < stop + 1.0:
            try:
                message = await member.receive(max(0.05, stop + 1.0 - loop.time()))
            except Exception:
                return
            if message["kind"] == "chat" and message["name"] != member.name:
                run.latencies.append(time.perf_counter() - float(message["text"]))

    async def speak(members: list[RelayClient], offset: float, stop: float) -> None:
        loop = asyncio.get_running_loop()
        turn = 0
        start = loop.time()
        while loop.time() < stop:
            await asyncio.sleep(max(0.0, start + offset + turn / size - loop.time()))
            members[turn % size].send("chat", text=repr(time.perf_counter()))
            turn += 1

    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds
    tasks = [listen(member, stop) for members in tables for member in members]
    tasks += [speak(members, index / max(1, rooms) / size, stop)
              for index, members in enumerate(tables)]
    await asyncio.gather(*tasks)
    run.seconds = seconds
    for members in tables:
        for member in members:
            await member.close()
    return run


async def relay_idle_memory(port: int, pid: int, count: int) -> float:
    before = resident_kib(pid)
    clients = []
    for index in range(count):
        clients.append(await RelayClient.connect("127.0.0.1", port, f"idle{index}"))
    await asyncio.sleep(0.5)
    after = resident_kib(pid)
    for client in clients:
        await client.close()
    return (after - before) / count


# --------------------------------------------------------------------- ngircd

NGIRCD_CONF = """[Global]
Name = bench.invalid
Info = benchmark
Listen = 127.0.0.1
Ports = {port}
[Limits]
MaxConnections = 0
MaxConnectionsIP = 0
MaxJoins = 0
MaxPenaltyTime = 0
PingTimeout = 120
PongTimeout = 60
[Options]
DNS = no
Ident = no
PAM = no
"""


class IrcClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 nick: str) -> None:
        self.reader, self.writer, self.nick = reader, writer, nick

    @classmethod
    async def connect(cls, port: int, nick: str, channel: str) -> IrcClient:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        client = cls(reader, writer, nick)
        writer.write(f"NICK {nick}\r\nUSER {nick} 0 * :{nick}\r\n".encode())
        while True:
            line = (await reader.readline()).decode(errors="replace")
            if not line:
                raise RuntimeError("ngircd closed the connection")
            if line.startswith("PING"):
                writer.write(("PONG" + line[4:]).encode())
            if " 001 " in line:
                break
        writer.write(f"JOIN {channel}\r\n".encode())
        while True:
            line = (await reader.readline()).decode(errors="replace")
            if " 366 " in line:
                return client

    def say(self, channel: str, text: str) -> None:
        self.writer.write(f"PRIVMSG {channel} :{text}\r\n".encode())


async def ngircd_fanout(port: int, rooms: int, size: int, seconds: float) -> Run:
    tables = [[await IrcClient.connect(port, f"r{number}p{seat}", f"#room{number}")
               for seat in range(size)] for number in range(rooms)]
    await asyncio.sleep(0.5)
    run = Run()
    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds

    async def listen(client: IrcClient) -> None:
        while loop.time() < stop + 1.0:
            try:
                line = await asyncio.wait_for(client.reader.readline(),
                                              max(0.05, stop + 1.0 - loop.time()))
            except TimeoutError:
                return
            text = line.decode(errors="replace")
            if text.startswith("PING"):
                client.writer.write(("PONG" + text[4:]).encode())
            elif " PRIVMSG " in text:
                run.latencies.append(time.perf_counter() - float(text.rsplit(":", 1)[1]))

    async def speak(members: list[IrcClient], channel: str, offset: float) -> None:
        turn = 0
        start = loop.time()
        while loop.time() < stop:
            await asyncio.sleep(max(0.0, start + offset + turn / size - loop.time()))
            members[turn % size].say(channel, repr(time.perf_counter()))
            turn += 1

    tasks = [listen(client) for members in tables for client in members]
    tasks += [speak(members, f"#room{index}", index / max(1, rooms) / size)
              for index, members in enumerate(tables)]
    await asyncio.gather(*tasks)
    run.seconds = seconds
    for members in tables:
        for client in members:
            client.writer.close()
    return run


# --------------------------------------------------------------------- running

async def with_process(command: list[str], port: int,
                       body: Callable[[int], Awaitable[None]]) -> None:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        await wait_for_port(port)
        await body(process.pid)
    finally:
        process.terminate()
        process.wait(10)


def ms(value: float) -> str:
    return f"{value * 1000:.2f}"


async def main_async(args: argparse.Namespace) -> int:
    rooms_list = [int(text) for text in args.rooms.split(",")]
    relay_port = free_port()
    results: dict[int, Run] = {}
    memory: list[float] = []

    async def on_relay(pid: int) -> None:
        for rooms in rooms_list:
            results[rooms] = await relay_fanout(relay_port, rooms, args.room_size,
                                                args.seconds)
        memory.append(await relay_idle_memory(relay_port, pid, args.idle))

    await with_process([sys.executable, "-m", "audiospoons", "serve", "--port",
                        str(relay_port), "--max-per-address", str(args.idle + 100)],
                       relay_port, on_relay)

    irc: dict[int, Run] = {}
    ngircd = shutil.which("ngircd")
    if ngircd and not args.no_ngircd:
        irc_port = free_port()
        with tempfile.TemporaryDirectory() as folder:
            conf = Path(folder) / "ngircd.conf"
            conf.write_text(NGIRCD_CONF.format(port=irc_port), encoding="ascii")

            async def on_ngircd(pid: int) -> None:
                for rooms in rooms_list:
                    irc[rooms] = await ngircd_fanout(irc_port, rooms, args.room_size,
                                                     args.seconds)

            await with_process([ngircd, "-n", "-f", str(conf)], irc_port, on_ngircd)

    print(f"relay fan-out on 127.0.0.1: rooms of {args.room_size}, each member speaking once"
          f" a second for {args.seconds:g} s; latency from a send to each other member's"
          f" receipt (Python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    print()
    header = (f"{'rooms':>5} {'conns':>6} {'relay p50 ms':>12} {'relay p99 ms':>12}"
              f" {'msgs/s':>8}")
    if irc:
        header += f" {'ngircd p50 ms':>13} {'ngircd p99 ms':>13} {'p99 ratio':>9}"
    print(header)
    print("-" * len(header))
    for rooms in rooms_list:
        run = results[rooms]
        line = (f"{rooms:>5} {rooms * args.room_size:>6} {ms(run.percentile(0.5)):>12}"
                f" {ms(run.percentile(0.99)):>12} {run.rate:>8.0f}")
        if rooms in irc:
            other = irc[rooms]
            ratio = run.percentile(0.99) / other.percentile(0.99)
            line += (f" {ms(other.percentile(0.5)):>13} {ms(other.percentile(0.99)):>13}"
                     f" {ratio:>9.2f}")
        print(line)
    print()
    print(f"memory: {memory[0]:.1f} KiB of the relay's resident size per idle connection"
          f" ({args.idle} connections that said hello)")
    if not irc:
        print("ngircd: not compared (install Debian's ngircd, or drop --no-ngircd)")
    goal = results.get(1)
    if goal is not None:
        print(f"goal, one 8-seat room p99 <= 1 ms: {ms(goal.percentile(0.99))} ms")
    busy = results.get(64)
    if busy is not None:
        print(f"goal, 64 busy rooms of 8 p99 <= 2 ms: {ms(busy.percentile(0.99))} ms")
    print(f"goal, at most 20 KiB per idle connection: {memory[0]:.1f} KiB")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="1,8,64",
                        help="room counts to measure, comma separated (default 1,8,64)")
    parser.add_argument("--room-size", type=int, default=8, help="members a room (default 8)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds of talk per measurement (default 5)")
    parser.add_argument("--idle", type=int, default=1000,
                        help="idle connections for the memory figure (default 1000)")
    parser.add_argument("--no-ngircd", action="store_true", help="measure the relay alone")
    return asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
