"""The one way every game's rules keep game time: commands and timers in time order.

A game says what a command does (``_route``), when its next timer is due (``next_deadline``)
and what that timer does (``_fire``); ``ClockedGame`` does the rest, the same for every game:
time only goes forward, a timer fires at its own time or, if that time has already passed, at
the game's time, and the events of a call whose command is refused are kept for the next call.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError, TimeWentBackwards
from audiospoons.engine.events import Event

Route = tuple[Callable[[], None], Callable[[], list[Event]]]
"""What a command does now: the first raises the refusal the second would make; the second
carries the command out, refusing it first if it must (it may keep a note of the refusal)."""


class ClockedGame(ABC):
    """A game's rules driven by game time, as ``Rules`` promises the hosts."""

    def __init__(self) -> None:
        self.now = 0.0
        """The game time of the last call."""
        self._held: list[Event] = []
        """Events fired by a ``handle`` whose command was then refused: the next call returns
        them first, so no event is lost."""

    def handle(self, command: Command, now: float) -> list[Event]:
        """Fire what is due up to ``now``, then apply ``command``; a refusal raises."""
        events = self.advance(now)
        try:
            return events + self._route(command)[1]()
        except RulesError:
            self._held = events
            raise

    def advance(self, now: float) -> list[Event]:
        """Fire every timer due at or before ``now``, in time order. A timer already overdue
        (its time set before the game's, as a late window that shrank leaves one) fires at
        the game's time: no event is ever dated before one already given."""
        if now < self.now:
            raise TimeWentBackwards(f"time {now:.3f} is before {self.now:.3f}")
        events, self._held = self._held, []
        while True:
            deadline = self.next_deadline()
            if deadline is None or deadline > now:
                break
            self.now = max(self.now, deadline)
            events += self._fire(self.now)
        self.now = now
        return events

    def verify(self, command: Command) -> None:
        """Raise the ``RulesError`` that ``handle`` would raise for ``command`` now."""
        self._route(command)[0]()

    def allows(self, command: Command) -> bool:
        """Whether ``command`` would be accepted now."""
        try:
            self.verify(command)
        except RulesError:
            return False
        return True

    @abstractmethod
    def next_deadline(self) -> float | None:
        """The earliest time at which ``advance`` has something to do, if any."""

    @abstractmethod
    def _fire(self, now: float) -> list[Event]:
        """Fire the timer due first, the game's time being ``now``."""

    @abstractmethod
    def _route(self, command: Command) -> Route:
        """What ``command`` does now."""
