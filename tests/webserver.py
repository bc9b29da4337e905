"""``audiospoons web`` started for a test on a free loopback port, and stopped by its pid."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_WAIT = 20.0


@dataclass(frozen=True, slots=True)
class WebProcess:
    """A running server: the address it printed, its pid, and the files its stderr and its
    stdout go to."""

    address: str
    pid: int
    stderr: Path
    stdout: Path

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

    stderr, stdout = home / "web-stderr.log", home / "web-stdout.log"
    with stderr.open("w") as errors, stdout.open("w") as printed:
        process = subprocess.Popen(
            [sys.executable, "-m", "audiospoons", "web", "--host", "127.0.0.1", "--port", "0",
             *args], stdout=printed, stderr=errors, text=True, env=env, preexec_fn=limited)
    try:
        deadline = time.monotonic() + START_WAIT
        while not (line := stdout.read_text()).endswith("\n"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"audiospoons web printed no address: {stderr.read_text()}")
            time.sleep(0.02)
        assert "open http://127.0.0.1:" in line, (line, stderr.read_text())
        address = line.split("open ", 1)[1].split(" ", 1)[0]
        yield WebProcess(address, process.pid, stderr, stdout)
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
