"""A game of Razz Spoons in a relay's room, at this keyboard: the keys and ears of a local game,
the table the relay's.

Nothing is checked here before it is sent (the game is on the relay); a refusal comes back and
is said as a local one is. The dealer's phrase field opens when the relay's game asks for the
phrase, closes when the phrase is sent, and opens again if the relay refuses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.razz.keyboard.ears import RazzPlayer
from audiospoons.games.razz.keyboard.keys import RAZZ_HELP_ORDER, RAZZ_KEYS, RazzAction, RazzKeys
from audiospoons.games.razz.keyboard.refusals import razz_refusal_text
from audiospoons.games.razz.keyboard.seatkeys import RazzKeyboardSeat
from audiospoons.games.razz.rules.commands import ChoosePhrase
from audiospoons.games.razz.rules.events import GameWon
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.keynames import keys_or_none, moved_keys_text
from audiospoons.ui.player import KeySource
from audiospoons.ui.relayseat import RelaySeat, without_pause
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class RemoteRazzGame(RelaySeat, RazzKeyboardSeat):
    """One game of Razz Spoons in the room, at this keyboard."""

    def __init__(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *,
                 verbosity: Verbosity = Verbosity.BRIEF,
                 key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None) -> None:
        self.me = self._start_relay_seat(client, started, clock)
        names = [str(name) for name in started["players"]]
        self.options = RazzOptions.from_mapping(started["options"])
        self.keys = RazzKeys(self.options, key_overrides)
        self.player = RazzPlayer(names, messages, speaker, sounds, verbosity, seat=self.me,
                                 phrase_key=keys_or_none(self.keys.bindings[RazzAction.PHRASE],
                                                         messages))
        self.messages, self.speaker, self.sounds = messages, speaker, sounds
        self.rate_setter = rate_setter
        self.question = None
        self.phrase = None
        self._phrase_sent = False

    def on_message(self, message: dict[str, Any]) -> None:
        super().on_message(message)
        self._open_phrase()

    def catch_up(self, told: Sequence[Event]) -> None:
        self.player.catch_up(told)

    def briefing(self) -> list[str]:
        """Where things stand, for a player back after a lost connection."""
        m, player, view = self.messages, self.player, self.player.view
        if not view.in_round:
            return [m.tr("online.back.between"), player.counts_text()]
        return [m.tr("online.back", round=view.round), player.hand_text(), player.top_text(),
                player.turn_text(), player.counts_text()]

    def _open_phrase(self) -> None:
        if not self._phrase_sent:
            super()._open_phrase()

    def _submit(self, command: Command, at: float) -> bool:
        self.send_command(command, at)
        if isinstance(command, ChoosePhrase):
            self._phrase_sent = True
        return True

    def _refused(self, command: Command, reason: str, message: str) -> None:
        self.player.say_text(razz_refusal_text(self.messages, reason))
        if isinstance(command, ChoosePhrase):
            self._phrase_sent = False
            self._open_phrase()

    def _pause(self, keys: KeySource) -> bool:
        return self.escape_to_leave()

    def _help_text(self) -> str:
        """F1: the game's keys (as the player moved them), chat, and Escape twice to leave."""
        if not self.keys.overrides:
            m = self.messages
            return self.online_help(" ".join((m.tr("razz.help.online"),
                                              m.tr("help.game.rules"))))
        return self.online_help(moved_keys_text(without_pause(self.keys.bindings),
                                                RAZZ_HELP_ORDER, RAZZ_KEYS.name_ids,
                                                self.messages))

    @property
    def typing(self) -> bool:
        """The dealer's phrase field is open."""
        return self.phrase is not None

    def _phrase_about(self) -> str:
        return self.messages.tr("razz.phrase.field.about.online")

    def _phrase_help(self) -> str:
        return self.messages.tr("razz.phrase.field.help.online")

    def _ears(self) -> RazzPlayer:
        return self.player

    def _ends_game(self, event: Event) -> bool:
        return isinstance(event, GameWon)
