"""What a seat at this keyboard is given, whichever game it plays: the player's choices, and for
a game against bots the table to set. Each game builds its own seats from these
(``RulesSpec.local_game``, ``remote_seat``, ``watch_view``), so that the session, the online
session and the menus hand every game the same things."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from audiospoons.bots.levels import Level
from audiospoons.engine.rules import GameOptions
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import GameResult, KeySource, PastReactions
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

SPOON_STYLES = ("numbers", "colours")
"""How numbered spoons may be named to the player, by the word the settings keep: by number or
by colour. The game that numbers its spoons reads the word as its own style of naming them."""


@dataclass(frozen=True, slots=True)
class SeatPrefs:
    """How the player has chosen to hear and play a seat."""

    verbosity: Verbosity = Verbosity.FULL
    keys: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Each game's moved keys (action name to key label), by the game's name."""
    spoon_style: str = SPOON_STYLES[0]
    """How numbered spoons are named (one of ``SPOON_STYLES``)."""

    def keys_of(self, game: str) -> dict[str, str]:
        """The keys the player moved in ``game``."""
        return dict(self.keys.get(game, {}))


@dataclass(frozen=True, slots=True)
class LocalTable:
    """A game against bots at this keyboard, as it is to be set."""

    options: GameOptions
    players: int
    messages: Messages
    speaker: Speaker
    sounds: CuePlayer | None
    prefs: SeatPrefs
    seed: int | None = None
    rate_setter: Callable[[int], int | None] | None = None
    bot_level: Level = Level.NORMAL
    record: PastReactions | None = None
    """The player's reaction record so far, for a game whose status keys say it."""
    clock: Callable[[], float] = time.monotonic
    """The game's time, which a web session stops while its page is away."""


class LocalSeat(Protocol):
    """A game against bots at this keyboard."""

    def play(self, keys: KeySource) -> GameResult:
        """Play to the end, or until the player quits (``won`` is then None)."""

    def left(self) -> GameResult:
        """The game as it stands for a player leaving it now (``won`` None): their reaction
        times so far."""
