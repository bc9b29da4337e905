"""Choosing the speech output: ``--speech auto|screenreader|tts|text|none``.

Auto takes a running screen reader first (the player's own voice and braille), else the built-in
text-to-speech, else plain text. Built-in speech is played through the mixer, so it needs a sound
device; with none it gives way to plain text (on Windows and macOS, where the system's voice
speaks by itself, ``tts`` asked for by name still speaks live). An output asked for by name that
cannot start gives way to the next (a screen reader to the built-in voice, that to plain text),
with one line saying so, spoken on the output that did start: a line never goes to two outputs.
Each output has ``opening.OPEN_WAIT`` seconds to open; one that takes longer (a Speech
Dispatcher that accepts the connection and never answers) is left, and said to be so.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from audiospoons.voice.i18n import messages
from audiospoons.voice.mixerspeech import MixerSpeech
from audiospoons.voice.opening import open_within
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
    reader_late = False
    if mode is SpeechMode.SCREENREADER or (mode is SpeechMode.AUTO and screen_reader_running()):
        reader, reader_late = open_within(open_screen_reader)
        if reader is not None:
            return reader, None
    missed = reader_late or mode is SpeechMode.SCREENREADER
    voice_late = False
    if mixer is not None:
        spoken, voice_late = open_within(lambda: MixerSpeech.open(lang, rate, mixer))
        if spoken is not None:
            return spoken, (m.tr("speech.screenreader.late.tts") if reader_late
                            else m.tr("speech.no.screenreader.tts") if missed else None)
    elif mode is SpeechMode.TTS and sys.platform != "linux":
        # SAPI and NSSpeech speak through the system by themselves; espeak on Linux plays
        # through the sound device that was just found missing.
        live, voice_late = open_within(lambda: open_tts(lang, rate))
        if live is not None:
            return live, None
    if reader_late:
        return TextOutput(), m.tr("speech.screenreader.late.text")
    if missed:
        return TextOutput(), m.tr("speech.no.screenreader")
    if voice_late:
        return TextOutput(), m.tr("speech.tts.late")
    return TextOutput(), m.tr("speech.no.tts") if mode is SpeechMode.TTS else None
