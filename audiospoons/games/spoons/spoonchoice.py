"""Which numbered spoon a bot reaches for, from what its seat has heard of the spoons.

Single selection hides the others' choices until the results, so a bot guesses: mostly the
spoon after as many as it has heard others choose (the lowest it can hope is free, if they took
the lowest), now and then another. In realtime fighting the claims
are public: a bot mostly takes the lowest untouched spoon and now and then another untouched
one. It steals only when nothing is untouched, which is when stealing pays: without it, it is
out. It never reaches while its hand is on a spoon or in a fight, and defends by reacting.
"""

from __future__ import annotations

import random

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.options import Grabbing
from audiospoons.games.spoons.spoonslots import Slot, SpoonSlots

LOWEST_CHANCE = 0.75
"""How often a bot takes the lowest spoon it may take rather than another at random."""


class SpoonChoice:
    """One bot's choice of spoon, from its seat's view of the spoons."""

    def __init__(self, seat: int, grabbing: Grabbing) -> None:
        self.grabbing = grabbing
        self.view = SpoonSlots(seat)

    @property
    def numbered(self) -> bool:
        return self.grabbing is not Grabbing.REACTION

    def observe(self, event: Event) -> None:
        self.view.observe(event)

    def choose(self, rng: random.Random) -> int | None:
        """The spoon to reach for now, or None when there is none worth reaching for."""
        view = self.view
        if not view.slots or view.busy:
            return None
        if self.grabbing is Grabbing.SELECTION:
            if view.chosen is not None:
                return None
            count = len(view.slots)
            guess = min(view.others_chose + 1, count)
            return guess if rng.random() < LOWEST_CHANCE else rng.randint(1, count)
        free = view.numbers(Slot.FREE)
        if free:
            return self._lowest_or_any(free, rng)
        stealable = view.stealable()
        return stealable[0] if stealable else None

    @staticmethod
    def _lowest_or_any(numbers: list[int], rng: random.Random) -> int:
        if rng.random() < LOWEST_CHANCE:
            return numbers[0]
        return rng.choice(numbers)
