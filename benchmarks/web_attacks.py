"""Whether one hostile client can hurt the players of ``audiospoons web``, or use it: each attack
against a server of its own, beside a victim's round trip on the web socket.

    python benchmarks/web_attacks.py [--only NAME,...] [--sessions 200] [--wide 600]
                                     [--groups 64] [--fd-limit 1024] [--ports 10]

The attacks (``--only`` takes their names, comma separated):

  session-flood        ``--sessions`` sessions opened at once from one address (127.0.0.2),
                       held open to the end
  session-flood-wide   ``--wide`` sessions opened at once from ``--groups`` /24s (127.0.N.1),
                       past what the open-file limit allows, held open to the end
  churn                ``--sessions`` sessions from one address, each opened, heard and closed
                       in turn: the threads and memory they leave behind
  cross-origin         a socket from another site's page (``Origin: http://evil.example``), a
                       sandboxed one (``null``), one with no origin, and another site's name
                       pointed at 127.0.0.1 (DNS rebinding)
  relay-scan           a page's Play online aimed at ``--ports`` ports of 127.0.0.1, half of
                       them listening, on a server told ``--relays``: what it says for each,
                       and how many connections the listening ports got

How: each attack gets a server of its own (``python -m audiospoons web`` on a free port of
127.0.0.1, its open-file limit set to ``--fd-limit``, its stderr kept in a file), stopped by its
pid after it. The victim (127.1.0.1) sits in the main menu and presses Up and Down in turn every
100 ms, each timed from its sending to the line it brings; a line that does not come within
2 s is lost. Printed for each attack: the victim's round trip (median, p95, max) and lost keys
before and during the attack; what the attacker got; the server's threads (``/proc/PID/task``),
open descriptors, resident size and stderr (bytes, and whether it ran out of descriptors).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin

LINE_WAIT = 2.0
VICTIM_EVERY = 0.1
MENU = "Main menu"
PLAYED = {"first_run": False}


@dataclass(slots=True)
class Server:
    address: str
    pid: int
    stderr: Path

    def threads(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/task"))

    def sample(self) -> dict[str, object]:
        status = Path(f"/proc/{self.pid}/status").read_text()
        rss = next(line.split()[1] for line in status.splitlines()
                   if line.startswith("VmRSS"))
        log = self.stderr.read_bytes()
        return {"threads": self.threads(),
                "fds": len(os.listdir(f"/proc/{self.pid}/fd")),
                "rss_mb": round(int(rss) / 1024, 1), "stderr_bytes": len(log),
                "out_of_descriptors": b"out of system resource" in log}


@contextmanager
def web_server(args: argparse.Namespace, *extra: str) -> Iterator[Server]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.fd_limit, args.fd_limit))

    folder = Path(tempfile.mkdtemp(prefix="web-attacks-"))
    env = {**os.environ, "HOME": str(folder), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_AUDIODRIVER": "dummy"}
    stderr = folder / "stderr.log"
    with stderr.open("w") as errors:
        process = subprocess.Popen([sys.executable, "-m", "audiospoons", "web", "--port", "0",
                                    *extra], stdout=subprocess.PIPE, stderr=errors, text=True,
                                   env=env, preexec_fn=limited)
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(20):
                raise SystemExit("audiospoons web printed no address")
        line = process.stdout.readline()
        yield Server(line.split("open ", 1)[1].split(" ", 1)[0], process.pid, stderr)
    finally:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)


async def open_session(address: str, source: str, origin: str | None = "own",
                       ) -> ClientConnection:
    """A socket from ``source`` that has said hello, as the page served at ``address``."""
    sent = Origin(address.rstrip("/")) if origin == "own" else (
        None if origin is None else Origin(origin))
    socket_ = await connect(address.replace("http://", "ws://") + "play", origin=sent,
                            local_addr=(source, 0), open_timeout=LINE_WAIT)
    await socket_.send(json.dumps({"type": "hello", "languages": ["en"], "settings": PLAYED}))
    return socket_


async def first_line(socket_: ClientConnection) -> str:
    """The first line the session says ("" if it closes or says nothing in time)."""
    deadline = time.monotonic() + LINE_WAIT * 5
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while True:
            message = json.loads(await asyncio.wait_for(
                socket_.recv(), max(0.01, deadline - time.monotonic())))
            if message["type"] == "say":
                return str(message["text"])
    return ""


@dataclass(slots=True)
class Victim:
    trips: list[float] = field(default_factory=list)
    lost: int = 0


async def victim(address: str, stop: asyncio.Event, seen: Victim) -> None:
    """Up and Down in the main menu until ``stop``, each timed to its line."""
    socket_ = await open_session(address, "127.1.0.1")
    await first_line(socket_)
    index = 0
    while not stop.is_set():
        sent = time.perf_counter()
        await socket_.send(json.dumps({"type": "key", "label": "down" if index % 2 else "up"}))
        index += 1
        try:
            while True:
                message = json.loads(await asyncio.wait_for(socket_.recv(), LINE_WAIT))
                if message["type"] == "say":
                    break
            seen.trips.append((time.perf_counter() - sent) * 1000)
        except TimeoutError:
            seen.lost += 1
        await asyncio.sleep(VICTIM_EVERY)
    await socket_.close()


def trip_row(label: str, trips: list[float]) -> str:
    if not trips:
        return f"  {label}: no round trips"
    ordered = sorted(trips)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"  {label}: median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms,"
            f" max {ordered[-1]:.1f} ms ({len(ordered)} keys)")


Attack = Callable[[Server, argparse.Namespace], Awaitable[dict[str, object]]]


async def hold_sessions(server: Server, sources: list[str]) -> dict[str, object]:
    """Open a session from each of ``sources`` at once and hold them; what each heard."""
    async def one(source: str) -> tuple[str, ClientConnection | None]:
        try:
            socket_ = await open_session(server.address, source)
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as error:
            return f"not connected ({type(error).__name__})", None
        line = await first_line(socket_)
        kind = ("session" if MENU in line else "told full" if "full" in line
                else "told too many" if "Too many" in line else "closed without a word")
        return kind, socket_

    results = await asyncio.gather(*(one(source) for source in sources))
    outcome: dict[str, object] = dict(Counter(kind for kind, _ in results))
    outcome["server"] = server.sample()
    for _, socket_ in results:
        if socket_ is not None:
            with contextlib.suppress(Exception):
                await socket_.close()
    return outcome


async def session_flood(server: Server, args: argparse.Namespace) -> dict[str, object]:
    return await hold_sessions(server, ["127.0.0.2"] * args.sessions)


async def session_flood_wide(server: Server, args: argparse.Namespace) -> dict[str, object]:
    return await hold_sessions(server, [f"127.0.{1 + n % args.groups}.1"
                                        for n in range(args.wide)])


async def churn(server: Server, args: argparse.Namespace) -> dict[str, object]:
    before, threads = server.sample(), server.threads()
    for _ in range(args.sessions):
        socket_ = await open_session(server.address, "127.0.0.2")
        await first_line(socket_)
        await socket_.close()
    deadline = time.monotonic() + 10
    while server.threads() > threads and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return {"before": before, "after": server.sample(), "sessions": args.sessions}


def upgrade_status(address: str, host: str | None, origin: str | None) -> str:
    port = int(address.rsplit(":", 1)[1].strip("/"))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        lines = ["GET /play HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}",
                 "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        raw.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return raw.recv(4096).split(b"\r\n", 1)[0].decode()


async def cross_origin(server: Server, args: argparse.Namespace) -> dict[str, object]:
    port = server.address.rsplit(":", 1)[1].strip("/")
    tries = {"evil.example": (None, "http://evil.example"), "null": (None, "null"),
             "no origin": (None, None),
             "rebinding": (f"evil.example:{port}", f"http://evil.example:{port}"),
             "the page itself": (None, server.address.rstrip("/"))}
    return {name: await asyncio.to_thread(upgrade_status, server.address, host, origin)
            for name, (host, origin) in tries.items()}


async def relay_scan(server: Server, args: argparse.Namespace) -> dict[str, object]:
    listeners = [socket.create_server(("127.0.0.1", 0)) for _ in range(args.ports // 2)]
    closed = []
    for _ in range(args.ports - len(listeners)):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            closed.append(probe.getsockname()[1])
    for listener in listeners:
        listener.setblocking(False)
    socket_ = await open_session(server.address, "127.0.0.2")
    await first_line(socket_)
    said: dict[str, Counter[str]] = {"listening": Counter(), "closed": Counter()}

    async def press(*labels: str) -> None:
        for label in labels:
            await socket_.send(json.dumps({"type": "key", "label": label}))

    async def next_line(containing: str) -> str:
        while True:
            message = json.loads(await asyncio.wait_for(socket_.recv(), 30))
            if message["type"] == "say" and containing in message["text"]:
                return str(message["text"])

    await press("down", "enter")
    await next_line("Relay address")
    ports = [("listening", s.getsockname()[1]) for s in listeners] + [
        ("closed", port) for port in closed]
    began = time.perf_counter()
    for state, port in ports:
        await press(*f"127.0.0.1:{port}", "enter")
        said[state][await next_line(".")] += 1
        await next_line("Relay address")
    seconds = time.perf_counter() - began
    await socket_.close()
    reached = 0
    for listener in listeners:
        with contextlib.suppress(BlockingIOError):
            while True:
                listener.accept()[0].close()
                reached += 1
        listener.close()
    return {"said for listening ports": dict(said["listening"]),
            "said for closed ports": dict(said["closed"]),
            "connections the listening ports got": reached,
            "addresses a second": round(len(ports) / seconds, 1)}


ATTACKS: dict[str, tuple[Attack, tuple[str, ...]]] = {
    "session-flood": (session_flood, ()),
    "session-flood-wide": (session_flood_wide, ()),
    "churn": (churn, ()),
    "cross-origin": (cross_origin, ()),
    "relay-scan": (relay_scan, ("--relays", "127.0.0.1:7777")),
}


async def run(name: str, args: argparse.Namespace) -> None:
    attack, extra = ATTACKS[name]
    with web_server(args, *extra) as server:
        stop, seen = asyncio.Event(), Victim()
        watching = asyncio.create_task(victim(server.address, stop, seen))
        await asyncio.sleep(1.0)
        begun, calm = server.sample(), len(seen.trips)
        outcome = await attack(server, args)
        stop.set()
        await watching
    print(f"\n{name}")
    print(f"  server before: {begun}")
    for key, value in outcome.items():
        print(f"  {key}: {value}")
    print(trip_row("victim before", seen.trips[:calm]))
    print(trip_row("victim during", seen.trips[calm:]))
    print(f"  victim keys lost: {seen.lost}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="attacks to run, comma separated")
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--wide", type=int, default=600)
    parser.add_argument("--groups", type=int, default=64)
    parser.add_argument("--fd-limit", type=int, default=1024)
    parser.add_argument("--ports", type=int, default=10)
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    names = args.only.split(",") if args.only else list(ATTACKS)
    for name in names:
        asyncio.run(run(name, args))


if __name__ == "__main__":
    main()
