"""A script played out in real time through speech and sound, for ``replay`` and ``listen``
with ``--speak``."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.app.audio import open_audio
from audiospoons.engine.rules import Rules
from audiospoons.replay.listen import listen, urgent_phrases
from audiospoons.replay.scenario import ScriptLine
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.mixerspeech import MixerSpeech
from audiospoons.voice.speech import SpeechMode


def speak(game: Rules, script: Sequence[ScriptLine], seat: int | None, half: KeyboardHalf,
          lang: str, verbosity: Verbosity, mode: SpeechMode) -> int:
    """Play ``script`` out in real time through speech and sound, as ``seat`` hears it."""
    with open_audio(mode, lang) as audio:
        if isinstance(audio.speaker.output, MixerSpeech):
            audio.speaker.output.prepare(urgent_phrases(game, seat, half, lang))
        try:
            listen(game, script, seat, half, speaker=audio.speaker, sounds=audio.mixer, lang=lang,
                   verbosity=verbosity)
        except KeyboardInterrupt:
            return 130
        audio.finish()
    return 0
