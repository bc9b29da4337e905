"""The game's own queue of lines to say, handed to the reader one at a time. Pure: the clock is
the caller's.

Screen readers and speech engines know only "queue" and "interrupt": given every line as it
comes, they say them all, first come first served, and a listener who is waiting, out or
watching hears the past. So the game keeps the lines itself and gives the reader the next one
only when the last should have been said (``spoken_seconds``, at the rate it knows), by then
dropping what has gone stale or out of date, putting a newer line on a topic in the place of an
older one, and
joining lines of a group that waited together, as each line's ``LinePace`` says. Urgent lines are
never dropped: they go ahead of the others and cut off what is being said, though not another
urgent line just begun (two grabs a moment apart are both heard). A line said before the flow
(``LinePace.before_flow``) goes ahead of flow lines and cuts one off, but no other. An answer to a
key (``LinePace.answer``) goes after what waits, in its turn, but is given as soon as the reader is
ready: it does not wait for lines to come with it, nor does what waits ahead of it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from audiospoons.voice.announcer import Utterance

URGENT_HOLD = 1.0
"""Seconds during which an urgent line is not cut off by the next urgent one."""
GATHER = 0.05
"""Seconds a line that is not urgent waits for the lines that come with it (one event's, or
several events' of one moment), so that a line it makes out of date is never begun."""
BASE_RATE = 175
"""Words a minute at which ``spoken_seconds``' figures were measured (espeak-ng's default)."""
SECONDS_PER_CHARACTER = 0.0415
SECONDS_PER_STOP = 0.65
SECONDS_OFF = 0.10
SHORTEST_LINE = 0.2
"""A line's length: fitted to espeak-ng's renderings of 70 of the game's English lines at 100
to 350 words a minute (half within 3 %; all within a quarter, but for lines of several
sentences at the fastest rates, which espeak-ng shortens more)."""
STOPS = re.compile(r"[.!?:;,\u00bf\u00a1\u060c\u061f]")


HEADROOM = 1.12
"""How much longer than ``spoken_seconds`` the queue gives a line: nine lines in ten take no
longer than that with espeak-ng. A reader given a line before it has finished the last queues
it, and a queue that is always busy would fall further behind at every line."""


def spoken_seconds(text: str, rate: int) -> float:
    """About how long ``text`` takes to say at ``rate`` words a minute."""
    at_base = SECONDS_PER_CHARACTER * len(text) + SECONDS_PER_STOP * len(STOPS.findall(text))
    return max(SHORTEST_LINE, at_base * BASE_RATE / max(rate, 1) - SECONDS_OFF)


def reader_seconds(text: str, rate: int) -> float:
    """How long the queue lets a reader have for ``text`` before it gives it the next line."""
    return spoken_seconds(text, rate) * HEADROOM


@dataclass(frozen=True, slots=True)
class Handout:
    """A line to give the reader now: ``interrupt`` cuts off what it is saying; ``since`` is
    when what the line tells of happened; ``urgent``, whether it is an alert."""

    text: str
    interrupt: bool
    since: float
    urgent: bool = False


@dataclass(slots=True)
class _Waiting:
    utterance: Utterance
    text: str
    since: float
    subjects: tuple[str, ...] = ()

    @property
    def urgent(self) -> bool:
        return self.utterance.urgent

    @property
    def flow(self) -> bool:
        return not self.urgent and self.utterance.pace.lifetime is not None

    @property
    def before_flow(self) -> bool:
        return not self.urgent and self.utterance.pace.before_flow

    def stale(self, now: float) -> bool:
        lifetime = self.utterance.pace.lifetime
        return not self.urgent and lifetime is not None and now - self.since > lifetime


def _gathered(waiting: list[_Waiting], now: float) -> float:
    """When the first of ``waiting`` has waited ``GATHER`` for the lines that come with it: at
    once while an answer to a key waits."""
    if not waiting or any(w.utterance.pace.answer for w in waiting):
        return now
    return waiting[0].since + GATHER


class SpeechQueue:
    """The lines waiting to be said to one listener (see the module)."""

    def __init__(self, seconds: Callable[[str], float]) -> None:
        self.seconds = seconds
        """How long a line takes to say, at the reader's rate."""
        self._waiting: list[_Waiting] = []
        self._busy_until = -math.inf
        self._urgent_since: float | None = None
        """When the urgent line being said began, while it is being said."""
        self._saying_flow = False
        """Whether the line being said is one of the play's flow."""
        self._saying_aside = False
        """Whether the line being said is an aside (``LinePace.aside``)."""
        self._key_cut = False
        """Whether a key has cut the reader off since the last line was given: an answer given
        next cuts off what the reader is still saying of its own (the key's name, the rest of
        a line)."""
        self._said: dict[str, float] = {}
        """When a line on each topic was last handed out."""
        self.dropped = 0
        """Lines left unsaid: stale, taken over, retracted or repeated too soon."""

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, utterance: Utterance, now: float) -> None:
        """A line the game has to say, about what happened ``now``."""
        pace = utterance.pace
        if pace.retracts:
            self._remove(lambda w: w.utterance.pace.topic in pace.retracts)
        cancelled = bool(pace.cancels) and self._remove(
            lambda w: w.utterance.pace.topic in pace.cancels)
        if cancelled and not utterance.urgent:
            self.dropped += 1
            return
        topic = pace.topic
        if topic is not None:
            self._remove(lambda w: w.utterance.pace.topic == topic)
            said = self._said.get(topic)
            if not utterance.urgent and said is not None and now - said < pace.quiet_for:
                self.dropped += 1
                return
        if pace.group is not None and self._join(utterance):
            return
        line = _Waiting(utterance, utterance.text, now,
                        (pace.group.subject,) if pace.group is not None else ())
        if utterance.urgent:
            ahead = next((i for i, w in enumerate(self._waiting) if not w.urgent),
                         len(self._waiting))
            self._waiting.insert(ahead, line)
        elif line.before_flow:
            ahead = next((i for i, w in enumerate(self._waiting) if w.flow),
                         len(self._waiting))
            self._waiting.insert(ahead, line)
        else:
            self._waiting.append(line)

    def take(self, now: float) -> Handout | None:
        """The line to give the reader now, if there is one and the reader is ready for it."""
        kept = [w for w in self._waiting if not w.stale(now)]
        self.dropped += len(self._waiting) - len(kept)
        self._waiting = kept
        if not self._waiting or now < self.ready_at(now):
            return None
        line = self._waiting.pop(0)
        cuts = (line.urgent or (line.utterance.pace.answer and self._key_cut)
                or (line.before_flow and self._saying_flow and now < self._busy_until))
        self._key_cut = False
        self._busy_until = now + self.seconds(line.text)
        self._urgent_since = now if line.urgent else None
        self._saying_flow = line.flow
        self._saying_aside = line.utterance.pace.aside
        if line.utterance.pace.topic is not None:
            self._said[line.utterance.pace.topic] = now
        return Handout(line.text, cuts, line.since, line.urgent)

    def ready_at(self, now: float) -> float:
        """When the reader is ready for the first waiting line: at once for an urgent line
        (unless an urgent line just begun is being said), else when it has said its last and
        the line has waited ``GATHER`` for the lines that come with it (not while an answer
        waits)."""
        if self._waiting and self._waiting[0].urgent:
            if self._urgent_since is None:
                return now
            return max(now, min(self._busy_until, self._urgent_since + URGENT_HOLD))
        gathered = _gathered(self._waiting, now)
        if self._waiting and self._waiting[0].before_flow and self._saying_flow:
            return max(now, gathered)
        return max(now, self._busy_until, gathered)

    def next_at(self, now: float) -> float | None:
        """When ``take`` may next give a line: None while nothing waits."""
        return self.ready_at(now) if self._waiting else None

    def told_at(self, now: float, *, asides: bool = True) -> float | None:
        """When what waits will have been said, if nothing more comes, by the queue's
        reckoning (a line gone stale by its turn left out; without ``asides``, asides left
        out too); None when nothing is being said and nothing waits."""
        waiting = [w for w in self._waiting if asides or not w.utterance.pace.aside]
        busy_until = self._busy_until if asides or not self._saying_aside else now
        if not waiting and now >= busy_until:
            return None
        told = max(now, busy_until, _gathered(waiting, now))
        for line in waiting:
            if not line.stale(told):
                told += self.seconds(line.text)
        return told

    def clear(self, now: float) -> None:
        """A key was pressed: the reader stops, and what waits is dropped, but for urgent
        lines and lines still gathering (``GATHER``): those answer the key before, which the
        reader has not yet been given the moment to say."""
        kept = [w for w in self._waiting if w.urgent or now < w.since + GATHER]
        self.dropped += len(self._waiting) - len(kept)
        self._waiting = kept
        self._busy_until = now
        self._urgent_since = None
        self._saying_flow = self._saying_aside = False
        self._key_cut = True

    def _remove(self, unwanted: Callable[[_Waiting], bool]) -> bool:
        """Drop the waiting lines, not urgent, that are ``unwanted``; whether there were any."""
        kept = [w for w in self._waiting if w.urgent or not unwanted(w)]
        removed = len(self._waiting) - len(kept)
        self.dropped += removed
        self._waiting = kept
        return removed > 0

    def _join(self, utterance: Utterance) -> bool:
        """Join ``utterance`` to a waiting line of its group, if one waits."""
        group = utterance.pace.group
        assert group is not None
        for line in self._waiting:
            waiting_group = line.utterance.pace.group
            if (waiting_group is not None and waiting_group.key == group.key
                    and line.urgent == utterance.urgent):
                line.subjects = (*line.subjects, group.subject)
                line.text = group.join(line.subjects)
                return True
        return False
