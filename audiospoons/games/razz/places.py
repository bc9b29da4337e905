"""Where each seat finished a game of Razz Spoons: by its points at the end, the fewest best."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.events import Event
from audiospoons.games.places import ranked
from audiospoons.games.razz.rules.events import GameWon


def places(events: Sequence[Event], seats: int) -> tuple[int, ...]:
    won = next((event for event in reversed(events) if isinstance(event, GameWon)), None)
    if won is None:
        return (1,) * seats
    return ranked([(0.0 if seat in won.winners else 1.0, float(won.totals[seat]))
                   for seat in range(seats)])
