"""Urgent phrases rendered to sound before they are needed, and played through the mixer.

Live text-to-speech takes a moment to start; "React now!" cannot wait for it. The phrases that
are both urgent and known in advance (the react cue, each player's grab) are rendered once when
the game starts and then start on the mixer's speech channel in well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol


class PhraseSource(Protocol):
    def render(self, text: str) -> Path: ...


class FilePlayer(Protocol):
    def play_file(self, path: Path | str, pan: float = 0.0) -> None: ...


class InstantPhrases:
    """The prepared phrases, and the mixer that says them."""

    def __init__(self, renderer: PhraseSource, player: FilePlayer) -> None:
        self.renderer = renderer
        self.player = player
        self._ready: dict[str, Path] = {}

    def prepare(self, texts: Iterable[str]) -> list[str]:
        """Render each phrase now; returns the ones that could not be rendered (they will be
        spoken live)."""
        failed = []
        for text in texts:
            try:
                self._ready[text] = self.renderer.render(text)
            except (OSError, RuntimeError, ValueError):
                failed.append(text)
        return failed

    def say(self, text: str) -> bool:
        """Play ``text`` if it was prepared; False if it was not (or cannot be played)."""
        path = self._ready.get(text)
        if path is None:
            return False
        try:
            self.player.play_file(path)
        except OSError:
            return False
        return True
