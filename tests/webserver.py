"""``audiospoons web`` started for a test on a free loopback port, and stopped by its pid."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_WAIT = 20.0


@contextmanager
def web_server(home: Path) -> Iterator[str]:
    """The address the server printed once its port was open."""
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "web", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(START_WAIT):
                raise AssertionError("audiospoons web printed no address")
        line = process.stdout.readline()
        assert "open http://127.0.0.1:" in line, line
        yield line.split("open ", 1)[1].split(" ", 1)[0]
    finally:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
