"""The keyboard seat's ears, and the small types the keyboard games share: every event the seat
may know, spoken and played from its place, and the answers to the keys that ask."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

YOU = 0
"""The keyboard player's seat in a local game; the bots sit to their left in turn."""
NOBODY = -1
"""The seat a spectator's view is kept for: no one's, so it holds no cards and no event is
its own."""


class PressedKey(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def at(self) -> float: ...


class KeySource(Protocol):
    def read(self, timeout: float | None) -> Sequence[PressedKey]: ...


@dataclass(frozen=True, slots=True)
class PastReactions:
    """The player's reaction times (seconds, every one kept) and results from games before
    this one, as the reaction key reads them: what the settings keep (``SavedReactions``)
    with the times of the games played since."""

    times: tuple[float, ...] = ()
    games: int = 0
    wins: int = 0
    best: float | None = None
    """The best time ever, which may be older than ``times``."""


@dataclass(slots=True)
class GameResult:
    """How a game ended for the keyboard player: ``won`` is None when they quit. A single
    round is won by keeping a spoon."""

    won: bool | None
    reaction_times: list[float]
