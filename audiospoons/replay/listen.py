"""Hear a scenario played out in real time: its lines spoken, its cues played from their seats.

The same lines and cues as ``audiospoons replay --listener NAME`` prints, at the moments they
happen. Waiting for the next moment is one sleep, never a polling loop. The run ends once its
last cue has sounded to its end: the last cue often comes just before the end of the replay
(the next round's deal, after the round pause), and closing the sound device at once would cut
it off after however much of it the device happened to have played.
"""

from __future__ import annotations

import time
import wave
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from audiospoons.engine.rules import Rules
from audiospoons.games.scenariofile import ScriptLine
from audiospoons.replay.runner import Heard
from audiospoons.replay.transcript import heard
from audiospoons.sound.assets import sound_path
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

DEVICE_LAG = 0.25
"""Seconds the sound device may still be playing a cue after its length has gone by: the cue
starts in the device's next buffer, and the device plays a buffer or two behind."""


@cache
def cue_length(name: str) -> float:
    """How long cue ``name`` sounds, in seconds, from its WAV file (0.0 without one: such a cue is
    not played)."""
    try:
        with wave.open(str(sound_path(name)), "rb") as sound:
            return sound.getnframes() / sound.getframerate()
    except (OSError, EOFError, KeyError, ImportError, wave.Error):
        return 0.0


def listen(game: Rules, script: Sequence[ScriptLine], seat: int | None, half: KeyboardHalf, *,
           speaker: Speaker, sounds: CuePlayer | None, lang: str, verbosity: Verbosity,
           clock: Callable[[], float] = time.monotonic,
           sleep: Callable[[float], None] = time.sleep,
           length: Callable[[str], float] = cue_length) -> None:
    """Play ``script`` on ``game`` (of ``half``'s game) and let ``seat`` hear it as it happens;
    returns once the last cue played has been heard to its end (``length`` tells how long a cue
    lasts)."""
    play_heard(heard(game, script, seat, half, lang=lang, verbosity=verbosity), speaker=speaker,
               sounds=sounds, clock=clock, sleep=sleep, length=length)


def play_heard(heard: Iterable[tuple[float, Heard]], *, speaker: Speaker,
               sounds: CuePlayer | None, clock: Callable[[], float] = time.monotonic,
               sleep: Callable[[float], None] = time.sleep,
               length: Callable[[str], float] = cue_length) -> None:
    """Say each line and play each cue of ``heard`` at its moment, game time 0 being now."""
    start = clock()
    quiet: float | None = None  # when, on ``clock``, the cues played so far have all ended
    for at, said in heard:
        wait = start + at - clock()
        if wait > 0:
            sleep(wait)
        if isinstance(said, Cue):
            if sounds is not None:
                sounds.play(said)
                ends = clock() + length(said.name)
                quiet = ends if quiet is None else max(quiet, ends)
        elif isinstance(said, Utterance):
            speaker.say(said)
    if quiet is not None:
        wait = quiet + DEVICE_LAG - clock()
        if wait > 0:
            sleep(wait)


def urgent_phrases(game: Rules, seat: int | None, half: KeyboardHalf, lang: str) -> list[str]:
    """The urgent lines ``seat`` may hear in ``game`` whose words are known before it starts:
    worth rendering to sound in advance."""
    return half.presenter(game, messages(lang), Verbosity.FULL).urgent_phrases(seat)
