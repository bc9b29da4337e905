"""The rooms' clocks: one task a playing room, firing the game's timers and bots' moves as they
fall due, woken early whenever something the room is waiting on happens (a command, a player
gone or back)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager

from audiospoons.net.room import Room

log = logging.getLogger("audiospoons.relay")


class RoomClocks:
    """Each playing room's clock. ``over`` is told of a room whose game has stopped (ended,
    failed or left by everyone), once its clock has."""

    def __init__(self, clock: Callable[[], float], over: Callable[[Room], None],
                 holding: Callable[[], AbstractContextManager[None]] = contextlib.nullcontext
                 ) -> None:
        self.clock = clock
        self.over = over
        self.holding = holding
        """Holds what a firing writes, for each connection's lines to go at once."""
        self.timers: dict[int, asyncio.Task[None]] = {}
        """Each playing room's clock, by the room's number."""
        self._wake: dict[int, asyncio.Event] = {}

    def start(self, room: Room) -> None:
        """Run ``room``'s game, just started, until it stops."""
        self._wake[room.number] = asyncio.Event()
        self.timers[room.number] = asyncio.create_task(self._run(room))

    def wake(self, room: Room) -> None:
        """Something ``room`` may be waiting on has happened: its clock looks again."""
        wake = self._wake.get(room.number)
        if wake is not None:
            wake.set()

    def fail(self, room: Room) -> None:
        """A command broke the room's game: everyone in the room is told, and the room's clock
        is stopped, which puts the room back to waiting."""
        tell_failed(room)
        timer = self.timers.get(room.number)
        if timer is not None:
            timer.cancel()

    def forget(self, room: Room) -> None:
        """``room`` is closed: its clock, if it has one, stops."""
        timer = self.timers.pop(room.number, None)
        if timer is not None:
            timer.cancel()
        self._wake.pop(room.number, None)

    def stop_all(self) -> None:
        """Every room's clock stopped: the relay is closing."""
        for task in self.timers.values():
            task.cancel()
        self.timers.clear()

    async def _run(self, room: Room) -> None:
        """Fire the game's timers and bots' moves as they fall due, until the game is over, or
        until no one is left to play or watch it: bots do not play on to an empty room."""
        wake = self._wake[room.number]
        try:
            while room.playing and not room.abandoned():
                times = [room.next_wakeup(), room.hold_ends()]
                due = min((t for t in times if t is not None), default=None)
                wake.clear()
                timeout = None if due is None else max(0.0, due - self.clock())
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout)
                with self.holding():
                    room.run_until(self.clock())
        except Exception:
            log.exception("room %s stopped", room.number)
            tell_failed(room)
        finally:
            self.timers.pop(room.number, None)
            self.over(room)


def tell_failed(room: Room) -> None:
    room.broadcast("error", code="room-failed", message="the game in this room failed")
