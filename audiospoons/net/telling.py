"""Who at a relay's table is still hearing what they were last sent, for its bots to wait on.

At a real table no one plays the next card while the table is still hearing the last one. A
person at a relay's table whose client says it will tell when its player has heard
(``hearing`` with ``heard``) is waited for: the relay counts the ``event`` messages it sends
each connection, and after each batch of events a seat is sent, the seat owes word that it has
heard them all (``heard``, naming that count). Until every seat that owes has said so, the
bots' moves of the play wait (``table.Hearing``; the table caps the wait, so a client that
never says holds no one for long). The count only grows on a connection, so a late or repeated
``heard`` names fewer events than a newer batch and cannot end its wait. People whose clients
never said (bot clients, load tests, older clients that say ``hearing`` alone) and spectators
are not waited for.

The relay never words a line: how long the player takes to hear is the client's to know, in
the player's own language, at their reader's own pace.
"""

from __future__ import annotations

import math

SLOWEST_RATE = 80
FASTEST_RATE = 900
"""The words a minute a ``hearing`` may say: a reader's whole range, and no more."""
VERBOSITIES = ("brief", "full")
"""How much the game says, as a ``hearing`` names it."""


class TableTelling:
    """What each seat has been sent and has said it heard, by its connection's count of
    ``event`` messages; ``quiet_at`` is the table's word to its bots."""

    def __init__(self) -> None:
        self._owed: dict[int, int] = {}
        """Each seat that has not yet said it heard its last batch: its count after that
        batch."""
        self._heard: dict[int, int] = {}
        """The most each seat has said it heard, on its connection now."""
        self._quiet: float | None = None
        """The game time the table last stopped waiting, once it has waited."""

    def told(self, seat: int, sent: int) -> None:
        """``seat``, which says when it has heard, has been sent a batch: its connection's count
        is now ``sent``."""
        if sent > self._heard.get(seat, 0):
            self._owed[seat] = sent

    def heard(self, seat: int, events: int, at: float) -> bool:
        """``seat`` says, at game time ``at``, that it has heard the first ``events`` events its
        connection was sent. Whether the table stops waiting now."""
        if events <= self._heard.get(seat, 0):
            return False
        self._heard[seat] = events
        if seat not in self._owed or events < self._owed[seat]:
            return False
        del self._owed[seat]
        return self._quieted(at)

    def forget(self, seat: int, at: float) -> bool:
        """``seat`` is waited for no more (its player gone, or back on a new connection, whose
        count starts again). Whether the table stops waiting now."""
        self._heard.pop(seat, None)
        if self._owed.pop(seat, None) is None:
            return False
        return self._quieted(at)

    def quiet_at(self) -> float | None:
        """When the table stopped waiting (game time; None if it never has), or ``math.inf``
        while a seat still owes word that it has heard: not known, so a move that waits for it
        waits as long as the table lets it."""
        return math.inf if self._owed else self._quiet

    def _quieted(self, at: float) -> bool:
        if self._owed:
            return False
        self._quiet = at
        return True
