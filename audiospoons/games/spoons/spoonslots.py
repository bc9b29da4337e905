"""What one seat knows of the numbered spoons this round, from the events it was given: pure.

Shared by the bots, which choose a spoon from it, and by the keyboard player's view, which
answers "which spoons are free?" and aims the grab key. In single selection the others' choices
are hidden until the results; in realtime fighting claims, fights and safe spoons are public.
"""

from __future__ import annotations

from enum import Enum

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    EmptySlot,
    GripSlipped,
    ReactionTestStarted,
    RoundStarted,
    SpoonChallenged,
    SpoonChosen,
    SpoonClaimed,
    SpoonGrabbed,
    SpoonSafe,
    SpoonsChanged,
)


class Slot(Enum):
    FREE = "free"
    CLAIMED = "claimed"
    FIGHTING = "fighting"
    TAKEN = "taken"


class SpoonSlots:
    """One seat's view of the numbered spoons."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.slots: list[Slot] = []
        self.holders: dict[int, int] = {}
        """Spoon number to the seat that claimed or took it, where known."""
        self.chosen: int | None = None
        """The spoon this seat chose (single selection)."""
        self.others_chose = 0
        """How many others it has heard choose (single selection hides which spoon)."""
        self.stole = False
        self.busy = False
        """Its hand is on a spoon: a claim, a steal waiting for its fight, or a fight."""

    def observe(self, event: Event) -> None:
        me = self.seat
        if isinstance(event, RoundStarted | SpoonsChanged):
            self.slots = [Slot.FREE] * event.spoons
            self.holders = {}
            self.chosen, self.stole, self.busy = None, False, False
            self.others_chose = 0
        elif isinstance(event, SpoonChosen):
            if event.seat == me:
                self.chosen = event.spoon
            else:
                self.others_chose += 1
        elif isinstance(event, SpoonClaimed):
            self._set(event.spoon, Slot.CLAIMED, event.seat)
            self.busy = self.busy or event.seat == me
        elif isinstance(event, SpoonChallenged):
            if event.seat == me:
                self.stole = self.busy = True
        elif isinstance(event, ReactionTestStarted) and event.contest is ContestKind.FIGHT:
            if event.spoon is not None:
                self._set(event.spoon, Slot.FIGHTING)
        elif isinstance(event, SpoonSafe | SpoonGrabbed) and event.spoon is not None:
            self._set(event.spoon, Slot.TAKEN, event.seat)
        elif isinstance(event, EmptySlot):
            self._set(event.spoon, Slot.TAKEN)
        elif isinstance(event, GripSlipped) and event.seat == me:
            self.busy = False

    def numbers(self, slot: Slot) -> list[int]:
        return [n for n, each in enumerate(self.slots, start=1) if each is slot]

    def stealable(self) -> list[int]:
        """Claimed spoons this seat may still try to steal."""
        if self.stole:
            return []
        return [n for n in self.numbers(Slot.CLAIMED) if self.holders.get(n) != self.seat]

    def _set(self, spoon: int, slot: Slot, holder: int | None = None) -> None:
        if 1 <= spoon <= len(self.slots):
            self.slots[spoon - 1] = slot
            if holder is not None:
                self.holders[spoon] = holder
