"""Speech (and braille, where the backend can) through the player's screen reader, by way of
Prism (``prismatoid`` on PyPI, imported as ``prism``): NVDA, JAWS, SAPI and OneCore on Windows,
VoiceOver and AVSpeech on Apple's systems, Orca and Speech Dispatcher on Linux. It is the first
choice of ``screenreader.open_screen_reader``, with accessible_output2 behind it.

On Linux Prism knows two backends: Orca 49 or later (through its D-Bus service on the session
bus) and Speech Dispatcher (it loads the C client library ``libspeechd.so.2``, which comes with
the speech-dispatcher package: no Python module from the system is needed). What to know, found
by trying Prism 0.18:

* Opening Speech Dispatcher takes about a second: Prism lists every voice of every module when
  it connects.
* Like accessible_output2, it starts a Speech Dispatcher daemon when none is running, unless
  ``SPEECHD_ADDRESS`` or ``SPEECHD_CMD`` say otherwise.
* ``interrupt=True`` and ``stop()`` cut off the line being spoken, but lines already queued in
  Speech Dispatcher are still spoken; the game's own queue hands a reader one line at a time,
  so there is rarely more than one.
* Nothing is printed. Failures raise, and not all the same way: ``create_best`` raises
  ``ValueError`` when no backend starts, the other calls ``prism.PrismError`` subclasses.
"""

from __future__ import annotations

import ctypes
import importlib
import logging
import sys
import threading
from typing import Protocol

from audiospoons.voice.speechdispatcher import (
    speech_dispatcher_address,
    speech_dispatcher_reachable,
)

LOG = logging.getLogger(__name__)

LIBSPEECHD = "libspeechd.so.2"


class _Features(Protocol):
    @property
    def supports_braille(self) -> bool: ...

    @property
    def supports_output(self) -> bool: ...

    @property
    def supports_stop(self) -> bool: ...


class PrismBackend(Protocol):
    """The part of ``prism.Backend`` used here."""

    @property
    def name(self) -> str: ...

    @property
    def features(self) -> _Features: ...

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def output(self, text: str, interrupt: bool = False) -> None: ...

    def braille(self, text: str) -> None: ...

    def stop(self) -> None: ...


class PrismContext(Protocol):
    """The part of ``prism.Context`` used here."""

    def create_best(self) -> PrismBackend: ...


class PrismOutput:
    """A ``SpeechOutput`` that hands lines to a Prism backend."""

    name = "screenreader"
    paced = True
    """Spoken: the speaker hands it one line at a time."""

    def __init__(self, context: PrismContext, backend: PrismBackend) -> None:
        # The context is kept for as long as the backend: Prism frees backends and contexts
        # in their __del__, and the backend is released first in close().
        self._lock = threading.Lock()
        self._context: PrismContext | None = context
        self._backend: PrismBackend | None = backend
        self.backend_name = backend.name
        features = backend.features
        self._uses_output = bool(features.supports_output)
        self.has_braille = bool(features.supports_braille)
        self._can_stop = bool(features.supports_stop)

    @classmethod
    def open(cls) -> tuple[PrismOutput | None, str]:
        """(the output, its backend's name), or (None, why there is none, for the player).
        Never raises and never prints."""
        try:
            prism = importlib.import_module("prism")
        except Exception as error:  # not installed, or its native library does not load
            LOG.debug("Prism did not load", exc_info=True)
            return None, f"the Prism library could not be loaded ({error})"
        try:
            context: PrismContext = prism.Context()
        except Exception as error:
            LOG.debug("Prism did not initialize", exc_info=True)
            return None, f"Prism could not be initialized ({error})"
        try:
            backend: PrismBackend = context.create_best()
        except Exception:
            LOG.debug("Prism found no backend", exc_info=True)
            return None, _why_no_backend()
        return cls(context, backend), backend.name

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        if not text.strip():
            return  # Prism refuses empty text (PrismInvalidParamError)
        text = text.replace("\0", " ")  # and text with NULs
        with self._lock:
            backend = self._open_backend()
            if self._uses_output:
                backend.output(text, interrupt)  # speech, and braille where the backend can
            else:
                backend.speak(text, interrupt)

    def silence(self) -> None:
        with self._lock:
            backend = self._open_backend()
            if self._can_stop:
                backend.stop()

    def close(self) -> None:
        with self._lock:
            self._backend = None  # freed (spd_close) as its last reference goes, then...
            self._context = None  # ...the context (prism_shutdown)

    def _open_backend(self) -> PrismBackend:
        if self._backend is None:
            raise RuntimeError("the screen reader output is closed")
        return self._backend


def _why_no_backend() -> str:
    """A sentence on why Prism found nothing to speak through."""
    if not sys.platform.startswith("linux"):
        return "Prism found no screen reader or speech engine to speak through"
    try:
        ctypes.CDLL(LIBSPEECHD)
    except OSError:
        return (f"Speech Dispatcher's client library {LIBSPEECHD} is missing "
                "(on Debian or Ubuntu: apt install speech-dispatcher, which brings libspeechd2)")
    if not speech_dispatcher_reachable():
        return (f"Speech Dispatcher is not running (nothing answers at "
                f"{speech_dispatcher_address()[1]}), and no Orca 49 or later was found on the "
                "session bus")
    return "Prism could not connect to Speech Dispatcher or Orca"
