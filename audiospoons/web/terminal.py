"""A browser connection as a terminal: the keys it sends, and the lines and cues sent to it.

The session at this end runs in a thread of its own, as it does at a real terminal; the keys
arrive from the connection's loop (``push``), and what is to be said and played goes out through
``Outbox.send``, which must be safe to call from that thread.
"""

from __future__ import annotations

import contextlib
import os
import queue
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from audiospoons.keys.key import Key, parse_label
from audiospoons.sound.cue import Cue
from audiospoons.ui.controls import Control, ControlPanel
from audiospoons.ui.tableview import TableScreen, TableView
from audiospoons.web.presstime import PressTimes

Message = dict[str, object]

IDLE_LIMIT = 30 * 60.0
"""Seconds a session may wait for a key in the menus (or a paused game) before it is ended:
a tab left open does not hold a session for ever."""

STOPPED_LOOK = 0.25
"""Seconds between looks at a clock standing still, for a read that waits on its time."""


class Idle(EOFError):
    """No key came in all the time a session waits for one with nothing else to do."""


class Outbox(Protocol):
    def send(self, message: Message) -> None:
        """Send ``message`` to the page (from any thread)."""


class WebKeys:
    """The page's key presses, each stamped with this machine's clock at the moment it was
    pressed (``PressTimes``, from the page's report). Like a terminal, it has a file descriptor
    that is readable while keys wait (a pipe written to at each key), so that the online
    session's loop can watch it as it watches a terminal. A read that would wait for a key
    with no end (the menus, a paused game) waits ``idle_limit`` seconds at most, then raises
    ``Idle``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 idle_limit: float | None = None,
                 stopped: Callable[[], bool] = lambda: False) -> None:
        self.clock = clock
        self.idle_limit = idle_limit
        self._stopped = stopped
        """Whether ``clock`` stands still (the page away): a read that waits a while for a
        key waits that long on the clock's time, which then does not pass."""
        self.times = PressTimes()
        self.panel: ControlPanel | None = None
        """Where the keys that do something now are shown (the page's touch panel)."""
        self.table: TableScreen | None = None
        """Where the state of play is shown (the page's table)."""
        self._keys: queue.Queue[Key | None] = queue.Queue()
        self._closed = False
        self._waiting, self._waken = os.pipe()
        os.set_blocking(self._waiting, False)
        os.set_blocking(self._waken, False)

    def fileno(self) -> int:
        return self._waiting

    def release(self) -> None:
        """Close the descriptors, once nothing reads the keys any more."""
        for fd in (self._waiting, self._waken):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._waken, b"k")

    def offer(self, controls: Sequence[Control]) -> None:
        """The keys that do something now, for the page to draw as buttons."""
        if self.panel is not None:
            self.panel.offer(controls)

    def show_table(self, view: TableView) -> None:
        """Where the player is, and the state of play, for the page to draw."""
        if self.table is not None:
            self.table.show_table(view)

    def push(self, label: str, cue: object = None, after: object = None) -> bool:
        """A key the page sent, pressed ``after`` milliseconds after the start of the cue
        numbered ``cue`` as it says; False (and nothing queued) for a label that names no key."""
        try:
            key = parse_label(label)
        except ValueError:
            return False
        pressed = self.times.pressed_at(self.clock(), cue, after)
        self._keys.put(Key(key.name, key.ctrl, key.shift, key.alt, pressed))
        self._wake()
        return True

    def close(self) -> None:
        """The page has gone: the next read raises ``EOFError``, as a closed terminal does."""
        self._closed = True
        self._keys.put(None)
        self._wake()

    def read(self, timeout: float | None = None) -> list[Key]:
        """The keys pressed since the last read, waiting up to ``timeout`` seconds for one
        (None: until one comes, or ``Idle`` after ``idle_limit``)."""
        with contextlib.suppress(BlockingIOError, OSError):
            os.read(self._waiting, 4096)
        if self._closed and self._keys.empty():
            raise EOFError("the page has gone")
        try:
            first = (self._keys.get(timeout=self.idle_limit) if timeout is None
                     else self._first(timeout))
        except queue.Empty:
            if timeout is None:
                raise Idle(f"no key in {self.idle_limit} seconds") from None
            return []
        keys: list[Key] = []
        for key in (first, *self._drain()):
            if key is None:
                if keys:
                    return keys
                raise EOFError("the page has gone")
            keys.append(key)
        return keys

    def _first(self, timeout: float) -> Key | None:
        """The first key to come (None: the page has gone) within ``timeout`` seconds of the
        clock's time, however long it stands still meanwhile; ``queue.Empty`` if none."""
        deadline = self.clock() + timeout
        while True:
            if self._stopped():
                wait = STOPPED_LOOK
            else:
                wait = deadline - self.clock()
                if wait <= 0:
                    return self._keys.get_nowait()
            with contextlib.suppress(queue.Empty):
                return self._keys.get(timeout=wait)

    def _drain(self) -> list[Key | None]:
        rest: list[Key | None] = []
        while True:
            try:
                rest.append(self._keys.get_nowait())
            except queue.Empty:
                return rest


class WebSpeech:
    """Speech lines to the page, which gives them to the screen reader (or its own voice)."""

    name = "web"
    paced = True
    """Spoken: the speaker hands it one line at a time."""
    orders_urgent_lines = False

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self.rate = 175
        """Words a minute for the page's own voice, where the player chose it."""

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.outbox.send({"type": "say", "text": text, "urgent": interrupt})

    def answer(self, text: str) -> None:
        """An answer to a key: said at once, as an urgent line is, but not shown as one."""
        self.outbox.send({"type": "say", "text": text, "urgent": True, "answer": True})

    def silence(self) -> None:
        self.outbox.send({"type": "silence"})

    def close(self) -> None:
        """Nothing to release: the connection is the session's."""


class WebSounds:
    """Cues to the page, which plays its copies of the sound files where each cue's pan puts
    them; each cue numbered, so that the page can say how long after it a key was pressed."""

    def __init__(self, outbox: Outbox, times: PressTimes,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.outbox = outbox
        self.times = times
        self.clock = clock
        self.sound_volume = 0.8
        self.speech_volume = 1.0
        self.mono = False

    def play(self, cue: Cue) -> None:
        self.outbox.send({"type": "cue", "seq": self.times.cue_sent(self.clock()),
                          "name": cue.name,
                          "pan": 0.0 if self.mono else cue.pan,
                          "volume": round(self.sound_volume, 3)})
