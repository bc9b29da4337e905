"""Events and commands as JSON values, and back: pure.

Every event and command of every game (``RulesSpec.wire_modules``) is a frozen dataclass, known
on the wire by its class name (the games' class names differ, so one name space serves them
all), so one generic codec serves them all, led by the classes' own type hints: a card is written in
its notation ("10H", "TRAVELER-DK"), an enum by its value, a tuple as a list, ``None`` as null.
Decoding checks every field against its type and raises ``WireError`` saying what is wrong, so a
command from the network is either exactly a command or refused. The relay sends each seat only
``Event.seen_by`` of each event, so what a client can decode is only what that seat may know.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import MalformedCommand
from audiospoons.engine.events import Event
from audiospoons.games.registry import GAMES

JSON = Any
"""A value ``json`` reads or writes."""


class WireError(ValueError):
    """A value that is not what its message kind says it must be."""


def _kinds(base: type) -> dict[str, type]:
    """Every subclass of ``base`` in the games' wire modules, by its class name; a name two
    games give different classes is an error in the games, found here."""
    kinds: dict[str, type] = {}
    for spec in GAMES.values():
        for module in spec.wire_modules:
            for name, value in vars(module).items():
                if not (isinstance(value, type) and issubclass(value, base)
                        and dataclasses.is_dataclass(value)
                        and "__dataclass_fields__" in vars(value)) or value is base:
                    continue
                if kinds.setdefault(name, value) is not value:
                    raise TypeError(f"two games call different {base.__name__}s {name!r}")
    return kinds


@cache
def event_kinds() -> dict[str, type[Event]]:
    """Every event class by its name, as the ``kind`` of an event on the wire: every game's
    rules load at the first call."""
    return _kinds(Event)


@cache
def command_kinds() -> dict[str, type[Command]]:
    """Every command class by its lower-case name: the classic game's take, draw, pass, grab,
    react, feint, signal; Razz Spoons' choosephrase, playcard, drawcard, keep, sayphrase,
    grabspoon, announce, razz. Every game's rules load at the first call."""
    return {name.lower(): kind for name, kind in _kinds(Command).items()}


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def encode_value(value: object) -> JSON:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode_value(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise WireError(f"cannot send a {type(value).__name__}")


def encode_event(event: Event) -> dict[str, JSON]:
    """``{"kind": "SpoonGrabbed", "at": 1.25, "seat": 2, ...}``."""
    out: dict[str, JSON] = {"kind": type(event).__name__}
    for item in dataclasses.fields(event):
        out[item.name] = encode_value(getattr(event, item.name))
    return out


def encode_command(command: Command) -> dict[str, JSON]:
    """``{"kind": "pass", "card": "QS"}``; the seat is the connection's and a press's time the
    relay's: neither is sent."""
    out: dict[str, JSON] = {"kind": type(command).__name__.lower()}
    for item in dataclasses.fields(command):
        if item.name not in ("seat", "pressed_at"):
            out[item.name] = encode_value(getattr(command, item.name))
    return out


def decode_value(hint: Any, raw: JSON, where: str) -> object:
    """``raw`` as a value of the type ``hint``, or ``WireError``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if raw is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode_value(option, raw, where)
            except WireError as error:
                errors.append(str(error))
        raise WireError(errors[0] if errors else f"{where} must not be null")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(raw, list):
            raise WireError(f"{where} must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(args[0], item, where) for item in raw)
        if len(args) != len(raw):
            raise WireError(f"{where} must hold {len(args)} items")
        return tuple(decode_value(arg, item, where) for arg, item in zip(args, raw, strict=True))
    if hint is Card:
        if not isinstance(raw, str) or len(raw) > 16:
            raise WireError(f"{where} must be a card, such as \"10H\"")
        try:
            return parse_card(raw)
        except MalformedCommand as error:
            raise WireError(f"{where}: {error}") from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        for member in hint:
            if member.value == raw:
                return member
        raise WireError(f"{where} must be one of {', '.join(str(m.value) for m in hint)}")
    if hint is bool:
        if not isinstance(raw, bool):
            raise WireError(f"{where} must be true or false")
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise WireError(f"{where} must be a whole number")
        return raw
    if hint is float:
        if isinstance(raw, bool) or not isinstance(raw, int | float) or raw != raw:
            raise WireError(f"{where} must be a number")
        return float(raw)
    if hint is str:
        if not isinstance(raw, str):
            raise WireError(f"{where} must be text")
        return raw
    raise WireError(f"{where} has a type the wire does not carry")


def _decode_fields(kind: type, raw: dict[str, JSON], skip: tuple[str, ...],
                   **given: object) -> dict[str, Any]:
    hints = _hints(kind)
    values: dict[str, Any] = dict(given)
    names = set()
    for item in dataclasses.fields(kind):
        names.add(item.name)
        if item.name in skip:
            continue
        if item.name not in raw:
            if item.default is dataclasses.MISSING:
                raise WireError(f"{kind.__name__} needs {item.name!r}")
            continue
        values[item.name] = decode_value(hints[item.name], raw[item.name],
                                         f"{kind.__name__}.{item.name}")
    extra = set(raw) - names - {"kind"}
    if extra:
        raise WireError(f"{kind.__name__} has no field {sorted(extra)[0]!r}")
    return values


def decode_event(raw: JSON) -> Event:
    if not isinstance(raw, dict):
        raise WireError("an event must be an object")
    kind = event_kinds().get(str(raw.get("kind")))
    if kind is None:
        raise WireError(f"there is no event {raw.get('kind')!r}")
    event: Event = kind(**_decode_fields(kind, raw, ()))
    return event


def decode_command(raw: JSON, seat: int) -> Command:
    """A command from the network for ``seat``: exactly one of ``command_kinds``."""
    if not isinstance(raw, dict):
        raise WireError("a command must be an object")
    kind = command_kinds().get(str(raw.get("kind")))
    if kind is None:
        raise WireError(f"there is no command {raw.get('kind')!r}; the commands are"
                        f" {', '.join(sorted(command_kinds()))}")
    if "seat" in raw:
        raise WireError("a command names no seat: it is the sender's")
    if "pressed_at" in raw:
        raise WireError("a command carries no time: the relay dates a press itself")
    command: Command = kind(**_decode_fields(kind, raw, ("seat", "pressed_at"), seat=seat))
    return command
