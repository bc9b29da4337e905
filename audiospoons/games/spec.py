"""What a game tells the shared layers about itself: one ``GameSpec`` per game.

Everything that differs between games and that a host, the relay, simulation or a menu needs is a
field here, so that those layers hold a game by its spec alone.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.bots.levels import BotPace, Level
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.engine.rules import Bot, GameOptions, OptionDoc, Rules

if TYPE_CHECKING:
    from audiospoons.games.scenariofile import ScriptLine
    from audiospoons.net.client import RelayClient
    from audiospoons.sound.cue import Cue, CuePlayer
    from audiospoons.ui.gamekeys import KeyTable
    from audiospoons.ui.menu import Item
    from audiospoons.ui.player import KeySource
    from audiospoons.ui.relayseat import OnlineGame
    from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
    from audiospoons.ui.spectator import WatchView
    from audiospoons.voice.announcer import Utterance, Verbosity
    from audiospoons.voice.i18n import Messages
    from audiospoons.voice.speaker import Speaker


def read_without_presets(title: str, read: Callable[[Mapping[str, object]], GameOptions]
                         ) -> Callable[[Mapping[str, str]], tuple[GameOptions, dict[str, str]]]:
    """``GameSpec.read_options`` for a game with no presets: ``read`` (its ``from_mapping``),
    a preset refused in the game's own words."""

    def read_options(values: Mapping[str, str]) -> tuple[GameOptions, dict[str, str]]:
        if PRESET_KEY in values:
            raise InvalidOptions(f"{title} has no presets: give its options one by one")
        kept = dict(values)
        return read(kept), kept

    return read_options


class Front:
    """A game's side at the keyboard (its speech, sounds, keys, menus and seats), loaded from
    ``module`` the first time one of its parts is asked for: the relay, which needs only the
    rules, never loads it. The module has a function for each of these methods, of the same
    name and shape."""

    def __init__(self, module: str) -> None:
        self.module = module

    def _part(self, name: str) -> Any:
        return getattr(importlib.import_module(self.module), name)

    def read_scenario(self, data: dict[str, Any], text: str) -> Scenario:
        scenario: Scenario = self._part("read_scenario")(data, text)
        return scenario

    def presenter(self, rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
        presenter: Presenter = self._part("presenter")(rules, messages, verbosity)
        return presenter

    def saved_options(self, values: Mapping[str, str]) -> GameOptions:
        options: GameOptions = self._part("saved_options")(values)
        return options

    def key_table(self) -> KeyTable[Any]:
        table: KeyTable[Any] = self._part("key_table")()
        return table

    def option_items(self, options: GameOptions, messages: Messages) -> list[Item]:
        items: list[Item] = self._part("option_items")(options, messages)
        return items

    def chosen_values(self, items: Mapping[str, Item]) -> dict[str, str]:
        values: dict[str, str] = self._part("chosen_values")(items)
        return values

    def local_game(self, table: LocalTable) -> LocalSeat:
        seat: LocalSeat = self._part("local_game")(table)
        return seat

    def remote_seat(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                    speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
        seat: OnlineGame = self._part("remote_seat")(client, started, messages, speaker,
                                                     sounds, prefs)
        return seat

    def table_problem(self, values: Mapping[str, str], players: int,
                      messages: Messages) -> str | None:
        problem: str | None = self._part("table_problem")(values, players, messages)
        return problem

    def preset_values(self, name: str) -> dict[str, str]:
        values: dict[str, str] = self._part("preset_values")(name)
        return values

    def preset_name(self, name: str, messages: Messages) -> str:
        said: str = self._part("preset_name")(name, messages)
        return said

    def preset_about(self, name: str, messages: Messages) -> str:
        about: str = self._part("preset_about")(name, messages)
        return about

    def demonstration(self, messages: Messages, speaker: Speaker, sounds: CuePlayer | None,
                      keys: KeySource, clock: Callable[[], float]) -> bool:
        played: bool = self._part("demonstration")(messages, speaker, sounds, keys, clock)
        return played

    def watch_view(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                   sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
        view: WatchView = self._part("watch_view")(started, messages, speaker, sounds, prefs)
        return view

    def rules_lines(self, options: GameOptions, players: int, messages: Messages) -> list[str]:
        lines: list[str] = self._part("rules_lines")(options, players, messages)
        return lines


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
class Presenter:
    """How one game in play is heard by a listener away from the keyboard (a replay, a bot game
    listened to): its lines and cues for each event, as a seat's player hears them."""

    names: tuple[str, ...]
    """The players, as the game names them."""
    announce: Callable[[Event, int | None], list[Utterance]]
    cues: Callable[[Event, int | None], list[Cue]]
    urgent_phrases: Callable[[int | None], list[str]]
    """The urgent lines a seat may hear whose words are known before the game starts."""
    state_of_play: Callable[[int | None], list[str]]
    """How the table stands now, as a seat may know it: English data lines, ``state: ...``."""


@dataclass(frozen=True, slots=True)
class GameWords:
    """The message keys the shared menus name a game by."""

    new_room: str
    """The lobby's item that opens a room of this game."""
    new_room_about: str
    listed_room: str | None = None
    """A room of this game in the lobby's list (``{room}`` the room as listed); None: the
    room's words alone, for the game a room plays unless it says otherwise."""
    room: str | None = None
    """The room's name where its state is said (``{name}``); None: the name alone."""
    keys_item: str = "menu.settings.keys"
    keys_item_about: str = "menu.settings.keys.about"
    keys_title: str = "keys.title"
    """Settings' item for the game's Keys screen, and the screen's title."""
    howto: str = "howto.rules.spoons"
    """How to play's item that reads the game's rules, with the saved options."""
    menu: str | None = None
    menu_about: str | None = None
    """The main menu's item that plays the game against bots; None for the first game, which
    is Play."""
    players_refused: str | None = None
    """Said when the saved number of players is not one the game seats (``{low}``,
    ``{high}``, ``{players}``)."""
    options: str | None = None
    options_about: str | None = None
    options_defaults_about: str | None = None
    options_defaults_done: str | None = None
    """The Options screen's item that opens the game's own options screen, the title of that
    screen (``options`` too), and its Defaults item; None for the first game, whose options
    the Options screen holds."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game."""

    name: str
    """As the wire, the command line and scenario files write it: ``spoons``, ``razz``."""
    title: str
    """What the game is called where a list of the games is given in English (command-line and
    scenario errors): "the classic game", "Razz Spoons"."""
    words: GameWords
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
    presenter: Callable[[Rules, Messages, Verbosity], Presenter]
    """How a game of it is heard, in a language, at a verbosity."""
    keys_setting: str
    options_setting: str
    """The fields of the player's settings (``ui.settings.Settings``) that keep the keys they
    moved in this game and the options they chose for it."""
    saved_options: Callable[[Mapping[str, str]], GameOptions]
    """The options kept in the settings, leaving out any value that no longer parses."""
    players: tuple[int, int]
    """The fewest and the most players the game seats."""
    key_table: Callable[[], KeyTable[Any]]
    """The game's actions at the keyboard and their keys."""
    option_items: Callable[[GameOptions, Messages], list[Item]]
    """An item of the game's options screen for every option."""
    chosen_values: Callable[[Mapping[str, Item]], dict[str, str]]
    """The option values the items show, as the settings keep them."""
    linked_options: Mapping[str, str]
    """Options whose change also changes how another is said: that one is said too."""
    reaction_record: bool
    """Whether the game's status keys say the player's reaction record, which the settings
    keep over its games."""
    local_game: Callable[[LocalTable], LocalSeat]
    """A game against bots at this keyboard."""
    remote_seat: Callable[
        [RelayClient, dict[str, Any], Messages, Speaker, CuePlayer | None, SeatPrefs],
        OnlineGame]
    """A seat at a relay's table: its ``game_started``, and how it is heard and played."""
    watch_view: Callable[[dict[str, Any], Messages, Speaker, CuePlayer | None, SeatPrefs],
                         WatchView]
    """A game on a relay heard from outside the table, from its ``game_started``."""
    rules_lines: Callable[[GameOptions, int, Messages], list[str]]
    """The game's rules with these options at a table of so many players, a line each, as
    How to play and Shift+F1 read them."""
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
    table_problem: Callable[[Mapping[str, str], int, Messages], str | None] | None = None
    """Why a table of so many players cannot be played with these option values, said for
    the player (None if it can): asked before the first game's saved options are played."""
    preset_values: Callable[[str], dict[str, str]] | None = None
    """A preset's option values as the settings keep them, where the game has presets."""
    preset_name: Callable[[str, Messages], str] | None = None
    """A preset's name, as said ("custom" too: options that match no preset)."""
    preset_about: Callable[[str, Messages], str] | None = None
    """A preset's one-sentence description."""
    demonstration: Callable[[Messages, Speaker, CuePlayer | None, KeySource,
                             Callable[[], float]], bool] | None = None
    """A guided round that teaches the game, from the main menu or the first run, on the
    clock given; False if the player left it."""
    """The names of the game's presets (its ``preset`` option values), if it has any."""
