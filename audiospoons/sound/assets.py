"""Where the cue sounds are: ``sounds/`` in the source tree, installed as package data."""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path


def sound_path(name: str) -> Path:
    """The WAV file of cue ``name``; raises ``KeyError`` for a name that has none."""
    sound = files("audiospoons.sounds") / f"{name}.wav"
    if "/" in name or not sound.is_file():
        raise KeyError(f"no sound cue named {name!r}")
    with as_file(sound) as path:
        return Path(path)
