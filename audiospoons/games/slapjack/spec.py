"""Slapjack, as the shared layers know it."""

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
from audiospoons.games.spec import Front, GameSpec, GameWords, read_without_presets

FRONT = Front("audiospoons.games.slapjack.keyboard.side")

SPEC = GameSpec(
    name="slapjack",
    title="Slapjack",
    words=GameWords("online.lobby.newslapjack", "online.lobby.newslapjack.about",
                    listed_room="online.lobby.slapjack", room="online.room.slapjack",
                    keys_item="menu.settings.slapjackkeys",
                    keys_item_about="menu.settings.slapjackkeys.about",
                    keys_title="keys.slapjack.title", howto="howto.rules.slapjack",
                    menu="menu.main.slapjack",
                    menu_about="menu.main.slapjack.about",
                    players_refused="menu.slapjack.players",
                    options="menu.options.slapjack", options_about="menu.options.slapjack.about",
                    options_defaults_about="menu.options.slapjack.defaults.about",
                    options_defaults_done="menu.options.slapjack.defaults.done"),
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
    read_scenario=FRONT.read_scenario,
    presenter=FRONT.presenter,
    keys_setting="slapjack_keys",
    options_setting="slapjack_options",
    saved_options=FRONT.saved_options,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    key_table=FRONT.key_table,
    option_items=FRONT.option_items,
    chosen_values=FRONT.chosen_values,
    linked_options={},
    reaction_record=False,
    local_game=FRONT.local_game,
    remote_seat=FRONT.remote_seat,
    watch_view=FRONT.watch_view,
    rules_lines=FRONT.rules_lines,
)
