"""Hear a scenario played out in real time: its lines spoken, its cues played from their seats.

The same lines and cues as ``audiospoons replay --listener NAME`` prints, at the moments they
happen. Waiting for the next moment is one sleep, never a polling loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from audiospoons.engine.game import ClassicGame
from audiospoons.replay.scenario import ScriptLine
from audiospoons.replay.transcript import heard
from audiospoons.sound.cue import Cue
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.speaker import Speaker


class CuePlayer(Protocol):
    def play(self, cue: Cue) -> None: ...


def listen(game: ClassicGame, script: Sequence[ScriptLine], seat: int | None, *,
           speaker: Speaker, sounds: CuePlayer | None, lang: str, verbosity: Verbosity,
           clock: Callable[[], float] = time.monotonic,
           sleep: Callable[[float], None] = time.sleep) -> None:
    """Play ``script`` on ``game`` and let ``seat`` hear it as it happens."""
    start = clock()
    for at, said in heard(game, script, seat, lang=lang, verbosity=verbosity):
        wait = start + at - clock()
        if wait > 0:
            sleep(wait)
        if isinstance(said, Cue):
            if sounds is not None:
                sounds.play(said)
        elif isinstance(said, Utterance):
            speaker.say(said)
