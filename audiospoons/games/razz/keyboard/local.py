"""A game of Razz Spoons at this keyboard: you against bots, heard through speech and sound.

The loop is every local game's (``ui.localloop``): it waits in the key reader until the next key
or the next thing the table has to do, whichever comes first, and a key's moment is when its
command happened. The keys are ``RazzKeyboardSeat``'s, checked against the game's ``verify``, so
that a refusal is said before anything is sent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from audiospoons.bots.levels import Level
from audiospoons.bots.names import bot_names
from audiospoons.games.razz.bots import RazzBot
from audiospoons.games.razz.keyboard.ears import RazzPlayer
from audiospoons.games.razz.keyboard.keys import PhraseQuestion, RazzAction, RazzKeys, Verify
from audiospoons.games.razz.keyboard.refusals import razz_refusal_text
from audiospoons.games.razz.keyboard.seatkeys import Asked, RazzKeyboardSeat
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.razz.spec import SPEC
from audiospoons.sound.cue import CuePlayer
from audiospoons.table import Table
from audiospoons.ui.keynames import keys_or_none
from audiospoons.ui.localloop import LocalLoop
from audiospoons.ui.textentry import TextField
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""


class LocalRazzGame(LocalLoop, RazzKeyboardSeat):
    """One game of Razz Spoons: the table, the keyboard player and the loop joining them to the
    clock. ``first_deal`` and ``dealer`` set the cards and who deals (tests, practice)."""

    settle_after = SPEC.settle_after
    settle_on_yours = SPEC.settle_on_yours
    waits_for_telling = SPEC.waits_for_telling

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

    # ----------------------------------------------------------------- keys

    def _verify(self) -> Verify:
        return self.game.verify

    def _refusal_text(self, reason: str) -> str:
        return razz_refusal_text(self.messages, reason)

    def _before_keys(self) -> None:
        self._open_phrase()

    def _ears(self) -> RazzPlayer:
        return self.player
