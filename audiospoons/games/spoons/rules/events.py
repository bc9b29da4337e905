"""What happened in a game of classic Spoons, as data: one frozen dataclass per kind of event,
each saying who may know it (see the kernel's ``Event``).

Seats are indexes into the game's player list; cards are ``Card`` values; no event carries words
for people.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event, PressCue


class Source(Enum):
    """Where a picked-up card came from."""

    STOCK = "stock"
    QUEUE = "queue"
    PILE = "pile"
    """The top of the discard pile: in ``either``, the dealer picks up the end player's last
    discard."""


class ContestKind(Enum):
    """What a reaction test decides: the race for the spoons (reaction only), one contested
    spoon (single selection), or a fight over a claimed spoon (realtime fighting)."""

    RACE = "race"
    SPOON = "spoon"
    FIGHT = "fight"


class Penalty(Enum):
    """What a premature grab cost."""

    ELIMINATE = "eliminate"
    LETTER = "letter"
    VOID = "void"



@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamsFormed(Event):
    """Playing in teams: the pairs, partners seated apart."""

    teams: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class TeamOut(Event):
    """The last of a team went out."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round dealt; ``again`` when it is a void round dealt anew, under the same number."""

    round: int
    dealer: int
    spoons: int
    seats: tuple[int, ...]
    again: bool = False

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.NEW_ROUND


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """A seat's dealt hand: only that seat sees it."""

    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A seat picked up a card; the table hears it happen, only the taker learns the card."""

    seat: int
    source: Source
    card: Card | None
    forced: bool = False

    def owner(self) -> int | None:
        return self.seat

    def parties(self) -> tuple[int, ...] | None:
        return (self.seat,)

    def seen_by(self, seat: int | None) -> Event | None:
        if seat == self.seat or self.card is None:
            return self
        return CardTaken(self.at, self.seat, self.source, None, self.forced)


@dataclass(frozen=True, slots=True)
class CardPassed(Event):
    """A seat passed a card face down to ``to``, or discarded it to the pile when ``to`` is None."""

    seat: int
    to: int | None
    card: Card | None
    forced: bool = False

    def owner(self) -> int | None:
        return self.seat

    def parties(self) -> tuple[int, ...] | None:
        return (self.seat,) if self.to is None else (self.seat, self.to)

    def seen_by(self, seat: int | None) -> Event | None:
        if seat == self.seat or self.card is None:
            return self
        return CardPassed(self.at, self.seat, self.to, None, self.forced)


@dataclass(frozen=True, slots=True)
class KnifeDrawn(Event):
    """A card bearing Knives entered the seat's hand: it must discard ``discards`` cards to the
    pile, then draws as many, before it plays on. Seen by the whole table."""

    seat: int
    discards: int


@dataclass(frozen=True, slots=True)
class KnifeRedrawn(Event):
    """The seat made its knife discards and drew ``count`` new cards; only it sees them."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()

    def seen_by(self, seat: int | None) -> Event | None:
        if seat == self.seat or not self.cards:
            return self
        return KnifeRedrawn(self.at, self.seat, self.count)


@dataclass(frozen=True, slots=True)
class StockRecycled(Event):
    """The discard pile was shuffled into a new stock; hands and waiting cards stayed."""

    cards: int


@dataclass(frozen=True, slots=True)
class SetHeld(Event):
    """The seat's hand now holds a set of ``rank``: private, the whole game is hiding it, but
    for the seat's ``partner`` when playing in teams."""

    seat: int
    rank: str
    partner: int | None = None

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat is not None and seat in (self.seat, self.partner) else None


@dataclass(frozen=True, slots=True)
class PhaseTwoStarted(Event):
    """The first legitimate grab: from now on anyone may grab and card play stops. ``hidden``
    when feints are allowed and phase 2 is not announced: then only the grabber knows it."""

    seat: int
    hidden: bool = False

    def seen_by(self, seat: int | None) -> Event | None:
        return self if not self.hidden or seat == self.seat else None

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.FIRST_SIGN if seat != self.seat else None


@dataclass(frozen=True, slots=True)
class Reached(Event):
    """A hand reached for the spoons from ``seat``: a feint, or a first grab that nobody but
    the grabber can tell from one (``premature = bluff``, phase 2 not announced)."""

    seat: int

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.FIRST_SIGN if seat != self.seat else None


@dataclass(frozen=True, slots=True)
class Feinted(Event):
    """``seat`` reached for the spoons and took none. The others hear only the reach."""

    seat: int

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else Reached(self.at, self.seat)


@dataclass(frozen=True, slots=True)
class SpoonGrabbed(Event):
    """A spoon left the table; ``first`` marks the grab that started phase 2. With numbered
    spoons, ``spoon`` is the one won in a contest or fight. A ``hidden`` first grab is heard by
    the others only as a reach, the same as a feint."""

    seat: int
    spoons_left: int
    first: bool = False
    spoon: int | None = None
    hidden: bool = False

    def seen_by(self, seat: int | None) -> Event | None:
        return self if not self.hidden or seat == self.seat else Reached(self.at, self.seat)

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.FIRST_SIGN if seat != self.seat else None


@dataclass(frozen=True, slots=True)
class HandPassedOn(Event):
    """With the no-stock pack, the cards of a player who went out mid-round pass face down to
    ``to``'s waiting cards."""

    seat: int
    to: int
    cards: int


@dataclass(frozen=True, slots=True)
class DealerChanged(Event):
    """The dealer went out mid-round: the stock passes to the next player to the left."""

    dealer: int


@dataclass(frozen=True, slots=True)
class SpoonsChanged(Event):
    """The number of spoons on the table changed mid-round (a player went out)."""

    spoons: int


@dataclass(frozen=True, slots=True)
class PrematureGrab(Event):
    """A grab with no set before anyone had grabbed legitimately, and what it cost."""

    seat: int
    penalty: Penalty


@dataclass(frozen=True, slots=True)
class SpoonChosen(Event):
    """Single selection: a seat chose a spoon. The table hears the reach; only the chooser
    knows the number until the results. ``first`` marks the choice that started phase 2."""

    seat: int
    spoon: int | None
    first: bool = False

    def seen_by(self, seat: int | None) -> Event | None:
        if seat == self.seat or self.spoon is None:
            return self
        return SpoonChosen(self.at, self.seat, None, self.first)


@dataclass(frozen=True, slots=True)
class SpoonsKept(Event):
    """Single selection results: these seats chose a spoon nobody else chose, and keep it."""

    seats: tuple[int, ...]
    spoons_left: int


@dataclass(frozen=True, slots=True)
class SpoonContested(Event):
    """Single selection results: these seats chose the same spoon, in the order they chose."""

    spoon: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpoonClaimed(Event):
    """Realtime fighting: a seat put its hand on an untouched spoon; it is safe after the claim
    hold unless someone tries to steal it first."""

    seat: int
    spoon: int
    first: bool = False


@dataclass(frozen=True, slots=True)
class SpoonChallenged(Event):
    """Realtime fighting: ``seat`` reached for the spoon ``holder`` claimed: a steal."""

    seat: int
    spoon: int
    holder: int


@dataclass(frozen=True, slots=True)
class SpoonSafe(Event):
    """Realtime fighting: nobody challenged the claim in time; the spoon leaves the table."""

    seat: int
    spoon: int
    spoons_left: int


@dataclass(frozen=True, slots=True)
class GripSlipped(Event):
    """Realtime fighting: ``seat`` lost the fight for a spoon."""

    seat: int


@dataclass(frozen=True, slots=True)
class EmptySlot(Event):
    """Realtime fighting: ``seat`` reached for a spoon that is gone; only they hear it."""

    seat: int
    spoon: int

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class ReactionTestStarted(Event):
    contenders: tuple[int, ...]
    mash: bool
    contest: ContestKind = ContestKind.RACE
    spoon: int | None = None


@dataclass(frozen=True, slots=True)
class ReactCue(Event):
    """The moment to press: heard by the contenders. ``jumped``: those who pressed too soon,
    with no press left to make (in a fight for one spoon they have lost it)."""

    contenders: tuple[int, ...]
    contest: ContestKind = ContestKind.RACE
    spoon: int | None = None
    jumped: tuple[int, ...] = ()

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.TEST if seat in self.contenders else None


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """A press that counts, ``after`` seconds after the cue."""

    seat: int
    after: float


@dataclass(frozen=True, slots=True)
class FalseStart(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class ReactionTestEnded(Event):
    """Contenders best first; ``counts`` holds mash press counts in the same order (else empty)."""

    ranking: tuple[int, ...]
    counts: tuple[int, ...]

    def press_cue(self, seat: int) -> PressCue | None:
        return PressCue.TEST_OVER


@dataclass(frozen=True, slots=True)
class GrabTimeUp(Event):
    """The grab time limit ran out with spoons still to take."""


@dataclass(frozen=True, slots=True)
class RoundLost(Event):
    """These seats lost the round (no spoon); what it costs follows as scoring events."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LetterGiven(Event):
    seat: int
    letters: str


@dataclass(frozen=True, slots=True)
class PointAdded(Event):
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """These seats are out of the game; ``at_once`` when it happened mid-fight, because no
    spoon was left for them to try for."""

    may_leave_seats: ClassVar[bool] = True

    seats: tuple[int, ...]
    at_once: bool = False


@dataclass(frozen=True, slots=True)
class GrabDisputed(Event):
    """These seats took hold of the last spoon within a millisecond of each other: nobody can
    say who was first (``disputed = void``)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundVoided(Event):
    """Every spoon went back; the same dealer deals again and scores stand."""

    dealer: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over, and the set that started its grabbing is shown to the whole table
    (seed 004): ``set_by`` made a set of ``set_rank``, and ``first_grabber`` grabbed first (with
    two players left, not always the same player). ``checked``: early grabs are punished at
    this table, so the first grab stands checked against the set as fair."""

    round: int
    set_by: int | None = None
    set_rank: str | None = None
    first_grabber: int | None = None
    checked: bool = False


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over. ``points`` holds every seat's penalty points with points scoring, else
    it is empty."""

    winners: tuple[int, ...]
    points: tuple[int, ...] = ()
