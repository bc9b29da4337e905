"""A game played on the relay, kept whole: who sat where, the options, the deal's seed and the
timed commands (the bots' and stand-ins' too). The engine is deterministic, so the deal and the
commands replay the game exactly, event for event: ``replay_of`` gives the game and its script
for any seat to hear again (``replay.listen``). Pure: the relay's storage keeps a record as the
JSON of ``RelayGameRecord.to_json``.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Any

from audiospoons.engine.commands import Command, TimedPress
from audiospoons.engine.rules import Rules
from audiospoons.games.registry import GAMES
from audiospoons.games.scenariofile import ScriptLine
from audiospoons.games.spec import RulesSpec
from audiospoons.net.wire import WireError, decode_command, encode_command

RECORD_VERSION = 1


class RecordError(ValueError):
    """A kept record that cannot be read or replayed (a newer relay's, or damaged)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who sat at a seat when the game was dealt: a registered player (``account``), a guest
    (neither), or a bot of a level (``bot``)."""

    name: str
    account: int | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """A command the table took, at game time ``at``; ``late_window`` when the relay changed
    the game's late window just before it (``Room.late_window``)."""

    at: float
    seat: int
    command: dict[str, Any]
    pressed_at: float | None = None
    late_window: float | None = None

    @classmethod
    def of(cls, at: float, command: Command, late_window: float | None) -> Move:
        pressed = command.pressed_at if isinstance(command, TimedPress) else None
        return cls(at, command.seat, encode_command(command), pressed, late_window)

    def decoded(self) -> Command:
        command = decode_command(self.command, self.seat)
        if self.pressed_at is not None and isinstance(command, TimedPress):
            command = command.dated(self.pressed_at)
        return command


@dataclass(frozen=True, slots=True)
class RelayGameRecord:
    """One game, as the relay keeps it (see the module). ``places``: each seat's place at the
    end, 1 the best, ties sharing a place; ``started_at``/``ended_at``: wall-clock seconds."""

    game: str
    values: dict[str, str]
    seats: tuple[SeatRecord, ...]
    seed: int
    dealer: int
    moves: tuple[Move, ...]
    places: tuple[int, ...]
    started_at: float
    ended_at: float

    @property
    def people(self) -> int:
        """How many seats people took when the game was dealt."""
        return sum(1 for seat in self.seats if seat.bot is None)

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def to_json(self) -> str:
        return json.dumps({
            "version": RECORD_VERSION, "game": self.game, "values": self.values,
            "seats": [_seat_json(seat) for seat in self.seats], "seed": str(self.seed),
            "dealer": self.dealer, "moves": [_move_json(move) for move in self.moves],
            "places": list(self.places), "started_at": self.started_at,
            "ended_at": self.ended_at}, separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> RelayGameRecord:
        try:
            data = json.loads(text)
            if data.get("version") != RECORD_VERSION:
                raise RecordError(f"a game record of version {data.get('version')!r}")
            seats = tuple(SeatRecord(str(seat["name"]), _optional_int(seat.get("account")),
                                     _optional_str(seat.get("bot"))) for seat in data["seats"])
            moves = tuple(Move(_number(move["t"]), int(move["seat"]), dict(move["command"]),
                               _optional_number(move.get("pressed")),
                               _optional_number(move.get("late")))
                          for move in data["moves"])
            return cls(str(data["game"]), {str(k): str(v) for k, v in data["values"].items()},
                       seats, int(data["seed"]), int(data["dealer"]), moves,
                       tuple(int(place) for place in data["places"]),
                       _number(data["started_at"]), _number(data["ended_at"]))
        except RecordError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise RecordError(f"a game record that cannot be read: {error}") from None

    def to_wire(self) -> dict[str, Any]:
        """The record as the relay sends it (``game_record``)."""
        wire: dict[str, Any] = json.loads(self.to_json())
        return wire


def replay_of(record: RelayGameRecord) -> tuple[RulesSpec, Rules, list[ScriptLine]]:
    """The game of ``record`` dealt anew, and its commands as a timed script: played by
    ``replay.runner``, they make the events the relay's table made."""
    spec = GAMES.get(record.game)
    if spec is None:
        raise RecordError(f"a game of {record.game!r}, which this version does not play")
    try:
        options, _ = spec.read_options(record.values)
        game = spec.deal(record.names(), options, random.Random(record.seed), record.dealer)
        script = [ScriptLine(move.at, move.decoded(), f"{record.seats[move.seat].name}"
                             f" {move.command.get('kind', '')}", move.late_window)
                  for move in record.moves]
    except (WireError, IndexError, ValueError) as error:
        raise RecordError(f"a game record that cannot be replayed: {error}") from None
    return spec, game, script


def _seat_json(seat: SeatRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name}
    if seat.account is not None:
        out["account"] = seat.account
    if seat.bot is not None:
        out["bot"] = seat.bot
    return out


def _move_json(move: Move) -> dict[str, Any]:
    out: dict[str, Any] = {"t": move.at, "seat": move.seat, "command": move.command}
    if move.pressed_at is not None:
        out["pressed"] = move.pressed_at
    if move.late_window is not None:
        out["late"] = move.late_window
    return out


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{value!r} is not a time")
    return float(value)


def _optional_number(value: object) -> float | None:
    return None if value is None else _number(value)


def _optional_int(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not an account")
    return value


def _optional_str(value: object) -> str | None:
    return None if value is None else str(value)
