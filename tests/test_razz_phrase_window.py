"""The time to say the phrase starts once the call to say it has been said: at the keyboard the
game's clock stands still while the player is told they owe it, so a reader still saying the
razz and the call does not eat the window; and the call is said before the razz's longer
line."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fakes import Clock, Lines, Pressed

from audiospoons.engine.cards import Card
from audiospoons.games.razz.keyboard.announcer import RazzAnnouncer
from audiospoons.games.razz.keyboard.local import LocalRazzGame
from audiospoons.games.razz.rules.commands import ChoosePhrase, PlayCard, Razz, SayPhrase
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.linequeue import SpeechQueue, reader_seconds
from audiospoons.voice.speaker import Speaker

TELLING = 4.0
"""How long the reader takes to say the race's end and the call to say the phrase."""
JACK_HAND = (Card("3", "C"), Card("4", "C"), Card("J", "H"))


class SlowReader(Speaker):
    """A speaker whose reader takes ``TELLING`` seconds over the call to say the phrase."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(Lines(), clock=clock)
        self.until: float | None = None

    def say(self, utterance: Utterance) -> None:
        super().say(utterance)
        if utterance.text.startswith("Say the phrase"):
            self.until = self.clock() + TELLING

    def told_at(self, *, asides: bool = True) -> float | None:
        return self.until if self.until is not None and self.clock() < self.until else None


class Keys:
    """Once it is your turn, plays your Jack and grabs no spoon (Up, Enter: the bots take both,
    and the phrase is owed), lets ``wait`` seconds go by once it is owed, presses P, then
    quits."""

    def __init__(self, clock: Clock, wait: float) -> None:
        self.clock = clock
        self.game: LocalRazzGame | None = None
        self.script = ["up", "enter", f"~{wait}", "p", "escape", "q", "y"]
        self.waiting = 0.0

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        assert self.game is not None
        view = self.game.player.view
        label = self.script[0]
        if label.startswith("~") and (self.waiting or view.owes()):
            self.waiting = self.waiting or float(label[1:])
            step = self.waiting if timeout is None else min(timeout, self.waiting)
            self.clock.now += step
            self.waiting -= step
            if self.waiting <= 1e-9:
                self.script.pop(0)
            return []
        if label.startswith("~") or (len(self.script) == 7 and view.to_act() != view.seat):
            assert timeout is not None
            self.clock.now += timeout
            return []
        self.script.pop(0)
        self.clock.now += 0.1
        return [Pressed(label, self.clock.now)]


def phrase_after(wait: float) -> tuple[list[object], list[str]]:
    """Your commands, and what you were told, when P comes ``wait`` seconds after the race for
    the spoons is lost."""
    clock = Clock()
    speaker = SlowReader(clock)
    game = LocalRazzGame(RazzOptions(), 3, messages("en"), speaker, None, seed=7, clock=clock,
                         first_deal=RazzDeal(hands={0: JACK_HAND}, starter=Card("5", "H")),
                         dealer=2)
    keys = Keys(clock, wait)
    keys.game = game
    game.play(keys)
    assert isinstance(speaker.output, Lines)
    return [command for _, command in game.table.log if command.seat == 0], speaker.output.spoken


def test_the_window_opens_when_the_call_has_been_said() -> None:
    commands, spoken = phrase_after(TELLING + 2.5)
    assert commands == [PlayCard(0, Card("J", "H")), SayPhrase(0)]
    assert "Too late: the time to say the phrase is over." not in spoken


def test_the_window_still_closes_its_length_after_the_call() -> None:
    commands, spoken = phrase_after(TELLING + 3.5)
    assert commands == [PlayCard(0, Card("J", "H"))]
    assert "Too late: the time to say the phrase is over." in spoken


def test_the_call_to_say_the_phrase_is_said_before_the_razz_that_makes_you_owe_it() -> None:
    """Razzed rightly, you are first told to say the phrase, then why, then your card: the call
    is not left waiting behind the razz's longer line."""
    game = RazzGame(["Ann", "Bob", "Cat"], RazzOptions(), random.Random(5), 2,
                    RazzDeal({0: (Card("3", "H"), Card("4", "C")), 1: (Card("5", "H"),
                                                                      Card("6", "C"))},
                             Card("7", "H"), (Card("2", "S"), Card("3", "S"))))
    game.start()
    game.handle(ChoosePhrase(2, "Doh!"), 0.0)
    game.handle(PlayCard(0, Card("3", "H")), 1.0)
    game.handle(PlayCard(1, Card("5", "H")), 3.5)
    announcer = RazzAnnouncer(["Ann", "Bob", "Cat"], messages("en"),
                              verbosity=Verbosity.BRIEF, phrase_key="P")
    queue = SpeechQueue(lambda text: reader_seconds(text, 175))
    for event in game.handle(Razz(2, 0), 4.0):
        seen = event.seen_by(0)
        for said in announcer.announce(seen, 0) if seen is not None else ():
            queue.add(said, 4.0)
    told: list[str] = []
    now = 4.0
    while (due := queue.next_at(now)) is not None:
        now = due
        handout = queue.take(now)
        if handout is not None:
            told.append(handout.text)
    assert told == ["Say the phrase! Press P.",
                    "Cat razzes you, rightly, for not announcing the last card.",
                    "You draw the two of spades, and have 2."]
