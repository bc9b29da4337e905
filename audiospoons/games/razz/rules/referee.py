"""The bookkeeping of razzing: the faults made, the phrases owed, the last cards to announce.

"Within two turns" (seed 003: razzing "someone whose error was more than 2 turns in the past" is
itself a fault) counts turns as ``TurnBegan`` numbers them: a fault made during turn ``n`` may be
razzed until turn ``n + 2`` ends, that is during the rest of its own turn and the two turns that
begin after it. A Ten's extra turn is a turn. Answering a King is not: it happens within the turn
in which the King was played.

The last card: a player whose hand goes down to one card must announce it before another player
acts (plays, draws, keeps, takes a King's or a count's cards, or has the time limit act for them).
If their hand changes first (a Ten, a penalty), there is nothing left to announce. At a keyboard
the rule has an allowance, ``ANNOUNCE_GRACE``: an act within that time of the hand going down to
one card does not end the chance, since the player is still hearing their own play said.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiospoons.games.razz.rules.events import Fault

RAZZ_TURNS = 2
ANNOUNCE_GRACE = 2.0
"""Seconds after a hand goes down to one card in which no one else's act ends the chance to
announce it: time to hear "1 card left" said and press the key."""


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
    late: dict[int, int] = field(default_factory=dict)
    """Seats whose last phrase window closed unsaid, while they owe no other, and in which turn:
    a phrase said while that mistake may still be razzed, and has not been, is too late."""
    unannounced: dict[int, float] = field(default_factory=dict)
    """Seats down to one card that have not announced it, while they still may, and since
    when."""
    announced: set[int] = field(default_factory=set)

    def clear(self) -> None:
        self.faults.clear()
        self.owed.clear()
        self.late.clear()
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
        self.late.pop(seat, None)

    def owes(self, seat: int) -> bool:
        return bool(self.owed.get(seat))

    def settle(self, seat: int) -> None:
        """The seat said (or failed to say) the phrase it owed first."""
        times = self.owed[seat]
        times.pop(0)
        if not times:
            del self.owed[seat]

    def miss(self, seat: int, turn: int) -> None:
        """The window of the phrase the seat owed first closed unsaid during ``turn``."""
        self.settle(seat)
        if not self.owes(seat):
            self.late[seat] = turn

    def is_late(self, seat: int, turn: int) -> bool:
        """Whether a phrase the seat says now comes too late for the one it missed."""
        return seat in self.late and turn - self.late[seat] <= RAZZ_TURNS

    def next_expiry(self) -> tuple[float, int] | None:
        """The earliest phrase window to close, and whose, the lower seat first among equals."""
        if not self.owed:
            return None
        return min((times[0], seat) for seat, times in self.owed.items())

    # ----------------------------------------------------------------- the last card

    def down_to_one(self, seat: int, now: float) -> None:
        self.unannounced[seat] = now
        self.announced.discard(seat)

    def hand_changed(self, seat: int) -> None:
        """The seat's hand is no longer one card: nothing to announce (any more)."""
        self.unannounced.pop(seat, None)
        self.announced.discard(seat)

    def announce(self, seat: int) -> None:
        self.unannounced.pop(seat, None)
        self.announced.add(seat)

    def acted(self, actor: int, now: float) -> list[int]:
        """Another player acted at ``now``: the seats whose chance to announce has gone (their
        grace over), in seat order."""
        missed = sorted(seat for seat, since in self.unannounced.items()
                        if seat != actor and now >= since + ANNOUNCE_GRACE)
        for seat in missed:
            del self.unannounced[seat]
        return missed
