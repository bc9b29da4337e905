"""The keyboard on the asyncio loop of an online sitting: the keys' file descriptor is watched
by the loop, so nothing polls and a key is stamped the moment it is read."""

from __future__ import annotations

import asyncio
from typing import Protocol

from audiospoons.keys.reader import ESCAPE_DELAY
from audiospoons.ui.player import KeySource, PressedKey


class WatchedKeys(KeySource, Protocol):
    """A key source whose file descriptor the loop can watch (the terminal's)."""

    def fileno(self) -> int: ...


class KeyFeed:
    """The keys of ``keys`` as they are read, in ``pressed``: each read's keys, or the
    ``EOFError`` of keys that have ended (a page gone)."""

    def __init__(self, keys: WatchedKeys) -> None:
        self.keys = keys
        self.pressed: asyncio.Queue[list[PressedKey] | EOFError] = asyncio.Queue()

    def start(self) -> None:
        asyncio.get_running_loop().add_reader(self.keys.fileno(), self._read_keys)

    def stop(self) -> None:
        asyncio.get_running_loop().remove_reader(self.keys.fileno())

    def let_go(self) -> None:
        """Let go of the keys read and not yet taken (pressed while the connection was lost);
        keys that have ended stay ended."""
        drained = [self.pressed.get_nowait() for _ in range(self.pressed.qsize())]
        for ended in (item for item in drained if isinstance(item, EOFError)):
            self.pressed.put_nowait(ended)

    def _read_keys(self) -> None:
        """The terminal has input: read it. A lone Escape is told from the start of a key's
        escape sequence only after ``ESCAPE_DELAY`` of quiet, so when a read gives nothing it
        is tried again once that time has passed."""
        pressed = self._read()
        if pressed == []:
            asyncio.get_running_loop().call_later(2 * ESCAPE_DELAY, self._read_quiet)

    def _read_quiet(self) -> None:
        self._read()

    def _read(self) -> list[PressedKey] | None:
        """The keys waiting, handed to the session; None once the keys have ended (a page
        gone), which ends the session from its own loop rather than the reader's callback."""
        try:
            pressed = list(self.keys.read(0))
        except EOFError as ended:
            asyncio.get_running_loop().remove_reader(self.keys.fileno())
            self.pressed.put_nowait(ended)
            return None
        if pressed:
            self.pressed.put_nowait(pressed)
        return pressed
