"""What losing a round costs, and when the game is over.

- ``sudden-death``: no spoon, out of the game at once.
- ``letters``: a letter of the word per miss; the whole word and you are out.
- ``points``: a penalty point per miss; nobody goes out; the game is one round dealt by each
  player in turn, and the lowest total wins (ties share the win).
"""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import LetterGiven, PointAdded
from audiospoons.games.spoons.rules.options import Scoring
from audiospoons.games.spoons.rules.spoontable import SpoonTable


def miss(game: SpoonTable, seats: tuple[int, ...], *, at_once: bool = False) -> list[Event]:
    """Charge a miss to each of ``seats``; eliminations come last, in one event, marked
    ``at_once`` when a fight's aftermath took the seats out mid-round."""
    options = game.options
    if not seats:
        return []
    if options.scoring is Scoring.SUDDEN_DEATH:
        return game.eliminate(seats, at_once=at_once)
    events: list[Event] = []
    out: list[int] = []
    for index in seats:
        seat = game.seats[index]
        seat.misses += 1
        if options.scoring is Scoring.POINTS:
            events.append(PointAdded(game.now, index, seat.misses))
            continue
        events.append(LetterGiven(game.now, index, options.word[:seat.misses]))
        if seat.misses >= len(options.word):
            out.append(index)
    return events + game.eliminate(tuple(out), at_once=at_once)


def survivors_decide(game: SpoonTable) -> bool:
    """True when too few players (or teams) are left to play on."""
    if game.teams:
        return len(game.teams_in()) <= 1
    left = len(game.active_seats())
    joint = game.options.joint_winners_at_two and game.options.scoring is not Scoring.POINTS
    return left <= 1 or (joint and left == 2)


def game_finished(game: SpoonTable) -> bool:
    """Checked after each counted round."""
    if game.options.scoring is Scoring.POINTS:
        return game.counted_rounds >= len(game.seats) or len(game.active_seats()) <= 1
    return survivors_decide(game)


def winners(game: SpoonTable) -> tuple[int, ...]:
    """The seats that win: the survivors, or the lowest point totals among them."""
    active = game.active_seats()
    if game.teams:
        return tuple(sorted(seat for team in game.teams_in() for seat in team))
    if game.options.scoring is Scoring.POINTS and active:
        lowest = min(game.seats[i].misses for i in active)
        return tuple(i for i in active if game.seats[i].misses == lowest)
    return tuple(active)
