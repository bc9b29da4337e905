"""A seat's ears at this keyboard, whichever game: each event, as the seat may know it, goes to
the game's view of the table, then its sounds are played and its lines said."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from audiospoons.engine.events import Event
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class View(Protocol):
    def observe(self, event: Event) -> object: ...


class Announcer(Protocol):
    def announce(self, event: Event, listener: int | None) -> list[Utterance]: ...


class CueMapper(Protocol):
    def cues(self, event: Event, listener: int | None) -> list[Cue]: ...


ViewT = TypeVar("ViewT", bound=View)
AnnouncerT = TypeVar("AnnouncerT", bound=Announcer)
MapperT = TypeVar("MapperT", bound=CueMapper)


class SeatEars(Generic[ViewT, AnnouncerT, MapperT]):
    """A game's ears for one seat: its view, announcer and cue mapper, and where it hears from
    (``me``: a seat, or None for a spectator, who hears the table from outside)."""

    def __init__(self, seat: int | None, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, parts: tuple[ViewT, AnnouncerT, MapperT]) -> None:
        self.seat = self.me = seat
        """The seat heard from (the table's ``Listener``), or None: a spectator."""
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.countdown = Countdown()
        self.view, self.announcer, self.mapper = parts

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
