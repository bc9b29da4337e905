"""Speech (and braille) through the player's own screen reader: by way of Prism
(``prismoutput``) first, and of accessible_output2 where Prism finds nothing.

accessible_output2 picks the first output it can reach: NVDA, JAWS, Window-Eyes, System Access,
Dolphin, ZDSR or PC-Talker on Windows, with SAPI 5 as the fallback there; VoiceOver on macOS;
Speech Dispatcher on Linux, which is what Orca speaks through. It is untyped, and it prints
"Cannot find ..." on stdout whenever one of its backends is missing; ``open_screen_reader``
keeps all of that away from the player's terminal, where a screen reader would read it out.

On Linux, accessible_output2 needs Speech Dispatcher's Python client, ``speechd``, which is not on
PyPI (Debian's python3-speechd), where Prism needs only the C library that comes with Speech
Dispatcher: so accessible_output2 is the fallback, for a system Prism has no wheel for.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import os
import platform
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol

from audiospoons.voice.prismoutput import PrismOutput
from audiospoons.voice.speechdispatcher import (
    speech_dispatcher_address,
    speech_dispatcher_reachable,
)

__all__ = ["PrismOutput", "ScreenReaderOutput", "open_screen_reader", "running_process_names",
           "screen_reader_running", "speech_dispatcher_address", "speech_dispatcher_reachable"]

LOG = logging.getLogger(__name__)

PROC = Path("/proc")
"""Where ``running_process_names`` looks for processes on Linux."""

SCREEN_READER_OUTPUTS = frozenset({
    "nvda", "jaws", "window-eyes", "system access", "dolphin", "zdsr", "pc talker", "voiceover",
})
"""accessible_output2 output names (lower case) that are screen readers, not bare synthesizers
such as SAPI 5 or eSpeak, nor Speech Dispatcher, which runs whether a screen reader does or not."""

LINUX_SCREEN_READERS = frozenset({"orca"})
"""Process names of the Linux screen readers that speak through Speech Dispatcher."""


class Backend(Protocol):
    """The part of an accessible_output2 output that every output has."""

    def speak(self, text: str, interrupt: bool = False) -> object: ...


class ScreenReaderOutput:
    """A ``SpeechOutput`` that hands lines to an accessible_output2 output.

    Each line is spoken, and also shown on the braille display when the output can do braille.
    """

    name = "screenreader"
    paced = True
    """Spoken: the speaker hands it one line at a time."""

    def __init__(self, backend: Backend) -> None:
        self._backend: Backend | None = backend
        self.backend_name = str(getattr(backend, "name", type(backend).__name__))
        self.has_braille = _supports_braille(backend)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        backend = self._open_backend()
        backend.speak(text, interrupt=interrupt)
        if self.has_braille:
            braille = getattr(backend, "braille", None)
            if callable(braille):
                try:
                    braille(text)
                except Exception:  # the line was spoken; a braille failure must not stop play
                    LOG.debug("braille output failed", exc_info=True)

    def silence(self) -> None:
        silence = getattr(self._open_backend(), "silence", None)
        if callable(silence):
            silence()

    def close(self) -> None:
        backend, self._backend = self._backend, None
        close = getattr(backend, "close", None)
        if callable(close):
            close()

    def _open_backend(self) -> Backend:
        if self._backend is None:
            raise RuntimeError("the screen reader output is closed")
        return self._backend


def _supports_braille(backend: object) -> bool:
    """Whether ``backend`` can braille: its own ``has_braille()`` if it has one, otherwise whether
    it overrides the base output's ``braille``, which does nothing."""
    try:
        has_braille = getattr(backend, "has_braille", None)
        if callable(has_braille):
            return bool(has_braille())
        braille = getattr(type(backend), "braille", None)
        if not callable(braille):
            return False
        base = importlib.import_module("accessible_output2.outputs.base")
        return braille is not getattr(base.Output, "braille", None)
    except Exception:
        return False


@contextlib.contextmanager
def _quiet() -> Iterator[list[str]]:
    """Catch everything written to stdout and stderr, by Python code and at the file descriptor
    level, and hand it back as the yielded list's one item once the block ends.

    Only for loading: other threads writing at the same moment are silenced too.
    """
    messages: list[str] = []
    python_text = io.StringIO()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    saved: list[tuple[int, int]] = []
    with tempfile.TemporaryFile() as sink:
        for fd in (1, 2):
            try:
                saved.append((fd, os.dup(fd)))
                os.dup2(sink.fileno(), fd)
            except OSError:  # no such descriptor (a windowed program): nothing to hide there
                continue
        try:
            with contextlib.redirect_stdout(python_text), contextlib.redirect_stderr(python_text):
                yield messages
        finally:
            for fd, copy in reversed(saved):
                with contextlib.suppress(OSError):
                    os.dup2(copy, fd)
                os.close(copy)
            with contextlib.suppress(OSError):
                sink.seek(0)
                python_text.write(sink.read().decode("utf-8", "replace"))
            messages.append(python_text.getvalue())


def _first_available_output() -> Backend | None:
    """accessible_output2's first available output, or None. May raise; may print."""
    auto_module = importlib.import_module("accessible_output2.outputs.auto")
    try:
        output: Backend | None = auto_module.Auto().get_first_available_output()
        return output
    except Exception:  # one output failed to load (VoiceOver without appscript...): try each
        LOG.debug("accessible_output2's Auto failed; trying its outputs one by one", exc_info=True)
    package = importlib.import_module("accessible_output2")
    for output_class in package.get_output_classes():
        try:
            candidate = output_class()
            if candidate.is_active():
                found: Backend = candidate
                return found
        except Exception:
            continue
    return None


def open_screen_reader() -> PrismOutput | ScreenReaderOutput | None:
    """The player's screen reader: through Prism if it finds one, else the first output
    accessible_output2 can reach, else None.

    Never raises and never prints: whatever either says while loading is logged at debug level
    instead.
    """
    prism, why = PrismOutput.open()
    if prism is not None:
        return prism
    LOG.debug("Prism: %s; trying accessible_output2", why)
    return open_accessible_output()


def open_accessible_output() -> ScreenReaderOutput | None:
    """The first output accessible_output2 can reach, or None when there is none. Never raises
    and never prints."""
    output: Backend | None = None
    with _quiet() as messages:
        try:
            output = _first_available_output()
        except Exception:
            LOG.debug("accessible_output2 failed to load", exc_info=True)
    if messages[0].strip():
        LOG.debug("accessible_output2 said while loading: %s", messages[0].strip())
    if output is None:
        return None
    return ScreenReaderOutput(output)


def running_process_names(proc: Path = PROC) -> set[str]:
    """The names of the running processes, read from a Linux ``/proc``: each one's ``comm``, and
    the base names of its program and of its first argument (a script run by an interpreter, as
    ``python3 /usr/bin/orca``). Empty where there is no ``/proc``."""
    names: set[str] = set()
    try:
        entries = list(proc.iterdir())
    except OSError:
        return names
    for entry in entries:
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):  # gone since the listing, or not ours to read
            comm = (entry / "comm").read_text(encoding="utf-8", errors="replace").strip()
            if comm:
                names.add(comm)
        with contextlib.suppress(OSError):
            arguments = (entry / "cmdline").read_bytes().split(b"\0")
            for argument in arguments[:2]:
                if argument and not argument.startswith(b"-"):
                    names.add(os.path.basename(argument.decode("utf-8", "replace")))
    return names


def _first_output_name() -> str | None:
    output = open_accessible_output()
    if output is None:
        return None
    try:
        return output.backend_name
    finally:
        with _quiet(), contextlib.suppress(Exception):
            output.close()


def screen_reader_running(
    *,
    system: str | None = None,
    process_names: Callable[[], Iterable[str]] = running_process_names,
    speech_dispatcher_up: Callable[[], bool] = speech_dispatcher_reachable,
    first_output_name: Callable[[], str | None] = _first_output_name,
) -> bool:
    """Whether a real screen reader is running, for ``--speech auto``.

    On Windows and macOS: accessible_output2's first available output is a screen reader (not
    SAPI 5 alone). Elsewhere: Orca is running and Speech Dispatcher is reachable. The keyword
    arguments replace the platform name and the checks, for tests.
    """
    system = system if system is not None else platform.system()
    try:
        if system in ("Windows", "Darwin"):
            name = first_output_name()
            return name is not None and name.lower() in SCREEN_READER_OUTPUTS
        running = set(process_names())
        return bool(running & LINUX_SCREEN_READERS) and speech_dispatcher_up()
    except Exception:
        LOG.debug("looking for a screen reader failed", exc_info=True)
        return False
