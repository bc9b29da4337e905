"""Scenario files: a table, options and a timed script, read from TOML (see docs/scenarios.md).

``[table] game`` says which game a file plays; that game reads the rest."""

from __future__ import annotations

import tomllib
from pathlib import Path

from audiospoons.games.registry import GAMES
from audiospoons.games.spec import Scenario
from audiospoons.replay.scenariofile import (
    ScenarioError,
    ScriptLine,
    check_sections,
    game_of,
    read_text,
)

__all__ = ["Scenario", "ScenarioError", "ScriptLine", "load_scenario", "parse_scenario"]


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
