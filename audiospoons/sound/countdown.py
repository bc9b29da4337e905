"""The ticks of the last seconds before a time limit runs out: pure.

The shell tells the countdown the deadline now running against the listener (the engine's
``limit_deadline``) after every change; the countdown answers which ticks are due. A deadline that
moves or goes away takes its ticks with it, so a player who beat the clock hears no more ticks.
"""

from __future__ import annotations

TICK_SECONDS = 3


class Countdown:
    """Ticks one, two and three seconds before the deadline (those still to come)."""

    def __init__(self, seconds: int = TICK_SECONDS) -> None:
        self.seconds = seconds
        self.deadline: float | None = None
        self._ticks: list[float] = []

    def set(self, deadline: float | None, now: float) -> None:
        """The deadline running at ``now`` (None: none); ticks are laid out afresh if it moved."""
        if deadline == self.deadline:
            return
        self.deadline = deadline
        if deadline is None:
            self._ticks = []
            return
        self._ticks = [deadline - k for k in range(self.seconds, 0, -1) if deadline - k > now]

    def next_tick(self) -> float | None:
        return self._ticks[0] if self._ticks else None

    def due(self, now: float) -> list[float]:
        """The ticks at or before ``now``, in order; each is given once."""
        count = 0
        while count < len(self._ticks) and self._ticks[count] <= now:
            count += 1
        due, self._ticks = self._ticks[:count], self._ticks[count:]
        return due
