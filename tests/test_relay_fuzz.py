"""Hypothesis against the relay's input: the protocol's decoder takes any bytes in any chunks, the
wire codec any JSON, and the lobby any sequence of well-formed messages from several clients,
without an exception and without losing track of who is where."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiospoons.net.link import Client
from audiospoons.net.protocol import (
    CLIENT_KINDS,
    MAX_ERRORS,
    Connection,
    Message,
    ProtocolError,
    check_fields,
)
from audiospoons.net.room import MAX_SEATS
from audiospoons.net.server import Relay
from audiospoons.net.wire import (
    WireError,
    decode_command,
    decode_event,
    encode_command,
    encode_event,
    event_kinds,
)

FUZZ = settings(deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=10)
KNOWN_FIELDS = st.sampled_from(["kind", "card", "spoon", "seat", "at", "cards", "seats", "x"])
MESSAGE_LIKE = st.dictionaries(KNOWN_FIELDS, JSON_VALUES, max_size=4) | JSON_VALUES


@FUZZ
@given(chunks=st.lists(st.binary(max_size=600) | st.sampled_from([
    b"\n", b'{"kind":"ping","t":1}\n', b'{"kind":"hello","version":1,"name":"A"}\n',
    b"x" * 5000]), max_size=12))
def test_the_decoder_takes_any_bytes_in_any_chunks(chunks: list[bytes]) -> None:
    connection = Connection(CLIENT_KINDS)
    for step, chunk in enumerate(chunks):
        items = connection.receive(chunk, float(step))
        for item in items:
            assert isinstance(item, Message | ProtocolError)
            if isinstance(item, Message):
                assert check_fields(item.kind, item.body, CLIENT_KINDS) is None
        if connection.closed:
            assert connection.receive(b'{"kind":"ping","t":1}\n', 99.0) == []
            break
        assert connection.errors < MAX_ERRORS


@settings(FUZZ, max_examples=2000)
@given(raw=MESSAGE_LIKE, kind=st.sampled_from([*sorted(event_kinds()), "take", "pass", "grab"]))
def test_the_wire_codec_refuses_anything_but_exact_commands_and_events(raw: Any,
                                                                       kind: str) -> None:
    if isinstance(raw, dict) and "kind" not in raw:
        raw = {**raw, "kind": kind}
    try:
        event = decode_event(raw)
    except WireError:
        pass
    else:
        assert decode_event(json.loads(json.dumps(encode_event(event)))) == event
    try:
        command = decode_command(raw, 2)
    except WireError:
        pass
    else:
        assert command.seat == 2
        assert decode_command(encode_command(command), 2) == command


class FakeTransport:
    """Stands in for a socket's transport: it takes every byte at once, so nothing waits."""

    def __init__(self) -> None:
        self.closing = False

    def write(self, data: bytes) -> None:
        """Nothing is sent."""

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True


class FakeWriter:
    """Stands in for a stream writer: the lobby writes to its transport."""

    def __init__(self) -> None:
        self.transport = FakeTransport()


def _value(wanted: type | tuple[type, ...], draw: st.DrawFn) -> Any:
    kinds = wanted if isinstance(wanted, tuple) else (wanted,)
    if bool in kinds:
        return draw(st.booleans())
    if int in kinds:
        return draw(st.integers(min_value=-1, max_value=4))
    if str in kinds:
        return draw(st.sampled_from(["", "Ann", "pig", "knives", "expert", "lobby", "room",
                                     "seed000", "spoons", "x" * 30]))
    return draw(st.sampled_from([{}, {"hand_size": "3"}, {"kind": "take"}, {"kind": "grab"},
                                 {"deck": "no-stock"}, {"kind": "pass", "card": "QS"}]))


@st.composite
def lobby_message(draw: st.DrawFn) -> tuple[int, Message]:
    kind = draw(st.sampled_from(sorted(set(CLIENT_KINDS) - {"hello", "ping", "pong"})))
    required, optional = CLIENT_KINDS[kind]
    body: dict[str, Any] = {"kind": kind}
    for name, wanted in required.items():
        body[name] = _value(wanted, draw)
    for name, wanted in optional.items():
        if draw(st.booleans()):
            body[name] = _value(wanted, draw)
    return draw(st.integers(min_value=0, max_value=3)), Message(kind, body)


@settings(FUZZ, max_examples=300)
@given(messages=st.lists(lobby_message(), max_size=40))
def test_any_sequence_of_lobby_messages_keeps_the_lobby_whole(
        messages: list[tuple[int, Message]]) -> None:
    async def run() -> None:
        relay = Relay()
        clients = []
        for number in range(4):
            client = Client(relay, FakeWriter().transport, "127.0.0.1")  # type: ignore[arg-type]
            relay.clients.add(client)
            relay._dispatch(client, Message("hello", {"kind": "hello", "version": 1,
                                                      "name": f"P{number}"}), 0.0)
            clients.append(client)
        for step, (who, message) in enumerate(messages):
            relay._dispatch(clients[who], message, step * 0.05)
            await asyncio.sleep(0)
            for client in clients:
                room = client.room
                if room is None:
                    continue
                assert room.number in relay.rooms
                assert (room.seat_of(client) is not None) != (client in room.spectators)
            for room in relay.rooms.values():
                assert len(room.seats) <= MAX_SEATS
                assert room.host in room.members() or room.playing
        relay.close()

    asyncio.run(run())
