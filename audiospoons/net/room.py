"""A room of the relay: its seats (people and bots), its options, and the game it runs on the same
Table host as local play. No sockets here: a member is anything with ``name`` and ``send``.

Game time runs from the moment the game starts, on the relay's clock. A command is applied at
the time it reached the relay; events go to each seat as ``Event.seen_by`` that seat, and to
spectators as the table sees them. When a player leaves mid-game a bot takes the seat at once,
told the round so far as that seat saw it, so the game never waits for someone who has gone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiospoons.bots.levels import Level
from audiospoons.bots.simple import make_bot
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event, GameOver, RoundStarted
from audiospoons.engine.game import ClassicGame
from audiospoons.engine.options import Options
from audiospoons.net.names import spoken_form
from audiospoons.net.protocol import encode
from audiospoons.net.wire import encode_event
from audiospoons.simulate import BOT_NAMES
from audiospoons.table import Table, Watcher

MAX_SEATS = 12
"""Seats in a room: people and bots together."""


class Member(Protocol):
    """A connection in a room, as the room sees it."""

    name: str

    def send(self, kind: str, **fields: Any) -> None:
        """Queue a message to this member; never waits."""

    def send_line(self, line: bytes) -> None:
        """Queue a message already encoded (one line); never waits."""


@dataclass(slots=True)
class Seat:
    """A place at the room's table: a member, or a bot of ``level``."""

    member: Member | None = None
    level: Level | None = None
    ready: bool = False
    bot_name: str = ""
    stand_in: bool = False
    """A bot playing on for someone who left the game: the seat goes when the game ends."""

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else self.bot_name


class SeatListener:
    """Sends one seat's view of the game to its member (or a spectator's, with seat None)."""

    def __init__(self, member: Member, seat: int | None) -> None:
        self.member = member
        self.seat = seat

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            self.member.send("event", event=encode_event(event))


@dataclass(slots=True)
class Room:
    """One room. ``clock`` is the relay's monotonic clock, in seconds."""

    number: int
    name: str
    host: Member
    options: Options
    values: dict[str, str]
    password: str | None = None
    seats: list[Seat] = field(default_factory=list)
    spectators: list[Member] = field(default_factory=list)
    table: Table | None = None
    started_at: float = 0.0
    round_events: list[Event] = field(default_factory=list)
    """Every event of the round under way: enough to tell a bot that takes a seat over."""
    listeners: dict[int, SeatListener] = field(default_factory=dict)
    watchers: list[Watcher] = field(default_factory=list)
    """Given every event of each game the room plays, as the table sees it (for tests and
    benchmarks: nothing in the relay reads them)."""

    # ----------------------------------------------------------------- who is here

    def members(self) -> list[Member]:
        people = [seat.member for seat in self.seats if seat.member is not None]
        return [*people, *self.spectators]

    def seat_of(self, member: Member) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.member is member:
                return index
        return None

    def name_taken(self, name: str, by: Member | None = None) -> bool:
        form = spoken_form(name)
        names = [seat.name for seat in self.seats if seat.member is not by]
        names += [member.name for member in self.spectators if member is not by]
        return any(spoken_form(other) == form for other in names)

    def bot_name(self) -> str:
        for name in BOT_NAMES:
            if not self.name_taken(name):
                return name
        return f"Bot {len(self.seats) + 1}"

    @property
    def playing(self) -> bool:
        return self.table is not None and not self.table.over

    def state(self) -> dict[str, Any]:
        """The room as its members hear it described."""
        return {"room": self.number, "name": self.name, "host": self.host.name,
                "playing": self.playing, "password": self.password is not None,
                "seats": [{"name": seat.name, "bot": seat.level.value if seat.level else None,
                           "ready": seat.ready} for seat in self.seats],
                "spectators": [member.name for member in self.spectators],
                "options": self.options.describe()}

    def summary(self) -> dict[str, Any]:
        return {"room": self.number, "name": self.name, "players": len(self.seats),
                "playing": self.playing, "password": self.password is not None}

    def broadcast(self, kind: str, **fields: Any) -> None:
        """The same message to every member, encoded once."""
        line = encode(kind, **fields)
        for member in self.members():
            member.send_line(line)

    # ----------------------------------------------------------------- the game

    def start(self, now: float, rng: random.Random) -> None:
        """Deal the game in: the seats as they are, bots where bots sit."""
        names = [seat.name for seat in self.seats]
        self.options.check_players(len(names))
        game = ClassicGame(names, self.options, random.Random(rng.getrandbits(64)),
                           dealer=rng.randrange(len(names)))
        bots = [make_bot(index, self.options, random.Random(rng.getrandbits(64)), seat.level)
                for index, seat in enumerate(self.seats) if seat.level is not None]
        table = Table(game, bots)
        self.listeners = {index: SeatListener(seat.member, index)
                          for index, seat in enumerate(self.seats) if seat.member is not None}
        table.listeners += [*self.listeners.values(),
                            *(SeatListener(member, None) for member in self.spectators)]
        table.watchers += [self._remember, *self.watchers]
        self.table, self.started_at = table, now
        for index, seat in enumerate(self.seats):
            if seat.member is not None:
                seat.member.send("game_started", players=names, seat=index,
                                 options=self.options.describe())
        for member in self.spectators:
            member.send("game_started", players=names, seat=None,
                        options=self.options.describe())
        table.start()

    def _remember(self, game: ClassicGame, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                self.round_events = []
            self.round_events.append(event)
            if isinstance(event, GameOver):
                for seat in self.seats:
                    seat.ready = False

    def game_time(self, now: float) -> float:
        return now - self.started_at

    def submit(self, command: Command, now: float) -> None:
        """A seated member's command at relay time ``now``; a refusal raises
        ``SpoonsError``."""
        assert self.table is not None
        self.table.submit(command, self.game_time(now))

    def run_until(self, now: float) -> None:
        if self.table is not None and not self.table.over:
            self.table.run_until(self.game_time(now))

    def next_wakeup(self) -> float | None:
        """When, on the relay's clock, the game next has something to do."""
        if self.table is None or self.table.over:
            return None
        wake = self.table.next_wakeup()
        return None if wake is None else wake + self.started_at

    def hand_to_bot(self, index: int) -> None:
        """The member at seat ``index`` has gone: a bot plays the seat from now on, told the
        round so far as the seat saw it."""
        seat = self.seats[index]
        seat.bot_name, seat.stand_in = seat.name, True
        seat.member, seat.level = None, seat.level or Level.NORMAL
        table = self.table
        if table is None or table.over:
            return
        listener = self.listeners.pop(index, None)
        if listener is not None and listener in table.listeners:
            table.listeners.remove(listener)
        if not table.game.seats[index].active:
            return
        bot = make_bot(index, self.options, random.Random(index), Level.NORMAL)
        for event in self.round_events:
            view = event.seen_by(index)
            if view is not None:
                bot.observe(view)
        bot.ready_at = table.game.now
        table.bots.append(bot)
        table.touch(bot)
