"""The classic game's scenario files: its options, its table and its script commands (see
docs/scenarios.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.games.scenariofile import (
    ScenarioError,
    ScriptLine,
    cards_at,
    check_keys,
    find_seat,
    hands_of,
    late_window_of,
    players_of,
    pressed_at,
    script_of,
    seat_at,
    section,
    seed_of,
    where_key,
)
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.commands import Draw, Feint, Grab, Pass, React, Signal, Take
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import SPECS_BY_KEY, Options
from audiospoons.games.spoons.rules.presets import with_preset

TABLE_KEYS = ("game", "players", "dealer", "seed", "hands", "stock", "late_window")


@dataclass(slots=True)
class Scenario:
    game: ClassVar[str] = "spoons"
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
        return find_seat(self.players, name)


def read_scenario(data: dict[str, Any], text: str) -> Scenario:
    """The classic game's scenario of a file's TOML ``data`` (``text`` is the file, for naming
    the line of an error)."""
    options = _options(section(data, "options", text), text)
    table = section(data, "table", text)
    players = players_of(table, text)
    scenario = Scenario(options, players, 0, seed_of(table, text))
    if "dealer" in table:
        scenario.dealer = seat_at(players, table["dealer"], "dealer", text)
    scenario.hands = hands_of(table, players, cards_at, text)
    if "stock" in table:
        scenario.stock = cards_at(table["stock"], "stock", text)
    scenario.late_window = late_window_of(table, text)
    check_keys(table, TABLE_KEYS, text)
    scenario.script = script_of(section(data, "script", text), players, parse_command, text)
    try:
        scenario.new_game()
    except RulesError as error:
        raise ScenarioError(f"this table cannot be played: {error}") from None
    return scenario


def parse_command(seat: int, words: tuple[str, ...]) -> Command:
    """A script command (``take``, ``draw``, ``pass CARD``, ``grab [N]``, ``react``, ``feint``,
    ``signal``) for ``seat``; raise ``ScenarioError`` if it is not one. A grab or react may
    end ``from T``: a press made at game time T that arrives at the line's time, as a press
    across a network does (the relay dates it)."""
    if len(words) >= 3 and words[-2].lower() == "from" and words[0].lower() in ("grab",
                                                                                 "react"):
        at = pressed_at(words)
        command = parse_command(seat, words[:-2])
        if isinstance(command, Grab):
            return Grab(seat, command.spoon, at)
        return React(seat, at)
    verb, args = words[0].lower(), words[1:]
    simple: dict[str, type[Command]] = {"take": Take, "draw": Draw, "react": React,
                                        "feint": Feint, "signal": Signal}
    if verb in simple and not args:
        return simple[verb](seat)
    if verb == "pass" and len(args) == 1:
        try:
            return Pass(seat, parse_card(args[0]))
        except RulesError as error:
            raise ScenarioError(str(error)) from None
    if verb == "grab" and len(args) <= 1:
        if not args:
            return Grab(seat)
        if not args[0].isdigit() or int(args[0]) < 1:
            raise ScenarioError(f"grab takes a spoon number from 1, not {args[0]!r}")
        return Grab(seat, int(args[0]))
    raise ScenarioError(f"{' '.join(words)!r} is not a command; the commands are take, draw,"
                        " pass CARD, grab, grab N, react, feint and signal")


def _options(given: dict[str, Any], text: str) -> Options:
    try:
        values = with_preset(given)
    except RulesError as error:
        raise ScenarioError(f"{where_key(text, PRESET_KEY)}[options]: {error}") from None
    for key, value in values.items():
        try:
            spec = SPECS_BY_KEY.get(key)
            if spec is None:
                Options.from_mapping({key: value})
            else:
                spec.parse(value)
        except RulesError as error:
            raise ScenarioError(f"{where_key(text, key)}[options]: {error}") from None
    try:
        return Options.from_mapping(values)
    except RulesError as error:
        raise ScenarioError(f"[options]: {error}") from None
