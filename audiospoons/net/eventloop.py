"""The event loop a relay runs on. uvloop's (libuv's, installed with the ``serve`` extra on
Linux and macOS) reads, answers and writes a message for less of the processor than asyncio's
own, so ``serve`` and ``front`` run on it where it is installed; elsewhere (Windows, or without
the extra), and when asked to (``--event-loop asyncio``), on asyncio's own."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line's parser reads LOOPS: no asyncio to load for that
    import asyncio

UVLOOP, ASYNCIO = "uvloop", "asyncio"
LOOPS = (UVLOOP, ASYNCIO)


class LoopMissing(Exception):
    """The loop asked for is not installed: the sentence says how to install it."""


def loop_factory(asked: str | None = None) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes the loop to run on: uvloop's unless ``asked`` for asyncio's, or, not asked
    for, when uvloop is not installed (then None: asyncio's own). ``LoopMissing`` if uvloop
    was asked for and is not installed."""
    if asked == ASYNCIO:
        return None
    try:
        uvloop = importlib.import_module(UVLOOP)
    except ImportError:
        if asked == UVLOOP:
            raise LoopMissing("uvloop is not installed: pip install 'audiospoons[serve]'"
                              " (Linux and macOS)") from None
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def loop_name(loop: asyncio.AbstractEventLoop) -> str:
    """Which loop ``loop`` is: ``uvloop`` or ``asyncio``."""
    return UVLOOP if type(loop).__module__.startswith(UVLOOP) else ASYNCIO
