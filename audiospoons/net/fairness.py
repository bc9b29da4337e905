"""Fair reactions across a network: how long a remote player really took to press, from what
the relay saw and what the client says. Pure.

The relay sends a seat its cue at ``sent`` and the press comes back at ``arrived``, both on the
relay's clock. Between them lie the reaction and the trip there and back. The client reports
the reaction on its own clock: from when its cue played to the key press. The relay believes
that report only if the rest of the span, ``arrived - sent - reported``, is a trip the client's
connection could have made: at least nothing, at most its slowest recent round trip plus
``TOLERANCE``. Otherwise (no report, or one that does not fit) the reaction is the span less
the client's typical round trip. Either way the compensation, what is taken off the span, is at
most ``COMPENSATION_CAP``, and a reaction under ``FALSE_START`` is a false start: no one hears a
cue and presses that fast, so the press was on its way before the cue.

Both round trips are held down to the quickest one the connection's TCP stack has measured
(``RoundTrips.floor``; the typical one to ``TOLERANCE`` over it), which the client cannot raise
by answering pings late: a client that lies about its reaction, whatever it does to its pings,
is judged at most ``TOLERANCE`` quicker than the truth (every real trip takes at least the
floor); lying the other way only costs it. The price is paid by a line whose trips vary: a trip
more than ``TOLERANCE`` over its quickest is not believed, and the press is judged that much
slower than it was. The kernel's smoothed round trip would be kinder, but a client can swell it
by answering late, as its kernel then delays its acknowledgements. Where the system
cannot say the floor, the pings alone are the measure, and a liar can gain up to
``TOLERANCE`` over the slowest round trip it lets the relay measure.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.commands import Command, TimedPress
from audiospoons.engine.events import Event, PressCue

TOLERANCE = 0.020
"""Seconds a reported reaction may leave unexplained beyond the slowest recent round trip.
Every real trip takes at least the quickest one, and a line with 10 ms of jitter each way runs
up to 40 ms over it, 20 ms on the median: no judge can credit an honest player more of its trip
than it grants a liar, so this is both the most a liar gains and how much of a trip's variation
is believed (with 10 ms, such a line's honest presses were judged up to 30 ms slow)."""
COMPENSATION_CAP = 0.300
"""The most, in seconds, taken off the relay's own measure of a press for the network."""
FALSE_START = 0.100
"""A reaction quicker than this (seconds) is a false start."""
RTT_SAMPLES = 8
"""Round trips kept per connection: the typical one is their median."""


class Source(Enum):
    CLIENT = "client"
    """The client's own report, consistent with what the relay saw."""
    RELAY = "relay"
    """The relay's measure, less the client's typical round trip."""


@dataclass(frozen=True, slots=True)
class Judged:
    reaction: float
    """Seconds from the cue to the press, as judged."""
    source: Source
    false_start: bool


@dataclass(slots=True)
class RoundTrips:
    """The recent round trips of one connection, from the relay's pings, held down to the
    ``floor`` its transport measured, where it did."""

    kept: deque[float] | None = None
    """The recent round trips: None before the first, so that a connection that never
    answers a ping keeps none."""
    floor: float | None = None
    """The quickest round trip the connection's own TCP stack has measured (``kernelrtt``),
    or None where it cannot say. A client can answer pings late, but cannot make its line
    quicker than this: no trip counts for more."""

    def add(self, seconds: float) -> None:
        if seconds < 0.0:
            return
        if self.kept is None:
            self.kept = deque(maxlen=RTT_SAMPLES)
        self.kept.append(seconds)

    @property
    def samples(self) -> Sequence[float]:
        """The recent round trips, oldest first."""
        return () if self.kept is None else self.kept

    @property
    def typical(self) -> float:
        """The median of the recent round trips, at most ``TOLERANCE`` over the floor; 0
        before the first."""
        import statistics  # loaded here: a relay at rest has no round trips to take it of

        median = statistics.median(self.samples) if self.samples else 0.0
        return median if self.floor is None else min(median, self.floor + TOLERANCE)

    @property
    def slowest(self) -> float:
        """The slowest recent round trip, at most the floor."""
        slowest = max(self.samples, default=0.0)
        return slowest if self.floor is None else min(slowest, self.floor)


Stamp = tuple[float, float]
"""When a cue was sent or heard (on the clock of whoever keeps it) and its game time."""


@dataclass(slots=True)
class Cues:
    """The cues ``seat`` may be answering: its reaction test's cue, and the first sign in the
    round that the spoons are going (the first grab, or a reach that may be it). The relay
    keeps one a seat, stamped when it sent each cue; a client keeps one, stamped when it heard
    it, and reports the time from there to a press. Each game's events say what they are to
    these cues (``Event.press_cue``): in Razz Spoons the race's cue is a Jack putting the
    spoons out, heard by all but its player, and each Jack's race has its own."""

    seat: int
    test: Stamp | None = None
    race: Stamp | None = None

    def observe(self, event: Event, now: float) -> None:
        cue = event.press_cue(self.seat)
        if cue is PressCue.NEW_ROUND:
            self.test = self.race = None
        elif cue is PressCue.RACE or (cue is PressCue.FIRST_SIGN and self.race is None):
            self.race = (now, event.at)
        elif cue is PressCue.TEST:
            self.test = (now, event.at)
        elif cue is PressCue.TEST_OVER:
            self.test = None

    def answered(self, command: Command) -> Stamp | None:
        """The cue ``command`` answers, if it is a press that answers one: the first of the
        cues it can answer (``TimedPress.answers``) that is standing."""
        if not isinstance(command, TimedPress):
            return None
        stamps = {"test": self.test, "race": self.race}
        return next((stamp for kind in command.answers if (stamp := stamps[kind])), None)


def late_window(lines: Iterable[RoundTrips]) -> float:
    """How long the last spoon waits for a grab made earlier that arrives later: the most any
    of these connections' presses can be dated back, never over ``COMPENSATION_CAP``."""
    slowest = max((trips.slowest for trips in lines), default=0.0)
    return min(COMPENSATION_CAP, slowest + TOLERANCE)


def judge(sent: float, arrived: float, reported: float | None, trips: RoundTrips) -> Judged:
    """A remote press: the cue sent at ``sent``, the press arrived at ``arrived`` (the relay's
    clock), and the reaction the client ``reported`` (its clock), if it did."""
    span = arrived - sent
    trip = None if reported is None else span - reported
    if reported is not None and trip is not None and 0.0 <= trip <= trips.slowest + TOLERANCE:
        reaction, source = reported, Source.CLIENT
    else:
        reaction, source = span - trips.typical, Source.RELAY
    reaction = min(span, max(reaction, span - COMPENSATION_CAP))
    return Judged(reaction, source, reaction < FALSE_START)
