"""Razz Spoons' events and commands can share the wire with the classic game's, and its engine
is as pure as the classic one."""

from __future__ import annotations

import dataclasses
import types
import typing

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules import commands as razz_commands
from audiospoons.games.razz.rules import events as razz_events
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.spec import SPEC as RAZZ_SPEC
from audiospoons.games.spoons.rules import commands as classic_commands
from audiospoons.games.spoons.rules import events as classic_events
from audiospoons.net.wire import decode_value, encode_value
from audiospoons.simulate import play_game


def defined(module: types.ModuleType, base: type) -> dict[str, type]:
    """The subclasses of ``base`` that ``module`` itself defines, by name."""
    return {name: value for name, value in vars(module).items()
            if isinstance(value, type) and issubclass(value, base) and value is not base
            and value.__module__ == module.__name__}


def test_no_event_or_command_name_is_also_one_of_the_classic_games() -> None:
    razz_kinds = {name.lower() for name in defined(razz_events, Event)}
    classic_kinds = {name.lower() for name in defined(classic_events, Event)}
    assert len(razz_kinds) == 29
    assert razz_kinds & classic_kinds == set()
    razz_moves = {name.lower() for name in defined(razz_commands, Command)}
    assert razz_moves == {"choosephrase", "playcard", "drawcard", "keep", "sayphrase",
                          "grabspoon", "announce", "razz"}
    assert razz_moves & {name.lower() for name in defined(classic_commands, Command)} == set()


def test_no_field_is_named_kind_which_the_wire_uses() -> None:
    for kind in [*defined(razz_events, Event).values(),
                 *defined(razz_commands, Command).values()]:
        assert "kind" not in {item.name for item in dataclasses.fields(kind)}, kind


def test_every_event_of_a_bot_game_crosses_the_wire_field_by_field() -> None:
    seen: dict[str, Event] = {}

    def keep(_game: object, events: list[Event]) -> None:
        for event in events:
            for view in (event, event.seen_by(None)):
                if view is not None:
                    seen.setdefault(f"{type(view).__name__}{view == event}", view)

    play_game(5, RazzOptions(let_players_err=True, end_at=2), 4, keep, level=list(Level),
              game=RAZZ_SPEC)
    assert len({type(event) for event in seen.values()}) >= 22
    for event in seen.values():
        hints = typing.get_type_hints(type(event))
        for item in dataclasses.fields(event):
            value = getattr(event, item.name)
            assert decode_value(hints[item.name], encode_value(value), item.name) == value
