"""The race for the spoons after a Jack.

Everyone grabs at once; there is one spoon fewer than players. How it settles:

- A grab takes a spoon while any is left, in the order the grabs arrive.
- A second grab by a seat that holds a spoon is a double grab ("grabs two spoons"): it takes no
  second spoon, but the seat takes the loss instead of whoever is left without one.
- The last spoon is not settled at once: a grab within ``TIE_WINDOW`` of the grab that took it
  (by the time each was made) is a fight over it, and everyone in the fight takes the loss
  instead.
- When every spoon is gone and the tie window has passed, the losers are the double grabbers and
  the fighters if there are any, else the one seat left without a spoon.
- When ``until`` comes with spoons still on the table, every seat without a spoon loses, and so
  does every double grabber.
- With a ``late`` window (the relay's, for presses across a network), a grab does not take a
  spoon as it arrives: it waits ``late`` seconds from its arrival for grabs made earlier that
  arrived later, and the spoon goes to the earliest made (then the next spoon, to the next
  earliest, each waiting ``late`` from its own arrival). A grab made within ``TIE_WINDOW`` of
  the one that took the last spoon is a fight over it, as above.
"""

from __future__ import annotations

from audiospoons.engine.commands import TIE_WINDOW
from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.events import DoubleGrab, SpoonFought, SpoonTaken


class SpoonRace:
    """One race; the game feeds it grabs and due times and reads the losers at the end."""

    def __init__(self, seats: int, start: float, limit: float, late: float = 0.0) -> None:
        self.seats = seats
        self.late = late
        self.claims: dict[int, tuple[float, float]] = {}
        """Grabs waiting out the late window: seat to (made at, arrived at)."""
        self.spoons = seats - 1
        self.start = start
        self.until = start + limit
        self.holders: list[int] = []
        self.doubles: list[int] = []
        self.fighters: list[int] = []
        self.last_grab_at: float | None = None
        self.settle_at: float | None = None

    @property
    def spoons_left(self) -> int:
        return self.spoons - len(self.holders)

    def deadline(self) -> float:
        times = [self.until, self.settle_at, self.claim_until()]
        return min(t for t in times if t is not None)

    def claim_until(self) -> float | None:
        """When the earliest-arrived waiting grab has waited out the late window."""
        if not self.claims:
            return None
        return min(arrived for _, arrived in self.claims.values()) + self.late

    def claim_due(self, now: float) -> bool:
        due = self.claim_until()
        return due is not None and due <= now

    def verify_grab(self, seat: int) -> None:
        if seat in self.doubles or seat in self.fighters:
            raise NotAllowedNow("that hand has already grabbed its last", reason="grabbed-twice")

    def grab(self, seat: int, now: float, at: float) -> list[Event]:
        """A grab arriving at ``now``, made at ``at``."""
        self.verify_grab(seat)
        if seat in self.holders or seat in self.claims:
            self.doubles.append(seat)
            return [DoubleGrab(now, seat)]
        if self.late > 0 and self.spoons_left:
            self.claims[seat] = (at, now)
            return []
        if self.spoons_left:
            self.holders.append(seat)
            events: list[Event] = [SpoonTaken(now, seat, self.spoons_left)]
            if not self.spoons_left:
                self.last_grab_at = at
                # A grab dated back (across a network) may end its tie window before it
                # arrived: the race then settles at once, never in the past.
                self.settle_at = max(now, at + TIE_WINDOW)
            return events
        last = self.holders[-1]
        if last not in self.fighters:
            self.fighters.append(last)
        self.fighters.append(seat)
        return [SpoonFought(now, tuple(self.fighters))]

    def settle_claim(self, now: float) -> list[Event]:
        """The waiting grab that arrived first has waited long enough: a spoon goes to the
        earliest made of the grabs waiting. Once the last spoon goes, the grabs still waiting
        that were made within ``TIE_WINDOW`` of it fight over it; the others are too late."""
        winner = min(self.claims, key=lambda seat: (*self.claims[seat], seat))
        made = self.claims.pop(winner)[0]
        self.holders.append(winner)
        events: list[Event] = [SpoonTaken(now, winner, self.spoons_left)]
        if self.spoons_left:
            return events
        self.last_grab_at = made
        self.settle_at = now
        rivals = sorted((at, seat) for seat, (at, _) in self.claims.items()
                        if at - made < TIE_WINDOW)
        self.claims = {}
        if rivals:
            self.fighters = [winner, *(seat for _, seat in rivals)]
            events.append(SpoonFought(now, tuple(self.fighters)))
        return events

    def losers(self) -> tuple[tuple[int, ...], bool]:
        """Who lost, and whether the time ran out first (see the module's rules)."""
        timed_out = self.spoons_left > 0
        instead = [*self.doubles, *(s for s in self.fighters if s not in self.doubles)]
        if timed_out:
            left = [s for s in range(self.seats) if s not in self.holders and s not in instead]
            return tuple(sorted([*instead, *left])), True
        if instead:
            return tuple(sorted(instead)), False
        return tuple(s for s in range(self.seats) if s not in self.holders), False
