"""Playing the cues and the rendered speech through pygame's mixer, panned to the seats.

This is the only module of the game that imports pygame. Everything that can go wrong when
opening the sound device is turned into one warning for the player by ``open_mixer``.

Every cue plays on a channel of its own, found afresh for each play. SDL_mixer drops a channel's
panning whenever a sound on it ends or is cut off, so the left and right volume is set again on
every play, after the channel has been stopped and before the sound starts. Speech has a channel
of its own, which no cue ever takes, and each new line cuts off the one before.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from audiospoons.sound.assets import sound_path
from audiospoons.sound.cue import Cue

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
"""SDL would otherwise turn SIGTERM (and SIGINT, were Python not handling it) into a quit event
no one reads: the game would not end on SIGTERM."""

_PYGAME_MISSING: str | None = None
try:
    import pygame
except ImportError as error:  # pragma: no cover - pygame-ce is installed wherever sound plays
    _PYGAME_MISSING = str(error)

NO_DEVICE_WARNING = "No audio device found: playing with speech only, no sound cues."
NO_PYGAME_WARNING = "Sound is not installed (pygame-ce): playing with speech only, no sound cues."

FREQUENCY = 44100
CHANNELS = 32
SPEECH_CHANNEL = 0
SPEECH_CACHE_SIZE = 64


def stereo_gains(pan: float, mono: bool) -> tuple[float, float]:
    """Equal-power ``(left, right)`` gains for ``pan`` (-1.0 hard left .. 1.0 hard right).

    ``pan`` is clamped to -1.0..1.0 (not a number counts as the middle). With ``mono`` both
    channels get the gain of the middle, so a player with one ear or one speaker hears every
    seat at the same loudness.
    """
    if mono or math.isnan(pan):
        pan = 0.0
    pan = min(1.0, max(-1.0, pan))
    # cos((1 - pan)·π/4) is sin((pan + 1)·π/4), written so that the middle is exactly even and
    # a seat on the right gets exactly the gains of its mirror seat on the left, swapped.
    return math.cos((1.0 + pan) * math.pi / 4.0), math.cos((1.0 - pan) * math.pi / 4.0)


def _unit(value: float) -> float:
    """``value`` clamped to 0.0..1.0, not a number counting as 0.0."""
    return min(1.0, value) if value > 0.0 else 0.0


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to the standard error to nowhere for a moment.

    Opening a missing device makes ALSA print a screenful of lines that a screen reader would
    read out; the player gets one warning instead.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Mixer:
    """The open sound device: cues panned to the seats, and one line of speech at a time.

    ``sound_volume`` and ``speech_volume`` (0.0..1.0) and ``mono`` may be changed at any time;
    they apply from the next play on. ``missing`` names the cues whose file could not be loaded;
    playing one of them does nothing.
    """

    def __init__(self, cue_names: Sequence[str], buffer: int = 1024, *,
                 cue_path: Callable[[str], Path] = sound_path) -> None:
        """Open the device (raises ``pygame.error`` when there is none) and load every cue
        of ``cue_names`` (the games', ``games.keyboards.cue_names``)."""
        self.sound_volume = 1.0
        self.speech_volume = 1.0
        self.mono = False
        pygame.mixer.pre_init(FREQUENCY, -16, 2, buffer, allowedchanges=0)
        pygame.mixer.init()
        try:
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)  # for Sound.play(), which we never use
            channels = [pygame.mixer.Channel(number) for number in range(CHANNELS)]
            self._speech = channels[SPEECH_CHANNEL]
            self._cue_channels = channels[SPEECH_CHANNEL + 1:]
            self._started = [0.0] * CHANNELS
            self._speech_cache: OrderedDict[tuple[str, int, int, int], pygame.mixer.Sound] = (
                OrderedDict())
            self._cues: dict[str, pygame.mixer.Sound] = {}
            self._names = frozenset(cue_names)
            self.missing: list[str] = []
            for name in cue_names:
                try:
                    self._cues[name] = pygame.mixer.Sound(cue_path(name))
                except (OSError, ImportError, pygame.error):  # ImportError: no package data
                    self.missing.append(name)
        except BaseException:
            pygame.mixer.quit()
            raise

    def play(self, cue: Cue) -> None:
        """Start ``cue`` at its seat's place, over whatever else is sounding.

        When every channel is busy an ordinary cue is dropped and an urgent one cuts off the
        cue that has been playing longest. Raises ``KeyError`` for a name that is not a cue.
        """
        sound = self._cues.get(cue.name)
        if sound is None:
            if cue.name not in self._names:
                raise KeyError(f"no sound cue named {cue.name!r}")
            return
        volume = _unit(self.sound_volume)
        if volume == 0.0:
            return
        # Not pygame.mixer.find_channel: it ignores reserved channels and would take speech's.
        channel = next((free for free in self._cue_channels if not free.get_busy()), None)
        if channel is None:
            if not cue.urgent:
                return
            channel = min(self._cue_channels, key=lambda busy: self._started[busy.id])
        left, right = stereo_gains(cue.pan, self.mono)
        self._start(channel, sound, left * volume, right * volume)

    def play_file(self, path: Path | str, pan: float = 0.0) -> float:
        """Say a rendered line of speech (a WAV file), cutting off the line before; returns how
        long it lasts, in seconds.

        Raises ``OSError`` when the file cannot be read or is not a sound pygame can play.
        """
        sound = self._load_speech(Path(path))
        left, right = stereo_gains(pan, self.mono)
        volume = _unit(self.speech_volume)
        self._start(self._speech, sound, left * volume, right * volume)
        return float(sound.get_length())

    def stop_speech(self) -> None:
        """Cut off the line being said, if any."""
        self._speech.stop()

    def speaking(self) -> bool:
        """Whether a line of speech is still sounding."""
        return self._speech.get_busy()

    def close(self) -> None:
        """Stop every sound and close the device; the mixer cannot be used after this."""
        if pygame.mixer.get_init() is not None:
            pygame.mixer.stop()
        self._cues.clear()
        self._speech_cache.clear()
        pygame.mixer.quit()

    def _start(self, channel: pygame.mixer.Channel, sound: pygame.mixer.Sound,
               left: float, right: float) -> None:
        # Stopping first drops the channel's old panning now rather than inside play(), where
        # it would also drop the panning set here.
        channel.stop()
        channel.set_volume(left, right)
        channel.play(sound)
        self._started[channel.id] = time.monotonic()

    def _load_speech(self, path: Path) -> pygame.mixer.Sound:
        """The Sound of ``path``, loaded again only when the file has changed since."""
        try:
            stat = path.stat()
        except OSError as error:
            raise OSError(f"cannot play {path}: {error}") from error
        key = (str(path), stat.st_mtime_ns, stat.st_size, stat.st_ino)
        sound = self._speech_cache.get(key)
        if sound is not None:
            self._speech_cache.move_to_end(key)
            return sound
        try:
            sound = pygame.mixer.Sound(path)
        except pygame.error as error:
            raise OSError(f"cannot play {path}: {error}") from error
        self._speech_cache[key] = sound
        if len(self._speech_cache) > SPEECH_CACHE_SIZE:
            self._speech_cache.popitem(last=False)
        return sound


def open_mixer(cue_names: Sequence[str], buffer: int = 1024, *,
               cue_path: Callable[[str], Path] = sound_path,
               ) -> tuple[Mixer | None, str | None]:
    """Open the sound device with the cues ``cue_names``: ``(mixer, None)``, or
    ``(None, warning)`` when there is no sound.

    Never raises. The warning is one sentence for the player, to be spoken once. A mixer that
    opened but could not load some cue files comes with a warning naming them.
    """
    if _PYGAME_MISSING is not None:
        return None, NO_PYGAME_WARNING
    try:
        with _quiet_stderr():
            mixer = Mixer(cue_names, buffer, cue_path=cue_path)
    except Exception:
        return None, NO_DEVICE_WARNING
    if mixer.missing:
        return mixer, f"Some sound cues are missing and will be silent: {', '.join(mixer.missing)}."
    return mixer, None
