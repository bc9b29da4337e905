"""What a game gives the keyboard's side: its keyboard half (``KeyboardHalf``), beside the pure
rules half (``games.spec.RulesSpec``) that the relay, replays and simulation use alone.

Each game implements ``KeyboardHalf`` in a class of its own keyboard folder
(``games/<name>/keyboard/side.py``), and ``games.keyboards`` lists them: nothing here loads a
game, and no game's rules half loads this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from audiospoons.engine.events import Event
from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.spec import RulesSpec
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
    name: str
    """The game's name, as a family of ratings is said ("Razz Spoons")."""
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
class PresetWords:
    """A game's presets at the keyboard, where the game has presets (``RulesSpec.presets``)."""

    values: Callable[[str], dict[str, str]]
    """A preset's option values as the settings keep them."""
    name: Callable[[str, Messages], str]
    """A preset's name, as said ("custom" too: options that match no preset)."""
    about: Callable[[str, Messages], str]
    """A preset's one-sentence description."""


Demonstration = Callable[[Messages, Speaker, CuePlayer | None, KeySource, Callable[[], float]],
                         bool]
"""A guided round that teaches the game, from the main menu or the first run, on the clock
given; False if the player left it."""


class KeyboardHalf(Protocol):
    """A game at the keyboard: its speech, sounds, keys, menus and seats."""

    @property
    def rules(self) -> RulesSpec:
        """The game's rules half."""

    @property
    def words(self) -> GameWords: ...

    @property
    def keys_setting(self) -> str:
        """The field of the player's settings that keeps the keys they moved in this game."""

    @property
    def options_setting(self) -> str:
        """The field of the player's settings that keeps the options they chose for it."""

    @property
    def linked_options(self) -> Mapping[str, str]:
        """Options whose change also changes how another is said: that one is said too."""

    @property
    def reaction_record(self) -> bool:
        """Whether the game's status keys say the player's reaction record, which the settings
        keep over its games."""

    @property
    def cue_names(self) -> tuple[str, ...]:
        """Every sound the game plays (its ``cues.CUE_NAMES``)."""

    @property
    def presets(self) -> PresetWords | None: ...

    @property
    def demonstration(self) -> Demonstration | None: ...

    def presenter(self, rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
        """How a game of it is heard, in a language, at a verbosity."""

    def saved_options(self, values: Mapping[str, str]) -> GameOptions:
        """The options kept in the settings, leaving out any value that no longer parses."""

    def key_table(self) -> KeyTable[Any]:
        """The game's actions at the keyboard and their keys."""

    def option_items(self, options: GameOptions, messages: Messages) -> list[Item]:
        """An item of the game's options screen for every option."""

    def chosen_values(self, items: Mapping[str, Item]) -> dict[str, str]:
        """The option values the items show, as the settings keep them."""

    def table_problem(self, values: Mapping[str, str], players: int,
                      messages: Messages) -> str | None:
        """Why a table of so many players cannot be played with these option values, said for
        the player (None if it can): asked before the first game's saved options are played."""

    def local_game(self, table: LocalTable) -> LocalSeat:
        """A game against bots at this keyboard."""

    def remote_seat(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                    speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
        """A seat at a relay's table: its ``game_started``, and how it is heard and played."""

    def watch_view(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                   sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
        """A game on a relay heard from outside the table, from its ``game_started``."""

    def rules_lines(self, options: GameOptions, players: int, messages: Messages) -> list[str]:
        """The game's rules with these options at a table of so many players, a line each, as
        How to play and Shift+F1 read them."""

