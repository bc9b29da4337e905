"""The keys of a Razz Spoons seat at this keyboard, local or online: what each key does, the
questions a key asks (whom a King sends its cards to, the suit an Eight names, whom to razz),
and the field where the dealer types the Razzing Phrase. Pure of where the game runs: a
subclass sends the commands (to the local table, or to the relay), may check them first
(``_verify``), and says what Escape does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiospoons.engine.commands import Command
from audiospoons.games.razz.keyboard.ears import RazzPlayer
from audiospoons.games.razz.keyboard.keys import (
    RAZZ_HELP_ORDER,
    RAZZ_KEYS,
    RAZZ_TELLING,
    Cancelled,
    CursorAt,
    PhraseQuestion,
    QuestionKind,
    RazzAction,
    RazzKeys,
    Refused,
    SeatQuestion,
    SuitQuestion,
    Tell,
    Verify,
)
from audiospoons.games.razz.keyboard.optionitems import razz_options_text
from audiospoons.games.razz.keyboard.refusals import razz_refusal_text
from audiospoons.games.razz.keyboard.rulestext import rules_lines
from audiospoons.games.razz.keyboard.status import suit_word
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.phrase import PHRASE_LENGTH
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.controls import Control, game_controls
from audiospoons.ui.gamekeys import SharedAction, bound_action
from audiospoons.ui.keynames import moved_keys_text
from audiospoons.ui.player import KeySource
from audiospoons.ui.seatkeys import SharedKeys
from audiospoons.ui.tableview import TableView, status_cells
from audiospoons.ui.textentry import TextField
from audiospoons.voice.announcer import sentences_started
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

Asked = SeatQuestion | SuitQuestion
RAZZ_TABLE = (RazzAction.TURN, RazzAction.TOP, RazzAction.HAND, RazzAction.COUNTS,
              RazzAction.SCORES)
"""The status keys whose answers a screen shows as the table (``ui.tableview``)."""


class RazzKeyboardSeat:
    """A player's keys at a Razz Spoons table: set up by the subclass."""

    player: RazzPlayer
    options: RazzOptions
    messages: Messages
    speaker: Speaker
    sounds: CuePlayer | None
    keys: RazzKeys
    rate_setter: Callable[[int], int | None] | None
    question: Asked | None
    """A question a key asked, taking the keys until it is answered or left."""
    phrase: tuple[PhraseQuestion, TextField] | None
    """The dealer's phrase being typed."""
    _show_rules: Callable[[Sequence[str], KeySource], bool]
    """Shift+F1: the rules read, the game waiting or not (``LocalLoop``, ``RelaySeat``)."""

    def _seats(self) -> int:
        """How many players the table seats."""
        return len(self.player.status.players)

    def _verify(self) -> Verify | None:
        """The game's check of a command before it is sent, where the game is here."""
        return None

    def _reach(self, at: float) -> None:
        """Everything due before a key pressed at ``at`` happens first."""

    def _pause(self, keys: KeySource) -> bool:
        """Escape: False when the player leaves the game."""
        raise NotImplementedError

    def _help_text(self) -> str:
        """F1: the keys, ending with what Escape does here."""
        m = self.messages
        return self._moved_keys_text() or " ".join((m.tr("razz.help"), m.tr("help.game.rules")))

    def _controls(self) -> tuple[Control, ...]:
        """The keys to touch: Space's grab first, the status keys with those that tell."""
        return game_controls(self.keys.bindings, RAZZ_HELP_ORDER, RAZZ_KEYS.name_ids,
                             self.messages,
                             race=RazzAction.GRAB, telling=RAZZ_TELLING)

    def _table_view(self) -> TableView:
        """The status keys' answers, the card under the cursor after the hand."""
        def cursor() -> str:
            return self.player.cursor_text(self.keys.cursor_at(self.player.view))

        return TableView(self.messages.tr("game.name.razz"), status_cells(
            self._answers(), RAZZ_TABLE, RAZZ_KEYS.name_ids, self.messages,
            extra={RazzAction.HAND: cursor}))

    def _moved_keys_text(self) -> str | None:
        """Once the player has moved some keys: each action, in the order of play, with the keys
        it has now."""
        if not self.keys.overrides:
            return None
        return moved_keys_text(self.keys.bindings, RAZZ_HELP_ORDER, RAZZ_KEYS.name_ids,
                               self.messages)

    def _phrase_about(self) -> str:
        return self.messages.tr("razz.phrase.field.about")

    def _phrase_help(self) -> str:
        """F1 in the phrase field: its keys, and what Escape does here."""
        return self.messages.tr("razz.phrase.field.help")

    def _open_phrase(self) -> None:
        """The game waits for you to choose the phrase: the field opens, once; it closes if
        the game chose the phrase for you, your time having run out."""
        if self.phrase is not None:
            if self.player.view.phrase is not None:
                self.phrase = None
            return
        asked = self.keys.opening_question(self.player.view)
        if asked is None:
            return
        m = self.messages
        field = TextField(m.tr("razz.phrase.field"), m, max_length=PHRASE_LENGTH,
                          description=self._phrase_about())
        self.phrase = asked, field
        self.player.say_text(field.opening())

    # ----------------------------------------------------------------- keys

    def _on_key(self, label: str, at: float, keys: KeySource) -> bool:
        """Act on one key; False when the player quits the game."""
        self.speaker.interrupt()
        self._reach(at)
        self._open_phrase()
        if self.phrase is not None:
            return self._type(label, at, keys)
        if self.question is not None:
            answer = self.question.press(label, self._verify())
            if answer is not None:
                self._answer(answer, at)
                return True
        outcome = self.keys.press(label, self.player.view, self._verify())
        if outcome is None:
            return True
        if isinstance(outcome, Tell):
            return self._tell(outcome.action, keys)
        # A status key keeps a question open, and so does a key refused (its reason is said);
        # any other key leaves the question, saying so, and does what it does.
        asked = self.question
        if asked is not None and isinstance(outcome, Refused):
            self.player.say_text(razz_refusal_text(self.messages, outcome.reason))
            return True
        self.question = None
        left = self.messages.tr("razz.ask.cancelled") if asked is not None else ""
        if isinstance(outcome, PhraseQuestion):
            self.speaker.review(left or None)
            self._open_phrase()
        elif isinstance(outcome, CursorAt):
            self.speaker.review(_joined(left, self.player.cursor_text(outcome)))
        elif isinstance(outcome, SeatQuestion | SuitQuestion):
            self.question = outcome
            self.speaker.review(_joined(left, self._asking(outcome)))
        else:
            self.speaker.review(left or None)
            self._answer(outcome, at)
        return True

    def _type(self, label: str, at: float, keys: KeySource) -> bool:
        """A key in the phrase field: Enter chooses the phrase, Escape pauses the game."""
        assert self.phrase is not None
        asked, field = self.phrase
        if label == "f1":
            self.speaker.review(self._phrase_help())
            return True
        typed = field.press(label)
        if typed.cancelled:
            if not self._pause(keys):
                return False
            self.speaker.review(field.opening())
        elif typed.accepted is not None:
            command = asked.answer(typed.accepted, self._verify())
            if isinstance(command, Refused):
                self.player.say_text(razz_refusal_text(self.messages, command.reason))
            elif self._submit(command, at):
                self.phrase = None
        elif typed.speech is not None:
            self.speaker.review(typed.speech)
        return True

    def _answer(self, answer: Command | Refused | Cancelled | Asked, at: float) -> None:
        """A question's answer, or a key's move: send it, say why not, or ask on."""
        if isinstance(answer, SeatQuestion | SuitQuestion):
            self.question = answer
            self.speaker.review(self._focused(answer))
            return
        self.question = None
        if isinstance(answer, Cancelled):
            self.speaker.review(self.messages.tr("razz.ask.cancelled"))
        elif isinstance(answer, Refused):
            self.player.say_text(razz_refusal_text(self.messages, answer.reason))
        else:
            self._submit(answer, at)

    def _submit(self, command: Command, at: float) -> bool:
        """Apply ``command``, made at ``at``; False when it is refused (and the reason said)."""
        raise NotImplementedError

    def _focused(self, question: Asked) -> str:
        """The player or the suit a question is on."""
        if isinstance(question, SuitQuestion):
            return suit_word(self.messages, question.focused)
        return self.player.status.players[question.focused]

    def _asking(self, question: Asked) -> str:
        m, focus = self.messages, self._focused(question)
        if isinstance(question, SuitQuestion):
            return sentences_started(m.tr("razz.ask.suit", suit=focus))
        if question.kind is QuestionKind.KING_TARGET:
            return m.tr("razz.ask.king", name=focus)
        return m.tr("razz.ask.razz", name=focus)

    def _tell(self, action: RazzAction | SharedAction, keys: KeySource) -> bool:
        """The keys that only say something, change a setting, or pause."""
        if isinstance(action, SharedAction):
            return self._shared().press(
                action, help_text=self._help_text, pause=lambda: self._pause(keys),
                rules=lambda: self._show_rules(
                    rules_lines(self.options, self._seats(), self.messages), keys))
        answer = self._answers().get(action)
        if answer is not None:
            self.speaker.review(answer())
        return True

    def _shared(self) -> SharedKeys:
        return SharedKeys(self.speaker, self.sounds, self.messages, self.rate_setter)

    def _adjusts(self, label: str) -> bool:
        """A key of the sound volume or the speech rate changes it (True), even paused."""
        return self._shared().adjust(bound_action(self.keys.keys, label))

    def _answers(self) -> dict[RazzAction, Callable[[], str | None]]:
        player = self.player
        return {
            RazzAction.HAND: player.hand_text,
            RazzAction.TURN: player.turn_text,
            RazzAction.TOP: player.top_text,
            RazzAction.COUNTS: player.counts_text,
            RazzAction.SCORES: player.scores_text,
            RazzAction.RAZZING: player.razzing_text,
            RazzAction.OPTIONS: self._options_text,
        }

    def _options_text(self) -> str:
        return razz_options_text(self.options, self.messages)


def _joined(first: str, then: str) -> str:
    """Two answers to one key, said as one line (a second would cut the first off)."""
    return f"{first} {then}" if first else then
