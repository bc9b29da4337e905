"""The demonstration round: an unscored, guided round that teaches the switch from cards to
spoons. You hold three queens and a five; the fourth queen is on top of the stock. Draw it, pass
the five, grab a spoon, and hear the others reach for theirs."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from audiospoons.bots.levels import BotPace
from audiospoons.engine.cards import parse_card
from audiospoons.engine.events import Event
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    RoundEnded,
    SetHeld,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.optionitems import seconds
from audiospoons.ui.player import YOU, KeySource
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

HANDS = {
    YOU: ("QH", "QC", "QD", "5S"),
    1: ("2H", "7C", "9D", "KS"),
    2: ("3C", "8H", "JD", "AS"),
    3: ("4D", "6S", "10C", "2C"),
}
STOCK_TOP = ("QS",)
SLOW_CARDS = BotPace(card_mean=120.0, card_spread=1.0)
"""The bots hold their cards while you learn, but reach for the spoons as fast as ever."""


def demonstration_deal() -> Deal:
    return Deal({seat: tuple(parse_card(c) for c in cards) for seat, cards in HANDS.items()},
                tuple(parse_card(c) for c in STOCK_TOP))


class Guide:
    """Says what to do next, after the game has said what happened; and how fast the player
    grabbed, from the word to grab (or from their set, if they grabbed before passing)."""

    def __init__(self, messages: Messages, speaker: Speaker, game: LocalGame) -> None:
        self.seat: int | None = YOU
        self.messages = messages
        self.speaker = speaker
        self.game = game
        self._asked_at: float | None = None
        """When the player could grab and was told to: their set, then the five passed."""

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, SetHeld | CardPassed) and event.seat == YOU:
                self._asked_at = event.at
            if (isinstance(event, SpoonGrabbed) and event.seat == YOU
                    and self._asked_at is not None):
                self.speaker.say(Utterance(self._timed(event.at - self._asked_at)))
            msgid = self._prompt(event)
            if msgid is not None:
                self.speaker.say(Utterance(self.messages.tr(msgid)))
            if msgid == "demo.lost":
                self.game.stop()

    def _timed(self, taken: float) -> str:
        """The time from the word to grab, if it was a reaction: no longer than a press after
        react now still counts (the option ``react_timeout``); else that it was longer."""
        limit = self.game.options.react_timeout
        if taken > limit:
            return self.messages.tr("demo.slow", seconds=seconds(self.messages, limit))
        return self.messages.tr("reaction.time", ms=round(taken * 1000))

    def _prompt(self, event: Event) -> str | None:
        if isinstance(event, CardsDealt):
            return "demo.intro"
        if isinstance(event, CardTaken) and event.seat == YOU:
            return "demo.pass"
        if isinstance(event, CardPassed) and event.seat == YOU:
            if event.card is not None and event.card.rank == "Q":
                return "demo.lost"
            return "demo.grab"
        if isinstance(event, SpoonGrabbed) and event.seat == YOU:
            return "demo.listen"
        if isinstance(event, RoundEnded):
            return "demo.done"
        return None


def play_demonstration(messages: Messages, speaker: Speaker, mixer: CuePlayer | None,
                       keys: KeySource, clock: Callable[[], float] = time.monotonic) -> bool:
    """Play the demonstration round; False if the player left it."""
    options = Options.from_mapping({"grab_time_limit": 0, "round_pause": 1})
    game = LocalGame(options, len(HANDS), messages, speaker, mixer, seed=4,
                     first_deal=demonstration_deal(), bot_pace=SLOW_CARDS, one_round=True,
                     draw_hint=False, clock=clock)
    game.player.time_reactions = False
    game.table.listeners.append(Guide(messages, speaker, game))
    return game.play(keys).won is not None
