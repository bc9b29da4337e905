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
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.spec import GameOptions, GameSpec, GameWords, Presenter, Scenario

if TYPE_CHECKING:
    from audiospoons.voice.announcer import Verbosity
    from audiospoons.voice.i18n import Messages


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


SPEC = GameSpec(
    name="razz",
    title="Razz Spoons",
    words=GameWords("online.lobby.newrazz", "online.lobby.newrazz.about",
                    listed_room="online.lobby.razz", room="online.room.razz"),
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
)
