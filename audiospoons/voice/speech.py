"""Speech outputs: one small interface, and the two outputs that need no library.

Every output takes plain text (see ``plain_text``) and may be told to interrupt what it is saying.
A spoken output says so with ``paced = True``: the speaker then hands it one line at a time.
The outputs that talk to libraries live in their own modules (``screenreader``, ``tts``) so that
only they import accessible_output2 or pyttsx3.
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import Protocol, TextIO, runtime_checkable


class SpeechMode(Enum):
    """``--speech``: auto picks a running screen reader, else text-to-speech, else text."""

    AUTO = "auto"
    SCREENREADER = "screenreader"
    TTS = "tts"
    TEXT = "text"
    NONE = "none"


class SpeechOutput(Protocol):
    """Where spoken lines go."""

    name: str

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text`` after what is queued, or at once, cutting it off, with ``interrupt``."""

    def silence(self) -> None:
        """Stop speaking and drop what is queued."""

    def close(self) -> None:
        """Release the output; speaking after this is an error."""


@runtime_checkable
class AnsweringOutput(Protocol):
    """An output that tells an answer to a key (the card or the item the cursor moved to)
    from an alert, both of which cut off what is being said: a screen shows them apart."""

    def answer(self, text: str) -> None:
        """Say ``text`` at once, cutting off what is being said: an answer, not an alert."""


class TextOutput:
    """Plain lines on a stream: what a terminal screen reader or a braille display reads."""

    name = "text"

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.gone = False

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Print the line; once the reader has gone (a closed pipe), print nothing more."""
        if self.gone:
            return
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except BrokenPipeError:
            self.gone = True

    def silence(self) -> None:
        """Printed lines cannot be taken back."""

    def close(self) -> None:
        if not self.gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self.gone = True


class NoOutput:
    """Speech off: the history still keeps every line."""

    name = "none"

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Says nothing."""

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""
