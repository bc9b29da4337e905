"""Where the cue sounds are: ``sounds/`` in the source tree, installed as package data."""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path

from audiospoons.sound.cue import CUE_NAMES


def sound_path(name: str) -> Path:
    """The WAV file of cue ``name``; raises ``KeyError`` for a name that is not a cue."""
    if name not in CUE_NAMES:
        raise KeyError(f"no sound cue named {name!r}")
    with as_file(files("audiospoons.sounds") / f"{name}.wav") as path:
        return Path(path)
