"""Which numbered spoon a bot reaches for, from what its seat has heard of the spoons.

Single selection hides the others' choices until the results, so a bot mostly takes spoon 1,
the first a person's hand would go to, and now and then another. In realtime fighting the claims
are public: a bot mostly takes the lowest untouched spoon and now and then another untouched
one. It steals only when nothing is untouched, which is when stealing pays: without it, it is
out. It never reaches while its hand is on a spoon or in a fight, and defends by reacting.
"""

from __future__ import annotations

import random
from enum import Enum

from audiospoons.engine.events import (
    ContestKind,
    EmptySlot,
    Event,
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
from audiospoons.engine.options import Grabbing

LOWEST_CHANCE = 0.75
"""How often a bot takes the lowest spoon it may take rather than another at random."""


class Slot(Enum):
    FREE = "free"
    CLAIMED = "claimed"
    FIGHTING = "fighting"
    TAKEN = "taken"


class SpoonChoice:
    """One seat's view of the numbered spoons this round."""

    def __init__(self, seat: int, grabbing: Grabbing) -> None:
        self.seat = seat
        self.grabbing = grabbing
        self.slots: list[Slot] = []
        self.holders: dict[int, int] = {}
        self.chosen = False
        self.stole = False
        self.busy = False
        """Its hand is on a spoon: a claim, a steal waiting for its fight, or a fight."""

    @property
    def numbered(self) -> bool:
        return self.grabbing is not Grabbing.REACTION

    def observe(self, event: Event) -> None:
        """Take in what an event tells of the spoons."""
        me = self.seat
        if isinstance(event, RoundStarted | SpoonsChanged):
            self.slots = [Slot.FREE] * event.spoons
            self.holders = {}
            self.chosen = self.stole = self.busy = False
        elif isinstance(event, SpoonChosen) and event.seat == me:
            self.chosen = True
        elif isinstance(event, SpoonClaimed):
            self._set(event.spoon, Slot.CLAIMED)
            self.holders[event.spoon] = event.seat
            self.busy = self.busy or event.seat == me
        elif isinstance(event, SpoonChallenged):
            if event.seat == me:
                self.stole = self.busy = True
        elif isinstance(event, ReactionTestStarted) and event.kind is ContestKind.FIGHT:
            if event.spoon is not None:
                self._set(event.spoon, Slot.FIGHTING)
        elif isinstance(event, SpoonSafe | EmptySlot):
            self._set(event.spoon, Slot.TAKEN)
        elif isinstance(event, GripSlipped) and event.seat == me:
            self.busy = False
        elif isinstance(event, SpoonGrabbed) and event.spoon is not None:
            self._set(event.spoon, Slot.TAKEN)

    def choose(self, rng: random.Random) -> int | None:
        """The spoon to reach for now, or None when there is none worth reaching for."""
        if not self.slots or self.busy:
            return None
        if self.grabbing is Grabbing.SELECTION:
            if self.chosen:
                return None
            return self._lowest_or_any(list(range(1, len(self.slots) + 1)), rng)
        free = [n for n, slot in enumerate(self.slots, start=1) if slot is Slot.FREE]
        if free:
            return self._lowest_or_any(free, rng)
        if self.stole:
            return None
        claimed = [n for n, slot in enumerate(self.slots, start=1)
                   if slot is Slot.CLAIMED and self.holders.get(n) != self.seat]
        return claimed[0] if claimed else None

    def _lowest_or_any(self, numbers: list[int], rng: random.Random) -> int:
        if rng.random() < LOWEST_CHANCE:
            return numbers[0]
        return rng.choice(numbers)

    def _set(self, spoon: int, slot: Slot) -> None:
        if 1 <= spoon <= len(self.slots):
            self.slots[spoon - 1] = slot
