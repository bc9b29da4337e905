"""What each message from the relay does to an online sitting, as a pure reducer: where the
player stands and the message in, where they stand after and the effects out, in order (lines
to say, messages to send, the seat kept to forget, and the messages to hand to the parts that
hold a game, a watched game, the lobby's lists or a replay). ``ui.online`` drives it: it reads
the relay and the keys, and carries the effects out.

The order of the tests in ``reduce`` is the protocol's: a message of a game under way goes to
the game before anything else, a kept seat's game so far to the seat being taken back, an
error answering a seat asked back to that asking, and so on down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from audiospoons.app.lobby import RECORD_VIEWS, ROOM_LISTS
from audiospoons.app.records import muted_line, rating_line, whole_minutes
from audiospoons.games.keyboards import listed_keyboard
from audiospoons.games.registry import DEFAULT
from audiospoons.net.client import BAD_MESSAGE
from audiospoons.voice.i18n import Messages
from audiospoons.voice.relaywords import TOO_FEW_PLAYERS, refusal_text, relay_error_text

STALE = frozenset({"room", "game_started", "event", "catch_up", "limit", "refused", "left",
                   "back"})
"""What the relay may still send of a room the player has just left."""

SEAT_GONE = frozenset({"no-seat", "room-lost"})
"""The relay's refusals of a kept seat asked back that mean the seat is no more."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where the player stands on the relay: in ``room`` (its last state), or not; ``asked``
    while a room asked for (made, joined, watched) has not been answered; ``to_lobby`` on the
    way to the lobby, until the relay's list of rooms comes (what comes before it is from the
    room just left); ``left`` once the player has left the relay; ``stopped`` once the relay
    said it is shutting down (its connection ending is then no loss to mend); ``rejoining``
    while the seat kept from an earlier run has been asked back and not answered."""

    room: dict[str, Any] | None = None
    ready: bool = False
    left: bool = False
    asked: bool = False
    to_lobby: bool = False
    stopped: bool = False
    rejoining: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    """What the reducer reads: the player named ``name`` there, at ``place``, and which parts
    of the sitting are there: a seat in a game (``playing``), the game so far of a seat taken
    back coming (``catching_up``, the seat's name), a game watched, the lobby, a replay."""

    name: str
    place: Place = Place()
    playing: bool = False
    catching_up: str | None = None
    watching: bool = False
    lobby: bool = False
    replaying: bool = False


def moved(standing: Standing, **changes: Any) -> Standing:
    """``standing`` with its place changed as ``changes`` say."""
    return replace(standing, place=replace(standing.place, **changes))


class Part(Enum):
    """The parts of a sitting a message is handed to, which keep state of their own."""

    GAME = "game"
    """The game the player has a seat in: its events, and the relay's refusals of its moves."""
    CATCH_UP = "catch_up"
    """The seat being taken back: its game so far, until the player is back."""
    REJOINED = "rejoined"
    """The seat asked back, given: its game."""
    WATCHER = "watcher"
    """The game watched: its events."""
    WATCH = "watch"
    """A game started without a seat for the player: watched."""
    SEAT = "seat"
    """A game started with a seat for the player."""
    ROOMS = "rooms"
    """The lobby's list of rooms, or a change to it."""
    RECORDS = "records"
    """The relay's answer about its records, shown in the lobby."""
    REPLAY = "replay"
    """A past game asked for, to hear again."""
    MOVES = "moves"
    """More of the past game's moves."""


class Chore(Enum):
    """What the sitting does of itself, with what it holds."""

    LOGGED_OUT = "logged_out"
    """Tell that the relay has forgotten the login kept for this player."""
    OUT_OF_ROOM = "out_of_room"
    """Out of the room: back to the lobby, or out of the relay."""
    OPEN_LOBBY = "open_lobby"
    """A room asked for was refused: into the lobby, opened if it was not."""
    END_GAMES = "end_games"
    """The game played or watched is over, with nothing more to say of it."""
    SEAT_BACK_FAILED = "seat_back_failed"
    """The seat asked back came with a game that cannot be read: given up."""
    SAY_LOBBY_ITEM = "say_lobby_item"
    """Say the lobby's item the player is on."""
    SAY_LOBBY_OPENING = "say_lobby_opening"
    """Say the lobby as it opens."""


@dataclass(frozen=True, slots=True)
class Say:
    text: str


@dataclass(frozen=True, slots=True)
class Send:
    kind: str


@dataclass(frozen=True, slots=True)
class ForgetSeat:
    """The seat kept is given up: told to whoever keeps it, and no longer offered."""


@dataclass(frozen=True, slots=True)
class Hand:
    part: Part
    message: dict[str, Any] = field(compare=False)


@dataclass(frozen=True, slots=True)
class Do:
    chore: Chore


Effect = Say | Send | ForgetSeat | Hand | Do
Reduced = tuple[Standing, list[Effect]]


def reduce(standing: Standing, message: dict[str, Any], m: Messages) -> Reduced:
    """Where the player stands after ``message``, and what to do about it, in order."""
    kind = message["kind"]
    if standing.place.to_lobby and kind in STALE:
        return standing, []
    if kind in ("event", "refused", "limit") and standing.playing:
        return standing, [Hand(Part.GAME, message)]
    if standing.playing and standing.catching_up is not None and (
            kind == "catch_up" or (kind == "back" and message["name"] == standing.catching_up)):
        return standing, [Hand(Part.CATCH_UP, message)]
    if kind == "game_started" and standing.place.rejoining:
        return standing, [Hand(Part.REJOINED, message)]
    if kind in ("event", "catch_up") and standing.watching:
        return standing, [Hand(Part.WATCHER, message)]
    if kind == "game_started":
        return standing, [Hand(Part.WATCH if message.get("seat") is None else Part.SEAT,
                               message)]
    if kind == "room":
        return room(moved(standing, asked=False), message, m)
    if kind in ROOM_LISTS:
        return standing, [Hand(Part.ROOMS, message)]
    if kind == "chat" and message.get("scope") == "lobby":
        return standing, [Say(m.tr("online.chat.lobby", name=message["name"],
                                   text=message["text"]))]
    if kind == "chat":
        return standing, [Say(m.tr("online.chat", name=message["name"], text=message["text"]))]
    if kind == "error":
        return relay_error(standing, message, m)
    if kind in ("left", "back"):
        return standing, comings_and_goings(standing, message, m)
    if kind == "kicked":
        minutes = message.get("minutes")
        return standing, [Say(m.tr("online.kicked") if minutes is None
                              else m.ntr("online.kicked.minutes", whole_minutes(minutes))),
                          ForgetSeat(), Do(Chore.OUT_OF_ROOM)]
    if kind == "moderated" and message["action"] == "kick" and message["scope"] == "relay":
        return standing, [Say(m.tr("online.ban.done", name=message["name"]))]
    if kind == "moderated" and message["action"] == "kick":
        return standing, [Say(m.tr("online.kick.done", name=message["name"]))]
    return records(standing, message, m)


def relay_error(standing: Standing, message: dict[str, Any], m: Messages) -> Reduced:
    """An error: the relay shutting down, a room's game that failed, the seat asked back
    refused, the player's connection replaced by another, or any other."""
    code = message.get("code")
    if code == "shutdown":
        return moved(standing, stopped=True), [ForgetSeat(),
                                                 Say(m.tr("online.error.shutdown"))]
    if code == "room-failed":
        return standing, [Do(Chore.END_GAMES), ForgetSeat(), Say(m.tr("online.room.failed"))]
    if standing.place.rejoining:
        return rejoin_refused(standing, message, m)
    if code == "replaced":
        return moved(standing, left=True), [Say(m.tr("online.replaced"))]
    return error(standing, message, m)


def comings_and_goings(standing: Standing, message: dict[str, Any], m: Messages
                       ) -> list[Effect]:
    """Someone left the room (their seat held for them, or played on by a bot, or not), or
    came back to it; the player's own coming back is not said."""
    name = message["name"]
    if message["kind"] == "back":
        return [] if name == standing.name else [Say(m.tr("online.back.other", name=name))]
    if message.get("held"):
        return [Say(m.tr("online.held", name=name))]
    if message.get("stand_in"):
        return [Say(m.tr("online.stand.in", name=name))]
    return [Say(m.tr("online.left.other", name=name))]


def records(standing: Standing, message: dict[str, Any], m: Messages) -> Reduced:
    """The relay's answers about its records, a rating changed, a mute, a logout."""
    kind = message["kind"]
    if kind in RECORD_VIEWS and standing.lobby and standing.place.room is None:
        return standing, [Hand(Part.RECORDS, message)]
    if kind == "rating":
        return standing, [Say(rating_line(message, m))]
    if kind == "muted":
        return standing, [Say(muted_line(message, m))]
    if kind == "game_record":
        return standing, [Hand(Part.REPLAY, message)]
    if kind == "game_moves" and standing.replaying:
        return standing, [Hand(Part.MOVES, message)]
    if kind == "logged_out":
        return moved(standing, left=True), [Do(Chore.LOGGED_OUT),
                                              Say(m.tr("online.logged.out"))]
    return standing, []


def error(standing: Standing, message: dict[str, Any], m: Messages) -> Reduced:
    """An error from the relay; one answering a room asked for is said in the player's words,
    and leaves them in the lobby."""
    asked = standing.place.asked
    standing = moved(standing, asked=False, rejoining=False)
    code = message.get("code")
    refusal = refusal_text(code, m) if asked else None
    room = standing.place.room
    if code == "not-ready" and room is not None:
        waiting = [str(seat["name"]) for seat in room["seats"]
                   if not seat["bot"] and not seat["ready"] and seat["name"] != room["host"]]
        if waiting:
            refusal = m.tr("online.notready.others", names=m.join(waiting))
    if code == "bad-options" and room is not None and len(room["seats"]) < 2:
        # A relay from before too-few-players refused starting alone bad-options.
        code, message = TOO_FEW_PLAYERS, {**message, "minimum": 2}
    effects: list[Effect] = [Say(refusal or relay_error_text(code, m, message.get("minimum"))
                                 or m.tr("online.error", message=message["message"]))]
    if asked and room is None:
        effects.append(Do(Chore.OPEN_LOBBY))
    return standing, effects


def rejoin_refused(standing: Standing, message: dict[str, Any], m: Messages) -> Reduced:
    """The relay will not give the kept seat back: a seat it no longer holds is said as such
    and forgotten; any other refusal is said as the relay's errors are."""
    standing = moved(standing, rejoining=False)
    if message.get("code") not in SEAT_GONE:
        return error(standing, message, m)
    standing = moved(standing, asked=False)
    effects: list[Effect] = [Say(m.tr("online.seat.gone")), ForgetSeat()]
    if standing.lobby and standing.place.room is None:
        effects.append(Do(Chore.SAY_LOBBY_ITEM))
    return standing, effects


def bad(standing: Standing, kind: str | None, m: Messages) -> Reduced:
    """The relay sent a message of ``kind`` that is not as the protocol says: it is said, and
    left out. What the room just left sends is old news, and left out unsaid. A room or an
    error answering a room asked for ends the asking (a room that cannot be read is left), and
    a list of rooms that should have opened the lobby opens it with the rooms it had. The
    answer to a kept seat asked back (its seat, its game so far) is a failed reconnect."""
    if standing.place.to_lobby and kind in STALE:
        return standing, []
    if (standing.place.rejoining or standing.catching_up is not None) and kind in (
            "game_started", "catch_up", "back"):
        return standing, [Do(Chore.SEAT_BACK_FAILED)]
    if standing.place.asked and kind in ("room", "error"):
        leave: list[Effect] = [Send("leave_room")] if kind == "room" else []
        standing, effects = error(standing, {"kind": "error", "code": BAD_MESSAGE,
                                             "message": bad_text(m)}, m)
        return standing, [*leave, *effects]
    if kind == "rooms" and standing.place.to_lobby and standing.lobby:
        return (moved(standing, to_lobby=False, room=None),
                [Say(bad_text(m)), Do(Chore.SAY_LOBBY_OPENING)])
    return standing, [Say(bad_text(m))]


def bad_text(m: Messages) -> str:
    return relay_error_text(BAD_MESSAGE, m) or BAD_MESSAGE


def room(standing: Standing, state: dict[str, Any], m: Messages) -> Reduced:
    """The room's state: said when the player comes into it, and, before its game, whenever
    its seats change; the player's own readiness is kept."""
    before = standing.place.room
    standing = moved(standing, room=state)
    if state["playing"]:
        if before is None and watching(state, standing.name):
            return standing, [Say(room_text(state, standing.name, m))]
        return standing, []
    me = next((seat for seat in state["seats"] if seat["name"] == standing.name), None)
    standing = moved(standing, ready=bool(me and me["ready"]))
    if before is None or before.get("seats") != state["seats"] or before.get("playing"):
        return standing, [Say(room_text(state, standing.name, m))]
    return standing, []


def watching(state: dict[str, Any], name: str) -> bool:
    """The player (``name``) is in the room without a seat: a spectator."""
    return not any(seat["name"] == name and seat["bot"] is None for seat in state["seats"])


def room_text(state: dict[str, Any], name: str, m: Messages) -> str:
    """The room as ``name`` hears it: its number, its name, and its seats."""
    seats = seats_text([seat_text(seat, state["host"], m) for seat in state["seats"]], m)
    titled = listed_keyboard(state.get("game")).words.room
    called = state["name"] if titled is None else m.tr(titled, name=state["name"])
    if watching(state, name):
        return m.tr("online.watching", number=state["room"], name=called, seats=seats)
    return m.tr("online.room", number=state["room"], name=called, seats=seats)


def seats_text(seats: list[str], m: Messages) -> str:
    """The seats one after another, each set off as a whole ("Ann, host; Bob; Cy, ready"): a
    list joined with commas and "and" would hear "Ann, host and Bob" as three people."""
    text = seats[0] if seats else ""
    for seat in seats[1:]:
        text = m.tr("online.seats.more", seats=text, seat=seat)
    return text


def seat_text(seat: dict[str, Any], host: str, m: Messages) -> str:
    """A seat as the room is said: who, and their rating where the relay keeps them."""
    if seat["bot"]:
        text = m.tr("online.seat.bot", name=seat["name"])
    elif seat["name"] == host:
        text = m.tr("online.seat.host", name=seat["name"])
    elif seat["ready"]:
        text = m.tr("online.seat.ready", name=seat["name"])
    else:
        text = str(seat["name"])
    if seat.get("rating") is None:
        return text
    return m.tr("online.seat.rating", seat=text, rating=seat["rating"])


def room_help(room: dict[str, Any] | None, name: str, spectator: bool, m: Messages) -> str:
    """F1 in a room between games: the keys that work here, for the host, a seated player
    (``name``) or a spectator."""
    if spectator:
        return " ".join((m.tr("online.watching.help"), m.tr("online.table.chat")))
    if room is not None and room["host"] == name:
        return m.tr("online.room.help.host")
    return m.tr("online.room.help.player")


def room_fields(values: Mapping[str, str], password: str | None, game: str = DEFAULT
                ) -> dict[str, Any]:
    """The fields of ``create_room`` for a room of one's own: the game, its options, the
    preset among them sent apart, and the password if any."""
    options = {key: value for key, value in values.items() if key != "preset"}
    fields: dict[str, Any] = {"options": options}
    if game != DEFAULT:
        fields["game"] = game
    if values.get("preset"):
        fields["preset"] = values["preset"]
    if password:
        fields["password"] = password
    return fields
