"""How fast the Razz Spoons engine and its bots play whole bot-only games.

For 4 and 8 players (normal bots, default options unless ``--option`` says otherwise), this plays
full games on the Table with ``audiospoons.simulate.play_game`` and prints, per table: games per
second by the wall clock, mean and median CPU milliseconds per game (``time.process_time``, game
by game), rounds and events per game, and how many games got stuck (none should). Every game has
its own fixed seed, so a run plays the same games each time; only the timings vary.

Run it from the project folder, in the virtual environment::

    python benchmarks/razz_games.py                       # 100 games at each table
    python benchmarks/razz_games.py --games 20            # a quicker, rougher run
    python benchmarks/razz_games.py --option let_players_err=true --level expert
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from audiospoons.bots.levels import Level
from audiospoons.engine.errors import RulesError
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.registry import GAMES
from audiospoons.simulate import SimulatedGame, play_game

TABLES: tuple[int, ...] = (4, 8)
WARMUP_GAMES = 2


def measure(players: int, games: int, base_seed: int, options: RazzOptions, level: Level
            ) -> tuple[float, list[float], list[SimulatedGame]]:
    """Wall seconds, CPU ms per game, and the records of ``games`` games at ``players``."""
    seeds = [base_seed * 1_000_003 + players * 1_000 + n for n in range(games)]
    for seed in seeds[:WARMUP_GAMES]:
        play_game(players, options, seed, level=level, game=GAMES["razz"])
    cpu_ms: list[float] = []
    records: list[SimulatedGame] = []
    wall_started = time.perf_counter()
    for seed in seeds:
        cpu_started = time.process_time()
        records.append(play_game(players, options, seed, level=level, game=GAMES["razz"]))
        cpu_ms.append((time.process_time() - cpu_started) * 1000.0)
    return time.perf_counter() - wall_started, cpu_ms, records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Full bot-only Razz Spoons games per second.")
    parser.add_argument("--games", type=int, default=100, help="games per table (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="base of the per-game seeds")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a Razz option; repeat for more")
    parser.add_argument("--level", choices=[level.value for level in Level], default="normal")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    values = dict(item.partition("=")[::2] for item in args.option)
    try:
        options = RazzOptions.from_mapping(values)
    except RulesError as error:
        print(f"razz_games: {error}", file=sys.stderr)
        return 2
    level = Level(args.level)
    chosen = ", ".join(f"{key} = {value}" for key, value in options.describe().items())
    print(f"Razz Spoons full-game benchmark, {level.value} bots: {chosen};"
          f" Python {sys.version.split()[0]}")
    header = (f"{'players':>7}  {'games':>5}  {'games/s':>8}  {'mean CPU ms':>11}"
              f"  {'median CPU ms':>13}  {'rounds/game':>11}  {'events/game':>11}  {'stuck':>5}")
    print(header)
    print("-" * len(header))
    for players in TABLES:
        wall, cpu_ms, records = measure(players, args.games, args.seed, options, level)
        print(f"{players:>7}  {args.games:>5}  {args.games / wall:>8.1f}"
              f"  {statistics.fmean(cpu_ms):>11.2f}  {statistics.median(cpu_ms):>13.2f}"
              f"  {statistics.fmean(r.rounds for r in records):>11.2f}"
              f"  {statistics.fmean(r.events for r in records):>11.1f}"
              f"  {sum(r.stuck for r in records):>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
