"""The relay against a hostile client, over raw TCP sockets on 127.0.0.1: floods, lines that
break decoders, lines that never end, a kicked player coming back. Each attack is answered or
closed, is never a traceback, and costs nobody else anything."""

from __future__ import annotations

import asyncio
import logging

import pytest
from test_relay import with_relay
from test_relay_faults import Raw, still_serving

from audiospoons.net import server
from audiospoons.net.server import Relay


async def drain_until_closed(raw: Raw, timeout: float = 5.0) -> list[dict[str, object]]:
    """Every message the relay sends until it closes the connection (pings unanswered)."""
    got: list[dict[str, object]] = []
    with pytest.raises(EOFError):
        while True:
            got.append(await raw.next(timeout))
    return got


def test_a_ping_flood_closes_the_connection() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(b'{"kind":"ping","t":1}\n' * 200)
        got = await drain_until_closed(raw)
        pongs = sum(message["kind"] == "pong" for message in got)
        assert 0 < pongs < 40, pongs
        assert got[-1]["kind"] == "error" and got[-1]["code"] == "ping-flood"
        await still_serving(port)

    with_relay(scenario)


def test_pings_at_a_sensible_pace_are_all_answered() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        for t in range(12):
            raw.line({"kind": "ping", "t": t})
            assert await raw.next() == {"kind": "pong", "t": t}
            await asyncio.sleep(0.25)

    with_relay(scenario)


def test_a_deeply_nested_line_is_an_error_not_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port, "Ann")
        raw.bytes(b"[" * 2000 + b"]" * 2000 + b"\n")
        error = await raw.next()
        assert (error["kind"], error["code"]) == ("error", "bad-json")
        raw.bytes(b'{"kind":"chat","text":' + b"[" * 1900 + b"]" * 1900 + b"}\n")
        error = await raw.next()
        assert error["kind"] == "error"
        raw.line({"kind": "list_rooms"})
        assert (await raw.next())["kind"] == "rooms"

    with caplog.at_level(logging.DEBUG):
        with_relay(scenario)
    assert "Traceback" not in caplog.text and not any(r.exc_info for r in caplog.records)


def test_a_lone_surrogate_is_refused_wherever_it_comes(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port)
        raw.bytes(b'{"kind":"hello","version":1,"name":"Ann\\ud800"}\n')
        error = await raw.next()
        assert (error["kind"], error["code"]) == ("error", "bad-field")
        raw.line({"kind": "hello", "version": 1, "name": "Ann"})
        assert (await raw.next())["kind"] == "hello"
        await raw.next()
        raw.bytes(b'{"kind":"create_room","password":"\\udfff12"}\n')
        error = await raw.next()
        assert (error["kind"], error["code"]) == ("error", "bad-field")
        assert "Unicode" in str(error["message"])
        raw.bytes(b'{"kind":"chat","scope":"lobby","text":"hi \\ud83d"}\n')
        assert (await raw.next())["code"] == "bad-field"
        assert not relay.rooms

    with caplog.at_level(logging.DEBUG):
        with_relay(scenario)
    assert not any(r.exc_info for r in caplog.records)


def test_anything_unexpected_in_a_handler_is_one_logged_error_for_that_connection(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(self: Relay, client: object, body: object, now: float) -> None:
        raise KeyError("a fault in the lobby")

    monkeypatch.setattr(Relay, "_on_list_rooms", broken, raising=True)

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port)
        raw.line({"kind": "hello", "version": 1, "name": "Ann"})
        assert (await raw.next())["kind"] == "hello"
        for _ in range(3):
            raw.line({"kind": "list_rooms"})
        errors = [await raw.next() for _ in range(4)]
        assert {(e["kind"], e["code"]) for e in errors} == {("error", "internal")}
        raw.line({"kind": "create_room"})
        assert (await raw.next())["kind"] == "room"

    with caplog.at_level(logging.ERROR, logger=server.log.name):
        with_relay(scenario)
    faults = [r for r in caplog.records if r.exc_info]
    assert len(faults) == 1 and "a fault in the lobby" in caplog.text


def test_bytes_of_a_line_that_never_ends_are_no_sign_of_life(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "SILENCE_TIMEOUT", 1.0)
    monkeypatch.setattr(server, "PING_INTERVAL", 0.5)

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port)
        raw.line({"kind": "hello", "version": 1, "name": "Ann"})
        started = asyncio.get_running_loop().time()

        async def trickle() -> None:
            raw.bytes(b'{"kind":"chat","text":"')
            while True:
                await asyncio.sleep(0.2)
                raw.bytes(b"x")

        dripping = asyncio.create_task(trickle())
        try:
            got = []
            with pytest.raises(EOFError):
                while True:
                    line = await asyncio.wait_for(raw.reader.readline(), 5.0)
                    if not line:
                        raise EOFError
                    got.append(line)
        finally:
            dripping.cancel()
        assert asyncio.get_running_loop().time() - started < 4.0
        assert b'"silent too long"' in got[-1]

    with_relay(scenario)


def test_a_kicked_player_cannot_come_straight_back() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await Raw.open(port, "Ann")
        ann.line({"kind": "create_room"})
        room = (await ann.next())["room"]
        bob = await Raw.open(port, "Bob")
        bob.line({"kind": "join_room", "room": room})
        assert (await bob.next())["kind"] == "room"
        ann.line({"kind": "kick", "name": "Bob"})
        assert (await bob.next())["kind"] == "kicked"
        for attempt in ({"kind": "join_room", "room": room},
                        {"kind": "spectate", "room": room}):
            bob.line(attempt)
            message = await bob.next()
            while message["kind"] == "rooms":
                message = await bob.next()
            assert (message["kind"], message["code"]) == ("error", "banned"), message
        again = await Raw.open(port, "Robert")
        again.line({"kind": "join_room", "room": room})
        assert (await again.next())["code"] == "banned", "the ban is by address too"

    with_relay(scenario)
