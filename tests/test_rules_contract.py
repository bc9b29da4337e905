"""What every game's rules promise the hosts that drive them, whichever game it is."""

from __future__ import annotations

import contextlib
import copy
import random
from typing import cast

import pytest

from audiospoons.bots.levels import Level
from audiospoons.engine.cards import parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, Rules
from audiospoons.games.registry import GAMES
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.commands import Grab, Take
from audiospoons.games.spoons.rules.events import GameOver, GrabTimeUp, RoundEnded
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.table import Table


def test_a_refused_command_keeps_the_events_its_call_fired_for_the_next_call() -> None:
    aces = tuple(parse_card(text) for text in ("AS", "AH", "AD", "AC"))
    game = ClassicGame(["Ann", "Bob", "Cy"], Options.from_mapping({}), random.Random(1),
                       first_deal=Deal(hands={0: aces}))
    game.start()
    game.handle(Grab(0), 0.5)
    with pytest.raises(RulesError):
        game.handle(Take(99), 20.0)
    assert game.over
    kept = game.advance(20.0)
    assert [type(event) for event in kept][:1] == [GrabTimeUp]
    assert [type(event) for event in kept][-2:] == [RoundEnded, GameOver]
    assert game.advance(21.0) == []


class Checked:
    """A game whose every command is first asked of ``allows``, then handled; and the moves
    made earlier are tried again on a copy of the game: the two answers must agree each time,
    and a refusal must leave the time alone."""

    def __init__(self, game: Rules) -> None:
        self.game = game
        self.asked = 0
        self.refused = 0
        self.earlier: list[Command] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.game, name)

    def handle(self, command: Command, now: float) -> list[Event]:
        events = self.game.advance(now)
        for tried in self.earlier[-3:]:
            with contextlib.suppress(RulesError):
                self._agrees(copy.deepcopy(self.game), tried, now)
        self.earlier.append(command)
        return events + self._agrees(self.game, command, now)

    def _agrees(self, game: Rules, command: Command, now: float) -> list[Event]:
        allowed = game.allows(command)
        self.asked += 1
        try:
            events = game.handle(command, now)
        except RulesError:
            self.refused += 1
            assert not allowed, f"allows said yes to {command} and handle refused it"
            assert game.now == now
            raise
        assert allowed, f"allows said no to {command} and handle took it"
        return events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_keeps_the_rules_shape_and_allows_says_what_handle_will_do(name: str) -> None:
    spec = GAMES[name]
    options, _ = spec.read_options({})
    for seed in range(3):
        names = ["Ann", "Bob", "Cy", "Dee"]
        game = spec.deal(names, options, random.Random(seed), 0)
        assert isinstance(game, Rules)
        checked = Checked(game)
        bots = [spec.bot(seat, options, random.Random(seed * 10 + seat), Level.NORMAL,
                     None)
                for seat in range(len(names))]
        assert all(isinstance(bot, Bot) for bot in bots)
        # Checked passes every other attribute of the game on (__getattr__), out of mypy's sight
        table = Table(cast(Rules, checked), bots)
        table.start()
        while not game.over and game.now < 3000:
            assert table.step()
        assert game.over
        assert game.winners
        assert all(isinstance(game.in_game(seat), bool) for seat in range(len(names)))
        assert checked.asked > 100 and 0 < checked.refused < checked.asked
