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
"""

from __future__ import annotations

from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.engine.reaction import TIE_WINDOW
from audiospoons.razz.events import DoubleGrab, SpoonFought, SpoonTaken


class SpoonRace:
    """One race; the game feeds it grabs and due times and reads the losers at the end."""

    def __init__(self, seats: int, start: float, limit: float) -> None:
        self.seats = seats
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
        return self.until if self.settle_at is None else min(self.settle_at, self.until)

    def verify_grab(self, seat: int) -> None:
        if seat in self.doubles or seat in self.fighters:
            raise NotAllowedNow("that hand has already grabbed its last", reason="grabbed-twice")

    def grab(self, seat: int, now: float, at: float) -> list[Event]:
        """A grab arriving at ``now``, made at ``at``."""
        self.verify_grab(seat)
        if seat in self.holders:
            self.doubles.append(seat)
            return [DoubleGrab(now, seat)]
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
