"""A game at this keyboard: you against bots, heard through speech and sound.

The loop waits in the key reader until the next key or the next thing the table has to do,
whichever comes first; each key carries the moment it was read, and that moment is when the
command happened. Nothing polls.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from audiospoons.bots.levels import Level, Pace
from audiospoons.bots.simple import make_bot
from audiospoons.engine.commands import Command
from audiospoons.engine.game import ClassicGame, Deal, Phase
from audiospoons.engine.options import Options
from audiospoons.simulate import bot_names
from audiospoons.sound.cue import Cue
from audiospoons.table import Table
from audiospoons.ui.gamekeys import keymap
from audiospoons.ui.player import (
    YOU,
    CuePlayer,
    GameResult,
    KeySource,
    LocalPlayer,
    ReactionRecord,
)
from audiospoons.ui.seatkeys import KeyboardSeat
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.spoonnames import SpoonStyle

TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""


class LocalGame(KeyboardSeat):
    """One game: the table, the keyboard player and the loop that joins them to the clock."""

    def __init__(self, options: Options, players: int, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, *, seed: int | None = None,
                 verbosity: Verbosity = Verbosity.FULL, key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 first_deal: Deal | None = None, bot_pace: Pace | None = None,
                 one_round: bool = False, bot_level: Level = Level.NORMAL,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        """``first_deal``, ``bot_pace`` and ``one_round`` set up a practice round: the cards
        dealt, bots that play cards slowly, and an end when the round does."""
        rng = random.Random(seed)
        names = [messages.tr("status.you"), *bot_names(players - 1, skip=1)]
        dealer = rng.randrange(players)
        self.game = ClassicGame(names, options, random.Random(rng.getrandbits(64)),
                                dealer=0 if first_deal is not None else dealer,
                                first_deal=first_deal)
        bots = [make_bot(seat, options, random.Random(rng.getrandbits(64)), bot_level, bot_pace)
                for seat in range(1, players)]
        self.one_round = one_round
        self._stopped = False
        self.table = Table(self.game, bots)
        self.player = LocalPlayer(names, options, messages, speaker, sounds, verbosity,
                                  spoon_style, random.Random(rng.getrandbits(64)))
        self.table.listeners.append(self.player)
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.keys = keymap(key_overrides)
        self.key_overrides = dict(key_overrides or {})
        self.clock = clock
        self.rate_setter = rate_setter
        self.record = ReactionRecord()
        self.options = options
        self.seats = players
        self.me = YOU
        self._start = 0.0

    def now(self) -> float:
        """Game time: seconds of play since the deal, pauses left out."""
        return self.clock() - self._start

    def play(self, keys: KeySource) -> GameResult:
        """Play to the end, or until the player quits."""
        self._start = self.clock()
        self.table.start()
        while True:
            self._catch_up()
            if self.table.over or self._stopped or (
                    self.one_round and self.game.phase is Phase.BETWEEN_ROUNDS):
                break
            keys_read = keys.read(self._timeout())
            for key in keys_read:
                if not self._on_key(key.label, key.at - self._start, keys):
                    return GameResult(None, self.player.view.reaction_times)
        view = self.player.view
        won = view.me.has_spoon if self.one_round else YOU in view.winners
        return GameResult(won, view.reaction_times)

    def stop(self) -> None:
        """End the game at the next turn of the loop, as if it were over."""
        self._stopped = True

    def _catch_up(self) -> None:
        """Everything due by now, then the countdown of your time limit."""
        now = self.now() + TIME_SLACK
        self.table.run_until(now)
        for _ in self.player.countdown.due(now):
            self.player.play([Cue("tick")])
        self.player.countdown.set(self.game.limit_deadline(YOU), now)

    def _timeout(self) -> float | None:
        wakeups = [t for t in (self.table.next_wakeup(), self.player.countdown.next_tick())
                   if t is not None]
        if not wakeups:
            return None
        return max(0.0, min(wakeups) - self.now())

    # ----------------------------------------------------------------- keys

    def send(self, command: Command, at: float) -> None:
        self.table.submit(command, at)

    def resume_after(self, paused: float) -> None:
        """The game stops while the pause menu is open: the clock's time there is left out."""
        self._start += paused
