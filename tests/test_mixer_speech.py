"""Text-to-speech on the mixer: lines in turn, urgent lines first, cut off at once."""

from __future__ import annotations

import threading
from pathlib import Path

from audiospoons.voice.mixerspeech import MixerSpeech


class Renderer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rate = 175
        self.rendered: list[str] = []
        self.closed = False

    def render(self, text: str) -> Path:
        self.rendered.append(text)
        path = self.folder / f"{abs(hash(text))}.wav"
        path.write_text(text, encoding="utf-8")
        return path

    def close(self) -> None:
        self.closed = True


class Channel:
    """Plays a line for as long as the test lets it: each line waits for a release."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.stopped = 0
        self.playing = threading.Event()

    def play_file(self, path: Path | str, pan: float = 0.0) -> float:
        self.started.append(Path(path).read_text(encoding="utf-8"))
        self.playing.set()
        return 30.0

    def stop_speech(self) -> None:
        self.stopped += 1


def started_count(channel: Channel, count: int) -> None:
    for _ in range(200):
        if len(channel.started) >= count:
            return
        channel.playing.wait(0.05)
        channel.playing.clear()
    raise AssertionError(f"only {channel.started} started")


def test_urgent_lines_go_first_cut_the_line_being_said_and_never_each_other(
        tmp_path: Path) -> None:
    renderer, channel = Renderer(tmp_path), Channel()
    speech = MixerSpeech(renderer, channel)
    try:
        speech.speak("Britany drew a card.")
        started_count(channel, 1)
        speech.speak("Your cards: a five.")
        speech.speak("Andrew grabbed a spoon!", interrupt=True)
        started_count(channel, 2)
        assert channel.stopped == 1
        speech.speak("Chris grabbed a spoon!", interrupt=True)
        speech.speak("Debra discarded a card.")
        speech.silence()
        assert channel.stopped == 2
        assert channel.started == ["Britany drew a card.", "Andrew grabbed a spoon!"]
        assert speech.drain(2.0)
    finally:
        speech.close()
    assert renderer.closed


def test_a_second_urgent_line_waits_for_the_first(tmp_path: Path) -> None:
    renderer, channel = Renderer(tmp_path), Channel()
    speech = MixerSpeech(renderer, channel)
    try:
        speech.speak("Andrew grabbed a spoon!", interrupt=True)
        started_count(channel, 1)
        speech.speak("Chris grabbed a spoon!", interrupt=True)
        speech.speak("Your cards: a five.")
        assert not speech.drain(0.2), "the first urgent line is still being said"
        assert channel.stopped == 0
    finally:
        speech.close()


def test_prepared_lines_are_rendered_before_they_are_said(tmp_path: Path) -> None:
    renderer, channel = Renderer(tmp_path), Channel()
    speech = MixerSpeech(renderer, channel)
    try:
        speech.prepare(["React now!", "You grabbed a spoon!"])
        assert renderer.rendered == ["React now!", "You grabbed a spoon!"]
        speech.rate = 1000
        assert renderer.rate == 450
    finally:
        speech.close()
