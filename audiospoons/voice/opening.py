"""Opening a speech output within a time limit, so that a speech service that never answers
cannot hold the game up.

A screen reader is reached through native code: Prism calls Speech Dispatcher's C library, whose
``spd_open`` waits for the daemon's answer with no time limit, so a daemon that accepts the
connection and never answers held the game at its start for good. A native call cannot be
interrupted from Python (not by a timeout, and Ctrl+C only sets a flag the blocked thread never
reads), so the opening runs in a daemon thread and the caller waits for it, for ``OPEN_WAIT``
seconds at most: that wait is interruptible, so Ctrl+C works throughout. A thread that has not
finished by then is left behind (blocked in the library, it holds no lock of Python's and stops
nothing from ending); should it finish after all, what it opened is closed at once.

Opening accessible_output2 hides what it prints by pointing the standard output and error at a
file for a moment (``screenreader._quiet``): an opening left behind is undone of that too, so
the terminal gets its output back before the game says anything there.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import TextIO, TypeVar

from audiospoons.voice.speech import SpeechOutput

LOG = logging.getLogger(__name__)

OPEN_WAIT = 5.0
"""Seconds a speech output may take to open: Prism takes about one to list Speech Dispatcher's
voices."""


Output = TypeVar("Output", bound=SpeechOutput)


class _Streams:
    """The standard output and error as they are: Python's objects and the descriptors."""

    def __init__(self) -> None:
        self.python: tuple[TextIO, TextIO] = (sys.stdout, sys.stderr)
        self.copies: list[tuple[int, int]] = []
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                self.copies.append((fd, os.dup(fd)))

    def restore(self) -> None:
        sys.stdout, sys.stderr = self.python
        for fd, copy in self.copies:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)

    def close(self) -> None:
        for _, copy in self.copies:
            os.close(copy)


def open_within(opener: Callable[[], Output | None], seconds: float = OPEN_WAIT
                ) -> tuple[Output | None, bool]:
    """``opener()`` (an output, or None when there is none), waited for ``seconds`` at most:
    (the output or None, False), or (None, True) when it did not finish in time. An exception
    from ``opener`` is logged, and counts as no output."""
    lock = threading.Lock()
    finished = threading.Event()
    opened: list[Output | None] = []
    left_behind = False

    def run() -> None:
        try:
            output = opener()
        except Exception:
            LOG.debug("a speech output failed to open", exc_info=True)
            output = None
        with lock:
            if not left_behind:
                opened.append(output)
                finished.set()
                return
        if output is not None:
            LOG.debug("a speech output opened too late: closing it")
            with contextlib.suppress(Exception):
                output.close()

    streams = _Streams()
    try:
        threading.Thread(target=run, name="speech opening", daemon=True).start()
        finished.wait(seconds)
    finally:  # in time, late, or Ctrl+C while waiting
        with lock:
            left_behind = not finished.is_set()
        if left_behind:
            streams.restore()
        streams.close()
    return (None, True) if left_behind else (opened[0], False)
