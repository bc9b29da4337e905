"""Every sound cue has a playable file: mono 16-bit 44100 Hz, audible, and short.

Read with the standard library only, so the tests run without numpy.
"""

from __future__ import annotations

import math
import sys
import wave
from array import array

import pytest

from audiospoons.sound.assets import sound_path
from audiospoons.sound.cue import CUE_NAMES

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
