"""What a seat can do at Slapjack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from audiospoons.engine.commands import Command, TimedPress


@dataclass(frozen=True, slots=True)
class Turn(Command):
    """Turn the top card of your stack face up onto the pile: your turn's move."""


@dataclass(frozen=True, slots=True)
class Slap(TimedPress):
    """Slap the pile: on a Jack the first slap takes the pile; on anything else it costs a card.
    ``pressed_at``: the game time of the press, when it happened before the command reached
    the table (dated by the relay, never by a client)."""

    answers: ClassVar[tuple[str, ...]] = ("race",)
    pressed_at: float | None = None
