"""A bot that plays a seat through the relay as a remote player would: it hears only the events
the relay sends its seat, and sends commands at the moments it means to. For tests and load
benchmarks; the same bots (``SimpleBot``, ``RazzBot``) play the seats of local games."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiospoons.bots.levels import BotPace, Level
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot
from audiospoons.games.registry import DEFAULT, game_named
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.wire import decode_event, encode_command

ANSWER_WAIT = 1.0
"""Seconds a remote bot waits for the answer to its command before it plans again."""


@dataclass(slots=True)
class BotSeatResult:
    """What one remote bot saw of one game."""

    seat: int
    events: list[Event] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    heard: list[dict[str, Any]] = field(default_factory=list)
    """Every other message: who left, who came back, chat."""
    over: bool = False


async def play_seat(client: RelayClient, started: dict[str, Any], *, seed: int = 0,
                    pace: BotPace | None = None, level: Level = Level.NORMAL,
                    timeout: float = 120.0, told: Sequence[Event] = (),
                    until: Callable[[Event], bool] | None = None) -> BotSeatResult:
    """Play the seat of ``started`` (a ``game_started`` message) until the game is over, or
    until an event for which ``until`` holds. ``told``: the game so far, for a seat taken
    back after a lost connection."""
    loop = asyncio.get_running_loop()
    seat = started["seat"]
    spec = game_named(str(started.get("game", DEFAULT)))
    ends = (spec.round_end, spec.game_over)
    """Events after which a bot waiting for the answer to its command plans again."""
    bot = seat_bot(started, seed, pace, level)
    result = BotSeatResult(seat)
    for event in told:
        bot.observe(event)
    origin = loop.time() - float(started.get("game_time", 0.0))
    deadline = loop.time() + timeout
    answer_by: float | None = None
    """After a command, the bot waits for the relay's answer (an event of its own seat, or a
    refusal) before it plans again, as a player waits to hear what their key did; or until this
    time, or the end of the round."""
    while not result.over:
        if loop.time() > deadline:
            raise RelayError(f"seat {seat}: the game did not end in {timeout:g} s")
        plan = bot.next_move() if answer_by is None or loop.time() > answer_by else None
        if answer_by is not None:
            wait: float | None = max(0.0, answer_by - loop.time())
        else:
            wait = None if plan is None else max(0.0, plan[0] - (loop.time() - origin))
        try:
            message = await client.receive(min(wait, 5.0) if wait is not None else 5.0)
        except RelayError as error:
            if "in time" not in str(error):
                raise
            message = None
        now = loop.time() - origin
        if message is None:
            if plan is not None and plan[0] <= now:
                client.send("command", command=encode_command(plan[1]))
                bot.moved(now)
                answer_by = loop.time() + ANSWER_WAIT
            continue
        if message["kind"] == "refused":
            answer_by = None
        if message["kind"] == "event":
            event = decode_event(message["event"])
            if getattr(event, "seat", None) == seat or isinstance(event, ends):
                answer_by = None
            result.events.append(event)
            bot.observe(event)
            result.over = isinstance(event, spec.game_over)
            if until is not None and until(event):
                return result
        elif message["kind"] == "refused":
            result.refusals.append(message["reason"])
            bot.refused(now, message["reason"])
        else:
            result.heard.append(message)
    return result


def seat_bot(started: dict[str, Any], seed: int, pace: BotPace | None, level: Level) -> Bot:
    """The bot for the game ``started`` says the room plays."""
    spec = game_named(str(started.get("game", DEFAULT)))
    options, _ = spec.read_options(started["options"])
    return spec.bot(int(started["seat"]), options, random.Random(seed), level, pace)
