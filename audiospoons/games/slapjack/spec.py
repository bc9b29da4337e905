"""Slapjack, as the shared layers know its rules."""

from __future__ import annotations

from typing import cast

from audiospoons.games.slapjack.bots import SlapjackBot
from audiospoons.games.slapjack.places import places
from audiospoons.games.slapjack.rules import commands as slapjack_commands
from audiospoons.games.slapjack.rules import events as slapjack_events
from audiospoons.games.slapjack.rules.commands import Turn
from audiospoons.games.slapjack.rules.events import (
    JackSlapped,
    PlayerOut,
    SlapjackOver,
    SlapjackStarted,
    TurnPassed,
)
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.games.slapjack.rules.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SLAPJACK_OPTION_SPECS,
    SlapjackOptions,
)
from audiospoons.games.slapjack.scenario import read_scenario
from audiospoons.games.spec import RulesSpec, read_without_presets

SPEC = RulesSpec(
    name="slapjack",
    title="Slapjack",
    read_options=read_without_presets("Slapjack", SlapjackOptions.from_mapping),
    option_docs=SLAPJACK_OPTION_SPECS,
    deal=lambda names, options, rng, dealer: SlapjackGame(
        names, cast(SlapjackOptions, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level, pace: SlapjackBot(
        seat, cast(SlapjackOptions, options), rng, level, pace),
    wire_modules=(slapjack_commands, slapjack_events),
    round_start=SlapjackStarted,
    round_end=JackSlapped,
    settle_after=(SlapjackStarted, JackSlapped, PlayerOut),
    settle_on_yours=(TurnPassed,),
    waits_for_telling=(Turn,),
    game_over=SlapjackOver,
    standing=(SlapjackStarted, JackSlapped, PlayerOut),
    told_on_return=lambda event, seat: True,
    places=places,
    read_scenario=read_scenario,
    players=(MIN_PLAYERS, MAX_PLAYERS),
)
