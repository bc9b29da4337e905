"""Razz Spoons, as the shared layers know it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.presets import PRESET_KEY
from audiospoons.engine.rules import Rules
from audiospoons.games.razz.bots import RazzBot
from audiospoons.games.razz.rules import commands as razz_commands
from audiospoons.games.razz.rules import events as razz_events
from audiospoons.games.razz.rules.events import (
    DealStarted,
    GameWon,
    PhraseChosen,
    RazzGameStarted,
    RoundScored,
    RoundWon,
)
from audiospoons.games.razz.rules.facts import MAX_PLAYERS, MIN_PLAYERS
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.spec import GameOptions, GameSpec, GameWords, Presenter, Scenario

if TYPE_CHECKING:
    from audiospoons.net.client import RelayClient
    from audiospoons.ui.gamekeys import KeyTable
    from audiospoons.ui.menu import Item
    from audiospoons.ui.player import CuePlayer
    from audiospoons.ui.relayseat import OnlineGame
    from audiospoons.ui.seating import LocalSeat, LocalTable, SeatPrefs
    from audiospoons.ui.spectator import WatchView
    from audiospoons.voice.announcer import Verbosity
    from audiospoons.voice.i18n import Messages
    from audiospoons.voice.speaker import Speaker


def _read_options(values: Mapping[str, str]) -> tuple[GameOptions, dict[str, str]]:
    if PRESET_KEY in values:
        raise InvalidOptions("Razz Spoons has no presets: give its options one by one")
    kept = dict(values)
    return RazzOptions.from_mapping(kept), kept


def _read_scenario(data: dict[str, Any], text: str) -> Scenario:
    from audiospoons.games.razz.scenario import parse_razz_scenario

    return parse_razz_scenario(data, text)


def _presenter(rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
    from audiospoons.games.razz.announcer import RazzAnnouncer
    from audiospoons.games.razz.cues import RazzCueMapper
    from audiospoons.games.razz.state import razz_state_of_play

    game = cast(RazzGame, rules)
    announcer = RazzAnnouncer(game.names, messages, verbosity=verbosity)
    mapper = RazzCueMapper(game.players)
    return Presenter(tuple(game.names), announcer.announce, mapper.cues,
                     announcer.urgent_phrases, lambda seat: razz_state_of_play(game, seat))


def _key_table() -> KeyTable[Any]:
    from audiospoons.games.razz.keys import RAZZ_KEYS

    return RAZZ_KEYS


def _option_items(options: GameOptions, messages: Messages) -> list[Item]:
    from audiospoons.games.razz.optionitems import razz_option_items

    return razz_option_items(cast(RazzOptions, options), messages)


def _chosen_values(items: Mapping[str, Item]) -> dict[str, str]:
    from audiospoons.games.razz.optionitems import chosen_razz_values

    return chosen_razz_values(items)


def _saved_options(values: Mapping[str, str]) -> GameOptions:
    from audiospoons.games.razz.optionitems import saved_razz_options

    return saved_razz_options(values)


def _local_game(table: LocalTable) -> LocalSeat:
    from audiospoons.games.razz.seats import local_game

    return local_game(table)


def _remote_seat(client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
    from audiospoons.games.razz.seats import remote_seat

    return remote_seat(client, started, messages, speaker, sounds, prefs)


def _watch_view(started: dict[str, Any], messages: Messages, speaker: Speaker,
                sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
    from audiospoons.games.razz.seats import watch_view

    return watch_view(started, messages, speaker, sounds, prefs)


SPEC = GameSpec(
    name="razz",
    title="Razz Spoons",
    words=GameWords("online.lobby.newrazz", "online.lobby.newrazz.about",
                    listed_room="online.lobby.razz", room="online.room.razz",
                    keys_item="menu.settings.razzkeys",
                    keys_item_about="menu.settings.razzkeys.about",
                    keys_title="keys.razz.title", menu="menu.main.razz",
                    menu_about="menu.main.razz.about", players_refused="menu.razz.players",
                    options="menu.options.razz", options_about="menu.options.razz.about",
                    options_defaults_about="menu.options.razz.defaults.about",
                    options_defaults_done="menu.options.razz.defaults.done"),
    read_options=_read_options,
    deal=lambda names, options, rng, dealer: RazzGame(
        names, cast(RazzOptions, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level, pace: RazzBot(
        seat, cast(RazzOptions, options), rng, level, pace=pace),
    wire_modules=(razz_commands, razz_events),
    round_start=DealStarted,
    round_end=RoundWon,
    game_over=GameWon,
    standing=(RazzGameStarted, PhraseChosen, RoundWon, RoundScored),
    told_on_return=lambda event, seat: True,
    read_scenario=_read_scenario,
    presenter=_presenter,
    keys_setting="razz_keys",
    options_setting="razz_options",
    saved_options=_saved_options,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    key_table=_key_table,
    option_items=_option_items,
    chosen_values=_chosen_values,
    linked_options={"end": "end_at"},
    reaction_record=False,
    local_game=_local_game,
    remote_seat=_remote_seat,
    watch_view=_watch_view,
)
