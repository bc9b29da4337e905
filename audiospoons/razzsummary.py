"""Bot-only games of Razz Spoons summed up, as ``audiospoons simulate --game razz`` prints them,
with the wall time they took (which the pure engine may not read)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from audiospoons.bots.levels import Level
from audiospoons.razz.options import RazzOptions
from audiospoons.razz.simulate import RazzRecord, play_razz_game


@dataclass(slots=True)
class RazzSummary:
    """What ``simulate_razz`` came to."""

    players: int
    games: list[RazzRecord]
    wall_seconds: float

    def report(self) -> str:
        games = self.games
        wins = [0.0] * self.players
        for record in games:
            for seat in record.winners:
                wins[seat] += 1 / len(record.winners)
        rounds = sum(record.rounds for record in games)
        seconds = sum(record.game_seconds for record in games)
        lines = [
            f"games: {len(games)}",
            f"rounds: {rounds}",
            f"mean game length: {seconds / len(games):.2f} game seconds",
            f"mean round length: {seconds / max(rounds, 1):.2f} game seconds",
            f"moves: {sum(len(record.commands) for record in games)}, refused:"
            f" {sum(record.refusals for record in games)}",
            "wins per seat (a shared win counts as a share): "
            + ", ".join(f"Seat {seat + 1}: {round(count, 2):g}"
                        for seat, count in enumerate(wins)),
        ]
        stuck = sum(record.stuck for record in games)
        if stuck:
            lines.append(f"stuck games (abandoned): {stuck}")
        lines.append(f"wall time: {self.wall_seconds:.3f} s")
        return "\n".join(lines)


def simulate_razz(players: int, games: int, seed: int, options: RazzOptions,
                  level: Level = Level.NORMAL) -> RazzSummary:
    """``games`` bot-only games of Razz Spoons; game ``n`` is seeded from ``seed`` and ``n``."""
    started = time.perf_counter()
    records = [play_razz_game(players, options, seed * 1_000_003 + n, level)
               for n in range(games)]
    return RazzSummary(players, records, time.perf_counter() - started)
