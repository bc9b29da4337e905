"""The classic game at the keyboard: its keyboard half (``KeyboardHalf``), which the keyboard's side
finds in ``games.keyboards``: its seats against bots, at a relay's table and watching one; how
it is heard in a replay; its keys and option items."""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.spoons.keyboard import optionitems
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.keyboard.cues import CUE_NAMES, CueMapper
from audiospoons.games.spoons.keyboard.demo import play_demonstration
from audiospoons.games.spoons.keyboard.ears import LocalPlayer
from audiospoons.games.spoons.keyboard.keys import CLASSIC_KEYS, SpoonsAction, bindings
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.keyboard.online import RemoteGame
from audiospoons.games.spoons.keyboard.replaystate import state_of_play
from audiospoons.games.spoons.keyboard.rulestext import rules_lines as spoons_rules
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.events import GameOver
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.spec import SPEC
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.gamekeys import KeyTable, SharedAction
from audiospoons.ui.keyboardhalf import (
    Demonstration,
    GameWords,
    KeyboardHalf,
    Presenter,
    PresetWords,
)
from audiospoons.ui.menu import Item
from audiospoons.ui.relayseat import OnlineGame
from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
from audiospoons.ui.spectator import Answer, WatchView
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

NAME = "spoons"

class ClassicKeyboard:
    """The classic game at the keyboard."""

    rules = SPEC
    words = GameWords("online.lobby.new", "online.lobby.new.about", "game.name.spoons")
    cue_names = CUE_NAMES
    keys_setting = "keys"
    options_setting = "options"
    linked_options: Mapping[str, str] = {}
    reaction_record = True
    presets = PresetWords(optionitems.preset_values, optionitems.preset_name,
                          optionitems.preset_about)

    def local_game(self, table: LocalTable) -> LocalSeat:
        game = LocalGame(cast(Options, table.options), table.players, table.messages,
                         table.speaker, table.sounds, seed=table.seed,
                         verbosity=table.prefs.verbosity, key_overrides=table.prefs.keys_of(NAME),
                         rate_setter=table.rate_setter, bot_level=table.bot_level,
                         spoon_style=SpoonStyle(table.prefs.spoon_style), clock=table.clock)
        if table.record is not None:
            game.record = table.record
        return game

    def remote_seat(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                    speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
        return RemoteGame(client, started, messages, speaker, sounds, verbosity=prefs.verbosity,
                          key_overrides=prefs.keys_of(NAME),
                          spoon_style=SpoonStyle(prefs.spoon_style))

    def watch_view(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                   sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
        """The spoons left and who is still in, the options and the history keys."""
        names = [str(name) for name in started["players"]]
        history = speaker.history
        options = Options.from_mapping(started["options"])
        spoons = LocalPlayer(names, options, messages, speaker, sounds, prefs.verbosity,
                             SpoonStyle(prefs.spoon_style), random.Random(), seat=None)
        answers: dict[Enum, Answer] = {
            SpoonsAction.SPOONS: lambda: spoons.spoons_text(options.grabbing),
            SpoonsAction.PLAYERS: spoons.players_text,
            SpoonsAction.OPTIONS: lambda: optionitems.options_text(options, len(names), messages),
            SharedAction.HISTORY_PREVIOUS: history.previous,
            SharedAction.HISTORY_NEXT: history.next,
            SharedAction.HISTORY_FIRST: history.first, SharedAction.HISTORY_LAST: history.last}
        keys: dict[Enum, tuple[str, ...]] = {
            action: labels for action, labels in bindings(prefs.keys_of(NAME)).items()}
        return WatchView(spoons, keys, answers, GameOver, CLASSIC_KEYS.name_ids)

    @property
    def demonstration(self) -> Demonstration:
        return play_demonstration

    def presenter(self, rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
        game = cast(ClassicGame, rules)
        names = tuple(seat.name for seat in game.seats)
        options = game.options
        announcer = Announcer(names, messages, verbosity=verbosity,
                              announce_phase2=options.announce_phase2, set_size=options.set_size,
                              signal=options.signal)
        mapper = CueMapper(len(names), signal=options.signal)
        return Presenter(names, announcer.announce, mapper.cues, announcer.urgent_phrases,
                         lambda seat: state_of_play(game, seat))

    def key_table(self) -> KeyTable[Any]:
        return CLASSIC_KEYS

    def option_items(self, options: GameOptions, messages: Messages) -> list[Item]:
        return optionitems.game_items(cast(Options, options), messages)

    def chosen_values(self, items: Mapping[str, Item]) -> dict[str, str]:
        return optionitems.chosen_values(items)

    def saved_options(self, values: Mapping[str, str]) -> GameOptions:
        return optionitems.saved_options(values)

    def table_problem(self, values: Mapping[str, str], players: int,
                      messages: Messages) -> str | None:
        return optionitems.table_problem(values, players, messages)

    def rules_lines(self, options: GameOptions, players: int, messages: Messages) -> list[str]:
        return spoons_rules(cast(Options, options), players, messages)


KEYBOARD: KeyboardHalf = ClassicKeyboard()
