"""Slapjack at the keyboard, as its spec gives it to the shared layers (``GameSpec``): its seats
against bots, at a relay's table and watching one; how it is heard in a replay; its keys, option
items and scenario files."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.slapjack.keyboard.announcer import SlapjackAnnouncer
from audiospoons.games.slapjack.keyboard.cues import SlapjackCueMapper
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
from audiospoons.games.slapjack.scenario import read_scenario as read_slapjack_scenario
from audiospoons.games.spec import Presenter, Scenario
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.gamekeys import KeyTable, SharedAction
from audiospoons.ui.menu import Item
from audiospoons.ui.relayseat import OnlineGame
from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
from audiospoons.ui.spectator import Answer, WatchView
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

NAME = "slapjack"


def local_game(table: LocalTable) -> LocalSeat:
    return LocalSlapjackGame(cast(SlapjackOptions, table.options), table.players,
                             table.messages, table.speaker, table.sounds, seed=table.seed,
                             verbosity=table.prefs.verbosity,
                             key_overrides=table.prefs.keys_of(NAME),
                             rate_setter=table.rate_setter, bot_level=table.bot_level,
                             clock=table.clock)


def remote_seat(client: RelayClient, started: dict[str, Any], messages: Messages,
                speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
    return RemoteSlapjackGame(client, started, messages, speaker, sounds,
                              verbosity=prefs.verbosity, key_overrides=prefs.keys_of(NAME))


def watch_view(started: dict[str, Any], messages: Messages, speaker: Speaker,
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
        action: labels for action, labels in SLAPJACK_KEYS.bindings(prefs.keys_of(NAME)).items()}
    return WatchView(player, keys, answers, SlapjackOver)


def read_scenario(data: dict[str, Any], text: str) -> Scenario:
    return read_slapjack_scenario(data, text)


def presenter(rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
    game = cast(SlapjackGame, rules)
    announcer = SlapjackAnnouncer(game.names, messages, verbosity=verbosity)
    mapper = SlapjackCueMapper(game.players)
    return Presenter(tuple(game.names), announcer.announce, mapper.cues,
                     announcer.urgent_phrases, lambda seat: state_of_play(game, seat))


def key_table() -> KeyTable[Any]:
    return SLAPJACK_KEYS


def option_items(options: GameOptions, messages: Messages) -> list[Item]:
    return slapjack_option_items(cast(SlapjackOptions, options), messages)


def chosen_values(items: Mapping[str, Item]) -> dict[str, str]:
    return chosen_slapjack_values(items)


def saved_options(values: Mapping[str, str]) -> GameOptions:
    return saved_slapjack_options(values)


def rules_lines(options: GameOptions, players: int, messages: Messages) -> list[str]:
    """Slapjack's rules are the same at any table: ``players`` changes nothing in them."""
    return slapjack_rules(cast(SlapjackOptions, options), messages)
