"""The games a room can play, as the relay needs to know them: how to read the room's options,
deal a game, seat a bot, and which events still matter to where a game stands.

A room keeps one ``RoomGame`` and asks it everything that differs between classic Spoons and Razz
Spoons, so that the room, the relay and the protocol stay the same for both.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, cast

from audiospoons.bots.levels import Level
from audiospoons.bots.simple import make_bot
from audiospoons.engine.errors import InvalidOptions
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
    RoundStarted,
    TeamsFormed,
)
from audiospoons.engine.game import ClassicGame
from audiospoons.engine.options import Options
from audiospoons.engine.presets import PRESET_KEY, with_preset
from audiospoons.engine.rules import Bot, Rules
from audiospoons.razz.bots import RazzBot
from audiospoons.razz.events import (
    DealStarted,
    GameWon,
    PhraseChosen,
    RazzGameStarted,
    RoundScored,
    RoundWon,
)
from audiospoons.razz.game import RazzGame
from audiospoons.razz.options import RazzOptions

CLASSIC = "spoons"
RAZZ = "razz"


class RoomOptions(Protocol):
    """A game's options, as a room shows and checks them."""

    def describe(self) -> dict[str, str]: ...

    def check_players(self, players: int) -> None: ...


@dataclass(frozen=True, slots=True)
class RoomGame:
    """One game a room can play."""

    name: str
    """As the protocol writes it: ``spoons`` or ``razz``."""
    read_options: Callable[[Mapping[str, str]], tuple[RoomOptions, dict[str, str]]]
    """The room's options from what ``create_room`` gave (a preset among them), with the
    values as they are to be remembered; a bad value raises ``InvalidOptions``."""
    deal: Callable[[list[str], RoomOptions, random.Random, int], Rules]
    """A new game: the players' names, the options, its randomness, the dealer."""
    bot: Callable[[int, RoomOptions, random.Random, Level], Bot]
    round_start: type[Event]
    game_over: type[Event]
    standing: tuple[type[Event], ...]
    """Events of earlier rounds that still matter to where the game stands."""
    told_on_return: Callable[[Event, int | None], bool]
    """Whether a player taking the seat back (or a spectator, None, coming in) is told this
    event of the game so far."""


def _classic_options(values: Mapping[str, str]) -> tuple[RoomOptions, dict[str, str]]:
    kept = {key: str(value) for key, value in with_preset(dict(values)).items()}
    return Options.from_mapping(kept), kept


def _razz_options(values: Mapping[str, str]) -> tuple[RoomOptions, dict[str, str]]:
    if PRESET_KEY in values:
        raise InvalidOptions("Razz Spoons has no presets: give its options one by one")
    kept = dict(values)
    return RazzOptions.from_mapping(kept), kept


def _classic_told(event: Event, seat: int | None) -> bool:
    """The cards that passed between other seats change nothing the seat knows."""
    if isinstance(event, CardPassed) and event.to == seat:
        return True
    return not (isinstance(event, CardTaken | CardPassed) and event.seat != seat)


CLASSIC_GAME = RoomGame(
    name=CLASSIC,
    read_options=_classic_options,
    deal=lambda names, options, rng, dealer: ClassicGame(
        names, cast(Options, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level: make_bot(seat, cast(Options, options), rng, level),
    round_start=RoundStarted,
    game_over=GameOver,
    standing=(GameStarted, TeamsFormed, LetterGiven, PointAdded, Eliminated, DealerChanged),
    told_on_return=_classic_told,
)

RAZZ_GAME = RoomGame(
    name=RAZZ,
    read_options=_razz_options,
    deal=lambda names, options, rng, dealer: RazzGame(
        names, cast(RazzOptions, options), rng, dealer=dealer),
    bot=lambda seat, options, rng, level: RazzBot(seat, cast(RazzOptions, options), rng, level),
    round_start=DealStarted,
    game_over=GameWon,
    standing=(RazzGameStarted, PhraseChosen, RoundWon, RoundScored),
    told_on_return=lambda event, seat: True,
)

ROOM_GAMES: dict[str, RoomGame] = {CLASSIC: CLASSIC_GAME, RAZZ: RAZZ_GAME}
"""Every game a room can play, by its name on the wire."""
