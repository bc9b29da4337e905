"""Scenario files: a table, options and a timed script, read from TOML (see docs/scenarios.md)."""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command, Draw, Feint, Grab, Pass, React, Signal, Take
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.game import ClassicGame, Deal
from audiospoons.engine.options import SPECS_BY_KEY, Options
from audiospoons.engine.presets import PRESET_KEY, with_preset

MAX_TIME = 86_400.0
"""The latest time a script line may have: one day of game time."""
MAX_NAME = 40


class ScenarioError(ValueError):
    """A scenario file that cannot be run; the message names the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class ScriptLine:
    at: float
    command: Command
    text: str


@dataclass(slots=True)
class Scenario:
    options: Options
    players: tuple[str, ...]
    dealer: int
    seed: int
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    stock: tuple[Card, ...] = ()
    script: list[ScriptLine] = field(default_factory=list)
    late_window: float = 0.0
    """As the relay sets it (``ClassicGame.late_window``): for presses across a network."""

    def new_game(self) -> ClassicGame:
        deal = Deal(dict(self.hands), self.stock) if self.hands or self.stock else None
        game = ClassicGame(self.players, self.options, random.Random(self.seed), self.dealer,
                           deal)
        game.late_window = self.late_window
        return game

    def seat_of(self, name: str) -> int:
        lowered = name.lower()
        for index, player in enumerate(self.players):
            if player.lower() == lowered:
                return index
        raise ScenarioError(f"there is no player {name!r}")


def load_scenario(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read the file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: the file is not UTF-8 text") from None
    try:
        return parse_scenario(text)
    except ScenarioError as error:
        raise ScenarioError(f"{path}: {error}") from None


def parse_scenario(text: str) -> Scenario:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"not valid TOML: {error}") from None
    unknown = set(data) - {"options", "table", "script"}
    if unknown:
        raise ScenarioError(f"unknown section [{sorted(unknown)[0]}]; the sections are [options],"
                            " [table] and [script]")
    options = _options(_table(data, "options", text), text)
    table = _table(data, "table", text)
    players = _players(table, text)
    scenario = Scenario(options, players, 0, _seed(table, text))
    if "dealer" in table:
        scenario.dealer = _seat(scenario, table["dealer"], "dealer", text)
    hands = table.get("hands", {})
    if not isinstance(hands, dict):
        raise ScenarioError(f"{_where_key(text, 'hands')}[table.hands] must be a table of"
                            " name = cards")
    for name, cards in hands.items():
        seat = _seat(scenario, name, f"hands.{name}", text)
        scenario.hands[seat] = _cards(cards, name, text)
    if "stock" in table:
        scenario.stock = _cards(table["stock"], "stock", text)
    late = table.get("late_window", 0.0)
    if isinstance(late, bool) or not isinstance(late, int | float) or not 0 <= late <= 1:
        raise ScenarioError(f"{_where_key(text, 'late_window')}late_window must be seconds"
                            " from 0 to 1")
    scenario.late_window = float(late)
    unknown_keys = set(table) - {"players", "dealer", "seed", "hands", "stock", "late_window"}
    if unknown_keys:
        key = sorted(unknown_keys)[0]
        raise ScenarioError(f"{_where_key(text, key)}unknown key {key!r} in [table]")
    scenario.script = _script(_table(data, "script", text), scenario, text)
    try:
        scenario.new_game()
    except SpoonsError as error:
        raise ScenarioError(f"this table cannot be played: {error}") from None
    return scenario


def parse_command(seat: int, words: tuple[str, ...]) -> Command:
    """A script command (``take``, ``draw``, ``pass CARD``, ``grab [N]``, ``react``, ``feint``,
    ``signal``) for ``seat``; raise ``ScenarioError`` if it is not one. A grab or react may
    end ``from T``: a press made at game time T that arrives at the line's time, as a press
    across a network does (the relay dates it)."""
    if len(words) >= 3 and words[-2].lower() == "from" and words[0].lower() in ("grab",
                                                                                 "react"):
        try:
            pressed_at = float(words[-1])
        except ValueError:
            raise ScenarioError(f"from takes a time in seconds, not {words[-1]!r}") from None
        command = parse_command(seat, words[:-2])
        if isinstance(command, Grab):
            return Grab(seat, command.spoon, pressed_at)
        return React(seat, pressed_at)
    verb, args = words[0].lower(), words[1:]
    simple: dict[str, type[Command]] = {"take": Take, "draw": Draw, "react": React,
                                        "feint": Feint, "signal": Signal}
    if verb in simple and not args:
        return simple[verb](seat)
    if verb == "pass" and len(args) == 1:
        try:
            return Pass(seat, parse_card(args[0]))
        except SpoonsError as error:
            raise ScenarioError(str(error)) from None
    if verb == "grab" and len(args) <= 1:
        if not args:
            return Grab(seat)
        if not args[0].isdigit() or int(args[0]) < 1:
            raise ScenarioError(f"grab takes a spoon number from 1, not {args[0]!r}")
        return Grab(seat, int(args[0]))
    raise ScenarioError(f"{' '.join(words)!r} is not a command; the commands are take, draw,"
                        " pass CARD, grab, grab N, react, feint and signal")


def _table(data: dict[str, Any], key: str, text: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ScenarioError(f"{_where(text, f'[{key}]')}[{key}] must be a table")
    return value


def _options(given: dict[str, Any], text: str) -> Options:
    try:
        values = with_preset(given)
    except SpoonsError as error:
        raise ScenarioError(f"{_where_key(text, PRESET_KEY)}[options]: {error}") from None
    for key, value in values.items():
        try:
            spec = SPECS_BY_KEY.get(key)
            if spec is None:
                Options.from_mapping({key: value})
            else:
                spec.parse(value)
        except SpoonsError as error:
            raise ScenarioError(f"{_where_key(text, key)}[options]: {error}") from None
    try:
        return Options.from_mapping(values)
    except SpoonsError as error:
        raise ScenarioError(f"[options]: {error}") from None


def _players(table: dict[str, Any], text: str) -> tuple[str, ...]:
    players = table.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise ScenarioError(f"{_where_key(text, 'players')}[table] players must be a list of"
                            " names")
    names = tuple(p.strip() for p in players)
    for name in names:
        if len(name.split()) != 1 or not name.isprintable() or len(name) > MAX_NAME:
            raise ScenarioError(f"{_where_key(text, 'players')}player name {name!r}: a name in a"
                                f" scenario is one word of at most {MAX_NAME} printable"
                                " characters, since script lines find players by spaces")
    if len({n.lower() for n in names}) != len(names):
        raise ScenarioError(f"{_where_key(text, 'players')}two players have the same name")
    return names


def _seed(table: dict[str, Any], text: str) -> int:
    seed = table.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"{_where_key(text, 'seed')}seed must be a whole number")
    return seed


def _seat(scenario: Scenario, name: object, key: str, text: str) -> int:
    if not isinstance(name, str):
        raise ScenarioError(f"{_where_key(text, key.split('.')[-1])}{key} must be a player's"
                            " name")
    try:
        return scenario.seat_of(name)
    except ScenarioError as error:
        raise ScenarioError(f"{_where_key(text, key.split('.')[-1])}{key}: {error}") from None


def _cards(value: object, key: str, text: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{_where_key(text, key)}{key} must be a list of cards such as"
                            " \"10H\"")
    try:
        return tuple(parse_card(v) for v in value)
    except SpoonsError as error:
        raise ScenarioError(f"{_where_key(text, key.split('.')[-1])}{key}: {error}") from None


def _script(section: dict[str, Any], scenario: Scenario, text: str) -> list[ScriptLine]:
    unknown = set(section) - {"lines"}
    if unknown:
        key = sorted(unknown)[0]
        raise ScenarioError(f"{_where_key(text, key)}unknown key {key!r} in [script]; the script"
                            " is [script] lines = [...]")
    lines = section.get("lines", [])
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise ScenarioError(f"{_where_key(text, 'lines')}[script] lines must be a list of"
                            " strings")
    script: list[ScriptLine] = []
    for number, entry in enumerate(lines, start=1):
        try:
            script.append(_script_line(entry, scenario, script[-1].at if script else 0.0))
        except ScenarioError as error:
            where = _where(text, f'"{entry}"') or f"script line {number}: "
            raise ScenarioError(f"{where}{entry!r}: {error}") from None
    return script


def _script_line(entry: str, scenario: Scenario, previous: float) -> ScriptLine:
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
    command = parse_command(scenario.seat_of(words[1]), words[2:])
    return ScriptLine(at, command, " ".join(words[1:]))


def _where(text: str, needle: str) -> str:
    """'line N: ' for the first line of ``text`` that holds ``needle``, else nothing. Only
    called on the way to an error, so a long script is read once."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return f"line {number}: "
    return ""


def _where_key(text: str, key: str) -> str:
    """'line N: ' for the line that sets ``key`` (``key = ...``), else nothing."""
    pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return f"line {number}: "
    return ""
