"""A relay's bots wait for its people to say they have heard what they were last sent
(``heard``): a bot's move of the play waits until the player says so, or until the table's cap
when they never do; a late, repeated or made-up ``heard`` ends no newer wait; a player whose
client never said ``hearing``, and a spectator, are not waited for. In a room with a stand-in
for the connection, at game times the test sets, and over real TCP sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import math
import random
from collections.abc import Awaitable, Callable, Sequence

import pytest
from test_relay import connect, with_relay

from audiospoons.bots.levels import Level
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
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.room import Room, Seat
from audiospoons.net.server import Relay
from audiospoons.net.wire import decode_event, encode_command
from audiospoons.table import HEARING_WAIT_LIMIT

HOLD = 1.0
"""Seconds a slow listener takes to hear a batch before saying so: well within the cap."""
BOT_MOVES = 2


class Connection:
    """A person's connection as the room sees it: counts the ``event`` messages it is sent,
    as the relay's connections do; ``says_heard`` when its client said it will tell when its
    player has heard."""

    def __init__(self, name: str, *, says_heard: bool = True) -> None:
        self.name = name
        self.says_heard = says_heard
        self.events_sent = 0

    def send(self, kind: str, **fields: object) -> None:
        if kind == "event":
            self.events_sent += 1

    def send_line(self, line: bytes) -> None:
        """Nothing is kept."""

    def send_events(self, lines: Sequence[bytes]) -> None:
        self.events_sent += len(lines)


def classic_room(ann: Connection, spectator: Connection | None = None) -> Room:
    """Ann and three bots at classic Spoons with no grab limit, dealt at relay time 0 from a
    fixed seed; ``spectator`` watching."""
    room = Room(1, "r", ann, Options.from_mapping({"grab_time_limit": "0"}), {})
    room.seats = [Seat(ann), *(Seat(level=Level.NORMAL, bot_name=name)
                               for name in ("Bob", "Cy", "Di"))]
    if spectator is not None:
        room.spectators.append(spectator)
    room.start(0.0, random.Random(7))
    return room


def first_bot_move(ann: Connection) -> float:
    wake = classic_room(ann).next_wakeup()
    assert wake is not None
    return wake


def test_a_bots_move_waits_for_the_player_to_say_they_heard_the_deal() -> None:
    unheard = first_bot_move(Connection("Ann", says_heard=False))
    ann = Connection("Ann")
    room = classic_room(ann)
    assert ann.events_sent > 0
    assert room.next_wakeup() == pytest.approx(unheard + HEARING_WAIT_LIMIT)
    assert room.heard(0, ann.events_sent, 1.5)
    assert room.next_wakeup() == pytest.approx(unheard + 1.5)


def test_a_player_who_never_says_is_waited_for_no_longer_than_the_cap() -> None:
    unheard = first_bot_move(Connection("Ann", says_heard=False))
    room = classic_room(Connection("Ann"))
    room.run_until(unheard + HEARING_WAIT_LIMIT - 0.01)
    assert room.table is not None and room.table.log == []
    room.run_until(unheard + HEARING_WAIT_LIMIT)
    assert len(room.table.log) == 1


def test_a_late_repeated_or_partial_heard_ends_no_newer_wait() -> None:
    unheard = first_bot_move(Connection("Ann", says_heard=False))
    ann = Connection("Ann")
    room = classic_room(ann)
    dealt = ann.events_sent
    assert not room.heard(0, dealt - 1, 0.1)
    assert room.next_wakeup() == pytest.approx(unheard + HEARING_WAIT_LIMIT)
    assert room.heard(0, dealt, 0.2)
    assert room.table is not None
    while ann.events_sent == dealt:
        room.run_until(room.next_wakeup() or math.inf)
    assert room.table.hearing is not None and room.table.hearing.quiet_at() == math.inf
    assert not room.heard(0, dealt, 5.0)
    assert not room.heard(0, dealt - 1, 5.0)
    assert room.table.hearing.quiet_at() == math.inf
    assert room.heard(0, ann.events_sent, 5.0)
    assert room.table.hearing.quiet_at() == pytest.approx(5.0)


def test_a_spectator_and_a_player_who_never_said_hearing_are_not_waited_for() -> None:
    unheard = first_bot_move(Connection("Ann", says_heard=False))
    dee = Connection("Dee")
    room = classic_room(Connection("Ann", says_heard=False), spectator=dee)
    assert dee.events_sent > 0
    assert room.next_wakeup() == pytest.approx(unheard)


def test_a_player_who_leaves_is_waited_for_no_more() -> None:
    unheard = first_bot_move(Connection("Ann", says_heard=False))
    room = classic_room(Connection("Ann"))
    room.hand_to_bot(0)
    assert room.next_wakeup() == pytest.approx(unheard)


async def bot_moves_heard(port: int, *, says_heard: bool
                          ) -> list[tuple[Event, Event, bool]]:
    """Ann, whose client says it will tell when she has heard, opens a Razz Spoons room with
    three bots and starts it; the bots' first moves of the play that open their turn, each with
    the turn's beginning (told with the move before it) and whether Ann had said she heard it
    by then. With ``says_heard``, she says so ``HOLD`` seconds after each bot's turn begins
    (taking in meanwhile whatever else comes: a race's grabs wait for no one); else she never
    does. Ann chooses the phrase if she deals, says it when she owes it, takes a King's cards
    with it, and draws when her turn comes."""
    ann: RelayClient = await connect(port, "Ann")
    assert ann.hears
    ann.listen(175, "brief")
    ann.send("create_room", game="razz")
    await ann.expect("room")
    for _ in range(3):
        ann.send("add_bot")
        await ann.expect("room")
    ann.send("start")
    start = await ann.expect("game_started")
    seat = int(start["seat"])
    loop = asyncio.get_running_loop()
    moves: list[tuple[Event, Event, bool]] = []
    before: Event | None = None
    hear_at: float | None = None
    """While Ann takes a bot's turn in: when she says she has heard it."""
    while len(moves) < BOT_MOVES:
        try:
            message = await ann.expect("event", timeout=30.0 if hear_at is None
                                       else max(0.0, hear_at - loop.time()))
        except RelayError:
            if hear_at is None:
                raise
            ann.heard()
            hear_at = None
            continue
        event = decode_event(message["event"])
        if isinstance(event, PhraseWanted) and event.seat == seat:
            ann.send("command", command=encode_command(ChoosePhrase(seat, "Doh")))
        elif isinstance(event, TurnBegan):
            if event.seat == seat:
                ann.send("command", command=encode_command(DrawCard(seat)))
            elif says_heard:
                hear_at = loop.time() + HOLD
        elif ((isinstance(event, PhraseOwed) and event.seat == seat)
              or (isinstance(event, KingAimed) and event.target == seat)):
            ann.send("command", command=encode_command(SayPhrase(seat)))
        elif (isinstance(before, TurnBegan) and isinstance(event, CardPlayed | CardKept)
              and event.seat == before.seat != seat):
            moves.append((before, event, says_heard and hear_at is None))
        elif isinstance(event, CardsDrawn) and event.seat == seat and event.playable:
            ann.send("command", command=encode_command(Keep(seat)))
        before = event
    await ann.close()
    return moves


def test_a_bots_move_comes_only_once_the_player_says_heard() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        for before, move, said in await bot_moves_heard(port, says_heard=True):
            assert said, (before, move)
            assert move.at - before.at >= HOLD - 0.05, (before, move)

    with_relay(scenario, timeout=120.0)


def test_a_bots_move_waits_the_cap_for_a_player_who_never_says_heard() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        for before, move, _ in await bot_moves_heard(port, says_heard=False):
            assert move.at - before.at >= HEARING_WAIT_LIMIT - 0.05, (before, move)

    with_relay(scenario, timeout=120.0)


def test_heard_that_is_not_a_count_sent_is_refused_and_one_out_of_a_game_passed_over() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        for events in (-1, 1, 10**6):
            ann.send("heard", events=events)
            assert (await ann.expect("error"))["code"] == "bad-field"
        for wrong in ("3", 1.5, True, None):
            ann.send("heard", events=wrong)
            assert (await ann.expect("error"))["code"] == "bad-field"
        ann.send("heard")
        assert (await ann.expect("error"))["code"] == "bad-field"
        ann.send("heard", events=0)
        ann.send("ping", t=1)
        assert (await ann.expect("pong", "error"))["kind"] == "pong"
        await ann.close()

    with_relay(scenario)


def test_a_rate_out_of_range_is_refused_and_a_good_one_is_taken() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        ann.send("hearing", rate=20)
        assert (await ann.expect("error"))["code"] == "bad-field"
        ann.send("hearing", rate=200, verbosity="chatty")
        assert (await ann.expect("error"))["code"] == "bad-field"
        assert not next(iter(relay.clients)).says_heard
        ann.listen(2000, "full")
        ann.send("ping", t=1)
        assert (await ann.expect("pong", "error"))["kind"] == "pong"
        assert next(iter(relay.clients)).says_heard
        await ann.close()

    with_relay(scenario)


def test_an_older_clients_hearing_is_taken_but_not_waited_for() -> None:
    """A client that says ``hearing`` without ``heard`` never says it has heard: the relay
    takes it, and its bots do not wait for it."""

    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        assert ann.hears and ann.takes_heard
        ann.send("hearing", rate=175, verbosity="brief")
        ann.send("ping", t=1)
        assert (await ann.expect("pong", "error"))["kind"] == "pong"
        assert not next(iter(relay.clients)).says_heard
        await ann.close()

    with_relay(scenario)


def older_relay_sent(hello: bytes) -> list[dict[str, object]]:
    """What a client sends an older relay that answers its hello with ``hello`` and an event,
    when it says how its player listens, and then that they heard the event."""
    received: list[dict[str, object]] = []

    async def older_relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            message = json.loads(line)
            received.append(message)
            if message["kind"] == "hello":
                writer.write(hello + b'{"kind": "event", "event": {"kind": "GameStarted",'
                             b' "at": 0.0, "players": ["Ann", "Bob"]}}\n')
            elif message["kind"] == "ping":
                writer.write(b'{"kind": "pong", "t": 1}\n')
            await writer.drain()

    async def main() -> None:
        server = await asyncio.start_server(older_relay, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        ann = await RelayClient.connect("127.0.0.1", port, "Ann")
        ann.listen(175, "brief")
        await ann.expect("event")
        ann.heard()
        ann.send("ping", t=1)
        await ann.expect("pong")
        await ann.close()
        server.close()
        await server.wait_closed()

    asyncio.run(asyncio.wait_for(main(), 10))
    return received


def test_a_relay_whose_hello_does_not_say_hearing_is_not_sent_it() -> None:
    """An older relay would refuse ``hearing`` and ``heard``, and its refusal could be taken for
    the answer to a rejoin sent just after: the client tells only a relay that said it takes
    them."""
    received = older_relay_sent(b'{"kind": "hello", "version": 2, "name": "Ann"}\n')
    assert [message["kind"] for message in received] == ["hello", "ping"]


def test_a_relay_whose_hello_says_hearing_alone_is_sent_no_heard() -> None:
    """A relay that takes ``hearing`` but not ``heard`` would refuse each ``heard``, and close
    the connection after ten: it is told how the player listens, as it always was, and no
    more."""
    received = older_relay_sent(b'{"kind": "hello", "version": 2, "name": "Ann",'
                                b' "hearing": true}\n')
    assert received[1:] == [{"kind": "hearing", "rate": 175, "verbosity": "brief"},
                            {"kind": "ping", "t": 1}]


def test_a_connection_a_cluster_moves_the_player_to_counts_its_events_from_nought() -> None:
    """Each connection counts the events it was sent, read or skipped: after a ``moved``,
    ``heard`` names the new connection's, which its relay can check against what it sent."""
    heard: dict[str, list[object]] = {"front": [], "room": []}
    started = (b'{"kind": "event", "event": {"kind": "GameStarted", "at": 0.0,'
               b' "players": ["Ann"]}}\n')
    hello = b'{"kind": "hello", "version": 2, "name": "Ann", "hearing": true, "heard": true}\n'

    def relay(name: str, moves_to: list[int]) -> Callable[
            [asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]:
        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while line := await reader.readline():
                message = json.loads(line)
                if message["kind"] == "hello":
                    writer.write(hello + started * (2 if moves_to else 1))
                elif message["kind"] == "heard":
                    heard[name].append(message["events"])
                elif message["kind"] == "join_room" and moves_to:
                    writer.write(json.dumps({
                        "kind": "moved", "host": "127.0.0.1", "port": moves_to[0],
                        "ticket": "t" * 40, "then": message}).encode() + b"\n")
                elif message["kind"] == "join_room":
                    writer.write(b'{"kind": "chat", "name": "Bo", "text": "in"}\n')
                await writer.drain()
        return serve

    async def main() -> None:
        room = await asyncio.start_server(relay("room", []), "127.0.0.1", 0)
        front = await asyncio.start_server(relay("front", [room.sockets[0].getsockname()[1]]),
                                           "127.0.0.1", 0)
        ann = await RelayClient.connect("127.0.0.1", front.sockets[0].getsockname()[1], "Ann")
        ann.listen(175, "brief")
        await ann.expect("event")
        await ann.expect("event")
        ann.heard()
        ann.send("join_room", room=4)
        await ann.expect("chat")
        ann.heard()
        ann.send("join_room", room=4)
        await ann.expect("chat")
        await ann.close()
        for server in (front, room):
            server.close()
            await server.wait_closed()

    asyncio.run(asyncio.wait_for(main(), 10))
    assert heard == {"front": [2], "room": [1]}
