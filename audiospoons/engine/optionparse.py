"""Reading option values from text (the menus, ``--option key=value``, a room on the relay) and
writing them back: shared by the options of every game. Pure."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from audiospoons.engine.errors import InvalidOptions

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Parser = Callable[[object], object]


PRESET_KEY = "preset"
"""The key that names a preset among option values, as in a scenario's ``[options]``."""

def enum_option(kind: type[Enum], key: str) -> Parser:
    """A member of ``kind``, by its value (case ignored); an enum member as it is."""

    def parse(raw: object) -> object:
        if isinstance(raw, kind):
            return raw
        text = str(raw).strip().lower()
        for member in kind:
            if member.value == text:
                return member
        allowed = ", ".join(str(m.value) for m in kind)
        raise InvalidOptions(f"{key} = {raw!r} is not one of: {allowed}")

    return parse


def number_option(key: str, minimum: float, *, integer: bool = False, or_zero: bool = False,
                  allow_random: bool = False, choices: tuple[int, ...] = (),
                  maximum: float | None = None) -> Parser:
    """A finite number of at least ``minimum`` (``or_zero``: or 0, for none) and at most
    ``maximum``; ``integer``: a whole one; ``allow_random``: or "random" (None); ``choices``:
    one of these."""

    def parse(raw: object) -> object:
        if allow_random and str(raw).strip().lower() == "random":
            return None
        if isinstance(raw, bool):
            raise InvalidOptions(f"{key} takes a number, not {raw!r}")
        try:
            value = float(str(raw).strip())
        except ValueError:
            raise InvalidOptions(f"{key} = {raw!r} is not a number") from None
        if not math.isfinite(value):
            raise InvalidOptions(f"{key} = {raw!r} is not a number")
        if integer and not value.is_integer():
            raise InvalidOptions(f"{key} takes a whole number, not {raw!r}")
        if value < minimum and not (or_zero and value == 0):
            zero = "0 for none, or " if or_zero else ""
            raise InvalidOptions(f"{key} must be {zero}{minimum:g} or more, not {raw!r}")
        if maximum is not None and value > maximum:
            raise InvalidOptions(f"{key} must be {maximum:g} or less, not {raw!r}")
        if choices and int(value) not in choices:
            raise InvalidOptions(f"{key} must be one of {', '.join(map(str, choices))}")
        return int(value) if integer else value

    return parse


def boolean_option(key: str) -> Parser:
    def parse(raw: object) -> object:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise InvalidOptions(f"{key} = {raw!r} is not true or false")

    return parse


def show_option(value: object) -> str:
    """A value as text, as ``from_mapping`` reads it back."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its key, what it accepts, a line saying what it does, the parser
    of its value, and how a value is written back (as a scenario file writes it)."""

    key: str
    accepts: str
    description: str
    parse: Parser
    show: Callable[[object], str] = show_option


OptionsT = TypeVar("OptionsT", bound="DataclassInstance")
"""A game's options: a frozen dataclass whose every field has a default."""


def options_from(kind: type[OptionsT], specs: Sequence[OptionSpec],
                 values: Mapping[str, object]) -> OptionsT:
    """``kind``'s options from ``key -> value`` text (the defaults for the keys not given); an
    unknown key or a bad value raises ``InvalidOptions`` saying what is accepted."""
    by_key = {spec.key: spec for spec in specs}
    changes: dict[str, Any] = {}
    for key, raw in values.items():
        spec = by_key.get(key)
        if spec is None:
            known = ", ".join(spec.key for spec in specs)
            raise InvalidOptions(f"there is no option {key!r}; the options are: {known}")
        changes[key] = spec.parse(raw)
    options: OptionsT = replace(kind(), **changes)
    return options


def describe_options(options: object, specs: Sequence[OptionSpec]) -> dict[str, str]:
    """Each option's value as ``options_from`` reads it back."""
    return {spec.key: spec.show(getattr(options, spec.key)) for spec in specs}
