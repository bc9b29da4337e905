"""Razz Spoons, as the shared layers know it."""

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
from audiospoons.games.spec import Front, GameSpec, GameWords, read_without_presets

FRONT = Front("audiospoons.games.razz.keyboard.side")

SPEC = GameSpec(
    name="razz",
    title="Razz Spoons",
    words=GameWords("online.lobby.newrazz", "online.lobby.newrazz.about",
                    listed_room="online.lobby.razz", room="online.room.razz",
                    keys_item="menu.settings.razzkeys",
                    keys_item_about="menu.settings.razzkeys.about",
                    keys_title="keys.razz.title", howto="howto.rules.razz",
                    menu="menu.main.razz",
                    menu_about="menu.main.razz.about", players_refused="menu.razz.players",
                    options="menu.options.razz", options_about="menu.options.razz.about",
                    options_defaults_about="menu.options.razz.defaults.about",
                    options_defaults_done="menu.options.razz.defaults.done"),
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
    read_scenario=FRONT.read_scenario,
    presenter=FRONT.presenter,
    keys_setting="razz_keys",
    options_setting="razz_options",
    saved_options=FRONT.saved_options,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    key_table=FRONT.key_table,
    option_items=FRONT.option_items,
    chosen_values=FRONT.chosen_values,
    linked_options={"end": "end_at"},
    reaction_record=False,
    local_game=FRONT.local_game,
    remote_seat=FRONT.remote_seat,
    watch_view=FRONT.watch_view,
    rules_lines=FRONT.rules_lines,
)
