"""What a seat can do, as data. The time a command happened travels beside it, not inside."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from audiospoons.engine.cards import Card


@dataclass(frozen=True, slots=True)
class Command:
    seat: int


class TimedPress(Command):
    """A press whose moment decides something (who reacted first, who grabbed first), and that
    a host may date back to when it was made, as the relay does a press that crossed a network.
    Each game's such command is a dataclass under this, with a ``pressed_at`` field: the game
    time of the press when it happened before the command reached the table (dated by the
    relay, never by a client). ``answers`` names the cues it can answer, ``"test"`` (a
    reaction test's cue) and ``"race"`` (the first sign that the spoons are going), in the
    order a host looks for them."""

    __slots__ = ()
    answers: ClassVar[tuple[str, ...]]
    pressed_at: float | None

    def dated(self, pressed_at: float) -> Self:
        """The same press, made at game time ``pressed_at``."""
        dated: Self = dataclasses.replace(cast(Any, self), pressed_at=pressed_at)
        return dated


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
