"""What happened in Razz Spoons, as data: one frozen dataclass per kind of event.

Seats are indexes into the player list, cards are ``Card`` values, and no event carries words for
people (the phrase is the players' own text). Every player's card count is public (seed 003
makes hiding it a fault), so the events that change a hand carry its new size; only a seat's own
cards are private to it (``seen_by``). The class names differ from the classic game's, as the
wire keys on them, and no field is named ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event, PressCue


class DrawCause(Enum):
    """Why a seat drew cards, or why it owes the phrase."""

    TURN = "turn"
    KING = "king"
    COUNT = "count"
    SPOONS = "spoons"
    RAZZED = "razzed"


class Fault(Enum):
    """A mistake another player may razz."""

    NO_ANNOUNCEMENT = "no-announcement"
    NO_PHRASE = "no-phrase"
    OUT_OF_TURN = "out-of-turn"
    MISMATCH = "mismatch"
    WRONG_RAZZ = "wrong-razz"
    """Razzing a player with no mistake to razz: seed 003 names it first among the mistakes."""


@dataclass(frozen=True, slots=True)
class RazzGameStarted(Event):
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A round is dealt: ``counts`` is every seat's hand size."""

    round: int
    dealer: int
    spoons: int
    counts: tuple[int, ...]

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A seat's dealt hand: only that seat sees it."""

    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class StarterTurned(Event):
    """The top of the stock turned face up to start the discard pile; it has no power."""

    card: Card
    stock: int


@dataclass(frozen=True, slots=True)
class PhraseWanted(Event):
    """The game waits for the dealer to choose the Razzing Phrase (once per game)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PhraseTimeUp(Event):
    """The dealer's time to choose the phrase ran out: the game chooses it for them (the
    ``PhraseChosen`` that follows)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PhraseChosen(Event):
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """``turn`` numbers the turns of the round from 1; ``again`` after a Ten; ``until`` is when
    the turn time limit runs out, if there is one."""

    seat: int
    turn: int
    again: bool
    clockwise: bool
    until: float | None = None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card went onto the pile; ``suit`` is the suit now in force (the named one after an
    Eight); ``cards_left`` the player's hand size."""

    seat: int
    card: Card
    suit: str
    cards_left: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A seat drew ``count`` cards (fewer than asked when stock and pile ran out). Only the
    drawer learns the cards. ``playable``: the card drawn in a turn may be played at once."""

    seat: int
    cards: tuple[Card, ...]
    count: int
    cards_left: int
    cause: DrawCause
    playable: bool = False

    def seen_by(self, seat: int | None) -> Event | None:
        if seat == self.seat or not self.cards:
            return self
        return CardsDrawn(self.at, self.seat, (), self.count, self.cards_left, self.cause,
                          self.playable)


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    """The turn's player kept the playable card they drew, which ends the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class PileTurnedOver(Event):
    """The stock ran out: the pile but its top card was shuffled into a new stock."""

    cards: int


@dataclass(frozen=True, slots=True)
class TurnTimeUp(Event):
    """The turn time limit ran out: the game acts for ``seat`` (a draw, or taking the cards)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    """A Queen: play now goes the other way."""

    clockwise: bool


@dataclass(frozen=True, slots=True)
class KingAimed(Event):
    """A King: ``target`` must take ``count`` cards, or bounce them back to ``seat`` with a
    King of their own."""

    seat: int
    target: int
    count: int
    until: float | None = None


@dataclass(frozen=True, slots=True)
class CountRaised(Event):
    """A Two started the counting phase, or a two or an ace raised its count."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class SpoonsOut(Event):
    """A Jack: the race for the spoons starts now (this event's time); those without a spoon
    at ``until`` lose it."""

    seat: int
    spoons: int
    until: float

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.RACE if seat != self.seat else None


@dataclass(frozen=True, slots=True)
class SpoonTaken(Event):
    seat: int
    spoons_left: int


@dataclass(frozen=True, slots=True)
class DoubleGrab(Event):
    """A seat that already held a spoon grabbed again: it takes the loss instead."""

    seat: int


@dataclass(frozen=True, slots=True)
class SpoonFought(Event):
    """Two or more hands on the last spoon within the tie window: they all take the loss."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RaceOver(Event):
    """The race for the spoons is settled; ``losers`` say the phrase and draw two."""

    losers: tuple[int, ...]
    timed_out: bool

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class PhraseOwed(Event):
    """``seat`` must say the Razzing Phrase before ``until``."""

    seat: int
    until: float
    cause: DrawCause


@dataclass(frozen=True, slots=True)
class PhraseSaid(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class LastCardAnnounced(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class FaultMade(Event):
    """A razzable mistake became a fact during turn ``turn``: it may be razzed until the end
    of turn ``turn + 2``."""

    seat: int
    fault: Fault
    turn: int


@dataclass(frozen=True, slots=True)
class RazzCalled(Event):
    """``seat`` razzed ``target``: ``rightly`` for a fault (named), else wrongly, which is a
    fault of the razzer's (the ``FaultMade`` that follows)."""

    seat: int
    target: int
    rightly: bool
    fault: Fault | None = None


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """``seat`` ran out of cards."""

    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """``points``: what each seat's hand cost it this round; ``totals``: the game so far."""

    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """The game is over: the fewest points win, ties share the win."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
