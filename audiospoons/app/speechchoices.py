"""The speech outputs Settings offers, and the way a session changes to one of them.

At a terminal they are the machine's (``MachineSpeech``): the screen reader, the built-in
voice, printed lines, or the first of these that works. A session elsewhere gives ``Screens``
its own (a browser's are the page's), so that no choice sends a line anywhere its player is
not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode

if TYPE_CHECKING:
    from audiospoons.sound.mixer import Mixer

MACHINE_MODES = (SpeechMode.AUTO, SpeechMode.SCREENREADER, SpeechMode.TTS, SpeechMode.TEXT)
"""The outputs offered at a terminal. "none" is left out: a player who chose it would no
longer hear the menu that could turn speech back on (``--speech none`` still works)."""
MACHINE_WORDS = {
    SpeechMode.AUTO: "menu.settings.speech.auto",
    SpeechMode.SCREENREADER: "menu.settings.speech.screenreader",
    SpeechMode.TTS: "menu.settings.speech.tts",
    SpeechMode.TEXT: "menu.settings.speech.text",
    SpeechMode.NONE: "menu.settings.speech.none",
}
"""The message id of each output's name, "none" among them for a session started with it."""


class SpeechChoices(Protocol):
    """The outputs a session may speak through."""

    @property
    def modes(self) -> tuple[SpeechMode, ...]:
        """The outputs offered, in the order Left and Right go through them."""

    @property
    def about(self) -> str:
        """The message id of the Speech item's description."""

    def name(self, mode: SpeechMode) -> str:
        """The message id of ``mode``'s name."""

    def switch(self, mode: SpeechMode, speaker: Speaker, lang: str, rate: int) -> str | None:
        """Have ``speaker`` speak through ``mode`` from now on (in ``lang``, at ``rate`` words
        a minute); or, if it cannot, keep the output in use and return the words saying why."""


class MachineSpeech:
    """The outputs of the machine the game runs on; the built-in voice is played through
    ``sound_device`` where there is one."""

    modes = MACHINE_MODES
    about = "menu.settings.speech.about"

    def __init__(self, sound_device: Mixer | None = None) -> None:
        self.sound_device = sound_device

    def name(self, mode: SpeechMode) -> str:
        return MACHINE_WORDS[mode]

    def switch(self, mode: SpeechMode, speaker: Speaker, lang: str, rate: int) -> str | None:
        from audiospoons.voice.outputs import open_speech  # loaded here: not by the page's sessions

        output, warning = open_speech(mode, lang, rate, self.sound_device)
        if warning is not None:
            output.close()
            return warning
        old, speaker.output = speaker.output, output
        old.close()
        return None
