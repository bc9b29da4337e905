"""A player's place at a classic table, and where the round stands."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import Enum

from audiospoons.engine.cards import Card


class Phase(Enum):
    """Where the round stands."""

    PLAYING = "playing"
    GRABBING = "grabbing"
    BETWEEN_ROUNDS = "between rounds"
    OVER = "over"


@dataclass(slots=True)
class Seat:
    """One player's place at the table."""

    name: str
    hand: list[Card] = field(default_factory=list)
    waiting: deque[Card] = field(default_factory=deque)
    has_spoon: bool = False
    active: bool = True
    misses: int = 0
    held_set: str | None = None
    set_since: float | None = None
    """When the set in hand was made."""
    owes_since: float | None = None
    early_press_at: float | None = None
    """This round's last grab pressed too soon after the spoons were free to be a reaction."""
    feint_locked_until: float = 0.0
    knife_owed: int = 0
    """Cards still to discard for a knife before drawing as many anew (the Knives pack)."""
    knife_draws: int = 0
    """Cards to draw anew once the knife's discards are made: ``knife_redraw``, or the whole
    hand when it holds fewer (passing first, a hand of three holds three)."""
