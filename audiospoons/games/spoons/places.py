"""Where each seat finished a game of Spoons: the winners first; with points scoring, the fewest
points next; else the later a seat was eliminated, the better its place."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.events import Event
from audiospoons.games.places import out_order, ranked
from audiospoons.games.spoons.rules.events import Eliminated, GameOver


def places(events: Sequence[Event], seats: int) -> tuple[int, ...]:
    over = next((event for event in reversed(events) if isinstance(event, GameOver)), None)
    winners = set(over.winners) if over is not None else set()
    points = over.points if over is not None else ()
    out = out_order([event.seats for event in events if isinstance(event, Eliminated)], seats)
    keys: list[tuple[float, ...]] = []
    for seat in range(seats):
        if seat in winners:
            keys.append((0.0, 0.0))
        elif points:
            keys.append((1.0, float(points[seat])))
        elif seat in out:
            keys.append((2.0, -float(out[seat])))
        else:
            keys.append((1.0, 0.0))
    return ranked(keys)
