"""Slapjack's scenario files (``[table] game = "slapjack"``): its options, its table (the pack
in dealing order, top first, where the file sets it) and its script commands: ``turn``,
``slap`` and ``slap from T`` (a slap made at T that reached the table at the line's time)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from audiospoons.engine.cards import Card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.games.scenariofile import (
    ScenarioError,
    ScriptLine,
    cards_at,
    check_keys,
    find_seat,
    late_window_of,
    options_of,
    players_of,
    pressed_at,
    script_of,
    seat_at,
    section,
    seed_of,
    where_key,
)
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions

TABLE_KEYS = ("game", "players", "dealer", "seed", "pack", "late_window")


@dataclass(slots=True)
class SlapjackScenario:
    game: ClassVar[str] = "slapjack"
    options: SlapjackOptions
    players: tuple[str, ...]
    dealer: int
    seed: int
    pack: tuple[Card, ...] | None = None
    script: list[ScriptLine] = field(default_factory=list)
    late_window: float = 0.0

    def new_game(self) -> SlapjackGame:
        game = SlapjackGame(list(self.players), self.options, random.Random(self.seed),
                            self.dealer, list(self.pack) if self.pack is not None else None)
        game.late_window = self.late_window
        return game

    def seat_of(self, name: str) -> int:
        return find_seat(self.players, name)


def read_scenario(data: dict[str, Any], text: str) -> SlapjackScenario:
    """The Slapjack scenario of a file's TOML ``data`` (``text`` names the line of an error)."""
    options = options_of(section(data, "options", text), SlapjackOptions.from_mapping, text)
    table = section(data, "table", text)
    players = players_of(table, text)
    try:
        options.check_players(len(players))
    except RulesError as error:
        raise ScenarioError(f"{where_key(text, 'players')}{error}") from None
    scenario = SlapjackScenario(options, players, 0, seed_of(table, text))
    if "dealer" in table:
        scenario.dealer = seat_at(players, table["dealer"], "dealer", text)
    if "pack" in table:
        scenario.pack = cards_at(table["pack"], "pack", text)
        if len(scenario.pack) < len(players):
            raise ScenarioError(f"{where_key(text, 'pack')}the pack must give every player a"
                                " card at least")
    scenario.late_window = late_window_of(table, text)
    check_keys(table, TABLE_KEYS, text)
    scenario.script = script_of(section(data, "script", text), players, parse_command, text)
    return scenario


def parse_command(seat: int, words: tuple[str, ...]) -> Command:
    """``turn``, ``slap`` or ``slap from T`` for ``seat``; ``ScenarioError`` for anything else."""
    verb, args = words[0].lower(), words[1:]
    if verb == "turn" and not args:
        return Turn(seat)
    if verb == "slap" and not args:
        return Slap(seat)
    if verb == "slap" and len(args) == 2 and args[0].lower() == "from":
        return Slap(seat, pressed_at(words))
    raise ScenarioError(f"{' '.join(words)!r} is not a command; the commands are turn, slap"
                        " and slap from T")
