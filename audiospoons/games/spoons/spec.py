"""Classic Spoons, as the shared layers know it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

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
from audiospoons.engine.options import OPTION_SPECS, PLAYERS_MAX, PLAYERS_MIN, Options
from audiospoons.engine.presets import with_preset
from audiospoons.engine.rules import GameOptions
from audiospoons.games.spec import Front, GameSpec, GameWords


def _read_options(values: Mapping[str, str]) -> tuple[GameOptions, dict[str, str]]:
    kept = {key: str(value) for key, value in with_preset(dict(values)).items()}
    return Options.from_mapping(kept), kept


def _told_on_return(event: Event, seat: int | None) -> bool:
    """The cards that passed between other seats change nothing the seat knows."""
    if isinstance(event, CardPassed) and event.to == seat:
        return True
    return not (isinstance(event, CardTaken | CardPassed) and event.seat != seat)


FRONT = Front("audiospoons.games.spoons.front")

SPEC = GameSpec(
    name="spoons",
    title="the classic game",
    words=GameWords("online.lobby.new", "online.lobby.new.about"),
    read_options=_read_options,
    option_docs=OPTION_SPECS,
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
    read_scenario=FRONT.read_scenario,
    presenter=FRONT.presenter,
    keys_setting="keys",
    options_setting="options",
    saved_options=FRONT.saved_options,
    players=(PLAYERS_MIN, PLAYERS_MAX),
    key_table=FRONT.key_table,
    option_items=FRONT.option_items,
    chosen_values=FRONT.chosen_values,
    linked_options={},
    reaction_record=True,
    local_game=FRONT.local_game,
    remote_seat=FRONT.remote_seat,
    watch_view=FRONT.watch_view,
)
