"""One game of classic Spoons at a relay's table, at this keyboard: the same ears (``LocalPlayer``)
and keys (``KeyboardSeat``) as a local game; the table is the relay's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.keyboard.ears import LocalPlayer
from audiospoons.games.spoons.keyboard.helpkeys import game_keys_text, moved_game_keys_text
from audiospoons.games.spoons.keyboard.keys import bindings, keymap
from audiospoons.games.spoons.keyboard.seatkeys import KeyboardSeat, draw_key
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.events import GameOver
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import KeySource, PastReactions
from audiospoons.ui.relayseat import RelaySeat, without_pause
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class RemoteGame(RelaySeat, KeyboardSeat):
    """One game of classic Spoons in the room, at this keyboard."""

    def __init__(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *,
                 verbosity: Verbosity = Verbosity.BRIEF,
                 key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        self.me = self._start_relay_seat(client, started, clock)
        names: list[str] = list(started["players"])
        self.options = Options.from_mapping(started["options"])
        self.seats = len(names)
        self.player = LocalPlayer(names, self.options, messages, speaker, sounds, verbosity,
                                  spoon_style, random.Random(), seat=self.me,
                                  draw_key=draw_key(self.options, key_overrides, messages))
        self.messages, self.speaker, self.sounds = messages, speaker, sounds
        self.keys = keymap(key_overrides)
        self.key_overrides = dict(key_overrides or {})
        self.rate_setter = rate_setter
        self.record = PastReactions()

    def briefing(self) -> list[str]:
        player, view = self.player, self.player.view
        said = [self.messages.tr("online.back", round=view.round) if view.playing
                else self.messages.tr("online.back.between")]
        if view.playing:
            said += [player.hand_text(), player.spoons_text(self.options.grabbing)]
        return [*said, player.players_text()]

    def catch_up(self, told: Sequence[Event]) -> None:
        self.player.catch_up(told)

    def send(self, command: Command, at: float) -> None:
        self.send_command(command, at)

    def resume_after(self, paused: float) -> None:
        """The relay's game does not stop: nothing to shift."""

    def _pause(self, keys: KeySource) -> bool:
        return self.escape_to_leave()

    def _help_text(self) -> str:
        """F1: the game's keys (as the player moved them), chat, and Escape twice to leave."""
        if not self.key_overrides:
            return self.online_help(game_keys_text(self.options, self.seats,
                                                   self.player.spoon_style, self.messages))
        return self.online_help(moved_game_keys_text(
            without_pause(bindings(self.key_overrides)), self.options, self.seats,
            self.player.spoon_style, self.messages))

    def _ears(self) -> LocalPlayer:
        return self.player

    def _ends_game(self, event: Event) -> bool:
        return isinstance(event, GameOver)

    def _refused(self, command: Command, reason: str, message: str) -> None:
        self.refused(command, NotAllowedNow(message, reason=reason))
