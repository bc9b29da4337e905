"""The bookkeeping of razzing: the faults made, the phrases owed, the last cards to announce.

"Within two turns" (seed 003: razzing "someone whose error was more than 2 turns in the past" is
itself a fault) counts turns as ``TurnBegan`` numbers them: a fault made during turn ``n`` may be
razzed until turn ``n + 2`` ends, that is during the rest of its own turn and the two turns that
begin after it. A Ten's extra turn is a turn. Answering a King is not: it happens within the turn
in which the King was played.

The last card: a player whose hand goes down to one card must announce it before another player
acts (plays, draws, keeps, takes a King's or a count's cards, or has the time limit act for them).
If their hand changes first (a Ten, a penalty), there is nothing left to announce.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiospoons.razz.events import Fault

RAZZ_TURNS = 2


@dataclass(slots=True)
class FaultRecord:
    seat: int
    fault: Fault
    turn: int
    razzed: bool = False


@dataclass(slots=True)
class Referee:
    faults: list[FaultRecord] = field(default_factory=list)
    owed: dict[int, list[float]] = field(default_factory=dict)
    """Seat to the times by which it must say each phrase it owes, earliest first."""
    unannounced: set[int] = field(default_factory=set)
    """Seats down to one card that have not announced it, while they still may."""
    announced: set[int] = field(default_factory=set)

    def clear(self) -> None:
        self.faults.clear()
        self.owed.clear()
        self.unannounced.clear()
        self.announced.clear()

    # ----------------------------------------------------------------- faults and razzes

    def record(self, seat: int, fault: Fault, turn: int) -> None:
        self.faults = [f for f in self.faults if turn - f.turn <= RAZZ_TURNS]
        self.faults.append(FaultRecord(seat, fault, turn))

    def live(self, seat: int, turn: int) -> list[FaultRecord]:
        """The seat's faults still within two turns, oldest first."""
        return [f for f in self.faults if f.seat == seat and turn - f.turn <= RAZZ_TURNS]

    def razzable(self, seat: int, turn: int) -> FaultRecord | None:
        """The oldest fault of the seat that may be razzed now and has not been."""
        return next((f for f in self.live(seat, turn) if not f.razzed), None)

    # ----------------------------------------------------------------- the phrase

    def owe(self, seat: int, until: float) -> None:
        self.owed.setdefault(seat, []).append(until)
        self.owed[seat].sort()

    def owes(self, seat: int) -> bool:
        return bool(self.owed.get(seat))

    def settle(self, seat: int) -> None:
        """The seat said (or failed to say) the phrase it owed first."""
        times = self.owed[seat]
        times.pop(0)
        if not times:
            del self.owed[seat]

    def next_expiry(self) -> tuple[float, int] | None:
        """The earliest phrase window to close, and whose, the lower seat first among equals."""
        if not self.owed:
            return None
        return min((times[0], seat) for seat, times in self.owed.items())

    # ----------------------------------------------------------------- the last card

    def down_to_one(self, seat: int) -> None:
        self.unannounced.add(seat)
        self.announced.discard(seat)

    def hand_changed(self, seat: int) -> None:
        """The seat's hand is no longer one card: nothing to announce (any more)."""
        self.unannounced.discard(seat)
        self.announced.discard(seat)

    def announce(self, seat: int) -> None:
        self.unannounced.discard(seat)
        self.announced.add(seat)

    def acted(self, actor: int) -> list[int]:
        """Another player acted: the seats whose chance to announce has gone, in seat order."""
        missed = sorted(seat for seat in self.unannounced if seat != actor)
        self.unannounced.difference_update(missed)
        return missed
