"""Keys from the terminal, each stamped with the monotonic clock the moment it is read.

``TerminalKeys`` is a context manager. On POSIX, entering it switches the terminal to key-at-a-time
input without echo, and leaving it puts back the exact settings it found, on every way out: the
end of the ``with`` block, an exception, Ctrl+C, SIGTERM, and (as a last resort) interpreter exit.

``read(timeout)`` blocks in ``select`` until a key arrives or the timeout passes; nothing here
wakes up on a timer to look for input. The only short wait is ``ESCAPE_DELAY``: a lone ESC byte is
either the Escape key or the start of a sequence, and only a quiet gap after it tells which.

Ctrl+C: the terminal keeps generating SIGINT, so Ctrl+C raises ``KeyboardInterrupt`` wherever the
program is, even in a loop that never reads a key: a player who cannot see the screen can always
get out. The ``with`` block restores the terminal as the exception passes. Ctrl+\\ and Ctrl+Z
do not stop or kill the program (that would leave the terminal without echo); they arrive as keys.
Flow control is off too, so Ctrl+S cannot freeze the output without a word.

Ctrl with a number-row key picks spoons 11 to 20, but most terminals send Ctrl+1 as a plain 1 or
not at all. Entering asks the terminal for xterm's ``modifyOtherKeys`` level 1, which reports such
keys as ``CSI 27;5;49~`` and leaves every key that already has a code of its own (Ctrl+C among
them) as it was; terminals that do not know the request ignore it. Leaving sets it back.

Windows has no terminal modes to set: ``msvcrt`` reads the console's keys, and the wait is
``WaitForSingleObject`` on the console input handle. That part is kept small and separate at the
end of this module.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import signal
import sys
import time
from types import FrameType, TracebackType
from typing import Any, Protocol

from audiospoons.keys.decode import KeyDecoder
from audiospoons.keys.key import Key

if sys.platform != "win32":
    import termios

ESCAPE_DELAY = 0.025
"""Seconds of quiet after a lone ESC before it counts as the Escape key. Terminals write a
whole escape sequence at once, so its bytes come far closer together than this; a person cannot
press Escape and another key this close together."""

MODIFY_OTHER_KEYS_ON = b"\x1b[>4;1m"
MODIFY_OTHER_KEYS_OFF = b"\x1b[>4m"

READ_SIZE = 65536
"""Bytes asked of one ``os.read``: more than a terminal's input queue holds, so one read takes
everything waiting."""


class _Backend(Protocol):
    def open(self) -> None: ...

    def close(self) -> None: ...

    def fileno(self) -> int: ...

    def read(self, timeout: float | None) -> list[Key]: ...


class TerminalKeys:
    """The keyboard: ``with TerminalKeys() as keys: keys.read(timeout)``.

    ``fd`` is the terminal to read (standard input by default). If it is not a terminal (a pipe,
    a file) the bytes are decoded just the same and no modes are changed; at its end ``read``
    raises ``EOFError``.
    """

    def __init__(self, fd: int | None = None, *, escape_delay: float = ESCAPE_DELAY) -> None:
        if sys.platform == "win32":
            self._backend: _Backend = _WindowsConsole()
        else:
            self._backend = _PosixTerminal(0 if fd is None else fd, escape_delay)

    def __enter__(self) -> TerminalKeys:
        self._backend.open()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._backend.close()

    def fileno(self) -> int:
        """The descriptor to wait on, for a loop that selects on other things too (then call
        ``read(0)`` when it is ready). POSIX only."""
        return self._backend.fileno()

    def read(self, timeout: float | None = None) -> list[Key]:
        """The keys pressed, in order, as soon as there is at least one; [] once ``timeout``
        seconds have passed without one (None waits as long as it takes)."""
        return self._backend.read(timeout)


class _PosixTerminal:
    def __init__(self, fd: int, escape_delay: float) -> None:
        self._fd = fd
        self._escape_delay = escape_delay
        self._decoder = KeyDecoder()
        self._last_read = 0.0
        self._open = False
        self._saved: list[Any] | None = None
        self._handling_sigterm = False

    def fileno(self) -> int:
        return self._fd

    # ----------------------------------------------------------------- terminal modes

    def open(self) -> None:
        if self._open:
            raise RuntimeError("these keys are already being read")
        self._open = True
        if not os.isatty(self._fd):
            return
        saved = termios.tcgetattr(self._fd)
        mode = termios.tcgetattr(self._fd)
        iflag, lflag, cc = 0, 3, 6
        mode[iflag] &= ~(termios.ICRNL | termios.INLCR | termios.IGNCR | termios.IXON
                         | termios.ISTRIP)
        mode[lflag] &= ~(termios.ICANON | termios.ECHO | termios.ECHONL | termios.IEXTEN)
        disabled = _disabled_char(self._fd)
        mode[cc][termios.VMIN] = 1
        mode[cc][termios.VTIME] = 0
        for name in ("VQUIT", "VSUSP", "VDSUSP"):
            if hasattr(termios, name):
                mode[cc][getattr(termios, name)] = disabled
        self._saved = saved
        atexit.register(self.close)
        self._catch_sigterm()
        try:
            termios.tcsetattr(self._fd, termios.TCSANOW, mode)
        except BaseException:
            self.close()
            raise
        with contextlib.suppress(OSError):
            os.write(self._fd, MODIFY_OTHER_KEYS_ON)

    def close(self) -> None:
        """Put the terminal back as it was. Safe to call twice, and from a signal handler."""
        self._open = False
        saved, self._saved = self._saved, None
        if saved is None:
            return
        atexit.unregister(self.close)
        self._release_sigterm()
        with contextlib.suppress(OSError):
            os.write(self._fd, MODIFY_OTHER_KEYS_OFF)
        with contextlib.suppress(termios.error):  # a terminal gone away needs no restoring
            termios.tcsetattr(self._fd, termios.TCSANOW, saved)

    def _catch_sigterm(self) -> None:
        """SIGTERM's default action ends the process at once, skipping ``__exit__``: if no one
        else handles it, turn it into ``SystemExit`` after restoring the terminal."""
        try:
            if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
                signal.signal(signal.SIGTERM, self._on_sigterm)
                self._handling_sigterm = True
        except ValueError:
            pass  # not the main thread: signals stay as they are

    def _release_sigterm(self) -> None:
        if not self._handling_sigterm:
            return
        self._handling_sigterm = False
        try:
            if signal.getsignal(signal.SIGTERM) == self._on_sigterm:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
        except ValueError:
            pass

    def _on_sigterm(self, signum: int, frame: FrameType | None) -> None:
        self.close()
        raise SystemExit(128 + signum)

    # ----------------------------------------------------------------- reading

    def read(self, timeout: float | None) -> list[Key]:
        deadline = None if timeout is None else time.monotonic() + max(timeout, 0.0)
        while True:
            wake = deadline
            if self._decoder.pending:
                quiet = self._last_read + self._escape_delay
                if time.monotonic() >= quiet:
                    keys = self._decoder.flush(self._last_read)
                    if keys:
                        return keys
                    continue
                wake = quiet if deadline is None else min(quiet, deadline)
            wait = None if wake is None else max(wake - time.monotonic(), 0.0)
            ready, _, _ = select.select([self._fd], [], [], wait)
            if ready:
                keys = self._read_available()
                if keys:
                    return keys
            if deadline is not None and time.monotonic() >= deadline:
                return []

    def _read_available(self) -> list[Key]:
        try:
            data = os.read(self._fd, READ_SIZE)
        except BlockingIOError:
            return []
        except OSError as error:  # EIO: the terminal was hung up
            raise EOFError("the terminal has closed") from error
        at = time.monotonic()
        if not data:
            raise EOFError("no more input")
        self._last_read = at
        return self._decoder.feed(data, at)


def _disabled_char(fd: int) -> int:
    """The control-character value that switches a special character off."""
    try:
        value = os.fpathconf(fd, "PC_VDISABLE")
    except (OSError, ValueError):
        value = 0
    return value if value >= 0 else 0


# --------------------------------------------------------------------- Windows

if sys.platform == "win32":
    import ctypes
    import msvcrt

    _WAIT_OBJECT_0 = 0
    _WAIT_TIMEOUT = 0x102
    _INFINITE = 0xFFFFFFFF
    _STD_INPUT_HANDLE = -10

    _PREFIXED = {
        72: ("up", False, False), 80: ("down", False, False), 75: ("left", False, False),
        77: ("right", False, False), 71: ("home", False, False), 79: ("end", False, False),
        73: ("pageup", False, False), 81: ("pagedown", False, False),
        82: ("insert", False, False), 83: ("delete", False, False),
        141: ("up", True, False), 145: ("down", True, False), 115: ("left", True, False),
        116: ("right", True, False), 119: ("home", True, False), 117: ("end", True, False),
        132: ("pageup", True, False), 118: ("pagedown", True, False),
        146: ("insert", True, False), 147: ("delete", True, False),
        152: ("up", False, True), 160: ("down", False, True), 155: ("left", False, True),
        157: ("right", False, True), 151: ("home", False, True), 159: ("end", False, True),
        153: ("pageup", False, True), 161: ("pagedown", False, True),
        162: ("insert", False, True), 163: ("delete", False, True),
        133: ("f11", False, False), 134: ("f12", False, False), 137: ("f11", True, False),
        138: ("f12", True, False), 139: ("f11", False, True), 140: ("f12", False, True),
        **{59 + n: (f"f{n + 1}", False, False) for n in range(10)},
        **{94 + n: (f"f{n + 1}", True, False) for n in range(10)},
        **{104 + n: (f"f{n + 1}", False, True) for n in range(10)},
    }
    """Scan codes after a 0x00 or 0xE0 prefix: (name, ctrl, alt)."""
    _SHIFTED = {**{84 + n: f"f{n + 1}" for n in range(10)}, 135: "f11", 136: "f12"}

    class _WindowsConsole:
        """``msvcrt`` keys. Ctrl+C stays a console interrupt (``KeyboardInterrupt``). The
        console tells neither Ctrl+1 from 1 nor Shift+arrows from arrows through ``msvcrt``."""

        def __init__(self) -> None:
            self._decoder = KeyDecoder()
            self._kernel32 = ctypes.windll.kernel32
            self._handle = self._kernel32.GetStdHandle(_STD_INPUT_HANDLE)

        def open(self) -> None:
            pass

        def close(self) -> None:
            pass

        def fileno(self) -> int:
            raise OSError("the Windows console has no descriptor to select on")

        def read(self, timeout: float | None) -> list[Key]:
            deadline = None if timeout is None else time.monotonic() + max(timeout, 0.0)
            while True:
                keys = self._drain()
                if keys:
                    return keys
                if deadline is None:
                    wait = _INFINITE
                else:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return []
                    wait = int(left * 1000) + 1
                result = self._kernel32.WaitForSingleObject(self._handle, wait)
                if result == _WAIT_TIMEOUT:
                    return []
                if result != _WAIT_OBJECT_0:
                    raise ctypes.WinError()
                if not msvcrt.kbhit():
                    # Mouse, focus and key-release events also wake the handle; drop them so
                    # the next wait blocks again.
                    self._kernel32.FlushConsoleInputBuffer(self._handle)

        def _drain(self) -> list[Key]:
            keys: list[Key] = []
            while msvcrt.kbhit():
                char = msvcrt.getwch()
                at = time.monotonic()
                if char in ("\x00", "\xe0"):
                    code = ord(msvcrt.getwch())
                    if code in _SHIFTED:
                        keys.append(Key(_SHIFTED[code], shift=True, at=at))
                    elif code in _PREFIXED:
                        name, ctrl, alt = _PREFIXED[code]
                        keys.append(Key(name, ctrl=ctrl, alt=alt, at=at))
                    continue
                keys += self._decoder.feed(char.encode("utf-8", "surrogatepass"), at)
                keys += self._decoder.flush(at)  # the console sends no escape sequences
            return keys
