"""The mixer with its real parts: pygame's mixer writing what it plays to a file through SDL's
disk audio driver, read back and measured channel by channel.

SDL sets itself up once per process, so each scenario runs in a fresh Python process.
"""

from __future__ import annotations

import array
import json
import math
import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest

import audiospoons
from audiospoons.sound.mixer import NO_DEVICE_WARNING, stereo_gains

# The scenario process imports the very package these tests import, installed or not.
PACKAGE_HOME = str(Path(audiospoons.__file__).resolve().parent.parent)
RATE = 44100

# Runs in the subprocess: open the mixer, do the steps, wait until everything is quiet, close,
# and write what the steps asked about to the result file. Nothing is printed.
SCENARIO = """
import json, sys, time
from pathlib import Path

from audiospoons.games.keyboards import cue_names
from audiospoons.sound.assets import sound_path
from audiospoons.sound.cue import Cue
from audiospoons.sound.mixer import open_mixer

args = json.loads(sys.argv[1])
cue_dir = args["cue_dir"]
cue_path = (lambda name: Path(cue_dir) / f"{name}.wav") if cue_dir else sound_path
mixer, warning = open_mixer(cue_names(), 1024, cue_path=cue_path)
result = {"opened": mixer is not None, "warning": warning, "answers": []}
if mixer is not None:
    import pygame

    def wait_until_quiet() -> None:
        deadline = time.monotonic() + 10.0
        while pygame.mixer.get_busy() and time.monotonic() < deadline:
            time.sleep(0.005)

    for step, *rest in args["steps"]:
        if step == "play":
            mixer.play(Cue(rest[0], rest[1], rest[2]))
        elif step == "file":
            mixer.play_file(rest[0], rest[1])
        elif step == "set":
            setattr(mixer, rest[0], rest[1])
        elif step == "sleep":
            time.sleep(rest[0])
        elif step == "wait":
            wait_until_quiet()
        elif step == "speaking":
            result["answers"].append(mixer.speaking())
        elif step == "busy":
            result["answers"].append(sum(pygame.mixer.Channel(i).get_busy() for i in range(32)))
        elif step == "copy":
            Path(rest[1]).write_bytes(Path(rest[0]).read_bytes())
        elif step == "stop_speech":
            mixer.stop_speech()
    wait_until_quiet()
    time.sleep(0.15)
    mixer.close()
Path(args["result"]).write_text(json.dumps(result))
"""


def write_tone(path: Path, *, rate: int = RATE, seconds: float = 0.25, hertz: float = 440.0,
               amplitude: float = 0.5) -> Path:
    """A mono 16-bit WAV of a sine tone."""
    frames = array.array("h", (round(amplitude * 32767 * math.sin(2 * math.pi * hertz * i / rate))
                               for i in range(round(seconds * rate))))
    if sys.byteorder == "big":
        frames.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(frames.tobytes())
    return path


class Recording:
    """What the disk driver wrote: interleaved left, right signed 16-bit little-endian frames."""

    def __init__(self, raw: bytes) -> None:
        samples = array.array("h", raw[: len(raw) // 4 * 4])
        if sys.byteorder == "big":
            samples.byteswap()
        self.left = samples[0::2]
        self.right = samples[1::2]

    @staticmethod
    def _energy(channel: array.array[int]) -> float:
        return float(sum(value * value for value in channel))

    @property
    def left_energy(self) -> float:
        return self._energy(self.left)

    @property
    def right_energy(self) -> float:
        return self._energy(self.right)

    def _loud(self) -> list[int]:
        return [i for i, (a, b) in enumerate(zip(self.left, self.right, strict=True)) if a or b]

    def sounding_seconds(self) -> float:
        """From the first to the last frame that is not silent, in seconds."""
        loud = self._loud()
        return (loud[-1] - loud[0] + 1) / RATE if loud else 0.0

    def bursts(self) -> list[float]:
        """How long each stretch of sound lasts, in seconds; 10 ms of silence separates two."""
        loud = self._loud()
        starts = [0] + [n for n in range(1, len(loud)) if loud[n] - loud[n - 1] > RATE // 100]
        ends = [*starts[1:], len(loud)]
        return [(loud[end - 1] - loud[start] + 1) / RATE for start, end in zip(starts, ends,
                                                                                  strict=True)]


def run(tmp_path: Path, steps: list[list[object]], *, driver: str = "disk",
        cue_dir: Path | None = None, hide_prompt: bool = True,
        extra_env: dict[str, str] | None = None,
        ) -> tuple[Recording, dict[str, object], subprocess.CompletedProcess[str]]:
    """Run one scenario in a fresh process; the recording, its result and the process."""
    out = tmp_path / "out.raw"
    out.unlink(missing_ok=True)
    result_file = tmp_path / "result.json"
    result_file.unlink(missing_ok=True)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("SDL_") and key not in ("PYGAME_HIDE_SUPPORT_PROMPT", "AUDIODEV")}
    env |= {"SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": str(out),
            "PYTHONPATH": os.pathsep.join(filter(None, [PACKAGE_HOME, env.get("PYTHONPATH")]))}
    if hide_prompt:
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env |= extra_env or {}
    args = {"cue_dir": str(cue_dir) if cue_dir else None, "steps": steps,
            "result": str(result_file)}
    process = subprocess.run([sys.executable, "-c", SCENARIO, json.dumps(args)], env=env,
                             cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=60, check=False)
    assert process.returncode == 0, process.stdout + process.stderr
    recording = Recording(out.read_bytes() if out.exists() else b"")
    return recording, json.loads(result_file.read_text()), process


def play_spoon(tmp_path: Path, pan: float, *, mono: bool = False, volume: float = 1.0,
               ) -> Recording:
    """Play the game's own spoon cue once and return what was heard."""
    steps: list[list[object]] = [["set", "mono", mono], ["set", "sound_volume", volume],
                                 ["play", "spoon", pan, False]]
    recording, result, _ = run(tmp_path, steps)
    assert result["opened"] is True
    assert recording.left_energy + recording.right_energy > 0, "the spoon cue was not heard"
    return recording


# --- stereo_gains: pure -------------------------------------------------------------------------


@pytest.mark.parametrize("pan", [-1.0, -0.75, -0.5, -0.1, 0.0, 0.3, 0.5, 1.0])
def test_panning_keeps_the_power_the_same_everywhere(pan: float) -> None:
    left, right = stereo_gains(pan, mono=False)
    assert left**2 + right**2 == pytest.approx(1.0)
    assert (left > right) == (pan < 0) and (right > left) == (pan > 0)


def test_the_ends_are_hard_left_and_hard_right_and_the_middle_is_even() -> None:
    assert stereo_gains(-1.0, mono=False) == pytest.approx((1.0, 0.0))
    assert stereo_gains(1.0, mono=False) == pytest.approx((0.0, 1.0))
    left, right = stereo_gains(0.0, mono=False)
    assert left == pytest.approx(right) == pytest.approx(math.sqrt(0.5))


@pytest.mark.parametrize("pan", [0.0, 0.25, 0.5, 0.9, 1.0])
def test_mirror_seats_get_mirror_gains(pan: float) -> None:
    left, right = stereo_gains(pan, mono=False)
    assert stereo_gains(-pan, mono=False) == (right, left)
    assert left == pytest.approx(math.cos((pan + 1) * math.pi / 4))
    assert right == pytest.approx(math.sin((pan + 1) * math.pi / 4))


def test_a_seat_further_left_is_louder_on_the_left() -> None:
    lefts = [stereo_gains(pan, mono=False)[0] for pan in (1.0, 0.5, 0.0, -0.5, -1.0)]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)


@pytest.mark.parametrize("pan", [-1.0, -0.4, 0.0, 0.8, 1.0, 5.0])
def test_mono_gives_both_ears_the_gain_of_the_middle(pan: float) -> None:
    assert stereo_gains(pan, mono=True) == pytest.approx(stereo_gains(0.0, mono=False))


def test_a_pan_out_of_range_is_clamped() -> None:
    assert stereo_gains(-3.0, mono=False) == stereo_gains(-1.0, mono=False)
    assert stereo_gains(2.5, mono=False) == stereo_gains(1.0, mono=False)
    assert stereo_gains(math.nan, mono=False) == stereo_gains(0.0, mono=False)


# --- the real mixer, heard through the disk driver ----------------------------------------------


@pytest.mark.parametrize(("pan", "ratio"), [(-1.0, 100.0), (-0.5, 3.0)])
def test_a_seat_on_the_left_is_heard_on_the_left(tmp_path: Path, pan: float, ratio: float) -> None:
    heard = play_spoon(tmp_path, pan)
    assert heard.left_energy > ratio * heard.right_energy


@pytest.mark.parametrize(("pan", "ratio"), [(1.0, 100.0), (0.5, 3.0)])
def test_a_seat_on_the_right_is_heard_on_the_right(tmp_path: Path, pan: float,
                                                   ratio: float) -> None:
    heard = play_spoon(tmp_path, pan)
    assert heard.right_energy > ratio * heard.left_energy


@pytest.mark.parametrize("pan", [-1.0, 0.6])
def test_in_mono_both_channels_are_the_same(tmp_path: Path, pan: float) -> None:
    heard = play_spoon(tmp_path, pan, mono=True)
    assert heard.left_energy == pytest.approx(heard.right_energy, rel=0.01)


def test_half_the_sound_volume_is_half_as_loud(tmp_path: Path) -> None:
    full = play_spoon(tmp_path, -0.5)
    half = play_spoon(tmp_path, -0.5, volume=0.5)
    for channel in ("left_energy", "right_energy"):
        rms_ratio = math.sqrt(getattr(half, channel) / getattr(full, channel))
        assert 0.4 < rms_ratio < 0.6, (channel, rms_ratio)


def test_the_panning_is_set_again_on_every_play_of_a_channel(tmp_path: Path) -> None:
    # SDL_mixer forgets a channel's panning when its sound ends; the second cue gets the
    # freed channel back, and must still be hard right.
    heard, _, _ = run(tmp_path, [["play", "spoon", 1.0, False], ["wait"],
                                 ["play", "spoon", 1.0, False]])
    assert heard.right_energy > 0 and heard.left_energy == 0


def test_a_speech_file_at_another_rate_plays_at_its_own_speed(tmp_path: Path) -> None:
    line = write_tone(tmp_path / "line.wav", rate=22050, seconds=0.4, hertz=300.0)
    heard, _, _ = run(tmp_path, [["file", str(line), 0.0]])
    assert heard.left_energy > 0 and heard.right_energy > 0
    assert heard.bursts() == [pytest.approx(0.4, abs=0.01)]


def test_speech_is_panned_and_scaled_by_the_speech_volume(tmp_path: Path) -> None:
    line = write_tone(tmp_path / "line.wav", rate=22050, seconds=0.2)
    full, _, _ = run(tmp_path, [["file", str(line), -1.0]])
    quiet, _, _ = run(tmp_path, [["set", "speech_volume", 0.25], ["file", str(line), -1.0]])
    assert full.left_energy > 0 and full.right_energy == 0
    assert math.sqrt(quiet.left_energy / full.left_energy) == pytest.approx(0.25, abs=0.05)


def test_a_line_that_cuts_off_another_keeps_its_own_place(tmp_path: Path) -> None:
    first = write_tone(tmp_path / "first.wav", rate=22050, seconds=1.0)
    second = write_tone(tmp_path / "second.wav", rate=22050, seconds=0.2)
    heard, _, _ = run(tmp_path, [["file", str(first), -1.0], ["sleep", 0.1],
                                 ["file", str(second), -1.0]])
    assert heard.left_energy > 0 and heard.right_energy == 0


def test_a_new_line_of_speech_cuts_off_the_one_before(tmp_path: Path) -> None:
    long_line = write_tone(tmp_path / "long.wav", rate=22050, seconds=2.0)
    short_line = write_tone(tmp_path / "short.wav", rate=22050, seconds=0.5)
    heard, result, _ = run(tmp_path, [["file", str(long_line), 0.0], ["sleep", 0.2],
                                      ["file", str(short_line), 0.0], ["sleep", 0.05],
                                      ["speaking"], ["wait"], ["speaking"]])
    assert result["answers"] == [True, False]
    # About 0.2 s of the long line and all of the short one; 2.5 s had the long line gone on.
    assert 0.55 < heard.sounding_seconds() < 1.6


def test_a_speech_file_written_again_plays_its_new_words(tmp_path: Path) -> None:
    line = write_tone(tmp_path / "line.wav", rate=22050, seconds=0.2)
    longer = write_tone(tmp_path / "longer.wav", rate=22050, seconds=0.6)
    steps: list[list[object]] = [["file", str(line), 0.0], ["wait"],
                                 ["copy", str(longer), str(line)], ["sleep", 0.3],
                                 ["file", str(line), 0.0]]
    heard, _, _ = run(tmp_path, steps)
    # The old words, then the new ones, not the old ones again.
    assert heard.bursts() == [pytest.approx(0.2, abs=0.01), pytest.approx(0.6, abs=0.01)]


def test_stop_speech_silences_the_line(tmp_path: Path) -> None:
    line = write_tone(tmp_path / "line.wav", rate=22050, seconds=2.0)
    heard, result, _ = run(tmp_path, [["file", str(line), 0.0], ["sleep", 0.2], ["speaking"],
                                      ["stop_speech"], ["speaking"]])
    assert result["answers"] == [True, False]
    assert 0.1 < heard.sounding_seconds() < 1.5


def test_cues_never_take_the_speech_channel(tmp_path: Path) -> None:
    cue_dir = tmp_path / "cues"
    cue_dir.mkdir()
    write_tone(cue_dir / "spoon.wav", seconds=1.5)
    line = write_tone(tmp_path / "line.wav", rate=22050, seconds=0.5)
    steps: list[list[object]] = [["file", str(line), 0.0]]
    steps += [["play", "spoon", 0.0, False]] * 40 + [["busy"]]
    steps += [["play", "spoon", 0.0, True]] * 40 + [["busy"], ["speaking"]]
    _, result, _ = run(tmp_path, steps, cue_dir=cue_dir)
    # Every channel busy: 31 for cues and the speech line, which no urgent cue cut off.
    assert result["answers"] == [32, 32, True]


def test_an_urgent_cue_takes_a_busy_channel_and_keeps_its_place(tmp_path: Path) -> None:
    cue_dir = tmp_path / "cues"
    cue_dir.mkdir()
    write_tone(cue_dir / "spoon.wav", seconds=0.6)
    write_tone(cue_dir / "react.wav", seconds=1.5, hertz=660.0)
    steps: list[list[object]] = [["play", "spoon", -1.0, False]] * 31
    steps += [["play", "react", -1.0, False], ["busy"], ["play", "react", -1.0, True], ["busy"]]
    heard, result, _ = run(tmp_path, steps, cue_dir=cue_dir)
    assert result["answers"] == [31, 31]
    # Only the urgent react, not the ordinary one, found a channel, and it lasts past the
    # spoons; the channel it took from a hard-left spoon got its own hard-left panning.
    assert heard.sounding_seconds() > 1.2
    assert heard.left_energy > 0 and heard.right_energy == 0


def test_every_cue_of_the_game_loads(tmp_path: Path) -> None:
    _, result, _ = run(tmp_path, [])
    assert result == {"opened": True, "warning": None, "answers": []}


def test_a_missing_cue_file_is_named_in_the_warning_and_stays_silent(tmp_path: Path) -> None:
    cue_dir = tmp_path / "cues"
    cue_dir.mkdir()
    write_tone(cue_dir / "spoon.wav")
    heard, result, _ = run(tmp_path, [["play", "deal", 0.0, True]], cue_dir=cue_dir)
    assert result["opened"] is True
    assert isinstance(result["warning"], str) and "deal" in result["warning"]
    assert "spoon" not in result["warning"]
    assert heard.left_energy == heard.right_energy == 0


@pytest.mark.parametrize(("driver", "extra_env"), [
    ("no-such-driver", {}),
    # Where SDL has ALSA, opening a device that is not there makes libasound print to stderr.
    ("alsa", {"AUDIODEV": "audiospoons-no-such-device"}),
])
def test_no_audio_device_gives_one_warning_and_prints_nothing(
        tmp_path: Path, driver: str, extra_env: dict[str, str]) -> None:
    # The module, not the caller, hides pygame's banner.
    _, result, process = run(tmp_path, [["play", "spoon", 0.0, True]], driver=driver,
                             hide_prompt=False, extra_env=extra_env)
    assert result == {"opened": False, "warning": NO_DEVICE_WARNING, "answers": []}
    assert process.stdout == ""
    assert process.stderr == ""


def test_opening_a_device_prints_nothing(tmp_path: Path) -> None:
    # SDL's disk driver announces itself on stderr when it opens; the player never sees that.
    heard, result, process = run(tmp_path, [["play", "spoon", 0.0, False]],
                                 hide_prompt=False)
    assert result["opened"] is True and heard.left_energy > 0
    assert process.stdout == ""
    assert process.stderr == ""
