"""What every game played through the relay at this keyboard shares, whichever game it is:
sending a command (with the time from its cue, for a press that answers one), the time limit the
relay reports and its ticks, Escape twice to leave, as an online game cannot pause, and F1's
closing words on that and on the key that chats (``online_help``).

What the relay sends has been checked and cleaned by the client (``relaykinds``); a game event is
checked here against the table too (``relaykinds.read_event``): one that names a seat not at the
table is ``BadRelayMessage``, for the session to say, and the game goes on without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, TypeVar

from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.net.client import RelayClient
from audiospoons.net.fairness import Cues
from audiospoons.net.relaykinds import BadRelayMessage, read_event, seat_of
from audiospoons.net.wire import encode_command
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.ui.controls import Control
from audiospoons.ui.player import KeySource, PressedKey
from audiospoons.ui.rulesreader import CLOSE, RulesReader
from audiospoons.ui.tableview import TableView
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

LEAVE_WINDOW = 5.0
"""Seconds within which a second Escape leaves an online game."""

A = TypeVar("A", bound=Enum)


class RelayEars(Protocol):
    """The seat's voice and sounds: what the relay's events are given to."""

    countdown: Countdown

    def receive(self, events: Sequence[Event]) -> None: ...

    def play(self, cues: Sequence[Cue]) -> None: ...


class OnlineGame(Protocol):
    """A game of the room at this keyboard, as the online session drives it."""

    over: bool
    quit: bool
    token: str | None

    @property
    def typing(self) -> bool:
        """The game's own text field is open and takes every key, slash too."""

    def on_message(self, message: dict[str, Any]) -> None: ...

    def on_keys(self, pressed: Sequence[PressedKey], keys: KeySource) -> None: ...

    def controls(self) -> tuple[Control, ...]:
        """The game's keys as controls to touch (``ui.controls``)."""

    def table_view(self) -> TableView:
        """The state of play, as the game's status keys say it (``ui.tableview``)."""

    def tick(self) -> None: ...

    def next_tick_in(self) -> float | None: ...

    def catch_up(self, told: Sequence[Event]) -> None:
        """Take in the game so far, silently, after a lost connection."""

    def briefing(self) -> list[str]:
        """Where things stand, for a player back after a lost connection."""


class RelaySeat:
    """The relay's side of a seat at this keyboard; the game's own class gives the ears, the
    keys (``_on_key``), what ends the game and what a refusal says."""

    client: RelayClient
    clock: Callable[[], float]
    messages: Messages
    speaker: Speaker
    cues: Cues
    """When this seat heard the cues a press may answer."""
    over: bool
    quit: bool
    token: str | None
    """The secret that takes this seat back after a lost connection."""
    table_size: int
    """How many players the game has: every seat an event names is one of them."""
    _escape_at: float | None
    _rules: RulesReader | None = None
    """The game's rules, open (Shift+F1): they take their own keys, and only those."""
    _last_sent: Command | None
    """The command a refusal from the relay answers: the keys wait for no answer, so a
    refusal is for the latest."""
    _on_key: Callable[[str, float, KeySource], bool]
    """The game's keys (``KeyboardSeat``, ``RazzKeyboardSeat``): False when the player
    leaves."""
    _controls: Callable[[], tuple[Control, ...]]
    _table_view: Callable[[], TableView]

    def _ears(self) -> RelayEars:
        raise NotImplementedError

    def _ends_game(self, event: Event) -> bool:
        raise NotImplementedError

    def _refused(self, command: Command, reason: str, message: str) -> None:
        """The relay refused ``command``: say why."""
        raise NotImplementedError

    def _start_relay_seat(self, client: RelayClient, started: dict[str, Any],
                          clock: Callable[[], float]) -> int:
        """Set up what every online seat keeps, from the relay's ``game_started``: this
        seat's number. ``BadRelayMessage`` if it gives no place among its players."""
        seat = seat_of(started)
        if seat is None:
            raise BadRelayMessage("a game at the keyboard needs a seat", "game_started")
        self.client, self.clock = client, clock
        self.over = self.quit = False
        self._escape_at, self._last_sent = None, None
        self.cues = Cues(seat)
        self.token = started.get("token")
        self.table_size = len(started["players"])
        return seat

    def send_command(self, command: Command, at: float) -> None:
        """To the relay, which applies it when it arrives; a refusal comes back later. A press
        answering this seat's cue carries the time from the cue to the key (this clock's),
        for the relay to judge it fairly."""
        self._last_sent = command
        cue = self.cues.answered(command)
        if cue is not None:
            self.client.send("command", command=encode_command(command),
                             reaction=round(at - cue[0], 4))
            return
        self.client.send("command", command=encode_command(command))

    @property
    def typing(self) -> bool:
        """The game's own text field is open (none has one but Razz Spoons' phrase)."""
        return False

    def online_help(self, keys: str) -> str:
        """F1 at a table online: ``keys``, the game's (without a word on Escape), then the key
        that chats and what Escape does here, as a game online cannot pause."""
        m = self.messages
        return " ".join((keys, m.tr("online.table.chat"), m.tr("online.table.leave")))

    def _show_rules(self, lines: Sequence[str], keys: KeySource) -> bool:
        """Shift+F1 online: the rules open without stopping the game, which cannot pause
        (``ui.rulesreader``); True, as the player stays."""
        self._rules = RulesReader(lines, self.messages)
        self.speaker.review(self._rules.opening())
        return True

    def _read_rules(self, label: str) -> bool:
        """A key while the rules are open: whether it was theirs (a move, or Escape, which
        closes them rather than leaving the game)."""
        assert self._rules is not None
        if label == CLOSE:
            self._rules = None
            self.speaker.interrupt()
            self.speaker.review(self.messages.tr("rules.closed"))
            return True
        said = self._rules.press(label)
        if said is None:
            return False
        self.speaker.interrupt()
        self.speaker.review(said)
        return True

    def escape_to_leave(self) -> bool:
        """No pause online: Escape twice within ``LEAVE_WINDOW`` leaves the game. False when
        this Escape leaves."""
        now = self.clock()
        if self._escape_at is not None and now - self._escape_at <= LEAVE_WINDOW:
            self.quit = True
            return False
        self._escape_at = now
        self.speaker.review(self.messages.tr("online.leave.confirm"))
        return True

    def on_message(self, message: dict[str, Any]) -> None:
        """A message of the game from the relay; ``BadRelayMessage`` for an event that is not
        as its kind says or names a seat not at the table (an event of a kind this client does
        not know is skipped)."""
        kind = message["kind"]
        if kind == "event":
            event = read_event(message["event"], self.table_size)
            if event is None:
                return
            self.cues.observe(event, self.clock())
            self._ears().receive([event])
            self.over = self.over or self._ends_game(event)
        elif kind == "limit":
            seconds = message.get("seconds")
            now = self.clock()
            self._ears().countdown.set(None if not isinstance(seconds, int | float)
                                       else now + float(seconds), now)
        elif kind == "refused" and self._last_sent is not None:
            self._refused(self._last_sent, str(message.get("reason", "error")),
                          str(message.get("message", "")))

    def tick(self) -> None:
        """The ticks of the last seconds of your time limit that are due."""
        ears = self._ears()
        for _ in ears.countdown.due(self.clock()):
            ears.play([Cue("tick")])

    def next_tick_in(self) -> float | None:
        """Seconds to the next tick, if one is to come."""
        due = self._ears().countdown.next_tick()
        return None if due is None else max(0.0, due - self.clock())

    def controls(self) -> tuple[Control, ...]:
        return self._controls()

    def table_view(self) -> TableView:
        return self._table_view()

    def on_keys(self, pressed: Sequence[PressedKey], keys: KeySource) -> None:
        for key in pressed:
            if self._rules is not None and self._read_rules(key.label):
                continue
            if not self._on_key(key.label, key.at, keys):
                return


def without_pause(bindings: Mapping[A, Sequence[str]]) -> dict[A, Sequence[str]]:
    """A game's keys as F1 lists them online, where Escape does not pause (``online_help``
    says what it does)."""
    return {action: keys for action, keys in bindings.items() if action.value != "menu"}
