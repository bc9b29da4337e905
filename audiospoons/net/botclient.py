"""A bot that plays a seat through the relay as a remote player would: it hears only the events
the relay sends its seat, and sends commands at the moments it means to. For tests and load
benchmarks; the same ``SimpleBot`` plays the seats of local games."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from audiospoons.bots.levels import Level, Pace
from audiospoons.bots.simple import SimpleBot
from audiospoons.engine.events import Event, GameOver
from audiospoons.engine.options import Options
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
    over: bool = False


async def play_seat(client: RelayClient, started: dict[str, Any], *, seed: int = 0,
                    pace: Pace | None = None, level: Level = Level.NORMAL,
                    timeout: float = 120.0) -> BotSeatResult:
    """Play the seat of ``started`` (a ``game_started`` message) until the game is over."""
    loop = asyncio.get_running_loop()
    seat = started["seat"]
    options = Options.from_mapping(started["options"])
    bot = SimpleBot(seat, options, random.Random(seed), pace, level)
    result = BotSeatResult(seat)
    origin = loop.time()
    deadline = origin + timeout
    answer_by: float | None = None
    """After a command, the bot waits for the relay's answer (its event, or a refusal) before it
    plans again, as a player waits to hear what their key did; or until this time."""
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
        answer_by = None
        if message["kind"] == "event":
            event = decode_event(message["event"])
            result.events.append(event)
            bot.observe(event)
            result.over = isinstance(event, GameOver)
        elif message["kind"] == "refused":
            result.refusals.append(message["reason"])
            bot.refused(now, message["reason"])
    return result
