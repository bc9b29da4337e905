"""Which sounds one listener hears of Razz Spoons, and from where: pure.

Seats sound where ``cues.seat_pan`` puts them, as in the classic game. A card the listener
plays goes to the pile (middle left) and one they draw comes from the stock (middle right);
another player's card is heard at their seat, so a card played out of turn is heard from the
wrong place. Each power has its own short sound from the seat of the player who played it, and
the Jack's race for the spoons sounds like the classic race: the urgent react beeps, then each
grab's clink from the grabber's seat. A fault makes no sound: noticing it is the others' part.
"""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
    DoubleGrab,
    GameWon,
    KingAimed,
    LastCardAnnounced,
    PhraseChosen,
    PhraseOwed,
    PhraseSaid,
    PileTurnedOver,
    RazzCalled,
    RoundWon,
    SpoonFought,
    SpoonsOut,
    SpoonTaken,
    TurnBegan,
)
from audiospoons.games.razz.rules.facts import EIGHT
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import MIDDLE, PILE_PAN, STOCK_PAN, SeatPanner

CUE_NAMES = ("deal", "shuffle", "card-in", "card-out", "spoon", "react", "eliminated",
             "round-over", "win", "king", "reverse", "repeat", "wild", "count", "razz", "phrase",
             "last-card")
"""Every sound the game plays: the classic game's it shares, then its own."""


class RazzCueMapper(SeatPanner):
    """Turns Razz Spoons events into the cues one listener hears at a table of ``players``."""


    def cues(self, event: Event, listener: int | None) -> list[Cue]:
        """The cues for ``event`` as ``listener`` may know it (``Event.seen_by`` applied)."""
        match event:
            case DealStarted():
                return [Cue("deal", self.pan(event.dealer, listener))]
            case PileTurnedOver():
                return [Cue("shuffle", MIDDLE)]
            case CardPlayed():
                return self._played(event, listener)
            case CardsDrawn():
                if not event.count:
                    return []
                if event.seat == listener:
                    return [Cue("card-in", STOCK_PAN)]
                return [Cue("card-in", self.pan(event.seat, listener))]
            case TurnBegan():
                return [Cue("repeat", self.pan(event.seat, listener))] if event.again else []
            case KingAimed():
                return [Cue("king", self.pan(event.seat, listener))]
            case DirectionReversed():
                return [Cue("reverse", MIDDLE)]
            case CountRaised():
                return [Cue("count", self.pan(event.seat, listener))]
            case SpoonsOut():
                return [Cue("react", MIDDLE, urgent=True)]
            case SpoonTaken() | DoubleGrab():
                return [Cue("spoon", self.pan(event.seat, listener), urgent=True)]
            case SpoonFought():
                return [Cue("spoon", self.pan(event.seats[-1], listener), urgent=True)]
            case PhraseOwed():
                return [Cue("react", MIDDLE, urgent=True)] if event.seat == listener else []
            case PhraseChosen() | PhraseSaid():
                return [Cue("phrase", self.pan(event.seat, listener))]
            case LastCardAnnounced():
                return [Cue("last-card", self.pan(event.seat, listener))]
            case RazzCalled():
                return [Cue("razz", self.pan(event.seat, listener))]
            case RoundWon():
                return [Cue("round-over", MIDDLE)]
            case GameWon():
                won = listener is None or listener in event.winners
                return [Cue("win" if won else "eliminated", MIDDLE)]
        return []

    def _played(self, event: CardPlayed, listener: int | None) -> list[Cue]:
        """The card onto the pile, and an Eight's wild sound where it is not the last card."""
        where = PILE_PAN if event.seat == listener else self.pan(event.seat, listener)
        cues = [Cue("card-out", where)]
        if event.card.rank == EIGHT and event.cards_left:
            cues.append(Cue("wild", where))
        return cues
