"""A Speech Dispatcher that accepts the connection and never answers, where the screen reader
output looks for it (``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``, as Speech Dispatcher's
C library finds it), against ``audiospoons --speech screenreader`` in a real pseudo-terminal.
The game once waited for its answer for good, deaf to Ctrl+C and SIGTERM. Now it gives the
screen reader ``OPEN_WAIT`` seconds, says it did not answer, speaks on the next output (the
built-in voice, or plain text when there is no sound device), and Ctrl+C ends it, during the
wait as after it; SIGTERM too."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from test_screenreader import RATE, SPEECHD_VARIABLES, loud_samples, sandbox_environment, wait_for

from audiospoons.voice.opening import OPEN_WAIT

ROOT = Path(__file__).resolve().parent.parent
START = 30.0
"""Seconds the interpreter may take to start on a busy machine, beyond the wait."""
WELCOME = ("Welcome to audiospoons. F1 says the keys wherever you are. A short demonstration"
           " round shows how the game goes. Play the demonstration round, 1 of 2")


class SilentDaemon:
    """A Unix socket at ``path`` that accepts every connection and never says a word."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(8)
        self.held: list[socket.socket] = []
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = self.server.accept()
                self.held.append(connection)
                self.connected.set()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        self.thread.join(5)
        for connection in self.held:
            connection.close()


@pytest.fixture
def silent(tmp_path: Path) -> Iterator[tuple[SilentDaemon, dict[str, str]]]:
    """The silent daemon and the environment of a game that finds it: a home of its own, no
    session bus (so no Orca), no start of a real daemon, and no sound device."""
    root = Path(os.path.realpath(tmp_path))
    env = {key: value for key, value in os.environ.items()
           if key not in (*SPEECHD_VARIABLES, "DBUS_SESSION_BUS_ADDRESS")}
    env.update(sandbox_environment(root), AUDIOSPOONS_CONFIG_DIR=str(root / "config"),
               SDL_AUDIODRIVER="none-such", PYGAME_HIDE_SUPPORT_PROMPT="1", LANGUAGE="en",
               LC_ALL="C.UTF-8", LANG="C.UTF-8", TERM="xterm")
    daemon = SilentDaemon(root / "run" / "speech-dispatcher" / "speechd.sock")
    try:
        yield daemon, env
    finally:
        daemon.close()


def start(env: dict[str, str]) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "audiospoons", "--speech", "screenreader"],
                         cwd=str(ROOT), env=env, encoding="utf-8", timeout=START,
                         dimensions=(24, 200))


def ends_on_ctrl_c(child: pexpect.spawn) -> None:
    child.send("\x03")
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.before is not None
    assert "Traceback" not in child.before, child.before
    assert child.exitstatus == 130, (child.exitstatus, child.signalstatus, child.before)


def test_a_screen_reader_that_never_answers_is_left_said_and_the_game_starts(
        silent: tuple[SilentDaemon, dict[str, str]]) -> None:
    daemon, env = silent
    child = start(env)
    try:
        assert daemon.connected.wait(START), "the game never looked for Speech Dispatcher"
        asked = time.monotonic()
        child.expect_exact("The screen reader did not answer in time: speech goes to plain"
                           " text.\r\n", timeout=OPEN_WAIT + START)
        waited = time.monotonic() - asked
        assert waited < OPEN_WAIT + 5, waited
        child.expect_exact("No audio device was found: playing with speech only, without sound"
                           " cues.\r\n")
        child.expect_exact(WELCOME + "\r\n")
        child.send("\x1b[B")
        child.expect_exact("Skip it for now, 2 of 2\r\n")
        ends_on_ctrl_c(child)
    finally:
        child.close(force=True)


@pytest.mark.parametrize(("stop", "status"), [("ctrl+c", (130, None)),
                                            ("sigterm", (None, signal.SIGTERM))])
def test_ctrl_c_or_sigterm_ends_the_game_while_it_waits_for_the_screen_reader(
        silent: tuple[SilentDaemon, dict[str, str]], stop: str,
        status: tuple[int | None, int | None]) -> None:
    """SIGTERM ends it as it ends any program that has nothing to put back yet."""
    daemon, env = silent
    child = start(env)
    try:
        assert daemon.connected.wait(START), "the game never looked for Speech Dispatcher"
        if stop == "ctrl+c":
            child.send("\x03")
        else:
            child.kill(signal.SIGTERM)
        child.expect(pexpect.EOF, timeout=10)
        child.close()
        assert child.before is not None
        assert "Traceback" not in child.before and "Welcome" not in child.before, child.before
        assert (child.exitstatus, child.signalstatus) == status, child.before
    finally:
        child.close(force=True)


def test_with_a_sound_device_the_built_in_voice_speaks_instead(
        silent: tuple[SilentDaemon, dict[str, str]]) -> None:
    """The sound device is SDL's disk driver, which writes what is played to a file, in real
    time."""
    daemon, env = silent
    audio = Path(env["HOME"]) / "played.raw"
    child = start({**env, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio)})
    try:
        assert daemon.connected.wait(START), "the game never looked for Speech Dispatcher"
        # a tenth of a second of clearly audible samples: speech, not silence
        assert wait_for(lambda: loud_samples(audio)[1] > RATE // 10, OPEN_WAIT + START), \
            loud_samples(audio)
        ends_on_ctrl_c(child)
    finally:
        child.close(force=True)
