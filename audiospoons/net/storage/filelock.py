"""A lock on a file, held by one process at a time for as long as it runs a block: what keeps
relays that open one SQLite file at once from each making its tables (``Storage.open``). The
kernel lets go of it when its holder dies, so a crash never leaves it held."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path


@contextlib.asynccontextmanager
async def file_lock(path: Path) -> AsyncIterator[None]:
    """Hold the lock on ``path`` (made, readable by its owner alone, if new) for the block,
    waiting in a thread for whoever holds it, so that the loop goes on meanwhile."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        await asyncio.to_thread(_lock, descriptor)
        try:
            yield
        finally:
            _unlock(descriptor)
    finally:
        os.close(descriptor)


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int) -> None:
        while True:
            try:  # LK_LOCK tries for ten seconds, then gives up: try again
                msvcrt.locking(descriptor, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue

    def _unlock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_EX)

    def _unlock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
