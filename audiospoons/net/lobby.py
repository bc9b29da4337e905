"""The lobby and its rooms: the list of rooms (each change told to whoever is in the lobby, one
line a room), opening a room, joining it (its password, its bans, the names in it), watching
it, leaving it, and chat to the room or the lobby."""

from __future__ import annotations

import hmac
import math
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.net.backoff import PasswordGuard
from audiospoons.net.link import Client
from audiospoons.net.moderation import room_keys
from audiospoons.net.names import clean_chat
from audiospoons.net.protocol import encode
from audiospoons.net.room import MAX_SEATS, ROOM_NAME_LENGTH, Room, Seat, host_room
from audiospoons.net.wire import encode_event

if TYPE_CHECKING:
    from audiospoons.net.accounts import Accounts
    from audiospoons.net.membership import Membership
    from audiospoons.net.moderation import Moderation
    from audiospoons.net.relaysettings import RelaySettings
    from audiospoons.net.roomclock import RoomClocks


class Relay(Protocol):
    """What the lobby needs of its relay: its rooms, connections, limits and clock, whether it
    rates games, its place in a cluster, its mutes, the rooms' clocks, and the rooms as the
    lobby lists them."""

    rooms: dict[int, Room]
    clients: set[Client]
    settings: RelaySettings
    accounts: Accounts
    cluster: Membership
    moderation: Moderation
    clocks: RoomClocks

    def clock(self) -> float: ...

    def listed_rooms(self) -> dict[int, dict[str, Any]]: ...


class Lobby:
    """See the module."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.next_room = 1
        self.passwords = PasswordGuard()
        """The rooms' failed passwords, and the waits they have earned."""
        self._listed: dict[int, dict[str, Any]] = {}
        """Each room as the lobby was last told of it."""

    def list_rooms(self, client: Client, body: dict[str, Any], now: float) -> None:
        if self.relay.cluster.to_lobby(client):
            return
        client.send("rooms", rooms=list(self.relay.listed_rooms().values()))
        client.knows_lobby = True

    def changed(self) -> None:
        """Tell everyone in the lobby what changed in the list of rooms since they were last
        told: each room that came or changed (``room_listed``), each that went
        (``room_unlisted``), one line each, never the whole list again."""
        now = self.relay.listed_rooms()
        lines = [encode("room_unlisted", room=number)
                 for number in self._listed if number not in now]
        lines += [encode("room_listed", room=summary) for number, summary in now.items()
                  if self._listed.get(number) != summary]
        self.relay.cluster.rooms_changed(
            [summary for number, summary in now.items() if self._listed.get(number) != summary],
            [number for number in self._listed if number not in now])
        self._listed = now
        if not lines:
            return
        for other in list(self.relay.clients):
            if other.knows_lobby and other.room is None:
                for line in lines:
                    other.send_line(line)

    # ----------------------------------------------------------------- going in

    def create_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        relay = self.relay
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return
        opened = sum(1 for room in relay.rooms.values() if room.opened_by == client.group)
        if opened >= relay.settings.rooms_per_address:
            client.refuse("too-many-rooms", f"at most {relay.settings.rooms_per_address} rooms"
                          " from one"
                          " address: close one first")
            return
        game = GAMES.get(body.get("game", DEFAULT))
        if game is None:
            client.refuse("bad-options", f"there is no game {body['game']!r}; the games are"
                          f" {', '.join(GAMES)}")
            return
        values = {str(k): str(v) for k, v in body.get("options", {}).items()}
        if "preset" in body:
            values = {PRESET_KEY: body["preset"], **values}
        try:
            options, values = game.read_options(values)
        except RulesError as error:
            client.refuse("bad-options", str(error))
            return
        chosen = clean_chat(str(body.get("name", "")))[:ROOM_NAME_LENGTH]
        password = body.get("password") or None
        number = relay.cluster.room_number(self.next_room)
        if number is None:
            client.refuse("busy", "the relay cannot open a room just now: try again in a"
                          " moment")
            return
        room = Room(number, chosen or host_room(client.name), client, options, values,
                    password, game=game, clock=relay.clock, opened_by=client.group,
                    rated=relay.accounts.keeps, named=bool(chosen))
        self.next_room = max(self.next_room, number) + 1
        relay.rooms[room.number] = room
        room.seats.append(Seat(client))
        client.room = room
        room.broadcast("room", **room.state())
        self.changed()

    def room_for(self, client: Client, body: dict[str, Any], *, watching: bool = False
                 ) -> Room | None:
        """The room ``body`` asks for, to sit in or (``watching``) to watch, if the client
        may go in; else the refusal is sent."""
        room = self.relay.rooms.get(body["room"])
        if room is None:
            client.refuse("no-room", f"there is no room {body['room']}")
            return None
        if client.room is not None:
            client.refuse("in-room", "leave this room first")
            return None
        if room.kept_out(room_keys(client), self.relay.clock()):
            client.refuse("banned", "the host has sent you away from that room")
            return None
        if room.password is not None and not self._password_right(client, room, body):
            return None
        clash = room.name_clash(client.name, stand_ins=not watching)
        if clash is not None:
            if isinstance(clash, Seat) and room.held(clash):
                client.refuse("name-taken", f"that room holds a seat for {clash.name}, whose"
                              " connection was lost, and your name sounds or looks the same")
            else:
                client.refuse("name-taken", "someone in that room has a name that sounds or"
                              f" looks the same as yours: {clash.name}")
            return None
        return room

    def _password_right(self, client: Client, room: Room, body: dict[str, Any]) -> bool:
        """Whether ``body`` gives ``room``'s password, or the refusal is sent: a wrong one,
        or a try during the wait that failed tries have earned (``backoff``)."""
        assert room.password is not None
        now = self.relay.clock()
        wait = self.passwords.wait(client.group, room.number, now)
        if wait > 0.0:
            client.refuse("password-wait", f"too many wrong passwords: wait {math.ceil(wait)}"
                          " seconds before trying that room's password again")
            return False
        if not hmac.compare_digest(str(body.get("password", "")).encode("utf-8"),
                                   room.password.encode("utf-8")):
            self.passwords.failed(client.group, room.number, now)
            client.refuse("password", "that is not the room's password")
            return False
        self.passwords.succeeded(client.group, room.number)
        return True

    def join_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self.room_for(client, body)
        if room is None:
            return
        if room.playing:
            client.refuse("playing", "that room is playing: spectate, or wait for the end")
            return
        if len(room.seats) >= MAX_SEATS:
            client.refuse("full", f"that room has all {MAX_SEATS} seats taken")
            return
        room.seats.append(Seat(client))
        client.room = room
        room.broadcast("room", **room.state())
        self.changed()

    def spectate(self, client: Client, body: dict[str, Any], now: float) -> None:
        room = self.room_for(client, body, watching=True)
        if room is None:
            return
        client.room = room
        room.resume(now)
        tell_so_far(client, room.watch(client), self.relay.settings.catch_up_batch)
        room.broadcast("room", **room.state())

    # ----------------------------------------------------------------- going out

    def leave_room(self, client: Client, body: dict[str, Any], now: float) -> None:
        if client.room is None:
            client.refuse("no-room", "you are not in a room")
            return
        self.send_out_of_room(client, now)

    def send_out_of_room(self, client: Client, now: float) -> None:
        """``client`` is put out of its room, back in the lobby."""
        self.leave(client)
        self.list_rooms(client, {}, now)

    def leave(self, client: Client, *, hold: bool = False) -> None:
        """``client`` leaves its room; ``hold``: its connection was lost, so a seat in a game
        is kept ``seat_hold`` seconds for it to take back, a bot playing it meanwhile. A seat
        already out of the game is no seat to take back: the table hears only that its player
        has left."""
        room = client.room
        if room is None:
            return
        settings = self.relay.settings
        client.room, client.knows_lobby = None, False
        index = room.seat_of(client)
        if client in room.spectators:
            room.unwatch(client)
        elif index is not None and room.playing:
            seat = room.seats[index]
            still_in = room.in_game(index)
            held = hold and still_in and seat.token is not None
            if held:
                seat.held_until = self.relay.clock() + settings.seat_hold
            else:
                seat.token = None
            room.hand_to_bot(index)
            extra: dict[str, Any] = {"held": settings.seat_hold} if held else {}
            if still_in:
                room.broadcast("left", name=client.name, stand_in=True, **extra)
            else:
                room.broadcast("left", name=client.name)
            self.relay.clocks.wake(room)
        elif index is not None:
            del room.seats[index]
        if room.abandoned():
            self._close(room)
        else:
            if room.unattended():
                room.pause(self.relay.clock())
            if room.host is client and room.members():
                room.hand_over(room.members()[0])
            room.broadcast("room", **room.state())
        self.changed()

    def game_over(self, room: Room) -> None:
        """``room``'s game has stopped: its stand-ins leave, and the room waits for the next
        game, or closes if nobody is left in it."""
        room.table = None
        room.seats = [seat for seat in room.seats if not seat.stand_in]
        if room.unattended():
            self._close(room)
        else:
            room.broadcast("room", **room.state())
        self.changed()

    def _close(self, room: Room) -> None:
        self.relay.rooms.pop(room.number, None)
        self.relay.clocks.forget(room)

    # ----------------------------------------------------------------- chat

    def chat(self, client: Client, body: dict[str, Any], now: float) -> None:
        allowed, client.chat_bucket = client.chat_bucket.take(now)
        if not allowed:
            client.refuse("chat-flood", "too many chat lines: wait a moment")
            return
        text = clean_chat(body["text"])
        if not text:
            return
        scope = body.get("scope", "room")
        muted = self.relay.moderation.chat_refusal(client, scope, now)
        if muted is not None:
            client.refuse("muted", muted)
            return
        if scope == "lobby":
            for other in list(self.relay.clients):
                if other.greeted:
                    other.send("chat", scope="lobby", name=client.name, text=text)
        elif scope == "room" and client.room is not None:
            client.room.broadcast("chat", last=client, scope="room", name=client.name,
                                  text=text)
        else:
            client.refuse("bad-field", "chat goes to the room you are in, or to the lobby")


def tell_so_far(client: Client, told: list[Event], batch: int) -> None:
    """The game so far, in ``catch_up`` messages of at most ``batch`` events."""
    for start in range(0, len(told), batch):
        client.send("catch_up", events=[encode_event(event)
                                        for event in told[start:start + batch]])
