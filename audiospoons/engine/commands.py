"""What a seat can do, as data. The time a command happened travels beside it, not inside."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

TIE_WINDOW = 0.001
"""Presses closer together than this (seconds) are a tie, settled by the contenders' order."""


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
