"""Bot-only games in virtual time: nothing sleeps, the clock jumps to the next thing to happen.

``play_game`` runs one game to its end and ``simulate`` many, summing them up. The same seed
gives the same games; only the wall time differs from run to run.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from audiospoons.bots.levels import Level
from audiospoons.bots.simple import SimpleBot, make_bot
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import (
    Event,
    GameOver,
    RoundEnded,
    RoundStarted,
)
from audiospoons.engine.game import ClassicGame
from audiospoons.engine.options import Options
from audiospoons.replay.scenario import ScriptLine
from audiospoons.table import Table

GAME_TIME_CAP = 100_000.0
"""Virtual seconds after which a game is abandoned as stuck and counted as such."""


@dataclass(slots=True)
class GameRecord:
    """What one simulated game came to."""

    rounds: int = 0
    round_seconds: list[float] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    game_seconds: float = 0.0
    stuck: bool = False
    commands: list[tuple[float, Command]] = field(default_factory=list)


BOT_NAMES = ("Andrew", "Britany", "Chris", "Debra", "Ellen", "Frank", "Giana", "Henry", "Ivy",
             "Jack", "Kim", "Leo", "Maya", "Nick", "Olga", "Paul", "Quinn", "Rosa", "Sam",
             "Tina", "Uma", "Victor", "Wendy", "Xavier", "Yara", "Zack")
"""Names to hear bot games with: seed 000's players first, then one for each letter."""


def bot_names(count: int, skip: int = 0) -> list[str]:
    """``count`` distinct names from ``BOT_NAMES`` after the first ``skip``; past the end of
    the list, a letter's name takes a number ("Andrew 2")."""
    names = []
    for index in range(skip, skip + count):
        lap, place = divmod(index, len(BOT_NAMES))
        names.append(BOT_NAMES[place] if lap == 0 else f"{BOT_NAMES[place]} {lap + 1}")
    return names


def seat_names(players: int) -> list[str]:
    return [f"Seat {n}" for n in range(1, players + 1)]


Levels = Level | Sequence[Level]
"""One difficulty level for every bot, or one per seat."""


def seat_levels(players: int, level: Levels) -> list[Level]:
    """Each seat's level: ``level`` for all, or a sequence of them taken in turn round the table
    (``[EXPERT, EASY]`` alternates)."""
    if isinstance(level, Level):
        return [level] * players
    if not level:
        raise ValueError("give at least one bot level")
    return [level[i % len(level)] for i in range(players)]


def new_game(players: int, options: Options, seed: int, names: Sequence[str] | None = None,
             level: Levels = Level.NORMAL) -> tuple[ClassicGame, list[SimpleBot]]:
    """The game and bots that ``play_game`` plays with this seed; ``names`` change only what
    the seats are called."""
    seeds = random.Random(seed)
    game = ClassicGame(names or seat_names(players), options,
                       random.Random(seeds.getrandbits(64)), dealer=seeds.randrange(players))
    bots = [make_bot(i, options, random.Random(seeds.getrandbits(64)), each)
            for i, each in enumerate(seat_levels(players, level))]
    return game, bots


def play_game(players: int, options: Options, seed: int,
              watch: Callable[[ClassicGame, list[Event]], None] | None = None,
              interject: Callable[[ClassicGame, float], Command | None] | None = None,
              level: Levels = Level.NORMAL) -> GameRecord:
    """One bot-only game, with bots of ``level`` (one for all, or one per seat in turn). For
    tests: ``watch`` sees the game after every step, and ``interject`` may slip in a command of
    its own just before a bot's move (a refusal of it is ignored). The record keeps every
    accepted command with its time, enough to replay the game on ``new_game``."""
    game, bots = new_game(players, options, seed, level=level)
    table = Table(game, bots)
    record = GameRecord()
    round_start = 0.0

    def count(game: ClassicGame, events: list[Event]) -> None:
        nonlocal round_start
        for event in events:
            if isinstance(event, RoundStarted):
                round_start = event.at
            elif isinstance(event, RoundEnded):
                record.rounds += 1
                record.round_seconds.append(event.at - round_start)
            elif isinstance(event, GameOver):
                record.winners = event.winners

    table.watchers.append(count)
    if watch is not None:
        table.watchers.append(watch)
    table.start()
    while not game.over:
        due = table.next_due()
        if due is None or due[0] > GAME_TIME_CAP:
            record.stuck = True
            break
        at, mover = due
        extra = interject(game, at) if interject is not None and mover is not None else None
        if mover is not None and extra is not None:
            table.touch(mover)
            with contextlib.suppress(SpoonsError):
                table.submit(extra, at)
            continue
        table.step(due)
    record.commands = table.log
    record.game_seconds = game.now
    return record


@dataclass(slots=True)
class Summary:
    players: int
    games: list[GameRecord]
    wall_seconds: float

    def report(self) -> str:
        rounds = sum(g.rounds for g in self.games)
        lengths = [s for g in self.games for s in g.round_seconds]
        mean = sum(lengths) / len(lengths) if lengths else 0.0
        wins = [0.0] * self.players
        for record in self.games:
            for seat in record.winners:
                wins[seat] += 1 / len(record.winners)
        names = seat_names(self.players)
        lines = [
            f"games: {len(self.games)}",
            f"rounds: {rounds}",
            f"mean round length: {mean:.2f} game seconds",
            "wins per seat (a shared win counts as a share): "
            + ", ".join(f"{name}: {round(count, 2):g}"
                        for name, count in zip(names, wins, strict=True)),
        ]
        stuck = sum(g.stuck for g in self.games)
        if stuck:
            lines.append(f"stuck games (abandoned): {stuck}")
        lines.append(f"wall time: {self.wall_seconds:.3f} s")
        return "\n".join(lines)


def bot_game_script(players: int, options: Options, seed: int, level: Levels = Level.NORMAL,
                    ) -> tuple[ClassicGame, list[ScriptLine]]:
    """A whole bot game as a fresh game and the timed commands that play it, to be heard: the
    seats named from ``BOT_NAMES``."""
    record = play_game(players, options, seed, level=level)
    names = bot_names(players)
    game, _ = new_game(players, options, seed, names, level)
    script = [ScriptLine(at, command, f"{names[command.seat]} {type(command).__name__.lower()}")
              for at, command in record.commands]
    return game, script


def simulate(players: int, games: int, seed: int, options: Options,
             level: Levels = Level.NORMAL) -> Summary:
    """``games`` bot-only games; game ``n`` is seeded from ``seed`` and ``n``."""
    started = time.perf_counter()
    records = [play_game(players, options, seed * 1_000_003 + n, level=level)
               for n in range(games)]
    return Summary(players, records, time.perf_counter() - started)
