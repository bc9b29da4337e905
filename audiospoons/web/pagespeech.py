"""Speech in a browser, as Settings offers it there: the page's screen reader (``ariaNotify``
or its live regions) or the page's own voice (the browser's speech synthesis). Every line goes
to the page whichever is chosen; the choice only tells the page how to say them."""

from __future__ import annotations

from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode
from audiospoons.web.terminal import Outbox

PAGE_MODES = (SpeechMode.SCREENREADER, SpeechMode.TTS)
"""The screen reader, and the page's own voice: never both off."""
PAGE_WORDS = {
    SpeechMode.SCREENREADER: "menu.settings.speech.screenreader",
    SpeechMode.TTS: "web.speech.voice",
}


def page_mode(kept: SpeechMode, voice_kept: object) -> SpeechMode:
    """How the page speaks for settings that keep ``kept``: with its own voice for a player who
    chose it, or who had not chosen in Settings but whose page kept its own voice
    (``voice_kept`` True); with the screen reader otherwise."""
    if kept is SpeechMode.TTS or (kept is SpeechMode.AUTO and voice_kept is True):
        return SpeechMode.TTS
    return SpeechMode.SCREENREADER


class PageSpeech:
    """The page's ways of speaking, chosen by telling the page."""

    modes = PAGE_MODES
    about = "web.speech.about"

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    def name(self, mode: SpeechMode) -> str:
        return PAGE_WORDS[page_mode(mode, voice_kept=False)]

    def tell(self, mode: SpeechMode) -> None:
        """Have the page say its lines as ``mode`` does (and keep the choice)."""
        by = "voice" if page_mode(mode, voice_kept=False) is SpeechMode.TTS else "reader"
        self.outbox.send({"type": "speech", "by": by})

    def switch(self, mode: SpeechMode, speaker: Speaker, lang: str, rate: int) -> str | None:
        """The lines stay with ``speaker``'s output, the page's: only the page changes."""
        self.tell(mode)
        return None
