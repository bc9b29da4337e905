"""Which sounds one listener hears of Slapjack, and from where: pure.

A card turned is heard from the seat of whoever turned it onto the pile; a Jack is the urgent
``jack`` call, and the slap that takes it the ``slap`` of a hand on the table from the slapper's
seat. A wrong slap is a slap too, and the card it gives goes to the pile (middle left); a slap
too late is a slap alone.
"""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    JackMissed,
    JackSlapped,
    LateSlap,
    PileReturned,
    PlayerOut,
    SlapjackOver,
    SlapjackStarted,
    WrongSlap,
)
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import MIDDLE, PILE_PAN, SeatPanner

CUE_NAMES = ("deal", "shuffle", "card-in", "card-out", "eliminated", "round-over", "win",
             "slap", "jack")
"""Every sound the game plays: those it shares with the other games, then its own."""


class SlapjackCueMapper(SeatPanner):
    """Turns Slapjack events into the cues one listener hears at a table of ``players``."""


    def cues(self, event: Event, listener: int | None) -> list[Cue]:
        match event:
            case SlapjackStarted():
                return [Cue("deal", self.pan(event.dealer, listener))]
            case CardTurned():
                turned = Cue("card-out", self.pan(event.seat, listener))
                if event.card.rank == "J":
                    return [turned, Cue("jack", MIDDLE, urgent=True)]
                return [turned]
            case JackSlapped():
                return [Cue("slap", self.pan(event.seat, listener), urgent=True),
                        Cue("card-in", self.pan(event.seat, listener))]
            case WrongSlap():
                return [Cue("slap", self.pan(event.seat, listener)), Cue("card-out", PILE_PAN)]
            case LateSlap():
                return [Cue("slap", self.pan(event.seat, listener))]
            case JackMissed():
                return [Cue("round-over", MIDDLE)]
            case PileReturned():
                return [Cue("shuffle", self.pan(event.seat, listener))]
            case PlayerOut():
                return [Cue("eliminated", self.pan(event.seat, listener))]
            case SlapjackOver():
                return [Cue("win", MIDDLE)]
        return []
