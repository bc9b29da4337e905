"""The one place spoken lines go through: history first, then exactly one speech output."""

from __future__ import annotations

import time
from collections.abc import Callable

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.history import History
from audiospoons.voice.speech import SpeechOutput

URGENT_HOLD = 1.0
"""Seconds during which an urgent line is not cut off by the next urgent one, on outputs that
cannot order lines themselves (a screen reader only knows "interrupt" or "queue")."""


class Speaker:
    """Speaks utterances on one output and keeps them all in the history.

    Lines queue behind each other; an urgent line ("React now!", a grab) cuts off what is being
    said, but not another urgent line just begun: two grabs a moment apart are both heard. Any
    key the player presses cuts speech off too (``interrupt``). Reviewing the history speaks the
    line at once, since the player asked for it.
    """

    def __init__(self, output: SpeechOutput, history: History | None = None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.output = output
        self.history = history if history is not None else History()
        self.clock = clock
        self._urgent_at: float | None = None

    def say(self, utterance: Utterance) -> None:
        self.history.add(utterance.text)
        interrupt = utterance.urgent
        if interrupt and not getattr(self.output, "orders_urgent_lines", False):
            now = self.clock()
            if self._urgent_at is not None and now - self._urgent_at < URGENT_HOLD:
                interrupt = False
            self._urgent_at = now
        self.output.speak(utterance.text, interrupt=interrupt)

    def interrupt(self) -> None:
        """A key was pressed: stop talking and drop the queue."""
        self.output.silence()

    def review(self, text: str | None) -> None:
        """Speak a line from the history, or an answer to a key, without adding it again."""
        if text is not None:
            self.output.speak(text, interrupt=True)

    def drain(self, timeout: float) -> None:
        """Let the output finish what it is saying (at most ``timeout`` seconds)."""
        drain = getattr(self.output, "drain", None)
        if callable(drain):
            drain(timeout)

    def close(self) -> None:
        self.output.close()
