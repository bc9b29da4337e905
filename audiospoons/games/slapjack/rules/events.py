"""What happens at Slapjack. Every card is turned face up for all to see, and every stack is
face down even to its owner, so every event is public: nobody knows more than anybody else."""

from __future__ import annotations

from dataclasses import dataclass

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event, PressCue


@dataclass(frozen=True, slots=True)
class SlapjackStarted(Event):
    players: tuple[str, ...]
    dealer: int
    counts: tuple[int, ...]
    """How many cards each stack was dealt."""


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """It is ``seat``'s turn to turn a card, until ``until``."""

    seat: int
    until: float


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    """``seat`` turned ``card`` onto the pile (by itself, ``timed_out``, when the turn's time
    ran out); ``left`` is what their stack holds now, ``pile`` the pile's size."""

    seat: int
    card: Card
    left: int
    pile: int
    timed_out: bool = False

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.RACE if self.card.rank == "J" else PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class JackSlapped(Event):
    """``seat`` slapped the Jack first and takes the ``taken`` cards of the pile: its stack
    holds ``cards`` now."""

    seat: int
    taken: int
    cards: int

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class JackMissed(Event):
    """Nobody slapped the Jack in time: it stays in the pile, and play goes on."""

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class WrongSlap(Event):
    """``seat`` slapped no Jack: the top card of its stack goes under the pile (``cards`` is
    what its stack holds now, ``pile`` the pile's size)."""

    seat: int
    cards: int
    pile: int


@dataclass(frozen=True, slots=True)
class LateSlap(Event):
    """``seat`` slapped for the Jack that ``taker`` had just taken: too late, and free, as it
    came within the Jack's slap time and before the next card was turned."""

    seat: int
    taker: int


@dataclass(frozen=True, slots=True)
class PileReturned(Event):
    """Nobody has a card left to turn: the pile goes back to ``seat`` (who turned its last
    card, or the next player still in), whose stack holds ``cards`` now."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """``seat`` is out of the game: no card left, and no Jack slapped to come back with."""

    seat: int


@dataclass(frozen=True, slots=True)
class SlapjackOver(Event):
    """The game is over: ``winners`` hold the most cards (all of them, in a game played out)."""

    winners: tuple[int, ...]
    counts: tuple[int, ...]
