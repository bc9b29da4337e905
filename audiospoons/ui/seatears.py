"""A seat's ears at this keyboard, whichever game: each event, as the seat may know it, goes to
the game's view of the table, then its sounds are played and its lines said."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from audiospoons.engine.events import Event
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.ui.player import CuePlayer
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.speaker import Speaker


class View(Protocol):
    def observe(self, event: Event) -> object: ...


class Announcer(Protocol):
    def announce(self, event: Event, listener: int | None) -> list[Utterance]: ...


class CueMapper(Protocol):
    def cues(self, event: Event, listener: int | None) -> list[Cue]: ...


class SeatEars:
    """Set up by the game's class: its view, announcer and cue mapper, and where it hears from
    (``me``: a seat, or None for a spectator)."""

    me: int | None
    view: View
    announcer: Announcer
    mapper: CueMapper
    speaker: Speaker
    sounds: CuePlayer | None
    countdown: Countdown

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            self.view.observe(event)
            self.play(self.mapper.cues(event, self.me))
            for said in self.announcer.announce(event, self.me):
                self.speaker.say(said)

    def catch_up(self, events: Sequence[Event]) -> None:
        """Take in the game so far without a word or a sound: a seat taken back, or a game
        come into as a spectator."""
        for event in events:
            self.view.observe(event)

    def play(self, cues: Sequence[Cue]) -> None:
        if self.sounds is not None:
            for cue in cues:
                self.sounds.play(cue)

    def say_text(self, text: str) -> None:
        self.speaker.say(Utterance(text))
