"""Whether one hostile client can hurt everyone else on the relay: ten attacks, each measured
by what an honest client meanwhile sees.

    python benchmarks/attacks.py [--only NAME,...] [--slow] [--seconds 4] [--clients 4]
                                 [--connections 1200] [--addresses 64] [--lobby 200]
                                 [--rooms 120] [--lobby-seconds 8] [--slow-seconds 30]
                                 [--browsers 24] [--baseline 1.5] [--after 1]
                                 [--relay-fd-limit 1024] [--relay-root DIR] [--seed 1]

The attacks (``--only`` takes their names, comma separated; the last runs only with ``--slow``
or when named):

  ping-flood           one connection sending pings as fast as it can, reading the pongs; then
                       ``--clients`` such connections at once
  bad-lines            ``--clients`` connections sending, over and over, a 2,000-deep JSON
                       array ``[[[...]]]``, a ``hello`` whose name holds a lone surrogate
                       (``"\\ud800"`` as a JSON escape), a ``create_room`` whose password holds
                       one, and a ``join_room`` to a room with a password that does; meanwhile an
                       honest client tries the attacker's room with a wrong password, as anyone
                       in the lobby may
  connection-flood     up to ``--connections`` connections saying ``hello``, from ``--addresses``
                       loopback addresses (127.0.0.2, 127.0.0.3, ...), held open to the end
  password-guessing    one client (reconnecting whenever it is closed) trying ``join_room``
                       passwords 0000, 0001, ... on a room with a 4-digit password
  room-flood           one address, ``--clients`` connections at a time, each making a room
                       (``create_room``, ``add_bot`` x3, ``start``) and hanging up
  lobby-amplification  ``--lobby`` clients sitting in the lobby while one client makes
                       ``--rooms`` rooms that way (with one bot each), one after another,
                       for at most ``--lobby-seconds`` (8 by default)
  browser-crowd        ``--browsers`` browsers (24 by default) from 127.0.0.2, 127.0.0.3, ...
                       playing online through the page the relay serves beside it
                       (``serve --web``), held open to the end; once they are in, a browser
                       from 127.1.3.1 tries to play online there, again each second
  slowloris            one client sending one byte every 2 s of a line that never ends, after
                       its ``hello``, and one before it (``--slow-seconds``, 30 by default)
  registration-flood   40 clients registering new names one after another, each time from a
                       /24 not used before (127.16.0.1, 127.16.1.1, ...), while an honest
                       player logs in by password, and another by the token they kept, every
                       half second (their logins timed)
  mute-evasion         a player muted by a room's host coming back again and again under a new
                       name from another address of the same /24, joining the room and chatting

And one of a hostile relay against a player's client, run after those:

  moved-flood          a real ``audiospoons join --room 4`` (in a pseudo-terminal of its own)
                       against a relay that answers each request with ``moved`` back to itself,
                       for at most ``--seconds``: the connections the client opened, its CPU
                       seconds, what it said, and whether it ended by itself (flagged when it
                       followed more than 3 moves)

How: each attack gets a relay of its own, started for it as its own process
(``python -m audiospoons serve`` on a free port of 127.0.0.1, its stderr kept in a file, its
open-file limit set to ``--relay-fd-limit``, 1024 by default as most shells and services give
a process) and stopped by its pid after it, so that what one attack leaves behind (rooms of
bots playing on, seats held for a minute) does not count against the next. A process of its
own is the relay as players meet it: it has its own interpreter lock and its own core, and its
stderr and ``/proc/PID`` are its own. The victim is five honest clients in another process,
sitting in a room of their own: together they send a ``ping`` every 50 ms, taking turns, so
that each sends four a second, within the ping budget a relay may give one connection. Each
``pong`` is timed from just before its ping was sent to the moment the kernel put it in the
victim's socket (``SO_TIMESTAMPNS``), so the victim's own scheduling counts for nothing. It is
timed for ``--baseline`` seconds before the attack, for the attack's length, and for
``--after`` seconds once the attacker has hung up; a ping with no pong within 2 s is lost, and a
connection the relay closes is opened again. Every 0.5 s meanwhile a fresh client connects
and says ``hello``; it is turned away if the relay's ``hello`` does not come within 2 s.

Addresses: the attacker comes from 127.0.0.2 (the connection flood from 127.0.0.2 to
127.0.0.65); the victim (127.1.0.1), the fresh clients (127.1.1.1), the bystanders (127.1.2.1)
and the lobby clients (127.2.N.1, ten to each) each from a /24 of their own, since a relay may
count an address with the rest of its network. The attacker runs in this process, the lobby
clients of lobby-amplification in one more; every connection is to 127.0.0.1.

Printed for each attack: the victim's round trip (median, p95, max) and lost pings, before,
during and after; the fresh clients let in; the relay's CPU share, resident size, open
descriptors (``/proc/PID/fd``) and what it wrote to its stderr (lines, bytes, tracebacks);
what the attacker achieved (pongs a second, connections held, guesses a second, rooms made,
bytes sent to the lobby...); and whether the relay closed the attacker's connections, and
after which error. Then a table of all of them, with the flags that say someone else was hurt:
the victim slowed (p95 above four times its baseline's and 20 ms more than it), lost pings or
its connection, fresh clients turned away, tracebacks in the relay's log, and the harm each
attack aims at: an honest client cut off, the password found or all 10,000 within the hour at
the rate seen, more rooms outliving their maker than one address may hold connections (16),
more than 4 KiB sent to each lobby client for each room made, a line that never ends held past
the timeouts of docs/protocol.md (10 s to say hello, 20 s of silence), a browser from another
network turned away, or more browsers of one network let in than one address may hold. A relay
that refuses or closes the attacker is the result to print, never a failure of the run. The
exit code is 1 if any flag was raised or an attack could not be run.

With the defaults the whole run takes about a minute and a half; every wait is bounded, and
each attack stops by itself after ``--seconds`` (4 by default). ``--relay-root`` runs the relay
of another copy of the project (an older one, say) so that two can be compared. On a machine
with few cores the attacker's own work competes with the relay's for them: the cores are
printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, Any

from relay import ROOT, SO_TIMESTAMPNS, free_port, resident_kib, wait_for_port
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"
"""The relay's address: every connection goes there."""
VICTIM_ADDRESS = "127.1.0.1"
PROBE_ADDRESS = "127.1.1.1"
HONEST_ADDRESS = "127.1.2.1"
"""Where the victim, the fresh clients and the attacks' honest bystanders (room hosts, a
client trying a room) come from: each from a /24 of its own, none an attacker's, since a relay
may count an address with the rest of its network."""
ATTACKER = "127.0.0.2"
"""The attacker's address, and the first of the connection flood's."""
LOBBY_PER_NETWORK = 10
"""Lobby clients from each /24 (127.2.N.1)."""
VICTIM_LINKS = 5
PING_EVERY = 0.05
LATE = 2.0
"""Seconds after which a ping with no pong is lost."""
PROBE_EVERY = 0.5
PROBE_TIMEOUT = 2.0
SETUP_BOUND = 30.0
"""Seconds an attack may spend beyond its length, setting up and winding down."""
SLOWED_FACTOR = 4.0
SLOWED_MARGIN = 0.020
"""The victim is slowed when its p95 is over both ``SLOWED_FACTOR`` times its baseline's and
``SLOWED_MARGIN`` seconds more than it."""
HELLO_TIMEOUT = 10.0
SILENCE_TIMEOUT = 20.0
"""The relay's deadlines as docs/protocol.md gives them: hello within 10 s, then no more than
20 s heard from."""
TIMEOUT_SLACK = 5.0
ROOMS_PER_ADDRESS = 16
"""The connections one address may hold (docs/protocol.md): more rooms than this outliving
their maker is a flood."""
LOBBY_BYTES_PER_ROOM = 4096
"""Bytes to each lobby client for each room made, past which the lobby amplifies."""
GUESS_HOUR = 3600.0
DIGITS = 10_000
DEEP = 2000
"""Depth of the nested JSON array of bad-lines."""
IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)
"""Linux: choose the local port at connect, knowing the far end, so that thousands of
connections from one address do not run out of ports."""
ERROR_CODE = re.compile(rb'"code":"([^"]{0,40})"')
TRACEBACK = b"Traceback (most recent call last)"
EXCEPTION_LINE = re.compile(rb"^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt)\b.*$",
                            re.MULTILINE)


def kind(name: str) -> bytes:
    """How a line from the relay of this kind begins (the relay writes ``kind`` first)."""
    return b'{"kind":"' + name.encode() + b'",'


HELLO, ERROR, ROOM, ROOMS = kind("hello"), kind("error"), kind("room"), kind("rooms")
GAME_STARTED, PING = kind("game_started"), kind("ping")


def line(kind_: str, **fields: object) -> bytes:
    return json.dumps({"kind": kind_, **fields}, separators=(",", ":")).encode() + b"\n"


def hello(name: str) -> bytes:
    return line("hello", version=1, name=name)


def error_code(text: bytes) -> str:
    found = ERROR_CODE.search(text)
    return found.group(1).decode(errors="replace") if found else "?"


def pong_for(ping: bytes) -> bytes:
    return ping.replace(b'"ping"', b'"pong"', 1) + b"\n"


def reason(error: BaseException) -> str:
    """A failed connect, in a few words."""
    if isinstance(error, TimeoutError):
        return "connect timed out"
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno).lower()
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return type(error).__name__


async def connect_from(source: str, port: int, timeout: float) -> socket.socket:
    """A connected non-blocking socket from ``source`` to the relay."""
    sock = socket.socket()
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
        sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, (HOST, port)),
                               timeout)
    except BaseException:
        sock.close()
        raise
    return sock


# --------------------------------------------------------------------- the relay process

@dataclass(slots=True)
class Snapshot:
    at: float
    cpu: float
    rss: int
    fds: int
    log: int


class RelayProcess:
    """One relay, its own process, with its stderr in a file."""

    def __init__(self, log: IO[bytes], fd_limit: int, root: Path, *, web: bool = False
                 ) -> None:
        self.port = free_port()
        self.web_port = free_port() if web else 0
        """With ``web``, the port of the page served beside it (``serve --web``)."""
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "serve", "--host", HOST, "--port",
             str(self.port), *(("--web", str(self.web_port)) if web else ())],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log, cwd=root)
        self.pid = self.process.pid
        if fd_limit > 0:
            _, hard = resource.prlimit(self.pid, resource.RLIMIT_NOFILE)
            resource.prlimit(self.pid, resource.RLIMIT_NOFILE,
                             (min(fd_limit, hard) if hard > 0 else fd_limit, hard))
        try:
            wait_for_port(self.port)
            if web:
                wait_for_port(self.web_port)
        except RuntimeError:
            self.stop()
            raise RuntimeError(f"the relay did not listen: {self.log_text(0)[-300:]!r}"
                               ) from None
        self.log_start = self.log_size()

    def alive(self) -> bool:
        return self.process.poll() is None

    def log_size(self) -> int:
        return os.fstat(self.log.fileno()).st_size

    def log_text(self, start: int) -> bytes:
        size = self.log_size()
        return os.pread(self.log.fileno(), max(0, size - start), start)

    def fd_limit(self) -> int:
        with contextlib.suppress(OSError):
            soft, _ = resource.prlimit(self.pid, resource.RLIMIT_NOFILE)
            return soft
        return 0

    def snapshot(self) -> Snapshot:
        cpu, rss, fds = 0.0, 0, 0
        with contextlib.suppress(OSError, ValueError, IndexError):
            with open(f"/proc/{self.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            rss = resident_kib(self.pid)
            fds = len(os.listdir(f"/proc/{self.pid}/fd"))
        return Snapshot(time.time(), cpu, rss, fds, self.log_size())

    def stop(self) -> int | None:
        """Stop it by its pid (SIGTERM, then SIGKILL); its exit code if it had ended by itself
        before."""
        ended = self.process.poll()
        if ended is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait()
        return ended


# --------------------------------------------------------------------- the victim

@dataclass(slots=True)
class Watch:
    """What the victim saw over one stretch of time."""

    trips: list[float] = field(default_factory=list)
    """Round trips, seconds, of the pings answered."""
    pings: int = 0
    """Pings it meant to send (one each 50 ms)."""
    drops: int = 0
    """Times the relay closed one of the victim's connections."""
    refused: int = 0
    """Pings not sent because a connection the relay closed could not be opened again."""
    codes: Counter[str] = field(default_factory=Counter)
    """Errors the relay sent the victim."""
    probes: list[tuple[bool, float, str]] = field(default_factory=list)
    """Each fresh client: let in, seconds to its hello (or to giving up), what happened."""

    @property
    def lost(self) -> int:
        return self.pings - len(self.trips)

    def quantile(self, share: float) -> float:
        ordered = sorted(self.trips)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @property
    def p95(self) -> float:
        return self.quantile(0.95)


class Link:
    """One of the victim's connections: a plain socket read with kernel receive times."""

    def __init__(self, victim: Victim, number: int) -> None:
        self.victim = victim
        self.number = number
        self.sock: socket.socket | None = None
        self.pending = b""
        self.inbox: deque[bytes] = deque(maxlen=64)
        self.heard = asyncio.Event()

    async def connect(self, timeout: float) -> None:
        """Say hello, and sit in the victim's room (making it if it has gone)."""
        sock = await connect_from(VICTIM_ADDRESS, self.victim.port, timeout)
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.sock, self.pending = sock, b""
        self.inbox.clear()
        asyncio.get_running_loop().add_reader(sock.fileno(), self.readable)
        self.send(hello(f"Victim {self.number + 1}"))
        if not (await self.expect(HELLO, timeout)).startswith(HELLO):
            raise ConnectionError("the relay did not say hello to the victim")
        got = b""
        if self.victim.room:
            self.send(line("join_room", room=self.victim.room))
            got = await self.expect(ROOM, timeout)
        if not got.startswith(ROOM):
            self.send(line("create_room", name="Victims' room"))
            got = await self.expect(ROOM, timeout)
        if not got.startswith(ROOM):
            raise ConnectionError("the relay did not seat the victim")
        self.victim.room = int(json.loads(got)["room"])

    async def expect(self, start: bytes, timeout: float) -> bytes:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline and self.sock is not None:
            while self.inbox:
                got = self.inbox.popleft()
                if got.startswith((start, ERROR)):
                    return got
            self.heard.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.heard.wait(), deadline - loop.time())
        return b""

    def readable(self) -> None:
        sock = self.sock
        if sock is None:
            return
        try:
            data, ancillary, _, _ = sock.recvmsg(1 << 16, socket.CMSG_SPACE(16))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, ancillary = b"", []
        if not data:
            self.lost()
            return
        arrived = time.time()
        for level, type_, payload in ancillary:
            if level == socket.SOL_SOCKET and type_ == SO_TIMESTAMPNS:
                whole, nanoseconds = struct.unpack("qq", payload[:16])
                arrived = whole + nanoseconds / 1e9
        lines = (self.pending + data).split(b"\n")
        self.pending = lines.pop()
        for got in lines:
            if got.startswith(b'{"kind":"pong"'):
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    self.victim.answered(int(json.loads(got)["t"]), arrived)
            elif got.startswith(PING):
                self.send(pong_for(got))
            else:
                if got.startswith(ERROR):
                    self.victim.codes[error_code(got)] += 1
                self.inbox.append(got[:4096])
                self.heard.set()

    def send(self, data: bytes) -> None:
        if self.sock is None:
            return
        try:
            self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self.lost()

    def lost(self) -> None:
        if self.sock is not None:
            self.victim.drops += 1
        self.close()

    def close(self) -> None:
        sock, self.sock = self.sock, None
        if sock is not None:
            asyncio.get_running_loop().remove_reader(sock.fileno())
            sock.close()
        self.heard.set()


class Victim:
    """The honest players: ``VICTIM_LINKS`` connections in one room, taking turns to ping, so
    that a ping goes every ``PING_EVERY`` and each connection stays within the relay's ping
    budget."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.room = 0
        self.links = [Link(self, number) for number in range(VICTIM_LINKS)]
        self.sent: dict[int, float] = {}
        self.trips: list[float] = []
        self.codes: Counter[str] = Counter()
        self.seq = 0
        self.drops = 0

    async def connect(self, timeout: float) -> None:
        for link in self.links:
            await link.connect(timeout)

    def answered(self, seq: int, arrived: float) -> None:
        sent = self.sent.pop(seq, None)
        if sent is not None:
            self.trips.append(arrived - sent)

    def close(self) -> None:
        for link in self.links:
            link.close()

    async def measure(self, at: float, seconds: float) -> Watch:
        """Ping every ``PING_EVERY`` from ``at`` for ``seconds``, each connection in turn
        (connecting again one that the relay closed), with a fresh client every
        ``PROBE_EVERY``."""
        await asyncio.sleep(max(0.0, at - time.time()))
        watch = Watch()
        self.sent, self.trips = {}, watch.trips
        drops, codes = self.drops, Counter(self.codes)
        probes: list[asyncio.Task[tuple[bool, float, str]]] = []
        next_probe = at
        for tick in range(max(1, round(seconds / PING_EVERY))):
            await asyncio.sleep(max(0.0, at + tick * PING_EVERY - time.time()))
            if time.time() >= next_probe:
                probes.append(asyncio.create_task(probe(self.port, len(probes))))
                next_probe += PROBE_EVERY
            watch.pings += 1
            link = self.links[tick % len(self.links)]
            if link.sock is None:
                try:
                    await link.connect(0.5)
                except (OSError, TimeoutError, ConnectionError):
                    link.close()
                    watch.refused += 1
                    continue
            self.seq += 1
            self.sent[self.seq] = time.time()
            link.send(line("ping", t=self.seq))
        give_up = time.time() + LATE
        while self.sent and time.time() < give_up:
            await asyncio.sleep(0.02)
        watch.probes = list(await asyncio.gather(*probes))
        watch.drops = self.drops - drops
        watch.codes = self.codes - codes
        self.trips = []
        return watch


async def probe(port: int, number: int) -> tuple[bool, float, str]:
    """A fresh client: connect, say hello, and wait for the relay's."""
    start = time.perf_counter()
    writer: asyncio.StreamWriter | None = None
    try:
        sock = await connect_from(PROBE_ADDRESS, port, PROBE_TIMEOUT)
        reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 24)
        writer.write(hello(f"Fresh {number}"))
        left = PROBE_TIMEOUT - (time.perf_counter() - start)
        got = await asyncio.wait_for(reader.readline(), max(0.01, left))
        if got.startswith(HELLO):
            return True, time.perf_counter() - start, "hello"
        if got.startswith(ERROR):
            return False, time.perf_counter() - start, f"error {error_code(got)}"
        return False, time.perf_counter() - start, "closed without a word" if not got \
            else "something else first"
    except TimeoutError:
        return False, time.perf_counter() - start, f"no hello in {PROBE_TIMEOUT:g} s"
    except (OSError, ValueError) as error:
        return False, time.perf_counter() - start, reason(error)
    finally:
        if writer is not None:
            writer.transport.abort()


async def victim_main(port: int, pipe: Connection) -> None:
    victim = Victim(port)
    try:
        await victim.connect(5.0)
    except (OSError, TimeoutError, ConnectionError) as error:
        pipe.send(("failed", f"{type(error).__name__}: {error}"))
        return
    pipe.send(("ready", ""))
    while True:
        order = await asyncio.to_thread(pipe.recv)
        if order[0] != "measure":
            break
        pipe.send(await victim.measure(order[1], order[2]))
    victim.close()


def victim_process(port: int, pipe: Connection) -> None:
    with contextlib.suppress(EOFError, BrokenPipeError, KeyboardInterrupt):
        asyncio.run(victim_main(port, pipe))


class Helper:
    """A worker process, forked before any event loop runs here, and its pipe."""

    def __init__(self, target: Callable[..., None], *args: object) -> None:
        context = multiprocessing.get_context("fork")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=target, args=(*args, theirs), daemon=True)
        self.process.start()
        theirs.close()

    def receive(self, timeout: float) -> Any:
        if not self.pipe.poll(timeout):
            raise TimeoutError(f"a worker process said nothing in {timeout:g} s")
        return self.pipe.recv()

    async def ask(self, message: object, timeout: float) -> Any:
        self.pipe.send(message)
        return await asyncio.to_thread(self.receive, timeout)

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.pipe.send(("stop",))
        self.process.join(3)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.pipe.close()


class VictimHandle(Helper):
    def __init__(self, port: int) -> None:
        super().__init__(victim_process, port)
        status, said = self.receive(15.0)
        if status != "ready":
            self.stop()
            raise RuntimeError(f"the victim could not take its seat: {said}")

    def start(self, at: float, seconds: float) -> None:
        self.pipe.send(("measure", at, seconds))

    def result(self, seconds: float) -> Watch | None:
        with contextlib.suppress(TimeoutError, EOFError, OSError):
            watch: Watch = self.receive(seconds + LATE + PROBE_TIMEOUT + 5.0)
            return watch
        return None

    def measure(self, seconds: float) -> Watch | None:
        self.start(time.time() + 0.01, seconds)
        return self.result(seconds)


# --------------------------------------------------------------------- the attacker's clients

@dataclass(slots=True)
class Tally:
    """What a set of the attacker's connections did and met."""

    opened: int = 0
    failed: Counter[str] = field(default_factory=Counter)
    """Connections that could not be opened, by why."""
    closed: Counter[str] = field(default_factory=Counter)
    """Connections the relay closed, by the last error it sent before ("without a word")."""
    errors: Counter[str] = field(default_factory=Counter)
    bytes_in: int = 0
    bytes_out: int = 0
    lines_in: int = 0
    pongs: int = 0

    def closed_text(self) -> str:
        if not self.opened:
            return "no connection was opened"
        if not self.closed:
            return f"no ({self.opened:,} connection{'s' if self.opened > 1 else ''}, none" \
                   " closed by the relay)"
        parts = ", ".join(f"{how} {count:,}" for how, count in self.closed.most_common(4))
        return f"yes, {sum(self.closed.values()):,} of {self.opened:,} connections ({parts})"

    def failed_text(self) -> str:
        return ", ".join(f"{why} {count:,}" for why, count in self.failed.most_common(3))


class Peer(asyncio.Protocol):
    """One attacker's (or bystander's) connection. With ``parse`` its lines are read (errors
    counted, pings answered if ``answer``, lines kept for ``expect`` while ``keep``); without,
    only bytes and pongs are counted."""

    def __init__(self, tally: Tally, parse: bool, answer: bool) -> None:
        self.tally = tally
        self.parse = parse
        self.answer = answer
        self.keep = True
        self.transport: asyncio.Transport | None = None
        self.pending = b""
        self.inbox: deque[bytes] = deque(maxlen=256)
        self.heard = asyncio.Event()
        self.writable = asyncio.Event()
        self.writable.set()
        self.ended = False
        self.ended_at = 0.0
        self.ours = False
        self.last_code = ""

    @classmethod
    async def open(cls, port: int, source: str, tally: Tally, *, parse: bool = True,
                   answer: bool = True, timeout: float = 2.0,
                   registry: set[Peer] | None = None) -> Peer | None:
        loop = asyncio.get_running_loop()
        try:
            sock = await connect_from(source, port, timeout)
            _, peer = await loop.create_connection(partial(cls, tally, parse, answer), sock=sock)
        except (OSError, TimeoutError) as error:
            tally.failed[reason(error)] += 1
            return None
        tally.opened += 1
        if registry is not None:
            registry.add(peer)
        return peer

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        tally = self.tally
        tally.bytes_in += len(data)
        tally.pongs += data.count(b'"pong"')
        if not self.parse:
            tally.lines_in += data.count(b"\n")
            if b'"code"' in data:
                for code in ERROR_CODE.findall(data):
                    self.last_code = code.decode(errors="replace")
                    tally.errors[self.last_code] += 1
            return
        lines = (self.pending + data).split(b"\n") if self.pending else data.split(b"\n")
        self.pending = lines.pop()
        tally.lines_in += len(lines)
        for got in lines:
            if got.startswith(ERROR):
                self.last_code = error_code(got)
                tally.errors[self.last_code] += 1
            elif got.startswith(PING):
                if self.answer:
                    self.send(pong_for(got))
                continue
            if self.keep:
                self.inbox.append(got)
        if lines:
            self.heard.set()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended, self.ended_at = True, time.time()
        if not self.ours:
            how = f"after error {self.last_code}" if self.last_code else (
                "reset without a word" if exc is not None else "without a word")
            self.tally.closed[how] += 1
        self.heard.set()
        self.writable.set()

    def pause_writing(self) -> None:
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()

    def send(self, data: bytes) -> bool:
        """Write ``data``, if the connection is still open."""
        if self.transport is None or self.ended or self.transport.is_closing():
            return False
        self.transport.write(data)
        self.tally.bytes_out += len(data)
        return True

    async def drain(self, until: float) -> None:
        """Let the loop run (the replies are read meanwhile), and wait while the socket is
        full, but not past ``until`` (wall clock)."""
        await asyncio.sleep(0)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.writable.wait(), max(0.0, until - time.time()))

    async def expect(self, *starts: bytes, timeout: float = 2.0) -> bytes | None:
        """The next line beginning with one of ``starts`` (or any error), skipping others;
        None if the connection ends or nothing comes in time."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            while self.inbox:
                got = self.inbox.popleft()
                if got.startswith((*starts, ERROR)):
                    return got
            if self.ended or loop.time() >= deadline:
                return None
            self.heard.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.heard.wait(), deadline - loop.time())

    def close(self) -> None:
        """Hang up at once (the relay sees the connection reset, as a lost network does)."""
        self.ours = True
        if self.transport is not None:
            self.transport.abort()


def outcome_of(got: bytes | None, peer: Peer) -> str:
    """What the relay did with a line, by the first answer to it."""
    if got is None:
        return "closed without a word" if peer.ended else "no answer (left open)"
    if got.startswith(ERROR):
        return f"error {error_code(got)}" + (", then closed" if peer.ended else "")
    return "accepted (" + got[9:got.find(b'"', 9)].decode(errors="replace") + ")"


# --------------------------------------------------------------------- one attack's window

@dataclass(slots=True)
class Outcome:
    achieved: list[str] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    flags: list[str] = field(default_factory=list)
    later: Callable[[], Awaitable[tuple[list[str], list[str]]]] | None = None
    """Measured once the attack has ended (while the victim's after-stretch runs)."""


class Window:
    """The attack's stretch of time: the victim is timed over it, the relay sampled."""

    def __init__(self, relay: RelayProcess, victim: VictimHandle, seconds: float,
                 helper: Helper | None) -> None:
        self.relay = relay
        self.port = relay.port
        self.victim = victim
        self.seconds = seconds
        self.helper = helper
        self.peers: set[Peer] = set()
        self.started = 0.0
        self.ended = 0.0
        self.before: Snapshot | None = None
        self.after: Snapshot | None = None
        self.peak_fds = 0
        self.peak_rss = 0
        self.sampler: asyncio.Task[None] | None = None

    @property
    def deadline(self) -> float:
        return self.started + self.seconds

    def begin(self) -> None:
        self.before = self.relay.snapshot()
        self.peak_fds, self.peak_rss = self.before.fds, self.before.rss
        self.started = time.time()
        self.victim.start(self.started + 0.01, self.seconds)
        self.sampler = asyncio.create_task(self.sample())

    async def sample(self) -> None:
        while True:
            now = self.relay.snapshot()
            self.peak_fds = max(self.peak_fds, now.fds)
            self.peak_rss = max(self.peak_rss, now.rss)
            await asyncio.sleep(0.1)

    async def hold(self) -> None:
        await asyncio.sleep(max(0.0, self.deadline - time.time()))

    def end(self) -> None:
        if self.sampler is not None:
            self.sampler.cancel()
        self.after = self.relay.snapshot()
        self.peak_fds = max(self.peak_fds, self.after.fds)
        self.peak_rss = max(self.peak_rss, self.after.rss)
        self.ended = time.time()
        for peer in self.peers:
            peer.close()
        self.peers.clear()

    async def open(self, source: str, tally: Tally, **options: Any) -> Peer | None:
        return await Peer.open(self.port, source, tally, registry=self.peers, **options)

    async def greeted(self, source: str, tally: Tally, name: str, **options: Any
                      ) -> tuple[Peer | None, str]:
        """A connection that has said hello and heard the relay's, or why not (a name the
        relay will not have is said again as a plain one)."""
        peer = await self.open(source, tally, **options)
        if peer is None:
            return None, "could not connect"
        peer.send(hello(name))
        got = await peer.expect(HELLO, timeout=2.0)
        if got is not None and got.startswith(ERROR) and error_code(got) == "bad-name":
            peer.send(hello(f"Ann {len(self.peers)}"))
            got = await peer.expect(HELLO, timeout=2.0)
        if got is None or not got.startswith(HELLO):
            what = outcome_of(got, peer)
            peer.close()
            return None, what
        return peer, "hello"


# --------------------------------------------------------------------- the attacks

PING_LINE = b'{"kind":"ping","t":1}\n'


async def ping_flood(window: Window, args: argparse.Namespace, clients: int) -> Outcome:
    out = Outcome()
    reconnects = 0
    refusals: Counter[str] = Counter()
    chunk = PING_LINE * 1000
    window.begin()

    async def flood(number: int) -> None:
        nonlocal reconnects
        first = True
        while time.time() < window.deadline:
            if not first:
                reconnects += 1
            first = False
            peer, said = await window.greeted(ATTACKER, out.tally, f"Flood {number}")
            if peer is None:
                refusals[said] += 1
                await asyncio.sleep(0.05)
                continue
            peer.parse = False
            while time.time() < window.deadline and peer.send(chunk):
                await peer.drain(window.deadline)
            peer.close()

    await asyncio.gather(*(flood(number) for number in range(clients)))
    seconds = time.time() - window.started
    out.achieved.append(f"{out.tally.pongs / seconds:,.0f} pongs/s got"
                        f" ({out.tally.bytes_in / seconds / 1e6:,.2f} MB/s sent to it by the"
                        f" relay)")
    if reconnects or refusals:
        out.achieved.append(f"connected again {reconnects:,} times; not let in: "
                            + (", ".join(f"{k} {v:,}" for k, v in refusals.items()) or "never"))
    return out


def ping_flood_1(window: Window, args: argparse.Namespace) -> Awaitable[Outcome]:
    return ping_flood(window, args, 1)


def ping_flood_n(window: Window, args: argparse.Namespace) -> Awaitable[Outcome]:
    return ping_flood(window, args, args.clients)


SURROGATE = "\\ud800"
"""A lone surrogate, as a JSON escape: valid JSON, but not text that UTF-8 can encode."""


async def bad_lines(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    honest = Tally()
    deep = b"[" * DEEP + b"]" * DEEP + b"\n"
    poison_line = (b'{"kind":"create_room","name":"Poison","password":"' + SURROGATE.encode()
                   + b'"}\n')
    keeper, said = await window.greeted(HONEST_ADDRESS, honest, "Keeper")
    keeper_room = 0
    if keeper is not None:
        keeper.send(line("create_room", name="Locked", password="1234"))
        got = await keeper.expect(ROOM)
        keeper_room = int(json.loads(got)["room"]) if got and got.startswith(ROOM) else 0
    poisoner, said = await window.greeted(ATTACKER, out.tally, "Poisoner")
    poison_room, poison_said = 0, said
    if poisoner is not None:
        poisoner.send(poison_line)
        got = await poisoner.expect(ROOM)
        poison_said = outcome_of(got, poisoner)
        if got is not None and got.startswith(ROOM):
            poison_room = int(json.loads(got)["room"])
    target = poison_room or keeper_room
    kinds: dict[str, tuple[bool, bytes]] = {
        f"{DEEP:,}-deep array": (True, deep),
        "hello, name with \\ud800": (False, b'{"kind":"hello","version":1,"name":"A'
                                     + SURROGATE.encode() + b'"}\n'),
        "create_room, password \\ud800": (True, poison_line),
        "join_room, password \\ud800": (True, b'{"kind":"join_room","room":%d,"password":"'
                                        % keeper_room + SURROGATE.encode() + b'"}\n'),
    }
    results: Counter[tuple[str, str]] = Counter()
    honest_joins: Counter[str] = Counter()
    start = window.relay.log_size()
    window.begin()

    async def attacker(number: int) -> None:
        turn = number
        while time.time() < window.deadline:
            name = list(kinds)[turn % len(kinds)]
            turn += 1
            greet, bad = kinds[name]
            if greet:
                peer, said = await window.greeted(ATTACKER, out.tally, f"Bad {number}")
                if peer is None:
                    results[(name, f"hello first: {said}")] += 1
                    await asyncio.sleep(0.05)
                    continue
            else:
                peer = await window.open(ATTACKER, out.tally)
                if peer is None:
                    results[(name, "could not connect")] += 1
                    await asyncio.sleep(0.05)
                    continue
            peer.send(bad)
            got = await peer.expect(HELLO, ROOM, timeout=1.0)
            results[(name, outcome_of(got, peer))] += 1
            peer.close()

    async def bystander() -> None:
        """Someone in the lobby trying the attacker's room with a wrong password."""
        number = 0
        while time.time() < window.deadline:
            number += 1
            peer, said = await window.greeted(HONEST_ADDRESS, honest, f"Honest {number}")
            if peer is None:
                honest_joins[said] += 1
            else:
                peer.send(line("join_room", room=target, password="0000"))
                honest_joins[outcome_of(await peer.expect(ROOM, timeout=1.0), peer)] += 1
                peer.close()
            await asyncio.sleep(0.25)

    await asyncio.gather(bystander(), *(attacker(number) for number in range(args.clients)))
    seconds = time.time() - window.started
    written = window.relay.log_text(start)
    tracebacks = written.count(TRACEBACK)
    out.achieved.append(f"{sum(results.values()) / seconds:,.0f} bad lines/s; the relay's stderr"
                        f" grew {len(written) / seconds / 1024:,.1f} KiB/s"
                        f" ({len(written) / seconds * 86400 / 1e9:,.1f} GB a day),"
                        f" {tracebacks / seconds:,.1f} tracebacks/s")
    out.achieved.append(f"a room with the password \\ud800 (set up before): {poison_said}")
    for name in kinds:
        answers = ", ".join(f"{how} {count:,}" for (which, how), count in results.most_common()
                            if which == name)
        out.achieved.append(f"{name}: {answers or 'not sent'}")
    whose = "the attacker's room" if poison_room else "a locked room"
    out.achieved.append(f"an honest wrong password to {whose}: "
                        + ", ".join(f"{how} {count}" for how, count in honest_joins.items()))
    cut = sum(count for how, count in honest_joins.items() if "closed" in how)
    if cut:
        out.flags.append(f"{cut} of {sum(honest_joins.values())} honest clients cut off trying"
                         f" {whose}")
    accepted = sorted({which for (which, how), _ in results.items() if how.startswith("acc")})
    if poison_room:
        out.flags.append("a password that is not text accepted")
    elif accepted:
        out.flags.append(f"accepted: {', '.join(accepted)}")
    if keeper is not None:
        keeper.close()
    return out


async def connection_flood(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    sources = [f"127.0.0.{2 + index}" for index in range(min(args.addresses, 250))]
    results: Counter[str] = Counter()
    gate = asyncio.Semaphore(128)
    held: list[Peer] = []
    window.begin()

    async def one(number: int) -> None:
        async with gate:
            if time.time() >= window.deadline:
                results["not tried: out of time"] += 1
                return
            peer, said = await window.greeted(sources[number % len(sources)], out.tally,
                                              f"C{number}", timeout=max(
                                                  0.2, min(2.0, window.deadline - time.time())))
            results["held" if peer is not None else said] += 1
            if peer is not None:
                peer.keep = False
                peer.inbox.clear()
                held.append(peer)

    await asyncio.gather(*(one(number) for number in range(args.connections)))
    opened_in = time.time() - window.started
    await window.hold()
    alive = sum(1 for peer in held if not peer.ended)
    out.achieved.append(f"{results['held']:,} of {args.connections:,} connections said hello"
                        f" and were answered (in {opened_in:.1f} s, from {len(sources)}"
                        f" addresses), {alive:,} still open at the end")
    out.achieved.append("the others: " + (", ".join(
        f"{how} {count:,}" for how, count in results.most_common() if how != "held")
        or "none"))
    limit = window.relay.fd_limit()
    out.achieved.append(f"the relay's descriptors at most {window.peak_fds:,}"
                        f" (its limit {limit:,})")
    if limit and window.peak_fds >= limit - 16:
        out.flags.append(f"relay at its open-file limit ({window.peak_fds:,} of {limit:,})")
    return out


async def password_guessing(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    host_tally = Tally()
    secret = random.Random(args.seed).randrange(DIGITS)
    host, said = await window.greeted(HONEST_ADDRESS, host_tally, "Owner")
    if host is None:
        raise RuntimeError(f"the room's host was not let in: {said}")
    host.send(line("create_room", name="Private", password=f"{secret:04d}"))
    got = await host.expect(ROOM)
    if got is None or not got.startswith(ROOM):
        raise RuntimeError(f"the room was not made: {outcome_of(got, host)}")
    room = int(json.loads(got)["room"])
    todo = deque(range(DIGITS))
    answered = 0
    other: Counter[str] = Counter()
    connections = 0
    found: tuple[int, float, int] | None = None
    window.begin()
    while todo and found is None and time.time() < window.deadline:
        peer, said = await window.greeted(ATTACKER, out.tally, f"Guess {connections}")
        connections += 1
        if peer is None:
            other[f"not let in: {said}"] += 1
            await asyncio.sleep(0.05)
            continue
        while not peer.ended and todo and found is None and time.time() < window.deadline:
            batch = [todo.popleft() for _ in range(min(10, len(todo)))]
            peer.send(b"".join(line("join_room", room=room, password=f"{guess:04d}")
                               for guess in batch))
            for index, guess in enumerate(batch):
                reply = await peer.expect(ROOM, timeout=2.0)
                if reply is None:
                    todo.extendleft(reversed(batch[index:]))
                    break
                if reply.startswith(ROOM):
                    found = (guess, time.time() - window.started, answered + 1)
                    break
                code = error_code(reply)
                if code == "password":
                    answered += 1
                else:
                    other[code] += 1
                    todo.appendleft(guess)
        peer.close()
    seconds = time.time() - window.started
    await window.hold()
    rate = answered / seconds if seconds else 0.0
    out.achieved.append(f"{answered:,} wrong guesses answered in {seconds:.1f} s"
                        f" ({rate:,.0f}/s) over {connections:,} connections"
                        + ("; other answers: " + ", ".join(f"{k} {v:,}" for k, v in
                                                           other.most_common(4))
                           if other else ""))
    whole = DIGITS / rate if rate else float("inf")
    if found is not None:
        guess, at, tries = found
        out.achieved.append(f"found {guess:04d} after {tries:,} guesses, {at:.1f} s in; at this"
                            f" rate all {DIGITS:,} take {duration(whole)}")
        out.flags.append(f"password found in {at:.1f} s")
    else:
        out.achieved.append(f"not found within {args.seconds:g} s (it was {secret:04d}); at this"
                            f" rate all {DIGITS:,} take {duration(whole)}")
        if whole < GUESS_HOUR:
            out.flags.append(f"all {DIGITS:,} passwords in {duration(whole)}")
    host.close()
    return out


FLOOD_ROOM = "Flood"
"""How the names of the rooms the attacker makes begin."""


async def make_room(window: Window, tally: Tally, name: str, bots: int) -> str:
    """A room with ``bots`` bots, started, then hung up on: "made", or what went wrong. All is
    sent at once, hello first, and the connection closed once the game has started."""
    peer = await window.open(ATTACKER, tally)
    if peer is None:
        return "could not connect"
    peer.send(hello(name[:20]) + line("create_room", name=name) + line("add_bot") * bots
              + line("start"))
    got = await peer.expect(GAME_STARTED, timeout=2.0)
    peer.close()
    return "made" if got is not None and got.startswith(GAME_STARTED) else outcome_of(got, peer)


async def count_rooms(port: int) -> tuple[int, int]:
    """The attacker's rooms in the lobby, and how many of them are playing, as a newcomer is
    told."""
    tally = Tally()
    peer = await Peer.open(port, HONEST_ADDRESS, tally, timeout=5.0)
    if peer is None:
        raise RuntimeError(f"could not connect to count the rooms: {tally.failed_text()}")
    try:
        peer.send(hello("Counter"))
        got = await peer.expect(ROOMS, timeout=5.0)
        if got is None or not got.startswith(ROOMS):
            raise RuntimeError(f"no list of rooms: {outcome_of(got, peer)}")
        rooms = [room for room in json.loads(got)["rooms"]
                 if str(room.get("name", "")).startswith(FLOOD_ROOM)]
        return len(rooms), sum(1 for room in rooms if room.get("playing"))
    finally:
        peer.close()


async def room_flood(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    results: Counter[str] = Counter()
    window.begin()

    async def maker(number: int) -> None:
        made = 0
        while time.time() < window.deadline:
            result = await make_room(window, out.tally, f"{FLOOD_ROOM} {number}-{made}", 3)
            results[result] += 1
            made += 1
            if result != "made":
                await asyncio.sleep(0.05)

    await asyncio.gather(*(maker(number) for number in range(args.clients)))
    seconds = time.time() - window.started
    out.achieved.append(f"{results['made']:,} rooms made and started in {seconds:.1f} s"
                        f" ({results['made'] / seconds:,.0f}/s) from one address,"
                        f" {args.clients} connections at a time")
    if len(results) > 1:
        out.achieved.append("not made: " + ", ".join(
            f"{how} {count:,}" for how, count in results.most_common() if how != "made"))
    before = window.before.rss if window.before else 0

    async def later() -> tuple[list[str], list[str]]:
        await asyncio.sleep(max(0.0, window.ended + 1.0 - time.time()))
        cpu = window.relay.snapshot()
        rooms, playing = await count_rooms(window.port)
        await asyncio.sleep(0.5)
        now = window.relay.snapshot()
        share = (now.cpu - cpu.cpu) / (now.at - cpu.at)
        lines = [f"1 s after it hung up: {rooms:,} rooms alive ({playing:,} playing); relay RSS"
                 f" {before:,} -> {now.rss:,} KiB, {100 * share:.0f} % of a core"]
        flags = [f"{rooms:,} rooms outlive their maker"] if rooms > ROOMS_PER_ADDRESS else []
        return lines, flags

    out.later = later
    return out


def lobby_process(port: int, count: int, pipe: Connection) -> None:
    with contextlib.suppress(EOFError, BrokenPipeError, KeyboardInterrupt):
        asyncio.run(lobby_main(port, count, pipe))


async def lobby_main(port: int, count: int, pipe: Connection) -> None:
    """``count`` clients in the lobby, reading all they are sent, until told to stop."""
    tally = Tally()
    peers: list[Peer] = []
    for number in range(count):
        source = f"127.2.{number // LOBBY_PER_NETWORK}.1"
        peer = await Peer.open(port, source, tally)
        if peer is not None:
            peer.send(hello(f"Lobby {number}"))
            peers.append(peer)
    replies = await asyncio.gather(*(peer.expect(HELLO, timeout=5.0) for peer in peers))
    greeted = sum(1 for got in replies if got is not None and got.startswith(HELLO))
    for peer in peers:
        peer.keep = False
        peer.inbox.clear()
    pipe.send(("ready", greeted, tally.bytes_in))
    await asyncio.to_thread(pipe.recv)
    pipe.send((tally.bytes_in, tally.lines_in, sum(tally.closed.values()), dict(tally.errors)))
    for peer in peers:
        peer.close()


async def lobby_amplification(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    helper = window.helper
    if helper is None:
        raise RuntimeError("no lobby clients")
    _, greeted, start_bytes = await asyncio.to_thread(helper.receive, 60.0)
    results: Counter[str] = Counter()
    window.begin()
    made = 0
    while made < args.rooms and time.time() < window.deadline:
        result = await make_room(window, out.tally, f"{FLOOD_ROOM} {made}", 1)
        results[result] += 1
        if result == "made":
            made += 1
        else:
            await asyncio.sleep(0.05)
    making = time.time() - window.started
    await window.hold()
    total, lines, dropped, errors = await helper.ask(("stop",), 30.0)
    got = total - start_bytes
    out.achieved.append(f"{made:,} rooms made in {making:.1f} s by one client, one connection"
                        f" after another ({out.tally.bytes_out:,} bytes sent)"
                        + ("; not made: " + ", ".join(f"{k} {v:,}" for k, v in results.items()
                                                      if k != "made")
                           if len(results) > 1 else ""))
    out.achieved.append(f"the {greeted} lobby clients were sent {got / 1e6:,.1f} MB in all"
                        f" ({lines:,} lines): {got / max(1, greeted) / 1024:,.0f} KiB each,"
                        f" {got / max(1, made) / max(1, greeted) / 1024:,.1f} KiB each a room,"
                        f" {got / max(1, out.tally.bytes_out):,.0f} bytes for each byte sent")
    if dropped or errors:
        out.achieved.append(f"lobby clients closed by the relay: {dropped}; errors:"
                            f" {errors or 'none'}")
    if made and got / made / max(1, greeted) > LOBBY_BYTES_PER_ROOM:
        out.flags.append(f"{got / made / max(1, greeted) / 1024:,.1f} KiB to each lobby client"
                         " a room")
    if dropped:
        out.flags.append(f"{dropped} lobby clients closed")
    return out


async def slowloris(window: Window, args: argparse.Namespace) -> Outcome:
    out = Outcome()
    after, said = await window.greeted(ATTACKER, out.tally, "Slow", answer=False)
    if after is None:
        raise RuntimeError(f"the slow client was not let in: {said}")
    opened = {"after hello": time.time()}
    before = await window.open(ATTACKER, out.tally, answer=False)
    opened["before hello"] = time.time()
    peers = {"after hello": after, "before hello": before}
    drips = {"after hello": b'{"kind":"chat","text":"',
             "before hello": b'{"kind":"hello","version":1,"name":"'}
    dripped: Counter[str] = Counter()
    window.begin()
    step = 0
    while time.time() < window.deadline:
        open_now = [(name, peer) for name, peer in peers.items()
                    if peer is not None and not peer.ended]
        if not open_now:
            break
        for name, peer in open_now:
            text = drips[name]
            dripped[name] += peer.send(text[step:step + 1] if step < len(text) else b"a")
        step += 1
        tick = min(window.deadline, window.started + 2.0 * step)
        while time.time() < tick and any(not peer.ended for _, peer in open_now):
            await asyncio.sleep(0.05)
    await window.hold()
    limits = {"after hello": SILENCE_TIMEOUT, "before hello": HELLO_TIMEOUT}
    for name, slow_peer in peers.items():
        if slow_peer is None:
            out.achieved.append(f"{name}: could not connect")
            continue
        held = (slow_peer.ended_at if slow_peer.ended else time.time()) - opened[name]
        code = slow_peer.last_code
        how = (f"closed by the relay after {held:.1f} s"
               + (f" (error {code})" if code else " (without a word)")
               if slow_peer.ended else f"still open after {held:.1f} s (the bound)")
        out.achieved.append(f"{name}: {how}; {dripped[name]} bytes sent, one each 2 s;"
                            f" docs/protocol.md: {limits[name]:g} s")
        if held > limits[name] + TIMEOUT_SLACK:
            out.flags.append(f"a line that never ends held {held:.0f} s {name}")
    return out


BROWSER_ADDRESS = "127.1.3.1"
"""Where the honest browser of browser-crowd comes from: a /24 of its own."""
BROWSER_WAIT = 15.0
"""Seconds a browser's session has to answer a key, or the relay a browser's hello."""
BROWSER_EVERY = 1.0
"""Seconds between the honest browser's tries at playing online."""


class Browser:
    """A page's side of the WebSocket, from ``source``: it says hello, presses keys and reads
    the lines it is sent."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.said: list[str] = []

    @classmethod
    async def open(cls, web_port: int, source: str) -> Browser:
        from websockets.asyncio.client import connect
        from websockets.typing import Origin

        socket = await asyncio.wait_for(connect(f"ws://{HOST}:{web_port}/play",
                                                local_addr=(source, 0),
                                                origin=Origin(f"http://{HOST}:{web_port}")),
                                        BROWSER_WAIT)
        await socket.send(json.dumps({"type": "hello", "languages": ["en"],
                                      "settings": {"first_run": False, "rate": 450}}))
        return cls(socket)

    async def hear(self, *starts: str) -> str:
        """The first line, from now on, that begins with one of ``starts``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BROWSER_WAIT
        while True:
            raw = await asyncio.wait_for(self.socket.recv(), max(0.0, deadline - loop.time()))
            message = json.loads(raw)
            if message.get("type") == "say":
                self.said.append(message["text"])
                if message["text"].startswith(starts):
                    return str(message["text"])

    async def press(self, *labels: str) -> None:
        for label in labels:
            await self.socket.send(json.dumps({"type": "key", "label": label}))

    async def play_online(self, name: str) -> str:
        """Through the menus to the relay the page offers: "connected", or what was said."""
        await self.hear("Main menu.")
        await self.press("down", "enter")
        await self.hear("Relay address")
        await self.press("enter")
        await self.hear("Your name")
        await self.press(*name, "enter")
        await self.hear("Password for")
        await self.press("enter")
        said = await self.hear("Connected to", "Cannot reach")
        if said.startswith("Connected to"):
            return "connected"
        return "refused: " + said.split(": ", 1)[-1]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close()


async def browser_crowd(window: Window, args: argparse.Namespace) -> Outcome:
    """``--browsers`` browsers on the attacker's network play online through the page served
    beside the relay, and stay; once they are in, a browser on another network tries to play
    online, again each ``BROWSER_EVERY`` seconds to the end (once at least). The relay should
    hold the crowd to one address's share and let the honest browser in every time."""
    out = Outcome()
    crowd: Counter[str] = Counter()
    honest: Counter[str] = Counter()
    browsers: list[Browser] = []
    window.begin()

    async def one(number: int) -> None:
        try:
            browser = await Browser.open(window.relay.web_port, f"127.0.0.{2 + number}")
        except (OSError, TimeoutError) as error:
            crowd[f"page not reached: {reason(error)}"] += 1
            return
        browsers.append(browser)
        try:
            crowd[await browser.play_online(f"crowd{number}")] += 1
        except ConnectionClosed:
            crowd["page turned away: " + (browser.said[-1] if browser.said else "")] += 1
        except (OSError, TimeoutError, ValueError) as error:
            crowd[f"no answer: {reason(error)}"] += 1

    async def honest_browser() -> None:
        number = 0
        while not number or time.time() < window.deadline:
            number += 1
            browser = None
            try:
                browser = await Browser.open(window.relay.web_port, BROWSER_ADDRESS)
                honest[await browser.play_online(f"honest{number}")] += 1
            except ConnectionClosed:
                said = browser.said[-1] if browser is not None and browser.said else ""
                honest[f"page turned away: {said}"] += 1
            except (OSError, TimeoutError, ValueError) as error:
                honest[f"no answer: {reason(error)}"] += 1
            finally:
                if browser is not None:
                    await browser.close()
            await asyncio.sleep(BROWSER_EVERY)

    try:
        await asyncio.gather(*(one(number) for number in range(args.browsers)))
        await honest_browser()
        await window.hold()
    finally:
        await asyncio.gather(*(browser.close() for browser in browsers))
    out.achieved.append(f"{args.browsers} browsers from 127.0.0.0/24 playing online: "
                        + ", ".join(f"{how} {count}" for how, count in crowd.most_common()))
    out.achieved.append(f"a browser from {BROWSER_ADDRESS} playing online then: "
                        + (", ".join(f"{how} {count}" for how, count in honest.most_common())
                           or "no try finished"))
    turned = sum(count for how, count in honest.items() if how != "connected")
    if turned or not honest:
        out.flags.append(f"{turned} of {sum(honest.values())} tries of an honest browser"
                         " turned away")
    if crowd["connected"] > ROOMS_PER_ADDRESS:
        out.flags.append(f"{crowd['connected']} browsers of one network let in")
    return out
# --------------------------------------------------------------------- accounts and mutes

FLOODERS = 40
"""Clients registering at once in the registration flood."""
FLOOD_NETWORKS = 16
"""The first /24 of the registration flood is 127.16.0.0/24: clear of everyone else's."""
HONEST_LOGIN_EVERY = 0.5
PASSWORD = "honest password"


def flood_source(attempt: int) -> str:
    """A /24 of its own for each registration of the flood (Linux routes all of 127/8 to the
    loopback)."""
    return f"127.{FLOOD_NETWORKS + attempt // 256}.{attempt % 256}.1"


def greeting(kind_: str, name: str, **fields: object) -> bytes:
    return line(kind_, version=1, name=name, **fields)


async def account_try(window: Window, source: str, tally: Tally, said: bytes
                      ) -> tuple[str, float, bytes]:
    """One greeting from ``source`` (a register, a login, a hello with a token): the code
    answered ("hello" if let in), the seconds it took, and the answer."""
    start = time.perf_counter()
    peer = await window.open(source, tally)
    if peer is None:
        return "could not connect", time.perf_counter() - start, b""
    peer.send(said)
    got = await peer.expect(HELLO, timeout=10.0)
    peer.close()
    taken = time.perf_counter() - start
    if got is not None and got.startswith(HELLO):
        return "hello", taken, got
    return outcome_of(got, peer), taken, got or b""


def logins_text(label: str, tries: list[tuple[str, float]]) -> str:
    got_in = sorted(seconds for code, seconds in tries if code == "hello")
    text = f"{label}: got in {len(got_in)} of {len(tries)}"
    if got_in:
        text += (f", {ms(got_in[len(got_in) // 2])} ms median,"
                 f" {ms(got_in[-1])} ms slowest")
    refused = Counter(code for code, _ in tries if code != "hello")
    if refused:
        text += "; refused: " + ", ".join(f"{code} {count}" for code, count in
                                          refused.most_common(3))
    return text


async def registration_flood(window: Window, args: argparse.Namespace) -> Outcome:
    """``FLOODERS`` clients registering new names one after another, each from a /24 it has
    not used, while an honest player logs in by password, and another by their kept token,
    every half second: does argon2's work for the flood keep the honest logins out?"""
    out = Outcome()
    honest = Tally()
    run = f"{random.Random(args.seed).getrandbits(24) ^ os.getpid():06x}"
    players: dict[str, str] = {}
    for who in ("P", "T"):
        name = f"Honest {who}{run}"
        code, _, got = await account_try(window, HONEST_ADDRESS, honest,
                                         greeting("register", name, password=PASSWORD))
        if code != "hello":
            raise RuntimeError(f"the honest player {name} could not register: {code}")
        players[who] = json.loads(got)["token"]
    answers: Counter[str] = Counter()
    by_password: list[tuple[str, float]] = []
    by_token: list[tuple[str, float]] = []
    window.begin()

    async def flooder(first: int) -> None:
        for attempt in itertools.count(first, FLOODERS):
            if time.time() >= window.deadline:
                return
            code, _, _ = await account_try(
                window, flood_source(attempt), out.tally,
                greeting("register", f"F{run}x{attempt}", password="flooding"))
            answers[code] += 1

    async def honest_player() -> None:
        while time.time() < window.deadline:
            tick = time.time() + HONEST_LOGIN_EVERY
            password, token = await asyncio.gather(
                account_try(window, HONEST_ADDRESS, honest,
                            greeting("login", f"Honest P{run}", password=PASSWORD)),
                account_try(window, HONEST_ADDRESS, honest,
                            greeting("hello", "Whoever", token=players["T"])))
            by_password.append(password[:2])
            by_token.append(token[:2])
            await asyncio.sleep(max(0.0, tick - time.time()))

    await asyncio.gather(honest_player(), *(flooder(index) for index in range(FLOODERS)))
    seconds = time.time() - window.started
    tried = sum(answers.values())
    out.achieved.append(f"{tried:,} registrations tried in {seconds:.1f} s ({tried / seconds:,.0f}"
                        f"/s) by {FLOODERS} clients, each from a new /24; answered: "
                        + ", ".join(f"{code} {count:,}" for code, count in
                                    answers.most_common(4)))
    out.achieved.append(logins_text("honest login by password", by_password))
    out.achieved.append(logins_text("honest login by kept token", by_token))
    for label, tries in (("by password", by_password), ("by token", by_token)):
        kept_out = sum(1 for code, _ in tries if code != "hello")
        if kept_out:
            out.flags.append(f"honest login {label} refused {kept_out} of {len(tries)} times")
    return out


async def mute_evasion(window: Window, args: argparse.Namespace) -> Outcome:
    """A room's host mutes a player, who comes back again and again under a new name from the
    same /24 (another address of it each time) and chats: does the room hear them?"""
    out = Outcome()
    honest = Tally()
    host, said = await window.greeted(HONEST_ADDRESS, honest, "Hostess")
    if host is None:
        raise RuntimeError(f"the room's host was not let in: {said}")
    host.send(line("create_room", name="Quiet room"))
    got = await host.expect(ROOM)
    if got is None or not got.startswith(ROOM):
        raise RuntimeError(f"the room was not made: {outcome_of(got, host)}")
    room = int(json.loads(got)["room"])
    troll, said = await window.greeted(ATTACKER, out.tally, "Troll")
    if troll is None:
        raise RuntimeError(f"the troll was not let in: {said}")
    troll.send(line("join_room", room=room))
    await troll.expect(ROOM)
    host.send(line("mute", name="Troll", minutes=10))
    muted = await troll.expect(kind("muted"))
    troll.close()
    if muted is None or not muted.startswith(kind("muted")):
        raise RuntimeError(f"the host could not mute the troll: {outcome_of(muted, troll)}")
    results: Counter[str] = Counter()
    window.begin()
    comeback = 0
    while time.time() < window.deadline:
        comeback += 1
        source = f"127.0.0.{2 + comeback % 250}"
        peer, said = await window.greeted(source, out.tally, f"Troll {comeback}")
        if peer is None:
            results[f"not let in: {said}"] += 1
            await asyncio.sleep(0.05)
            continue
        peer.send(line("join_room", room=room))
        joined = await peer.expect(ROOM)
        if joined is None or not joined.startswith(ROOM):
            results[f"not into the room: {outcome_of(joined, peer)}"] += 1
        else:
            peer.send(line("chat", text=f"back again {comeback}"))
            answer = await peer.expect(kind("chat"), timeout=2.0)
            results["heard by the room" if answer is not None and answer.startswith(
                kind("chat")) else outcome_of(answer, peer)] += 1
        peer.close()
        await asyncio.sleep(0.1)
    host.close()
    out.achieved.append(f"{comeback:,} comebacks under new names from the muted player's /24:"
                        " " + ", ".join(f"{how} {count:,}" for how, count in
                                        results.most_common(4)))
    if results["heard by the room"]:
        out.flags.append(f"a muted player heard {results['heard by the room']} times under a"
                         " new name")
    return out


@dataclass(slots=True)
class Attack:
    name: str
    title: str
    run: Callable[[Window, argparse.Namespace], Awaitable[Outcome]]
    seconds: Callable[[argparse.Namespace], float]
    helper: Callable[[int, argparse.Namespace], Helper] | None = None
    slow: bool = False
    web: bool = False
    """The relay serves the page beside it (``serve --web``)."""


def usual(args: argparse.Namespace) -> float:
    seconds: float = args.seconds
    return seconds


def lobby_seconds(args: argparse.Namespace) -> float:
    seconds: float = args.lobby_seconds
    return seconds


def slow(args: argparse.Namespace) -> float:
    seconds: float = args.slow_seconds
    return seconds


def lobby_helper(port: int, args: argparse.Namespace) -> Helper:
    return Helper(lobby_process, port, args.lobby)


def attacks(args: argparse.Namespace) -> list[Attack]:
    return [
        Attack("ping-flood", "ping flood, 1 client", ping_flood_1, usual),
        Attack("ping-flood", f"ping flood, {args.clients} clients", ping_flood_n, usual),
        Attack("bad-lines", f"bad lines, {args.clients} clients", bad_lines, usual),
        Attack("connection-flood", f"connection flood, {args.addresses} addresses",
               connection_flood, usual),
        Attack("password-guessing", "password guessing, 1 client", password_guessing, usual),
        Attack("room-flood", f"room flood, 1 address x{args.clients}", room_flood, usual),
        Attack("lobby-amplification", f"lobby amplification, {args.lobby} in the lobby",
               lobby_amplification, lobby_seconds, lobby_helper),
        Attack("browser-crowd", f"browser crowd, {args.browsers} browsers on one network",
               browser_crowd, usual, web=True),
        Attack("slowloris", "slowloris, 1 byte each 2 s", slowloris, slow, slow=True),
        Attack("registration-flood", f"registration flood, {FLOODERS} clients from new /24s",
               registration_flood, usual),
        Attack("mute-evasion", "mute evasion, new names from one /24", mute_evasion, usual),
    ]


NAMES = tuple(dict.fromkeys(attack.name for attack in attacks(argparse.Namespace(
    clients=4, addresses=64, lobby=200, browsers=24))))


# --------------------------------------------------------------------- against a client

CLIENT_ATTACKS = ("moved-flood",)
"""Attacks of a hostile relay on a player's client (``--only`` names them too): run after the
relay's, each against a real ``audiospoons join`` in a pseudo-terminal of its own."""


@dataclass(slots=True)
class ClientResult:
    """What a hostile relay got a client to do."""

    name: str
    seconds: float = 0.0
    connections: int = 0
    """Connections the client opened to the hostile relay (the first, then one per move)."""
    cpu: float = 0.0
    """The client's CPU seconds (user and system) from its start to its end."""
    ended: bool = False
    """Whether the client ended by itself within the attack's time."""
    said: list[str] = field(default_factory=list)
    """The lines it said about moving (``--speech text``)."""

    def flags(self) -> list[str]:
        return [f"client followed {self.connections - 1:,} moves"] if self.connections > 4 else []


async def moved_flood(seconds: float) -> ClientResult:
    """``audiospoons join 127.0.0.1:PORT --room 4`` against a relay that answers every hello
    with a hello, and the request that follows with ``moved`` back to itself (a new ticket, and
    a ``then`` with a password of its own), for up to ``seconds``."""
    result = ClientResult("moved-flood")
    port = free_port()
    open_writers: list[asyncio.StreamWriter] = []

    async def hostile(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        result.connections += 1
        open_writers.append(writer)
        try:
            while line_ := await reader.readline():
                message = json.loads(line_)
                if message.get("kind") == "hello":
                    writer.write(line("hello", version=2, name="Ann"))
                elif message.get("kind") in ("join_room", "chat"):
                    writer.write(line("moved", host=HOST, port=port,
                                      ticket=f"{result.connections:040d}",
                                      then={"kind": "join_room", "room": 4,
                                            "password": "chosen by the relay"}))
                await writer.drain()
        except (ConnectionError, ValueError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(hostile, HOST, port)
    primary, secondary = os.openpty()
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "LANG": "C.UTF-8", "LANGUAGE": "en"}
    with tempfile.TemporaryDirectory() as home:
        env.update(HOME=home, AUDIOSPOONS_CONFIG_DIR=home)
        started = time.monotonic()
        child = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "join", f"{HOST}:{port}", "--name", "Ann",
             "--room", "4", "--speech", "text"], cwd=ROOT, env=env, stdin=secondary,
            stdout=secondary, stderr=secondary, start_new_session=True)
        os.close(secondary)
        shown = bytearray()
        loop = asyncio.get_running_loop()
        loop.add_reader(primary, lambda: shown.extend(_read_some(primary)))
        try:
            while time.monotonic() - started < seconds and not result.ended:
                await asyncio.sleep(0.05)
                pid, status, usage = os.wait4(child.pid, os.WNOHANG)  # reaped here, not by Popen
                result.ended = pid != 0
        finally:
            loop.remove_reader(primary)
            if not result.ended:
                os.kill(child.pid, signal.SIGKILL)
                _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            os.close(primary)
            server.close()
            for writer in open_writers:
                writer.close()
            await server.wait_closed()
        result.seconds = time.monotonic() - started
        result.cpu = usage.ru_utime + usage.ru_stime
    result.said = [text for text in shown.decode("utf-8", "replace").splitlines()
                   if "mov" in text.lower()]
    return result


def _read_some(fd: int) -> bytes:
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def report_client(result: ClientResult) -> None:
    print(f"== {result.name}: a hostile relay sending the client on and on")
    print(f"  client opened {result.connections:,} connections ({result.connections - 1:,}"
          f" moves followed) in {result.seconds:.1f} s, CPU {result.cpu:.2f} s;"
          f" {'ended by itself' if result.ended else 'still following when killed'}")
    for text in result.said[-5:]:
        print(f"  said: {text.strip()}")
    for flag in result.flags():
        print(f"  FLAG: {flag}")
    print()


# --------------------------------------------------------------------- running them

@dataclass(slots=True)
class Result:
    attack: Attack
    seconds: float = 0.0
    baseline: Watch | None = None
    during: Watch | None = None
    after: Watch | None = None
    before: Snapshot | None = None
    end: Snapshot | None = None
    peak_fds: int = 0
    peak_rss: int = 0
    fd_limit: int = 0
    outcome: Outcome | None = None
    log: bytes = b""
    crashed: int | None = None
    error: str = ""

    def flags(self) -> list[str]:
        flags: list[str] = []
        base, during, after = self.baseline, self.during, self.after
        if base is not None and during is not None:
            if slowed(base, during):
                flags.append(f"victim slowed (p95 {ms(during.p95)} ms)")
            if during.lost:
                flags.append(f"victim lost {during.lost} pings")
            if during.drops:
                flags.append(f"victim cut off {during.drops} times")
        if base is not None and after is not None and slowed(base, after):
            flags.append(f"victim still slowed after (p95 {ms(after.p95)} ms)")
        turned = sum(1 for ok, _, _ in during.probes if not ok) if during else 0
        if turned:
            flags.append(f"{turned} of {len(during.probes) if during else 0} fresh clients"
                         " turned away")
        tracebacks = self.log.count(TRACEBACK)
        if tracebacks:
            flags.append(f"{tracebacks:,} tracebacks logged")
        if self.outcome is not None:
            flags += self.outcome.flags
        if self.crashed is not None:
            flags.append(f"relay ended by itself ({self.crashed})")
        return flags


def slowed(base: Watch, now: Watch) -> bool:
    if not base.trips or not now.trips:
        return False
    return now.p95 > max(SLOWED_FACTOR * base.p95, base.p95 + SLOWED_MARGIN)


async def drive(attack: Attack, relay: RelayProcess, victim: VictimHandle,
                helper: Helper | None, args: argparse.Namespace, result: Result) -> None:
    result.baseline = await asyncio.to_thread(victim.measure, args.baseline)
    window = Window(relay, victim, attack.seconds(args), helper)
    try:
        result.outcome = await asyncio.wait_for(attack.run(window, args),
                                                window.seconds + SETUP_BOUND)
    except Exception as error:
        result.error = f"{type(error).__name__}: {error}" if str(error) \
            else type(error).__name__
    finally:
        if window.started:
            window.end()
    if not window.started:
        return
    result.seconds = window.ended - window.started
    result.before, result.end = window.before, window.after
    result.peak_fds, result.peak_rss = window.peak_fds, window.peak_rss
    result.during = await asyncio.to_thread(victim.result, window.seconds)
    after = asyncio.create_task(asyncio.to_thread(victim.measure, args.after))
    if result.outcome is not None and result.outcome.later is not None:
        try:
            lines, flags = await asyncio.wait_for(result.outcome.later(), SETUP_BOUND)
            result.outcome.achieved += lines
            result.outcome.flags += flags
        except Exception as error:
            result.outcome.achieved.append(f"afterwards: {type(error).__name__}: {error}")
    result.after = await after


def run_one(attack: Attack, args: argparse.Namespace) -> Result:
    result = Result(attack)
    with tempfile.TemporaryFile() as log:
        relay: RelayProcess | None = None
        victim: VictimHandle | None = None
        helper: Helper | None = None
        try:
            relay = RelayProcess(log, args.relay_fd_limit, args.relay_root, web=attack.web)
            result.fd_limit = relay.fd_limit()
            victim = VictimHandle(relay.port)
            if attack.helper is not None:
                helper = attack.helper(relay.port, args)
            asyncio.run(drive(attack, relay, victim, helper, args, result))
        except Exception as error:
            result.error = result.error or f"{type(error).__name__}: {error}"
        finally:
            for worker in (helper, victim):
                if worker is not None:
                    worker.stop()
            if relay is not None:
                result.log = relay.log_text(relay.log_start)
                result.crashed = relay.stop()
    return result


# --------------------------------------------------------------------- the report

def ms(value: float) -> str:
    return "-" if value != value else f"{value * 1000:.1f}"


def duration(seconds: float) -> str:
    if seconds == float("inf"):
        return "forever"
    if seconds < 120:
        return f"{seconds:.1f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:,.0f} days"


def trip_row(label: str, watch: Watch | None) -> str:
    if watch is None:
        return f"  {label:<24} (not measured)"
    return (f"  {label:<24} {ms(watch.quantile(0.5)):>8} {ms(watch.p95):>8}"
            f" {ms(max(watch.trips, default=float('nan'))):>8} {watch.lost:>5}/{watch.pings:<4}"
            + (f" cut off {watch.drops}x, {watch.refused} pings not sent" if watch.drops
               or watch.refused else "")
            + (" errors: " + ", ".join(f"{code} {count}" for code, count in
                                      watch.codes.most_common(3)) if watch.codes else ""))


def probe_text(watch: Watch | None) -> str:
    if watch is None or not watch.probes:
        return "not tried"
    ok = [seconds for good, seconds, _ in watch.probes if good]
    text = f"{len(ok)}/{len(watch.probes)} let in"
    if ok:
        text += f" (slowest {ms(max(ok))} ms)"
    turned = Counter(what for good, _, what in watch.probes if not good)
    if turned:
        text += "; turned away: " + ", ".join(f"{what} {count}" for what, count in
                                              turned.most_common(3))
    return text


def log_text(log: bytes, seconds: float) -> str:
    lines = log.count(b"\n")
    text = f"+{lines:,} lines ({len(log):,} B"
    if seconds and lines:
        text += f", {len(log) / seconds / 1024:,.1f} KiB/s"
    text += f"), {log.count(TRACEBACK):,} tracebacks"
    kinds = Counter(found.decode(errors="replace")[:90]
                    for found in EXCEPTION_LINE.findall(log))
    for said, count in kinds.most_common(3):
        text += f"\n  {'':<24} {count:,} x {said}"
    return text


def report(result: Result) -> None:
    attack = result.attack
    print(f"== {attack.title}" + (f" ({result.seconds:.1f} s)" if result.seconds else ""))
    print(f"  {'victim round trip, ms':<24} {'median':>8} {'p95':>8} {'max':>8}  lost")
    print(trip_row("before", result.baseline))
    print(trip_row("during the attack", result.during))
    print(trip_row("after, attacker gone", result.after))
    print(f"  {'fresh clients':<24} during: {probe_text(result.during)}")
    print(f"  {'':<24} before: {probe_text(result.baseline)}")
    before, end = result.before, result.end
    if before is not None and end is not None:
        share = (end.cpu - before.cpu) / max(1e-9, end.at - before.at)
        rss = f"{end.rss:,} KiB" if end.rss else "(gone)"
        print(f"  {'relay':<24} {100 * share:.0f} % of a core; RSS {before.rss:,} KiB -> {rss}"
              f" (peak {result.peak_rss:,}); descriptors at most {result.peak_fds:,}"
              f" (limit {result.fd_limit:,})")
    print(f"  {'relay stderr':<24} {log_text(result.log, result.seconds)}")
    outcome = result.outcome
    if outcome is not None:
        for number, said in enumerate(outcome.achieved):
            print(f"  {'attacker' if number == 0 else '':<24} {said}")
        print(f"  {'relay closed attacker':<24} {outcome.tally.closed_text()}")
        if outcome.tally.failed:
            print(f"  {'':<24} could not connect: {outcome.tally.failed_text()}")
    if result.error:
        print(f"  {'the attack stopped':<24} {result.error}")
    flags = result.flags()
    verdict = "; ".join(flags) if flags else (
        "not known: the attack did not run" if result.during is None else "no")
    print(f"  {'others hurt':<24} {verdict}")
    print()


def summary(results: list[Result]) -> None:
    print("summary: victim p95 round trip in ms before / during / after; fresh clients let"
          " in during the attack")
    header = (f"{'attack':<38} {'before':>6} {'during':>7} {'after':>6} {'lost':>5}"
              f" {'fresh':>6} {'attacker closed':>15}  others hurt")
    print(header)
    print("-" * len(header))
    for result in results:
        def p95(watch: Watch | None) -> str:
            return "-" if watch is None else ms(watch.p95)

        during = result.during
        fresh = "-" if during is None or not during.probes else \
            f"{sum(1 for ok, _, _ in during.probes if ok)}/{len(during.probes)}"
        tally = result.outcome.tally if result.outcome is not None else None
        closed = "-" if tally is None or not tally.opened else \
            f"{sum(tally.closed.values()):,}/{tally.opened:,}"
        flags = result.flags() + ([f"did not run: {result.error}"] if result.error else [])
        print(f"{result.attack.title:<38} {p95(result.baseline):>6} {p95(during):>7}"
              f" {p95(result.after):>6} {'-' if during is None else during.lost:>5}"
              f" {fresh:>6} {closed:>15}  {'; '.join(flags) if flags else 'no'}")


def raise_own_fd_limit() -> None:
    """This process holds every attacking connection: as many descriptors as it may have."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft < want:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="attacks: " + ", ".join((*NAMES, *CLIENT_ATTACKS))
        + " (slowloris only with --slow or --only)")
    parser.add_argument("--only", default="",
                        help="attacks to run, comma separated (default all but slowloris)")
    parser.add_argument("--slow", action="store_true", help="run slowloris too")
    parser.add_argument("--seconds", type=float, default=4.0,
                        help="seconds each attack lasts (default 4)")
    parser.add_argument("--lobby-seconds", type=float, default=8.0,
                        help="seconds lobby-amplification lasts, at most: it stops making rooms"
                             " at --rooms (default 8)")
    parser.add_argument("--slow-seconds", type=float, default=30.0,
                        help="seconds slowloris lasts (default 30)")
    parser.add_argument("--baseline", type=float, default=1.5,
                        help="seconds the victim is timed before each attack (default 1.5)")
    parser.add_argument("--after", type=float, default=1.0,
                        help="seconds it is timed after each attack (default 1)")
    parser.add_argument("--clients", type=int, default=4,
                        help="attacking connections of ping-flood's second run, bad-lines and"
                             " room-flood (default 4; at most 16, one address's share)")
    parser.add_argument("--connections", type=int, default=1200,
                        help="connections connection-flood tries (default 1200)")
    parser.add_argument("--addresses", type=int, default=64,
                        help="loopback addresses connection-flood comes from (default 64)")
    parser.add_argument("--lobby", type=int, default=200,
                        help="clients in the lobby for lobby-amplification (default 200)")
    parser.add_argument("--rooms", type=int, default=120,
                        help="rooms lobby-amplification makes (default 120)")
    parser.add_argument("--browsers", type=int, default=24,
                        help="browsers browser-crowd opens from one network (default 24)")
    parser.add_argument("--relay-fd-limit", type=int, default=1024, metavar="N",
                        help="the relay's open-file limit (default 1024; 0: this process's)")
    parser.add_argument("--relay-root", type=Path, default=ROOT, metavar="DIR",
                        help="run the relay of another copy of the project, to compare"
                             " (default this one)")
    parser.add_argument("--seed", type=int, default=1,
                        help="chooses the room's password in password-guessing (default 1)")
    args = parser.parse_args(argv)
    args.clients = max(1, min(16, args.clients))
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    against_client = [name for name in CLIENT_ATTACKS if name in wanted or not wanted]
    against_relay = [name for name in wanted if name not in CLIENT_ATTACKS]
    unknown = [name for name in against_relay if name not in NAMES]
    if unknown:
        parser.error(f"no attack {', '.join(unknown)}; the attacks are"
                     f" {', '.join((*NAMES, *CLIENT_ATTACKS))}")
    chosen = [attack for attack in attacks(args)
              if (attack.name in against_relay if wanted else not attack.slow or args.slow)]
    raise_own_fd_limit()
    started = time.time()
    print(f"relay attacks on {HOST}: each attack {args.seconds:g} s (lobby-amplification"
          f" {args.lobby_seconds:g} s, slowloris {args.slow_seconds:g} s) against a relay of its"
          f" own (its open-file limit {args.relay_fd_limit or 'as inherited'} at its start);"
          f" the victim,"
          f" {VICTIM_LINKS} connections in a room of their own, pings every"
          f" {PING_EVERY * 1000:.0f} ms, timed"
          f" {args.baseline:g} s before and {args.after:g} s after; a fresh client says hello"
          f" every {PROBE_EVERY:g} s"
          f" (Python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    print()
    results: list[Result] = []
    for attack in chosen:
        result = run_one(attack, args)
        report(result)
        sys.stdout.flush()
        results.append(result)
    if results:
        summary(results)
        print()
    client_results = [asyncio.run(moved_flood(args.seconds)) for _ in against_client]
    for client_result in client_results:
        report_client(client_result)
    print(f"the whole run took {time.time() - started:.0f} s")
    hurt = any(result.flags() or result.error for result in results) or any(
        result.flags() for result in client_results)
    return 1 if hurt else 0


if __name__ == "__main__":
    sys.exit(main())
