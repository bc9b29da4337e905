"""Which sounds one listener hears of classic Spoons for an event, and from where: pure (the
places are the table's, SeatPanner's)."""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardTaken,
    Eliminated,
    EmptySlot,
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
from audiospoons.sound.cues import LEFT, MIDDLE, PILE_PAN, RIGHT, STOCK_PAN, SeatPanner

CUE_NAMES = ("deal", "shuffle", "card-in", "card-out", "set", "spoon", "signal", "empty-slot",
             "react", "fight", "slip", "knife", "eliminated", "letter", "round-over", "win")
"""Every sound the game plays: its cues' files are these names'."""


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
            return [Cue("signal" if self.signal else "spoon", self.pan(event.seat, listener),
                        urgent=True)]
        if isinstance(event, EmptySlot):
            return [Cue("empty-slot", MIDDLE)]
        if isinstance(event, GripSlipped):
            return [Cue("slip", self.pan(event.seat, listener))]
        if isinstance(event, ReactionTestStarted):
            return [Cue("fight", MIDDLE)]
        if isinstance(event, ReactCue):
            pressing = listener in event.contenders and listener not in event.jumped
            return [Cue("react", MIDDLE, urgent=True)] if pressing else []
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
