"""Telling the relay when the player at a table has heard what its events brought (``heard``),
so that its bots wait for them as the local game's do: once the speech queue has said, or
dropped as out of date, every line it was given (asides left out, as the local game leaves
them out: ``LocalLoop._quiet_at``), or a key has cut it off. At most once each ``HEARD_EVERY``
seconds, so that a quick run of events said in no words stays well within the relay's rate
limit."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Protocol

from audiospoons.voice.speaker import Speaker

HEARD_EVERY = 0.25
"""The fewest seconds between two ``heard``."""


class HearingClient(Protocol):
    """The relay's client as the acknowledgement needs it (``RelayClient``)."""

    events_received: int
    events_heard: int

    def heard(self) -> None: ...


class HeardAck:
    """Says ``heard`` for the player who listens through ``speaker``."""

    def __init__(self, speaker: Speaker, clock: Callable[[], float] = time.monotonic) -> None:
        self.speaker = speaker
        self.clock = clock
        """The real clock, that the rate limit runs on."""
        self._said_at = -math.inf

    def due_in(self, client: HearingClient) -> float | None:
        """Tell ``client``'s relay that the player has heard every event handed on, if they
        have and it is time to: None once told (or with nothing to tell), else the seconds
        after which to look again."""
        if client.events_received <= client.events_heard:
            return None
        told = self.speaker.told_at(asides=False)
        now = self.clock()
        wait = max(0.0 if told is None else told - self.speaker.clock(),
                   self._said_at + HEARD_EVERY - now)
        if wait > 0:
            return wait
        client.heard()
        self._said_at = now
        return None
