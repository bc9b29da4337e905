"""Razz Spoons, as the shared layers know its rules."""

from __future__ import annotations

from typing import cast

from audiospoons.games.razz.bots import RazzBot
from audiospoons.games.razz.places import places
from audiospoons.games.razz.rules import commands as razz_commands
from audiospoons.games.razz.rules import events as razz_events
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    Keep,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import (
    CardsDrawn,
    DealStarted,
    GameWon,
    KingAimed,
    PhraseChosen,
    PhraseOwed,
    RaceOver,
    RazzCalled,
    RazzGameStarted,
    RoundScored,
    RoundWon,
    TurnBegan,
)
from audiospoons.games.razz.rules.facts import MAX_PLAYERS, MIN_PLAYERS
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RAZZ_OPTION_SPECS, RazzOptions
from audiospoons.games.razz.scenario import parse_razz_scenario
from audiospoons.games.spec import RulesSpec, read_without_presets

SPEC = RulesSpec(
    name="razz",
    title="Razz Spoons",
    read_options=read_without_presets("Razz Spoons", RazzOptions.from_mapping),
    option_docs=RAZZ_OPTION_SPECS,
    deal=lambda names, options, rng, dealer: RazzGame(
        names, cast(RazzOptions, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level, pace: RazzBot(
        seat, cast(RazzOptions, options), rng, level, pace=pace),
    wire_modules=(razz_commands, razz_events),
    round_start=DealStarted,
    round_end=RoundWon,
    settle_after=(RoundWon, DealStarted, RaceOver),
    settle_on_yours=(PhraseOwed, TurnBegan, CardsDrawn, KingAimed, RazzCalled),
    waits_for_telling=(PlayCard, DrawCard, Keep, ChoosePhrase, Razz, SayPhrase, Announce),
    game_over=GameWon,
    standing=(RazzGameStarted, PhraseChosen, RoundWon, RoundScored),
    told_on_return=lambda event, seat: True,
    places=places,
    read_scenario=parse_razz_scenario,
    players=(MIN_PLAYERS, MAX_PLAYERS),
)
