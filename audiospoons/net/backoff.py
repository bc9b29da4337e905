"""Failed passwords back off: pure.

A player who mistypes a room's password may try again at once, twice; after that each failure
from the same place (an address group) doubles the wait before the next try, up to ``LONGEST``
seconds, and so does each failure against the same room from anywhere, counted more leniently,
so that many addresses guessing together are slowed as one. A try made during a wait is refused
without the password being looked at: guessing right then gains nothing. A right password
forgets the failures of the place it came from and of the room.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

FREE_TRIES = 3
"""Failures from one place before the waits begin."""
ROOM_FREE_TRIES = 10
"""Failures against one room, from anywhere, before its waits begin."""
FIRST_WAIT = 1.0
"""Seconds of the first wait; each failure after it doubles the wait."""
LONGEST = 300.0
"""The longest wait, in seconds."""
FORGET_AFTER = 3600.0
"""Seconds after its last failure that a place's or room's failures are forgotten."""
SWEEP_AT = 4096
"""Places and rooms remembered before the stale ones are swept out (and, if too many are
fresh, the oldest half), so that no one can make the guard grow without end."""


@dataclass(slots=True)
class Failures:
    count: int = 0
    last: float = 0.0
    until: float = 0.0


@dataclass(slots=True)
class PasswordGuard:
    """The failed passwords of every place and room, and the waits they have earned."""

    _failures: dict[tuple[str, object], Failures] = field(default_factory=dict)

    def wait(self, place: str, room: Hashable, now: float) -> float:
        """Seconds before ``place`` may try ``room``'s password again (0: now)."""
        until = max((failures.until for key in (("place", place), ("room", room))
                     if (failures := self._failures.get(key)) is not None
                     and not _stale(failures, now)), default=0.0)
        return max(0.0, until - now)

    def failed(self, place: str, room: Hashable, now: float) -> None:
        if len(self._failures) >= SWEEP_AT:
            kept = {key: failures for key, failures in self._failures.items()
                    if not _stale(failures, now)}
            if len(kept) >= SWEEP_AT // 2:  # many fresh failures: forget the oldest half
                newest = sorted(kept.items(), key=lambda item: item[1].last)[len(kept) // 2:]
                kept = dict(newest)
            self._failures = kept
        for key, free in ((("place", place), FREE_TRIES), (("room", room), ROOM_FREE_TRIES)):
            failures = self._failures.get(key)
            if failures is None or _stale(failures, now):
                failures = self._failures[key] = Failures()
            failures.count += 1
            failures.last = now
            if failures.count >= free:
                wait = min(LONGEST, FIRST_WAIT * 2.0 ** (failures.count - free))
                failures.until = now + wait

    def succeeded(self, place: str, room: Hashable) -> None:
        self._failures.pop(("place", place), None)
        self._failures.pop(("room", room), None)


def _stale(failures: Failures, now: float) -> bool:
    return now - failures.last > FORGET_AFTER and now >= failures.until
