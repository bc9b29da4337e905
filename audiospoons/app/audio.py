"""Opening the sound device and the speech output together, for anything that talks."""

from __future__ import annotations

from types import TracebackType

from audiospoons.games.keyboards import cue_names
from audiospoons.sound.mixer import Mixer, open_mixer
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import messages
from audiospoons.voice.outputs import open_speech
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode

FINISH_SECONDS = 15.0
"""How long the last lines of a game may take to be said before the program ends."""


class Audio:
    """The speaker and the mixer (None without a sound device), closed together."""

    def __init__(self, speaker: Speaker, mixer: Mixer | None) -> None:
        self.speaker = speaker
        self.mixer = mixer

    def finish(self) -> None:
        """Let the last lines be said before closing."""
        self.speaker.drain(FINISH_SECONDS)

    def close(self) -> None:
        self.speaker.close()
        if self.mixer is not None:
            self.mixer.close()

    def __enter__(self) -> Audio:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def open_audio(mode: SpeechMode, lang: str, rate: int | None = None) -> Audio:
    """The sound device, then the speech output chosen for ``mode``; any warning about either
    (no device, an output that could not start) is said once on the output that did start."""
    mixer, sound_warning = open_mixer(cue_names())
    if mixer is None:
        sound_warning = messages(lang).tr("sound.no.device")
    output, speech_warning = open_speech(mode, lang, rate, mixer)
    speaker = Speaker(output) if rate is None else Speaker(output, rate=rate)
    for warning in (speech_warning, sound_warning):
        if warning is not None:
            speaker.say(Utterance(warning))
    return Audio(speaker, mixer)
