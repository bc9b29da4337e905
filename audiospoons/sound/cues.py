"""Which sounds one listener hears for an event, and from where: pure.

The listener sits in the middle of the stereo field. The other seats spread across it in seating
order, from the left-hand neighbour (the next seat, to whom cards are passed) hard left, round the
table, to the right-hand neighbour (who passes to the listener) hard right; so cards arrive from
the right and leave to the left, always: a pass comes from the next active player on the right
and goes to the next on the left, whoever has gone out between. A spectator hears the seats
spread in seat order from right to left, so that passes go leftwards for them too. Seats keep
their places when players go out, as people at a table do.
"""

from __future__ import annotations

MIDDLE = 0.0
RIGHT = 1.0
LEFT = -1.0
STOCK_PAN = 0.5
"""The stock lies in the middle, towards the right: a drawn card arrives from there."""
PILE_PAN = -0.5
"""The discard pile lies in the middle, towards the left: a discard leaves that way."""


def seat_pan(seat: int, listener: int | None, players: int) -> float:
    """Where ``seat`` sounds for ``listener`` at a table of ``players`` seats."""
    if seat == listener or players < 2:
        return MIDDLE
    if listener is None:
        return 1.0 - 2.0 * seat / (players - 1)
    if players == 2:
        return MIDDLE
    steps = (seat - listener) % players
    return -1.0 + 2.0 * (steps - 1) / (players - 2)


class SeatPanner:
    """Where each seat's sounds come from at a table of ``players``, for one listener: every
    game's cue mapper places its sounds so."""

    def __init__(self, players: int) -> None:
        self.players = players

    def pan(self, seat: int, listener: int | None) -> float:
        return seat_pan(seat, listener, self.players)
