"""The loop of a game against bots at this keyboard, whichever game: it waits in the key reader
until the next key or the next thing the table has to do, whichever comes first, and a key's
moment is when its command happened. The game's seat gives the keys (``_on_key``), the ears
(``player``) and the words of a refusal; the pause menu stops the game's clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, Rules
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.table import Hearing, Table
from audiospoons.ui.controls import Control, offer
from audiospoons.ui.pausekeys import pause_menu
from audiospoons.ui.player import YOU, GameResult, KeySource, PressedKey
from audiospoons.ui.rulesreader import read_rules
from audiospoons.ui.tableview import TableView, show
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""
SETTLE_LIMIT = 30.0
"""The most seconds play waits after a deal for what the player is being told."""


class LocalEars(Protocol):
    """What the loop needs of the seat's ears: the countdown of its time limits and its sounds."""

    countdown: Countdown

    def play(self, cues: Sequence[Cue]) -> None: ...

    def say_text(self, text: str) -> None: ...


def settles(event: Event, listener: int, after: tuple[type[Event], ...],
            on_yours: tuple[type[Event], ...]) -> bool:
    """Whether play waits after ``event`` until ``listener`` has been told what waits: an event
    of ``after``, or one of ``on_yours`` that is the listener's own: aimed at them (its
    ``target``: a King aimed, a razz called), or else theirs (its ``seat``)."""
    if isinstance(event, after):
        return True
    whose = getattr(event, "target", getattr(event, "seat", None))
    return isinstance(event, on_yours) and whose == listener


class LocalLoop:
    """A table at this keyboard, played to its end: set up by the game's class."""

    table: Table[Rules, Bot]
    game: Rules
    clock: Callable[[], float]
    messages: Messages
    speaker: Speaker
    _on_key: Callable[[str, float, KeySource], bool]
    """The seat's keys: act on one key, False when the player quits the game."""
    _controls: Callable[[], tuple[Control, ...]]
    """The seat's keys as controls to touch (``ui.controls``)."""
    _table_view: Callable[[], TableView]
    """The state of play, as the seat's status keys say it (``ui.tableview``)."""
    _adjusts: Callable[[str], bool]
    """The seat's keys of the sound volume and the speech rate, which work in the pause menu
    too: change one if the key is one of them (True)."""
    settle_after: tuple[type[Event], ...] = ()
    """Events (a round's end, a deal: the game's ``RulesSpec.settle_after``) after which play
    waits, as at a real table, until the player has been told what waits to be said, at most
    ``SETTLE_LIMIT`` seconds: the game's clock stands still, and a key ends the wait."""
    settle_on_yours: tuple[type[Event], ...] = ()
    """Events after which play waits in the same way when they are the player's own (the
    game's ``RulesSpec.settle_on_yours``)."""
    waits_for_telling: tuple[type[Command], ...] = ()
    """The bots' moves that wait until the player has been told what is being said (the game's
    ``RulesSpec.waits_for_telling``): a key press, which silences the speech, ends the wait."""
    _start: float = 0.0
    _stopped: bool = False
    _settle: bool = False

    def _ears(self) -> LocalEars:
        raise NotImplementedError

    def _refusal_text(self, reason: str) -> str:
        raise NotImplementedError

    def _before_keys(self) -> None:
        """What the seat does before it waits for keys (a field to open, a question to put)."""

    def _finished(self) -> bool:
        """Whether the game at this keyboard ends before the table's game does (a practice
        round)."""
        return False

    def _result(self, *, quit: bool) -> GameResult:
        """How the game ended for the player: ``won`` None when they quit."""
        return GameResult(None if quit else YOU in self.game.winners, [])

    def now(self) -> float:
        """Game time: seconds of play since the deal, pauses left out."""
        return self.clock() - self._start

    def play(self, keys: KeySource) -> GameResult:
        """Play to the end, or until the player quits (``won`` is then None)."""
        self._start = self.clock()
        self.speaker.history.begin()
        self.table.hearing = Hearing(self._quiet_at, self.waits_for_telling)
        self.table.watchers.append(self._watch_deals)
        self.table.start()
        while True:
            self._catch_up()
            if self.table.over or self._stopped or self._finished():
                break
            self._before_keys()
            offer(keys, self._controls())
            show(keys, self._table_view())
            pressed = self._settled(keys) if self._settle else []
            for key in pressed or keys.read(self._timeout()):
                if not self._on_key(key.label, key.at - self._start, keys):
                    return self._result(quit=True)
        return self._result(quit=False)

    def left(self) -> GameResult:
        """The game as it stands for a player leaving it now (Ctrl+C): ``won`` None."""
        return self._result(quit=True)

    def _quiet_at(self) -> float | None:
        """The game time by which what waits to be said, but for asides, will have been
        said."""
        told = self.speaker.told_at(asides=False)
        return None if told is None else self.now() + told - self.speaker.clock()

    def _watch_deals(self, game: Rules, events: list[Event]) -> None:
        if any(settles(event, YOU, self.settle_after, self.settle_on_yours)
               for event in events):
            self._settle = True

    def _settled(self, keys: KeySource) -> Sequence[PressedKey]:
        """Wait, the game's clock standing still, until what waits to be said has been (see
        ``settle_after``); the keys pressed meanwhile, which end the wait."""
        self._settle = False
        limit = self.clock() + SETTLE_LIMIT
        pressed: Sequence[PressedKey] = []
        while not pressed and (told := self.speaker.told_at()) is not None:
            began = self.clock()
            if began >= limit:
                break
            pressed = keys.read(max(0.0, min(told, limit) - began))
            self._start += (pressed[0].at if pressed else self.clock()) - began
        return pressed

    def stop(self) -> None:
        """End the game at the next turn of the loop, as if it were over."""
        self._stopped = True

    def _catch_up(self) -> None:
        """Everything due by now, then the countdown of your time limits."""
        now = self.now() + TIME_SLACK
        self.table.run_until(now)
        ears = self._ears()
        for _ in ears.countdown.due(now):
            ears.play([Cue("tick")])
        ears.countdown.set(self.game.deadline_for(YOU), now)

    def _timeout(self) -> float | None:
        wakeups = [t for t in (self.table.next_wakeup(), self._ears().countdown.next_tick())
                   if t is not None]
        if not wakeups:
            return None
        return max(0.0, min(wakeups) - self.now())

    def _reach(self, at: float) -> None:
        """Everything due before a key pressed at ``at`` happens first."""
        if at > self.game.now:
            self.table.run_until(at)

    def _submit(self, command: Command, at: float) -> bool:
        """Apply ``command``, made at ``at``; False when it is refused (the reason said)."""
        try:
            self.table.submit(command, at)
        except RulesError as error:
            self._ears().say_text(self._refusal_text(error.reason))
            return False
        return True

    def _pause(self, keys: KeySource) -> bool:
        """The game stops while the pause menu is open: the clock's time there is left out.
        False when the player quits."""
        return pause_menu(self.speaker, self.messages, keys, self.clock, self._resume_after,
                          self._adjusts)

    def _show_rules(self, lines: Sequence[str], keys: KeySource) -> bool:
        """Shift+F1: the game stops while its rules are read, as in the pause menu
        (``ui.rulesreader`` says why); True, as the player stays."""
        read_rules(lines, self.speaker, self.messages, keys, self.clock, self._resume_after)
        return True

    def _resume_after(self, paused: float) -> None:
        self._start += paused
