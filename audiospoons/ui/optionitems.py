"""What every game's options screen shares, in words: the table's items (the number of players
and the bots' difficulty), how a value is said and written, and how the items are read back as
the option text a game's spec reads. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from babel.numbers import format_decimal

from audiospoons.bots.levels import LEVEL_NAMES
from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.ui.menu import Choice, Item, Number, Toggle
from audiospoons.voice.i18n import Messages

PLAYERS = "players"
BOTS = "bots"
PRESET = PRESET_KEY
"""The item of a game's presets, where it has any."""
CUSTOM = "custom"
"""The preset item's value when the options match no preset."""


def seconds(m: Messages, value: float) -> str:
    """'3 seconds', '1.5 seconds' ('1,5 segundos' in Spanish)."""
    number = format_decimal(value, locale=m.locale)
    count = int(value) if float(value).is_integer() else 2
    return m.ntr("unit.seconds", count, number=number)


def bot_level_words(m: Messages) -> dict[str, str]:
    return {"easy": m.tr("menu.options.bots.easy"), "normal": m.tr("menu.options.bots.normal"),
            "hard": m.tr("menu.options.bots.hard"), "expert": m.tr("menu.options.bots.expert")}


def table_items(players: int, bots: str, seats: tuple[int, int], m: Messages) -> list[Item]:
    """The number of players (a game seats ``seats``, low to high) and the bots' difficulty."""
    low, high = seats
    return [
        Number(PLAYERS, m.tr("menu.options.players"), float(players), min(low, players),
               max(high, players), 1, lambda v: m.ntr("menu.options.players.value", int(v)),
               m.tr("menu.options.players.about")),
        Choice(BOTS, m.tr("menu.options.bots"), LEVEL_NAMES, bots,
               tuple(bot_level_words(m).values()), m.tr("menu.options.bots.about")),
    ]


def show(value: float) -> str:
    """A number as option values write it: '3', '1.5'."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def item_value(item: Item) -> str:
    """An item's value as option text: 'discard', '3', '1.5', 'true'."""
    if isinstance(item, Choice):
        return item.value
    if isinstance(item, Number):
        return show(item.value)
    if isinstance(item, Toggle):
        return "true" if item.value else "false"
    raise TypeError(f"{item.key} has no value")


def changed_values(items: Mapping[str, Item], defaults: Mapping[str, str]) -> dict[str, str]:
    """The values the items show, for the option keys of ``defaults``, that differ from
    them."""
    chosen: dict[str, str] = {}
    for key, default in defaults.items():
        item = items.get(key)
        if item is not None and (value := item_value(item)) != default:
            chosen[key] = value
    return chosen


def parsed_values(values: Mapping[str, str],
                  parsers: Mapping[str, Callable[[object], object]]) -> dict[str, Any]:
    """The values saved as text, parsed by their option's parser, leaving out an unknown key
    and a value that no longer parses (the settings file may be older than the options)."""
    changes: dict[str, Any] = {}
    for key, raw in values.items():
        parse = parsers.get(key)
        if parse is None:
            continue
        try:
            changes[key] = parse(raw)
        except InvalidOptions:
            continue
    return changes
