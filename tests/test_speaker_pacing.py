"""The speaker hands a spoken output one line at a time, on the real clock, and gives a printed
output every line as it comes."""

from __future__ import annotations

import itertools
import threading
import time

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.linequeue import GATHER, SHORTEST_LINE
from audiospoons.voice.pace import flow
from audiospoons.voice.speaker import Speaker

WAIT = 10.0


class Spoken:
    """A spoken output that notes each line and when it came."""

    name = "spoken"
    paced = True
    rate = 100_000
    """So fast that every line takes the shortest time a line can take."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, str, bool]] = []
        self.silenced = 0
        self.changed = threading.Condition()

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        with self.changed:
            self.lines.append((time.monotonic(), text, interrupt))
            self.changed.notify_all()

    def silence(self) -> None:
        self.silenced += 1

    def close(self) -> None:
        """Nothing to release."""

    def wait_for(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.lines) >= count, WAIT), self.lines


class Printed(Spoken):
    paced = False


def test_a_spoken_output_is_given_one_line_when_the_last_has_been_said() -> None:
    output = Spoken()
    speaker = Speaker(output)
    for text in ("Round 1.", "Your cards.", "Bob is out."):
        speaker.say(Utterance(text))
    output.wait_for(3)
    speaker.close()
    times = [at for at, _, _ in output.lines]
    assert [text for _, text, _ in output.lines] == ["Round 1.", "Your cards.", "Bob is out."]
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert min(gaps) >= SHORTEST_LINE * 0.9, gaps
    history = speaker.history
    assert [history.first(), history.next(), history.next()] == [
        "Round 1.", "Your cards.", "Bob is out."]


def test_a_key_drops_what_waits_but_the_history_keeps_it() -> None:
    output = Spoken()
    speaker = Speaker(output)
    speaker.say(Utterance("Round 1."))
    output.wait_for(1)
    speaker.say(Utterance("Three of hearts.", pace=flow("card:3H")))
    time.sleep(GATHER + 0.02)  # past the moment a line waits for its fellows: it now waits
    speaker.interrupt()        # only for the reader, still saying the round's line
    speaker.say(Utterance("Bob grabbed a spoon!", urgent=True))
    output.wait_for(2)
    speaker.drain(WAIT)
    speaker.close()
    assert [text for _, text, _ in output.lines] == ["Round 1.", "Bob grabbed a spoon!"]
    assert output.lines[1][2] is True and output.silenced == 1
    history = speaker.history
    assert [history.first(), history.next(), history.next()] == [
        "Round 1.", "Three of hearts.", "Bob grabbed a spoon!"]


def test_a_printed_output_is_given_every_line_as_it_comes() -> None:
    output = Printed()
    speaker = Speaker(output)
    for text in ("Round 1.", "Your cards.", "Bob is out."):
        speaker.say(Utterance(text))
    assert [text for _, text, _ in output.lines] == ["Round 1.", "Your cards.", "Bob is out."]
    speaker.close()
