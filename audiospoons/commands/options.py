"""``audiospoons options``: a game's options, with their defaults."""

from __future__ import annotations

import argparse

from audiospoons.games.registry import GAMES


def run(args: argparse.Namespace) -> int:
    game = GAMES[args.game]
    defaults = game.read_options({})[0].describe()
    for spec in game.option_docs:
        print(f"{spec.key} = {defaults[spec.key]}  ({spec.accepts})\n    {spec.description}")
    return 0
