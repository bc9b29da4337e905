"""How fast the rules engine plays whole bot-only games of Spoons.

For 4, 8 and 12 players with the default options (sudden-death scoring), this plays full games
with ``audiospoons.simulate.play_game`` and prints:

- games per second, by the wall clock (``time.perf_counter``) over all the timed games;
- mean and median CPU milliseconds per game (``time.process_time``, measured game by game);
- mean rounds per game and mean engine events per game;
- for 8 players, the mean CPU milliseconds per game through ``audiospoons.simulate.simulate``,
  as the command line's simulation plays them.

Every game has its own fixed seed, so a run plays the same games each time; only the timings
vary. Events are counted in a second, untimed pass over the same seeds (through ``play_game``'s
``watch`` hook), so counting them costs the timed games nothing. The run ends with the goal
"a full 8-player sudden-death game in at most 15 ms of CPU" and whether the median met it: a
printed figure, never a failure.

Run it from the project folder, in the virtual environment::

    python benchmarks/games_per_second.py              # 200 games at 4 players, 100 at 8, 67 at 12
    python benchmarks/games_per_second.py --games 50   # a quicker, rougher run
    python benchmarks/games_per_second.py --profile    # cProfile of 8-player games instead
    python benchmarks/games_per_second.py --option grabbing=realtime   # any game options

``--games N`` sets the 4-player count; larger tables play ``N * 4 / players`` games, as a game
costs roughly players squared (more rounds, each with more seats), which keeps the default run
well under a minute. ``--profile`` prints the top 25 functions by cumulative and by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from dataclasses import dataclass

from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.presets import with_preset
from audiospoons.simulate import SimulatedGame, play_game, simulate

TABLES: tuple[int, ...] = (4, 8, 12)
"""The player counts measured."""

BASE_PLAYERS = 4
"""``--games`` is the game count at this table; larger tables play proportionally fewer."""

GOAL_PLAYERS = 8
GOAL_MS = 15.0
"""The goal: a full 8-player sudden-death game in at most this many CPU milliseconds."""

PROFILE_TOP = 25
WARMUP_GAMES = 2


@dataclass(frozen=True, slots=True)
class TableResult:
    """The measurements for one player count."""

    players: int
    games: int
    wall_seconds: float
    cpu_ms: tuple[float, ...]
    rounds: tuple[int, ...]
    events: tuple[int, ...]
    stuck: int
    replay_mismatches: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall_seconds if self.wall_seconds > 0 else float("inf")

    @property
    def mean_cpu_ms(self) -> float:
        return statistics.fmean(self.cpu_ms)

    @property
    def median_cpu_ms(self) -> float:
        return statistics.median(self.cpu_ms)

    @property
    def mean_rounds(self) -> float:
        return statistics.fmean(self.rounds)

    @property
    def mean_events(self) -> float:
        return statistics.fmean(self.events)


def game_seed(base: int, players: int, game: int) -> int:
    """A distinct, fixed seed for game ``game`` at a table of ``players`` (game < 1,000,000)."""
    return base * 1_000_003 + players * 1_000_000 + game


def games_for(players: int, base_games: int) -> int:
    """Games to play at a table of ``players``: ``base_games`` at 4 players, scaled down."""
    return max(1, round(base_games * BASE_PLAYERS / players))


def count_events(players: int, options: Options, seed: int) -> tuple[int, SimulatedGame]:
    """Replay one game, counting every event the engine emitted."""
    total = 0

    def watch(_game: ClassicGame, events: list[Event]) -> None:
        nonlocal total
        total += len(events)

    record = play_game(players, options, seed, watch=watch)
    return total, record


def measure(players: int, games: int, base_seed: int, options: Options) -> TableResult:
    """Time ``games`` full games at a table of ``players``, then count their events untimed."""
    seeds = [game_seed(base_seed, players, n) for n in range(games)]
    for seed in seeds[:WARMUP_GAMES]:
        play_game(players, options, seed)

    records: list[SimulatedGame] = []
    cpu_ms: list[float] = []
    wall_started = time.perf_counter()
    for seed in seeds:
        cpu_started = time.process_time()
        records.append(play_game(players, options, seed))
        cpu_ms.append((time.process_time() - cpu_started) * 1000.0)
    wall_seconds = time.perf_counter() - wall_started

    events: list[int] = []
    mismatches = 0
    for seed, timed in zip(seeds, records, strict=True):
        count, again = count_events(players, options, seed)
        events.append(count)
        if (again.rounds, again.winners) != (timed.rounds, timed.winners):
            mismatches += 1

    return TableResult(
        players=players,
        games=games,
        wall_seconds=wall_seconds,
        cpu_ms=tuple(cpu_ms),
        rounds=tuple(r.rounds for r in records),
        events=tuple(events),
        stuck=sum(r.stuck for r in records),
        replay_mismatches=mismatches,
    )


def simulate_cpu_ms(players: int, games: int, base_seed: int, options: Options) -> float:
    """Mean CPU milliseconds per game of ``games`` games through ``simulate``."""
    started = time.process_time()
    simulate(players, games, base_seed, options)
    return (time.process_time() - started) * 1000.0 / games


def report(results: list[TableResult]) -> list[str]:
    header = (f"{'players':>7}  {'games':>5}  {'games/s':>8}  {'mean CPU ms':>11}"
              f"  {'median CPU ms':>13}  {'rounds/game':>11}  {'events/game':>11}")
    lines = [header, "-" * len(header)]
    for r in results:
        lines.append(
            f"{r.players:>7}  {r.games:>5}  {r.games_per_second:>8.1f}  {r.mean_cpu_ms:>11.2f}"
            f"  {r.median_cpu_ms:>13.2f}  {r.mean_rounds:>11.2f}  {r.mean_events:>11.1f}"
        )
    for r in results:
        if r.stuck:
            lines.append(f"warning: {r.stuck} stuck game(s) at {r.players} players")
        if r.replay_mismatches:
            lines.append(f"warning: {r.replay_mismatches} game(s) at {r.players} players played"
                         " differently when replayed with the same seed")
    return lines


def goal_line(results: list[TableResult]) -> str:
    goal = (f"goal: full {GOAL_PLAYERS}-player sudden-death game in at most {GOAL_MS:g} ms"
            " of CPU")
    for r in results:
        if r.players == GOAL_PLAYERS:
            median = r.median_cpu_ms
            verdict = "MET" if median <= GOAL_MS else f"NOT MET ({median / GOAL_MS:.1f}x the goal)"
            return f"{goal}: measured median {median:.2f} ms -> {verdict}"
    return f"{goal}: not measured"


def profile(games: int, base_seed: int, options: Options) -> None:
    """cProfile ``games`` 8-player games and print the top functions two ways."""
    seeds = [game_seed(base_seed, GOAL_PLAYERS, n) for n in range(games)]
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_game(GOAL_PLAYERS, options, seed)
    profiler.disable()
    print(f"cProfile of {games} full {GOAL_PLAYERS}-player games (default options)")
    for key, title in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
        print(f"\n=== top {PROFILE_TOP} by {title} ===")
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.strip_dirs().sort_stats(key).print_stats(PROFILE_TOP)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Full bot-only games per second at 4, 8 and 12 players (sudden-death).")
    parser.add_argument("--games", type=int, default=200,
                        help="games at 4 players; 8 and 12 players play N*4/players"
                             " (default: 200)")
    parser.add_argument("--seed", type=int, default=0,
                        help="base of the per-game seeds (default: 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (as in scenario files); repeat for more")
    parser.add_argument("--preset", metavar="NAME",
                        help="a preset, with any --option over it")
    parser.add_argument("--profile", action="store_true",
                        help=f"instead, cProfile {GOAL_PLAYERS}-player games (N/10 of them) and"
                             f" print the top {PROFILE_TOP} functions")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    values: dict[str, object] = dict(item.partition("=")[::2] for item in args.option)
    if args.preset:
        values = {PRESET_KEY: args.preset, **values}
    try:
        options = Options.from_mapping(with_preset(values))
    except RulesError as error:
        print(f"games_per_second: {error}", file=sys.stderr)
        return 2
    if args.profile:
        profile(max(1, args.games // 10), args.seed, options)
        return 0

    chosen = ", ".join(f"{key} = {value}" for key, value in values.items()) or "default options"
    print(f"audiospoons full-game benchmark: {chosen} (scoring = {options.scoring.value},"
          f" grabbing = {options.grabbing.value}), Python {sys.version.split()[0]}")
    results: list[TableResult] = []
    started = time.perf_counter()
    for players in TABLES:
        results.append(measure(players, games_for(players, args.games), args.seed, options))
    for line in report(results):
        print(line)
    print(goal_line(results))
    games = games_for(GOAL_PLAYERS, args.games)
    per_game = simulate_cpu_ms(GOAL_PLAYERS, games, args.seed, options)
    print(f"through simulate: {games} {GOAL_PLAYERS}-player games, {per_game:.2f} ms of CPU per"
          " game (mean)")
    print(f"(whole run, events pass included: {time.perf_counter() - started:.1f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
