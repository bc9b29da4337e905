"""A sound cue: which sound, and where it comes from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

SHARED_CUE_NAMES = ("tick", "menu-move", "menu-select", "menu-edge")
"""The sounds of the layers every game shares: a countdown's tick and the menus'. Each game
names its own (``games.registry.cue_names`` gives them all)."""


@dataclass(frozen=True, slots=True)
class Cue:
    """``pan`` runs from -1.0 (hard left) through 0.0 (the middle) to 1.0 (hard right)."""

    name: str
    pan: float = 0.0
    urgent: bool = False


class CuePlayer(Protocol):
    """What plays the cues: the sound device, or a page's player. The volumes and mono are the
    player's settings, changed while it plays and heard from the next cue on."""

    sound_volume: float
    speech_volume: float
    mono: bool

    def play(self, cue: Cue) -> None: ...
