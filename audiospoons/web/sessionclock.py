"""The clock of a web session's games against bots, which stands still while the session's page
is away (a reload, a phone asleep, a network changing), so that no bot moves and no time limit
runs out while the player cannot hear or answer."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class SessionClock:
    """``time.monotonic`` (or ``base``), less the time the page was away during a game against
    bots. Outside such a game (the menus, a game online, whose clock is the relay's) it is the
    base clock itself: the time left out while away is forgotten when the game ends."""

    def __init__(self, base: Callable[[], float] = time.monotonic) -> None:
        self._base = base
        self._lock = threading.Lock()
        self._left_out = 0.0
        self._stopped_at: float | None = None
        self._in_game = False

    def __call__(self) -> float:
        with self._lock:
            now = self._base() if self._stopped_at is None else self._stopped_at
            return now - self._left_out

    def stop(self) -> None:
        """The page has gone: time stands still, if a game against bots is being played."""
        with self._lock:
            if self._in_game and self._stopped_at is None:
                self._stopped_at = self._base()

    def restart(self) -> None:
        """The page is back: time runs on from where it stood."""
        with self._lock:
            if self._stopped_at is not None:
                self._left_out += self._base() - self._stopped_at
                self._stopped_at = None

    @property
    def stopped(self) -> bool:
        with self._lock:
            return self._stopped_at is not None

    @contextmanager
    def game(self) -> Iterator[None]:
        """A game against bots: the clock may stand still while it lasts."""
        with self._lock:
            self._in_game = True
        try:
            yield
        finally:
            with self._lock:
                self._in_game = False
                self._stopped_at = None
                self._left_out = 0.0
