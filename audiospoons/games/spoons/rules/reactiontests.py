"""The reaction tests of a classic round: those running and those waiting their turn.

A race for the spoons, a contested spoon in single selection and a fight in realtime fighting
are each a ``ReactionTest``. Tests that would follow one another wait in a queue and start as
the one before ends; realtime fights start at once, beside any already running. A seat is in one
test at a time. Each test carries what its result does to the round, its ``ResultHandler``.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import ContestKind, ReactionTestStarted
from audiospoons.games.spoons.rules.options import Options, ReactionStyle
from audiospoons.games.spoons.rules.reaction import ReactionTest
from audiospoons.games.spoons.rules.seat import Phase, Seat

ResultHandler = Callable[[ReactionTest, float], list[Event]]
"""What a reaction test's result does to the round, told the test and the time."""


@dataclass(slots=True)
class RunningTest:
    """A reaction test under way and what to do with its result."""

    test: ReactionTest
    handler: ResultHandler


@dataclass(frozen=True, slots=True)
class QueuedTest:
    contenders: tuple[int, ...]
    handler: ResultHandler
    kind: ContestKind
    spoon: int | None


class TestTable(Protocol):
    """The round as its reaction tests see it."""

    @property
    def now(self) -> float: ...

    @property
    def options(self) -> Options: ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    def verify_in_game(self, index: int) -> None:
        """Raise ``NotAllowedNow`` unless the seat is still in a game not over."""


class ReactionTests:
    """The round's reaction tests, fed presses and due times by the game."""

    def __init__(self, table: TestTable) -> None:
        self.table = table
        self._running: list[RunningTest] = []
        self._queued: deque[QueuedTest] = deque()

    @property
    def running(self) -> bool:
        """Whether any test is under way."""
        return bool(self._running)

    @property
    def queued(self) -> bool:
        """Whether tests wait their turn."""
        return bool(self._queued)

    def clear(self) -> None:
        self._running.clear()
        self._queued.clear()

    def deadline(self) -> float | None:
        """The earliest cue or end among the running tests, if any."""
        if not self._running:
            return None
        times = [t for t in (running.test.deadline() for running in self._running)
                 if t is not None]
        return min(times) if times else None

    def fire(self, now: float) -> list[Event] | None:
        """Fire the first running test whose cue or end has come; ``None`` if none has."""
        for running in self._running:
            test_time = running.test.deadline()
            if test_time is not None and test_time <= now:
                return running.test.due(now) + self._after_step(running)
        return None

    def test_of(self, index: int) -> ReactionTest | None:
        """The running test this seat is a contender in: a seat is in one at a time."""
        running = self._running_of(index)
        return None if running is None else running.test

    def verify_react(self, index: int) -> None:
        table = self.table
        table.verify_in_game(index)
        if not self._running:
            raise NotAllowedNow("there is no reaction test now", reason="no-test")
        test = self.test_of(index)
        if test is None:
            raise NotAllowedNow(f"{table.seats[index].name} is not in this reaction test",
                                reason="not-in-test")
        if test.has_pressed(index):
            raise NotAllowedNow(f"{table.seats[index].name} has already pressed",
                                reason="already-pressed")

    def react(self, index: int, pressed_at: float | None = None) -> list[Event]:
        self.verify_react(index)
        return self.press(index, pressed_at)

    def press(self, index: int, pressed_at: float | None) -> list[Event]:
        """The seat's press in the test it is in, arriving now; the test's result if that
        finished it."""
        running = self._running_of(index)
        assert running is not None
        return running.test.press(index, self.table.now, pressed_at) + self._after_step(running)

    def queue(self, contenders: tuple[int, ...], handler: ResultHandler,
              kind: ContestKind = ContestKind.RACE, spoon: int | None = None) -> list[Event]:
        """Queue a test; it starts now if none is running, else when the one before it ends."""
        self._queued.append(QueuedTest(contenders, handler, kind, spoon))
        return self._start_next(self.table.now) if not self._running else []

    def start(self, contenders: tuple[int, ...], handler: ResultHandler, kind: ContestKind,
              spoon: int | None, now: float) -> list[Event]:
        """Start a test at once, beside any already running (realtime fights overlap)."""
        options = self.table.options
        pause = options.react_pause
        if pause is None:
            pause = self.table.rng.uniform(1.0, 2.0)
        mash = options.reaction_style is ReactionStyle.MASH
        test = ReactionTest(contenders, mash=mash, start=now, pause=pause,
                            timeout=options.react_timeout, kind=kind, spoon=spoon)
        self._running.append(RunningTest(test, handler))
        return [ReactionTestStarted(now, contenders, test.mash, kind, spoon)]

    def _running_of(self, index: int) -> RunningTest | None:
        for running in self._running:
            if index in running.test.contenders:
                return running
        return None

    def _start_next(self, now: float) -> list[Event]:
        if not self._queued:
            return []
        queued = self._queued.popleft()
        return self.start(queued.contenders, queued.handler, queued.kind, queued.spoon, now)

    def _after_step(self, running: RunningTest) -> list[Event]:
        test = running.test
        if not test.finished or running not in self._running:
            return []
        self._running.remove(running)
        events = running.handler(test, test.ends_at)
        if self.table.phase in (Phase.PLAYING, Phase.GRABBING) and not self._running:
            events += self._start_next(test.ends_at)
        return events
