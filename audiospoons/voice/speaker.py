"""The one place spoken lines go through: history first, then exactly one speech output."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.history import History
from audiospoons.voice.linequeue import URGENT_HOLD, SpeechQueue, reader_seconds
from audiospoons.voice.pace import ANSWER
from audiospoons.voice.speech import AnsweringOutput, SpeechOutput

DEFAULT_RATE = 175
"""Words a minute a reader is taken to speak at when it does not say."""
CLOSE_WAIT = 2.0
"""Seconds ``close`` waits for the thread that hands out lines to end."""
LEAST_WAIT = 0.01
"""The shortest wait for the next line's turn: a clock that stands still a hair before it (a
web session's, while its page is away) is looked at again no more often than this."""


class Speaker:
    """Speaks utterances on one output and keeps them all in the history.

    A spoken output (a screen reader, text-to-speech, the page) is paced: the game keeps its own
    queue (``SpeechQueue``) and hands the output one line at a time, when the last should have
    been said at the output's rate (``rate`` where the output keeps its own, a screen reader's),
    so that what is said is current: a line gone stale is dropped, a newer line on a topic takes
    an older one's place, grabs close together are said as one, and an urgent line ("React
    now!", a grab) goes first and cuts off what is being said, but not another urgent line just
    begun. An output that is not ``paced`` (printed text: a log a braille display or the
    terminal's reader goes through at its own pace) is given every line as it comes. Any key the
    player presses cuts speech off (``interrupt``). The answer to a key (``answer``, ``review``)
    goes after what waits, but is given as soon as the reader is ready, with no wait for lines
    to come with it: lines are given in the order they come; urgency decides what is cut, and
    only an urgent line goes ahead.
    """

    def __init__(self, output: SpeechOutput, history: History | None = None, *,
                 clock: Callable[[], float] = time.monotonic, rate: int = DEFAULT_RATE) -> None:
        self._output = output
        self.history = history if history is not None else History()
        self.clock = clock
        self.rate = rate
        """Words a minute the reader speaks at, where the output does not say."""
        self.queue = SpeechQueue(self._seconds)
        self._turn = threading.Condition()
        self._pump: threading.Thread | None = None
        self._closed = False
        self._urgent_at: float | None = None

    @property
    def output(self) -> SpeechOutput:
        return self._output

    @output.setter
    def output(self, output: SpeechOutput) -> None:
        with self._turn:
            self._output = output

    @property
    def paced(self) -> bool:
        return bool(getattr(self._output, "paced", False))

    @property
    def words_a_minute(self) -> int:
        """The rate the reader speaks at: the output's own, or ``rate``."""
        rate = getattr(self._output, "rate", None)
        return rate if isinstance(rate, int) else self.rate

    def _seconds(self, text: str) -> float:
        return reader_seconds(text, self.words_a_minute)

    def say(self, utterance: Utterance) -> None:
        self.history.add(utterance.text)
        self._queue(utterance)

    def answer(self, text: str) -> None:
        """Say the answer to a key (a menu's move), kept in the history."""
        self.history.add(text)
        self._queue(Utterance(text, pace=ANSWER))

    def review(self, text: str | None) -> None:
        """Say a line from the history, or an answer to a key, without adding it again."""
        if text is None:
            return
        self.history.answered(text)
        self._queue(Utterance(text, pace=ANSWER))

    def _queue(self, utterance: Utterance) -> None:
        """Give ``utterance`` to the output, or queue it and give what is due now, in this
        thread (an answer to a key goes out before the call returns)."""
        with self._turn:
            if self._closed:
                return
            if not self.paced:
                self._give(utterance.text, interrupt=self._cuts(utterance),
                           urgent=utterance.urgent)
                return
            self.queue.add(utterance, self.clock())
            self._give_due()
            if self._pump is None:
                self._pump = threading.Thread(target=self._hand_out, name="audiospoons-speech",
                                              daemon=True)
                self._pump.start()
            self._turn.notify_all()

    def _cuts(self, utterance: Utterance) -> bool:
        """Whether a line given as it comes cuts off the last: an answer does, and an urgent
        one, but not an urgent one just begun."""
        if utterance.pace.answer:
            return True
        if not utterance.urgent:
            return False
        now = self.clock()
        held = self._urgent_at is not None and now - self._urgent_at < URGENT_HOLD
        self._urgent_at = now
        return not held

    def _hand_out(self) -> None:
        """The paced output's thread: each line when the reader is ready for it."""
        with self._turn:
            while not self._closed:
                if self._give_due():
                    self._turn.notify_all()
                now = self.clock()
                due = self.queue.next_at(now)
                self._turn.wait(None if due is None else max(LEAST_WAIT, due - now))

    def _give_due(self) -> bool:
        """Give the output the lines due now (``_turn`` held); whether there were any."""
        given = False
        while (handout := self.queue.take(self.clock())) is not None:
            self._give(handout.text, interrupt=handout.interrupt, urgent=handout.urgent)
            given = True
        return given

    def _give(self, text: str, *, interrupt: bool, urgent: bool) -> None:
        """Give a line to the output; one that cuts off what is said without being urgent (an
        answer to a key) is given as an answer where the output tells the two apart."""
        if interrupt and not urgent and isinstance(self._output, AnsweringOutput):
            self._output.answer(text)
        else:
            self._output.speak(text, interrupt=interrupt)

    def told_at(self, *, asides: bool = True) -> float | None:
        """When, on ``clock``, what waits to be said will have been said, asides left out
        unless ``asides`` (None: nothing is being said, or the output is given every line as
        it comes)."""
        if not self.paced:
            return None
        with self._turn:
            return self.queue.told_at(self.clock(), asides=asides)

    def interrupt(self) -> None:
        """A key was pressed: stop talking and drop what waits (but for urgent lines)."""
        with self._turn:
            self.queue.clear(self.clock())
            self._output.silence()
            self._turn.notify()

    def drain(self, timeout: float) -> None:
        """Let the output finish what it is saying and what waits (at most ``timeout``
        seconds)."""
        end = self.clock() + timeout
        with self._turn:
            while len(self.queue) and self._pump is not None and self.clock() < end:
                self._turn.wait(max(0.0, end - self.clock()))
        drain = getattr(self._output, "drain", None)
        if callable(drain):
            drain(max(0.0, end - self.clock()))

    def close(self) -> None:
        with self._turn:
            self._closed = True
            self._turn.notify()
        if self._pump is not None:
            self._pump.join(CLOSE_WAIT)
        self._output.close()
