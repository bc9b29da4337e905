"""The speaker hands a spoken output one line at a time, on the real clock, and gives a printed
output every line as it comes."""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings
from audiospoons.keys.key import Key, parse_label
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


def test_a_question_after_the_game_s_last_lines_is_said_after_them() -> None:
    """The question that follows a game ("Enter to play again") is said when the game's own
    last lines, still waiting, have been: lines go out in the order they were given."""
    output = Spoken()
    speaker = Speaker(output)
    speaker.say(Utterance("You grabbed a spoon!", urgent=True))
    speaker.say(Utterance("You win the game!"))
    speaker.review("Enter to play again, Escape to quit.")
    output.wait_for(3)
    speaker.close()
    assert [text for _, text, _ in output.lines] == [
        "You grabbed a spoon!", "You win the game!", "Enter to play again, Escape to quit."]
    assert [cut for _, _, cut in output.lines] == [True, False, False]


def test_an_answer_to_a_key_is_given_at_once_and_cuts_what_the_reader_says() -> None:
    """No wait for lines to come with it (``GATHER``): on a clock that stands still, the answer
    is given before ``answer`` returns, and the game's line after it waits its turn."""
    output = Spoken()
    speaker = Speaker(output, clock=lambda: 5.0)
    speaker.interrupt()
    speaker.answer("Play online, 2 of 8")
    speaker.say(Utterance("Round 1."))
    assert [(text, cut) for _, text, cut in output.lines] == [("Play online, 2 of 8", True)]
    speaker.review("2 spoons left.")
    speaker.close()
    assert [text for _, text, _ in output.lines] == ["Play online, 2 of 8"]
    history = speaker.history
    assert [history.first(), history.next()] == ["Play online, 2 of 8", "Round 1."]


class KeysOnAClock:
    """Keys one at a time, a minute apart on a clock that stands still between them; notes
    what the output had been given when each next key was read."""

    def __init__(self, labels: Sequence[str], output: Spoken) -> None:
        self.labels = list(labels)
        self.output = output
        self.now = 0.0
        self.given: list[list[str]] = []

    def clock(self) -> float:
        return self.now

    def read(self, timeout: float | None) -> Sequence[Key]:
        self.given.append([text for _, text, _ in self.output.lines])
        if not self.labels:
            raise EOFError
        self.now += 60.0
        return [parse_label(self.labels.pop(0))]


def test_a_menu_s_answer_to_a_key_is_given_before_the_next_key_is_read(tmp_path: Path) -> None:
    output = Spoken()
    keys = KeysOnAClock(["down", "down"], output)
    speaker = Speaker(output, clock=keys.clock)
    ui = Screens(Settings(first_run=False), speaker=speaker, keys=keys, mixer=None, lang="en",
                 settings_file=tmp_path / "settings.json")
    with contextlib.suppress(EOFError):
        ui.run()
    speaker.close()
    assert [given[-1:] for given in keys.given[1:]] == [["Play online, 2 of 8"],
                                                        ["Options, 3 of 8"]]
