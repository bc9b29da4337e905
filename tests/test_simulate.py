"""Bot-only games through ``play_game``: what the harness asks of the rules besides the game."""

from __future__ import annotations

import dataclasses
import random
from typing import cast

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.registry import GAMES
from audiospoons.games.spec import RulesSpec
from audiospoons.games.spoons.rules.commands import Take
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.simulate import play_game


class CountedGame(ClassicGame):
    """The classic game, counting what the harness asks of ``allows``; with ``refuse_every``,
    it also refuses every so many of its takes that its ``allows`` would accept."""

    def __init__(self, names: list[str], options: Options, rng: random.Random, dealer: int,
                 refuse_every: int = 0) -> None:
        super().__init__(names, options, rng, dealer=dealer)
        self.asked = 0
        self.refuse_every = refuse_every
        self.takes = 0

    def allows(self, command: Command) -> bool:
        self.asked += 1
        return super().allows(command)

    def handle(self, command: Command, now: float) -> list[Event]:
        if self.refuse_every and isinstance(command, Take) and super().allows(command):
            self.takes += 1
            if self.takes % self.refuse_every == 0:
                self.advance(now)
                raise NotAllowedNow("refused for the test", reason="test")
        return super().handle(command, now)


def counted_spoons(games: list[CountedGame], refuse_every: int = 0) -> RulesSpec:
    def deal(names: list[str], options: GameOptions, rng: random.Random, dealer: int) -> Rules:
        game = CountedGame(names, cast(Options, options), rng, dealer, refuse_every)
        games.append(game)
        return game

    return dataclasses.replace(GAMES["spoons"], deal=deal)


def test_the_harness_asks_allows_only_of_the_moves_the_rules_refused() -> None:
    """Asking ``allows`` of every move is the harness's work, not the game's: it asks only of
    a refused move whether the rules would have let it through."""
    games: list[CountedGame] = []
    spec = counted_spoons(games)
    record = play_game(4, Options.from_mapping({}), 1, game=spec)
    assert len(record.commands) > 100 and record.refusals == 3
    assert games[0].asked == record.refusals
    assert record.refused_though_allowed == []


def test_a_refusal_the_rules_allowed_is_still_kept_as_a_bug() -> None:
    games: list[CountedGame] = []
    spec = counted_spoons(games, refuse_every=10)
    record = play_game(4, Options.from_mapping({}), 3, game=spec)
    bugs = record.refused_though_allowed
    assert bugs and all(isinstance(command, Take) for _, command, _ in bugs)
    assert all(reason == "refused for the test" for _, _, reason in bugs)
    assert len(bugs) == games[0].takes // 10
