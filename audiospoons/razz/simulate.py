"""Bot-only games of Razz Spoons in virtual time: the clock jumps to the next thing to happen.

A small host of its own, in the Table's shape (each bot gets ``Event.seen_by`` of every event,
a timer at the very time of a move fires first, the lower seat moves first among equal times),
so that the rules and the bots can be run, checked and timed before Razz joins the Table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from audiospoons.bots.levels import Level
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import Event
from audiospoons.razz.bots import RazzBot
from audiospoons.razz.events import GameWon, RoundWon
from audiospoons.razz.game import RazzGame
from audiospoons.razz.options import RazzOptions

GAME_TIME_CAP = 100_000.0
"""Virtual seconds after which a game is abandoned as stuck."""

STEP_CAP = 1_000_000
"""Steps (timers fired or moves tried) after which a game is abandoned as stuck."""

Watch = Callable[[RazzGame, list[Event]], None]


@dataclass(slots=True)
class RazzRecord:
    """What one bot-only game came to."""

    rounds: int = 0
    winners: tuple[int, ...] = ()
    game_seconds: float = 0.0
    events: int = 0
    stuck: bool = False
    commands: list[tuple[float, Command]] = field(default_factory=list)
    refusals: int = 0
    refused_though_allowed: list[tuple[float, Command, str]] = field(default_factory=list)
    """Moves that ``RazzGame.allows`` said would go through, and were refused: always a bug."""


def seat_levels(players: int, level: Level | Sequence[Level]) -> list[Level]:
    """One level for all, or levels taken in turn round the table."""
    if isinstance(level, Level):
        return [level] * players
    if not level:
        raise ValueError("give at least one bot level")
    return [level[i % len(level)] for i in range(players)]


def new_razz_game(players: int, options: RazzOptions, seed: int,
                  level: Level | Sequence[Level] = Level.NORMAL,
                  names: Sequence[str] | None = None) -> tuple[RazzGame, list[RazzBot]]:
    seeds = random.Random(seed)
    names = [f"Seat {n}" for n in range(1, players + 1)] if names is None else names
    game = RazzGame(list(names), options,
                    random.Random(seeds.getrandbits(64)), dealer=seeds.randrange(players))
    bots = [RazzBot(seat, options, random.Random(seeds.getrandbits(64)), each)
            for seat, each in enumerate(seat_levels(players, level))]
    return game, bots


def play_razz_game(players: int, options: RazzOptions, seed: int,
                   level: Level | Sequence[Level] = Level.NORMAL,
                   watch: Watch | None = None, names: Sequence[str] | None = None
                   ) -> RazzRecord:
    """One bot-only game; ``watch`` sees the game and the events after every step."""
    game, bots = new_razz_game(players, options, seed, level, names)
    record = RazzRecord()
    plans: dict[int, tuple[float, Command]] = {}
    touched = set(range(players))

    def deliver(events: list[Event]) -> None:
        record.events += len(events)
        for event in events:
            if isinstance(event, RoundWon):
                record.rounds += 1
            elif isinstance(event, GameWon):
                record.winners = event.winners
            for bot in bots:
                seen = event.seen_by(bot.seat)
                if seen is not None and bot.observe(seen):
                    touched.add(bot.seat)
        if watch is not None:
            watch(game, events)

    deliver(game.start())
    steps = 0
    while not game.over:
        steps += 1
        for seat in touched:
            plan = bots[seat].next_move()
            if plan is None:
                plans.pop(seat, None)
            else:
                plans[seat] = plan
        touched.clear()
        deadline = game.next_deadline()
        mover = min(plans, key=lambda seat: (plans[seat][0], seat)) if plans else None
        due = deadline if mover is None else plans[mover][0]
        if due is None or due > GAME_TIME_CAP or steps > STEP_CAP:
            record.stuck = True
            break
        if mover is None or (deadline is not None and deadline <= due):
            assert deadline is not None
            deliver(game.advance(deadline))
            continue
        at = max(due, game.now)
        command = plans[mover][1]
        touched.add(mover)
        allowed = game.allows(command)
        try:
            events = game.handle(command, at)
        except SpoonsError as error:
            record.refusals += 1
            if allowed:
                record.refused_though_allowed.append((at, command, str(error)))
            bots[mover].refused(at, error.reason)
            continue
        bots[mover].moved(at)
        record.commands.append((at, command))
        deliver(events)
    record.game_seconds = game.now
    return record

