"""What the relay sends, checked and cleaned before the client uses any of it: pure.

The client trusts the relay no more than the relay trusts a client. ``read_message`` takes one
message as it came off the wire (a JSON object with a ``kind``) and returns a copy of it that is
as ``RELAY_KINDS`` says, the "Messages from the relay" of ``docs/protocol.md``:

- every required field is there, and every field the client knows has its type: a whole number
  is not true or false, a number is finite and of sensible size, a list holds items of its
  type (and not too many), an object holds its own fields;
- ranges hold: a room's number and its counts are not negative, the ``seat`` of
  ``game_started`` is a place among its ``players``, a token is 32 hex digits, a chat's scope is
  ``room`` or ``lobby``;
- every text (names, room names, the host, spectators, chat, error and refusal messages and
  their codes, option texts, the texts of game events) goes through ``names.clean_chat``
  (NFKC; control and format characters, and so every escape sequence, become spaces) and is cut
  to the length its field may have, so nothing the relay says reaches the terminal raw, a
  speech engine as markup, or anyone at length.

A message that is not so raises ``BadRelayMessage``; the client says it as an error and goes
on. Fields the client does not know are dropped, and a kind it does not know reads as None (a
newer relay may send more). ``read_event`` decodes a game event and checks it against the
table: every seat it names is one of the players, and every list of one value a seat has one
for each; an event of a kind the client does not know is skipped, as the protocol allows.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from audiospoons.engine.cards import GROUP_RANKS, RANKS, SPECIAL_RANKS, WATCHER_GROUP
from audiospoons.engine.events import Event
from audiospoons.net.names import CHAT_LENGTH, NAME_LENGTH, clean_chat
from audiospoons.net.wire import WireError, decode_event, event_kinds

ROOM_NAME_LENGTH = 40
"""The longest room name the relay gives; anything longer is cut."""
MESSAGE_LENGTH = CHAT_LENGTH
"""Characters kept of an error or refusal message, as of a chat line."""
CODE_LENGTH = 40
"""Characters kept of an error code, a refusal's reason, a bot's level, a game's name."""
OPTION_LENGTH = 100
"""Characters kept of an option's key or value."""
TEXT_READ = 4096
"""Characters of a text that are looked at: more than any field keeps, so that a huge text
costs no more than a long one."""
MOST_SEATS = 64
"""More players than any room seats: a longer list is no table."""
MOST_NAMES = 1000
MOST_ROOMS = 10_000
MOST_EVENTS = 1000
MOST_OPTIONS = 100
EVENT_DEPTH = 4
"""Lists within lists in a game event (``TeamsFormed.teams`` is a list of lists)."""
LARGEST = 1e12
"""The largest number taken, as the relay takes from a client."""
TOKEN = re.compile(r"(?:[0-9]{1,12}-)?[0-9a-f]{32}")
LOGIN_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
"""A login token: 32 random bytes, URL-safe base64 (``accounts.TOKEN_BYTES``)."""

Check = Callable[[object, str], Any]
"""Takes a field's value (and where it is, for the error), returns it checked and cleaned, or
raises ``BadRelayMessage``."""
Shape = tuple[Mapping[str, Check], Mapping[str, Check]]
"""An object's required fields and optional fields, each with its check."""


class BadRelayMessage(ValueError):
    """A message from the relay that is not as the protocol says; ``kind`` is its kind when
    the client knows it."""

    def __init__(self, problem: str, kind: str | None = None) -> None:
        super().__init__(problem)
        self.kind = kind


def clean_text(raw: str, length: int) -> str:
    """``raw`` cleaned as names and chat are, at most ``length`` characters."""
    return clean_chat(raw[:TEXT_READ])[:length].rstrip()


# ----------------------------------------------------------------------------- checks


def text(length: int) -> Check:
    def check(value: object, where: str) -> str:
        if not isinstance(value, str):
            raise BadRelayMessage(f"{where} must be text")
        return clean_text(value, length)
    return check


def choice(*values: str) -> Check:
    def check(value: object, where: str) -> str:
        if not isinstance(value, str) or value not in values:
            raise BadRelayMessage(f"{where} must be one of {', '.join(values)}")
        return value
    return check


def whole(least: int = 0) -> Check:
    def check(value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRelayMessage(f"{where} must be a whole number")
        if not least <= value < LARGEST:
            raise BadRelayMessage(f"{where} is out of range")
        return value
    return check


def number(least: float | None = None) -> Check:
    def check(value: object, where: str) -> float | int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadRelayMessage(f"{where} must be a number")
        if not _plain(value) or (least is not None and value < least):
            raise BadRelayMessage(f"{where} is out of range")
        return value
    return check


def _plain(value: float) -> bool:
    try:
        return math.isfinite(float(value)) and abs(value) < LARGEST
    except OverflowError:
        return False


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadRelayMessage(f"{where} must be true or false")
    return value


def token(value: object, where: str) -> str:
    if not isinstance(value, str) or TOKEN.fullmatch(value) is None:
        raise BadRelayMessage(f"{where} must be 32 hex digits")
    return value


def login_token(value: object, where: str) -> str:
    if not isinstance(value, str) or LOGIN_TOKEN.fullmatch(value) is None:
        raise BadRelayMessage(f"{where} must be a login token")
    return value


def nullable(check: Check) -> Check:
    def checked(value: object, where: str) -> Any:
        return None if value is None else check(value, where)
    return checked


def listing(check: Check, most: int, least: int = 0) -> Check:
    def checked(value: object, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise BadRelayMessage(f"{where} must be a list")
        if not least <= len(value) <= most:
            raise BadRelayMessage(f"{where} must hold {least} to {most} items")
        return [check(item, f"{where}[{index}]") for index, item in enumerate(value)]
    return checked


def shaped(required: Mapping[str, Check], optional: Mapping[str, Check]) -> Check:
    def checked(value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise BadRelayMessage(f"{where} must be an object")
        return _fields(value, (required, optional), where)
    return checked


def texts(length: int, most: int) -> Check:
    """An object of text to text (a game's options)."""
    def checked(value: object, where: str) -> dict[str, str]:
        if not isinstance(value, dict) or len(value) > most:
            raise BadRelayMessage(f"{where} must be an object of at most {most} texts")
        out: dict[str, str] = {}
        for key, item in value.items():
            if not isinstance(item, str):
                raise BadRelayMessage(f"{where}.{clean_text(str(key), 40)} must be text")
            out[clean_text(str(key), length)] = clean_text(item, length)
        return out
    return checked


def event(value: object, where: str) -> dict[str, Any]:
    """A game event: an object with a kind, its texts cleaned (its ``players`` as names), its
    numbers plain; the game's own codec checks it against its kind when it is decoded."""
    if not isinstance(value, dict):
        raise BadRelayMessage(f"{where} must be an object")
    kind = value.get("kind")
    if not isinstance(kind, str):
        raise BadRelayMessage(f"{where} needs a kind")
    out: dict[str, Any] = {"kind": clean_text(kind, CODE_LENGTH)}
    for key, item in value.items():
        if key != "kind":
            out[key] = _value(item, f"{where}.{clean_text(key, 40)}", EVENT_DEPTH,
                              NAME_LENGTH if key == "players" else CHAT_LENGTH)
    return out


def request(value: object, where: str) -> dict[str, Any]:
    """A message to send the relay back (``moved``'s ``then``): an object with a kind, its
    texts cleaned, its numbers plain, objects and lists within it a few deep."""
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise BadRelayMessage(f"{where} must be an object with a kind")
    checked: dict[str, Any] = _request_value(value, where, EVENT_DEPTH)
    return checked


def _request_value(value: object, where: str, depth: int) -> Any:
    if isinstance(value, dict) and depth > 0 and len(value) <= MOST_OPTIONS:
        return {clean_text(str(key), CODE_LENGTH): _request_value(item, where, depth - 1)
                for key, item in value.items()}
    if isinstance(value, list) and depth > 0:
        return [_request_value(item, where, depth - 1) for item in value]
    return _value(value, where, 0, CHAT_LENGTH)


def _value(value: object, where: str, depth: int, length: int) -> Any:
    if isinstance(value, str):
        return clean_text(value, length)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        if not _plain(value):
            raise BadRelayMessage(f"{where} is out of range")
        return value
    if isinstance(value, list) and depth > 0:
        return [_value(item, where, depth - 1, length) for item in value]
    raise BadRelayMessage(f"{where} is not a value a game event holds")


def _fields(body: Mapping[str, Any], shape: Shape, where: str) -> dict[str, Any]:
    required, optional = shape
    out: dict[str, Any] = {}
    for name in required:
        if name not in body:
            raise BadRelayMessage(f"{where} needs {name!r}")
    for checks in (required, optional):
        for name, check in checks.items():
            if name in body:
                out[name] = check(body[name], f"{where}.{name}")
    return out


# ----------------------------------------------------------------------------- the kinds

NAME = text(NAME_LENGTH)
CODE = text(CODE_LENGTH)
MESSAGE = text(MESSAGE_LENGTH)
ROOM = whole()
COUNT = whole()
OPTIONS = texts(OPTION_LENGTH, MOST_OPTIONS)

SUMMARY = shaped({"room": ROOM, "name": text(ROOM_NAME_LENGTH), "players": COUNT,
                  "playing": flag, "password": flag},
                 {"bots": COUNT, "game": CODE})
"""One room as the lobby lists it: an entry of ``rooms``, the ``room`` of ``room_listed``."""

FAMILY = text(80)
RATING = whole(-1_000_000)
SEAT = shaped({"name": NAME, "bot": nullable(CODE), "ready": flag}, {"rating": RATING})
MOST_LEADERS = 100
MOST_GAMES = 100
MOST_MOVES = 1000
STANDING = shaped({"family": FAMILY, "players": COUNT},
                  {"rating": RATING, "games": COUNT, "place": whole(1)})
"""A family of games as the player stands in it (``ratings``)."""
STANDING_OWN = shaped({"rating": RATING, "games": COUNT, "place": whole(1)}, {})
LEADER = shaped({"place": whole(1), "name": NAME, "rating": RATING, "games": COUNT}, {})
PAST_GAME = shaped({"game": whole(1), "kind": CODE, "family": FAMILY, "ended_at": number(0),
                    "players": listing(NAME, MOST_SEATS, least=1),
                    "bots": listing(flag, MOST_SEATS), "seat": whole(), "place": whole(1)},
                   {"before": RATING, "after": RATING})
"""One of "My last games"."""
RECORD_SEAT = shaped({"name": NAME}, {"account": whole(), "bot": CODE})
RECORD = shaped({"version": whole(), "game": CODE, "values": OPTIONS,
                 "seats": listing(RECORD_SEAT, MOST_SEATS, least=1), "seed": text(40),
                 "dealer": whole(), "places": listing(whole(1), MOST_SEATS),
                 "started_at": number(0), "ended_at": number(0)}, {})
"""A game's record, its moves apart (``game_moves``)."""
MOVE = shaped({"t": number(0), "seat": whole(), "command": event},
              {"pressed": number(), "late": number(0)})

RELAY_KINDS: dict[str, Shape] = {
    "hello": ({"version": whole(), "name": NAME},
              {"guest": flag, "token": login_token, "moderator": flag, "hearing": flag,
               "heard": flag}),
    "password_changed": ({}, {"token": login_token}),
    "error": ({"code": CODE, "message": MESSAGE}, {"minimum": whole(1)}),
    "ping": ({"t": number()}, {}),
    "pong": ({"t": number()}, {}),
    "rooms": ({"rooms": listing(SUMMARY, MOST_ROOMS)}, {}),
    "room_listed": ({"room": SUMMARY}, {}),
    "room_unlisted": ({"room": ROOM}, {}),
    "room": ({"room": ROOM, "name": text(ROOM_NAME_LENGTH), "host": NAME, "playing": flag,
              "seats": listing(SEAT, MOST_SEATS)},
             {"password": flag, "spectators": listing(NAME, MOST_NAMES), "game": CODE,
              "options": OPTIONS}),
    "chat": ({"name": NAME, "text": text(CHAT_LENGTH)}, {"scope": choice("room", "lobby")}),
    "kicked": ({"room": ROOM}, {"minutes": number(0)}),
    "muted": ({"scope": choice("room", "relay"), "minutes": number(0)}, {}),
    "moderated": ({"action": choice("kick", "mute", "unban"), "name": NAME,
                   "scope": choice("room", "relay")}, {}),
    "rating": ({"family": FAMILY, "rating": RATING, "before": RATING, "games": COUNT,
                "place": whole(1)}, {}),
    "ratings": ({"families": listing(STANDING, MOST_LEADERS)}, {}),
    "leaderboard": ({"family": FAMILY, "players": COUNT,
                     "leaders": listing(LEADER, MOST_LEADERS)}, {"you": STANDING_OWN}),
    "my_games": ({"games": listing(PAST_GAME, MOST_GAMES)}, {}),
    "game_record": ({"game": whole(1), "seat": whole(), "record": RECORD,
                     "moves": COUNT}, {}),
    "game_moves": ({"game": whole(1), "moves": listing(MOVE, MOST_MOVES)}, {}),
    "logged_out": ({}, {}),
    "moved": ({"host": text(255), "port": whole(1), "ticket": text(1024)},
              {"then": request}),
    "left": ({"name": NAME}, {"stand_in": flag, "held": number(0)}),
    "back": ({"name": NAME}, {}),
    "game_started": ({"players": listing(NAME, MOST_SEATS, least=1),
                      "seat": nullable(whole()), "options": OPTIONS},
                     {"game": CODE, "token": token, "resumed": flag, "game_time": number(0)}),
    "catch_up": ({"events": listing(event, MOST_EVENTS)}, {}),
    "event": ({"event": event}, {}),
    "limit": ({"seconds": nullable(number())}, {}),
    "refused": ({"reason": CODE, "message": MESSAGE}, {}),
}
"""Each kind the relay sends: its required fields and its optional fields, with their checks."""


def read_message(body: Mapping[str, Any]) -> dict[str, Any] | None:
    """``body`` checked and cleaned, with only the fields the client knows; None for a kind it
    does not know. ``BadRelayMessage`` if it is not as the protocol says."""
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in RELAY_KINDS:
        return None
    try:
        message = {"kind": kind, **_fields(body, RELAY_KINDS[kind], kind)}
        if kind == "game_started":
            seat_of(message)
    except BadRelayMessage as error:
        raise BadRelayMessage(str(error), kind) from None
    return message


def seat_of(started: Mapping[str, Any]) -> int | None:
    """The seat of a ``game_started``: None for a spectator. ``BadRelayMessage`` unless it is
    a place among the message's players."""
    players, seat = started.get("players"), started.get("seat")
    if not isinstance(players, list):
        raise BadRelayMessage("game_started.players must be a list", "game_started")
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise BadRelayMessage("game_started.seat is not a place among its players",
                              "game_started")
    return seat


# ----------------------------------------------------------------------------- game events

SEAT_FIELDS = frozenset({"seat", "to", "dealer", "partner", "target", "holder", "seats",
                         "winners", "losers", "contenders", "ranking", "teams", "set_by",
                         "first_grabber", "jumped", "taker"})
"""The fields of game events that hold seats (or lists of seats)."""
SET_KIND_FIELDS = frozenset({"rank", "set_rank"})
"""The fields of game events that name what a set is made of (a rank, or a special kind)."""
SET_KINDS = frozenset({*RANKS, *SPECIAL_RANKS, WATCHER_GROUP}) - frozenset(GROUP_RANKS)
PER_SEAT_FIELDS: dict[str, tuple[str, ...]] = {
    "DealStarted": ("counts",), "RoundScored": ("points", "totals"), "GameWon": ("totals",),
    "GameOver": ("points",)}
"""The fields of game events that hold one value for each seat; ``GameOver.points`` is empty
when the game is not scored in points."""


def read_event(raw: object, players: int) -> Event | None:
    """The game event ``raw`` at a table of ``players``: None for a kind this client does not
    know (a newer relay's, to skip); ``BadRelayMessage`` for one that is not as its kind says,
    or that names a seat not at the table."""
    if not isinstance(raw, dict):
        raise BadRelayMessage("an event must be an object", "event")
    if raw.get("kind") not in event_kinds():
        return None
    try:
        event = decode_event(raw)
    except WireError as error:
        raise BadRelayMessage(str(error), "event") from None
    problem = event_problem(event, players)
    if problem is not None:
        raise BadRelayMessage(problem, "event")
    return event


def event_problem(event: Event, players: int) -> str | None:
    """What is wrong with ``event`` at a table of ``players``, or None."""
    kind = type(event).__name__
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        if item.name in SEAT_FIELDS and not _seats_in(value, players):
            return f"{kind}.{item.name} names a seat that is not at the table"
        if item.name in SET_KIND_FIELDS and value is not None and value not in SET_KINDS:
            return f"{kind}.{item.name} is not a kind of card a set is made of"
    for name in PER_SEAT_FIELDS.get(kind, ()):
        size = len(getattr(event, name))
        if size != players and not (size == 0 and kind == "GameOver"):
            return f"{kind}.{name} holds {size} values for {players} seats"
    return None


def _seats_in(value: object, players: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 <= value < players
    if isinstance(value, tuple):
        return all(_seats_in(item, players) for item in value)
    return value is None
