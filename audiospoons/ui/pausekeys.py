"""The keys every game shares at the keyboard, whatever its rules: the sound volume, the speech
rate, and the pause menu (the game's clock stops while it is open)."""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.controls import key_controls, offer
from audiospoons.ui.player import KeySource
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


def change_volume(speaker: Speaker, sounds: CuePlayer | None, m: Messages, step: float) -> None:
    """Turn the cues up or down by ``step`` (0 to 1), saying the new volume."""
    if sounds is None:
        speaker.review(m.tr("sound.no.device"))
        return
    volume = round(min(max(sounds.sound_volume + step, 0.0), 1.0), 2)
    sounds.sound_volume = volume
    speaker.review(m.tr("volume.sound", percent=round(volume * 100)))


def change_rate(speaker: Speaker, rate_setter: Callable[[int], int | None] | None, m: Messages,
                step: int) -> None:
    """Speak faster or slower by ``step`` words a minute, where the voice allows it."""
    rate = rate_setter(step) if rate_setter is not None else None
    if rate is None:
        speaker.review(m.tr("rate.fixed"))
    else:
        speaker.review(m.tr("rate.speech", rate=rate))


def pause_menu(speaker: Speaker, m: Messages, keys: KeySource, clock: Callable[[], float],
               resume_after: Callable[[float], None],
               adjusts: Callable[[str], bool] | None = None) -> bool:
    """The pause menu until the player goes on (Enter or Escape: True) or quits (Q, then the
    confirming key: False); ``resume_after`` is told how long it was open. ``adjusts`` is
    the game's own: a key of the sound volume or the speech rate changes it, as at the table
    (True when it did). Any other key, F1 among them, says the menu again: no key in it is
    silent."""
    paused_at = clock()
    speaker.review(m.tr("pause.menu"))
    try:
        while True:
            offer(keys, key_controls(("enter", "escape", "q"), (), m))
            for key in keys.read(None):
                speaker.interrupt()
                if key.label in ("enter", "escape"):
                    speaker.review(m.tr("game.resumed"))
                    return True
                if key.label == "q":
                    return not _confirm_quit(speaker, m, keys)
                if adjusts is None or not adjusts(key.label):
                    speaker.review(m.tr("pause.menu"))
    finally:
        resume_after(clock() - paused_at)


def _confirm_quit(speaker: Speaker, m: Messages, keys: KeySource) -> bool:
    speaker.review(m.tr("quit.confirm"))
    offer(keys, key_controls((m.tr("quit.confirm.key"), "escape"), (), m))
    while True:
        pressed = keys.read(None)
        if pressed:
            speaker.interrupt()
            if pressed[0].label == m.tr("quit.confirm.key"):
                return True
            speaker.review(m.tr("game.resumed"))
            return False
