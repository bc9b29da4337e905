"""A Slapjack seat at this keyboard: its keys (Space slaps, Enter turns a card, the status keys
say how things stand), against bots here or at a relay's table. A command is checked against
the game before it is sent where the game is here; online the relay checks it, and a refusal
comes back and is said the same way."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiospoons.bots.levels import Level
from audiospoons.bots.names import bot_names
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.games.slapjack.bots import SlapjackBot
from audiospoons.games.slapjack.keyboard.ears import SlapjackPlayer
from audiospoons.games.slapjack.keyboard.keys import (
    SLAPJACK_HELP_ORDER,
    SLAPJACK_KEYS,
    SLAPJACK_TELLING,
    SlapjackAction,
)
from audiospoons.games.slapjack.keyboard.optionitems import slapjack_options_text
from audiospoons.games.slapjack.keyboard.rulestext import rules_lines
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.events import SlapjackOver
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.games.slapjack.spec import SPEC
from audiospoons.net.client import RelayClient
from audiospoons.sound.cue import CuePlayer
from audiospoons.table import Table
from audiospoons.ui.controls import Control, game_controls
from audiospoons.ui.gamekeys import SharedAction, bound_action
from audiospoons.ui.keynames import moved_keys_text
from audiospoons.ui.localloop import LocalLoop
from audiospoons.ui.player import YOU, KeySource
from audiospoons.ui.relayseat import RelaySeat, without_pause
from audiospoons.ui.seatkeys import SharedKeys
from audiospoons.ui.tableview import TableView, status_cells
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

REFUSALS = {"jack-waiting": "slapjack.refused.jack", "not-your-turn": "slapjack.refused.turn",
            "no-cards": "slapjack.refused.nocards", "out": "slapjack.refused.out",
            "slapped": "slapjack.refused.slapped", "game-over": "slapjack.refused.over"}
"""What a refusal says, by its reason; any other is said as ``slapjack.refused``."""


SLAPJACK_TABLE = (SlapjackAction.WHOSE, SlapjackAction.PILE, SlapjackAction.CARDS,
                  SlapjackAction.COUNTS)
"""The status keys whose answers a screen shows as the table (``ui.tableview``)."""


def refusal_text(m: Messages, reason: str) -> str:
    return m.tr(REFUSALS.get(reason, "slapjack.refused"))


class SlapjackKeyboardSeat:
    """A player's keys at a Slapjack table: set up by the subclass."""

    me: int
    player: SlapjackPlayer
    options: SlapjackOptions
    messages: Messages
    speaker: Speaker
    sounds: CuePlayer | None
    rate_setter: Callable[[int], int | None] | None
    overrides: Mapping[str, str]
    bindings: dict[SlapjackAction | SharedAction, tuple[str, ...]]
    keys: dict[str, SlapjackAction | SharedAction]
    _show_rules: Callable[[Sequence[str], KeySource], bool]
    """Shift+F1: the rules read, the game waiting or not (``LocalLoop``, ``RelaySeat``)."""

    def _set_keys(self, overrides: Mapping[str, str] | None) -> None:
        self.overrides = dict(overrides or {})
        self.bindings = SLAPJACK_KEYS.bindings(overrides)
        self.keys = SLAPJACK_KEYS.keymap(overrides)

    def _verify(self) -> Callable[[Command], None] | None:
        """The game's check of a command before it is sent, where the game is here."""
        return None

    def _reach(self, at: float) -> None:
        """Everything due before a key pressed at ``at`` happens first."""

    def _pause(self, keys: KeySource) -> bool:
        """Escape: False when the player leaves the game."""
        raise NotImplementedError

    def _submit(self, command: Command, at: float) -> bool:
        raise NotImplementedError

    def _help_text(self) -> str:
        """F1: the keys (as the player moved them), ending with what Escape does here."""
        if not self.overrides:
            m = self.messages
            return " ".join((m.tr("slapjack.help"), m.tr("help.game.rules")))
        return moved_keys_text(self.bindings, SLAPJACK_HELP_ORDER, SLAPJACK_KEYS.name_ids,
                               self.messages)

    def _controls(self) -> tuple[Control, ...]:
        """The keys to touch: the slap first, the status keys with those that tell."""
        return game_controls(self.bindings, SLAPJACK_HELP_ORDER, SLAPJACK_KEYS.name_ids,
                             self.messages,
                             race=SlapjackAction.SLAP, telling=SLAPJACK_TELLING)

    def _table_view(self) -> TableView:
        """The status keys' answers."""
        return TableView(self.messages.tr("game.name.slapjack"),
                         status_cells(self._answers(), SLAPJACK_TABLE, SLAPJACK_KEYS.name_ids,
                                      self.messages))

    def _on_key(self, label: str, at: float, keys: KeySource) -> bool:
        """Act on one key; False when the player quits the game."""
        self.speaker.interrupt()
        self._reach(at)
        action = bound_action(self.keys, label)
        if isinstance(action, SharedAction):
            return self._shared().press(
                action, help_text=self._help_text, pause=lambda: self._pause(keys),
                rules=lambda: self._show_rules(rules_lines(self.options, self.messages), keys))
        if action is SlapjackAction.SLAP:
            self._send(Slap(self.me), at)
        elif action is SlapjackAction.TURN:
            self._send(Turn(self.me), at)
        elif action is not None:
            answer = self._answers().get(action)
            if answer is not None:
                self.speaker.review(answer())
        return True

    def _shared(self) -> SharedKeys:
        return SharedKeys(self.speaker, self.sounds, self.messages, self.rate_setter)

    def _adjusts(self, label: str) -> bool:
        """A key of the sound volume or the speech rate changes it (True), even paused."""
        return self._shared().adjust(bound_action(self.keys, label))

    def _send(self, command: Command, at: float) -> None:
        verify = self._verify()
        if verify is not None:
            try:
                verify(command)
            except RulesError as error:
                self.player.say_text(refusal_text(self.messages, error.reason))
                return
        self._submit(command, at)

    def _answers(self) -> dict[SlapjackAction, Callable[[], str | None]]:
        player = self.player
        return {
            SlapjackAction.CARDS: player.cards_text,
            SlapjackAction.PILE: player.pile_text,
            SlapjackAction.WHOSE: player.whose_text,
            SlapjackAction.COUNTS: player.counts_text,
            SlapjackAction.OPTIONS: lambda: slapjack_options_text(self.options, self.messages),
        }


class LocalSlapjackGame(LocalLoop, SlapjackKeyboardSeat):
    """One game of Slapjack against bots at this keyboard."""

    settle_after = SPEC.settle_after
    settle_on_yours = SPEC.settle_on_yours
    waits_for_telling = SPEC.waits_for_telling

    def __init__(self, options: SlapjackOptions, players: int, messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *, seed: int | None = None,
                 verbosity: Verbosity = Verbosity.FULL,
                 key_overrides: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 bot_level: Any = None, pack: list[Any] | None = None) -> None:
        rng = random.Random(seed)
        names = [messages.tr("status.you"), *bot_names(players - 1, skip=1)]
        self.game = SlapjackGame(names, options, random.Random(rng.getrandbits(64)),
                                 dealer=rng.randrange(players), pack=pack)
        level = Level.NORMAL if bot_level is None else bot_level
        bots = [SlapjackBot(seat, options, random.Random(rng.getrandbits(64)), level)
                for seat in range(1, players)]
        self.table = Table(self.game, bots)
        self.me = YOU
        self.player = SlapjackPlayer(names, messages, speaker, sounds, verbosity)
        self.table.listeners.append(self.player)
        self.options = options
        self.messages, self.speaker, self.sounds = messages, speaker, sounds
        self.clock = clock
        self.rate_setter = rate_setter
        self._set_keys(key_overrides)

    def _ears(self) -> SlapjackPlayer:
        return self.player

    def _verify(self) -> Callable[[Command], None]:
        return self.game.verify

    def _refusal_text(self, reason: str) -> str:
        return refusal_text(self.messages, reason)


class RemoteSlapjackGame(RelaySeat, SlapjackKeyboardSeat):
    """One game of Slapjack in a relay's room, at this keyboard."""

    def __init__(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *,
                 verbosity: Verbosity = Verbosity.BRIEF,
                 key_overrides: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None) -> None:
        self.me = self._start_relay_seat(client, started, clock)
        names = [str(name) for name in started["players"]]
        self.options = SlapjackOptions.from_mapping(started["options"])
        self.player = SlapjackPlayer(names, messages, speaker, sounds, verbosity, seat=self.me)
        self.messages, self.speaker, self.sounds = messages, speaker, sounds
        self.rate_setter = rate_setter
        self._set_keys(key_overrides)

    def catch_up(self, told: Sequence[Event]) -> None:
        self.player.catch_up(told)

    def briefing(self) -> list[str]:
        """Where things stand, for a player back after a lost connection."""
        player = self.player
        return [player.cards_text(), player.pile_text(), player.whose_text()]

    def _submit(self, command: Command, at: float) -> bool:
        self.send_command(command, at)
        return True

    def _refused(self, command: Command, reason: str, message: str) -> None:
        self.player.say_text(refusal_text(self.messages, reason))

    def _pause(self, keys: KeySource) -> bool:
        return self.escape_to_leave()

    def _help_text(self) -> str:
        """F1: the game's keys (as the player moved them), chat, and Escape twice to leave."""
        if not self.overrides:
            m = self.messages
            return self.online_help(" ".join((m.tr("slapjack.help.online"),
                                              m.tr("help.game.rules"))))
        return self.online_help(moved_keys_text(without_pause(self.bindings),
                                                SLAPJACK_HELP_ORDER,
                                                SLAPJACK_KEYS.name_ids, self.messages))

    def _ears(self) -> SlapjackPlayer:
        return self.player

    def _ends_game(self, event: Event) -> bool:
        return isinstance(event, SlapjackOver)
