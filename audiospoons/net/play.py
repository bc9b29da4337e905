"""A room's play: its seats and bots between games, getting ready and starting, a seat taken
back after a lost connection, and the players' commands, each press dated fairly
(``fairness``) before the game judges it."""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command, TimedPress
from audiospoons.engine.errors import RulesError
from audiospoons.net.fairness import judge, late_window
from audiospoons.net.link import Client
from audiospoons.net.lobby import tell_so_far
from audiospoons.net.room import MAX_SEATS, Room, Seat
from audiospoons.net.seattoken import seat_token_room
from audiospoons.net.telling import FASTEST_RATE, SLOWEST_RATE, VERBOSITIES
from audiospoons.net.wire import WireError, decode_command

if TYPE_CHECKING:
    from audiospoons.net.lobby import Lobby
    from audiospoons.net.relaysettings import RelaySettings
    from audiospoons.net.roomclock import RoomClocks

log = logging.getLogger("audiospoons.relay")


class Relay(Protocol):
    """What play needs of its relay: its rooms, limits, clock and source of seeds, the rooms'
    clocks, and the lobby to tell of a room that changed."""

    rooms: dict[int, Room]
    settings: RelaySettings
    rng: random.Random
    clocks: RoomClocks
    lobby: Lobby

    def clock(self) -> float: ...


class Play:
    """See the module."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.date: Callable[[Client, Room, Command, float | None, float], Command] = date_press
        """How a press is dated before the game judges it (``date_press``): what the fairness
        benchmark watches."""

    # ----------------------------------------------------------------- between games

    def _host_room(self, client: Client) -> Room | None:
        """The room ``client`` hosts, between games; or the refusal is sent."""
        room = client.room
        if room is None:
            client.refuse("no-room", "you are not in a room")
            return None
        if room.host is not client:
            client.refuse("not-host", "only the room's host may do that")
            return None
        if room.playing:
            client.refuse("playing", "not while the game is on")
            return None
        return room

    def _changed(self, room: Room) -> None:
        room.broadcast("room", **room.state())
        self.relay.lobby.changed()

    def add_bot(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        try:
            level = Level(body.get("level", "normal"))
        except ValueError:
            client.refuse("bad-field", "a bot's level is easy, normal, hard or expert")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"the room has all {MAX_SEATS} seats taken")
            return
        room.seats.append(Seat(level=level, bot_name=room.bot_name()))
        self._changed(room)

    def remove_bot(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        bots = [index for index, seat in enumerate(room.seats) if seat.member is None]
        if not bots:
            client.refuse("no-bot", "there is no bot to remove")
            return
        del room.seats[bots[-1]]
        self._changed(room)

    def take_seat(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        if room is None or client not in room.spectators or room.playing:
            client.refuse("out-of-place", "take a seat as a spectator, between games")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"the room has all {MAX_SEATS} seats taken")
            return
        room.unwatch(client)
        room.seats.append(Seat(client))
        self._changed(room)

    def leave_seat(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or room.playing:
            client.refuse("out-of-place", "leave a seat you have, between games")
            return
        del room.seats[index]
        room.spectators.append(client)
        self._changed(room)

    def ready(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or room.playing:
            client.refuse("out-of-place", "be ready in a seat, between games")
            return
        room.seats[index].ready = bool(body["ready"])
        room.broadcast("room", **room.state())

    def start(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self._host_room(client)
        if room is None:
            return
        if room.table is not None:
            client.refuse("playing", "the last game is still being put away: start again")
            return
        waiting = [seat.name for seat in room.seats
                   if seat.member is not None and seat.member is not client and not seat.ready]
        if waiting:
            client.refuse("not-ready", f"not ready yet: {', '.join(waiting)}")
            return
        try:
            room.start(now, self.relay.rng)
        except RulesError as error:
            fewest = room.fewest_players()
            if fewest is None:
                client.refuse("bad-options", str(error))
            else:
                client.refuse("too-few-players", str(error), minimum=fewest)
            return
        self.relay.lobby.changed()
        self.relay.clocks.start(room)

    # ----------------------------------------------------------------- in a game

    def rejoin(self, client: Client, body: dict[str, Any], now: float) -> None:
        """Take back a seat held since a lost connection, with its token."""
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return
        if seat_token_room(body["token"]) is None:
            client.refuse("no-seat", "no seat is held for that token")
            return
        found = next(((room, index) for room in self.relay.rooms.values() if room.playing
                      for index in [room.seat_for_token(body["token"])] if index is not None),
                     None)
        if found is None:
            client.refuse("no-seat", "no seat is held for that token")
            return
        room, index = found
        seat = room.seats[index]
        old = seat.member
        if isinstance(old, Client) and old is not client:
            old.error("replaced", "your seat was taken back from another connection")
            old.drop()
        if seat.held_until is None or seat.held_until < now:
            client.refuse("no-seat", "that seat is no longer held for you")
            return
        client.name, client.room = seat.bot_name, room
        room.resume(now)
        told = room.take_back(index, client)
        if room.host not in room.members():
            room.hand_over(client)
        client.send("game_started", players=[s.name for s in room.seats], seat=index,
                    game=room.game.name, options=room.options.describe(), token=seat.token,
                    resumed=True,
                    game_time=room.game_time(now))
        tell_so_far(client, told, self.relay.settings.catch_up_batch)
        room.broadcast("back", name=client.name)
        self.relay.clocks.wake(room)

    def command(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = client.room
        index = None if room is None else room.seat_of(client)
        if room is None or index is None or not room.playing:
            client.refuse("out-of-place", "commands are for a seat in a game")
            return
        try:
            command = decode_command(body["command"], index)
        except WireError as error:
            client.refuse("bad-field", str(error))
            return
        command = self.date(client, room, command, body.get("reaction"), now)
        room.late_window(late_window(seat.member.trips for seat in room.seats
                                     if isinstance(seat.member, Client)))
        try:
            room.submit(command, now)
        except RulesError as error:
            client.send("refused", reason=error.reason, message=str(error))
        except Exception:
            log.exception("room %s stopped on %r", room.number, command)
            self.relay.clocks.fail(room)
            return
        self.relay.clocks.wake(room)

    def hearing(self, client: Client, body: dict[str, Any], now: float) -> None:
        """With ``heard``, the player's client will say when they have heard what the table
        sent (``heard``): the table's bots wait for it. Without, an older client's, it is
        taken and nothing waits for it: such a client never says. The reader's rate and
        verbosity are checked, as clients send them, but the relay needs neither."""
        rate, verbosity = body["rate"], body.get("verbosity", VERBOSITIES[0])
        if not SLOWEST_RATE <= rate <= FASTEST_RATE:
            client.refuse("bad-field", f"rate is words a minute, {SLOWEST_RATE} to"
                          f" {FASTEST_RATE}")
            return
        if verbosity not in VERBOSITIES:
            client.refuse("bad-field", "verbosity is brief or full")
            return
        client.says_heard = body.get("heard") is True

    def heard(self, client: Client, body: dict[str, Any], now: float) -> None:
        """The player has heard the first ``events`` events their connection was sent. A count
        not sent is refused; one from a client that never said it would (``hearing``), or from
        no seat in a game (a spectator, a game just over), changes nothing."""
        events = body["events"]
        if not 0 <= events <= client.events_sent:
            client.refuse("bad-field", f"events is how many this connection was sent, 0 to"
                          f" {client.events_sent}")
            return
        room = client.room
        index = None if room is None else room.seat_of(client)
        if not client.says_heard or room is None or index is None or not room.playing:
            return
        if room.heard(index, events, now):
            self.relay.clocks.wake(room)


def date_press(client: Client, room: Room, command: Command, reported: float | None,
               now: float) -> Command:
    """A press answering the seat's cue, dated when it was judged to happen (``fairness``);
    anything else as it came. A false start in a reaction test is dated just before its cue,
    and so loses; one in the race for the spoons gets no compensation at all (it is dated when
    it arrived), so that pressing at once wins nothing."""
    listener = room.listeners.get(command.seat)
    cue = None if listener is None else listener.cues.answered(command)
    if cue is None or not isinstance(command, TimedPress):
        return command
    sent, cue_at = cue
    judged = judge(sent, now, reported, client.trips)
    in_test = listener is not None and cue == listener.cues.test
    if judged.false_start and not in_test:
        return command
    pressed_at = (math.nextafter(cue_at, -math.inf) if judged.false_start
                  else cue_at + judged.reaction)
    return command.dated(pressed_at)
