"""The lines that carry a game's events to the seats. An event every seat sees alike is handed
to each seat as the same object (``Event.seen_by``), so its line is encoded once, for the
first seat, and the others are given the same bytes."""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.net.protocol import encode
from audiospoons.net.wire import encode_event

KEPT = 64
"""Events whose lines are kept at once: far more than one move hands the seats."""


class EventLines:
    """Each event's ``event`` message, as a line, by the event's identity: the event is kept
    beside its line, so that no other object can come to have its id while it is kept."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[Event, bytes]] = {}

    def line(self, event: Event) -> bytes:
        known = self._lines.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        if len(self._lines) >= KEPT:
            self._lines.clear()
        line = encode("event", event=encode_event(event))
        self._lines[id(event)] = (event, line)
        return line
