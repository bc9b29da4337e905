"""Slapjack at the keyboard: its keyboard half (``KeyboardHalf``), which the keyboard's side
finds in ``games.keyboards``: its seats against bots, at a relay's table and watching one; how
it is heard in a replay; its keys and option items."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.slapjack.keyboard.announcer import SlapjackAnnouncer
from audiospoons.games.slapjack.keyboard.cues import CUE_NAMES, SlapjackCueMapper
from audiospoons.games.slapjack.keyboard.ears import SlapjackPlayer
from audiospoons.games.slapjack.keyboard.keys import SLAPJACK_KEYS, SlapjackAction
from audiospoons.games.slapjack.keyboard.optionitems import (
    chosen_slapjack_values,
    saved_slapjack_options,
    slapjack_option_items,
    slapjack_options_text,
)
from audiospoons.games.slapjack.keyboard.replaystate import state_of_play
from audiospoons.games.slapjack.keyboard.rulestext import rules_lines as slapjack_rules
from audiospoons.games.slapjack.keyboard.seatkeys import LocalSlapjackGame, RemoteSlapjackGame
from audiospoons.games.slapjack.rules.events import SlapjackOver
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.games.slapjack.spec import SPEC
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

NAME = "slapjack"

class SlapjackKeyboard:
    """Slapjack at the keyboard."""

    rules = SPEC
    words = GameWords("online.lobby.newslapjack", "online.lobby.newslapjack.about",
                      "game.name.slapjack",
                      listed_room="online.lobby.slapjack", room="online.room.slapjack",
                      keys_item="menu.settings.slapjackkeys",
                      keys_item_about="menu.settings.slapjackkeys.about",
                      keys_title="keys.slapjack.title", howto="howto.rules.slapjack",
                      menu="menu.main.slapjack", menu_about="menu.main.slapjack.about",
                      players_refused="menu.slapjack.players",
                      options="menu.options.slapjack",
                      options_about="menu.options.slapjack.about",
                      options_defaults_about="menu.options.slapjack.defaults.about",
                      options_defaults_done="menu.options.slapjack.defaults.done")
    cue_names = CUE_NAMES
    keys_setting = "slapjack_keys"
    options_setting = "slapjack_options"
    linked_options: Mapping[str, str] = {}
    reaction_record = False
    presets = None
    demonstration = None

    def local_game(self, table: LocalTable) -> LocalSeat:
        return LocalSlapjackGame(cast(SlapjackOptions, table.options), table.players,
                                 table.messages, table.speaker, table.sounds, seed=table.seed,
                                 verbosity=table.prefs.verbosity,
                                 key_overrides=table.prefs.keys_of(NAME),
                                 rate_setter=table.rate_setter, bot_level=table.bot_level,
                                 clock=table.clock)

    def remote_seat(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                    speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
        return RemoteSlapjackGame(client, started, messages, speaker, sounds,
                                  verbosity=prefs.verbosity, key_overrides=prefs.keys_of(NAME))

    def watch_view(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                   sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
        """Every stack's size, the pile, whose turn, the options and the history keys."""
        names = [str(name) for name in started["players"]]
        history = speaker.history
        player = SlapjackPlayer(names, messages, speaker, sounds, prefs.verbosity, seat=None)
        options = SlapjackOptions.from_mapping(started["options"])
        answers: dict[Enum, Answer] = {
            SlapjackAction.COUNTS: player.counts_text, SlapjackAction.PILE: player.pile_text,
            SlapjackAction.WHOSE: player.whose_text,
            SlapjackAction.OPTIONS: lambda: slapjack_options_text(options, messages),
            SharedAction.HISTORY_PREVIOUS: history.previous,
            SharedAction.HISTORY_NEXT: history.next,
            SharedAction.HISTORY_FIRST: history.first, SharedAction.HISTORY_LAST: history.last}
        keys: dict[Enum, tuple[str, ...]] = {
            action: labels
            for action, labels in SLAPJACK_KEYS.bindings(prefs.keys_of(NAME)).items()}
        return WatchView(player, keys, answers, SlapjackOver, SLAPJACK_KEYS.name_ids)

    def presenter(self, rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
        game = cast(SlapjackGame, rules)
        announcer = SlapjackAnnouncer(game.names, messages, verbosity=verbosity)
        mapper = SlapjackCueMapper(game.players)
        return Presenter(tuple(game.names), announcer.announce, mapper.cues,
                         announcer.urgent_phrases, lambda seat: state_of_play(game, seat))

    def table_problem(self, values: Mapping[str, str], players: int,
                      messages: Messages) -> str | None:
        """Any table the options allow can be played."""
        return None

    def key_table(self) -> KeyTable[Any]:
        return SLAPJACK_KEYS

    def option_items(self, options: GameOptions, messages: Messages) -> list[Item]:
        return slapjack_option_items(cast(SlapjackOptions, options), messages)

    def chosen_values(self, items: Mapping[str, Item]) -> dict[str, str]:
        return chosen_slapjack_values(items)

    def saved_options(self, values: Mapping[str, str]) -> GameOptions:
        return saved_slapjack_options(values)

    def rules_lines(self, options: GameOptions, players: int, messages: Messages) -> list[str]:
        """Slapjack's rules are the same at any table: ``players`` changes nothing in them."""
        return slapjack_rules(cast(SlapjackOptions, options), messages)


KEYBOARD: KeyboardHalf = SlapjackKeyboard()
