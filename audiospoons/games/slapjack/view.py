"""The Slapjack table as every seat knows it, from the events it is told: pure. The keyboard's
status keys and the bots read the same view."""

from __future__ import annotations

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event
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


class SlapjackView:
    """The table as every seat knows it: every card is turned face up for all."""

    def __init__(self, players: int) -> None:
        self.counts = [0] * players
        self.pile = 0
        """How many cards the pile holds."""
        self.top: Card | None = None
        """The card face up on top of the pile (None when only cards given face down are)."""
        self.turn: int | None = None
        self.jack_waiting = False
        self.out: set[int] = set()
        self.winners: tuple[int, ...] = ()
        self.over = False

    def observe(self, event: Event) -> None:
        match event:
            case SlapjackStarted():
                self.counts = list(event.counts)
            case TurnPassed():
                self.turn = event.seat
            case CardTurned():
                self.counts[event.seat] = event.left
                self.pile, self.top = event.pile, event.card
                self.jack_waiting = event.card.rank == "J"
            case JackSlapped():
                self.counts[event.seat] = event.cards
                self.pile, self.top = 0, None
                self.jack_waiting = False
            case JackMissed():
                self.jack_waiting = False
            case WrongSlap():
                self.counts[event.seat] = event.cards
                self.pile = event.pile
            case PileReturned():
                self.counts[event.seat] = event.cards
                self.pile, self.top = 0, None
            case PlayerOut():
                self.out.add(event.seat)
            case SlapjackOver():
                self.winners, self.over = event.winners, True
