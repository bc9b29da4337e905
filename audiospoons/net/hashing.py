"""Password hashing shared fairly between kinds of work.

argon2id takes a thread and 64 MiB for about a tenth of a second, so the relay hashes in a few
threads of its own, and nothing else waits on them. Each kind of work (``LOGINS``: checking a
password; ``REGISTRATIONS``: hashing a new one) has a lane of its own, and a free thread goes
to the lanes in turn: a flood of one kind waits behind itself, never in front of the other,
and no thread stands idle while anything waits. A lane holds at most ``LANE_PLACES`` tries at
once (waiting or hashing); a try past that is refused before anything is counted against the
player (``HashersBusy``), so that no one can queue work, or memory, without end.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

LOGINS = "logins"
REGISTRATIONS = "registrations"
LANES = (LOGINS, REGISTRATIONS)
HASHING_THREADS = 2
"""Threads that hash passwords: each hash takes 64 MiB while it runs."""
HASHING_NICENESS = 10
"""How much lower than the relay's loop the hashing threads run (``os.setpriority``)."""
LANE_PLACES = 16
"""Tries a lane holds at once, waiting for a thread or hashing."""


def _yield_to_the_loop() -> None:
    """A hashing thread (and the threads argon2 starts from it) runs at a lower priority than
    the relay's loop, so that a flood of hashing slows the hashing, not every game's replies
    (Linux gives each thread a priority of its own; elsewhere nothing changes)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICENESS)


class HashersBusy(Exception):
    """A lane is full: the try is refused as busy."""


class HashFailed(Exception):
    """argon2 could not hash or check a password (``passwords``)."""


class Hashers:
    """The hashing threads and their lanes (see the module)."""

    def __init__(self, threads: int = HASHING_THREADS, places: int = LANE_PLACES) -> None:
        self.threads = threads
        self.places = places
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="audiospoons-argon2",
                                        initializer=_yield_to_the_loop)
        self._held: Counter[str] = Counter()
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {lane: deque()
                                                                 for lane in LANES}
        self._running = 0
        self._last = 0
        """The index in ``LANES`` of the lane the last free thread went to."""

    @contextlib.contextmanager
    def place(self, lane: str) -> Iterator[None]:
        """A place in ``lane`` for the block, in which to ``run`` its hashing; ``HashersBusy``
        when the lane is full."""
        if self._held[lane] >= self.places:
            raise HashersBusy(lane)
        self._held[lane] += 1
        try:
            yield
        finally:
            self._held[lane] -= 1

    async def run(self, lane: str, work: Callable[..., T], *arguments: str) -> T:
        """``work(*arguments)`` in a hashing thread, once ``lane``'s turn for one comes."""
        await self._turn(lane)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._pool, functools.partial(work, *arguments))
        finally:
            self._running -= 1
            self._hand_on()

    async def _turn(self, lane: str) -> None:
        if self._running < self.threads and not any(self._waiting.values()):
            self._running += 1
            return
        turn = asyncio.get_running_loop().create_future()
        self._waiting[lane].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given a thread, then cancelled
                self._running -= 1
                self._hand_on()
            else:
                with contextlib.suppress(ValueError):  # handed on already, as cancelled
                    self._waiting[lane].remove(turn)
            raise

    def _hand_on(self) -> None:
        """Free threads to the lanes that wait, in turn after the last one served."""
        while self._running < self.threads:
            lanes = [LANES[(self._last + step) % len(LANES)] for step in range(1, len(LANES) + 1)]
            lane = next((lane for lane in lanes if self._waiting[lane]), None)
            if lane is None:
                return
            self._last = LANES.index(lane)
            turn = self._waiting[lane].popleft()
            if not turn.done():
                turn.set_result(None)
                self._running += 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
