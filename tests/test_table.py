"""The Table host: bots and a keyboard seat on one clock, each seat hearing only its own view."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.games.spoons.bots import SimpleBot
from audiospoons.games.spoons.rules.commands import Grab, Take
from audiospoons.games.spoons.rules.events import CardPassed, CardsDealt, CardTaken, SetHeld
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.table import Table


class Ears:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.heard: list[Event] = []

    def receive(self, events: Sequence[Event]) -> None:
        self.heard.extend(events)


def table_with_a_human(seed: int = 5) -> tuple[Table, Ears, Ears]:
    options = Options.from_mapping({"grab_time_limit": 0})
    game = ClassicGame(["You", "Bot A", "Bot B", "Bot C"], options, random.Random(seed))
    bots = [SimpleBot(seat, options, random.Random(seed + seat)) for seat in (1, 2, 3)]
    table = Table(game, bots)
    you, spectator = Ears(0), Ears(None)
    table.listeners += [you, spectator]
    table.start()
    return table, you, spectator


def test_bots_play_round_a_seat_that_never_moves_and_each_ear_hears_its_own_view() -> None:
    table, you, spectator = table_with_a_human()
    table.run_until(60.0)
    dealt = [e for e in you.heard if isinstance(e, CardsDealt)]
    assert dealt and all(e.seat == 0 for e in dealt)
    for event in you.heard:
        if isinstance(event, CardTaken | CardPassed) and event.seat != 0:
            assert event.card is None
        assert not isinstance(event, SetHeld) or event.seat == 0
    assert all(getattr(e, "card", None) is None for e in spectator.heard)
    assert not any(isinstance(e, CardsDealt | SetHeld) for e in spectator.heard)
    assert table.log and {command.seat for _, command in table.log} <= {1, 2, 3}


def test_a_keyboard_command_comes_after_everything_due_before_it() -> None:
    table, _, _ = table_with_a_human()
    first_move = table.next_wakeup()
    assert first_move is not None
    with pytest.raises(RulesError):
        table.submit(Grab(0), first_move + 0.5)
    assert table.game.now == pytest.approx(first_move + 0.5)
    assert table.log and table.log[0][0] == pytest.approx(first_move)


def test_time_at_the_table_only_goes_forward() -> None:
    """A key stamped before the table's present (it cannot be, read in order) counts as now."""
    table, _, _ = table_with_a_human()
    table.run_until(10.0)
    wakeup = table.next_wakeup()
    assert wakeup is None or wakeup >= 10.0
    table.submit(Take(0), 5.0)
    assert table.log[-1] == (10.0, Take(0))
