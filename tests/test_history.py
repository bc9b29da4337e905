"""Reviewing what was said, line by line."""

from __future__ import annotations

from pathlib import Path

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.history import History
from audiospoons.voice.instant import InstantPhrases
from audiospoons.voice.speaker import Speaker


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.calls.append(("speak", (text, interrupt)))

    def silence(self) -> None:
        self.calls.append(("silence", None))

    def close(self) -> None:
        self.calls.append(("close", None))


def test_review_steps_back_and_forth_and_stops_at_either_end() -> None:
    history = History()
    assert history.previous() is None and history.at_edge
    for text in ("one", "two", "three"):
        history.add(text)
    assert history.current() == "three"
    assert history.previous() == "two" and not history.at_edge
    assert history.previous() == "one"
    assert history.previous() == "one" and history.at_edge
    assert history.next() == "two"
    assert history.last() == "three"
    assert history.next() == "three" and history.at_edge
    assert history.first() == "one"
    history.add("four")
    assert history.current() == "four"


def test_history_keeps_the_newest_lines() -> None:
    history = History(limit=2)
    for text in ("one", "two", "three"):
        history.add(text)
    assert len(history) == 2 and history.first() == "two"


def test_the_speaker_keeps_every_line_and_urgent_lines_interrupt() -> None:
    output = Recorder()
    speaker = Speaker(output)
    speaker.say(Utterance("Chris drew a card."))
    speaker.say(Utterance("React now!", urgent=True))
    speaker.interrupt()
    speaker.review(speaker.history.previous())
    assert output.calls == [
        ("speak", ("Chris drew a card.", False)),
        ("speak", ("React now!", True)),
        ("silence", None),
        ("speak", ("Chris drew a card.", True)),
    ]
    assert len(speaker.history) == 2


class FakeRenderer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def render(self, text: str) -> Path:
        if "!" not in text:
            raise RuntimeError("cannot render")
        path = self.folder / f"{len(text)}.wav"
        path.write_text(text, encoding="utf-8")
        return path


class FakePlayer:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play_file(self, path: Path | str, pan: float = 0.0) -> None:
        self.played.append(Path(path).read_text(encoding="utf-8"))


def test_a_prepared_urgent_line_plays_from_its_recording_and_nowhere_else(
        tmp_path: Path) -> None:
    player = FakePlayer()
    instant = InstantPhrases(FakeRenderer(tmp_path), player)
    assert instant.prepare(["React now!", "Chris grabbed a spoon!", "no bang"]) == ["no bang"]
    output = Recorder()
    speaker = Speaker(output, instant=instant)
    speaker.say(Utterance("Chris drew a card."))
    speaker.say(Utterance("React now!", urgent=True))
    speaker.say(Utterance("Time is up for grabbing!", urgent=True))
    speaker.say(Utterance("Chris grabbed a spoon!"))
    assert player.played == ["React now!"]
    assert output.calls == [
        ("speak", ("Chris drew a card.", False)),
        ("silence", None),
        ("silence", None),
        ("speak", ("Time is up for grabbing!", True)),
        ("speak", ("Chris grabbed a spoon!", False)),
    ]
    assert len(speaker.history) == 4
