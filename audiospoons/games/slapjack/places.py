"""Where each seat finished a game of Slapjack: the winners first, then by the cards held at the
end, the most best; of the seats that ran out, the later out the better."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.events import Event
from audiospoons.games.places import out_order, ranked
from audiospoons.games.slapjack.rules.events import PlayerOut, SlapjackOver


def places(events: Sequence[Event], seats: int) -> tuple[int, ...]:
    over = next((event for event in reversed(events) if isinstance(event, SlapjackOver)), None)
    winners = set(over.winners) if over is not None else set()
    counts = over.counts if over is not None else (0,) * seats
    out = out_order([(event.seat,) for event in events if isinstance(event, PlayerOut)], seats)
    keys: list[tuple[float, ...]] = []
    for seat in range(seats):
        if seat in winners:
            keys.append((0.0, 0.0))
        elif seat in out:
            keys.append((2.0, -float(out[seat])))
        else:
            keys.append((1.0, -float(counts[seat])))
    return ranked(keys)
