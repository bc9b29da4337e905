"""Choosing the speech output: ``--speech auto|screenreader|tts|text|none``.

Auto takes a running screen reader first (the player's own voice and braille), else the built-in
text-to-speech, else plain text. Built-in speech is played through the mixer, so it needs a sound
device; with none it gives way to plain text (on Windows and macOS, where the system's voice
speaks by itself, ``tts`` asked for by name still speaks live). An output asked for by name that
cannot start gives way to plain text, with one line saying so, spoken on the output that did
start: a line never goes to two outputs.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from audiospoons.voice.i18n import messages
from audiospoons.voice.mixerspeech import MixerSpeech
from audiospoons.voice.screenreader import open_screen_reader, screen_reader_running
from audiospoons.voice.speech import NoOutput, SpeechMode, SpeechOutput, TextOutput
from audiospoons.voice.tts import open_tts

if TYPE_CHECKING:
    from audiospoons.sound.mixer import Mixer


def open_speech(mode: SpeechMode, lang: str, rate: int | None = None,
                mixer: Mixer | None = None) -> tuple[SpeechOutput, str | None]:
    """The output for ``mode``, and a warning to speak on it when it is not the one asked for.
    ``mixer`` is the open sound device, if there is one."""
    m = messages(lang)
    if mode is SpeechMode.NONE:
        return NoOutput(), None
    if mode is SpeechMode.TEXT:
        return TextOutput(), None
    if mode is SpeechMode.SCREENREADER or (mode is SpeechMode.AUTO and screen_reader_running()):
        reader = open_screen_reader()
        if reader is not None:
            return reader, None
        if mode is SpeechMode.SCREENREADER:
            return TextOutput(), m.tr("speech.no.screenreader")
    if mixer is not None:
        spoken = MixerSpeech.open(lang, rate, mixer)
        if spoken is not None:
            return spoken, None
    elif mode is SpeechMode.TTS and sys.platform != "linux":
        # SAPI and NSSpeech speak through the system by themselves; espeak on Linux plays
        # through the sound device that was just found missing.
        live = open_tts(lang, rate)
        if live is not None:
            return live, None
    return TextOutput(), m.tr("speech.no.tts") if mode is SpeechMode.TTS else None
