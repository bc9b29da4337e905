"""A reaction test between contenders, timed by the game's clock.

A test that starts at ``start`` plays its cue at ``start + pause``.

- ``first``: each contender presses once; it ends when every contender has pressed or at the cue
  plus the timeout. The ranking puts valid presses first (earliest best), then those who never
  pressed, then false starts (a press before the cue; the earlier the reach, the worse).
- ``mash``: presses are counted from the cue for ``MASH_SECONDS``; presses before the cue do not
  count. The ranking is by count, most first; equal counts go to whoever reached the count first.

Presses in the first ``PRESS_GRACE`` seconds of a test, before its cue, are ignored: they were
on their way before the test began (a second tap of the key that made the steal, a key pressed
as the results were read out), not a reach for the cue. A second press in ``first`` is ignored
too (the game refuses it).

Ties: two presses (or two mash counts reached) within ``TIE_WINDOW`` of each other are a tie,
and a tie goes to the contender listed first. Contenders are listed in the order they reached for
the spoon, and in a fight the holder comes first: a steal must be faster, not merely as fast.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.engine.commands import TIE_WINDOW
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    FalseStart,
    ReactCue,
    Reacted,
    ReactionTestEnded,
)
from audiospoons.games.spoons.rules.options import MASH_SECONDS

PRESS_GRACE = 0.25
"""Seconds from a test's start in which a press is taken as meant for what came before."""



class ReactionTest:
    """One test; the game feeds it presses and due times and reads the ranking at the end."""

    def __init__(self, contenders: tuple[int, ...], *, mash: bool, start: float, pause: float,
                 timeout: float, kind: ContestKind = ContestKind.RACE, spoon: int | None = None
                 ) -> None:
        self.contenders = contenders
        self.mash = mash
        self.kind = kind
        self.spoon = spoon
        self.start = start
        self.cue_at = start + pause
        self.ends_at = self.cue_at + (MASH_SECONDS if mash else timeout)
        self.cued = False
        self.finished = False
        self._pressed_at: dict[int, float] = {}
        self._false_starts: dict[int, float] = {}
        self._counts: dict[int, int] = dict.fromkeys(contenders, 0)
        self._last_count_at: dict[int, float] = {}

    def deadline(self) -> float | None:
        if self.finished:
            return None
        return self.ends_at if self.cued else self.cue_at

    def due(self, now: float) -> list[Event]:
        """Fire the cue or the end if their time has come."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return []
        if not self.cued:
            self.cued = True
            return [ReactCue(self.cue_at, self.contenders, self.kind, self.spoon,
                             jumped=tuple(self._false_starts))]
        return self._finish(self.ends_at)

    def has_pressed(self, seat: int) -> bool:
        """True once a ``first`` contender's single press (or false start) is spent."""
        return not self.mash and (seat in self._pressed_at or seat in self._false_starts)

    def press(self, seat: int, now: float, pressed_at: float | None = None) -> list[Event]:
        """A contender's press, arriving at ``now``; ``pressed_at``, when it happened earlier
        (a press across a network). In ``first`` a second press is ignored (the game refuses
        it), and a press dated before the cue is a false start."""
        at = now if pressed_at is None else min(now, pressed_at)
        if self.has_pressed(seat) or (not self.cued and now < self.start + PRESS_GRACE):
            return []
        if not self.cued or (not self.mash and at < self.cue_at):
            if self.mash:
                return []
            self._false_starts[seat] = at
            events: list[Event] = [FalseStart(now, seat)]
        elif self.mash:
            self._counts[seat] += 1
            self._last_count_at[seat] = now
            return []
        else:
            self._pressed_at[seat] = at
            events = [Reacted(now, seat, round(at - self.cue_at, 6))]
        if all(self.has_pressed(s) for s in self.contenders):
            events += self._finish(max(now, self.cue_at) if self.cued else now)
        return events

    def ranking(self) -> tuple[int, ...]:
        if self.mash:
            ranked: list[int] = []
            for count in sorted(set(self._counts.values()), reverse=True):
                same = [s for s in self.contenders if self._counts[s] == count]
                ranked += self._settle_ties(same, lambda s: self._last_count_at.get(s, 0.0))
            return tuple(ranked)
        pressed = self._settle_ties(list(self._pressed_at), self._pressed_at.__getitem__)
        silent = [s for s in self.contenders
                  if s not in self._pressed_at and s not in self._false_starts]
        jumped = sorted(self._false_starts, key=lambda s: (-self._false_starts[s],
                                                           self.contenders.index(s)))
        return tuple(pressed + silent + jumped)

    def _settle_ties(self, seats: list[int], when: Callable[[int], float]) -> list[int]:
        """``seats`` earliest first, where a later one within ``TIE_WINDOW`` of the one before it
        moves ahead if it is listed earlier among the contenders."""
        order = sorted(seats, key=lambda s: (when(s), self.contenders.index(s)))
        moved = True
        while moved:
            moved = False
            for i in range(len(order) - 1):
                a, b = order[i], order[i + 1]
                if (when(b) - when(a) < TIE_WINDOW
                        and self.contenders.index(b) < self.contenders.index(a)):
                    order[i], order[i + 1] = b, a
                    moved = True
        return order

    def _finish(self, now: float) -> list[Event]:
        self.finished = True
        self.ends_at = now
        order = self.ranking()
        counts = tuple(self._counts[s] for s in order) if self.mash else ()
        return [ReactionTestEnded(now, order, counts)]
