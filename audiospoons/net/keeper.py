"""The relay's side of game history and ratings: each game that ends is kept, and its players'
ratings updated, without the relay's loop ever waiting on the database.

A game's record waits in memory while the database is out of reach (down, locked, full), and
is kept once it is back: tries come again after ``RETRY_FIRST`` seconds, twice as long each
time up to ``RETRY_MOST``. Ratings are done in the order games ended, so that they catch up
exactly as if the database had never been away; each player still online is told their change
(``on_rated``). Records that have still not been kept when the relay stops are written to a
spool file, if it has one, and taken in again at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from audiospoons.games.registry import GAMES
from audiospoons.net.history import RecordError, RelayGameRecord
from audiospoons.net.ratings import family_of
from audiospoons.net.storage import StorageError

if TYPE_CHECKING:
    from audiospoons.net.storage.games import RatedGame
    from audiospoons.net.storage.store import Storage

log = logging.getLogger("audiospoons.relay")

RETRY_FIRST = 2.0
RETRY_MOST = 60.0
PENDING_MOST = 10_000
"""Records held in memory at most while the database is away; the oldest beyond are logged
and dropped, so that a relay left without its database for weeks cannot run out of memory."""
PEOPLE_RATED = 2
"""People (not bots) a game needs for its ratings to change."""


class Keeper:
    """See the module. ``storage`` None: the relay keeps no history."""

    def __init__(self, storage: Storage | None, *, spool: Path | None = None,
                 on_rated: Callable[[RatedGame], None] | None = None,
                 on_waiting: Callable[[RelayGameRecord], None] | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.spool = spool
        self.on_rated = on_rated
        """Told each game whose ratings were just done."""
        self.on_waiting = on_waiting
        """Told each rated game that could not be kept at once: its ratings wait."""
        self.wall = wall
        self.pending: deque[RelayGameRecord] = deque()
        self._task: asyncio.Task[None] | None = None
        self._retry = RETRY_FIRST
        self._wake = asyncio.Event()
        self._load_spool()

    @property
    def keeps(self) -> bool:
        return self.storage is not None

    def finished(self, record: RelayGameRecord) -> None:
        """A game has ended: keep it (and rate it) as soon as the database allows."""
        if self.storage is None:
            return
        self.pending.append(record)
        while len(self.pending) > PENDING_MOST:
            lost = self.pending.popleft()
            log.error("history: a %s game of %s could not be kept: too many wait for the"
                      " database", lost.game, ", ".join(lost.names()))
        self._start()

    def start(self) -> None:
        """Catch up on anything left from before (spooled records, games still unrated)."""
        if self.storage is not None:
            self._start()

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._retry = RETRY_FIRST
            self._task = asyncio.create_task(self._work())
        else:
            self._wake.set()

    async def _work(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self._keep_pending()
                await self._rate_waiting()
                if not self.pending:
                    return
            except StorageError as error:
                log.error("history: %s; trying again in %g seconds (%d games waiting)",
                          error, self._retry, len(self.pending))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._retry)
            self._retry = min(RETRY_MOST, self._retry * 2)

    async def _keep_pending(self) -> None:
        assert self.storage is not None
        while self.pending:
            record = self.pending[0]
            spec = GAMES.get(record.game)
            family = record.game if spec is None else family_of(spec, record.values)
            try:
                await self.storage.games.keep(record, family,
                                              rated=record.people >= PEOPLE_RATED)
            except StorageError:
                if record.people >= PEOPLE_RATED and self.on_waiting is not None \
                        and self._retry == RETRY_FIRST:
                    self.on_waiting(record)
                raise
            self.pending.popleft()
            self._retry = RETRY_FIRST

    async def _rate_waiting(self) -> None:
        assert self.storage is not None
        while True:
            rated = await self.storage.games.rate_next(self.wall())
            if rated is None:
                return
            if self.on_rated is not None and rated.players:
                self.on_rated(rated)

    async def close(self) -> None:
        """Stop trying; what is still not kept goes to the spool file (or is logged lost)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if not self.pending:
            return
        if self.spool is None:
            log.error("history: %d games could not be kept", len(self.pending))
            return
        try:
            with self.spool.open("a", encoding="utf-8") as out:
                for record in self.pending:
                    out.write(record.to_json() + "\n")
            log.warning("history: %d games wait in %s for the database", len(self.pending),
                        self.spool)
        except OSError as error:
            log.error("history: %d games could not be kept, nor written to %s: %s",
                      len(self.pending), self.spool, error)

    def _load_spool(self) -> None:
        if self.spool is None or self.storage is None or not self.spool.exists():
            return
        try:
            lines = self.spool.read_text(encoding="utf-8").splitlines()
            self.spool.unlink()
        except OSError as error:
            log.error("history: %s cannot be read: %s", self.spool, error)
            return
        for line in lines:
            try:
                self.pending.append(RelayGameRecord.from_json(line))
            except RecordError as error:
                log.error("history: a spooled game is lost: %s", error)
