"""The keys of a classic Spoons seat: each press turned into a command for the table, or a line
of what the seat knows."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.games.spoons.keyboard.ears import LocalPlayer, spoon_number
from audiospoons.games.spoons.keyboard.helpkeys import (
    CLASSIC_TELLING,
    local_keys_text,
    moved_game_keys_text,
    used_actions,
)
from audiospoons.games.spoons.keyboard.keys import (
    CLASSIC_KEYS,
    SLOTS,
    ClassicAction,
    SpoonsAction,
    bindings,
)
from audiospoons.games.spoons.keyboard.optionitems import options_text
from audiospoons.games.spoons.keyboard.refusals import refusal_text
from audiospoons.games.spoons.keyboard.rulestext import rules_lines
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.commands import Draw, Feint, Grab, Pass, React, Signal, Take
from audiospoons.games.spoons.rules.events import ContestKind
from audiospoons.games.spoons.rules.options import DrawVariant, Grabbing, Options
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.controls import Control, game_controls
from audiospoons.ui.gamekeys import SharedAction, bound_action
from audiospoons.ui.keynames import keys_or_none, keys_text
from audiospoons.ui.pausekeys import pause_menu
from audiospoons.ui.player import KeySource, PastReactions
from audiospoons.ui.seatkeys import SharedKeys
from audiospoons.ui.tableview import TableView, status_cells
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

BEFORE_THE_CUE = frozenset({"cards-stopped", "fighting"})
"""Refusals whose usual words ("grab a spoon", "react to win it") would ask for a press, which
before the cue is too soon."""
AFTER_FALSE_START = frozenset({"cards-stopped", "fighting", "already-pressed"})
"""Refusals after a press too soon, while the fight goes on without the player."""
CLASSIC_TABLE = (SpoonsAction.HAND, SpoonsAction.SPOONS, SpoonsAction.PLAYERS, SpoonsAction.WAITING)
"""The status keys whose answers a screen shows as the table (``ui.tableview``)."""
ONE_SPOON = frozenset({ContestKind.FIGHT, ContestKind.SPOON})
"""Tests for a single spoon: whoever pressed too soon, while another still may press, has lost."""


def draw_key(options: Options, key_overrides: dict[str, str] | None,
             messages: Messages) -> str | None:
    """The key that draws, in words, as the player has it, where every player draws from the
    stock (the draw-pile game): nothing else tells a newcomer, since no card comes by itself.
    None where cards are passed along, or the key has been taken away."""
    if options.draw is not DrawVariant.DRAW:
        return None
    return keys_or_none(bindings(key_overrides)[SpoonsAction.PICK_UP], messages)


class KeyboardSeat:
    """A player's keys at a table: set up by the subclass, which gives ``send`` and
    ``resume_after``."""

    player: LocalPlayer
    messages: Messages
    speaker: Speaker
    sounds: CuePlayer | None
    keys: dict[str, ClassicAction]
    key_overrides: dict[str, str]
    clock: Callable[[], float]
    rate_setter: Callable[[int], int | None] | None
    record: PastReactions
    options: Options
    seats: int
    me: int
    _show_rules: Callable[[Sequence[str], KeySource], bool]
    """Shift+F1: the rules read, the game waiting or not (``LocalLoop``, ``RelaySeat``)."""

    def send(self, command: Command, at: float) -> None:
        """Apply ``command``, made at game time ``at``; a refusal raises ``RulesError`` (or is
        told later, through ``refused``)."""
        raise NotImplementedError

    def resume_after(self, paused: float) -> None:
        """The pause menu was open for ``paused`` seconds."""

    def _on_key(self, label: str, at: float, keys: KeySource) -> bool:
        """Act on one key; False when the player quits the game."""
        self.speaker.interrupt()
        spoon = spoon_number(label)
        if spoon is not None:
            numbered = self.options.grabbing is not Grabbing.REACTION
            self._submit(Grab(self.me, spoon if numbered else None), at)
            return True
        action = bound_action(self.keys, label)
        if action is None:
            return True
        if isinstance(action, SharedAction):
            return self._shared().press(
                action, help_text=self._help_text, pause=lambda: self._pause(keys),
                rules=lambda: self._show_rules(
                    rules_lines(self.options, self.seats, self.messages), keys))
        command = self._command(action)
        if command is not None:
            self._submit(command, at)
        else:
            self._ask(action)
        return True

    def _command(self, action: SpoonsAction) -> Command | None:
        view = self.player.view
        if action is SpoonsAction.SPACE:
            if view.test and self.me in view.test:
                return React(self.me)
            if self.options.signal:
                return Signal(self.me)
            return Grab(self.me, self.player.aimed_spoon(self.options.grabbing))
        if action is SpoonsAction.FEINT:
            return Feint(self.me)
        if action is SpoonsAction.PICK_UP:
            return Take(self.me)
        if action is SpoonsAction.DRAW:
            return Draw(self.me)
        if action is SpoonsAction.PASS and view.hand:
            return Pass(self.me, view.hand[self.player.cursor])
        if action in SLOTS:
            slot = SLOTS.index(action)
            if slot < len(view.hand):
                return Pass(self.me, view.hand[slot])
        return None

    def _submit(self, command: Command, at: float) -> bool:
        """Send ``command``; False when it is refused here (the reason said)."""
        try:
            self.send(command, at)
        except RulesError as error:
            self.refused(command, error)
            return False
        return True

    def refused(self, command: Command, error: RulesError) -> None:
        """Say why the game refused a command, in the player's words."""
        if isinstance(command, React) and error.reason == "no-test":
            return
        in_test = self._in_test_text(error.reason)
        if in_test is not None:
            self.player.say_text(in_test)
            return
        signal = self.options.signal
        if error.reason == "cards-stopped" and self.player.view.me.has_spoon:
            self.player.say_text(self.messages.tr("refused.cards-stopped.signal.safe")
                                 if signal else
                                 self.messages.tr("refused.cards-stopped.safe"))
            return
        self.player.say_text(refusal_text(self.messages, error, signal=signal))

    def _in_test_text(self, reason: str) -> str | None:
        """A key refused in a reaction test the player is in: before the cue, to wait for it
        (a press then would be too soon); after pressing too soon in a fight for one spoon,
        that the fight is lost. None where the usual words hold."""
        view, m = self.player.view, self.messages
        if not view.test:
            return None
        if view.jumped and view.test_kind in ONE_SPOON and reason in AFTER_FALSE_START:
            return m.tr("refused.fight-lost")
        if not view.cued and not view.jumped and reason in BEFORE_THE_CUE:
            return m.tr("refused.wait-cue",
                        key=keys_text(bindings(self.key_overrides)[SpoonsAction.SPACE], m))
        return None

    def _ask(self, action: SpoonsAction) -> None:
        """Keys that ask something, or change a setting, rather than play."""
        if action in (SpoonsAction.CURSOR_LEFT, SpoonsAction.CURSOR_RIGHT):
            self._move_cursor(-1 if action is SpoonsAction.CURSOR_LEFT else 1)
        elif action in (SpoonsAction.SPOON_NEXT, SpoonsAction.SPOON_PREVIOUS):
            self._move_spoon_focus(1 if action is SpoonsAction.SPOON_NEXT else -1)
        else:
            answer = self._answers().get(action)
            if answer is not None:
                self.speaker.review(answer())

    def _answers(self) -> dict[SpoonsAction, Callable[[], str | None]]:
        player, m = self.player, self.messages

        def no_card() -> str:
            return m.tr("refused.no-slot")

        answers: dict[SpoonsAction, Callable[[], str | None]] = {
            SpoonsAction.PASS: no_card,
            SpoonsAction.HAND: player.hand_text,
            SpoonsAction.SPOONS: lambda: player.spoons_text(self.options.grabbing),
            SpoonsAction.PLAYERS: player.players_text,
            SpoonsAction.WAITING: player.waiting_text,
            SpoonsAction.OPTIONS: self._options_text,
            SpoonsAction.REACTION: lambda: player.reaction_text(self.record),
        }
        answers.update(dict.fromkeys(SLOTS, no_card))
        return answers

    def _help_text(self) -> str:
        """The keys of this game with its options, in the usual words for the usual keys, or,
        once the player has moved some, each with the keys it has now."""
        if not self.key_overrides:
            return local_keys_text(self.options, self.seats, self.player.spoon_style,
                                   self.messages)
        return moved_game_keys_text(bindings(self.key_overrides), self.options, self.seats,
                                    self.player.spoon_style, self.messages)

    def _controls(self) -> tuple[Control, ...]:
        """The keys to touch: Space first, the status keys with those that tell."""
        return game_controls(bindings(self.key_overrides),
                             used_actions(self.options, self.player.spoon_style),
                             CLASSIC_KEYS.name_ids, self.messages,
                             race=SpoonsAction.SPACE, telling=CLASSIC_TELLING)

    def _table_view(self) -> TableView:
        """The status keys' answers, the card under the cursor after the hand."""
        return TableView(self.messages.tr("game.name.spoons"), status_cells(
            self._answers(), CLASSIC_TABLE, CLASSIC_KEYS.name_ids, self.messages,
            extra={SpoonsAction.HAND: self.player.cursor_text}))

    def _move_cursor(self, step: int) -> None:
        player = self.player
        if player.view.hand:
            player.cursor = min(max(player.cursor + step, 0), len(player.view.hand) - 1)
        self.speaker.review(player.cursor_text())

    def _move_spoon_focus(self, step: int) -> None:
        """Tab and Shift+Tab: through the colour menu, or a word on how spoons are chosen."""
        player, m = self.player, self.messages
        if self.options.signal:
            self.speaker.review(m.tr("refused.no-spoons"))
        elif self.options.grabbing is Grabbing.REACTION:
            self.speaker.review(m.tr("spoon.menu.none"))
        elif player.spoon_style is SpoonStyle.NUMBERS:
            self.speaker.review(m.tr("spoon.menu.numbers",
                                     count=len(player.view.spoon_slots.slots)))
        else:
            player.colours.move(step)
            self.speaker.review(player.colours.item_text(m))

    def _options_text(self) -> str:
        return options_text(self.options, self.seats, self.messages)

    def _pause(self, keys: KeySource) -> bool:
        """The game stops while the pause menu is open: the clock's time there is left out."""
        return pause_menu(self.speaker, self.messages, keys, self.clock, self.resume_after,
                          self._adjusts)

    def _shared(self) -> SharedKeys:
        return SharedKeys(self.speaker, self.sounds, self.messages, self.rate_setter)

    def _adjusts(self, label: str) -> bool:
        """A key of the sound volume or the speech rate changes it (True), even paused."""
        return self._shared().adjust(bound_action(self.keys, label))
