"""Every game's clock: time only goes forward, and a timer already overdue fires at the game's
time, never before it."""

from __future__ import annotations

import random

import pytest

from audiospoons.engine.cards import parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import TimeWentBackwards
from audiospoons.games.registry import GAMES
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.commands import Grab
from audiospoons.games.spoons.rules.events import SpoonGrabbed
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_refuses_a_time_before_the_last_and_keeps_its_own(name: str) -> None:
    spec = GAMES[name]
    options, _ = spec.read_options({})
    game = spec.deal(["Ann", "Bob", "Cy", "Dee"], options, random.Random(1), 0)
    game.start()
    game.advance(2.0)
    with pytest.raises(TimeWentBackwards):
        game.advance(1.0)
    with pytest.raises(TimeWentBackwards):
        game.handle(Command(1), 1.5)
    assert game.now == 2.0


def test_a_spoon_whose_wait_ran_out_before_the_last_spoon_given_goes_at_that_time() -> None:
    """Grabs wait 0.3 s for earlier ones across a network; then the window shrinks (the
    players' lines got faster), so that Ellen's grab has waited long enough before Chris's,
    settled at 0.80, was. Hers is settled next, at 0.80 too: the game's time never goes back."""
    sevens = tuple(parse_card(text) for text in ("7H", "7C", "7D", "7S"))
    game = ClassicGame(["Andrew", "Chris", "Ellen", "Debra"], Options.from_mapping({}),
                       random.Random(4), first_deal=Deal(hands={0: sevens}))
    game.start()
    game.late_window = 0.3
    game.handle(Grab(0), 0.2)
    game.handle(Grab(1), 0.5)
    game.handle(Grab(2), 0.6)
    game.late_window = 0.05
    grabs = [(event.at, event.seat) for event in game.advance(1.0)
             if isinstance(event, SpoonGrabbed)]
    assert grabs == [(0.8, 1), (0.8, 2)]
