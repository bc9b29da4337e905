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


class HeardBot(SimpleBot):
    """A bot that keeps every event the table hands it."""

    def __init__(self, seat: int, options: Options, rng: random.Random) -> None:
        super().__init__(seat, options, rng)
        self.handed: list[Event] = []

    def observe(self, event: Event) -> bool:
        self.handed.append(event)
        return super().observe(event)


class HearsAllBot(HeardBot):
    """As a bot that follows the table by ear: every event it may know, others' cards too."""

    hears_all = True


def bots_only_table(bot: type[HeardBot], seed: int = 8) -> Table[ClassicGame, HeardBot]:
    options = Options.from_mapping({"draw": "discard"})
    game = ClassicGame([f"Bot {n}" for n in range(6)], options, random.Random(seed))
    table = Table(game, [bot(seat, options, random.Random(seed + seat)) for seat in range(6)])
    table.start()
    table.run_until(30.0)
    return table


def others_card_moves(bot: HeardBot) -> list[Event]:
    """The card moves ``bot`` was handed that neither came from nor went to its seat."""
    return [event for event in bot.handed if isinstance(event, CardTaken | CardPassed)
            and event.seat != bot.seat and getattr(event, "to", None) != bot.seat]


def test_a_bot_is_handed_only_the_card_moves_it_is_party_to() -> None:
    """Another seat's card moving is news only to the seats it moves between: a bot that does
    not follow the table by ear is not handed it, so a move costs the same however many sit."""
    table = bots_only_table(HeardBot)
    assert len(table.log) > 60
    for bot in table.bots:
        assert others_card_moves(bot) == []
        assert any(isinstance(e, CardTaken) and e.seat == bot.seat for e in bot.handed)
    assert any(isinstance(e, CardPassed) and e.seat != bot.seat and e.to == bot.seat
               for bot in table.bots for e in bot.handed)


def test_a_bot_that_hears_all_is_handed_every_card_move_as_its_seat_knows_it() -> None:
    table = bots_only_table(HearsAllBot)
    for bot in table.bots:
        heard = others_card_moves(bot)
        assert heard and all(isinstance(event, CardTaken | CardPassed) and event.card is None
                             for event in heard)
    assert table.log == bots_only_table(HeardBot).log
