"""Built-in text-to-speech played through the mixer: each line rendered to sound (and kept, so
a line said before starts at once), then played on the mixer's speech channel.

Going through the mixer is what lets speech be cut off the instant something urgent happens or
a key is pressed (live espeak on Linux cannot be stopped mid-line), keeps speech and cues on one
device, and lets speech have its own volume. Lines wait their turn; an urgent line goes ahead of
every line that is not urgent and cuts off the one being said, but never cuts or passes another
urgent line: two players grabbing a moment apart are both heard. The line cut off stays in the
history.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from audiospoons.voice.tts import PhraseRenderer, TtsUnavailable

LOG = logging.getLogger(__name__)

MIN_RATE = 80
MAX_RATE = 450


class Renderer(Protocol):
    rate: int

    def render(self, text: str) -> Path: ...

    def close(self) -> None: ...


class SpeechChannel(Protocol):
    def play_file(self, path: Path | str, pan: float = 0.0) -> float: ...

    def stop_speech(self) -> None: ...


@dataclass(slots=True)
class _Line:
    text: str
    urgent: bool


class MixerSpeech:
    """A speech output (``SpeechOutput``) that renders lines and plays them on the mixer."""

    name = "tts"
    paced = True
    """Spoken: the speaker hands it one line at a time."""
    orders_urgent_lines = True

    def __init__(self, renderer: Renderer, channel: SpeechChannel,
                 cache_dir: Path | None = None) -> None:
        """``cache_dir``, if given, is this output's own folder of renderings: removed on
        ``close``."""
        self.renderer = renderer
        self.channel = channel
        self.cache_dir = cache_dir
        self._queue: deque[_Line] = deque()
        self._current: _Line | None = None
        self._cond = threading.Condition()
        self._closed = False
        self._worker = threading.Thread(target=self._run, name="mixer speech", daemon=True)
        self._worker.start()

    @property
    def rate(self) -> int:
        return self.renderer.rate

    @rate.setter
    def rate(self, rate: int) -> None:
        self.renderer.rate = min(max(rate, MIN_RATE), MAX_RATE)

    def prepare(self, texts: Iterable[str]) -> None:
        """Render these lines now, so that they start at once when said."""
        for text in texts:
            try:
                self.renderer.render(text)
            except (OSError, RuntimeError, ValueError):
                LOG.debug("could not render %r in advance", text, exc_info=True)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        if not text.strip():
            return
        with self._cond:
            if self._closed:
                raise RuntimeError("the speech output is closed")
            line = _Line(text, interrupt)
            if interrupt:
                ahead = sum(1 for queued in self._queue if queued.urgent)
                self._queue.insert(ahead, line)
                if self._current is not None and not self._current.urgent:
                    self._cut()
            else:
                self._queue.append(line)
            self._cond.notify_all()

    def silence(self) -> None:
        with self._cond:
            self._queue.clear()
            self._cut()
            self._cond.notify_all()

    def drain(self, timeout: float) -> bool:
        """Wait until every queued line has been said (at most ``timeout`` seconds)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and self._current is None,
                                       timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cut()
            self._cond.notify_all()
        self._worker.join(timeout=5.0)
        self.renderer.close()
        if self.cache_dir is not None:
            shutil.rmtree(self.cache_dir, ignore_errors=True)

    @classmethod
    def open(cls, lang: str, rate: int | None, channel: SpeechChannel) -> MixerSpeech | None:
        """Text-to-speech for ``lang`` on the mixer, rendering into a folder of its own; None
        when no speech engine starts."""
        folder = Path(tempfile.mkdtemp(prefix="audiospoons-speech-"))
        try:
            renderer = PhraseRenderer(lang, folder, rate)
        except TtsUnavailable:
            shutil.rmtree(folder, ignore_errors=True)
            return None
        return cls(renderer, channel, folder)

    def _cut(self) -> None:
        """Stop the line being said (the lock is held)."""
        if self._current is not None:
            self._current = None
            self.channel.stop_speech()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue) or self._closed)
                if self._closed:
                    return
                line = self._queue.popleft()
                self._current = line
            self._say(line)

    def _say(self, line: _Line) -> None:
        """Render and play one line, and wait until it ends or is cut off."""
        try:
            path: Path | None = self.renderer.render(line.text)
        except (OSError, RuntimeError, ValueError):
            LOG.warning("could not render %r", line.text, exc_info=True)
            path = None
        with self._cond:
            if self._current is line and path is not None:
                try:
                    length = self.channel.play_file(path)
                except OSError:
                    LOG.warning("could not play %s", path, exc_info=True)
                    length = 0.0
                self._cond.wait_for(lambda: self._current is not line or self._closed, length)
            if self._current is line:
                self._current = None
            self._cond.notify_all()
