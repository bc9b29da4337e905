"""Razz Spoons at the keyboard: its keyboard half (``KeyboardHalf``), which the keyboard's side
finds in ``games.keyboards``: its seats against bots, at a relay's table and watching one; how
it is heard in a replay; its keys and option items."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.razz.keyboard.announcer import RazzAnnouncer
from audiospoons.games.razz.keyboard.cues import CUE_NAMES, RazzCueMapper
from audiospoons.games.razz.keyboard.ears import RazzPlayer
from audiospoons.games.razz.keyboard.keys import RAZZ_KEYS, RazzAction, razz_bindings
from audiospoons.games.razz.keyboard.local import LocalRazzGame
from audiospoons.games.razz.keyboard.online import RemoteRazzGame
from audiospoons.games.razz.keyboard.optionitems import (
    chosen_razz_values,
    razz_option_items,
    razz_options_text,
    saved_razz_options,
)
from audiospoons.games.razz.keyboard.replaystate import razz_state_of_play
from audiospoons.games.razz.keyboard.rulestext import rules_lines as razz_rules
from audiospoons.games.razz.rules.events import GameWon
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.spec import SPEC
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.gamekeys import KeyTable, SharedAction
from audiospoons.ui.keyboardhalf import (
    GameWords,
    KeyboardHalf,
    Presenter,
)
from audiospoons.ui.menu import Item
from audiospoons.ui.relayseat import OnlineGame
from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
from audiospoons.ui.spectator import Answer, WatchView
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

NAME = "razz"

class RazzKeyboard:
    """Razz Spoons at the keyboard."""

    rules = SPEC
    words = GameWords("online.lobby.newrazz", "online.lobby.newrazz.about", "game.name.razz",
                      listed_room="online.lobby.razz", room="online.room.razz",
                      keys_item="menu.settings.razzkeys",
                      keys_item_about="menu.settings.razzkeys.about",
                      keys_title="keys.razz.title", howto="howto.rules.razz",
                      menu="menu.main.razz", menu_about="menu.main.razz.about",
                      players_refused="menu.razz.players",
                      options="menu.options.razz", options_about="menu.options.razz.about",
                      options_defaults_about="menu.options.razz.defaults.about",
                      options_defaults_done="menu.options.razz.defaults.done")
    cue_names = CUE_NAMES
    keys_setting = "razz_keys"
    options_setting = "razz_options"
    linked_options: Mapping[str, str] = {"end": "end_at"}
    reaction_record = False
    presets = None
    demonstration = None

    def local_game(self, table: LocalTable) -> LocalSeat:
        return LocalRazzGame(cast(RazzOptions, table.options), table.players, table.messages,
                             table.speaker, table.sounds, seed=table.seed,
                             verbosity=table.prefs.verbosity, rate_setter=table.rate_setter,
                             bot_level=table.bot_level, key_overrides=table.prefs.keys_of(NAME),
                             clock=table.clock)

    def remote_seat(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                    speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
        return RemoteRazzGame(client, started, messages, speaker, sounds,
                              verbosity=prefs.verbosity, key_overrides=prefs.keys_of(NAME))

    def watch_view(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                   sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
        """Whose turn it is, the top card, every hand's size, the scores, the phrase, the options
        and the history keys."""
        names = [str(name) for name in started["players"]]
        history = speaker.history
        razz = RazzPlayer(names, messages, speaker, sounds, prefs.verbosity, seat=None)
        options = RazzOptions.from_mapping(started["options"])
        answers: dict[Enum, Answer] = {
            RazzAction.TURN: razz.turn_text, RazzAction.TOP: razz.top_text,
            RazzAction.COUNTS: razz.counts_text, RazzAction.SCORES: razz.scores_text,
            RazzAction.RAZZING: razz.razzing_text,
            RazzAction.OPTIONS: lambda: razz_options_text(options, messages),
            SharedAction.HISTORY_PREVIOUS: history.previous,
            SharedAction.HISTORY_NEXT: history.next,
            SharedAction.HISTORY_FIRST: history.first, SharedAction.HISTORY_LAST: history.last}
        keys: dict[Enum, tuple[str, ...]] = {
            action: labels for action, labels in razz_bindings(prefs.keys_of(NAME)).items()}
        action_names = RAZZ_KEYS.name_ids
        action_names[RazzAction.RAZZING] = "online.watching.razzing"
        return WatchView(razz, keys, answers, GameWon, action_names)

    def presenter(self, rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
        game = cast(RazzGame, rules)
        announcer = RazzAnnouncer(game.names, messages, verbosity=verbosity)
        mapper = RazzCueMapper(game.players)
        return Presenter(tuple(game.names), announcer.announce, mapper.cues,
                         announcer.urgent_phrases, lambda seat: razz_state_of_play(game, seat))

    def table_problem(self, values: Mapping[str, str], players: int,
                      messages: Messages) -> str | None:
        """Any table the options allow can be played."""
        return None

    def key_table(self) -> KeyTable[Any]:
        return RAZZ_KEYS

    def option_items(self, options: GameOptions, messages: Messages) -> list[Item]:
        return razz_option_items(cast(RazzOptions, options), messages)

    def chosen_values(self, items: Mapping[str, Item]) -> dict[str, str]:
        return chosen_razz_values(items)

    def saved_options(self, values: Mapping[str, str]) -> GameOptions:
        return saved_razz_options(values)

    def rules_lines(self, options: GameOptions, players: int, messages: Messages) -> list[str]:
        return razz_rules(cast(RazzOptions, options), players, messages)


KEYBOARD: KeyboardHalf = RazzKeyboard()
