"""How fast the relay fans a message out to a room, and what a connection costs it, beside ngircd.

    python benchmarks/relay.py [--rooms 1,8,64] [--room-size 8] [--seconds 5] [--idle 1000]
                               [--processes 1] [--runs 3] [--event-loop uvloop|asyncio]
                               [--starts 5] [--no-ngircd]

The relay runs as its own process (``audiospoons serve``) on 127.0.0.1, as players meet it. In
every room each member in turn says a chat line carrying the moment it was sent (each member
once a second, within the relay's chat limit; the rooms' turns are spread evenly over the
second), and every other member notes how long it took to arrive: the same path a game event
takes from the relay's room to every seat. The same rooms then run through ngircd (Debian's
``ngircd``, in the foreground on 127.0.0.1, with no per-address cap and no flood penalty) as IRC
channels, measured by the same client code, and the two are printed side by side. Both servers
run from the start to the end, each room count is measured on one and then at once on the
other, and all of it ``--runs`` times over: the run of the median p99 is printed for each, so
that the machine's other work falls on both alike. The relay keeps no accounts, and runs on
the event loop it chooses (``--event-loop`` to choose), which is printed.

What "arrive" means: the clients are plain non-blocking sockets read with ``recvmsg``, each read
carrying the kernel's receive time (``SO_TIMESTAMPNS``), the moment the server's ``send`` put the
bytes in the member's socket. The latency printed (p50, p99 and the ratio of the p99s) runs from
the speaker's ``send`` to that moment: the server's waking, its work and its writes, and nothing
of the clients' own scheduling, which would otherwise count against the server (one client loop
reading 512 sockets reads a broadcast's seven copies one after another, and is itself woken late
when the machine is busy). What the clients' loop adds is shown beside it, as "loop p99": from
the send to the moment the client's loop read the line. The clients run in ``--processes``
worker processes, whole rooms to each; they share the machine's cores with the server.

Memory: in a fresh relay keeping no accounts (as ngircd keeps none), a fresh relay keeping
them in SQLite (as ``serve`` does by default), and a fresh ngircd, before any fan-out has grown
their heaps: what the first connection to say hello (for ngircd: NICK, USER and its welcome)
and leave adds to the resident size once (the relay reads its table of look-alike characters
then), and the resident size before and after ``--idle`` more connections that said hello and
then nothing, per connection. At rest: a relay that keeps no accounts and
joins no cluster (``serve --no-accounts``), and one keeping them in SQLite (``serve``), from its
process's start to its log's "listening" line, and its resident size then (the median of
``--starts`` starts, with the modules' bytecode written by a start before them, as an installed
package has it; Python's own start, ``python -c pass``, is printed beside it). CPU: the share
of one core the server's thread ran for, over each run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
"""Linux's socket option for a receive time on each read (``SO_TIMESTAMPNS_OLD``)."""
ROOT = Path(__file__).resolve().parent.parent
STAMP = b"^"
"""Fences the speaker's seat and send time inside a chat line: ``^seat:time^``."""


@dataclass(slots=True)
class Run:
    """Latencies (seconds) from a send to each other member's socket (``kernel``) and to the
    moment its client's loop read it (``loop``); the server's CPU seconds over ``seconds``."""

    kernel: list[float] = field(default_factory=list)
    loop: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu: float = 0.0

    @staticmethod
    def percentile(values: list[float], share: float) -> float:
        ordered = sorted(values)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @property
    def rate(self) -> float:
        return len(self.kernel) / self.seconds if self.seconds else 0.0


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


def cpu_seconds(pid: int) -> float:
    """Time the process's main thread has run on a CPU (both servers run in one thread)."""
    with open(f"/proc/{pid}/schedstat", encoding="ascii") as stat:
        return int(stat.read().split()[0]) / 1e9


def wait_for_port(port: int) -> None:
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1.0).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


# --------------------------------------------------------------------- the clients

class LineClient:
    """One member, of either server: a non-blocking socket read in the loop's reader callback.
    Lines carrying a stamp are timed while ``run`` is set; other lines wait in ``inbox`` for
    ``expect``; ``pong`` answers the server's keep-alives."""

    def __init__(self, sock: socket.socket, seat: int, pong: Callable[[bytes], bytes | None]
                 ) -> None:
        self.sock = sock
        self.seat = seat
        self.pong = pong
        self.run: Run | None = None
        self.inbox: list[bytes] = []
        self.waiter: asyncio.Future[None] | None = None
        self.pending = b""
        self.closed = False

    @classmethod
    async def open(cls, port: int, seat: int, pong: Callable[[bytes], bytes | None]
                   ) -> LineClient:
        sock = socket.socket()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, ("127.0.0.1", port))
        client = cls(sock, seat, pong)
        loop.add_reader(sock.fileno(), client.readable)
        return client

    def readable(self) -> None:
        try:
            data, ancillary, _, _ = self.sock.recvmsg(1 << 16, socket.CMSG_SPACE(16))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, ancillary = b"", []
        seen = time.time()
        if not data:
            self.close()
            return
        arrived = seen
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                whole, nanoseconds = struct.unpack("qq", payload[:16])
                arrived = whole + nanoseconds / 1e9
        lines = (self.pending + data).split(b"\n")
        self.pending = lines.pop()
        for line in lines:
            self.line(line, arrived, seen)

    def line(self, line: bytes, arrived: float, seen: float) -> None:
        reply = self.pong(line)
        if reply is not None:
            self.send(reply)
            return
        start = line.find(STAMP)
        if start >= 0 and self.run is not None:
            seat, sent = line[start + 1:line.index(STAMP, start + 1)].split(b":")
            if int(seat) != self.seat:
                self.run.kernel.append(arrived - float(sent))
                self.run.loop.append(seen - float(sent))
            return
        self.inbox.append(line)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def expect(self, *needles: bytes, timeout: float = 10.0) -> bytes:
        """The next line holding every one of ``needles``, skipping others."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            while self.inbox:
                line = self.inbox.pop(0)
                if all(needle in line for needle in needles):
                    return line
            if self.closed:
                raise RuntimeError("the server closed the connection")
            self.waiter = loop.create_future()
            await asyncio.wait_for(self.waiter, max(0.0, deadline - loop.time()))

    def send(self, data: bytes) -> None:
        """Small lines only: the socket takes them whole or the run is void."""
        if not self.closed and self.sock.send(data) != len(data):
            raise RuntimeError("a line did not fit in the socket")

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)


def relay_pong(line: bytes) -> bytes | None:
    if line.startswith(b'{"kind":"ping"'):
        return b'{"kind":"pong","t":' + line.split(b":")[-1].rstrip(b"}") + b"}\n"
    return None


def irc_pong(line: bytes) -> bytes | None:
    if line.startswith(b"PING"):
        return b"PONG" + line[4:].rstrip(b"\r") + b"\r\n"
    return None


def relay_line(kind: str, **fields: object) -> bytes:
    return json.dumps({"kind": kind, **fields}, separators=(",", ":")).encode() + b"\n"


async def relay_member(port: int, seat: int, name: str) -> LineClient:
    client = await LineClient.open(port, seat, relay_pong)
    client.send(relay_line("hello", version=1, name=name))
    await client.expect(b'"kind":"hello"')
    return client


async def relay_room(port: int, number: int, size: int) -> list[LineClient]:
    members = [await relay_member(port, seat, f"r{number}p{seat}") for seat in range(size)]
    members[0].send(relay_line("create_room", name=f"Room {number}"))
    room = json.loads(await members[0].expect(b'"kind":"room"'))["room"]
    for member in members[1:]:
        member.send(relay_line("join_room", room=room))
        await member.expect(b'"kind":"room"')
    return members


def relay_say(member: LineClient, room: int, text: str) -> None:
    member.send(b'{"kind":"chat","text":"' + text.encode() + b'"}\n')


async def irc_member(port: int, seat: int, nick: str, channel: str) -> LineClient:
    client = await LineClient.open(port, seat, irc_pong)
    client.send(f"NICK {nick}\r\nUSER {nick} 0 * :{nick}\r\n".encode())
    await client.expect(b" 001 ")
    client.send(f"JOIN {channel}\r\n".encode())
    await client.expect(b" 366 ")
    return client


async def irc_room(port: int, number: int, size: int) -> list[LineClient]:
    return [await irc_member(port, seat, f"r{number}p{seat}", f"#room{number}")
            for seat in range(size)]


def irc_say(member: LineClient, room: int, text: str) -> None:
    member.send(f"PRIVMSG #room{room} :{text}\r\n".encode())


SERVERS = {"relay": (relay_room, relay_say), "ngircd": (irc_room, irc_say)}


async def talk(server: str, port: int, numbers: list[int], rooms: int, size: int,
               pipe: Connection) -> None:
    """One worker: seat ``numbers`` of the ``rooms`` rooms, say ready, then at the moment the
    parent names speak to the schedule for ``seconds`` and send back what was timed."""
    open_room, say = SERVERS[server]
    tables = {number: await open_room(port, number, size) for number in numbers}
    await asyncio.sleep(0.3)
    run = Run()
    for members in tables.values():
        for member in members:
            member.inbox.clear()
            member.run = run
    pipe.send("ready")
    start, seconds = pipe.recv()
    turns = sorted((start + number / rooms / size + turn / size, number, turn)
                   for number in numbers for turn in range(int(seconds * size)))
    for at, number, turn in turns:
        await asyncio.sleep(max(0.0, at - time.time()))
        say(tables[number][turn % size], number, f"^{turn % size}:{time.time()!r}^")
    await asyncio.sleep(max(0.0, start + seconds + 0.5 - time.time()))
    for members in tables.values():
        for member in members:
            member.close()
    pipe.send((run.kernel, run.loop))


def worker(server: str, port: int, numbers: list[int], rooms: int, size: int,
           pipe: Connection) -> None:
    asyncio.run(talk(server, port, numbers, rooms, size, pipe))


def fanout(server: str, port: int, pid: int, rooms: int, size: int, seconds: float,
           processes: int) -> Run:
    """Rooms of ``size`` talking for ``seconds``, their clients spread over ``processes``."""
    context = multiprocessing.get_context("fork")
    shares = [list(range(rooms))[index::processes] for index in range(min(processes, rooms))]
    pipes, workers = [], []
    for numbers in shares:
        mine, theirs = context.Pipe()
        process = context.Process(target=worker,
                                  args=(server, port, numbers, rooms, size, theirs))
        process.start()
        theirs.close()
        pipes.append(mine)
        workers.append(process)
    for pipe in pipes:
        try:
            pipe.recv()
        except EOFError:
            raise RuntimeError(f"a worker failed to seat its rooms on {server}") from None
    start = time.time() + 0.3
    for pipe in pipes:
        pipe.send((start, seconds))
    time.sleep(max(0.0, start - time.time()))
    cpu = cpu_seconds(pid)
    time.sleep(seconds)
    run = Run(seconds=seconds, cpu=cpu_seconds(pid) - cpu)
    for pipe in pipes:
        try:
            kernel, loop = pipe.recv()
        except EOFError:
            raise RuntimeError(f"a worker failed during the run on {server}") from None
        run.kernel += kernel
        run.loop += loop
    for process in workers:
        process.join(10)
    return run


async def irc_greeted(port: int, seat: int, nick: str) -> LineClient:
    client = await LineClient.open(port, seat, irc_pong)
    client.send(f"NICK {nick}\r\nUSER {nick} 0 * :{nick}\r\n".encode())
    await client.expect(b" 001 ")
    return client


IDLE_OPENERS = {"relay": lambda port, index: relay_member(port, 0, f"idle{index}"),
                "ngircd": lambda port, index: irc_greeted(port, 0, f"idle{index}")}


@dataclass(slots=True)
class Idle:
    """What a fresh server's resident size grew by: once, in KiB, with the first connection to
    say hello (and leave), and then per connection that said hello and then nothing."""

    once: float
    each: float


def idle_memory(server: str, port: int, pid: int, count: int) -> Idle:
    """``Idle``, from ``count`` connections open at once after the first."""

    async def measure() -> Idle:
        fresh = resident_kib(pid)
        first = await IDLE_OPENERS[server](port, count)
        await asyncio.sleep(0.2)
        first.close()
        await asyncio.sleep(0.3)
        before = resident_kib(pid)
        clients = [await IDLE_OPENERS[server](port, index) for index in range(count)]
        await asyncio.sleep(0.5)
        after = resident_kib(pid)
        for client in clients:
            client.close()
        return Idle(before - fresh, (after - before) / count)

    return asyncio.run(measure())


@dataclass(slots=True)
class AtRest:
    """A relay with nothing connected: seconds from its process's start to listening, its
    resident KiB then, and Python's own start in seconds, each the median of a few starts."""

    listening: float
    resident: int
    python: float


def compiled(folder: Path) -> dict[str, str]:
    """The environment with the modules' bytecode kept in ``folder``, as an installed package
    has its bytecode: where the environment keeps none, each start would compile every module
    from its source."""
    environment = {name: value for name, value in os.environ.items()
                   if name != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPYCACHEPREFIX"] = str(folder)
    return environment


def relay_at_rest(starts: int, accounts: bool = False) -> AtRest:
    """Start ``serve --no-accounts`` (with ``accounts``, ``serve`` keeping them in SQLite)
    ``starts`` times, each until its log says it listens, after one start that writes the
    bytecode."""
    listening, resident, python = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        environment = compiled(Path(folder) / "bytecode")
        command = [sys.executable, "-m", "audiospoons", "serve", "--port", "0",
                   *([] if accounts else ["--no-accounts"]), "--data", folder]
        for start in range(starts + 1):
            began = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True, env=environment)
            if start:
                python.append(time.perf_counter() - began)
            began = time.perf_counter()
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                       env=environment)
            assert process.stderr is not None
            try:
                for line in process.stderr:
                    if "listening on" in line:
                        if start:
                            listening.append(time.perf_counter() - began)
                            resident.append(resident_kib(process.pid))
                        break
                else:
                    raise RuntimeError("the relay stopped before it listened")
            finally:
                process.terminate()
                process.wait(10)
    return AtRest(p50(listening), int(p50([float(kib) for kib in resident])), p50(python))


# --------------------------------------------------------------------- the servers

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


@dataclass(slots=True)
class Server:
    """A server started for the run: its pid, and the file its log goes to."""

    pid: int
    log: Path

    def event_loop(self) -> str:
        """The event loop the relay's log says it runs on."""
        found = LOOP_SAID.search(self.log.read_text(encoding="utf-8", errors="replace"))
        return found.group(1) if found else "asyncio (not said)"


LOOP_SAID = re.compile(r"listening on .*, on (\w+)'s event loop")
"""How the relay's log says the event loop it runs on (a relay that says none runs on
asyncio's)."""


@contextmanager
def running(command: list[str], port: int, folder: str) -> Iterator[Server]:
    log = Path(folder) / f"{port}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sink, cwd=ROOT)
    try:
        wait_for_port(port)
        yield Server(process.pid, log)
    finally:
        process.terminate()
        process.wait(10)


def relay_command(port: int, most: int, rooms: int, event_loop: str | None) -> list[str]:
    """``audiospoons serve`` for ``most`` connections and ``rooms`` rooms from here."""
    return [sys.executable, "-m", "audiospoons", "serve", "--port", str(port), "--no-accounts",
            "--max-per-address", str(most), "--max-connections", str(most),
            "--max-rooms-per-address", str(rooms),
            *(() if event_loop is None else ("--event-loop", event_loop))]


def ms(value: float) -> str:
    return f"{value * 1000:.2f}"


def p50(values: list[float]) -> float:
    return Run.percentile(values, 0.5)


def p99(values: list[float]) -> float:
    return Run.percentile(values, 0.99)


def median_run(runs: list[Run]) -> Run:
    """The run whose p99 is the median of ``runs``' (the machine is shared: one run's p99 can
    be another program's doing); of those that timed anything (an empty one: none did)."""
    timed = sorted((run for run in runs if run.kernel), key=lambda run: p99(run.kernel))
    return timed[len(timed) // 2] if timed else Run(seconds=runs[0].seconds)


@dataclass(slots=True)
class Memory:
    """Each server's ``Idle``, each fresh: the relay keeping no accounts, as ngircd keeps none,
    and keeping them (in SQLite, as ``serve`` does by default); ngircd None when not
    compared."""

    relay: Idle
    keeping: Idle
    ngircd: Idle | None


def fresh_memory(args: argparse.Namespace, most: int, ngircd: str | None) -> Memory:
    """``Memory``, each server started for it alone."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        command = relay_command(port, most, 10, args.event_loop)
        with running(command, port, folder) as relay:
            alone = idle_memory("relay", port, relay.pid, args.idle)
        port = free_port()
        command = [part for part in relay_command(port, most, 10, args.event_loop)
                   if part != "--no-accounts"]
        with running([*command, "--data", folder], port, folder) as relay:
            memory = Memory(alone, idle_memory("relay", port, relay.pid, args.idle), None)
        if ngircd:
            port = free_port()
            conf = Path(folder) / "ngircd.conf"
            conf.write_text(NGIRCD_CONF.format(port=port), encoding="ascii")
            with running([ngircd, "-n", "-f", str(conf)], port, folder) as irc:
                memory.ngircd = idle_memory("ngircd", port, irc.pid, args.idle)
    return memory


def main_runs(args: argparse.Namespace) -> tuple[dict[int, Run], dict[int, Run], Memory, str]:
    """Each room count on the relay and then at once on ngircd, both servers running all
    along, ``--runs`` times over: the two meet the machine's other work alike."""
    rooms_list = [int(text) for text in args.rooms.split(",")]
    most = max(args.idle, max(rooms_list) * args.room_size) + 100
    relay_runs: dict[int, list[Run]] = {rooms: [] for rooms in rooms_list}
    irc_runs: dict[int, list[Run]] = {rooms: [] for rooms in rooms_list}
    ngircd = None if args.no_ngircd else shutil.which("ngircd")
    memory = fresh_memory(args, most, ngircd)
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        port = free_port()
        relay = stack.enter_context(running(
            relay_command(port, most, args.runs * sum(rooms_list) + 10, args.event_loop),
            port, folder))
        irc_port = free_port()
        irc = None
        if ngircd:
            conf = Path(folder) / "ngircd.conf"
            conf.write_text(NGIRCD_CONF.format(port=irc_port), encoding="ascii")
            irc = stack.enter_context(running([ngircd, "-n", "-f", str(conf)], irc_port,
                                              folder))
        for _ in range(args.runs):
            for rooms in rooms_list:
                relay_runs[rooms].append(fanout("relay", port, relay.pid, rooms,
                                                args.room_size, args.seconds, args.processes))
                if irc is not None:
                    irc_runs[rooms].append(fanout("ngircd", irc_port, irc.pid, rooms,
                                                  args.room_size, args.seconds,
                                                  args.processes))
        loop = relay.event_loop()
    return ({rooms: median_run(runs) for rooms, runs in relay_runs.items()},
            {rooms: median_run(runs) for rooms, runs in irc_runs.items() if runs}, memory, loop)


def report(args: argparse.Namespace, relay: dict[int, Run], irc: dict[int, Run],
           memory: Memory, rest: AtRest, keeping: AtRest, loop: str) -> None:
    print(f"relay fan-out on 127.0.0.1: rooms of {args.room_size}, each member speaking once"
          f" a second for {args.seconds:g} s; latency from a send to each other member's"
          f" socket, ms (Python {sys.version.split()[0]}, {os.cpu_count()} cores, clients in"
          f" {args.processes} process{'es' if args.processes > 1 else ''}; the run of median"
          f" p99 of {args.runs}, each server in turn)")
    print(f"the relay's event loop: {loop}")
    print()
    header = (f"{'rooms':>5} {'conns':>5} | {'relay p50':>9} {'p99':>5} {'loop p99':>8}"
              f" {'cpu %':>5} {'msgs/s':>6}")
    if irc:
        header += (f" | {'ngircd p50':>10} {'p99':>5} {'loop p99':>8} {'cpu %':>5}"
                   f" | {'p99 ratio':>9}")
    print(header)
    print("-" * len(header))
    for rooms, run in relay.items():
        line = (f"{rooms:>5} {rooms * args.room_size:>5} | {ms(p50(run.kernel)):>9}"
                f" {ms(p99(run.kernel)):>5} {ms(p99(run.loop)):>8}"
                f" {100 * run.cpu / run.seconds:>5.1f} {run.rate:>6.0f}")
        if rooms in irc:
            other = irc[rooms]
            line += (f" | {ms(p50(other.kernel)):>10} {ms(p99(other.kernel)):>5}"
                     f" {ms(p99(other.loop)):>8} {100 * other.cpu / other.seconds:>5.1f}"
                     f" | {p99(run.kernel) / p99(other.kernel):>9.2f}")
        print(line)
    print()
    ngircd = memory.ngircd
    print(f"memory, fresh: relay {memory.relay.each:.1f} KiB (keeping accounts in SQLite:"
          f" {memory.keeping.each:.1f} KiB), ngircd "
          + ("not compared" if ngircd is None else f"{ngircd.each:.1f} KiB")
          + f" of resident size per idle connection ({args.idle} connections that said hello,"
          f" all open at once); once, with the first hello: relay"
          f" {memory.relay.once / 1024:.1f} MB ({memory.keeping.once / 1024:.1f} MB), ngircd "
          + ("not compared" if ngircd is None else f"{ngircd.once / 1024:.1f} MB"))
    print(f"at rest (serve --no-accounts, nothing connected): {rest.resident / 1024:.1f} MB"
          f" resident, {rest.listening:.3f} s from start to listening (python -c pass:"
          f" {rest.python:.3f} s; medians of {args.starts})")
    print(f"at rest (serve, its accounts in SQLite, nothing connected):"
          f" {keeping.resident / 1024:.1f} MB resident, {keeping.listening:.3f} s from start to"
          f" listening (python -c pass: {keeping.python:.3f} s)")
    if not irc:
        print("ngircd: not compared (install Debian's ngircd, or drop --no-ngircd)")
    goals = [(1, "one 8-seat room p99 <= 1 ms"), (64, "64 busy rooms of 8 p99 <= 2 ms")]
    for rooms, goal in goals:
        if rooms in relay:
            print(f"goal, {goal}: {ms(p99(relay[rooms].kernel))} ms")
    for rooms in relay:
        if rooms in irc:
            print(f"goal, p99 ratio to ngircd <= 1.0 at {rooms * args.room_size} connections:"
                  f" {p99(relay[rooms].kernel) / p99(irc[rooms].kernel):.2f}")
    if memory.ngircd is not None:
        print(f"goal, per idle connection, fresh, at most ngircd's {memory.ngircd.each:.1f} KiB:"
              f" {memory.relay.each:.1f} KiB")
    print(f"goal, at rest at most 30 MB resident: {rest.resident / 1024:.1f} MB")
    print(f"goal, at rest at most 0.15 s from start to listening: {rest.listening:.3f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="1,8,64",
                        help="room counts to measure, comma separated (default 1,8,64)")
    parser.add_argument("--room-size", type=int, default=8, help="members a room (default 8)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds of talk per measurement (default 5)")
    parser.add_argument("--idle", type=int, default=1000,
                        help="idle connections for the memory figure (default 1000)")
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes the clients run in (default 1)")
    parser.add_argument("--starts", type=int, default=5,
                        help="starts of a relay at rest to take the median of (default 5)")
    parser.add_argument("--no-ngircd", action="store_true", help="measure the relay alone")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each room count on each server; the median p99's is"
                             " printed (default 3)")
    parser.add_argument("--event-loop", choices=("uvloop", "asyncio"),
                        help="the relay's event loop (default: the relay's own choice)")
    args = parser.parse_args(argv)
    rest = relay_at_rest(args.starts)
    keeping = relay_at_rest(args.starts, accounts=True)
    relay, irc, memory, loop = main_runs(args)
    report(args, relay, irc, memory, rest, keeping, loop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
