"""A game of Razz Spoons at this keyboard: you against bots, heard through speech and sound.

The loop is the classic game's (``ui.local``): it waits in the key reader until the next key or
the next thing the table has to do, whichever comes first, and a key's moment is when its
command happened. The keys are ``RazzKeys``, checked against the game's ``verify``, so that a
refusal is said before anything is sent; a question a key asks (whom a King sends its cards
to, the suit an Eight names, whom to razz) takes the keys until it is answered or left; the
dealer types the Razzing Phrase in a text field the moment the game asks for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import SpoonsError
from audiospoons.razz.bots import RazzBot
from audiospoons.razz.game import PHRASE_LENGTH, RazzGame
from audiospoons.razz.options import RazzOptions
from audiospoons.razz.piles import RazzDeal
from audiospoons.simulate import bot_names
from audiospoons.sound.cue import Cue
from audiospoons.table import Table
from audiospoons.ui.pausekeys import change_rate, change_volume, pause_menu
from audiospoons.ui.player import YOU, CuePlayer, GameResult, KeySource
from audiospoons.ui.razzkeys import (
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
)
from audiospoons.ui.razzplayer import RazzPlayer
from audiospoons.ui.seatkeys import RATE_STEP, VOLUME_STEP
from audiospoons.ui.textentry import TextField
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.razzrefusals import razz_refusal_text
from audiospoons.voice.razzstatus import suit_word
from audiospoons.voice.speaker import Speaker

TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""

Asked = SeatQuestion | SuitQuestion


class LocalRazzGame:
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
        self.player = RazzPlayer(names, messages, speaker, sounds, verbosity)
        self.table.listeners.append(self.player)
        self.options = options
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.keys = RazzKeys(options, key_overrides)
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

    def _open_phrase(self) -> None:
        """The game waits for you to choose the phrase: the field opens, once."""
        if self.phrase is not None:
            return
        asked = self.keys.opening_question(self.player.view)
        if asked is None:
            return
        m = self.messages
        field = TextField(m.tr("razz.phrase.field"), m, max_length=PHRASE_LENGTH,
                          description=m.tr("razz.phrase.field.about"))
        self.phrase = asked, field
        self.player.say_text(field.opening())

    # ----------------------------------------------------------------- keys

    def _on_key(self, label: str, at: float, keys: KeySource) -> bool:
        """Act on one key; False when the player quits the game."""
        self.speaker.interrupt()
        if at > self.game.now:
            self.table.run_until(at)
        if self.phrase is not None:
            return self._type(label, at, keys)
        if self.question is not None:
            answer = self.question.press(label, self.game.verify)
            if answer is not None:
                self._answer(answer, at)
                return True
        outcome = self.keys.press(label, self.player.view, self.game.verify)
        if outcome is None:
            return True
        if isinstance(outcome, Tell):
            return self._tell(outcome.action, keys)
        # A key the question does not use leaves it; a status key keeps it open.
        self.question = None
        if isinstance(outcome, PhraseQuestion):
            self._open_phrase()
        elif isinstance(outcome, CursorAt):
            self.speaker.review(self.player.cursor_text(outcome))
        elif isinstance(outcome, SeatQuestion | SuitQuestion):
            self.question = outcome
            self.speaker.review(self._asking(outcome))
        else:
            self._answer(outcome, at)
        return True

    def _type(self, label: str, at: float, keys: KeySource) -> bool:
        """A key in the phrase field: Enter chooses the phrase, Escape pauses the game."""
        assert self.phrase is not None
        asked, field = self.phrase
        typed = field.press(label)
        if typed.cancelled:
            if not self._pause(keys):
                return False
            self.speaker.review(field.opening())
        elif typed.accepted is not None:
            command = asked.answer(typed.accepted, self.game.verify)
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
        try:
            self.table.submit(command, at)
        except SpoonsError as error:
            self.player.say_text(razz_refusal_text(self.messages, error.reason))
            return False
        return True

    def _focused(self, question: Asked) -> str:
        """The player or the suit a question is on."""
        if isinstance(question, SuitQuestion):
            return suit_word(self.messages, question.focused)
        return self.player.status.players[question.focused]

    def _asking(self, question: Asked) -> str:
        m, focus = self.messages, self._focused(question)
        if isinstance(question, SuitQuestion):
            return m.tr("razz.ask.suit", suit=focus)
        if question.kind is QuestionKind.KING_TARGET:
            return m.tr("razz.ask.king", name=focus)
        return m.tr("razz.ask.razz", name=focus)

    def _tell(self, action: RazzAction, keys: KeySource) -> bool:
        """The keys that only say something, change a setting, or pause."""
        if action is RazzAction.MENU:
            return self._pause(keys)
        if action in (RazzAction.VOLUME_DOWN, RazzAction.VOLUME_UP):
            change_volume(self.speaker, self.sounds, self.messages,
                          -VOLUME_STEP if action is RazzAction.VOLUME_DOWN else VOLUME_STEP)
        elif action in (RazzAction.RATE_DOWN, RazzAction.RATE_UP):
            change_rate(self.speaker, self.rate_setter, self.messages,
                        -RATE_STEP if action is RazzAction.RATE_DOWN else RATE_STEP)
        else:
            answer = self._answers().get(action)
            if answer is not None:
                self.speaker.review(answer())
        return True

    def _answers(self) -> dict[RazzAction, Callable[[], str | None]]:
        player, history, m = self.player, self.speaker.history, self.messages
        return {
            RazzAction.HAND: player.hand_text,
            RazzAction.TURN: player.turn_text,
            RazzAction.TOP: player.top_text,
            RazzAction.COUNTS: player.counts_text,
            RazzAction.SCORES: player.scores_text,
            RazzAction.RAZZING: player.razzing_text,
            RazzAction.OPTIONS: self._options_text,
            RazzAction.HISTORY_PREVIOUS: history.previous,
            RazzAction.HISTORY_NEXT: history.next,
            RazzAction.HISTORY_FIRST: history.first,
            RazzAction.HISTORY_LAST: history.last,
            RazzAction.REPEAT: history.current,
            RazzAction.HELP: lambda: m.tr("razz.help"),
        }

    def _options_text(self) -> str:
        m = self.messages
        return m.tr("options.summary", options=m.join(
            [f"{key}: {value}" for key, value in self.options.describe().items()]))

    # ----------------------------------------------------------------- the pause menu

    def _pause(self, keys: KeySource) -> bool:
        """The game stops while the pause menu is open: the clock's time there is left out.
        False when the player quits."""
        return pause_menu(self.speaker, self.messages, keys, self.clock, self._resume_after)

    def _resume_after(self, paused: float) -> None:
        self._start += paused
