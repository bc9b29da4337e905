"""Razz Spoons at the keyboard, as its spec gives it to the shared layers (``GameSpec``): its
seats against bots, at a relay's table and watching one; how it is heard in a replay; its keys,
option items and scenario files."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.razz.keyboard.announcer import RazzAnnouncer
from audiospoons.games.razz.keyboard.cues import RazzCueMapper
from audiospoons.games.razz.keyboard.ears import RazzPlayer
from audiospoons.games.razz.keyboard.keys import RAZZ_KEYS, RazzAction, razz_bindings
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
from audiospoons.games.razz.scenario import parse_razz_scenario
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

NAME = "razz"


def local_game(table: LocalTable) -> LocalSeat:
    from audiospoons.games.razz.keyboard.local import LocalRazzGame

    return LocalRazzGame(cast(RazzOptions, table.options), table.players, table.messages,
                         table.speaker, table.sounds, seed=table.seed,
                         verbosity=table.prefs.verbosity, rate_setter=table.rate_setter,
                         bot_level=table.bot_level, key_overrides=table.prefs.keys_of(NAME),
                         clock=table.clock)


def remote_seat(client: RelayClient, started: dict[str, Any], messages: Messages,
                speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
    from audiospoons.games.razz.keyboard.online import RemoteRazzGame

    return RemoteRazzGame(client, started, messages, speaker, sounds,
                          verbosity=prefs.verbosity, key_overrides=prefs.keys_of(NAME))


def watch_view(started: dict[str, Any], messages: Messages, speaker: Speaker,
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
        SharedAction.HISTORY_PREVIOUS: history.previous, SharedAction.HISTORY_NEXT: history.next,
        SharedAction.HISTORY_FIRST: history.first, SharedAction.HISTORY_LAST: history.last}
    keys: dict[Enum, tuple[str, ...]] = {
        action: labels for action, labels in razz_bindings(prefs.keys_of(NAME)).items()}
    return WatchView(razz, keys, answers, GameWon,
                     {RazzAction.RAZZING: "online.watching.razzing"})


def read_scenario(data: dict[str, Any], text: str) -> Scenario:
    return parse_razz_scenario(data, text)


def presenter(rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
    game = cast(RazzGame, rules)
    announcer = RazzAnnouncer(game.names, messages, verbosity=verbosity)
    mapper = RazzCueMapper(game.players)
    return Presenter(tuple(game.names), announcer.announce, mapper.cues,
                     announcer.urgent_phrases, lambda seat: razz_state_of_play(game, seat))


def key_table() -> KeyTable[Any]:
    return RAZZ_KEYS


def option_items(options: GameOptions, messages: Messages) -> list[Item]:
    return razz_option_items(cast(RazzOptions, options), messages)


def chosen_values(items: Mapping[str, Item]) -> dict[str, str]:
    return chosen_razz_values(items)


def saved_options(values: Mapping[str, str]) -> GameOptions:
    return saved_razz_options(values)


def rules_lines(options: GameOptions, players: int, messages: Messages) -> list[str]:
    return razz_rules(cast(RazzOptions, options), players, messages)
