"""A bounded soak of the relay: many rooms of remote bots playing game after game, some of them
losing their connection mid-game and taking their seat back.

    python benchmarks/soak.py [--rooms 50] [--room-size 4] [--seconds 120] [--grace 60]
                              [--kill-share 0.1] [--lost-share 0.02] [--processes 1]
                              [--option key=value ...] [--seed 1]

The relay runs as its own process (``audiospoons serve`` on 127.0.0.1, with its per-address caps
above the clients' number). Every seat of every room is a client playing as a remote bot
(``play_seat``, at a pace within the relay's rate limit). Rooms play quick games back to back
until ``--seconds`` have passed; a game under way then has ``--grace`` seconds more to end, and
any that has not is a failed game. The whole run stops by itself within ``--seconds`` plus
``--grace`` plus a few seconds to connect and to close, and always stops the relay it started.

In each game each seat's connection is cut (its transport aborted, as a dropped network does)
with the chance ``--kill-share``, at a random moment; at most all but one seat of a room at once,
so a room always keeps someone in it. The client comes back 0.5 to 5 s later on a new connection
with its seat's token and plays on from what it is told of the game so far; if the game ended
meanwhile the relay refuses the token and the client joins the room again for the next game.
``--lost-share`` of the clients (at most one a room) are cut in their room's first game and never
come back: a bot plays their seat to the end of that game, and the room plays on without them.

Printed at the end: the event loop the relay ran on (as its log says), games finished and
failed, every ``error`` message and exception the clients met (by code or type, with the first
one's text), the game's refusals of the bots' commands, reconnects, the relay's resident memory
(at the start, after ``--warm-up`` seconds, at the end, the growth per game after the warm-up,
and every 15 s, so that growth which does not level off shows), peak connections, messages the
clients received a second, the relay's CPU seconds (``/proc/PID/stat``, all its threads) in all
and per game finished (beside its goal for rooms of four: measured over the whole run, so the
time between games and the games' tails count too), and how busy the clients' own event loops
were, so a client side that could not keep up is seen. The relay's log records other than its
routine ones are counted by kind, with the first traceback of each kind; when a game failed the
relay is stopped with SIGABRT rather than SIGTERM, and its faulthandler's account of where it
was is printed. The exit code is 1 if any game failed, the relay ended by itself, or it logged
an exception.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import IO, Any, ClassVar

from relay import LOOP_SAID, ROOT, free_port, resident_kib, wait_for_port

from audiospoons.bots.levels import BotPace
from audiospoons.engine.events import Event
from audiospoons.net.botclient import BotSeatResult, play_seat
from audiospoons.net.client import RelayClient, RelayError, SeatRefused

HOST = "127.0.0.1"
PACE = BotPace(card_mean=0.2, card_spread=0.03, reaction_mean=0.15, reaction_spread=0.03,
            card_floor=0.12, reaction_floor=0.08)
"""Quick, but within the relay's rate limit of ten messages a second."""
QUICK_GAME = {"hand_size": "3", "round_pause": "0.2", "grab_time_limit": "2", "word": "PIG"}
STAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} ")
"""How each of the relay's log records begins."""
START_REFUSED = frozenset({"no-room", "not-host", "playing", "not-ready", "bad-options"})
"""The codes a host's ``start`` can be refused with (an ``out-of-place`` now and then is a
bot's command that crossed the end of the last game, and is no refusal)."""
CPU_GOAL_MS = 40
"""The most CPU the relay may spend on a game in rooms of four, measured over whole games."""
TREND = 15.0
"""Seconds between the samples of the relay's resident size printed as its trend."""
ROUTINE_LOG = ("relay listening on", "relay stopping")
"""The relay's log lines that say nothing went wrong."""


@dataclass(slots=True)
class Tally:
    """What one worker's clients saw. Times are wall-clock (``time.time``), so the workers'
    tallies add up."""

    finished: list[tuple[float, float]] = field(default_factory=list)
    """(start, end) of each game that ended."""
    failed: list[str] = field(default_factory=list)
    """Why each failed game failed: its room and the first exception."""
    errors: Counter[str] = field(default_factory=Counter)
    said: dict[str, str] = field(default_factory=dict)
    """The first message text of each kind of error, to say what it was about."""
    refusals: Counter[str] = field(default_factory=Counter)
    kills: int = 0
    lost: int = 0
    tried: int = 0
    succeeded: int = 0
    refused: int = 0
    broken: int = 0
    """Reconnects that failed otherwise: the relay closed or reset the connection, or did not
    answer."""
    messages: int = 0
    live: set[int] = field(default_factory=set)
    """The clients' connections open now (by ``id``)."""
    peak: int = 0
    lag: list[float] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0

    def opened(self, client: RelayClient) -> None:
        self.live.add(id(client))
        self.peak = max(self.peak, len(self.live))

    def error(self, error: BaseException) -> None:
        kind = f"exception {type(error).__name__}"
        self.errors[kind] += 1
        self.said.setdefault(kind, str(error))

    def merge(self, other: Tally) -> None:
        self.finished += other.finished
        self.failed += other.failed
        self.errors += other.errors
        self.said = {**other.said, **self.said}
        self.refusals += other.refusals
        for name in ("kills", "lost", "tried", "succeeded", "refused", "broken", "messages",
                     "peak"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.lag += other.lag
        self.cpu += other.cpu
        self.wall = max(self.wall, other.wall)


class CountingClient(RelayClient):
    """A relay client that counts every message it is given, and every ``error`` by code."""

    tally: ClassVar[Tally] = Tally()

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        message = await super().receive(timeout)
        self.tally.messages += 1
        if message["kind"] == "error":
            kind = f"error {message.get('code')}"
            self.tally.errors[kind] += 1
            self.tally.said.setdefault(kind, str(message.get("message")))
        return message


@dataclass(slots=True)
class Plan:
    """The run's shape, the same in every worker."""

    port: int
    size: int
    options: dict[str, str]
    kill_share: float
    stop_at: float
    """No game starts after this (wall clock)."""
    give_up_at: float
    """A game not over by this has failed."""
    seed: int


@dataclass(slots=True)
class Member:
    """One seat's player: its client (replaced after a cut), its name and its seat's token."""

    name: str
    client: RelayClient
    token: str = ""
    step: str = ""
    """What the member is doing: said when its game fails."""
    lose: bool = False
    """Cut in the room's first game (or its next, if that one had enough cuts) and never
    back."""
    lost: bool = False


async def open_client(tally: Tally, port: int, name: str) -> RelayClient:
    client = await CountingClient.connect(HOST, port, name)
    tally.opened(client)
    return client


def cut(tally: Tally, client: RelayClient) -> None:
    """Kill the connection as a lost network does: no goodbye, no flush."""
    client.writer.transport.abort()
    client.closed = True
    tally.live.discard(id(client))


async def close(tally: Tally, client: RelayClient) -> None:
    tally.live.discard(id(client))
    await client.close()


def seconds_left(plan: Plan) -> float:
    return max(0.1, plan.give_up_at - time.time())


def not_playing(message: dict[str, Any]) -> bool:
    return not message["playing"]


def refusal_or_start(message: dict[str, Any]) -> bool:
    return message["kind"] != "error" or message["code"] in START_REFUSED


class RoomRun:
    """One room of the soak, game after game."""

    def __init__(self, plan: Plan, tally: Tally, number: int, rng: random.Random) -> None:
        self.plan, self.tally, self.number, self.rng = plan, tally, number, rng
        self.members: list[Member] = []
        self.room = 0
        self.game_seconds = 10.0
        """How long a game takes, roughly (the last one's length): kills fall within it."""
        self.step = "setting up"
        """What the room is waiting for: said when it fails."""
        self.seen: dict[str, Any] = {}
        """The room as last heard before a start."""

    async def open(self) -> None:
        for seat in range(self.plan.size):
            name = f"s{self.number}p{seat}"
            self.members.append(Member(name, await open_client(self.tally, self.plan.port,
                                                               name)))
        host = self.members[0].client
        host.send("create_room", name=f"Soak {self.number}", options=self.plan.options)
        state = await host.expect("room")
        self.room = state["room"]
        for member in self.members[1:]:
            member.client.send("join_room", room=self.room)
            await member.client.expect("room")

    async def run(self, lose: bool) -> None:
        """Games until the plan's stop; a failed game ends the room's run (whatever the
        failure, so that one room's trouble leaves the others playing)."""
        try:
            await self.open()
        except Exception as error:
            self.tally.error(error)
            self.tally.failed.append(f"room {self.number}, {self.step}: {error}")
            return
        if lose:
            self.rng.choice(self.members).lose = True
        while time.time() < self.plan.stop_at:
            started_at = time.time()
            try:
                await self.game()
            except Exception as error:
                self.tally.error(error)
                self.tally.failed.append(
                    f"room {self.number}, {self.step}: {type(error).__name__}: {error}")
                break
            ended = time.time()
            self.tally.finished.append((started_at, ended))
            self.game_seconds = ended - started_at
        for member in self.members:
            if not member.lost:
                await close(self.tally, member.client)

    async def game(self) -> None:
        here = [member for member in self.members if not member.lost]
        names = {member.name for member in here}
        for member in here:
            member.client.send("ready", ready=True)

        def all_ready(state: dict[str, Any]) -> bool:
            self.seen = state
            ready = {seat["name"] for seat in state["seats"] if seat["ready"]}
            return names - {state["host"]} <= ready

        # Everyone says ready, the host too, since who the host is can change after a game:
        # the relay hands it on when it notices a lost connection, which may be after the
        # game's end. The room as it stands once all are ready names the host.
        self.step = f"{here[0].name} waiting for {', '.join(sorted(names))} to be ready"
        state = await here[0].client.expect("room", where=all_ready)
        host = next((member for member in here if member.name == state["host"]), None)
        if host is None:
            raise RelayError(f"the room's host, {state['host']}, is none of its players")
        host.client.send("start")
        starts: dict[str, dict[str, Any]] = {}
        for member in [host, *(member for member in here if member is not host)]:
            self.step = f"{member.name} waiting for game_started after {host.name}'s start" \
                        f" (the room once all were ready: {self.seen.get('seats')})"
            kinds = ("game_started", "error") if member is host else ("game_started",)
            started = await member.client.expect(*kinds, where=refusal_or_start)
            if started["kind"] == "error":
                raise RelayError(f"start refused: {started['code']}: {started['message']}")
            starts[member.name] = started
        self.step = "playing"
        cuts = [member for member in here if self.rng.random() < self.plan.kill_share]
        cuts += [member for member in here if member.lose and member not in cuts]
        del cuts[len(here) - 1:]
        plays = [asyncio.create_task(self.play(member, starts[member.name], member in cuts))
                 for member in here]
        done, pending = await asyncio.wait(plays, timeout=seconds_left(self.plan),
                                           return_when=asyncio.FIRST_EXCEPTION)
        waiting = [f"{member.name} {member.step}"
                   for member, task in zip(here, plays, strict=True) if task in pending]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            error = task.exception()
            if error is not None:
                raise error
        if pending:
            grace = self.plan.give_up_at - self.plan.stop_at
            raise TimeoutError(f"the game did not end within {grace:g} s of the soak's time"
                               f" ({'; '.join(waiting)})")

    async def play(self, member: Member, started: dict[str, Any], cut_now: bool) -> None:
        """Play ``member``'s seat to the end (cut once on the way if ``cut_now``), until the
        member hears the room after the game, or is in it again (or is lost for good)."""
        try:
            await self.play_out(member, started, cut_now)
        except (RelayError, OSError) as error:
            raise RelayError(f"{member.name}, {member.step}: {type(error).__name__}: {error}"
                             ) from error

    async def play_out(self, member: Member, started: dict[str, Any], cut_now: bool) -> None:
        loop = asyncio.get_running_loop()
        member.step = "playing"
        member.token = started["token"]
        seed = self.rng.getrandbits(32)
        until: Callable[[Event], bool] | None = None
        if cut_now:
            cut_at = loop.time() + self.rng.uniform(0.5, max(1.0, self.game_seconds))

            def until(event: Event) -> bool:
                return loop.time() >= cut_at

        result = await play_seat(member.client, started, seed=seed, pace=PACE,
                                 timeout=seconds_left(self.plan), until=until)
        self.note(result)
        if not result.over:
            cut(self.tally, member.client)
            self.tally.kills += 1
            if member.lose:
                member.lost = True
                self.tally.lost += 1
                return
            await asyncio.sleep(self.rng.uniform(0.5, 5.0))
            if not await self.come_back(member, seed):
                member.step = "joining the room again"
                await self.join_again(member)
                return
        member.step = "waiting for the room after the game"
        await member.client.expect("room", where=not_playing, timeout=seconds_left(self.plan))

    async def come_back(self, member: Member, seed: int) -> bool:
        """Take the seat back with its token and play it to the end; False if that failed
        (the relay no longer holds the seat, as when the game ended meanwhile, or it closed
        the connection), the member then on a new connection in the lobby."""
        self.tally.tried += 1
        member.step = "taking the seat back"
        member.client = await open_client(self.tally, self.plan.port, member.name)
        try:
            resumed, told = await member.client.rejoin(member.token)
        except SeatRefused:
            self.tally.refused += 1
            return False
        except (RelayError, OSError) as error:
            self.tally.broken += 1
            self.tally.error(error)
            await close(self.tally, member.client)
            member.client = await open_client(self.tally, self.plan.port, member.name)
            return False
        self.tally.succeeded += 1
        member.token = resumed["token"]
        member.step = "playing after taking the seat back"
        result = await play_seat(member.client, resumed, seed=seed + 1, pace=PACE,
                                 timeout=seconds_left(self.plan), told=told)
        self.note(result)
        if not result.over:
            raise RelayError(f"{member.name}: the game did not end")
        return True

    async def join_again(self, member: Member) -> None:
        """Back in the room for its next game, once the lobby lists it as not playing (while
        the game is on, the seat's stand-in has the member's name). The list is asked for
        first: the one the relay sent after hello may have gone by unread while the seat was
        asked back, and the relay tells the lobby only of rooms that change."""

        def open_again(listing: dict[str, Any]) -> bool:
            rooms = listing["rooms"] if listing["kind"] == "rooms" else [listing["room"]]
            return any(room["room"] == self.room and not room["playing"] for room in rooms)

        member.client.send("list_rooms")
        for _ in range(5):
            await member.client.expect("rooms", "room_listed", where=open_again,
                                       timeout=seconds_left(self.plan))
            member.client.send("join_room", room=self.room)
            reply = await member.client.expect("room", "error")
            if reply["kind"] == "room":
                return
            await asyncio.sleep(0.2)
            member.client.send("list_rooms")
        raise RelayError(f"{member.name}: could not join room {self.room} again")

    def note(self, result: BotSeatResult) -> None:
        self.tally.refusals.update(result.refusals)


async def watch_loop(tally: Tally) -> None:
    """How late the loop wakes for a 0.1 s sleep: a client side that cannot keep up shows."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(0.1)
        tally.lag.append(loop.time() - before - 0.1)


async def clients(plan: Plan, numbers: list[int], losing: set[int]) -> Tally:
    tally = Tally()
    CountingClient.tally = tally
    start, cpu = time.time(), time.process_time()
    watch = asyncio.create_task(watch_loop(tally))
    rooms = [RoomRun(plan, tally, number, random.Random(plan.seed * 100_003 + number))
             for number in numbers]
    await asyncio.gather(*(room.run(room.number in losing) for room in rooms))
    watch.cancel()
    tally.live.clear()
    tally.cpu, tally.wall = time.process_time() - cpu, time.time() - start
    return tally


def worker(plan: Plan, numbers: list[int], losing: set[int], pipe: Connection) -> None:
    pipe.send(asyncio.run(clients(plan, numbers, losing)))


# --------------------------------------------------------------------- the relay process

def cpu_seconds(pid: int) -> float:
    """User and system CPU time of the whole process, from ``/proc/PID/stat``."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def connections(pid: int) -> int:
    """Sockets the process holds open, but its listening one and its event loop's own pair."""
    count = 0
    folder = f"/proc/{pid}/fd"
    for name in os.listdir(folder):
        with contextlib.suppress(OSError):
            count += os.readlink(f"{folder}/{name}").startswith("socket:")
    return max(0, count - 3)


def peak_resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


@dataclass(slots=True)
class Watch:
    """The relay as sampled from outside while the clients play."""

    pid: int
    start: float = 0.0
    rss_start: int = 0
    rss_warm: int = 0
    warm_at: float = 0.0
    rss_end: int = 0
    rss_peak: int = 0
    peak_connections: int = 0
    trend: list[tuple[float, int]] = field(default_factory=list)
    """(seconds since the start, resident KiB) every ``TREND`` seconds."""
    cpu: float = 0.0
    crashed: int | None = None
    loop: str = ""
    """The event loop the relay ran on, as its log says."""
    log: list[list[str]] = field(default_factory=list)
    dump: list[str] = field(default_factory=list)

    @property
    def exceptions(self) -> int:
        return sum(1 for record in self.log if len(record) > 1)


def soak(args: argparse.Namespace) -> tuple[Tally, Watch, float]:
    port = free_port()
    total = args.rooms * args.room_size
    with (tempfile.TemporaryFile("w+", encoding="utf-8") as log,
          tempfile.TemporaryDirectory(prefix="audiospoons-soak-") as data):
        command = [sys.executable, "-X", "faulthandler", "-m", "audiospoons", "serve",
                   "--host", HOST, "--port", str(port), "--data", data,
                   "--max-per-address", str(total + 100), "--max-connections",
                   str(total + 100), "--max-rooms-per-address", str(args.rooms + 10)]
        relay = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, cwd=ROOT)
        watch = Watch(relay.pid)
        failed = True
        try:
            wait_for_port(port)
            tally, seconds = run_clients(args, port, relay, watch)
            failed = bool(tally.failed)
        finally:
            stop(relay, dump=failed)
            log.seek(0)
            said = LOOP_SAID.search(log.read())
            watch.loop = said.group(1) if said else "asyncio (not said)"
            log.seek(0)
            watch.log, watch.dump = relay_log(log)
    return tally, watch, seconds


def stop(relay: subprocess.Popen[bytes], *, dump: bool) -> None:
    """Stop the relay with SIGTERM; or, when games failed, with SIGABRT, on which its
    faulthandler writes where each of its threads was (a stuck room shows there)."""
    if relay.poll() is not None:
        return
    relay.send_signal(signal.SIGABRT if dump else signal.SIGTERM)
    try:
        relay.wait(10)
    except subprocess.TimeoutExpired:
        relay.kill()
        relay.wait()


def relay_log(log: IO[str]) -> tuple[list[list[str]], list[str]]:
    """The relay's log records (each its lines, a traceback's among them) but the routine
    ones; and faulthandler's account of its threads, if it wrote one."""
    records: list[list[str]] = []
    dump: list[str] = []
    for line in log:
        line = line.rstrip("\n")
        if dump or line.startswith("Fatal Python error"):
            dump.append(line)
        elif STAMP.match(line) or not records:
            records.append([line])
        elif line.strip():
            records[-1].append(line)
    return [record for record in records
            if not any(routine in record[0] for routine in ROUTINE_LOG)], dump


def log_kinds(records: list[list[str]]) -> Counter[tuple[str, ...]]:
    """Records told apart by what they say (the time left out) and, for an exception, by the
    exception and the line of the relay it came from."""
    kinds: Counter[tuple[str, ...]] = Counter()
    for record in records:
        said = STAMP.sub("", record[0])
        if len(record) > 1:
            where = [line.strip() for line in record if line.strip().startswith("File ")]
            kinds[(said, where[-1] if where else "", record[-1].strip())] += 1
        else:
            kinds[(said,)] += 1
    return kinds


def run_clients(args: argparse.Namespace, port: int, relay: subprocess.Popen[bytes],
                watch: Watch) -> tuple[Tally, float]:
    """Start the workers, sample the relay until they are done, and add up their tallies."""
    time.sleep(0.3)
    watch.rss_start = resident_kib(relay.pid)
    cpu = cpu_seconds(relay.pid)
    start = watch.start = time.time()
    plan = Plan(port, args.room_size, dict(QUICK_GAME, **dict(args.option)), args.kill_share,
                start + args.seconds, start + args.seconds + args.grace, args.seed)
    rng = random.Random(args.seed)
    losing = set(rng.sample(range(args.rooms),
                            min(args.rooms, round(args.lost_share * args.rooms * args.room_size))))
    context = multiprocessing.get_context("fork")
    pipes: list[Connection] = []
    workers = []
    for index in range(min(args.processes, args.rooms)):
        numbers = list(range(args.rooms))[index::args.processes]
        mine, theirs = context.Pipe(duplex=False)
        process = context.Process(target=worker, args=(plan, numbers, losing & set(numbers),
                                                       theirs))
        process.start()
        theirs.close()
        pipes.append(mine)
        workers.append(process)
    tally = Tally()
    waiting = list(pipes)
    hard_stop = plan.give_up_at + 20.0
    try:
        while waiting and time.time() < hard_stop:
            if relay.poll() is not None and watch.crashed is None:
                watch.crashed = relay.returncode
            if watch.crashed is None:
                watch.peak_connections = max(watch.peak_connections, connections(relay.pid))
                if not watch.warm_at and time.time() >= start + args.warm_up:
                    watch.warm_at, watch.rss_warm = time.time(), resident_kib(relay.pid)
                if time.time() >= start + TREND * len(watch.trend):
                    watch.trend.append((time.time() - start, resident_kib(relay.pid)))
            for pipe in [pipe for pipe in waiting if pipe.poll(0.25)]:
                try:
                    tally.merge(pipe.recv())
                except EOFError:
                    tally.failed.append("a client worker died")
                waiting.remove(pipe)
        if waiting:
            tally.failed.append(f"{len(waiting)} client workers did not finish in time")
    finally:
        for process in workers:
            process.join(2)
            if process.is_alive():
                process.kill()
                process.join()
    seconds = time.time() - start
    if relay.poll() is not None and watch.crashed is None:
        watch.crashed = relay.returncode
    if watch.crashed is None:
        watch.rss_end = resident_kib(relay.pid)
        watch.rss_peak = peak_resident_kib(relay.pid)
        watch.cpu = cpu_seconds(relay.pid) - cpu
        if not watch.warm_at:
            watch.warm_at, watch.rss_warm = start, watch.rss_start
    return tally, seconds


# --------------------------------------------------------------------- the report

def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(args: argparse.Namespace, tally: Tally, watch: Watch, seconds: float) -> None:
    games = len(tally.finished)
    after_warm = sum(1 for _, end in tally.finished if end > watch.warm_at)
    lengths = [end - begin for begin, end in tally.finished]
    options = dict(QUICK_GAME, **dict(args.option))
    print(f"relay soak on {HOST}: {args.rooms} rooms of {args.room_size}"
          f" ({args.rooms * args.room_size} clients in {args.processes} process"
          f"{'es' if args.processes > 1 else ''}), {args.seconds:g} s of games"
          f" (+{args.grace:g} s to end), kill share {args.kill_share:g}, lost share"
          f" {args.lost_share:g}, seed {args.seed} (Python {sys.version.split()[0]},"
          f" {os.cpu_count()} cores)")
    print("options: " + " ".join(f"{key}={value}" for key, value in options.items()))
    print(f"the relay's event loop: {watch.loop}")
    print()
    print(f"games finished:      {games} (length p50 {percentile(lengths, 0.5):.1f} s,"
          f" p90 {percentile(lengths, 0.9):.1f} s, max {max(lengths, default=0.0):.1f} s)")
    print(f"games failed:        {len(tally.failed)}")
    for reason in tally.failed[:20]:
        print(f"  {reason}")
    print(f"connections cut:     {tally.kills} ({tally.lost} never came back)")
    print(f"reconnects:          {tally.tried} tried, {tally.succeeded} took the seat back,"
          f" {tally.refused} refused (the game had ended), {tally.broken} broken")
    print("client-side errors:  " + ("none" if not tally.errors else ""))
    for kind, count in tally.errors.most_common():
        print(f"  {count:>6}  {kind} (first: {tally.said.get(kind, '')[:70]!r})")
    print("commands refused:    " + ", ".join(
        f"{reason} {count}" for reason, count in tally.refusals.most_common()))
    print(f"messages received:   {tally.messages} ({tally.messages / seconds:.0f} a second,"
          f" pings not counted)")
    print(f"peak connections:    {watch.peak_connections} at the relay (sampled every 0.25 s),"
          f" {tally.peak} on the clients' side")
    if watch.crashed is not None:
        print(f"relay:               ended by itself, exit code {watch.crashed}")
    else:
        growth = (watch.rss_end - watch.rss_warm) / after_warm if after_warm else 0.0
        print(f"relay memory:        {watch.rss_start} KiB at the start, {watch.rss_warm} KiB"
              f" after {watch.warm_at - watch.start:.0f} s of warm-up,"
              f" {watch.rss_end} KiB at the end (peak {watch.rss_peak} KiB)")
        print(f"                     {growth:+.1f} KiB a game over the {after_warm} games"
              f" after the warm-up")
        trend = " ".join(str(kib) for _, kib in watch.trend)
        print(f"                     every {TREND:g} s from the start: {trend} KiB")
        per_game = watch.cpu / games if games else 0.0
        print(f"relay CPU:           {watch.cpu:.1f} s over {seconds:.1f} s"
              f" ({100 * watch.cpu / seconds:.1f} % of one core), {1000 * per_game:.0f} ms a"
              f" game")
        print(f"goal, relay CPU per game in rooms of {args.room_size} <= {CPU_GOAL_MS} ms"
              f" (the relay process's CPU over the {games} games finished):"
              f" {1000 * per_game:.0f} ms")
    print(f"client loops:        {tally.cpu:.1f} CPU s over {tally.wall:.1f} s in all; wake-up"
          f" lag p50 {1000 * percentile(tally.lag, 0.5):.1f} ms, p99"
          f" {1000 * percentile(tally.lag, 0.99):.1f} ms, max"
          f" {1000 * max(tally.lag, default=0.0):.1f} ms")
    print(f"relay log:           {len(watch.log)} records beyond the routine ones,"
          f" {watch.exceptions} with a traceback")
    for said, count in log_kinds(watch.log).most_common(20):
        print(f"  {count:>6}  " + "\n          ".join(said))
    shown: set[str] = set()
    for record in watch.log:
        if len(record) > 1 and record[-1] not in shown:
            shown.add(record[-1])
            print("first traceback of its kind, as the relay logged it:")
            print("\n".join(f"  {line}" for line in record))
    if watch.dump:
        print("where the relay's threads were when it was stopped (games had failed):")
        print("\n".join(f"  {line}" for line in watch.dump[:60]))


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not key=value")
    return key.strip(), value.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50, help="rooms (default 50)")
    parser.add_argument("--room-size", type=int, default=4, help="clients a room (default 4)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="seconds in which games start (default 120)")
    parser.add_argument("--grace", type=float, default=60.0,
                        help="seconds a game under way then has to end (default 60)")
    parser.add_argument("--warm-up", type=float, default=20.0,
                        help="seconds before the warm memory figure (default 20)")
    parser.add_argument("--kill-share", type=float, default=0.1,
                        help="chance a seat's connection is cut in a game (default 0.1)")
    parser.add_argument("--lost-share", type=float, default=0.02,
                        help="share of clients cut once and never back (default 0.02)")
    parser.add_argument("--processes", type=int, default=1,
                        help="processes the clients run in (default 1)")
    parser.add_argument("--option", type=option, action="append", default=[],
                        metavar="KEY=VALUE", help="a game option, over the quick game's")
    parser.add_argument("--seed", type=int, default=1, help="the clients' seed (default 1)")
    args = parser.parse_args(argv)
    args.warm_up = min(args.warm_up, args.seconds / 2)
    tally, watch, seconds = soak(args)
    report(args, tally, watch, seconds)
    return 1 if tally.failed or watch.crashed is not None or watch.exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
