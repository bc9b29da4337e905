"""A room of the relay: its seats (people and bots), its options, and the game it runs on the same
Table host as local play. No sockets here: a member is anything with ``name`` and ``send``.

Game time runs from the moment the game starts, on the relay's clock. A command is applied at
the time it reached the relay; events go to each seat as ``Event.seen_by`` that seat, and to
spectators as the table sees them. When a player leaves mid-game a bot takes the seat at once,
told the round so far as that seat saw it, so the game never waits for someone who has gone.
A player whose connection was lost may take the seat back from the bot (``take_back``) with the
seat's token, and is told the game so far: the standing of earlier rounds and this round's
events as the seat saw them.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiospoons.bots.levels import Level
from audiospoons.bots.names import BOT_NAMES
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, GameOptions, Rules
from audiospoons.games.registry import default_game
from audiospoons.games.spec import RulesSpec
from audiospoons.net.eventlines import EventLines
from audiospoons.net.fairness import Cues
from audiospoons.net.history import Move, RelayGameRecord, SeatRecord
from audiospoons.net.names import same_name
from audiospoons.net.protocol import encode
from audiospoons.net.ratings import bot_rating, family_of
from audiospoons.net.seattoken import new_seat_token
from audiospoons.net.telling import TableTelling
from audiospoons.table import Hearing, Table, Watcher

MAX_SEATS = 12
"""Seats in a room: people and bots together."""
ROOM_NAME_LENGTH = 40
"""The most characters a room's name keeps."""


class Member(Protocol):
    """A connection in a room, as the room sees it."""

    name: str

    def send(self, kind: str, **fields: Any) -> None:
        """Queue a message to this member; never waits."""

    def send_line(self, line: bytes) -> None:
        """Queue a message already encoded (one line); never waits."""

    def send_events(self, lines: Sequence[bytes]) -> None:
        """Queue ``event`` messages already encoded (a line each), all at once; never
        waits."""


@dataclass(slots=True)
class Seat:
    """A place at the room's table: a member, or a bot of ``level``."""

    member: Member | None = None
    level: Level | None = None
    ready: bool = False
    bot_name: str = ""
    stand_in: bool = False
    """A bot playing on for someone who left the game: the seat goes when the game ends."""
    token: str | None = None
    """The secret that gives this seat back to its player after a lost connection (the room's
    number and 128 bits, good once: taking the seat back gives a new one)."""
    held_until: float | None = None
    """While the seat's player is away after a lost connection: until when, on the relay's
    clock, the seat is theirs to take back. None while they are here."""

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else self.bot_name


class SeatListener:
    """Sends one seat's view of the game to its member (or a spectator's, with seat None),
    notes when the seat was sent the cues a press may answer: a press is timed from there
    (``fairness``), and, for a seat whose client says when its player has heard, tells
    ``telling`` what the seat has now been sent."""

    def __init__(self, member: Member, seat: int | None,
                 clock: Callable[[], float] = time.monotonic,
                 telling: TableTelling | None = None, lines: EventLines | None = None
                 ) -> None:
        self.member = member
        self.seat = seat
        self.clock = clock
        self.telling = telling
        self.lines = EventLines() if lines is None else lines
        """Encodes the events: shared by the room's listeners, which are handed one same
        object for an event every seat sees alike."""
        self.cues = Cues(-1 if seat is None else seat)

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            self.cues.observe(event, self.clock())
        self.member.send_events([self.lines.line(event) for event in events])
        if self.telling is not None and self.seat is not None and says_heard(self.member):
            self.telling.told(self.seat, events_sent(self.member))


def says_heard(member: Member) -> bool:
    """Whether ``member``'s client said it will tell when its player has heard (``hearing``
    with ``heard``)."""
    return getattr(member, "says_heard", False) is True


def events_sent(member: Member) -> int:
    """How many ``event`` messages ``member``'s connection has been sent."""
    sent = getattr(member, "events_sent", 0)
    return sent if isinstance(sent, int) else 0


def host_room(host: str) -> str:
    """The name of a room its host did not name: "Ann's room"."""
    return f"{host}'s room"[:ROOM_NAME_LENGTH]


@dataclass(slots=True)
class Room:
    """One room. ``clock`` is the relay's monotonic clock, in seconds."""

    number: int
    name: str
    host: Member
    options: GameOptions
    values: dict[str, str]
    password: str | None = None
    game: RulesSpec = field(default_factory=default_game)
    """Which game the room plays: classic Spoons or Razz Spoons."""
    seats: list[Seat] = field(default_factory=list)
    spectators: list[Member] = field(default_factory=list)
    table: Table[Rules, Bot] | None = None
    started_at: float = 0.0
    paused_at: float | None = None
    """While no person is left in the room and a seat is held for one whose connection was
    lost: since when, on the relay's clock. The game stands still meanwhile: no bot plays on
    to no one, and it costs nothing until it resumes or the hold runs out."""
    round_events: list[Event] = field(default_factory=list)
    """Every event of the round under way: enough to tell a bot that takes a seat over."""
    standing: list[Event] = field(default_factory=list)
    """The events of the game's earlier rounds that still matter (``RulesSpec.standing``)."""
    stand_ins: dict[int, Bot] = field(default_factory=dict)
    """The bot playing each seat whose player has gone."""
    watching: dict[int, SeatListener] = field(default_factory=dict)
    """Each spectator's ears on the game under way, by the spectator's id."""
    limits: dict[int, float | None] = field(default_factory=dict)
    """The time-limit deadline each seat was last told of (game time)."""
    listeners: dict[int, SeatListener] = field(default_factory=dict)
    telling: TableTelling = field(default_factory=TableTelling)
    """Who at the table still owes word that they have heard what they were sent: the bots'
    moves of the play wait for it."""
    clock: Callable[[], float] = time.monotonic
    """The relay's clock, for timing presses."""
    opened_by: str = ""
    """The address group of the connection that opened the room (``addresses``)."""
    banned: dict[str, float] = field(default_factory=dict)
    """Who the host (or a moderator) has sent away, and until when on the relay's clock
    (``math.inf``: for the room's life): the address groups they came from and their names as
    they sound and look (``names.name_keys``)."""
    muted: dict[str, float] = field(default_factory=dict)
    """Whose chat the room does not hear, and until when: as ``banned`` keeps them."""
    watchers: list[Watcher[Rules]] = field(default_factory=list)
    """Given every event of each game the room plays, as the table sees it (for tests and
    benchmarks: nothing in the relay reads them)."""
    wall: Callable[[], float] = time.time
    """The wall clock, for the times a game's record keeps."""
    rated: bool = False
    """The relay keeps ratings: the room's state says each seat's."""
    dealt: tuple[tuple[SeatRecord, ...], int, int, float] | None = None
    """The game under way as it was dealt: who sat where, the deal's seed, the dealer, and
    when (wall clock)."""
    late_changes: dict[int, float] = field(default_factory=dict)
    """The late windows the game was given, by the number of commands it had taken then."""
    finished: RelayGameRecord | None = None
    """The record of the game just over, until the relay takes it to keep."""
    named: bool = True
    """The host gave the room its name; else it is named after its host (``host_room``),
    and after each host that follows."""
    event_lines: EventLines = field(default_factory=EventLines)
    """The lines of the events its seats and spectators are sent, each encoded once."""
    _family: tuple[RulesSpec, dict[str, str], str] | None = None
    """The game and option values the family was last found for, and that family."""

    # ----------------------------------------------------------------- who is here

    def hand_over(self, host: Member) -> None:
        """Make ``host`` the room's host; a room named after its host takes the new one's."""
        self.host = host
        if not self.named:
            self.name = host_room(host.name)

    def members(self) -> list[Member]:
        people = [seat.member for seat in self.seats if seat.member is not None]
        return [*people, *self.spectators]

    def seat_of(self, member: Member) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.member is member:
                return index
        return None

    def held(self, seat: Seat) -> bool:
        """``seat`` is kept for its player, whose connection was lost, to take back."""
        return seat.held_until is not None and seat.held_until > self.clock()

    def unattended(self) -> bool:
        """No person is in the room, seated or watching."""
        return not any(seat.member is not None for seat in self.seats) and not self.spectators

    def abandoned(self) -> bool:
        """No person is in the room, and no seat is held for one whose connection was lost.
        Such a room ends at once. One whose seats are held stands still meanwhile (``pause``),
        and counts against the rooms of the address that opened it, so that rooms walked away
        from cost nothing and cannot pile up."""
        return self.unattended() and self.hold_ends() is None

    def hold_ends(self) -> float | None:
        """When the last seat held for a lost connection stops being held, if any is."""
        held = [seat.held_until for seat in self.seats
                if seat.held_until is not None and self.held(seat)]
        return max(held) if held else None

    def name_clash(self, name: str, *, stand_ins: bool = True) -> Seat | Member | None:
        """The seat (a person's or a bot's) or spectator here whose name sounds or looks like
        ``name`` (``names.same_name``), if any; without ``stand_ins``, leaving out the bots
        that play on for people who left, but for a seat held for its player: one who left on
        purpose, or whose seat is no longer held, may come back to watch it."""
        for seat in self.seats:
            counted = stand_ins or not seat.stand_in or self.held(seat)
            if counted and same_name(name, seat.name):
                return seat
        return next((member for member in self.spectators if same_name(name, member.name)),
                    None)

    def name_taken(self, name: str, *, stand_ins: bool = True) -> bool:
        """Someone here has a name that sounds or looks like ``name`` (``name_clash``)."""
        return self.name_clash(name, stand_ins=stand_ins) is not None

    def kept_out(self, keys: Sequence[str], now: float) -> bool:
        """Any of ``keys`` (an address group, a name's keys) is banned from the room now."""
        return any(self.banned.get(key, -math.inf) > now for key in keys)

    def silenced(self, keys: Sequence[str], now: float) -> float | None:
        """Until when the room does not hear chat from one with any of these keys (as
        ``kept_out``'s), if it does not now."""
        until = max((self.muted.get(key, -math.inf) for key in keys), default=-math.inf)
        return until if until > now else None

    def bot_name(self) -> str:
        """A name for a new bot that no one here has: the first free one of ``BOT_NAMES``,
        else "Bot" and the first free number from the seat it takes."""
        for name in BOT_NAMES:
            if not self.name_taken(name):
                return name
        number = len(self.seats) + 1
        while self.name_taken(f"Bot {number}"):
            number += 1
        return f"Bot {number}"

    @property
    def playing(self) -> bool:
        return self.table is not None and not self.table.over

    def in_game(self, index: int) -> bool:
        """Whether seat ``index`` still plays the game under way: not one knocked out."""
        return self.table is not None and not self.table.over and self.table.game.in_game(index)

    def state(self) -> dict[str, Any]:
        """The room as its members hear it described."""
        return {"room": self.number, "name": self.name, "host": self.host.name,
                "playing": self.playing, "password": self.password is not None,
                "seats": [self._seat_state(seat) for seat in self.seats],
                "spectators": [member.name for member in self.spectators],
                "game": self.game.name, "options": self.options.describe()}

    @property
    def family(self) -> str:
        """The family of games the room's games are rated in (``ratings.family_of``)."""
        known = self._family
        if known is None or known[0] is not self.game or known[1] != self.values:
            known = self._family = (self.game, dict(self.values),
                                    family_of(self.game, self.values))
        return known[2]

    def _seat_state(self, seat: Seat) -> dict[str, Any]:
        state: dict[str, Any] = {"name": seat.name,
                                 "bot": seat.level.value if seat.level else None,
                                 "ready": seat.ready}
        ratings = getattr(seat.member, "ratings", None)
        if not self.rated:
            return state
        if seat.level is not None and not seat.stand_in:
            state["rating"] = bot_rating(seat.level.value).shown
        elif isinstance(ratings, dict) and self.family in ratings:
            state["rating"] = ratings[self.family]
        return state

    def summary(self) -> dict[str, Any]:
        return {"room": self.number, "name": self.name, "players": len(self.seats),
                "bots": sum(1 for seat in self.seats if seat.member is None),
                "playing": self.playing, "password": self.password is not None,
                "game": self.game.name}

    def broadcast(self, kind: str, *, last: Member | None = None, **fields: Any) -> None:
        """The same message to every member, encoded once; to ``last`` (the one who said it,
        for whom it is only an echo) after everyone else."""
        line = encode(kind, **fields)
        members = self.members()
        for member in members:
            if member is not last:
                member.send_line(line)
        if last is not None and last in members:
            last.send_line(line)

    # ----------------------------------------------------------------- the game

    def start(self, now: float, rng: random.Random) -> None:
        """Deal the game in: the seats as they are, bots where bots sit."""
        names = [seat.name for seat in self.seats]
        self.options.check_players(len(names))
        seed, dealer = rng.getrandbits(64), rng.randrange(len(names))
        game = self.game.deal(names, self.options, random.Random(seed), dealer)
        bots = [self.game.bot(index, self.options, random.Random(rng.getrandbits(64)),
                              seat.level, None)
                for index, seat in enumerate(self.seats) if seat.level is not None]
        self.telling = telling = TableTelling()
        table: Table[Rules, Bot] = Table(game, bots, Hearing(telling.quiet_at,
                                                             self.game.waits_for_telling))
        self.listeners = {index: SeatListener(seat.member, index, self.clock, telling,
                                              self.event_lines)
                          for index, seat in enumerate(self.seats) if seat.member is not None}
        self.watching = {id(member): SeatListener(member, None, lines=self.event_lines)
                         for member in self.spectators}
        table.listeners += [*self.listeners.values(), *self.watching.values()]
        table.watchers += [self._remember, *self.watchers]
        self.table, self.started_at, self.paused_at = table, now, None
        self.round_events, self.standing, self.stand_ins, self.limits = [], [], {}, {}
        self.dealt = (tuple(_seat_record(seat) for seat in self.seats), seed, dealer,
                      self.wall())
        self.late_changes, self.finished = {}, None
        for index, seat in enumerate(self.seats):
            if seat.member is not None:
                seat.token = self.new_token()
                seat.member.send("game_started", players=names, seat=index,
                                 game=self.game.name, options=self.options.describe(),
                                 token=seat.token)
        for member in self.spectators:
            member.send("game_started", players=names, seat=None, game=self.game.name,
                        options=self.options.describe())
        table.start()

    def fewest_players(self) -> int | None:
        """The fewest players the room's game can be dealt for with its options, when that is
        more than its seats: too few to start, and how many it takes. None when the seats are
        not too few (the options may still refuse them: teams, say, are pairs)."""
        for players in range(1, MAX_SEATS + 1):
            try:
                self.options.check_players(players)
            except RulesError:
                continue
            return players if players > len(self.seats) else None
        return None

    def _remember(self, game: Rules, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, self.game.round_start):
                self.standing += [past for past in self.round_events
                                  if isinstance(past, self.game.standing)]
                self.round_events = []
            self.round_events.append(event)
            if isinstance(event, self.game.game_over):
                for seat in self.seats:
                    seat.ready = False
                self.finished = self._record()

    def _record(self) -> RelayGameRecord | None:
        """The game just over, whole (``history``)."""
        if self.dealt is None or self.table is None:
            return None
        seats, seed, dealer, started = self.dealt
        moves = tuple(Move.of(at, command, self.late_changes.get(index))
                      for index, (at, command) in enumerate(self.table.log))
        places = self.game.places([*self.standing, *self.round_events], len(seats))
        return RelayGameRecord(self.game.name, dict(self.values), seats, seed, dealer, moves,
                          places, started, self.wall())

    def game_time(self, now: float) -> float:
        return (now if self.paused_at is None else self.paused_at) - self.started_at

    def pause(self, now: float) -> None:
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: float) -> None:
        """The game goes on from where it stood: its clock skips the time it was paused."""
        if self.paused_at is not None:
            self.started_at += now - self.paused_at
            self.paused_at = None

    def submit(self, command: Command, now: float) -> None:
        """A seated member's command at relay time ``now``; a refusal raises
        ``RulesError``."""
        assert self.table is not None
        try:
            self.table.submit(command, self.game_time(now))
        finally:
            self._tell_limits(now)

    def heard(self, index: int, events: int, now: float) -> bool:
        """Seat ``index``'s player has heard the first ``events`` events their connection was
        sent (relay time ``now``): whether the bots stop waiting now."""
        return self.telling.heard(index, events, self.game_time(now))

    def late_window(self, seconds: float) -> None:
        """How long the last spoon waits for a grab made earlier than the one that reached it
        (``ClassicGame.late_window``): the relay keeps it to its players' round trips."""
        if self.table is not None and self.table.game.late_window != seconds:
            self.table.game.late_window = seconds
            self.late_changes[len(self.table.log)] = seconds

    def run_until(self, now: float) -> None:
        if self.table is not None and not self.table.over and self.paused_at is None:
            self.table.run_until(self.game_time(now))
            self._tell_limits(now)

    def _tell_limits(self, now: float) -> None:
        """Tell each seated member when the time limit running against them changes: the
        seconds left (``limit``), or none, so that their game can tick the last seconds."""
        table = self.table
        if table is None:
            return
        game_now = self.game_time(now)
        for index, listener in list(self.listeners.items()):
            deadline = None if table.over else table.game.deadline_for(index)
            if deadline == self.limits.get(index):
                continue
            self.limits[index] = deadline
            listener.member.send("limit", seconds=None if deadline is None
                                 else round(max(0.0, deadline - game_now), 3))

    def next_wakeup(self) -> float | None:
        """When, on the relay's clock, the game next has something to do."""
        if self.table is None or self.table.over or self.paused_at is not None:
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
        self.telling.forget(index, table.game.now)
        if not table.game.in_game(index):
            return
        bot = self.game.bot(index, self.options, random.Random(index), Level.NORMAL, None)
        for event in self.round_events:
            view = event.seen_by(index)
            if view is not None:
                bot.observe(view)
        bot.wake(table.game.now)
        table.add_bot(bot)
        self.stand_ins[index] = bot

    def watch(self, member: Member) -> list[Event]:
        """A spectator joins: into the game under way, if there is one, from now on. Returns
        the game so far as a spectator sees it, for them to be told (none between games)."""
        self.spectators.append(member)
        table = self.table
        if table is None or table.over:
            return []
        listener = SeatListener(member, None, lines=self.event_lines)
        self.watching[id(member)] = listener
        table.listeners.append(listener)
        member.send("game_started", players=[seat.name for seat in self.seats], seat=None,
                    game=self.game.name, options=self.options.describe())
        return [view for event in [*self.standing, *self.round_events]
                if self.game.told_on_return(event, None)
                for view in [event.seen_by(None)] if view is not None]

    def unwatch(self, member: Member) -> None:
        """A spectator leaves."""
        self.spectators.remove(member)
        listener = self.watching.pop(id(member), None)
        if listener is not None and self.table is not None and listener in self.table.listeners:
            self.table.listeners.remove(listener)

    def new_token(self) -> str:
        """A seat's secret: the room's number, then 128 random bits (the number lets a cluster
        find the room's process from the token alone)."""
        return new_seat_token(self.number)

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token ``token`` is (compared in constant time), or None."""
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                found = index
        return found

    def take_back(self, index: int, member: Member) -> list[Event]:
        """``member`` takes seat ``index`` back from its stand-in bot: the game so far as the
        seat saw it, to tell them (the cards that passed between other seats left out: they
        change nothing the seat knows)."""
        seat = self.seats[index]
        seat.member, seat.level, seat.stand_in, seat.held_until = member, None, False, None
        seat.token = self.new_token()
        table = self.table
        assert table is not None
        bot = self.stand_ins.pop(index, None)
        if bot is not None:
            table.remove_bot(bot)
        self.telling.forget(index, table.game.now)
        listener = SeatListener(member, index, self.clock, self.telling, self.event_lines)
        self.listeners[index] = listener
        self.limits.pop(index, None)
        table.listeners.append(listener)
        told = []
        for event in [*self.standing, *self.round_events]:
            if not self.game.told_on_return(event, index):
                continue
            view = event.seen_by(index)
            if view is not None:
                told.append(view)
        return told


def _seat_record(seat: Seat) -> SeatRecord:
    """Who sits at ``seat``: a registered player's account, if the member has one."""
    account = getattr(seat.member, "account", None)
    return SeatRecord(seat.name, None if account is None else int(account.id),
                      None if seat.level is None else seat.level.value)
