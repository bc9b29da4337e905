"""``audiospoons web`` started for a test on a free loopback port, and stopped by its pid."""

from __future__ import annotations

import os
import resource
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_WAIT = 20.0


@dataclass(frozen=True, slots=True)
class WebProcess:
    """A running server: the address it printed, its pid, and the file its stderr goes to."""

    address: str
    pid: int
    stderr: Path

    def threads(self) -> int:
        """The threads the server process has now."""
        return len(os.listdir(f"/proc/{self.pid}/task"))


@contextmanager
def web_process(home: Path, *args: str, fd_limit: int | None = None) -> Iterator[WebProcess]:
    """``audiospoons web`` with ``args`` (and its open-file limit lowered to ``fd_limit``)."""
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy"}

    def limited() -> None:
        if fd_limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    stderr = home / "web-stderr.log"
    with stderr.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "web", "--host", "127.0.0.1", "--port", "0",
             *args], stdout=subprocess.PIPE, stderr=errors, text=True, env=env,
            preexec_fn=limited)
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(START_WAIT):
                raise AssertionError("audiospoons web printed no address")
        line = process.stdout.readline()
        assert "open http://127.0.0.1:" in line, (line, stderr.read_text())
        yield WebProcess(line.split("open ", 1)[1].split(" ", 1)[0], process.pid, stderr)
    finally:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)


@contextmanager
def web_server(home: Path, *args: str) -> Iterator[str]:
    """The address the server printed once its port was open."""
    with web_process(home, *args) as server:
        yield server.address
