"""A game on the relay heard from outside the table: what a spectator may know, in words and in
sounds, with no cards and no keys that play. The relay sends a spectator the public events of
each game its room starts (``game_started`` with ``seat`` null), of classic Spoons or of Razz
Spoons. The status keys a player has answer a spectator too, on the player's own keys: the
spoons left and who is still in, or whose turn it is, the top card, every hand's size, the
scores and the phrase; and both games' options and history keys."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from audiospoons.engine.events import Event
from audiospoons.net.relaykinds import BadRelayMessage, read_event
from audiospoons.ui.gamekeys import bound_action
from audiospoons.ui.keynames import ActionNames, action_name, keys_text
from audiospoons.voice.i18n import Messages

Answer = Callable[[], str | None]


class WatchedEars(Protocol):
    """A game's ears for a spectator: every public event, said and played from no seat."""

    def receive(self, events: Sequence[Event]) -> None: ...

    def catch_up(self, told: Sequence[Event]) -> None: ...


@dataclass(frozen=True, slots=True)
class WatchView:
    """A game as a spectator hears it, as the game gives it (``RulesSpec.watch_view``)."""

    player: WatchedEars
    bindings: Mapping[Enum, tuple[str, ...]]
    """The player's own keys of that game, by action."""
    answers: Mapping[Enum, Answer]
    """What each status action says here."""
    last: type[Event]
    """The event that ends the game."""
    names: ActionNames
    """The message id of each action's name, as a spectator hears it: the game's
    (``KeyTable.name_ids``), save those named otherwise to a spectator than to a player."""


class Watcher:
    """One game of the room, watched: heard as a seat's player is, but from no seat."""

    def __init__(self, started: dict[str, Any], view: WatchView, messages: Messages) -> None:
        """``view``: the game of ``started`` as its spec gives it a spectator."""
        self.table_size = len(started["players"])
        """How many players the game has: every seat an event names is one of them."""
        self.view = view
        self.player = self.view.player
        self.bindings = self.view.bindings
        self.answers = self.view.answers
        self.keys = {label: action for action, labels in self.bindings.items()
                     for label in labels}
        self.m = messages
        self.over = False

    def on_message(self, message: dict[str, Any]) -> None:
        """An ``event`` is heard; a ``catch_up`` (the game so far, for a spectator who came in
        during it) is taken in silently, so that the status keys know where things stand. An
        event of a kind this client does not know is skipped; one that is not as its kind says,
        or names a seat not at the table, is left out and ``BadRelayMessage`` (after the rest
        of a ``catch_up`` is taken in)."""
        kind = message["kind"]
        if kind == "event":
            event = read_event(message["event"], self.table_size)
            if event is not None:
                self.player.receive([event])
                self.over = self.over or isinstance(event, self.view.last)
        elif kind == "catch_up":
            told: list[Event] = []
            bad: BadRelayMessage | None = None
            for raw in message["events"]:
                try:
                    event = read_event(raw, self.table_size)
                except BadRelayMessage as error:
                    bad = bad or error
                    continue
                if event is not None:
                    told.append(event)
            self.player.catch_up(told)
            if bad is not None:
                raise bad

    def answer(self, label: str) -> str | None:
        """What the key ``label`` says of the game, if it is one of its status keys."""
        action = bound_action(self.keys, label)
        found = None if action is None else self.answers.get(action)
        return None if found is None else found()

    def help_text(self) -> str:
        """F1 while watching: what a spectator may do, and the status keys with their keys."""
        m = self.m
        items = [m.tr("keys.help.item", keys=keys_text(self.bindings[action], m),
                      action=action_name(action, self.view.names, m))
                 for action in self.answers if self.bindings.get(action)]
        return " ".join((m.tr("online.watching.help"),
                         m.tr("online.watching.keys", keys=" ".join(items))))
