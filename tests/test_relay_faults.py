"""Bad input and bad behaviour at the relay, over raw TCP sockets on 127.0.0.1: every fault gets
a message saying what is wrong, the worst close the connection, and the relay carries on."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from typing import Any

import pytest
from test_relay import with_relay

from audiospoons.net import server
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.server import Relay


class Raw:
    """A client written from docs/protocol.md: bytes over a socket, lines of JSON, and a pong
    for every ping (the relay drops a connection it has not heard from for 20 seconds)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, name: str | None = None) -> Raw:
        raw = cls(*await asyncio.open_connection("127.0.0.1", port))
        if name is not None:
            raw.line({"kind": "hello", "version": 1, "name": name})
            assert (await raw.next())["kind"] == "hello"
            assert (await raw.next())["kind"] == "rooms"
        return raw

    @property
    def transport(self) -> asyncio.Transport:
        """The socket's transport, both ways: its reading can be paused."""
        transport = self.writer.transport
        assert isinstance(transport, asyncio.Transport)
        return transport

    def line(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")

    def bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
            if not line:
                raise EOFError("closed")
            message: dict[str, Any] = json.loads(line)
            if message["kind"] != "ping":
                return message
            self.line({"kind": "pong", "t": message["t"]})

    async def closed(self, timeout: float = 5.0) -> bool:
        """True once the relay has closed the connection (whatever it sent first is read)."""
        try:
            while await asyncio.wait_for(self.reader.read(65536), timeout):
                pass
        except TimeoutError:
            return False
        return True


async def still_serving(port: int) -> None:
    fresh = await Raw.open(port, "Fresh")
    fresh.line({"kind": "list_rooms"})
    assert (await fresh.next())["kind"] == "rooms"


@pytest.mark.parametrize(("data", "code"), [
    (b'{"kind":"chat","text":"' + b"x" * 5000 + b'"}\n', "too-long"),
    (b"y" * 20000, "too-long"),
])
def test_an_overlong_line_is_refused_and_the_connection_closed(data: bytes, code: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(data)
        error = await raw.next()
        assert (error["kind"], error["code"]) == ("error", code)
        assert await raw.closed()
        await still_serving(port)

    with_relay(scenario)


@pytest.mark.parametrize(("line", "code"), [
    (b"not json\n", "bad-json"),
    (b"\xff\xfe\n", "bad-json"),
    (b"[1, 2]\n", "not-object"),
    (b'{"no": "kind"}\n', "no-kind"),
    (b'{"kind": "fly"}\n', "unknown-kind"),
    (b'{"kind": "join_room", "room": "one"}\n', "bad-field"),
    (b'{"kind": "ready", "ready": 1}\n', "bad-field"),
    (b'{"kind": "chat"}\n', "bad-field"),
    (b'{"kind": "command", "command": {"kind": "grab"}}\n', "out-of-place"),
    (b'{"kind": "hello", "version": 1, "name": "Ann"}\n', "out-of-place"),
])
def test_a_bad_message_is_answered_and_the_connection_kept(line: bytes, code: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(line)
        error = await raw.next()
        assert (error["kind"], error["code"]) == ("error", code), error
        raw.line({"kind": "list_rooms"})
        assert (await raw.next())["kind"] == "rooms"

    with_relay(scenario)


def test_a_bad_game_command_is_refused_by_name() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.line({"kind": "create_room", "options": {"round_pause": "1"}})
        await raw.next()
        raw.line({"kind": "add_bot"})
        await raw.next()
        raw.line({"kind": "start"})
        assert (await raw.next())["kind"] == "game_started"
        for command, code in (({"kind": "pass", "card": "11Z"}, "bad-field"),
                              ({"kind": "grab", "seat": 1}, "bad-field"),
                              ({"kind": "shuffle"}, "bad-field")):
            raw.line({"kind": "command", "command": command})
            while (message := await raw.next())["kind"] == "event":
                pass
            assert (message["kind"], message["code"]) == ("error", code), message
        raw.line({"kind": "command", "command": {"kind": "grab"}})
        while (message := await raw.next())["kind"] == "event":
            pass
        assert message == {"kind": "refused", "reason": "no-set",
                           "message": "Ann has no set, and nobody has taken a spoon yet"}

    with_relay(scenario)


def test_ten_errors_close_the_connection() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(b"nonsense\n" * 12)
        codes = []
        with pytest.raises(EOFError):
            while True:
                codes.append((await raw.next())["code"])
        assert codes == ["bad-json"] * 10
        await still_serving(port)

    with_relay(scenario)


def test_the_rate_limit_refuses_a_flood_but_not_pings_within_their_own_budget() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(b'{"kind":"ping","t":1}\n' * 19)
        answers = [await raw.next() for _ in range(19)]
        assert {message["kind"] for message in answers} == {"pong"}
        raw.bytes(b'{"kind":"list_rooms"}\n' * 25)
        kinds = [await raw.next() for _ in range(25)]
        answered = sum(m["kind"] == "rooms" for m in kinds)
        assert 19 <= answered <= 20, "a burst of 20, less the hello"
        assert [m["code"] for m in kinds if m["kind"] == "error"] == (
            ["rate-limited"] * (25 - answered))

    with_relay(scenario)


def test_chat_has_a_flood_limit_of_its_own() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        for _ in range(7):
            raw.line({"kind": "chat", "scope": "lobby", "text": "hello"})
        kinds = [await raw.next() for _ in range(7)]
        assert [m["kind"] for m in kinds].count("chat") == 5
        assert [m.get("code") for m in kinds if m["kind"] == "error"] == ["chat-flood"] * 2

    with_relay(scenario)


def test_no_hello_in_time_or_silence_closes_the_connection() -> None:

    async def scenario(relay: Relay, port: int) -> None:
        mute = await Raw.open(port)
        assert (await mute.next())["code"] == "timeout"
        assert await mute.closed()
        quiet = await Raw.open(port, "Ann")
        assert (await quiet.next(timeout=3))["code"] == "timeout"
        assert await quiet.closed()

    with_relay(scenario, settings=RelaySettings(hello_timeout=0.3, silence_timeout=0.5))


def test_hello_comes_first_and_in_the_relays_version() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port)
        raw.line({"kind": "list_rooms"})
        assert (await raw.next())["code"] == "hello-first"
        raw.line({"kind": "hello", "version": 3, "name": "Ann"})
        refused = await raw.next()
        assert (refused["code"], refused["message"]) == (
            "version", "this relay speaks versions 1 to 2")
        assert await raw.closed()

    with_relay(scenario)


async def stops_reading(port: int, name: str) -> Raw:
    """A client that says hello, then reads nothing more: its socket's receive buffer is kept
    small, so what the relay writes to it soon piles up at the relay."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    raw = Raw(*await asyncio.open_connection(sock=sock))
    raw.line({"kind": "hello", "version": 1, "name": name})
    assert (await raw.next())["kind"] == "hello"
    assert (await raw.next())["kind"] == "rooms"
    return raw


async def ended(raw: Raw) -> bool:
    """True once the relay has closed or cut off the connection."""
    try:
        return await raw.closed()
    except ConnectionError:
        return True


def test_a_reader_too_slow_for_its_buffer_is_cut_off(caplog: pytest.LogCaptureFixture) -> None:
    """A member of a busy room stops reading: once more than the relay's ``write_limit`` bytes
    wait for it at the relay, it is cut off then and there, while the member who reads hears
    every line."""
    caplog.set_level(logging.INFO, logger="audiospoons.relay")

    async def scenario(relay: Relay, port: int) -> None:
        ann = await Raw.open(port, "Ann")
        ann.line({"kind": "create_room", "name": "Busy"})
        number = (await ann.next())["room"]
        slow = await stops_reading(port, "Slow")
        slow.line({"kind": "join_room", "room": number})
        assert (await ann.next())["kind"] == "room"
        slow.transport.pause_reading()
        room = relay.rooms[number]
        heard: list[int] = []
        sent = 0
        while any(client.name == "Slow" for client in relay.clients):
            assert sent < 20_000, "the relay kept writing to a client that reads nothing"
            for _ in range(8):
                room.broadcast("chat", scope="room", name="Ann", text=f"{sent} {'x' * 1000}")
                sent += 1
            while len(heard) < sent:
                message = await ann.next()
                if message["kind"] == "chat":
                    heard.append(int(message["text"].split()[0]))
        assert sent * 1000 > relay.settings.write_limit
        assert "dropping Slow (127.0.0.1): too slow to read" in caplog.messages
        assert heard == list(range(sent))
        assert [seat.name for seat in room.seats] == ["Ann"]
        slow.transport.resume_reading()
        assert await ended(slow)
        await still_serving(port)

    with_relay(scenario, settings=RelaySettings(write_limit=32 * 1024))


def test_a_dropped_connection_that_never_reads_is_cut_off_after_a_grace() -> None:
    """Dropping a client sends what was written to it first, but one that never takes it is cut
    off after the relay's ``close_grace`` seconds, and the task serving it ends."""

    async def scenario(relay: Relay, port: int) -> None:
        slow = await stops_reading(port, "Slow")
        slow.transport.pause_reading()
        (client,) = relay.clients
        for _ in range(10_000):
            client.send("chat", scope="lobby", name="Ann", text="x" * 1000)
            if client.transport.get_write_buffer_size():
                break
        assert 0 < client.transport.get_write_buffer_size() <= relay.settings.write_limit
        handlers = set(relay.handlers)
        slow.bytes(b"y" * 5000)
        done, _ = await asyncio.wait(handlers, timeout=5.0)
        assert done == handlers
        assert not relay.clients
        slow.transport.resume_reading()
        assert await ended(slow)
        await still_serving(port)

    with_relay(scenario, settings=RelaySettings(close_grace=0.3))


def test_connections_from_one_address_are_capped() -> None:

    async def scenario(relay: Relay, port: int) -> None:
        first, second = await Raw.open(port, "Ann"), await Raw.open(port, "Bob")
        third = await Raw.open(port)
        assert (await third.next())["code"] == "too-many"
        assert await third.closed()
        first.line({"kind": "list_rooms"})
        assert (await first.next())["kind"] == "rooms"
        del second

    with_relay(scenario, settings=RelaySettings(per_address=2))


def test_a_spectator_written_from_the_protocol_document_hears_a_bot_game_to_its_end() -> None:
    """Only sockets and JSON, as docs/protocol.md describes them: create a room, seat two bots,
    give up the seat to watch, start, and hear every event to GameOver, with no card in any."""

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Watcher")
        raw.line({"kind": "create_room", "name": "Bots", "options": {
            "hand_size": "3", "round_pause": "0.2"}})
        assert (await raw.next())["kind"] == "room"
        for _ in range(2):
            raw.line({"kind": "add_bot", "level": "expert"})
            await raw.next()
        raw.line({"kind": "leave_seat"})
        assert (await raw.next())["spectators"] == ["Watcher"]
        raw.line({"kind": "start"})
        started = await raw.next()
        assert (started["kind"], started["seat"]) == ("game_started", None)
        kinds = []
        while True:
            message = await raw.next(timeout=60)
            if message["kind"] != "event":
                continue
            event = message["event"]
            kinds.append(event["kind"])
            assert event.get("card") is None, event
            assert not isinstance(event.get("cards"), list) or not event["cards"], event
            if event["kind"] == "GameOver":
                break
        assert kinds[0] == "GameStarted" and "SpoonGrabbed" in kinds
        assert event["winners"] in ([0], [1])

    with_relay(scenario, timeout=120)


def test_numbers_that_are_not_finite_or_too_big_are_refused_and_a_bad_token_too() -> None:
    """JSON as Python reads it allows NaN, Infinity and huge integers: the relay refuses them
    with a message, keeps the connection, and never echoes a NaN."""

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        for line in (b'{"kind":"ping","t":NaN}\n', b'{"kind":"pong","t":-Infinity}\n',
                     b'{"kind":"ping","t":1' + b"0" * 400 + b'}\n'):
            raw.bytes(line)
            reply = await raw.next()
            assert reply["code"] == "bad-field" and "finite" in reply["message"]
        raw.line({"kind": "rejoin", "token": "\u00e9" * 32})
        assert (await raw.next())["code"] == "no-seat"
        raw.line({"kind": "list_rooms"})
        assert (await raw.next())["kind"] == "rooms"

    with_relay(scenario)


def test_only_the_pong_of_the_ping_sent_counts_as_a_round_trip() -> None:
    """A client cannot make its line look slower (and its presses quicker) with pongs the
    relay never asked for."""

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        client = next(iter(relay.clients))
        for _ in range(8):
            raw.line({"kind": "pong", "t": relay.clock() - 0.29})
        raw.line({"kind": "list_rooms"})
        await raw.next()
        assert len(client.trips.samples) <= 1, "only the pong of the ping after hello"
        assert client.trips.slowest < 0.1

    with_relay(scenario)


def test_requests_refused_over_and_over_close_the_connection() -> None:
    """Ten refusals at once are a player's slips; the eleventh before the count recovers is
    abuse."""

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        for _ in range(10):
            raw.line({"kind": "start"})
            assert (await raw.next())["code"] == "no-room"
        raw.line({"kind": "start"})
        last = await raw.next()
        assert last["code"] == "no-room" and "too many refusals" in last["message"]
        assert await raw.closed()
        await still_serving(port)

    with_relay(scenario)


def test_a_game_that_breaks_on_a_command_puts_the_room_back_to_waiting(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.line({"kind": "create_room", "options": {"round_pause": "1"}})
        await raw.next()
        raw.line({"kind": "add_bot"})
        await raw.next()
        raw.line({"kind": "start"})
        assert (await raw.next())["kind"] == "game_started"
        table = relay.rooms[1].table
        assert table is not None

        def broken(command: object, at: float) -> None:
            raise RuntimeError("a fault in the game")

        monkeypatch.setattr(table, "submit", broken)
        raw.line({"kind": "command", "command": {"kind": "grab"}})
        while (message := await raw.next())["kind"] == "event":
            pass
        assert message == {"kind": "error", "code": "room-failed",
                           "message": "the game in this room failed"}
        while (message := await raw.next())["kind"] != "room":
            pass
        assert message["playing"] is False and relay.rooms[1].table is None
        raw.line({"kind": "start"})
        assert (await raw.next())["kind"] == "game_started", "the room plays again"
        await still_serving(port)

    with caplog.at_level(logging.ERROR, logger=server.log.name):
        with_relay(scenario)
    assert "room 1 stopped" in caplog.text and "a fault in the game" in caplog.text
