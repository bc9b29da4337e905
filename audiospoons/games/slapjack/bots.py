"""Slapjack's bots: they turn their card after a player's pause, slap a Jack after a human
reaction (an easy bot slower and likelier to slap a King or Queen by mistake), and never read
the clock: every delay is drawn from the bot's own randomness, as the classic game's are."""

from __future__ import annotations

import random

from audiospoons.bots.levels import BotPace, Level, skill_for
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    JackMissed,
    JackSlapped,
    PileReturned,
    PlayerOut,
    SlapjackOver,
    SlapjackStarted,
    TurnPassed,
    WrongSlap,
)
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.games.slapjack.view import SlapjackView

FALSE_ALARMS = {Level.EASY: 0.12, Level.NORMAL: 0.04, Level.HARD: 0.01, Level.EXPERT: 0.0}
"""The chance that a bot slaps a King or a Queen, taking a face card for the Jack."""
LOOKALIKES = ("K", "Q")
HEEDED = (SlapjackStarted, TurnPassed, CardTurned, JackSlapped, JackMissed, PlayerOut,
          SlapjackOver)
"""The events that may change a bot's plans whoever they are of."""


class SlapjackBot:
    """One seat of Slapjack played by the machine."""

    hears_all = True
    """Its view of the table follows every seat's cards."""

    def __init__(self, seat: int, options: SlapjackOptions, rng: random.Random,
                 level: Level = Level.NORMAL, pace: BotPace | None = None) -> None:
        self.seat = seat
        self.options = options
        self.rng = rng
        self.pace = skill_for(level, pace).pace
        self.false_alarm = FALSE_ALARMS[level]
        self.view: SlapjackView | None = None
        """The table as this seat knows it, from the game's first event."""
        self._turn_at: float | None = None
        """When this bot means to turn its card, while it is its turn."""
        self._slap_at: float | None = None
        """When this bot means to slap the pile."""
        self._ready_at = 0.0
        self._planned: Command | None = None

    @property
    def active(self) -> bool:
        view = self.view
        return view is None or not (view.over or self.seat in view.out)

    @property
    def cards(self) -> int:
        """The cards this bot holds."""
        return 0 if self.view is None else self.view.counts[self.seat]

    def observe(self, event: Event) -> bool:
        if isinstance(event, SlapjackStarted):
            self.view = SlapjackView(len(event.counts))
        if self.view is not None:
            self.view.observe(event)
        if isinstance(event, TurnPassed):
            self._turn_at = (event.at + self.pace.card.sample(self.rng)
                             if event.seat == self.seat else None)
        elif isinstance(event, CardTurned):
            if event.seat == self.seat:
                self._turn_at = None
            self._slap_at = self._slap_for(event)
        elif isinstance(event, (JackSlapped, JackMissed)):
            self._slap_at = None
        elif isinstance(event, (WrongSlap, PileReturned)):
            return event.seat == self.seat
        return isinstance(event, HEEDED)

    def _slap_for(self, turned: CardTurned) -> float | None:
        """A Jack is slapped after a reaction; a King or a Queen now and then, by mistake."""
        if turned.card.rank == "J":
            return turned.at + self.pace.reaction.sample(self.rng)
        if turned.card.rank in LOOKALIKES and self.rng.random() < self.false_alarm:
            return turned.at + self.pace.reaction.sample(self.rng)
        return None

    def next_move(self) -> tuple[float, Command] | None:
        if not self.active:
            return None
        if self._slap_at is not None:
            self._planned = Slap(self.seat)
            return max(self._slap_at, self._ready_at), self._planned
        if self._turn_at is not None and self.cards > 0:
            self._planned = Turn(self.seat)
            return max(self._turn_at, self._ready_at), self._planned
        return None

    def moved(self, now: float) -> None:
        if isinstance(self._planned, Slap):
            self._slap_at = None
        else:
            self._turn_at = None
        self._planned = None

    def refused(self, now: float, reason: str = "") -> None:
        """A refused move is not tried again until something changes."""
        self.moved(now)

    def wake(self, now: float) -> None:
        self._ready_at = now
