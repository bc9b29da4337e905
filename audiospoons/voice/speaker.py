"""The one place spoken lines go through: history first, then exactly one speech output."""

from __future__ import annotations

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.history import History
from audiospoons.voice.instant import InstantPhrases
from audiospoons.voice.speech import SpeechOutput


class Speaker:
    """Speaks utterances on one output and keeps them all in the history.

    Lines queue behind each other; an urgent line ("React now!") cuts off what is being said, and
    so does any key the player presses (``interrupt``). Reviewing the history speaks the line
    at once, cutting off the game's queue, since the player asked for it. An urgent line that was
    rendered beforehand (``instant``) is played from its recording instead, and only so.
    """

    def __init__(self, output: SpeechOutput, history: History | None = None,
                 instant: InstantPhrases | None = None) -> None:
        self.output = output
        self.history = history if history is not None else History()
        self.instant = instant

    def say(self, utterance: Utterance) -> None:
        self.history.add(utterance.text)
        if utterance.urgent and self.instant is not None:
            self.output.silence()
            if self.instant.say(utterance.text):
                return
        self.output.speak(utterance.text, interrupt=utterance.urgent)

    def interrupt(self) -> None:
        """A key was pressed: stop talking and drop the queue."""
        self.output.silence()

    def review(self, text: str | None) -> None:
        """Speak a line from the history without adding it again."""
        if text is not None:
            self.output.speak(text, interrupt=True)

    def close(self) -> None:
        self.output.close()
