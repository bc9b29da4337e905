"""How long each line of Slapjack stays worth saying (``voice.pace``). Pure.

A card turned that is not a Jack is news only until the next card covers it: a newer one takes
its place while it waits, and it is said only while fresh. Another player's turn, wrong slap,
slap too late or slap back in is said only while fresh. A Jack, the slap that settles it, the
listener's own turn (until they turn their card), wrong slap, slap too late and cards back, who
is out (several others out together said as one line) and the end wait as long as it takes.
"""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.engine.events import Event
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    LateSlap,
    PileReturned,
    PlayerOut,
    TurnPassed,
    WrongSlap,
)
from audiospoons.voice.pace import FLOW_LIFETIME, LASTING, Group, LinePace, flow


def pace(event: Event, listener: int | None, names: tuple[str, ...],
         others_out: Callable[[tuple[str, ...]], str]) -> LinePace:
    """The pace of ``listener``'s line for ``event``; ``others_out`` words several other
    players out as one line; ``names`` are the players' names as said."""
    if isinstance(event, CardTurned) and event.seat == listener:
        if event.card.rank == "J":
            return LinePace(retracts=("turn",))
        return LinePace(lifetime=FLOW_LIFETIME, topic="pile", retracts=("turn",))
    if isinstance(event, CardTurned) and event.card.rank != "J":
        return flow("pile")
    if isinstance(event, PlayerOut) and event.seat != listener:
        return LinePace(group=Group("out", names[event.seat], others_out))
    if isinstance(event, TurnPassed):
        return LinePace(topic="turn") if event.seat == listener else flow("turn", aside=True)
    if isinstance(event, WrongSlap | LateSlap | PileReturned) and event.seat != listener:
        return flow()
    return LASTING
