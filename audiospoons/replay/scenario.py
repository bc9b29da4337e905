"""Scenario files: a table, options and a timed script, read from TOML (see docs/scenarios.md).

``[table] game`` says which game a file plays; that game reads the rest."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from audiospoons.games.registry import DEFAULT, GAMES, game_choices
from audiospoons.games.scenariofile import (
    ScenarioError,
    ScriptLine,
    check_sections,
    read_text,
    where_key,
)
from audiospoons.games.spec import Scenario

__all__ = ["Scenario", "ScenarioError", "ScriptLine", "load_scenario", "parse_scenario"]


def game_of(table: dict[str, Any], text: str) -> str:
    """The game ``[table] game`` names, the first game when it names none."""
    game = table.get("game", DEFAULT)
    if not isinstance(game, str) or game not in GAMES:
        raise ScenarioError(f"{where_key(text, 'game')}game must be {game_choices()},"
                            f" not {game!r}")
    return game


def load_scenario(path: Path) -> Scenario:
    text = read_text(path)
    try:
        return parse_scenario(text)
    except ScenarioError as error:
        raise ScenarioError(f"{path}: {error}") from None


def parse_scenario(text: str) -> Scenario:
    """The scenario ``text`` writes, of the game its ``[table] game`` names."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"not valid TOML: {error}") from None
    check_sections(data)
    table = data.get("table", {})
    return GAMES[game_of(table if isinstance(table, dict) else {}, text)].read_scenario(
        data, text)
