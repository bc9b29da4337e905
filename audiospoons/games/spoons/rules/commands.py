"""What a seat can do in classic Spoons, as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from audiospoons.engine.cards import Card
from audiospoons.engine.commands import Command, TimedPress


@dataclass(frozen=True, slots=True)
class Take(Command):
    """Pick up the next waiting card, or draw from the stock where the variant allows."""


@dataclass(frozen=True, slots=True)
class Draw(Command):
    """Draw from the stock."""


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Pass this card to the left, or discard it to the pile at the end of the chain."""

    card: Card


@dataclass(frozen=True, slots=True)
class Grab(TimedPress):
    """Reach for a spoon; ``spoon`` names one where spoons are numbered. ``pressed_at``: as
    for ``React``, in a fight."""

    answers: ClassVar[tuple[str, ...]] = ("test", "race")
    spoon: int | None = None
    pressed_at: float | None = None


@dataclass(frozen=True, slots=True)
class React(TimedPress):
    """Press in a reaction test. ``pressed_at``: the game time of the press, when it happened
    before the command reached the table (a press that crossed a network, dated by the relay;
    never by a client). The test ranks the press by it."""

    answers: ClassVar[tuple[str, ...]] = ("test",)
    pressed_at: float | None = None


@dataclass(frozen=True, slots=True)
class Feint(Command):
    """Reach for the spoons without taking one (the bluff variant)."""


@dataclass(frozen=True, slots=True)
class Signal(Command):
    """Give or copy the signal (the Pig, Donkey and Tongue variants)."""
