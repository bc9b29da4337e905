"""A game at this keyboard: you against bots, heard through speech and sound.

The loop is every local game's (``ui.localloop``): it waits in the key reader until the next key
or the next thing the table has to do, whichever comes first; each key carries the moment it was
read, and that moment is when the command happened. Nothing polls.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from audiospoons.bots.levels import BotPace, Level
from audiospoons.bots.names import bot_names
from audiospoons.engine.commands import Command
from audiospoons.games.spoons.bots import make_bot
from audiospoons.games.spoons.keyboard.ears import LocalPlayer
from audiospoons.games.spoons.keyboard.keys import keymap
from audiospoons.games.spoons.keyboard.seatkeys import KeyboardSeat, draw_key
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.seat import Phase
from audiospoons.games.spoons.spec import SPEC
from audiospoons.sound.cue import CuePlayer
from audiospoons.table import Table
from audiospoons.ui.localloop import LocalLoop
from audiospoons.ui.player import YOU, GameResult, PastReactions
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class LocalGame(KeyboardSeat, LocalLoop):
    """One game: the table, the keyboard player and the loop that joins them to the clock."""

    settle_after = SPEC.settle_after
    waits_for_telling = SPEC.waits_for_telling

    game: ClassicGame

    def __init__(self, options: Options, players: int, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, *, seed: int | None = None,
                 verbosity: Verbosity = Verbosity.FULL, key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 first_deal: Deal | None = None, bot_pace: BotPace | None = None,
                 one_round: bool = False, bot_level: Level = Level.NORMAL,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS, draw_hint: bool = True) -> None:
        """``first_deal``, ``bot_pace`` and ``one_round`` set up a practice round: the cards
        dealt, bots that play cards slowly, and an end when the round does. ``draw_hint``:
        the first round's opening says the key that draws, where the player must draw (a
        practice round whose guide says it, with the card to draw, turns it off)."""
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
                                  spoon_style, random.Random(rng.getrandbits(64)),
                                  draw_key=draw_key(options, key_overrides, messages)
                                  if draw_hint else None)
        self.table.listeners.append(self.player)
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.keys = keymap(key_overrides)
        self.key_overrides = dict(key_overrides or {})
        self.clock = clock
        self.rate_setter = rate_setter
        self.record = PastReactions()
        self.options = options
        self.seats = players
        self.me = YOU
        self._start = 0.0

    def _finished(self) -> bool:
        return self.one_round and self.game.phase is Phase.BETWEEN_ROUNDS

    def _result(self, *, quit: bool) -> GameResult:
        view = self.player.view
        if quit:
            return GameResult(None, view.reaction_times)
        return GameResult(view.me.has_spoon if self.one_round else YOU in view.winners,
                          view.reaction_times)

    def _ears(self) -> LocalPlayer:
        return self.player
    # ----------------------------------------------------------------- keys

    def send(self, command: Command, at: float) -> None:
        self.table.submit(command, at)

    def resume_after(self, paused: float) -> None:
        """The game stops while the pause menu is open: the clock's time there is left out."""
        self._start += paused
