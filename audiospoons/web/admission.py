"""How many browsers the web server holds at once, as the relay counts its clients: pure but for
the clock.

Every connection (a page's file, or the socket a session runs on) takes a descriptor, and a
session takes more: its socket, the pipe its keys wake the session through, and a connection to
a relay when it plays online. So the server takes at most as many connections as its
descriptors allow a session to each (``connection_cap``): a connection beyond that is closed as
soon as it is accepted, and one address group (``addresses.address_group``: an IPv4 /24, an IPv6
/64) may hold at most ``CONNECTIONS_PER_ADDRESS`` of them, so that the server never runs out of
descriptors and no one network fills it. Of those, at most ``max_sessions`` play at once (and
never more than seven in eight, so that a page refused still gets its word through), and
``per_address`` from one group; a session refused is told why, in words the page speaks.
Refusals are logged at most once a ``REFUSAL_LOG_INTERVAL``, so that a flood does not fill the
log.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from audiospoons.net.addresses import address_group
from audiospoons.net.descriptors import descriptor_cap

log = logging.getLogger("audiospoons.web")

FILES_PER_SESSION = 4
"""Descriptors one session may hold: its socket, its keys' pipe (two), its relay connection."""
MAX_SESSIONS = 1000
"""Sessions at once from everywhere, unless the server is told otherwise; never more than the
descriptors allow."""
SESSIONS_PER_ADDRESS = 8
"""Sessions at once from one address group: a household's tabs and devices."""
CONNECTIONS_PER_ADDRESS = 24
"""Connections at once from one address group: its sessions, and the files its pages load."""
REFUSAL_LOG_INTERVAL = 60.0
"""Seconds between the log lines that say connections or sessions were refused."""


def connection_cap(sessions: int) -> int:
    """The connections the server can hold at once on this system, each given the descriptors
    a session takes: as many as ``sessions`` sessions (``MAX_SESSIONS`` at least) and the
    connections kept beside them need, if the open-file limit allows."""
    sessions = max(sessions, MAX_SESSIONS)
    wanted = (sessions + sessions // 7 + 1) * FILES_PER_SESSION
    return max(1, descriptor_cap(wanted) // FILES_PER_SESSION)


class Refusal(Enum):
    """Why a session was not started."""

    FULL = "full"
    TOO_MANY = "too-many"


@dataclass(slots=True)
class Admission:
    """The connections and sessions open, by address group."""

    max_connections: int
    max_sessions: int = MAX_SESSIONS
    per_address: int = SESSIONS_PER_ADDRESS
    clock: Callable[[], float] = time.monotonic
    connections: Counter[str] = field(default_factory=Counter)
    sessions: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    """Connections and sessions refused since the last log line that said so."""
    _logged: float | None = None

    def connect(self, address: str) -> str | None:
        """A connection from ``address``: its group, counted, or None if it is to be closed."""
        group = address_group(address)
        if (self.connections.total() >= self.max_connections
                or self.connections[group] >= CONNECTIONS_PER_ADDRESS):
            self._note_refusal()
            return None
        self.connections[group] += 1
        return group

    def disconnect(self, group: str) -> None:
        self.connections[group] -= 1
        if self.connections[group] <= 0:
            del self.connections[group]

    def start(self, group: str) -> Refusal | None:
        """A session for a connection of ``group``: counted, or why not."""
        if self.sessions.total() >= min(self.max_sessions,
                                         self.max_connections - self.max_connections // 8):
            self._note_refusal()
            return Refusal.FULL
        if self.sessions[group] >= self.per_address:
            self._note_refusal()
            return Refusal.TOO_MANY
        self.sessions[group] += 1
        return None

    def end(self, group: str) -> None:
        self.sessions[group] -= 1
        if self.sessions[group] <= 0:
            del self.sessions[group]

    def _note_refusal(self) -> None:
        self.refused += 1
        now = self.clock()
        if self._logged is None or now - self._logged >= REFUSAL_LOG_INTERVAL:
            self._logged = now
            log.warning("refused %d connections or sessions: %d connections and %d sessions"
                        " open", self.refused, self.connections.total(),
                        self.sessions.total())
            self.refused = 0
