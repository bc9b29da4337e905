"""How long an event takes to reach the speech output and the mixer, and how long text-to-speech
takes to produce audio for a fixed phrase.

1. Event to speech call: for 1,000 events of bot games, as seat 0 sees them, the time from the
   event leaving the engine (before ``seen_by``) to the speech output's ``speak`` being called,
   through the announcer (catalog lookup, Babel lists) and the speaker (history). The output is a
   probe that notes the moment it is called; events with nothing to say are not counted.
2. Event to ``play()``: the same events through the cue mapper to the mixer's ``play`` on SDL's
   dummy audio driver, up to the moment ``play`` returns (the pygame call included). Every
   channel is stopped after each sample, so that no cue is dropped for want of a free channel.
3. Text-to-speech for a fixed phrase ("React now!"): the time to render it with pyttsx3 and
   espeak-ng and start it on the mixer (rendered when needed), against starting the copy rendered
   beforehand (pre-rendered), over 20 runs each.

p50 and p99 are printed for each; the goal for 1 and 2 is a p99 under 1 ms. Run it from the
project folder, in the virtual environment::

    python benchmarks/voice_latency.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from audiospoons.engine.events import Event
from audiospoons.games.keyboards import cue_names
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.keyboard.cues import CueMapper
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.simulate import play_game
from audiospoons.sound.mixer import open_mixer
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

EVENTS = 1000
LISTENER = 0
PHRASE = "React now!"
TTS_RUNS = 20


class ProbeOutput:
    """A speech output that notes when it was called."""

    name = "probe"

    def __init__(self) -> None:
        self.called_at = 0.0

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.called_at = time.perf_counter()

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""


def game_events(players: int = 6) -> list[Event]:
    """Events of bot games, in order, until there are enough that seat 0 hears something for."""
    found: list[Event] = []

    def watch(game: ClassicGame, events: list[Event]) -> None:
        found.extend(events)

    seed = 0
    while len(found) < EVENTS * 10:
        play_game(players, Options(), seed, watch=watch)
        seed += 1
    return found


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {p50 * 1e6:8.1f} us   p99 {p99 * 1e6:8.1f} us   ({len(ordered)} events)"


def measure(events: list[Event], deliver: Callable[[Event], float | None]) -> list[float]:
    """The first ``EVENTS`` latencies: ``deliver`` returns the moment the event reached its
    output, or None when it had nothing to send there."""
    samples: list[float] = []
    for event in events:
        start = time.perf_counter()
        reached = deliver(event)
        if reached is None:
            continue
        samples.append(reached - start)
        if len(samples) == EVENTS:
            break
    return samples


def speech_latency(events: list[Event], players: tuple[str, ...]) -> list[float]:
    announcer = Announcer(players, messages("en"))
    probe = ProbeOutput()
    speaker = Speaker(probe)

    def deliver(event: Event) -> float | None:
        view = event.seen_by(LISTENER)
        said = announcer.announce(view, LISTENER) if view is not None else []
        if not said:
            return None
        speaker.say(said[0])
        return probe.called_at

    return measure(events, deliver)


def mixer_latency(events: list[Event], players: int) -> list[float]:
    mixer, warning = open_mixer(cue_names())
    if mixer is None:
        sys.exit(f"no mixer: {warning}")
    mapper = CueMapper(players)

    def deliver(event: Event) -> float | None:
        view = event.seen_by(LISTENER)
        cues = mapper.cues(view, LISTENER) if view is not None else []
        if not cues:
            return None
        mixer.play(cues[0])
        reached = time.perf_counter()
        pygame.mixer.stop()
        return reached

    try:
        return measure(events, deliver)
    finally:
        mixer.close()


def main() -> None:
    players = ("Andrew", "Britany", "Chris", "Debra", "Ellen", "Frank")
    events = game_events(len(players))
    print(f"event to speech call: {percentiles(speech_latency(events, players))}")
    print(f"event to mixer play(): {percentiles(mixer_latency(events, len(players)))}")
    tts_start_times()


def tts_start_times() -> None:
    """Render-when-needed against pre-rendered, for one fixed phrase."""
    from audiospoons.voice.tts import PhraseRenderer

    mixer, warning = open_mixer(cue_names())
    if mixer is None:
        sys.exit(f"no mixer: {warning}")
    rendered: list[float] = []
    prerendered: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for run in range(TTS_RUNS):
                renderer = PhraseRenderer("en", cache_dir=Path(folder) / str(run))
                start = time.perf_counter()
                path = renderer.render(PHRASE)
                mixer.play_file(path)
                rendered.append(time.perf_counter() - start)
                mixer.stop_speech()
                start = time.perf_counter()
                mixer.play_file(renderer.render(PHRASE))
                prerendered.append(time.perf_counter() - start)
                mixer.stop_speech()
                renderer.close()
    finally:
        mixer.close()
    for label, samples in (("rendered when needed", rendered), ("pre-rendered", prerendered)):
        ordered = sorted(samples)
        print(f"TTS start, {label:20}: p50 {statistics.median(ordered) * 1e3:8.2f} ms"
              f"   max {ordered[-1] * 1e3:8.2f} ms   ({len(ordered)} runs)")


if __name__ == "__main__":
    main()
