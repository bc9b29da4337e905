"""What the scenario files of every game share: errors that name the line, the players, the
seed, cards and the timed script (see docs/scenarios.md)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command, TimedPress
from audiospoons.engine.errors import RulesError

MAX_TIME = 86_400.0
"""The latest time a script line may have: one day of game time."""
MAX_NAME = 40
SECTIONS = ("options", "table", "script")

GameOptionsT = TypeVar("GameOptionsT")

CommandParser = Callable[[int, tuple[str, ...]], Command]
"""A game's script commands: the seat and the words after its name, to a command."""


class ScenarioError(ValueError):
    """A scenario file that cannot be run; the message names the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class ScriptLine:
    at: float
    command: Command
    text: str
    late_window: float | None = None
    """The game's late window from this command on (``Rules.late_window``), where a relay
    changed it; None leaves it as it is."""


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read the file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: the file is not UTF-8 text") from None


def check_sections(data: dict[str, Any]) -> None:
    unknown = set(data) - set(SECTIONS)
    if unknown:
        raise ScenarioError(f"unknown section [{sorted(unknown)[0]}]; the sections are [options],"
                            " [table] and [script]")


def section(data: dict[str, Any], key: str, text: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ScenarioError(f"{where(text, f'[{key}]')}[{key}] must be a table")
    return value


def options_of(given: dict[str, Any], read: Callable[[dict[str, Any]], GameOptionsT],
               text: str) -> GameOptionsT:
    """A game's ``[options]``, each bad one refused on its own line; ``read`` is the game's
    ``from_mapping``."""
    for key, value in given.items():
        try:
            read({key: value})
        except RulesError as error:
            raise ScenarioError(f"{where_key(text, key)}[options]: {error}") from None
    try:
        return read(given)
    except RulesError as error:
        raise ScenarioError(f"[options]: {error}") from None


def check_keys(table: dict[str, Any], known: Sequence[str], text: str) -> None:
    unknown_keys = set(table) - set(known)
    if unknown_keys:
        key = sorted(unknown_keys)[0]
        raise ScenarioError(f"{where_key(text, key)}unknown key {key!r} in [table]")


def players_of(table: dict[str, Any], text: str) -> tuple[str, ...]:
    players = table.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise ScenarioError(f"{where_key(text, 'players')}[table] players must be a list of"
                            " names")
    names = tuple(p.strip() for p in players)
    for name in names:
        if len(name.split()) != 1 or not name.isprintable() or len(name) > MAX_NAME:
            raise ScenarioError(f"{where_key(text, 'players')}player name {name!r}: a name in a"
                                f" scenario is one word of at most {MAX_NAME} printable"
                                " characters, since script lines find players by spaces")
    if len({n.lower() for n in names}) != len(names):
        raise ScenarioError(f"{where_key(text, 'players')}two players have the same name")
    return names


def seed_of(table: dict[str, Any], text: str) -> int:
    seed = table.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"{where_key(text, 'seed')}seed must be a whole number")
    return seed


def find_seat(players: Sequence[str], name: str) -> int:
    """The seat of the player called ``name``, whatever its case."""
    lowered = name.lower()
    for index, player in enumerate(players):
        if player.lower() == lowered:
            return index
    raise ScenarioError(f"there is no player {name!r}")


def seat_at(players: Sequence[str], name: object, key: str, text: str) -> int:
    """The seat a ``[table]`` value names (``key`` is where it is, as ``hands.Ann``)."""
    if not isinstance(name, str):
        raise ScenarioError(f"{where_key(text, key.split('.')[-1])}{key} must be a player's"
                            " name")
    try:
        return find_seat(players, name)
    except ScenarioError as error:
        raise ScenarioError(f"{where_key(text, key.split('.')[-1])}{key}: {error}") from None


def late_window_of(table: dict[str, Any], text: str) -> float:
    """``late_window``: seconds from 0 to 1, as the relay sets it (0 when not given)."""
    late = table.get("late_window", 0.0)
    if isinstance(late, bool) or not isinstance(late, int | float) or not 0 <= late <= 1:
        raise ScenarioError(f"{where_key(text, 'late_window')}late_window must be seconds"
                            " from 0 to 1")
    return float(late)


def hands_of(table: dict[str, Any], players: Sequence[str],
             cards: Callable[[object, str, str], tuple[Card, ...]], text: str
             ) -> dict[int, tuple[Card, ...]]:
    """``[table.hands]``: each named player's explicit first hand, read by ``cards``."""
    hands = table.get("hands", {})
    if not isinstance(hands, dict):
        raise ScenarioError(f"{where_key(text, 'hands')}[table.hands] must be a table of"
                            " name = cards")
    return {seat_at(players, name, f"hands.{name}", text): cards(given, name, text)
            for name, given in hands.items()}


def cards_at(value: object, key: str, text: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where_key(text, key)}{key} must be a list of cards such as"
                            " \"10H\"")
    try:
        return tuple(parse_card(v) for v in value)
    except RulesError as error:
        raise ScenarioError(f"{where_key(text, key.split('.')[-1])}{key}: {error}") from None


def script_of(section: dict[str, Any], players: Sequence[str], parse: CommandParser,
              text: str) -> list[ScriptLine]:
    unknown = set(section) - {"lines"}
    if unknown:
        key = sorted(unknown)[0]
        raise ScenarioError(f"{where_key(text, key)}unknown key {key!r} in [script]; the script"
                            " is [script] lines = [...]")
    lines = section.get("lines", [])
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise ScenarioError(f"{where_key(text, 'lines')}[script] lines must be a list of"
                            " strings")
    script: list[ScriptLine] = []
    for number, entry in enumerate(lines, start=1):
        try:
            script.append(_script_line(entry, players, parse,
                                       script[-1].at if script else 0.0))
        except ScenarioError as error:
            place = where(text, f'"{entry}"') or f"script line {number}: "
            raise ScenarioError(f"{place}{entry!r}: {error}") from None
    return script


def _script_line(entry: str, players: Sequence[str], parse: CommandParser,
                 previous: float) -> ScriptLine:
    words = tuple(entry.split())
    if len(words) < 3:
        raise ScenarioError("write seconds, a player and a command, as in \"0.50 Andrew grab\"")
    try:
        at = float(words[0])
    except ValueError:
        raise ScenarioError(f"{words[0]!r} is not a time in seconds") from None
    if not 0 <= at <= MAX_TIME:
        raise ScenarioError(f"the time must be from 0 to {MAX_TIME:g} seconds")
    if at < previous:
        raise ScenarioError("the script must be in time order")
    command = parse(find_seat(players, words[1]), words[2:])
    if isinstance(command, TimedPress) and command.pressed_at is not None \
            and not 0 <= command.pressed_at <= at:
        raise ScenarioError(f"a press from {words[-1]} s cannot be made before the game starts"
                            " nor after it reaches the table: T in 'from T' must be from 0 to"
                            f" the line's time, {at:g} s")
    return ScriptLine(at, command, " ".join(words[1:]))


def pressed_at(words: tuple[str, ...]) -> float:
    """The time T of a command's closing ``from T``."""
    try:
        return float(words[-1])
    except ValueError:
        raise ScenarioError(f"from takes a time in seconds, not {words[-1]!r}") from None


def where(text: str, needle: str) -> str:
    """'line N: ' for the first line of ``text`` that holds ``needle``, else nothing. Only
    called on the way to an error, so a long script is read once."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return f"line {number}: "
    return ""


def where_key(text: str, key: str) -> str:
    """'line N: ' for the line that sets ``key`` (``key = ...``), else nothing."""
    pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return f"line {number}: "
    return ""
