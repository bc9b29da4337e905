"""A game on the relay heard from outside the table: what a spectator may know, in words and in
sounds, with no cards and no keys that play. The relay sends a spectator the public events of
each game its room starts (``game_started`` with ``seat`` null), of classic Spoons or of Razz
Spoons."""

from __future__ import annotations

from typing import Any, Protocol

from audiospoons.engine.events import Event, GameOver
from audiospoons.engine.options import Options
from audiospoons.net.games import RAZZ
from audiospoons.net.wire import WireError, decode_event
from audiospoons.razz.events import GameWon
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import CueMapper
from audiospoons.sound.razzcues import RazzCueMapper
from audiospoons.ui.player import CuePlayer
from audiospoons.voice.announcer import Announcer, Utterance, Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.razzannouncer import RazzAnnouncer
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.spoonnames import SpoonStyle


class Voice(Protocol):
    def announce(self, event: Event, listener: int | None) -> list[Utterance]: ...


class Sounds(Protocol):
    def cues(self, event: Event, listener: int | None) -> list[Cue]: ...


class Watcher:
    """One game of the room, watched."""

    def __init__(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, *, verbosity: Verbosity = Verbosity.BRIEF,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        names = [str(name) for name in started["players"]]
        self.speaker, self.sounds = speaker, sounds
        self.announcer: Voice
        self.mapper: Sounds
        self.last: type[Event]
        """The event that ends the game."""
        if started.get("game") == RAZZ:
            self.announcer = RazzAnnouncer(names, messages, verbosity=verbosity)
            self.mapper, self.last = RazzCueMapper(len(names)), GameWon
        else:
            options = Options.from_mapping(started["options"])
            # As at a seat: with no sound the first grab must be said.
            self.announcer = Announcer(names, messages, verbosity=verbosity,
                                       announce_phase2=options.announce_phase2 or sounds is None,
                                       set_size=options.set_size, spoon_style=spoon_style,
                                       signal=options.signal)
            self.mapper, self.last = CueMapper(len(names), signal=options.signal), GameOver
        self.over = False

    def on_message(self, message: dict[str, Any]) -> None:
        if message["kind"] != "event":
            return
        try:
            event = decode_event(message["event"])
        except WireError:
            return
        if self.sounds is not None:
            for cue in self.mapper.cues(event, None):
                self.sounds.play(cue)
        for said in self.announcer.announce(event, None):
            self.speaker.say(said)
        self.over = self.over or isinstance(event, self.last)
