"""A relay's bots wait for what the table's people are being told, over real TCP sockets on
127.0.0.1: a player who says their reader speaks slowly (``hearing``) is not played past; one
who says nothing is not waited for; a rate out of range is refused."""

from __future__ import annotations

import asyncio
import json

from test_relay import connect, with_relay

from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.commands import ChoosePhrase, DrawCard, Keep, SayPhrase
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    KingAimed,
    PhraseOwed,
    PhraseWanted,
    TurnBegan,
)
from audiospoons.net.client import RelayClient
from audiospoons.net.server import Relay
from audiospoons.net.telling import FASTEST_RATE
from audiospoons.net.wire import decode_event, encode_command
from audiospoons.table import HEARING_WAIT_LIMIT
from audiospoons.voice.linequeue import reader_seconds

SLOW = 80
"""Words a minute: at this rate the shortest line of the play takes over three seconds."""
BOT_MOVES = 2


async def bot_moves_heard(port: int, rate: int | None) -> list[tuple[Event, Event]]:
    """Ann (saying she listens at ``rate``, or saying nothing) opens a Razz Spoons room with
    three bots and starts it; the bots' first moves of the play that open their turn, each with
    the turn's beginning (told with the move before it). Ann chooses the phrase if she deals,
    says it when she owes it, takes a King's cards with it, and draws when her turn comes."""
    ann: RelayClient = await connect(port, "Ann")
    if rate is not None:
        ann.send("hearing", rate=rate, verbosity="brief")
    ann.send("create_room", game="razz")
    await ann.expect("room")
    for _ in range(3):
        ann.send("add_bot")
        await ann.expect("room")
    ann.send("start")
    start = await ann.expect("game_started")
    seat = int(start["seat"])
    moves: list[tuple[Event, Event]] = []
    before: Event | None = None
    while len(moves) < BOT_MOVES:
        message = await ann.expect("event", timeout=30.0)
        event = decode_event(message["event"])
        if isinstance(event, PhraseWanted) and event.seat == seat:
            ann.send("command", command=encode_command(ChoosePhrase(seat, "Doh")))
        elif isinstance(event, TurnBegan):
            if event.seat == seat:
                ann.send("command", command=encode_command(DrawCard(seat)))
        elif ((isinstance(event, PhraseOwed) and event.seat == seat)
              or (isinstance(event, KingAimed) and event.target == seat)):
            ann.send("command", command=encode_command(SayPhrase(seat)))
        elif (isinstance(before, TurnBegan) and isinstance(event, CardPlayed | CardKept)
              and event.seat == before.seat != seat):
            moves.append((before, event))
        elif isinstance(event, CardsDrawn) and event.seat == seat and event.playable:
            ann.send("command", command=encode_command(Keep(seat)))
        before = event
    await ann.close()
    return moves


def test_bots_wait_for_a_slow_readers_telling_of_the_last_move() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        shortest = reader_seconds("Bob draws a card.", SLOW)
        assert shortest > 3.0
        for before, move in await bot_moves_heard(port, SLOW):
            assert move.at - before.at >= min(shortest, HEARING_WAIT_LIMIT) - 0.05, (before, move)

    with_relay(scenario, timeout=120.0)



def test_a_rate_out_of_range_is_refused_and_a_good_one_is_taken() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        ann.send("hearing", rate=20)
        assert (await ann.expect("error"))["code"] == "bad-field"
        ann.send("hearing", rate=200, verbosity="chatty")
        assert (await ann.expect("error"))["code"] == "bad-field"
        ann.listen(200, "full")
        ann.send("ping", t=1)
        await ann.expect("pong")
        listening = next(iter(relay.clients)).listening
        assert listening is not None and (listening.rate, listening.verbosity) == (200, "full")
        await ann.close()

    with_relay(scenario)


def test_a_player_who_says_nothing_of_their_reader_is_not_waited_for() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        gaps = [move.at - before.at for before, move in await bot_moves_heard(port, None)]
        assert min(gaps) < reader_seconds("Bob draws a card.", SLOW) - 1.0, gaps

    with_relay(scenario, timeout=120.0)


def test_a_relay_whose_hello_does_not_say_hearing_is_not_sent_it() -> None:
    """An older relay would refuse ``hearing``, and its refusal could be taken for the answer
    to a rejoin sent just after: the client tells only a relay that said it takes it."""
    received: list[dict[str, object]] = []

    async def older_relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            message = json.loads(line)
            received.append(message)
            if message["kind"] == "hello":
                writer.write(b'{"kind": "hello", "version": 2, "name": "Ann"}\n')
            elif message["kind"] == "ping":
                writer.write(b'{"kind": "pong", "t": 1}\n')
            await writer.drain()

    async def main() -> None:
        server = await asyncio.start_server(older_relay, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        ann = await RelayClient.connect("127.0.0.1", port, "Ann")
        ann.listen(175, "brief")
        ann.send("ping", t=1)
        await ann.expect("pong")
        await ann.close()
        server.close()
        await server.wait_closed()

    asyncio.run(asyncio.wait_for(main(), 10))
    assert [message["kind"] for message in received] == ["hello", "ping"]


def test_a_reader_faster_than_the_relay_takes_is_told_at_the_fastest() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        assert ann.hears
        ann.listen(2000, "brief")
        ann.send("ping", t=1)
        await ann.expect("pong")
        listening = next(iter(relay.clients)).listening
        assert listening is not None and listening.rate == FASTEST_RATE
        await ann.close()

    with_relay(scenario)
