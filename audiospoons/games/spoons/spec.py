"""Classic Spoons, as the shared layers know it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from audiospoons.bots.simple import make_bot
from audiospoons.engine import commands as engine_commands
from audiospoons.engine import events as engine_events
from audiospoons.engine.events import (
    CardPassed,
    CardTaken,
    DealerChanged,
    Eliminated,
    Event,
    GameOver,
    GameStarted,
    LetterGiven,
    PointAdded,
    RoundEnded,
    RoundStarted,
    TeamsFormed,
)
from audiospoons.engine.game import ClassicGame
from audiospoons.engine.options import PLAYERS_MAX, PLAYERS_MIN, Options
from audiospoons.engine.presets import with_preset
from audiospoons.engine.rules import Rules
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
    kept = {key: str(value) for key, value in with_preset(dict(values)).items()}
    return Options.from_mapping(kept), kept


def _told_on_return(event: Event, seat: int | None) -> bool:
    """The cards that passed between other seats change nothing the seat knows."""
    if isinstance(event, CardPassed) and event.to == seat:
        return True
    return not (isinstance(event, CardTaken | CardPassed) and event.seat != seat)


def _read_scenario(data: dict[str, Any], text: str) -> Scenario:
    from audiospoons.games.spoons.scenario import read_scenario

    return read_scenario(data, text)


def _presenter(rules: Rules, messages: Messages, verbosity: Verbosity) -> Presenter:
    from audiospoons.games.spoons.state import state_of_play
    from audiospoons.sound.cues import CueMapper
    from audiospoons.voice.announcer import Announcer

    game = cast(ClassicGame, rules)
    names = tuple(seat.name for seat in game.seats)
    options = game.options
    announcer = Announcer(names, messages, verbosity=verbosity,
                          announce_phase2=options.announce_phase2, set_size=options.set_size,
                          signal=options.signal)
    mapper = CueMapper(len(names), signal=options.signal)
    return Presenter(names, announcer.announce, mapper.cues, announcer.urgent_phrases,
                     lambda seat: state_of_play(game, seat))


def _key_table() -> KeyTable[Any]:
    from audiospoons.ui.gamekeys import CLASSIC_KEYS

    return CLASSIC_KEYS


def _option_items(options: GameOptions, messages: Messages) -> list[Item]:
    from audiospoons.engine.options import OPTION_SPECS
    from audiospoons.ui.optionitems import option_item

    return [option_item(spec.key, cast(Options, options), messages) for spec in OPTION_SPECS]


def _chosen_values(items: Mapping[str, Item]) -> dict[str, str]:
    from audiospoons.ui.optionitems import chosen_values

    return chosen_values(items)


def _saved_options(values: Mapping[str, str]) -> GameOptions:
    from audiospoons.ui.optionitems import saved_options

    return saved_options(values)


def _local_game(table: LocalTable) -> LocalSeat:
    from audiospoons.games.spoons.seats import local_game

    return local_game(table)


def _remote_seat(client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, prefs: SeatPrefs) -> OnlineGame:
    from audiospoons.games.spoons.seats import remote_seat

    return remote_seat(client, started, messages, speaker, sounds, prefs)


def _watch_view(started: dict[str, Any], messages: Messages, speaker: Speaker,
                sounds: CuePlayer | None, prefs: SeatPrefs) -> WatchView:
    from audiospoons.games.spoons.seats import watch_view

    return watch_view(started, messages, speaker, sounds, prefs)


SPEC = GameSpec(
    name="spoons",
    title="the classic game",
    words=GameWords("online.lobby.new", "online.lobby.new.about"),
    read_options=_read_options,
    deal=lambda names, options, rng, dealer: ClassicGame(
        names, cast(Options, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level, pace: make_bot(
        seat, cast(Options, options), rng, level, pace),
    wire_modules=(engine_commands, engine_events),
    round_start=RoundStarted,
    round_end=RoundEnded,
    game_over=GameOver,
    standing=(GameStarted, TeamsFormed, LetterGiven, PointAdded, Eliminated, DealerChanged),
    told_on_return=_told_on_return,
    read_scenario=_read_scenario,
    presenter=_presenter,
    keys_setting="keys",
    options_setting="options",
    saved_options=_saved_options,
    players=(PLAYERS_MIN, PLAYERS_MAX),
    key_table=_key_table,
    option_items=_option_items,
    chosen_values=_chosen_values,
    linked_options={},
    reaction_record=True,
    local_game=_local_game,
    remote_seat=_remote_seat,
    watch_view=_watch_view,
)
