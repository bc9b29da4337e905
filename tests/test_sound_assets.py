"""Every sound cue has a playable file: mono 16-bit 44100 Hz, audible, and short.

Read with the standard library only, so the tests run without numpy.
"""

from __future__ import annotations

import ast
import importlib
import math
import sys
import wave
from array import array
from pathlib import Path

import pytest

from audiospoons.games.keyboards import KEYBOARDS, cue_names
from audiospoons.games.registry import GAMES
from audiospoons.sound.assets import sound_path
from audiospoons.sound.cue import SHARED_CUE_NAMES

CUE_NAMES = cue_names()

# 1% of full scale, about -40 dBFS: far below any cue, far above silence or a few stray samples.
MIN_RMS = 0.01 * 32768


def header(name: str) -> tuple[int, int, int, str, int]:
    """Channels, bytes per sample, sample rate, compression and length in frames."""
    with wave.open(str(sound_path(name)), "rb") as wav:
        return (wav.getnchannels(), wav.getsampwidth(), wav.getframerate(), wav.getcomptype(),
                wav.getnframes())


def samples(name: str) -> array[int]:
    """The 16-bit samples (WAV stores them little-endian)."""
    with wave.open(str(sound_path(name)), "rb") as wav:
        frames = wav.readframes(wav.getnframes())
    pcm = array("h")
    pcm.frombytes(frames)
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm


@pytest.mark.parametrize("name", CUE_NAMES)
def test_each_cue_has_a_file(name: str) -> None:
    path = sound_path(name)
    assert path.is_file(), path
    assert path.name == f"{name}.wav"


@pytest.mark.parametrize("name", CUE_NAMES)
def test_each_cue_is_mono_16_bit_44100_hz(name: str) -> None:
    channels, width, rate, compression, _ = header(name)
    assert (channels, width, rate, compression) == (1, 2, 44100, "NONE")


@pytest.mark.parametrize("name", CUE_NAMES)
def test_each_cue_is_audible(name: str) -> None:
    pcm = samples(name)
    assert len(pcm) > 0
    rms = math.sqrt(sum(s * s for s in pcm) / len(pcm))
    assert rms > MIN_RMS, f"{name}: RMS {rms:.0f} of 32768"


@pytest.mark.parametrize("name", CUE_NAMES)
def test_each_cue_is_shorter_than_two_seconds(name: str) -> None:
    _, _, rate, _, frames = header(name)
    assert frames / rate < 2.0


def test_an_unknown_cue_has_no_file() -> None:
    with pytest.raises(KeyError):
        sound_path("nope")


def played_cues(package: Path) -> set[str]:
    """The name of every cue the modules under ``package`` play: ``Cue("knife", ...)``, or
    either name of ``Cue("signal" if ... else "spoon", ...)``."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "Cue":
                named = node.args[0]
                choices = [named.body, named.orelse] if isinstance(named, ast.IfExp) else [named]
                for choice in choices:
                    assert isinstance(choice, ast.Constant), f"{path}:{node.lineno}"
                    assert isinstance(choice.value, str), f"{path}:{node.lineno}"
                    names.add(choice.value)
    return names


@pytest.mark.parametrize("game", GAMES)
def test_each_game_lists_the_cues_it_plays(game: str) -> None:
    cues = importlib.import_module(f"audiospoons.games.{game}.keyboard.cues")
    assert cues.__file__ is not None
    package = Path(cues.__file__).parent
    assert set(cues.CUE_NAMES) == played_cues(package)
    assert KEYBOARDS[game].cue_names == cues.CUE_NAMES


def test_the_sounds_are_the_shared_cues_and_every_game_s() -> None:
    games = {name for half in KEYBOARDS.values() for name in half.cue_names}
    assert set(CUE_NAMES) == set(SHARED_CUE_NAMES) | games
    assert len(CUE_NAMES) == len(set(CUE_NAMES))
    assert {"tick", "menu-move", "menu-select", "menu-edge"} == set(SHARED_CUE_NAMES)
