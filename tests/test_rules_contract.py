"""What every game's rules promise the hosts that drive them, whichever game it is."""

from __future__ import annotations

import random

import pytest

from audiospoons.engine.cards import parse_card
from audiospoons.engine.commands import Grab, Take
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import GameOver, GrabTimeUp, RoundEnded
from audiospoons.engine.game import ClassicGame, Deal
from audiospoons.engine.options import Options


def test_a_refused_command_keeps_the_events_its_call_fired_for_the_next_call() -> None:
    aces = tuple(parse_card(text) for text in ("AS", "AH", "AD", "AC"))
    game = ClassicGame(["Ann", "Bob", "Cy"], Options.from_mapping({}), random.Random(1),
                       first_deal=Deal(hands={0: aces}))
    game.start()
    game.handle(Grab(0), 0.5)
    with pytest.raises(SpoonsError):
        game.handle(Take(99), 20.0)
    assert game.over
    kept = game.advance(20.0)
    assert [type(event) for event in kept][:1] == [GrabTimeUp]
    assert [type(event) for event in kept][-2:] == [RoundEnded, GameOver]
    assert game.advance(21.0) == []
