"""Bot-only games of any game, on the Table, in virtual time: nothing sleeps, the clock jumps to
the next thing to happen.

``play_game`` runs one game to its end and ``simulate`` many, summing them up. The same seed
gives the same games; only the wall time differs from run to run.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiospoons.bots.levels import Level
from audiospoons.bots.names import bot_names
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, GameOptions, Rules
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.games.scenariofile import ScriptLine
from audiospoons.games.spec import RulesSpec
from audiospoons.table import Table

GAME_TIME_CAP = 100_000.0
"""Virtual seconds after which a game is abandoned as stuck and counted as such."""

STEP_CAP = 1_000_000
"""Steps (timers fired or moves tried) after which a game is abandoned as stuck."""

Watch = Callable[[Any, list[Event]], None]
"""Sees the game and the events after every step (tests)."""


@dataclass(slots=True)
class SimulatedGame:
    """What one simulated game came to."""

    rounds: int = 0
    round_seconds: list[float] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    game_seconds: float = 0.0
    events: int = 0
    stuck: bool = False
    commands: list[tuple[float, Command]] = field(default_factory=list)
    refusals: int = 0
    refused_though_allowed: list[tuple[float, Command, str]] = field(default_factory=list)
    """Moves that the rules' ``allows`` said would go through, and were refused: always a
    bug."""


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


def new_game(players: int, options: GameOptions, seed: int,
             names: Sequence[str] | None = None, level: Levels = Level.NORMAL,
             game: RulesSpec = GAMES[DEFAULT]) -> tuple[Rules, list[Bot]]:
    """The game and bots that ``play_game`` plays with this seed; ``names`` change only what
    the seats are called."""
    seeds = random.Random(seed)
    rules = game.deal(list(names or seat_names(players)), options,
                      random.Random(seeds.getrandbits(64)), seeds.randrange(players))
    bots = [game.bot(seat, options, random.Random(seeds.getrandbits(64)), each, None)
            for seat, each in enumerate(seat_levels(players, level))]
    return rules, bots


def play_game(players: int, options: GameOptions, seed: int, watch: Watch | None = None,
              interject: Callable[[Any, float], Command | None] | None = None,
              level: Levels = Level.NORMAL, names: Sequence[str] | None = None,
              game: RulesSpec = GAMES[DEFAULT]) -> SimulatedGame:
    """One bot-only game of ``game``, with bots of ``level`` (one for all, or one per seat in
    turn). For tests: ``watch`` sees the game after every step, and ``interject`` may slip in
    a command of its own just before a bot's move (a refusal of it is ignored). A bot's move
    the rules refused is asked of their ``allows``, and a refusal it allowed is kept as a bug:
    a refusal changes nothing, so ``allows`` then answers for the very moment of the move, and
    the moves that went through cost no asking.
    The record keeps every accepted command with its time, enough to replay the game on
    ``new_game``."""
    rules, bots = new_game(players, options, seed, names, level, game)
    table: Table[Rules, Bot] = Table(rules, bots)
    record = SimulatedGame()
    round_start = 0.0

    def count(rules: Rules, events: list[Event]) -> None:
        nonlocal round_start
        record.events += len(events)
        for event in events:
            if isinstance(event, game.round_start):
                round_start = event.at
            elif isinstance(event, game.round_end):
                record.rounds += 1
                record.round_seconds.append(event.at - round_start)
                round_start = event.at

    def refused(at: float, command: Command, error: RulesError) -> None:
        record.refusals += 1
        if rules.allows(command):
            record.refused_though_allowed.append((at, command, str(error)))

    table.watchers.append(count)
    if watch is not None:
        table.watchers.append(watch)
    table.refusal_watchers.append(refused)
    table.start()
    steps = 0
    while not rules.over:
        steps += 1
        due = table.next_due()
        if due is None or due[0] > GAME_TIME_CAP or steps > STEP_CAP:
            record.stuck = True
            break
        at, mover = due
        extra = interject(rules, at) if interject is not None and mover is not None else None
        if mover is not None and extra is not None:
            table.touch(mover)
            with contextlib.suppress(RulesError):
                table.submit(extra, at)
            continue
        table.step(due)
    record.winners = rules.winners
    record.commands = table.log
    record.game_seconds = rules.now
    return record


@dataclass(slots=True)
class Summary:
    """What ``simulate`` came to."""

    players: int
    games: list[SimulatedGame]
    wall_seconds: float

    def report(self) -> str:
        games = self.games
        lengths = [seconds for record in games for seconds in record.round_seconds]
        wins = [0.0] * self.players
        for record in games:
            for seat in record.winners:
                wins[seat] += 1 / len(record.winners)
        lines = [
            f"games: {len(games)}",
            f"rounds: {sum(record.rounds for record in games)}",
            f"mean game length: {sum(g.game_seconds for g in games) / len(games):.2f}"
            " game seconds",
            f"mean round length: {sum(lengths) / max(len(lengths), 1):.2f} game seconds",
            f"moves: {sum(len(record.commands) for record in games)}, refused:"
            f" {sum(record.refusals for record in games)}",
            "wins per seat (a shared win counts as a share): "
            + ", ".join(f"{name}: {round(count, 2):g}"
                        for name, count in zip(seat_names(self.players), wins, strict=True)),
        ]
        stuck = sum(record.stuck for record in games)
        if stuck:
            lines.append(f"stuck games (abandoned): {stuck}")
        lines.append(f"wall time: {self.wall_seconds:.3f} s")
        return "\n".join(lines)


def bot_game_script(players: int, options: GameOptions, seed: int, level: Levels = Level.NORMAL,
                    game: RulesSpec = GAMES[DEFAULT]) -> tuple[Rules, list[ScriptLine]]:
    """A whole bot game as a fresh game and the timed commands that play it, to be heard: the
    seats named from ``BOT_NAMES``."""
    record = play_game(players, options, seed, level=level, game=game)
    names = bot_names(players)
    rules, _ = new_game(players, options, seed, names, level, game)
    script = [ScriptLine(at, command, f"{names[command.seat]} {type(command).__name__.lower()}")
              for at, command in record.commands]
    return rules, script


def simulate(players: int, games: int, seed: int, options: GameOptions,
             level: Levels = Level.NORMAL, game: RulesSpec = GAMES[DEFAULT]) -> Summary:
    """``games`` bot-only games of ``game``; game ``n`` is seeded from ``seed`` and ``n``."""
    started = time.perf_counter()
    records = [play_game(players, options, seed * 1_000_003 + n, level=level, game=game)
               for n in range(games)]
    return Summary(players, records, time.perf_counter() - started)
