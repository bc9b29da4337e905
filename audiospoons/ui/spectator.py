"""A game on the relay heard from outside the table: what a spectator may know, in words and in
sounds, with no cards and no keys that play. The relay sends a spectator the public events of
each game its room starts (``game_started`` with ``seat`` null), of classic Spoons or of Razz
Spoons. The status keys a player has answer a spectator too, on the player's own keys: the
spoons left and who is still in, or whose turn it is, the top card, every hand's size, the
scores and the phrase; and both games' options and history keys."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from audiospoons.engine.events import Event, GameOver
from audiospoons.engine.options import Options
from audiospoons.games.razz.keys import RazzAction, razz_bindings
from audiospoons.games.razz.optionitems import razz_options_text
from audiospoons.games.razz.player import RazzPlayer
from audiospoons.games.razz.rules.events import GameWon
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.spec import SPEC as RAZZ
from audiospoons.net.relaykinds import BadRelayMessage, read_event
from audiospoons.ui.gamekeys import Action, bindings, bound_action
from audiospoons.ui.keynames import action_name, keys_text
from audiospoons.ui.optionitems import options_text
from audiospoons.ui.player import CuePlayer, LocalPlayer
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.spoonnames import SpoonStyle

Answer = Callable[[], str | None]


class Watcher:
    """One game of the room, watched: heard as a seat's player is, but from no seat."""

    def __init__(self, started: dict[str, Any], messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, *, verbosity: Verbosity = Verbosity.BRIEF,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS,
                 key_overrides: Mapping[str, str] | None = None,
                 razz_key_overrides: Mapping[str, str] | None = None) -> None:
        names = [str(name) for name in started["players"]]
        self.table_size = len(names)
        """How many players the game has: every seat an event names is one of them."""
        history = speaker.history
        self.player: LocalPlayer | RazzPlayer
        self.bindings: Mapping[Enum, tuple[str, ...]]
        """The player's own keys of that game, by action."""
        self.answers: Mapping[Enum, Answer]
        """What each status action says here."""
        self.last: type[Event]
        """The event that ends the game."""
        if started.get("game") == RAZZ.name:
            razz = RazzPlayer(names, messages, speaker, sounds, verbosity, seat=None)
            razz_options = RazzOptions.from_mapping(started["options"])
            razz_answers: dict[Enum, Answer] = {
                RazzAction.TURN: razz.turn_text, RazzAction.TOP: razz.top_text,
                RazzAction.COUNTS: razz.counts_text, RazzAction.SCORES: razz.scores_text,
                RazzAction.RAZZING: razz.razzing_text,
                RazzAction.OPTIONS: lambda: razz_options_text(razz_options, messages),
                RazzAction.HISTORY_PREVIOUS: history.previous,
                RazzAction.HISTORY_NEXT: history.next,
                RazzAction.HISTORY_FIRST: history.first, RazzAction.HISTORY_LAST: history.last}
            self.bindings, self.answers = _by_action(razz_bindings(razz_key_overrides)), \
                razz_answers
            self.player, self.last = razz, GameWon
        else:
            options = Options.from_mapping(started["options"])
            spoons = LocalPlayer(names, options, messages, speaker, sounds, verbosity,
                                 spoon_style, random.Random(), seat=None)
            answers: dict[Enum, Answer] = {
                Action.SPOONS: lambda: spoons.spoons_text(options.grabbing),
                Action.PLAYERS: spoons.players_text,
                Action.OPTIONS: lambda: options_text(options, len(names), messages),
                Action.HISTORY_PREVIOUS: history.previous, Action.HISTORY_NEXT: history.next,
                Action.HISTORY_FIRST: history.first, Action.HISTORY_LAST: history.last}
            self.bindings, self.answers = _by_action(bindings(key_overrides)), answers
            self.player, self.last = spoons, GameOver
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
                self.over = self.over or isinstance(event, self.last)
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
                      action=m.tr("online.watching.razzing") if action is RazzAction.RAZZING
                      else action_name(action, m))
                 for action in self.answers if self.bindings.get(action)]
        return " ".join((m.tr("online.watching.help"),
                         m.tr("online.watching.keys", keys=" ".join(items))))


def _by_action(keys: Mapping[Action, tuple[str, ...]] | Mapping[RazzAction, tuple[str, ...]]
               ) -> dict[Enum, tuple[str, ...]]:
    """Either game's keys, by action."""
    return {action: labels for action, labels in keys.items()}
