"""Which sounds one listener hears for an event, and from where: pure.

The listener sits in the middle of the stereo field. The other seats spread across it in seating
order, from the left-hand neighbour (the next seat, to whom cards are passed) hard left, round the
table, to the right-hand neighbour (who passes to the listener) hard right; so cards arrive from
the right and leave to the left, always: a pass comes from the next active player on the right
and goes to the next on the left, whoever has gone out between. A spectator hears the seats
spread in seat order from right to left, so that passes go leftwards for them too. Seats keep
their places when players go out, as people at a table do.
"""

from __future__ import annotations

from audiospoons.engine.events import (
    CardPassed,
    CardTaken,
    Eliminated,
    EmptySlot,
    Event,
    Feinted,
    GameOver,
    GripSlipped,
    KnifeDrawn,
    LetterGiven,
    PointAdded,
    PrematureGrab,
    Reached,
    ReactCue,
    ReactionTestStarted,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SetHeld,
    Source,
    SpoonChallenged,
    SpoonChosen,
    SpoonClaimed,
    SpoonGrabbed,
    StockRecycled,
)
from audiospoons.sound.cue import Cue

MIDDLE = 0.0
RIGHT = 1.0
LEFT = -1.0
STOCK_PAN = 0.5
"""The stock lies in the middle, towards the right: a drawn card arrives from there."""
PILE_PAN = -0.5
"""The discard pile lies in the middle, towards the left: a discard leaves that way."""


def seat_pan(seat: int, listener: int | None, players: int) -> float:
    """Where ``seat`` sounds for ``listener`` at a table of ``players`` seats."""
    if seat == listener or players < 2:
        return MIDDLE
    if listener is None:
        return 1.0 - 2.0 * seat / (players - 1)
    if players == 2:
        return MIDDLE
    steps = (seat - listener) % players
    return -1.0 + 2.0 * (steps - 1) / (players - 2)


class SeatPanner:
    """Where each seat's sounds come from at a table of ``players``, for one listener: every
    game's cue mapper places its sounds so."""

    def __init__(self, players: int) -> None:
        self.players = players

    def pan(self, seat: int, listener: int | None) -> float:
        return seat_pan(seat, listener, self.players)


class CueMapper(SeatPanner):
    """Turns events into the cues one listener hears at a table of ``players`` seats."""

    def __init__(self, players: int, *, signal: bool = False) -> None:
        super().__init__(players)
        self.signal = signal
        """Pig, Donkey and Tongue: a spoon taken is the signal, and sounds like one."""

    def cues(self, event: Event, listener: int | None) -> list[Cue]:
        """The cues for ``event`` as ``listener`` may know it (``Event.seen_by`` applied)."""
        if isinstance(event, RoundStarted):
            return [Cue("deal", self.pan(event.dealer, listener))]
        if isinstance(event, StockRecycled):
            return [Cue("shuffle", MIDDLE)]
        if isinstance(event, CardTaken):
            if event.seat == listener and event.source is Source.STOCK:
                return [Cue("card-in", STOCK_PAN)]
            return []
        if isinstance(event, CardPassed):
            return self._passed(event, listener)
        if isinstance(event, SetHeld):
            return [Cue("set", MIDDLE)]
        if isinstance(event, KnifeDrawn):
            return [Cue("knife", self.pan(event.seat, listener))]
        if isinstance(event, SpoonGrabbed | PrematureGrab | SpoonChosen | SpoonClaimed
                      | SpoonChallenged | Reached | Feinted):
            name = "signal" if self.signal else "spoon"
            return [Cue(name, self.pan(event.seat, listener), urgent=True)]
        if isinstance(event, EmptySlot):
            return [Cue("empty-slot", MIDDLE)]
        if isinstance(event, GripSlipped):
            return [Cue("slip", self.pan(event.seat, listener))]
        if isinstance(event, ReactionTestStarted):
            return [Cue("fight", MIDDLE)]
        if isinstance(event, ReactCue):
            return [Cue("react", MIDDLE, urgent=True)] if listener in event.contenders else []
        if isinstance(event, LetterGiven | PointAdded):
            return [Cue("letter", self.pan(event.seat, listener))]
        if isinstance(event, Eliminated):
            where = self.pan(event.seats[0], listener) if len(event.seats) == 1 else MIDDLE
            return [Cue("eliminated", where)]
        if isinstance(event, RoundEnded | RoundVoided):
            return [Cue("round-over", MIDDLE)]
        if isinstance(event, GameOver):
            return [Cue("win", MIDDLE)]
        return []

    def _passed(self, event: CardPassed, listener: int | None) -> list[Cue]:
        if listener is None:
            return []
        if event.to == listener:
            return [Cue("card-in", RIGHT)]
        if event.seat == listener:
            return [Cue("card-out", PILE_PAN if event.to is None else LEFT)]
        return []
