"""A game of Razz Spoons at this keyboard: you against bots, heard through speech and sound.

The loop is the classic game's (``ui.local``): it waits in the key reader until the next key or
the next thing the table has to do, whichever comes first, and a key's moment is when its
command happened. The keys are ``RazzKeyboardSeat``'s, checked against the game's ``verify``, so
that a refusal is said before anything is sent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import SpoonsError
from audiospoons.games.razz.bots import RazzBot
from audiospoons.games.razz.keys import PhraseQuestion, RazzAction, RazzKeys, Verify
from audiospoons.games.razz.player import RazzPlayer
from audiospoons.games.razz.refusals import razz_refusal_text
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.razz.seat import Asked, RazzKeyboardSeat
from audiospoons.simulate import bot_names
from audiospoons.sound.cue import Cue
from audiospoons.table import Table
from audiospoons.ui.keynames import keys_or_none
from audiospoons.ui.pausekeys import pause_menu
from audiospoons.ui.player import YOU, CuePlayer, GameResult, KeySource
from audiospoons.ui.textentry import TextField
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""


class LocalRazzGame(RazzKeyboardSeat):
    """One game of Razz Spoons: the table, the keyboard player and the loop joining them to the
    clock. ``first_deal`` and ``dealer`` set the cards and who deals (tests, practice)."""

    def __init__(self, options: RazzOptions, players: int, messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *, seed: int | None = None,
                 verbosity: Verbosity = Verbosity.FULL,
                 key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 first_deal: RazzDeal | None = None, dealer: int | None = None,
                 bot_level: Level = Level.NORMAL) -> None:
        rng = random.Random(seed)
        names = [messages.tr("status.you"), *bot_names(players - 1, skip=1)]
        drawn_dealer = rng.randrange(players)
        self.game = RazzGame(names, options, random.Random(rng.getrandbits(64)),
                             dealer=drawn_dealer if dealer is None else dealer,
                             first_deal=first_deal)
        bots = [RazzBot(seat, options, random.Random(rng.getrandbits(64)), bot_level)
                for seat in range(1, players)]
        self.table = Table(self.game, bots)
        self.keys = RazzKeys(options, key_overrides)
        self.player = RazzPlayer(names, messages, speaker, sounds, verbosity,
                                 phrase_key=keys_or_none(self.keys.bindings[RazzAction.PHRASE],
                                                         messages))
        self.table.listeners.append(self.player)
        self.options = options
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.clock = clock
        self.rate_setter = rate_setter
        self.question: Asked | None = None
        """A question a key asked, taking the keys until it is answered or left."""
        self.phrase: tuple[PhraseQuestion, TextField] | None = None
        """The dealer's phrase being typed."""
        self._start = 0.0
        self._stopped = False

    def now(self) -> float:
        """Game time: seconds of play since the deal, pauses left out."""
        return self.clock() - self._start

    def play(self, keys: KeySource) -> GameResult:
        """Play to the end, or until the player quits (``won`` is then None)."""
        self._start = self.clock()
        self.table.start()
        while True:
            self._catch_up()
            if self.table.over or self._stopped:
                break
            self._open_phrase()
            for key in keys.read(self._timeout()):
                if not self._on_key(key.label, key.at - self._start, keys):
                    return GameResult(None, [])
        return GameResult(YOU in self.player.view.winners, [])

    def stop(self) -> None:
        """End the game at the next turn of the loop, as if it were over."""
        self._stopped = True

    def _catch_up(self) -> None:
        """Everything due by now, then the countdown of your time limits."""
        now = self.now() + TIME_SLACK
        self.table.run_until(now)
        countdown = self.player.countdown
        for _ in countdown.due(now):
            self.player.play([Cue("tick")])
        countdown.set(self.game.deadline_for(YOU), now)

    def _timeout(self) -> float | None:
        wakeups = [t for t in (self.table.next_wakeup(), self.player.countdown.next_tick())
                   if t is not None]
        if not wakeups:
            return None
        return max(0.0, min(wakeups) - self.now())

    # ----------------------------------------------------------------- keys

    def _verify(self) -> Verify:
        return self.game.verify

    def _reach(self, at: float) -> None:
        if at > self.game.now:
            self.table.run_until(at)

    def _submit(self, command: Command, at: float) -> bool:
        try:
            self.table.submit(command, at)
        except SpoonsError as error:
            self.player.say_text(razz_refusal_text(self.messages, error.reason))
            return False
        return True

    # ----------------------------------------------------------------- the pause menu

    def _pause(self, keys: KeySource) -> bool:
        """The game stops while the pause menu is open: the clock's time there is left out.
        False when the player quits."""
        return pause_menu(self.speaker, self.messages, keys, self.clock, self._resume_after)

    def _resume_after(self, paused: float) -> None:
        self._start += paused
