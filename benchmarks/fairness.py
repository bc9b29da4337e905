"""Fair reactions across a network: how well the relay judges remote presses, and whether the
player left without a spoon is the one who truly reacted slowest.

    python benchmarks/fairness.py [--seconds 50] [--games 0] [--rooms 12] [--jitter 10]
                                  [--liars 0.0] [--pong-delay 280] [--seed 1]
                                  [--ping-interval 1.0] [--no-compensation] [--no-floor]

A relay runs in this process on 127.0.0.1, with no bots of its own. Rooms of four remote players
play real games through it (quick options, reaction grabbing, letters scoring). Each player's
connection has a fixed one-way delay each way (its round trip drawn evenly over 0-250 ms across
the players, split unevenly between the two ways) and every line gets ``--jitter`` ms more or
less on top, without overtaking the line before it (``lagged.py``): pings and pongs included, so
the relay's round trips measure the simulated line. The relay's ``ping_interval`` is set to
``--ping-interval`` seconds for the run, and play starts once the relay has three round trips
of every player.

Card play is a ``SimpleBot``'s, as ``botclient.play_seat`` plays a remote seat, and so is the
first grab of a round (a set in hand). Every other grab, the race for the spoons, is timed here:
when a player hears its race cue (``fairness.Cues``, stamped the moment the event is taken in
after its delay) it waits its own reaction, drawn from 200-450 ms and recorded, then sends the
grab with that reaction, as ``RemoteGame.send`` does. ``--liars`` is the share of players that
lie: they hold every pong back ``--pong-delay`` ms, so that the relay's pings measure a slower
line than theirs, and report their reaction that much less than the truth (at least 100 ms
less).

The relay holds every round trip down to the quickest one the connection's TCP stack measured
(``kernelrtt``). Here every line is simulated above loopback, whose kernel sees none of its
delay, so the relay is given, for each connection, the floor a kernel would measure on that
simulated line: the quickest round trip it can carry (each way's delay less its jitter).
A liar's late pongs are no part of it: they are its program's doing, not its line's.
``--no-floor`` runs without any floor, as a system that cannot say one.

The relay is wrapped to record every press it dates from a cue: the reaction it judged, and the
one it would have given the press dated by arrival. Printed: the timed presses, the judged error
(judged less true reaction) overall and by round-trip band, beside the error of dating by
arrival; the share judged from the client's report and from the relay's own measure; and each
race's loser against the truly slowest racer (``fairness_report``), with every round the relay
got wrong. ``--no-compensation`` runs the relay with its dating switched off, so the table
decides by arrival. The run stops by itself: after ``--seconds`` of play (or ``--games`` games a
room), cutting any game still going.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fairness_report import Press, RoundRecord, Seen, Verdict, report
from lagged import LaggedClient, Line

from audiospoons.bots.levels import BotPace, Level
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.spoons.bots import SimpleBot
from audiospoons.games.spoons.rules.commands import Grab
from audiospoons.games.spoons.rules.events import (
    GameOver,
    GameStarted,
    PhaseTwoStarted,
    RoundEnded,
    RoundLost,
    RoundStarted,
    RoundVoided,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.botclient import ANSWER_WAIT
from audiospoons.net.fairness import Cues, judge
from audiospoons.net.link import Client
from audiospoons.net.play import date_press
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.room import Room
from audiospoons.net.server import Answer, Relay
from audiospoons.net.wire import decode_event, encode_command

HOST = "127.0.0.1"
ROOM_SIZE = 4
OPTIONS = {"hand_size": "3", "round_pause": "0.5", "grab_time_limit": "3",
           "scoring": "letters", "word": "PIG"}
MAX_RTT = 0.250
REACTION = (0.200, 0.450)
"""The range of a player's true reaction in the race (seconds), drawn uniformly per press."""
LIE = 0.100
"""The least, in seconds, a lying client takes off its reaction."""
WARM_SAMPLES = 3
"""Round trips the relay has of every player before play starts."""
ROUND_TURNS = (RoundStarted, RoundEnded, RoundVoided, GameOver)
"""Events after which a bot plans afresh without waiting for an answer to its last command
(any event of its own seat answers it)."""
PACE = BotPace(card_mean=0.25, card_spread=0.06, card_floor=0.15)
"""Brisk card play (within the relay's rate limit), for many rounds a minute."""


@dataclass
class JudgingRelay(Relay):
    """The relay, noting each press it dates from a cue and how each round goes."""

    compensate: bool = True
    floors: dict[str, float] | None = None
    """The floor of each player's simulated line, by name (None: no floor)."""
    verdicts: list[Verdict] = field(default_factory=list)
    rounds: dict[tuple[int, int, int], RoundRecord] = field(default_factory=dict)
    games: Counter[int] = field(default_factory=Counter)
    current: dict[int, int] = field(default_factory=dict)
    """The round under way in each room."""
    floors_given: int = 0
    """How many times the relay asked for a line's floor (``Relay.line_floor``): once a pong."""

    def __post_init__(self) -> None:
        Relay.__post_init__(self)
        self.answers["create_room"] = partial(self._create_room, self.answers["create_room"])
        self.play.date = self._dated

    def _create_room(self, create: Answer, client: Client, body: dict[str, Any],
                     now: float) -> None:
        before = client.room
        create(client, body, now)
        room = client.room
        if room is not None and room is not before:
            room.watchers.append(partial(self._watch, room.number))

    def line_floor(self, client: Client) -> float | None:
        """The floor of the player's simulated line, where the run gives floors, in place of
        the kernel's (on loopback, near nothing for every player)."""
        self.floors_given += 1
        return None if self.floors is None else self.floors.get(client.name)

    def _watch(self, number: int, game: ClassicGame, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, GameStarted):
                self.games[number] += 1
            if isinstance(event, RoundStarted):
                self.current[number] = event.round
                key = (number, self.games[number], event.round)
                self.rounds[key] = RoundRecord(*key, seats=event.seats)
            record = self.rounds.get((number, self.games[number], self.current.get(number, 0)))
            if record is None:
                continue
            if isinstance(event, PhaseTwoStarted):
                record.first = event.seat
            elif isinstance(event, SpoonGrabbed):
                record.grabs.append((event.seat, event.at))
                if event.spoons_left == 0 and not event.first:
                    record.window = game.late_window
            elif isinstance(event, RoundLost):
                record.lost = event.seats
            elif isinstance(event, RoundVoided):
                record.voided = True

    def _dated(self, client: Client, room: Room, command: Command, reported: float | None,
               now: float) -> Command:
        dated = date_press(client, room, command, reported, now) if self.compensate \
            else command
        listener = room.listeners.get(command.seat)
        cue = None if listener is None else listener.cues.answered(command)
        if cue is None or not isinstance(command, Grab):
            return dated
        sent, cue_at = cue
        judged = judge(sent, now, reported, client.trips)
        number = room.number
        self.verdicts.append(Verdict(
            client.name, number, self.games[number], self.current.get(number, 0),
            command.seat, sent, now, reported, 0.0 if judged.false_start else judged.reaction,
            judged.source, room.game_time(now) - cue_at, client.trips.typical,
            client.trips.slowest))
        return dated


@dataclass(slots=True)
class SeatGame:
    """One game as one player plays it."""

    number: int
    seat: int
    bot: SimpleBot
    origin: float
    """Game time 0 on this player's clock, as it heard the game start."""
    cues: Cues
    round: int = 0
    in_round: bool = False
    grabbed: bool = False
    has_spoon: bool = False
    answer_by: float | None = None
    last: Command | None = None
    """The last command sent: the one a refusal answers."""
    timer: asyncio.TimerHandle | None = None


class Player:
    """A remote player: a bot's card play, and its own timed grabs in the race."""

    def __init__(self, client: LaggedClient, room: asyncio.Future[int], host: bool,
                 liar: bool, rng: random.Random, stop_at: float, games: int) -> None:
        self.client, self.room, self.host, self.liar, self.rng = client, room, host, liar, rng
        self.stop_at, self.games = stop_at, games
        self.name = client.name
        self.game: SeatGame | None = None
        self.played = 0
        self.asked = False
        self.presses: list[Press] = []
        self.heard: dict[tuple[str, int, int], float] = {}
        self.seats: dict[int, int] = {}
        """This player's seat in each game."""
        self.refusals: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()

    @property
    def done(self) -> bool:
        loop = asyncio.get_running_loop()
        finished = self.games and self.played >= self.games and self.game is None
        return bool(finished) or loop.time() >= self.stop_at

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        if self.host:
            self.client.send("create_room", name=f"{self.name}'s", options=OPTIONS)
        else:
            self.client.send("join_room", room=await self.room)
        while not self.done:
            wait = min(1.0, self.stop_at - loop.time())
            plan = self._plan()
            if plan is not None and self.game is not None:
                wait = min(wait, max(0.0, plan[0] - (loop.time() - self.game.origin)))
            elif self.game is not None and self.game.answer_by is not None:
                wait = min(wait, max(0.0, self.game.answer_by - loop.time()))
            got = await self.client.receive(max(0.0, wait))
            if got is None:
                self._move(plan)
            else:
                self._on_message(*got)
        if self.game is not None and self.game.timer is not None:
            self.game.timer.cancel()

    # ----------------------------------------------------------------- card play

    def _plan(self) -> tuple[float, Command] | None:
        """The bot's next move, unless the race is on (then the grab is timed here) or it
        waits for the answer to its last command."""
        game = self.game
        loop = asyncio.get_running_loop()
        if game is None or game.cues.race is not None:
            return None
        if game.answer_by is not None and loop.time() <= game.answer_by:
            return None
        plan = game.bot.next_move()
        if plan is not None and isinstance(plan[1], Grab) and game.grabbed:
            return None
        return plan

    def _move(self, plan: tuple[float, Command] | None) -> None:
        game = self.game
        loop = asyncio.get_running_loop()
        if game is None or plan is None or plan[0] > loop.time() - game.origin:
            return
        command = plan[1]
        pressed = self.client.send("command", command=encode_command(command))
        game.last = command
        if isinstance(command, Grab):
            game.grabbed = True
            self.presses.append(Press(self.name, game.number, game.round, game.seat, pressed,
                                      None, False, self.liar))
        game.bot.moved(loop.time() - game.origin)
        game.answer_by = loop.time() + ANSWER_WAIT

    # ----------------------------------------------------------------- the race

    def _heard_race(self, game: SeatGame, at: float) -> None:
        self.heard[(self.name, game.number, game.round)] = at
        if game.in_round and not game.grabbed and not game.has_spoon:
            reaction = self.rng.uniform(*REACTION)
            loop = asyncio.get_running_loop()
            game.timer = loop.call_at(at + reaction, self._press, game, game.round)

    def _press(self, game: SeatGame, number: int) -> None:
        game.timer = None
        if game is not self.game or game.round != number or game.grabbed or game.has_spoon \
                or game.cues.race is None:
            return
        loop = asyncio.get_running_loop()
        reaction = loop.time() - game.cues.race[0]
        told = reaction - max(LIE, self.client.pong_delay) if self.liar else reaction
        pressed = self.client.send("command", command=encode_command(Grab(game.seat)),
                                   reaction=round(told, 4))
        game.grabbed, game.last = True, Grab(game.seat)
        self.presses.append(Press(self.name, game.number, number, game.seat, pressed,
                                  told, True, self.liar))

    # ----------------------------------------------------------------- messages

    def _on_message(self, message: dict[str, Any], at: float) -> None:
        kind = message["kind"]
        game = self.game
        if kind == "event" and game is not None:
            self._on_event(game, decode_event(message["event"]), at)
        elif kind == "refused" and game is not None:
            timed = isinstance(game.last, Grab) and game.cues.race is not None
            self.refusals[("race grab: " if timed else "") + str(message["reason"])] += 1
            game.answer_by = None
            if isinstance(game.last, Grab) and game.cues.race is None:
                game.grabbed = False
            game.bot.refused(at - game.origin, str(message["reason"]))
        elif kind == "game_started":
            self.asked = False
            self.played += 1
            seat = int(message["seat"])
            options = Options.from_mapping(message["options"])
            bot = SimpleBot(seat, options, random.Random(self.rng.getrandbits(64)), PACE,
                            Level.NORMAL)
            self.game = SeatGame(self.played, seat, bot, at, Cues(seat))
            self.seats[self.played] = seat
        elif kind == "room":
            self._on_room(message)
        elif kind == "error":
            self.errors[str(message["code"])] += 1
            self.asked = False

    def _on_event(self, game: SeatGame, event: Event, at: float) -> None:
        racing = game.cues.race is not None
        game.cues.observe(event, at)
        game.bot.observe(event)
        if getattr(event, "seat", None) == game.seat or isinstance(event, ROUND_TURNS):
            game.answer_by = None
        if isinstance(event, RoundStarted):
            game.round, game.in_round = event.round, game.seat in event.seats
            game.grabbed = game.has_spoon = False
        elif isinstance(event, SpoonGrabbed) and event.seat == game.seat:
            game.has_spoon = True
        if not racing and game.cues.race is not None:
            self._heard_race(game, at)
        if isinstance(event, RoundEnded | GameOver) and game.timer is not None:
            game.timer.cancel()
            game.timer = None
        if isinstance(event, GameOver):
            self.game = None

    def _on_room(self, state: dict[str, Any]) -> None:
        if self.host and not self.room.done():
            self.room.set_result(int(state["room"]))
        if state["playing"] or self.asked or self.done:
            return
        if self.games and self.played >= self.games:
            return
        seats = state["seats"]
        if self.host:
            others = [seat for seat in seats if seat["name"] != self.name]
            if len(seats) == ROOM_SIZE and all(seat["ready"] for seat in others):
                self.client.send("start")
                self.asked = True
        elif not any(seat["ready"] for seat in seats if seat["name"] == self.name):
            self.client.send("ready", ready=True)
            self.asked = True


def lines_for(count: int, jitter: float, rng: random.Random) -> list[Line]:
    """Round trips spread evenly over 0-``MAX_RTT`` (one in each slice, shuffled), each split
    unevenly between the two ways."""
    trips = [(index + rng.random()) * MAX_RTT / count for index in range(count)]
    rng.shuffle(trips)
    lines = []
    for trip in trips:
        down = trip * rng.uniform(0.25, 0.75)
        lines.append(Line(down, trip - down, jitter))
    return lines


async def warm_up(relay: Relay, count: int, timeout: float) -> None:
    """Wait until the relay has ``WARM_SAMPLES`` round trips of each of ``count`` clients."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while loop.time() < give_up:
        greeted = [client for client in relay.clients if client.greeted]
        if len(greeted) >= count and all(len(client.trips.samples) >= WARM_SAMPLES
                                         for client in greeted):
            return
        await asyncio.sleep(0.1)
    raise TimeoutError("the relay did not measure every player's round trip in time")


async def run(args: argparse.Namespace) -> Seen:
    rng = random.Random(args.seed)
    count = args.rooms * ROOM_SIZE
    relay = JudgingRelay(rng=random.Random(rng.getrandbits(64)), settings=RelaySettings(
        per_address=count + 1, rooms_per_address=args.rooms, ping_interval=args.ping_interval),
        compensate=not args.no_compensation)
    listening = await asyncio.start_server(relay.handle, HOST, 0)
    port = listening.sockets[0].getsockname()[1]
    lines = lines_for(count, args.jitter / 1000, rng)
    liars = set(rng.sample(range(count), round(args.liars * count)))
    relay.floors = None if args.no_floor else {
        f"P{index:02d}": max(0.0, line.down - line.jitter) + max(0.0, line.up - line.jitter)
        for index, line in enumerate(lines)}
    loop = asyncio.get_running_loop()
    clients: list[LaggedClient] = []
    players: list[Player] = []
    try:
        for index, line in enumerate(lines):
            clients.append(await LaggedClient.connect(
                HOST, port, f"P{index:02d}", line, random.Random(rng.getrandbits(64)),
                pong_delay=args.pong_delay / 1000 if index in liars else 0.0))
        await warm_up(relay, count, 10 + 5 * WARM_SAMPLES * args.ping_interval)
        stop_at = loop.time() + args.seconds
        for first in range(0, count, ROOM_SIZE):
            room: asyncio.Future[int] = loop.create_future()
            players += [Player(clients[index], room, index == first, index in liars,
                               random.Random(rng.getrandbits(64)), stop_at, args.games)
                        for index in range(first, first + ROOM_SIZE)]
        await asyncio.wait_for(asyncio.gather(*(player.run() for player in players)),
                               args.seconds + 30)
        measured = {client.name: client.trips.typical for client in relay.clients}
    finally:
        for client in clients:
            await client.close()
        relay.close()
        if relay.handlers:
            await asyncio.wait(set(relay.handlers), timeout=2.0)
        listening.close()
        await listening.wait_closed()
    names = {client.name: index for index, client in enumerate(clients)}
    seats = {}
    for player in players:
        for game, seat in player.seats.items():
            seats[(player.room.result(), game, seat)] = player.name
    return Seen(relay.verdicts, [press for player in players for press in player.presses],
                {key: at for player in players for key, at in player.heard.items()},
                list(relay.rounds.values()), seats,
                {name: lines[index] for name, index in names.items()},
                {client.name for index, client in enumerate(clients) if index in liars},
                sum((player.refusals for player in players), Counter()),
                sum((player.errors for player in players), Counter()),
                sum(relay.games.values()), measured, relay.compensate, relay.floors_given)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=50.0,
                        help="seconds of play after the warm-up")
    parser.add_argument("--games", type=int, default=0,
                        help="games a room plays (0: as many as --seconds allows)")
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--jitter", type=float, default=10.0,
                        help="each message's delay varies by up to this many ms either way")
    parser.add_argument("--liars", type=float, default=0.0,
                        help="share of players that delay their pongs and report that much"
                             " less than the truth")
    parser.add_argument("--pong-delay", type=float, default=280.0,
                        help="ms a liar holds each pong back (default 280)")
    parser.add_argument("--no-floor", action="store_true",
                        help="the relay has no floor from the kernel: its pings alone")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ping-interval", type=float, default=1.0,
                        help="the relay's ping interval for the run (seconds)")
    parser.add_argument("--no-compensation", action="store_true",
                        help="the relay dates nothing: the table decides by arrival")
    args = parser.parse_args()
    began = time.monotonic()
    seen = asyncio.run(run(args))
    print(f"fairness: {args.rooms} rooms of {ROOM_SIZE}, round trips 0-{MAX_RTT * 1000:.0f} ms,"
          f" jitter +-{args.jitter:g} ms, liars {args.liars:.0%} (pongs held"
          f" {args.pong_delay:g} ms), {'no floor' if args.no_floor else 'kernel floor'},"
          f" seed {args.seed}, relay pings"
          f" every {args.ping_interval:g} s (the relay's ping interval set for the run),"
          f" {'compensation on' if seen.compensated else 'compensation OFF'}")
    for line in report(seen):
        print(line)
    print(f"ran {time.monotonic() - began:.1f} s")


if __name__ == "__main__":
    main()
