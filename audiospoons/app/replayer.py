"""A past game heard again from the lobby's "My last games": the relay's record of it (a
``game_record`` and the ``game_moves`` that follow) replayed by the engine, and what the
player's seat heard said and played at its moments, as it was. One sleep per moment, in the
session's loop: the relay's pings and the keys go on meanwhile, and Escape stops it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from typing import Any

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.net.history import RecordError, RelayGameRecord, replay_of
from audiospoons.replay.transcript import heard
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.ui.seating import SeatPrefs
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class Replayer:
    def __init__(self, head: Mapping[str, Any], messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, prefs: SeatPrefs,
                 on_end: Callable[[], None] | None = None) -> None:
        self.head = dict(head)
        self.m, self.speaker, self.sounds, self.prefs = messages, speaker, sounds, prefs
        self.on_end = on_end
        self.moves: list[dict[str, Any]] = []
        self.task: asyncio.Task[None] | None = None
        self.done = False
        self.ended_at = float(head["record"]["ended_at"])

    @property
    def whole(self) -> bool:
        """Every move of the record has come."""
        return len(self.moves) >= int(self.head["moves"])

    def add_moves(self, message: Mapping[str, Any]) -> None:
        if message.get("game") == self.head["game"]:
            self.moves += list(message["moves"])

    def record(self) -> RelayGameRecord:
        return RelayGameRecord.from_json(json.dumps(dict(self.head["record"], moves=self.moves)))

    def start(self) -> bool:
        """Start hearing the game; False if its record cannot be replayed here."""
        try:
            spec, game, script = replay_of(self.record())
        except RecordError:
            return False
        seat = int(self.head["seat"])
        lines = heard(game, script, seat, KEYBOARDS[spec.name], lang=self.m.lang,
                      verbosity=self.prefs.verbosity)
        self.task = asyncio.create_task(self._play(lines))
        return True

    async def _play(self, lines: Any) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        for at, said in lines:
            wait = start + at - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if isinstance(said, Cue):
                if self.sounds is not None:
                    self.sounds.play(said)
            elif isinstance(said, Utterance):
                self.speaker.say(said)
        self.done = True
        if self.on_end is not None:
            self.on_end()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.done = True
