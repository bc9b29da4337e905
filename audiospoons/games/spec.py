"""What a game's rules tell the shared layers: one ``RulesSpec`` per game. Pure.

Everything that differs between games and that the relay, a replay, simulation or the table
needs is a field here, so that those layers hold a game by its rules half alone. How a game is
said, heard and played at the keyboard is its keyboard half (``ui.keyboardhalf``).
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from audiospoons.bots.levels import BotPace, Level
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.engine.rules import Bot, GameOptions, OptionDoc, Rules
from audiospoons.games.scenariofile import ScriptLine


def read_without_presets(title: str, read: Callable[[Mapping[str, object]], GameOptions]
                         ) -> Callable[[Mapping[str, str]], tuple[GameOptions, dict[str, str]]]:
    """``RulesSpec.read_options`` for a game with no presets: ``read`` (its ``from_mapping``),
    a preset refused in the game's own words."""

    def read_options(values: Mapping[str, str]) -> tuple[GameOptions, dict[str, str]]:
        if PRESET_KEY in values:
            raise InvalidOptions(f"{title} has no presets: give its options one by one")
        kept = dict(values)
        return read(kept), kept

    return read_options


class Scenario(Protocol):
    """A scenario file of a game, read: a table set up and a timed script to play on it."""

    @property
    def game(self) -> str:
        """The name of the game it is of."""

    players: tuple[str, ...]
    script: list[ScriptLine]

    def new_game(self) -> Rules:
        """The table as the file sets it, before the script."""

    def seat_of(self, name: str) -> int: ...


@dataclass(frozen=True, slots=True)
class RulesSpec:
    """One game's rules half."""

    name: str
    """As the wire, the command line and scenario files write it: ``spoons``, ``razz``."""
    title: str
    """What the game is called where a list of the games is given in English (command-line and
    scenario errors): "the classic game", "Razz Spoons"."""
    read_options: Callable[[Mapping[str, str]], tuple[GameOptions, dict[str, str]]]
    """The game's options from ``key=value`` text (a preset among them, where the game has
    presets), with the values as they are to be remembered; a bad value raises
    ``InvalidOptions``."""
    option_docs: tuple[OptionDoc, ...]
    """Every option, with what it accepts and what it does, in the order they are listed."""
    deal: Callable[[list[str], GameOptions, random.Random, int], Rules]
    """A new game: the players' names, the options, its randomness, the dealer."""
    bot: Callable[[int, GameOptions, random.Random, Level, BotPace | None], Bot]
    """A bot for a seat: the seat, the options, its randomness, its level, and the pace it
    moves at (None: its level's)."""
    wire_modules: tuple[types.ModuleType, ...]
    """The modules of its events and commands: every ``Event`` and ``Command`` class in them
    travels on the wire by its class name (no two games may share a name for different
    classes)."""
    round_start: type[Event]
    round_end: type[Event]
    game_over: type[Event]
    standing: tuple[type[Event], ...]
    """Events of earlier rounds that still matter to where the game stands."""
    told_on_return: Callable[[Event, int | None], bool]
    """Whether a player taking the seat back (or a spectator, None, coming in) is told this
    event of the game so far."""
    places: Callable[[Sequence[Event], int], tuple[int, ...]]
    """Where each seat finished a game, 1 the best (``games.places``), from the game's standing
    events and its last round's, and the number of seats."""
    read_scenario: Callable[[dict[str, Any], str], Scenario]
    """A scenario file's TOML, read (the file's text names the line of an error)."""
    players: tuple[int, int]
    """The fewest and the most players the game seats."""
    presets: tuple[str, ...] = ()
    """The names of the game's presets (its ``preset`` option values), if it has any."""
    settle_after: tuple[type[Event], ...] = ()
    """Events (a round's end, a deal) after which a game against bots waits, as at a real
    table, until the player has been told what waits to be said (``LocalLoop``)."""
    settle_on_yours: tuple[type[Event], ...] = ()
    """Events that make a game against bots wait in the same way when they are the player's
    own (aimed at the player by their ``target``, or else theirs by their ``seat``): a call
    to act, whose time starts once the call has been said, or cards the player must know
    before acting."""
    waits_for_telling: tuple[type[Command], ...] = ()
    """A bot's moves of the play (a card passed, played or drawn, never a press of a race) that
    wait until the table has been told what is being said (``table.Hearing``)."""
