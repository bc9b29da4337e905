"""Where each seat finished a game, 1 the best: what a rating is updated from (``net.ratings``).
Each game says how its end orders the seats (``RulesSpec.places``); ties share a place, and the
next place skips as many as shared it ("1, 2, 2, 4")."""

from __future__ import annotations

from collections.abc import Sequence


def ranked(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Each seat's place, from a key per seat: the smaller the key, the better the place."""
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def out_order(groups: Sequence[Sequence[int]], seats: int) -> dict[int, int]:
    """For each seat that went out of the game, how many groups went out before its own
    (seats that went out together share it)."""
    order: dict[int, int] = {}
    for index, group in enumerate(groups):
        for seat in group:
            if 0 <= seat < seats:
                order.setdefault(seat, index)
    return order
