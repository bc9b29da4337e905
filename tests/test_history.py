"""Reviewing what was said, line by line."""

from __future__ import annotations

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.history import History
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


def test_review_goes_back_to_the_games_first_line_as_the_oldest_lines_go() -> None:
    history = History(limit=3)
    history.add("menu")
    history.begin()
    assert history.first() is None and history.at_edge, "nothing said in this game yet"
    history.add("one")
    history.add("two")
    assert history.first() == "one" and history.previous() == "one" and history.at_edge
    history.add("three")
    history.add("four")
    assert history.first() == "two", "the limit let the game's first line go"


def test_the_speaker_keeps_every_line_and_urgent_lines_interrupt() -> None:
    output = Recorder()
    speaker = Speaker(output, clock=lambda: 5.0)
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



def test_an_urgent_line_does_not_cut_off_one_just_begun() -> None:
    """A screen reader can only interrupt or queue: a second grab a moment after the first is
    queued behind it, and a later one interrupts again."""
    now = [10.0]
    output = Recorder()
    speaker = Speaker(output, clock=lambda: now[0])
    speaker.say(Utterance("Andrew grabbed a spoon!", urgent=True))
    now[0] += 0.3
    speaker.say(Utterance("Chris grabbed a spoon!", urgent=True))
    now[0] += 2.0
    speaker.say(Utterance("React now!", urgent=True))
    assert [call[1] for call in output.calls] == [
        ("Andrew grabbed a spoon!", True), ("Chris grabbed a spoon!", False),
        ("React now!", True)]
