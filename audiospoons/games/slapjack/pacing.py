"""How long each line of Slapjack stays worth saying (``voice.pace``). Pure.

A card turned that is not a Jack is news only until the next card covers it: a newer one takes
its place while it waits, and it is said only while fresh. Another player's turn, wrong slap or
slap back in is said only while fresh. A Jack, the slap that settles it, the listener's own
turn, wrong slap and cards back, who is out and the end wait as long as it takes.
"""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    PileReturned,
    TurnPassed,
    WrongSlap,
)
from audiospoons.voice.pace import LASTING, Pace, flow


def pace(event: Event, listener: int | None) -> Pace:
    """The pace of ``listener``'s line for ``event``."""
    if isinstance(event, CardTurned) and event.card.rank != "J":
        return flow("pile")
    if isinstance(event, TurnPassed):
        return Pace(topic="turn") if event.seat == listener else flow("turn")
    if isinstance(event, WrongSlap | PileReturned) and event.seat != listener:
        return flow()
    return LASTING
