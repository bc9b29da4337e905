"""How long a key takes to be heard: from the moment a key is read to the mixer's ``play()`` of
the cue it causes, in-process, through the whole local game stack (the key map, the Table host,
the rules, the player's view, the cue mapper and the mixer on SDL's dummy driver).

Each of 1,000 runs deals you four queens, presses Space (stamped with the monotonic clock as a
key reader would), and times the spoon cue that follows; the game is then quit. Prints p50, p99
and the worst; the goal is a p99 under 1 ms. Run it from the project folder, in the virtual
environment::

    python benchmarks/key_to_cue.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from audiospoons.engine.cards import parse_card
from audiospoons.games.keyboards import cue_names
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.options import Options
from audiospoons.sound.cue import Cue
from audiospoons.sound.mixer import Mixer, open_mixer
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import NoOutput

RUNS = 1000
QUIT = ("escape", "q", "y")


@dataclass(frozen=True)
class Pressed:
    label: str
    at: float


class TimedMixer:
    """The real mixer, noting when the spoon cue reaches ``play``."""

    def __init__(self, mixer: Mixer) -> None:
        self.mixer = mixer
        self.sound_volume = mixer.sound_volume
        self.spoon_at: float | None = None

    def play(self, cue: Cue) -> None:
        if cue.name == "spoon" and self.spoon_at is None:
            self.spoon_at = time.monotonic()
        self.mixer.play(cue)


class OneGrab:
    """Presses Space once, then quits."""

    def __init__(self) -> None:
        self.pressed_at: float | None = None
        self.quitting = list(QUIT)

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        if self.pressed_at is None:
            self.pressed_at = time.monotonic()
            return [Pressed("space", self.pressed_at)]
        return [Pressed(self.quitting.pop(0), time.monotonic())]


def main() -> None:
    mixer, warning = open_mixer(cue_names())
    if mixer is None:
        sys.exit(f"no mixer: {warning}")
    deal = Deal({0: tuple(parse_card(c) for c in ("QH", "QC", "QD", "QS"))})
    m = messages("en")
    samples: list[float] = []
    try:
        for run in range(RUNS):
            sounds = TimedMixer(mixer)
            game = LocalGame(Options(), 4, m, Speaker(NoOutput()), sounds, seed=run,
                             first_deal=deal)
            keys = OneGrab()
            game.play(keys)
            assert sounds.spoon_at is not None and keys.pressed_at is not None
            samples.append(sounds.spoon_at - keys.pressed_at)
    finally:
        mixer.close()
    ordered = sorted(samples)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(f"key to spoon cue play(): p50 {statistics.median(ordered) * 1e3:.3f} ms"
          f"   p99 {p99 * 1e3:.3f} ms   max {ordered[-1] * 1e3:.3f} ms   ({len(ordered)} runs)")
    print(f"goal: p99 under 1 ms -> {'met' if p99 < 1e-3 else 'NOT MET'}")


if __name__ == "__main__":
    main()
