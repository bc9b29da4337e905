"""A seed and the timed commands replay a game exactly."""

from __future__ import annotations

import pytest

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.simulate import new_game, play_game


def recorded(players: int, options: Options, seed: int) -> list[Event]:
    events: list[Event] = []

    def watch(game: ClassicGame, step: list[Event]) -> None:
        events.extend(step)

    play_game(players, options, seed, watch)
    return events


@pytest.mark.parametrize("values", [
    {},
    {"draw": "discard", "scoring": "letters", "word": "PIG"},
    {"draw": "either", "discard_time_limit": 1.5, "reaction_style": "mash"},
    {"deck": "no-stock", "draw": "discard", "premature": "void", "scoring": "points"},
])
def test_the_same_seed_gives_the_same_game_event_for_event(values: dict[str, object]) -> None:
    options = Options.from_mapping(values)
    first = recorded(5, options, 42)
    assert first == recorded(5, options, 42)
    assert first != recorded(5, options, 43)
    assert sum(1 for e in first if type(e).__name__ == "GameOver") == 1


def test_a_game_replays_from_its_commands_alone() -> None:
    """The commands the bots gave, with their times, rebuild the game on a fresh table."""
    options = Options.from_mapping({"draw": "discard", "discard_time_limit": 2})
    original: list[Event] = []

    def watch(game: ClassicGame, step: list[Event]) -> None:
        original.extend(step)

    record = play_game(4, options, 9, watch)
    assert len(record.commands) > 50
    game, _ = new_game(4, options, 9)
    replayed = game.start()
    for now, command in record.commands:
        replayed += game.handle(command, now)
    replayed += game.advance(record.game_seconds)
    assert replayed == original
