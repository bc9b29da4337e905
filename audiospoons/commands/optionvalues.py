"""A game's options as the command line gives them: ``--option key=value`` pairs, led by a
``--preset``."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from audiospoons.engine.errors import RulesError
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.engine.rules import GameOptions
from audiospoons.games.registry import GAMES


def game_options(args: argparse.Namespace) -> GameOptions:
    """The options of ``--game``: ``--preset``'s, where the game has presets, with
    ``--option`` over them."""
    options, _ = GAMES[args.game].read_options(option_values(preset_pairs(args)))
    return options


def preset_pairs(args: argparse.Namespace) -> list[str]:
    """The ``--option`` pairs, led by the ``--preset`` if one was given."""
    lead = [f"{PRESET_KEY}={args.preset}"] if args.preset else []
    return [*lead, *args.option]


def play_values(saved: Mapping[str, str], args: argparse.Namespace) -> dict[str, str]:
    """The option values a ``play`` reads: the saved ones with ``--option`` over them; or,
    with ``--preset``, the preset with ``--option`` over it (the saved options set aside):
    the game reads the preset, or refuses it if it has none."""
    given = option_values(args.option)
    if args.preset:
        return {PRESET_KEY: args.preset, **given}
    return {**saved, **given}


def check_options(game: str, values: Mapping[str, str]) -> None:
    """Raise ``RulesError`` if ``values`` (a preset among them) are not options of ``game``."""
    GAMES[game].read_options(values)


def option_values(pairs: Sequence[str]) -> dict[str, str]:
    """``key=value`` strings as a mapping of option keys to their values, as text."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals:
            raise RulesError(f"--option {pair!r}: write key=value, as in grab_time_limit=5")
        values[key.strip()] = value.strip()
    return values
