"""When a key was pressed in the page, on this machine's clock.

A key reaches the session a trip after it was pressed, and the cue it answers reached the page a
trip after the session sent it: stamped as it arrives, a press in a browser far away would be
judged slower by the whole round trip. So each cue goes out numbered, the page says with each key
how long after the start of the last cue it played the key was pressed (on its own clock), and
the session dates the key that long after it sent that cue. The page's word is taken within the
bounds the relay sets on a remote client's (``net.fairness.judge``): the rest of the span must be
a trip this connection could have made, by its recent round trips and the least one its TCP
stack has seen, and no press is dated back more than ``COMPENSATION_CAP``. A page that says
what cannot be has its key dated by the span less its typical round trip, as the relay does; a
key that names no cue it was sent, its typical round trip before it arrived.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

from audiospoons.net.fairness import COMPENSATION_CAP, RoundTrips, judge

CUES_KEPT = 64
"""Cues whose sending time is kept: a page answers one of its latest."""


class PressTimes:
    """The sending times of the latest cues, and the page connection's round trips. Cues are
    numbered from the session's thread while keys are dated on the connection's loop."""

    def __init__(self) -> None:
        self.trips = RoundTrips()
        self._sent: OrderedDict[int, float] = OrderedDict()
        self._next = 1
        self._lock = threading.Lock()

    def cue_sent(self, now: float) -> int:
        """Number a cue sent now; the page names it in the keys that follow."""
        with self._lock:
            number = self._next
            self._next += 1
            self._sent[number] = now
            while len(self._sent) > CUES_KEPT:
                self._sent.popitem(last=False)
            return number

    def pressed_at(self, arrived: float, cue: object = None, after: object = None) -> float:
        """When a key that ``arrived`` now was pressed: ``after`` milliseconds (the page's
        report) after the start of cue number ``cue``, if that fits what this connection can
        do."""
        with self._lock:
            sent = (self._sent.get(cue) if isinstance(cue, int) and not isinstance(cue, bool)
                    else None)
        if sent is None:
            return arrived - min(self.trips.typical, COMPENSATION_CAP)
        return sent + judge(sent, arrived, _seconds(after), self.trips).reaction


def _seconds(millis: object) -> float | None:
    """A page's count of milliseconds in seconds, if it is one."""
    if isinstance(millis, bool) or not isinstance(millis, int | float):
        return None
    try:
        seconds = millis / 1000
    except OverflowError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0.0 else None
