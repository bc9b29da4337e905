"""Classic Spoons, as the shared layers know its rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from audiospoons.engine.events import Event
from audiospoons.engine.rules import GameOptions
from audiospoons.games.spec import RulesSpec
from audiospoons.games.spoons.bots import make_bot
from audiospoons.games.spoons.places import places
from audiospoons.games.spoons.rules import commands as spoons_commands
from audiospoons.games.spoons.rules import events as spoons_events
from audiospoons.games.spoons.rules.commands import Draw, Pass, Take
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardTaken,
    DealerChanged,
    Eliminated,
    GameOver,
    GameStarted,
    LetterGiven,
    PointAdded,
    RoundEnded,
    RoundStarted,
    TeamsFormed,
)
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import OPTION_SPECS, PLAYERS_MAX, PLAYERS_MIN, Options
from audiospoons.games.spoons.rules.presets import PRESETS_BY_NAME, with_preset
from audiospoons.games.spoons.scenario import read_scenario


def _read_options(values: Mapping[str, str]) -> tuple[GameOptions, dict[str, str]]:
    kept = {key: str(value) for key, value in with_preset(dict(values)).items()}
    return Options.from_mapping(kept), kept


def _told_on_return(event: Event, seat: int | None) -> bool:
    """The cards that passed between other seats change nothing the seat knows."""
    if isinstance(event, CardPassed) and event.to == seat:
        return True
    return not (isinstance(event, CardTaken | CardPassed) and event.seat != seat)



SPEC = RulesSpec(
    name="spoons",
    title="the classic game",
    read_options=_read_options,
    option_docs=OPTION_SPECS,
    deal=lambda names, options, rng, dealer: ClassicGame(
        names, cast(Options, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level, pace: make_bot(
        seat, cast(Options, options), rng, level, pace),
    wire_modules=(spoons_commands, spoons_events),
    round_start=RoundStarted,
    round_end=RoundEnded,
    settle_after=(RoundEnded, RoundStarted),
    waits_for_telling=(Take, Draw, Pass),
    game_over=GameOver,
    standing=(GameStarted, TeamsFormed, LetterGiven, PointAdded, Eliminated, DealerChanged),
    told_on_return=_told_on_return,
    places=places,
    read_scenario=read_scenario,
    players=(PLAYERS_MIN, PLAYERS_MAX),
    presets=tuple(PRESETS_BY_NAME),
)
