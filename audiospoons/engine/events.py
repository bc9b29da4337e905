"""What happened, as data: the base of every game's events, each saying who may know it.

Seats are indexes into the game's player list; no event carries words for people. An event is
public unless it says otherwise: ``seen_by(seat)`` gives the version of the event that seat may
know (``None`` when it may know nothing of it), and ``seat=None`` is a spectator, who sees the
table and no card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar


class PressCue(Enum):
    """What an event is to the cues a seat's press may answer (``TimedPress.answers``), which
    the relay's fairness times a press from."""

    NEW_ROUND = "new-round"
    """No cue stands any more."""
    TEST = "test"
    """The cue of a reaction test the seat is in."""
    TEST_OVER = "test-over"
    RACE = "race"
    """The spoons are going, in a race of its own: it replaces any race standing."""
    FIRST_SIGN = "first-sign"
    """A sign that the spoons are going, if none has been seen yet this round."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events: ``at`` is the game time, in seconds from the first deal."""

    at: float

    may_leave_seats: ClassVar[bool] = False
    """The event can take a seat out of the game: a host drops the bots it leaves idle."""

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may know it; public events are the same for everyone."""
        return self

    def owner(self) -> int | None:
        """The seat whose own event this is, when every other seat sees one same hidden copy
        of it (``seen_by(None)``): a host may make that copy once and share it."""
        return None

    def parties(self) -> tuple[int, ...] | None:
        """The seats this event is news to, when every other seat learns from it only that
        something happened (another seat's card moving): a host need hand it to no other
        seat's bot but one that follows the table by ear (``Bot.hears_all``). None: it may be
        news to every seat."""
        return None

    def press_cue(self, seat: int) -> PressCue | None:
        """What this event is to the cues ``seat``'s press may answer; most are nothing."""
        return None
