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
from audiospoons.engine.options import Options
from audiospoons.engine.presets import with_preset
from audiospoons.engine.rules import Rules
from audiospoons.games.spec import GameOptions, GameSpec, GameWords, Presenter, Scenario

if TYPE_CHECKING:
    from audiospoons.voice.announcer import Verbosity
    from audiospoons.voice.i18n import Messages


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
)
