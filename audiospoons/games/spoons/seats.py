"""The classic game's seats at this keyboard: against bots, at a relay's table, and watching one."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any, cast

from audiospoons.engine.events import GameOver
from audiospoons.engine.options import Options
from audiospoons.net.client import RelayClient
from audiospoons.ui.gamekeys import Action, bindings
from audiospoons.ui.optionitems import options_text
from audiospoons.ui.player import CuePlayer, LocalPlayer
from audiospoons.ui.relayseat import OnlineGame
from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
from audiospoons.ui.spectator import Answer, WatchView
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

NAME = "spoons"


def local_game(table: LocalTable) -> LocalSeat:
    from audiospoons.ui.local import LocalGame

    game = LocalGame(cast(Options, table.options), table.players, table.messages,
                     table.speaker, table.sounds, seed=table.seed,
                     verbosity=table.prefs.verbosity, key_overrides=table.prefs.keys_of(NAME),
                     rate_setter=table.rate_setter, bot_level=table.bot_level,
                     spoon_style=table.prefs.spoon_style)
    if table.record is not None:
        game.record = table.record
    return game


def remote_seat(client: RelayClient, started: dict[str, Any], messages: Messages,
                speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
    from audiospoons.ui.online import RemoteGame

    return RemoteGame(client, started, messages, speaker, sounds, verbosity=prefs.verbosity,
                      key_overrides=prefs.keys_of(NAME), spoon_style=prefs.spoon_style)


def watch_view(started: dict[str, Any], messages: Messages, speaker: Speaker,
               sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
    """The spoons left and who is still in, the options and the history keys."""
    names = [str(name) for name in started["players"]]
    history = speaker.history
    options = Options.from_mapping(started["options"])
    spoons = LocalPlayer(names, options, messages, speaker, sounds, prefs.verbosity,
                         prefs.spoon_style, random.Random(), seat=None)
    answers: dict[Enum, Answer] = {
        Action.SPOONS: lambda: spoons.spoons_text(options.grabbing),
        Action.PLAYERS: spoons.players_text,
        Action.OPTIONS: lambda: options_text(options, len(names), messages),
        Action.HISTORY_PREVIOUS: history.previous, Action.HISTORY_NEXT: history.next,
        Action.HISTORY_FIRST: history.first, Action.HISTORY_LAST: history.last}
    keys: dict[Enum, tuple[str, ...]] = {
        action: labels for action, labels in bindings(prefs.keys_of(NAME)).items()}
    return WatchView(spoons, keys, answers, GameOver)
