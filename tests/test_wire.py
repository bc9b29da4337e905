"""Every event and command crosses the wire and comes back the same, whatever its fields."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from typing import Any

import pytest

from audiospoons.engine.cards import Card, parse_card
from audiospoons.net.wire import (
    WireError,
    _hints,
    command_kinds,
    decode_command,
    decode_event,
    encode_command,
    encode_event,
    event_kinds,
)


def sample(hint: Any) -> object:
    """A value of type ``hint`` unlike its default: the last member of an enum, a card, one
    item in a tuple."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return sample(next(arg for arg in typing.get_args(hint) if arg is not type(None)))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0]),)
        return tuple(sample(arg) for arg in args)
    if hint is Card:
        return parse_card("10H")
    if isinstance(hint, type) and issubclass(hint, Enum):
        return list(hint)[-1]
    return {bool: True, int: 1, float: 1.5, str: "x"}[hint]


def built(kind: type, *, leave: tuple[str, ...] = ()) -> Any:
    """An instance of ``kind`` with a sample in every field but those to ``leave`` at their
    default."""
    hints = _hints(kind)
    return kind(**{item.name: sample(hints[item.name]) for item in dataclasses.fields(kind)
                   if item.name not in leave})


@pytest.mark.parametrize("name", sorted(event_kinds()))
def test_every_event_comes_back_from_the_wire_as_it_went(name: str) -> None:
    event = built(event_kinds()[name])
    line = json.loads(json.dumps(encode_event(event)))
    assert line["kind"] == name
    assert decode_event(line) == event


@pytest.mark.parametrize("name", sorted(command_kinds()))
def test_every_command_comes_back_from_the_wire_as_it_went(name: str) -> None:
    command = built(command_kinds()[name], leave=("pressed_at",))
    line = json.loads(json.dumps(encode_command(command)))
    assert line["kind"] == name and "seat" not in line
    assert decode_command(line, command.seat) == command


@pytest.mark.parametrize("name", ["react", "grab", "grabspoon"])
def test_a_press_dated_by_the_client_is_refused_and_never_sent(name: str) -> None:
    """Only the relay dates a press: a client's date is an error, and none goes out."""
    dated = built(command_kinds()[name])
    assert dated.pressed_at == 1.5
    assert "pressed_at" not in encode_command(dated)
    with pytest.raises(WireError, match="the relay dates a press itself"):
        decode_command({"kind": name, "pressed_at": 0.1}, 1)
