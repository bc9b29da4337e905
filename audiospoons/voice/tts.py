"""Speech through pyttsx3: live lines (``TtsOutput``) and phrases rendered to sound files
(``PhraseRenderer``).

pyttsx3 drives espeak-ng on Linux, SAPI 5 on Windows and NSSpeechSynthesizer on macOS. It is
untyped, so every call into it goes through the ``SpeechEngine`` protocol below, and version 2.99
needs the following handled, all of it here and nowhere else:

* ``pyttsx3.init()`` hands back the same engine to every caller asking for the same driver, so
  engines are built with ``pyttsx3.engine.Engine`` instead: live speech and rendering must never
  share one, because an espeak engine that once saved to a file writes every later ``say`` to
  that file too.
* espeak-ng lives once per process. Its voice, rate and volume are process-wide, and so is its one
  synthesis callback, which every new pyttsx3 espeak engine takes for itself: the older engines
  then synthesise into nothing and never finish. Every espeak utterance here runs under one lock
  and first points the callback back at its own engine and sets voice, rate and volume
  (``_Espeak.prepare``); the callbacks are kept for the life of the process (``_KEEP_ALIVE``).
* ``runAndWait`` on an espeak engine used for the first time returns before the utterance is done
  (espeak works on its own thread; short lines only seem to be done because the driver sleeps
  10 ms). The end of an utterance is the engine's ``finished-utterance`` notice, waited for.
* espeak takes parameters asynchronously, and ``runAndWait`` calls the driver's ``stop()``, which
  cancels whatever espeak is still busy with: the new rate is lost, and a flag is left that then
  cancels the utterance itself (a render that never arrives). ``prepare`` waits until espeak is
  idle and clears that flag.
* The espeak driver prints "Audio saved to ..." (and "Playback error: ...") from espeak's thread,
  after ``runAndWait`` has returned; the drivers' own ``print`` is replaced by a debug log, so
  nothing reaches the player's terminal, where a screen reader would read it out.
* Live espeak speech is played by the driver with a blocking ``aplay`` run inside espeak's
  callback: on Linux a line that has started playing cannot be cut short, and ``engine.stop()``
  would block until it ends and leave the flag above, so with espeak it is never called:
  interrupting drops the queue and the new line follows the one playing. SAPI 5 and NSSpeech
  stop at once. Without ``aplay`` (alsa-utils) there is no live espeak speech: ``open_tts`` gives
  None. (``aplay`` writes ALSA's complaints to stderr when there is no sound device.)
* ``Engine.say`` refuses blank text, and espeak would then say its previous line again: blank
  lines are not passed on.

Text is given to the engines as it comes (plain text, see ``voice.plaintext``); no markup mode is
ever turned on.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import json
import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

LOG = logging.getLogger(__name__)

DEFAULT_RATE = 175
"""Words per minute when none is asked for: espeak-ng's own default."""

ESPEAK = "espeak"
RENDER_FORMAT = 1
"""Part of every cache key: bump it when the way phrases are rendered changes."""

_POLL_SECONDS = 0.05
_IDLE_POLL_SECONDS = 0.002
_IDLE_TIMEOUT_SECONDS = 60.0
_FINISHED = "finished-utterance"


class TtsUnavailable(RuntimeError):
    """No pyttsx3 engine could be started (no pyttsx3, no driver, no espeak-ng...)."""


class RenderError(RuntimeError):
    """A phrase could not be rendered to a file."""


class SpeechEngine(Protocol):
    """The part of a pyttsx3 engine used here (pyttsx3's own names)."""

    driver_name: str

    def say(self, text: str) -> object: ...

    def runAndWait(self) -> None: ...

    def stop(self) -> None: ...

    def setProperty(self, name: str, value: object) -> None: ...

    def getProperty(self, name: str) -> object: ...

    def connect(self, topic: str, cb: Callable[..., object]) -> object: ...


class FileEngine(SpeechEngine, Protocol):
    """A pyttsx3 engine that can also write speech to a file."""

    def save_to_file(self, text: str, filename: str) -> None: ...

    def disconnect(self, token: Any) -> None: ...


@dataclass(frozen=True)
class VoiceInfo:
    """One of the engine's voices: ``languages`` are lower-case tags such as ``en-gb``."""

    id: str
    name: str
    languages: tuple[str, ...]


def language_tag(value: object) -> str:
    """A language as a lower-case tag with hyphens: ``en_US`` and ``en-US`` both become ``en-us``.

    espeak once gave languages as bytes led by a priority byte; that byte is dropped."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "ignore")
    text = str(value).strip().lstrip("".join(chr(code) for code in range(32)))
    return text.replace("_", "-").lower()


def pick_voice(
    voices: Iterable[VoiceInfo], lang: str, default_id: str | None = None
) -> VoiceInfo | None:
    """The voice to speak ``lang`` with, or None for the engine's default voice.

    A voice for exactly that language beats one for a variant of it (``es`` before ``es-419``);
    among equals the engine's default voice wins, then a voice whose id ends in the language
    (espeak-ng's ``roa/es``), then the first listed. MBROLA voices come last: they need a program
    and data that are seldom installed."""
    wanted = language_tag(lang)
    if not wanted:
        return None
    best: VoiceInfo | None = None
    best_score: tuple[int, bool, bool, bool] | None = None
    for voice in voices:
        if wanted in voice.languages:
            level = 2
        elif any(tag.startswith(wanted + "-") for tag in voice.languages):
            level = 1
        else:
            continue
        tail = voice.id.replace("\\", "/").rsplit("/", 1)[-1].lower()
        score = (level, voice.id == default_id, tail == wanted, not voice.id.startswith("mb/"))
        if best_score is None or score > best_score:
            best, best_score = voice, score
    return best


def _check_rate(rate: int | None) -> int:
    if rate is None:
        return DEFAULT_RATE
    if isinstance(rate, bool) or not isinstance(rate, int) or rate <= 0:
        raise ValueError(f"the speech rate is a positive number of words per minute, not {rate!r}")
    return rate


def _check_volume(volume: float) -> float:
    if isinstance(volume, bool) or not isinstance(volume, int | float) or not 0 <= volume <= 1:
        raise ValueError(f"the volume goes from 0 to 1, not {volume!r}")
    return float(volume)


# --- pyttsx3 itself: every untyped call is in this section ------------------------------------


@dataclass(frozen=True)
class _Settings:
    voice_id: str | None
    rate: int
    volume: float


_ESPEAK_LOCK = threading.RLock()
"""Held for each espeak utterance from start to end, and while an engine is built: espeak-ng's
voice, rate, volume and callback are shared by the whole process."""

_KEEP_ALIVE: list[object] = []
"""espeak engines and their callbacks, kept for the life of the process. espeak calls its callback
from its own thread, so a callback freed while it might still run would crash the process, and a
pyttsx3 espeak engine that is garbage-collected unhooks espeak's callback from everyone."""

_RENDER_POOL: list[tuple[FileEngine, _Opened]] = []
"""The espeak engines of closed renderers, for the next renderers (never for live speech)."""


def _driver_print(*args: object, **_: object) -> None:
    """What the pyttsx3 drivers' ``print`` does here: a debug log line."""
    LOG.debug("pyttsx3: %s", " ".join(str(arg) for arg in args))


class _Espeak:
    """espeak-ng as seen by one pyttsx3 espeak engine, driven around the 2.99 driver's races.

    Use with ``_ESPEAK_LOCK`` held from ``prepare`` until the utterance has finished."""

    def __init__(self, engine: SpeechEngine, default_voice: str | None) -> None:
        self._default_voice = default_voice
        self._c: Any = importlib.import_module("pyttsx3.drivers._espeak")
        self._driver: Any = engine.proxy._driver  # type: ignore[attr-defined]
        self._thunk: Any = self._c.t_espeak_callback(self._driver._onSynth)
        _KEEP_ALIVE.append((engine, self._thunk))

    def busy(self) -> bool:
        return bool(self._c.IsPlaying())

    def wait_idle(self, seconds: float, give_up: Callable[[], bool] = lambda: False) -> bool:
        """Wait until espeak has no command in hand (``seconds`` at most, and not once
        ``give_up()`` is true); whether it has none."""
        deadline = time.monotonic() + seconds
        while self.busy():
            if time.monotonic() >= deadline or give_up():
                return False
            time.sleep(_IDLE_POLL_SECONDS)
        return True

    def prepare(self, settings: _Settings, give_up: Callable[[], bool] = lambda: False) -> bool:
        """Make espeak ready for this engine's next utterance, with these settings; False when
        ``give_up()`` came true while espeak was still busy with something else."""
        if not self.wait_idle(_IDLE_TIMEOUT_SECONDS, give_up):
            if give_up():
                return False
            LOG.debug("espeak is still busy; going on")
        self._c.cSetSynthCallback(self._thunk)
        for voice in (settings.voice_id, self._default_voice):
            # a voice that will not load would leave the last one, of any engine, in place
            if voice is not None and self._c.SetVoiceByName(voice.encode("utf-8")) == 0:
                break
        self._c.SetParameter(self._c.RATE, settings.rate, 0)
        self._c.SetParameter(self._c.VOLUME, round(settings.volume * 100), 0)
        # espeak queues parameters; were it still busy with them when runAndWait runs, the
        # driver's stop() there would cancel them and leave a flag that cancels the utterance
        self.wait_idle(_IDLE_TIMEOUT_SECONDS)
        self._driver._stopping = False
        return True


@contextlib.contextmanager
def _stdout_caught() -> Iterator[None]:
    """Keep what pyttsx3 prints while it loads off stdout (Python-level, for every thread)."""
    caught = io.StringIO()
    with contextlib.redirect_stdout(caught):
        yield
    if caught.getvalue():
        LOG.debug("pyttsx3 printed while loading: %s", caught.getvalue().strip())


def new_engine() -> FileEngine:
    """A new pyttsx3 engine with the platform's default driver, of its own (not ``init()``'s shared
    one), with the driver's prints silenced. Raises when pyttsx3 or its driver cannot load.

    Call with ``_ESPEAK_LOCK`` held."""
    with _stdout_caught():
        engine_module = importlib.import_module("pyttsx3.engine")
        engine: FileEngine = engine_module.Engine()
    driver_module = sys.modules.get(f"pyttsx3.drivers.{engine.driver_name}")
    if driver_module is not None:
        driver_module.__dict__["print"] = _driver_print
    return engine


def _read_voices(engine: SpeechEngine) -> tuple[VoiceInfo, ...]:
    listed = engine.getProperty("voices")
    if not isinstance(listed, Iterable):
        return ()
    voices = []
    for voice in listed:
        voice_id = getattr(voice, "id", None)
        if not isinstance(voice_id, str) or not voice_id:
            continue
        name = getattr(voice, "name", None) or voice_id
        languages = getattr(voice, "languages", None) or ()
        if isinstance(languages, str | bytes):
            languages = (languages,)
        tags = tuple(tag for tag in map(language_tag, languages) if tag)
        voices.append(VoiceInfo(voice_id, str(name), tags))
    return tuple(voices)


def _current_voice(engine: SpeechEngine) -> str | None:
    try:
        voice = engine.getProperty("voice")
    except Exception:
        return None
    return voice if isinstance(voice, str) and voice else None


def _apply(engine: SpeechEngine, settings: _Settings) -> None:
    """Queue voice, rate and volume ahead of the next utterance (pyttsx3 runs them in order)."""
    if settings.voice_id is not None:
        engine.setProperty("voice", settings.voice_id)
    engine.setProperty("rate", settings.rate)
    engine.setProperty("volume", settings.volume)


@dataclass(frozen=True)
class _Opened:
    engine: SpeechEngine
    voices: tuple[VoiceInfo, ...]
    default_voice: str | None
    espeak: _Espeak | None


def _open(factory: Callable[[], SpeechEngine]) -> _Opened:
    with _ESPEAK_LOCK:
        engine = factory()
        default_voice = _current_voice(engine)
        espeak = _Espeak(engine, default_voice) if engine.driver_name == ESPEAK else None
        return _Opened(engine, _read_voices(engine), default_voice, espeak)


def _line_seconds(text: str, rate: int) -> float:
    """A generous bound on how long a line takes to say: three times as long as reading it at
    ``rate`` words of six characters a minute, plus five seconds."""
    return 5.0 + 3.0 * len(text) / max(rate / 10.0, 1.0)


# --- live speech ------------------------------------------------------------------------------


class TtsOutput:
    """A ``SpeechOutput`` speaking through pyttsx3, one line after another.

    A worker thread owns the engine; ``speak`` only queues. ``interrupt`` and ``silence`` drop
    the queue and stop the current line (with espeak on Linux, a line already playing finishes:
    see the module notes). Rate (words per minute), volume (0 to 1) and language may be changed
    at any time and count from the next line.

    ``engine_factory`` builds the engine, in the worker thread; tests hand in a stand-in engine
    there. It defaults to a new pyttsx3 engine. Raises ``TtsUnavailable`` when the engine cannot
    be started.
    """

    name = "tts"
    paced = True
    """Spoken: the speaker hands it one line at a time."""

    def __init__(
        self,
        lang: str = "en",
        rate: int | None = None,
        volume: float = 1.0,
        *,
        engine_factory: Callable[[], SpeechEngine] = new_engine,
        start_timeout: float = 10.0,
        join_timeout: float = 5.0,
    ) -> None:
        self._lang = lang
        self._rate = _check_rate(rate)
        self._volume = _check_volume(volume)
        self._factory = engine_factory
        self._join_timeout = join_timeout
        self._cond = threading.Condition()
        self._pending: deque[str] = deque()
        self._generation = 0  # goes up whenever what is queued and playing is dropped
        self._closed = False
        self._busy = False  # the worker has a line in hand
        self._opened: _Opened | None = None
        self._voice: VoiceInfo | None = None
        self._line_done = threading.Event()
        self._started = threading.Event()
        self._start_error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="audiospoons-tts", daemon=True)
        self._thread.start()
        if not self._started.wait(start_timeout):
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            raise TtsUnavailable(f"the speech engine did not start within {start_timeout} s")
        if self._start_error is not None:
            self._thread.join(join_timeout)
            raise TtsUnavailable(f"no speech engine: {self._start_error!r}") from self._start_error

    # settings

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        with self._cond:
            self._lang = lang
            self._voice = self._pick(lang)

    @property
    def voice(self) -> VoiceInfo | None:
        """The voice chosen for the language; None when the engine's default voice is used."""
        return self._voice

    @property
    def rate(self) -> int:
        return self._rate

    @rate.setter
    def rate(self, rate: int) -> None:
        self._rate = _check_rate(rate)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        self._volume = _check_volume(volume)

    @property
    def driver_name(self) -> str:
        return self._opened.engine.driver_name if self._opened is not None else ""

    @property
    def running(self) -> bool:
        """Whether the worker thread is alive."""
        return self._thread.is_alive()

    # SpeechOutput

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        with self._cond:
            if self._closed:
                raise RuntimeError("the tts output is closed")
            if interrupt:
                self._cut()
            if text.strip():
                self._pending.append(text)
                self._cond.notify_all()

    def silence(self) -> None:
        with self._cond:
            if not self._closed:
                self._cut()

    def close(self) -> None:
        """Drop what is queued, stop the current line and end the worker (waiting a bounded
        time for it). Closing twice is harmless."""
        with self._cond:
            if not self._closed:
                self._cut()
                self._closed = True
                self._cond.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join(self._join_timeout)

    def drain(self, timeout: float) -> bool:
        """Wait until every queued line has been said (or ``timeout`` seconds); whether it was."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    # inside

    def _pick(self, lang: str) -> VoiceInfo | None:
        if self._opened is None:
            return None
        return pick_voice(self._opened.voices, lang, self._opened.default_voice)

    def _cut(self) -> None:
        """Drop the queue and stop the line being said. Call with ``_cond`` held."""
        self._pending.clear()
        self._generation += 1
        opened = self._opened
        if self._busy and opened is not None and opened.espeak is None:
            self._stop(opened.engine)  # never with espeak: see the module notes

    @staticmethod
    def _stop(engine: SpeechEngine) -> None:
        try:
            engine.stop()
        except Exception:
            LOG.debug("the speech engine failed to stop", exc_info=True)

    def _on_finished(self, **_: object) -> None:
        self._line_done.set()

    def _run(self) -> None:
        if sys.platform == "win32":  # SAPI 5 is COM: this thread must enter COM first
            with contextlib.suppress(Exception):
                importlib.import_module("pythoncom").CoInitialize()
        try:
            opened = _open(self._factory)
            if opened.espeak is not None and sys.platform.startswith("linux") and not (
                    shutil.which("aplay")):
                raise TtsUnavailable("pyttsx3 plays espeak speech with aplay (alsa-utils): none")
            opened.engine.connect(_FINISHED, self._on_finished)
        except BaseException as error:
            self._start_error = error
            self._started.set()
            return
        with self._cond:
            self._opened = opened
            self._voice = self._pick(self._lang)
        self._started.set()
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                text = self._pending.popleft()
                generation = self._generation
                self._busy = True
            try:
                self._say(opened, text, generation)
            except Exception:
                LOG.warning("the speech engine failed on a line", exc_info=True)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _say(self, opened: _Opened, text: str, generation: int) -> None:
        engine = opened.engine
        espeak = opened.espeak
        with _ESPEAK_LOCK if espeak is not None else contextlib.nullcontext():
            with self._cond:
                voice = self._voice
                settings = _Settings(voice.id if voice is not None else opened.default_voice,
                                     self._rate, self._volume)
            # waits, if need be, for a cut line still playing
            if espeak is not None and not espeak.prepare(
                    settings, lambda: self._generation != generation):
                return
            with self._cond:  # so that a cut comes either before the line is queued or during it
                if self._generation != generation:
                    return
                self._line_done.clear()
                if espeak is None:
                    _apply(engine, settings)
                engine.say(text)
            engine.runAndWait()
            if espeak is not None:
                self._wait_for_line(generation, _line_seconds(text, settings.rate))

    def _wait_for_line(self, generation: int, seconds: float) -> None:
        """Wait for espeak's end-of-line notice, or until the line is cut (it plays on, and the
        next line waits for it in ``prepare``), or until ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        while not self._line_done.wait(_POLL_SECONDS):
            if self._generation != generation:
                return
            if time.monotonic() >= deadline:
                LOG.debug("no end-of-line notice from espeak; going on")
                return


def open_tts(lang: str, rate: int | None = None) -> TtsOutput | None:
    """Live speech through pyttsx3 in ``lang`` (``"en"``, ``"es"``...), or None when pyttsx3
    cannot start. Never raises; prints nothing."""
    try:
        return TtsOutput(lang, rate)
    except Exception:
        LOG.info("text-to-speech is not available", exc_info=True)
        return None


# --- phrases rendered to files -----------------------------------------------------------------


class PhraseRenderer:
    """Renders phrases to sound files in ``cache_dir``, with a pyttsx3 engine of its own.

    The voice is picked for ``lang`` as for live speech; ``rate`` is in words per minute. A phrase
    already rendered with the same language, rate and voice is not rendered again. espeak-ng
    writes 16-bit mono WAV at 22050 Hz, SAPI 5 WAV; NSSpeech writes AIFF, so on macOS the files
    end in ``.aiff``. With espeak, a render waits for a live line being said to end (espeak is
    one per process). Raises ``TtsUnavailable`` when no engine can be started.

    espeak engines are never freed (see ``_KEEP_ALIVE``): ``close`` hands the engine on to the
    next renderer made.
    """

    def __init__(
        self, lang: str, cache_dir: Path | str, rate: int | None = None, *, timeout: float = 30.0
    ) -> None:
        self.lang = lang
        self.rate = _check_rate(rate)
        self.cache_dir = Path(cache_dir)
        self.timeout = timeout
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._completed = True
        self._closed = False
        try:
            with _ESPEAK_LOCK:
                if _RENDER_POOL:
                    engine, self._opened = _RENDER_POOL.pop()
                else:
                    engine = new_engine()
                    self._opened = _open(lambda: engine)
                self._token = engine.connect(_FINISHED, self._on_finished)
        except Exception as error:
            raise TtsUnavailable(f"no speech engine: {error!r}") from error
        self._engine: FileEngine = engine
        self.voice: VoiceInfo | None = pick_voice(
            self._opened.voices, lang, self._opened.default_voice)
        """The voice chosen for ``lang``; None when the engine's default voice is used."""
        self.suffix = ".aiff" if engine.driver_name == "nsss" else ".wav"

    @property
    def driver_name(self) -> str:
        return self._engine.driver_name

    def path_for(self, text: str) -> Path:
        """Where ``text`` is (or will be) rendered."""
        key = json.dumps(
            {"format": RENDER_FORMAT, "driver": self.driver_name, "lang": self.lang,
             "rate": self.rate, "voice": self._voice_id(), "text": text},
            sort_keys=True, ensure_ascii=False,
        )
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
        return self.cache_dir / f"{digest}{self.suffix}"

    def render(self, text: str) -> Path:
        """The sound file saying ``text``: the cached one if there is one, else a new one."""
        if self._closed:
            raise RuntimeError("the phrase renderer is closed")
        if not text.strip():
            raise ValueError("there is nothing to say in a blank phrase")
        path = self.path_for(text)
        if path.is_file() and path.stat().st_size > 0:
            return path
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".render-", suffix=self.suffix,
                                             dir=self.cache_dir)
        os.close(handle)
        try:
            self._save(text, temporary)
            if os.path.getsize(temporary) == 0:
                raise RenderError(f"the speech engine wrote nothing for {text!r}")
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
        return path

    def close(self) -> None:
        """Give the engine up; rendering after this is an error. Closing twice is harmless."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._engine.disconnect(self._token)
            except Exception:
                LOG.debug("could not disconnect from the speech engine", exc_info=True)
                return
            if self._opened.espeak is not None:
                with _ESPEAK_LOCK:
                    _RENDER_POOL.append((self._engine, self._opened))

    def _voice_id(self) -> str | None:
        return self.voice.id if self.voice is not None else self._opened.default_voice

    def _on_finished(self, **event: object) -> None:
        self._completed = bool(event.get("completed", True))
        self._done.set()

    def _save(self, text: str, filename: str) -> None:
        engine = self._engine
        espeak = self._opened.espeak
        with self._lock, _ESPEAK_LOCK if espeak is not None else contextlib.nullcontext():
            if self._closed:
                raise RuntimeError("the phrase renderer is closed")
            settings = _Settings(self._voice_id(), self.rate, 1.0)
            if espeak is not None:
                espeak.prepare(settings)
            else:
                _apply(engine, settings)
            self._done.clear()
            self._completed = True
            try:
                engine.save_to_file(text, filename)
                engine.runAndWait()
            except Exception as error:
                raise RenderError(f"the speech engine failed on {text!r}: {error!r}") from error
            # espeak finishes on its own thread, after runAndWait has returned; the others within
            if espeak is not None and not self._done.wait(self.timeout):
                raise RenderError(f"no speech for {text!r} within {self.timeout} s")
            if not self._completed:
                raise RenderError(f"the speech engine did not finish {text!r}")

