"""``audiospoons simulate``: bot-only games of ``--game``, summed up."""

from __future__ import annotations

import argparse
import sys

from audiospoons.bots.levels import Level
from audiospoons.commands.optionvalues import game_options
from audiospoons.engine.errors import RulesError
from audiospoons.games.registry import GAMES
from audiospoons.simulate import simulate


def run(args: argparse.Namespace) -> int:
    """Bot-only games of ``--game``, summed up."""
    try:
        options = game_options(args)
        options.check_players(args.players)
        if args.games < 1:
            raise RulesError("--games must be 1 or more")
    except RulesError as error:
        print(f"audiospoons simulate: {error}", file=sys.stderr)
        return 2
    print(simulate(args.players, args.games, args.seed, options, Level(args.bots),
                   GAMES[args.game]).report())
    return 0
