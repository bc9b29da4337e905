"""The relay against a hostile client, over raw TCP sockets on 127.0.0.1: floods, lines that
break decoders, lines that never end, a kicked player coming back. Each attack is answered or
closed, is never a traceback, and costs nobody else anything."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from test_online_pty import free_port, wait_for_relay
from test_relay import with_relay
from test_relay_faults import Raw, still_serving

from audiospoons.engine.cards import parse_card
from audiospoons.engine.rules import GameOptions
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import server
from audiospoons.net.descriptors import RESERVED_FILES
from audiospoons.net.fairness import TOLERANCE, judge
from audiospoons.net.lobby import Lobby
from audiospoons.net.relaysettings import RelaySettings
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
    def broken(self: Lobby, client: object, body: object, now: float) -> None:
        raise KeyError("a fault in the lobby")

    monkeypatch.setattr(Lobby, "list_rooms", broken, raising=True)

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


def test_bytes_of_a_line_that_never_ends_are_no_sign_of_life() -> None:

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

    with_relay(scenario, settings=RelaySettings(silence_timeout=1.0, ping_interval=0.5))


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
            message = await answer(bob, attempt)
            assert (message["kind"], message["code"]) == ("error", "banned"), message
        again = await Raw.open(port, "Robert")
        again.line({"kind": "join_room", "room": room})
        assert (await again.next())["code"] == "banned", "the ban is by address too"

    with_relay(scenario)


async def from_address(port: int, address: str, name: str | None = None) -> Raw:
    """A raw client whose connection comes from ``address`` (any of 127.0.0.0/8)."""
    raw = Raw(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))
    if name is not None:
        raw.line({"kind": "hello", "version": 1, "name": name})
        assert (await raw.next())["kind"] == "hello"
        assert (await raw.next())["kind"] == "rooms"
    return raw


async def answer(raw: Raw, request: dict[str, object]) -> dict[str, object]:
    """The relay's reply to ``request``, lobby listings skipped."""
    raw.line(request)
    while (message := await raw.next())["kind"] in LOBBY_NEWS:
        pass
    return message


LOBBY_NEWS = ("rooms", "room_listed", "room_unlisted")


def test_connections_are_capped_for_the_whole_relay_and_a_full_relay_says_so(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        held = [await from_address(port, f"127.0.{n}.1", f"P{n}") for n in range(1, 5)]
        for n in range(5, 25):
            late = await from_address(port, f"127.0.{n}.1")
            error = await late.next()
            assert (error["kind"], error["code"]) == ("error", "relay-full")
            assert await late.closed()
        held[0].writer.close()
        await until_count(relay, 3)
        await from_address(port, "127.0.9.1", "Nina")

    with caplog.at_level(logging.INFO, logger=server.log.name):
        with_relay(scenario, settings=RelaySettings(max_connections=4))
    assert sum("full" in message for message in caplog.messages) == 1, "logged once, not spun"


async def until_count(relay: Relay, count: int) -> None:
    async with asyncio.timeout(5.0):
        while len(relay.clients) != count:
            await asyncio.sleep(0.01)


def test_addresses_of_one_network_share_the_per_address_cap() -> None:

    async def scenario(relay: Relay, port: int) -> None:
        held = [await from_address(port, f"127.0.0.{n}", f"P{n}") for n in range(2, 5)]
        late = await from_address(port, "127.0.0.77")
        assert (await late.next())["code"] == "too-many"
        assert await late.closed()
        await from_address(port, "127.0.1.2", "Other")
        assert len(held) == 3

    with_relay(scenario, settings=RelaySettings(per_address=3))


def test_wrong_passwords_earn_a_wait_in_which_even_the_right_one_is_refused() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await Raw.open(port, "Ann")
        ann.line({"kind": "create_room", "password": "4821"})
        room = (await ann.next())["room"]
        guesser = await from_address(port, "127.0.0.2", "Guess")
        codes = [(await answer(guesser, {"kind": "join_room", "room": room,
                                         "password": f"{n:04}"}))["code"] for n in range(4)]
        assert codes == ["password", "password", "password", "password-wait"]
        other = await from_address(port, "127.0.0.3", "Same")
        refused = await answer(other, {"kind": "join_room", "room": room, "password": "4821"})
        assert refused["code"] == "password-wait", "one network waits as one"
        assert "wait 1 seconds" in str(refused["message"])
        await asyncio.sleep(1.05)
        joined = await answer(other, {"kind": "join_room", "room": room, "password": "4821"})
        assert joined["kind"] == "room"

    with_relay(scenario)


def test_guesses_from_many_networks_slow_down_the_room_they_guess() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await Raw.open(port, "Ann")
        ann.line({"kind": "create_room", "password": "4821"})
        room = (await ann.next())["room"]
        codes = []
        for n in range(1, 12):
            guesser = await from_address(port, f"127.0.{n}.9", f"G{n}")
            reply = await answer(guesser, {"kind": "join_room", "room": room,
                                           "password": f"{n:04}"})
            codes.append(reply["code"])
            guesser.writer.close()
        assert codes == ["password"] * 10 + ["password-wait"]

    with_relay(scenario)


def test_one_address_may_have_only_a_few_rooms_open() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        hosts = [await from_address(port, f"127.0.0.{n}", f"H{n}") for n in range(2, 7)]
        replies = [await answer(host, {"kind": "create_room"}) for host in hosts]
        assert [reply["kind"] for reply in replies] == ["room"] * 4 + ["error"]
        assert replies[-1]["code"] == "too-many-rooms"
        assert "at most 4 rooms from one address" in str(replies[-1]["message"])
        elsewhere = await from_address(port, "127.0.5.2", "Far")
        assert (await answer(elsewhere, {"kind": "create_room"}))["kind"] == "room"
        hosts[0].line({"kind": "leave_room"})
        assert (await hosts[0].next())["kind"] == "rooms"
        assert (await answer(hosts[-1], {"kind": "create_room"}))["kind"] == "room"

    with_relay(scenario)


def test_rooms_of_bots_walked_away_from_stand_still_count_against_their_address_and_end() -> None:

    async def scenario(relay: Relay, port: int) -> None:
        for _ in range(4):
            walker = await from_address(port, "127.0.0.2", "Walker")
            await answer(walker, {"kind": "create_room"})
            for _ in range(3):
                await answer(walker, {"kind": "add_bot"})
            walker.line({"kind": "start"})
            assert (await walker.next())["kind"] == "game_started"
            walker.writer.transport.abort()
        await until_rooms(relay, 4)
        async with asyncio.timeout(5.0):
            while any(room.paused_at is None for room in relay.rooms.values()):
                await asyncio.sleep(0.01)
        assert all(room.next_wakeup() is None for room in relay.rooms.values()), "no bot plays"
        walker = await from_address(port, "127.0.0.2", "Walker")
        assert (await answer(walker, {"kind": "create_room"}))["code"] == "too-many-rooms"
        await until_rooms(relay, 0)
        assert not relay.clocks.timers, "no room's clock runs on"
        assert (await answer(walker, {"kind": "create_room"}))["kind"] == "room"

    with_relay(scenario, settings=RelaySettings(seat_hold=1.0))


async def until_rooms(relay: Relay, count: int) -> None:
    async with asyncio.timeout(5.0):
        while len(relay.rooms) != count:
            await asyncio.sleep(0.01)


def test_the_lobby_hears_what_changed_not_the_whole_list_again() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        sitter = await Raw.open(port, "Sitter")
        hosts = [await from_address(port, f"127.0.{n}.1", f"H{n}") for n in range(1, 31)]
        for host in hosts:
            await answer(host, {"kind": "create_room"})
        heard = [await sitter.next() for _ in range(30)]
        assert {message["kind"] for message in heard} == {"room_listed"}
        assert [message["room"]["name"] for message in heard] == [
            f"H{n}'s room" for n in range(1, 31)]
        hosts[4].line({"kind": "leave_room"})
        assert (await hosts[4].next())["kind"] == "rooms"
        assert await sitter.next() == {"kind": "room_unlisted", "room": 5}
        await answer(hosts[5], {"kind": "add_bot"})
        changed = await sitter.next()
        assert changed["kind"] == "room_listed"
        assert changed["room"]["bots"] == 1
        sitter.line({"kind": "list_rooms"})
        listed = await sitter.next()
        assert listed["kind"] == "rooms" and len(listed["rooms"]) == 29

    with_relay(scenario)


BLUFFING = {"premature": "bluff", "announce_phase2": "false", "discard_time_limit": "6"}
SEVENS = tuple(parse_card(card) for card in ("7H", "7C", "7D", "7S"))


def what_bob_hears_of_anns_reach(command: dict[str, object]) -> list[object]:
    """Ann (dealt four sevens), Bob (the dealer, his discard clock running once he has drawn)
    and Cy: what Bob is sent from Ann's ``command`` on, up to the answer of a ping he sends
    once Ann has heard her own move (times left out)."""
    heard: list[object] = []

    async def scenario(relay: Relay, port: int) -> None:
        ann, bob, cy = [await Raw.open(port, name) for name in ("Ann", "Bob", "Cy")]
        number = (await answer(ann, {"kind": "create_room", "options": BLUFFING}))["room"]
        for other in (bob, cy):
            await answer(other, {"kind": "join_room", "room": number})
            await answer(other, {"kind": "ready", "ready": True})
        room = relay.rooms[number]  # type: ignore[index]

        def deal(names: list[str], options: GameOptions, rng: random.Random,
                 dealer: int) -> ClassicGame:
            assert isinstance(options, Options)
            return ClassicGame(names, options, rng, dealer=1, first_deal=Deal({0: SEVENS}))

        room.game = dataclasses.replace(room.game, deal=deal)
        ann.line({"kind": "start"})
        for raw in (ann, bob, cy):
            while (await raw.next())["kind"] != "game_started":
                pass
        bob.line({"kind": "command", "command": {"kind": "take"}})
        while (await bob.next()) != {"kind": "limit", "seconds": 6.0}:
            pass
        ann.line({"kind": "command", "command": command})
        while (await ann.next())["kind"] != "event":
            pass
        bob.line({"kind": "ping", "t": 42})
        while (message := await bob.next()) != {"kind": "pong", "t": 42}:
            if message["kind"] == "event":
                message = {**message, "event": {**message["event"], "at": None}}
            heard.append(message)

    with_relay(scenario)
    return heard


def test_a_hidden_first_grab_changes_nothing_the_others_are_sent() -> None:
    feint = what_bob_hears_of_anns_reach({"kind": "feint"})
    grab = what_bob_hears_of_anns_reach({"kind": "grab"})
    assert feint == [{"kind": "event", "event": {"kind": "Reached", "at": None, "seat": 0}}]
    assert grab == feint


def test_a_client_that_answers_pings_late_gains_no_more_than_the_tolerance() -> None:
    """A liar holds every pong back 280 ms, so the relay's pings measure a slow line; then it
    presses 400 ms after its cue and reports 120 ms. The kernel saw the line for what it is
    (loopback), so the press is judged within ``TOLERANCE`` of the truth, or slower."""

    async def scenario(relay: Relay, port: int) -> None:
        liar = await Raw.open(port)
        liar.line({"kind": "hello", "version": 1, "name": "Liar"})
        loop = asyncio.get_running_loop()
        while True:
            line = json.loads(await asyncio.wait_for(liar.reader.readline(), 5.0))
            if line["kind"] == "ping":
                loop.call_later(0.28, liar.line, {"kind": "pong", "t": line["t"]})
            client = next(iter(relay.clients))
            if len(client.trips.samples) >= 3:
                break
        assert client.trips.samples[-1] > 0.27, "the pings see the late pongs"
        sent = relay.clock()
        judged = judge(sent, sent + 0.400, 0.120, client.trips)
        assert judged.reaction >= 0.400 - TOLERANCE - 0.002, judged

    with_relay(scenario, settings=RelaySettings(ping_interval=0.35))


def test_a_relay_short_of_descriptors_refuses_connections_instead_of_failing_to_accept(
        tmp_path: Path) -> None:
    """``audiospoons serve`` with only 200 descriptors to open: 260 connections from many
    addresses, and the relay holds what it can, tells the rest it is full, never fails an
    accept ("Too many open files"), and a player gets in once others have gone."""
    port = free_port()

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))

    relay = subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "serve", "--port", str(port),
         "--max-per-address", "1000"], preexec_fn=few_files, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    try:
        wait_for_relay(port)

        async def flood() -> tuple[int, int, bool]:
            held: list[Raw] = []
            full = 0
            for n in range(260):
                raw = await from_address(port, f"127.0.{n % 200 + 1}.{n // 200 + 2}")
                raw.line({"kind": "hello", "version": 1, "name": f"P{n}"})
                reply = await raw.next()
                if reply["kind"] == "hello":
                    held.append(raw)
                else:
                    assert reply["code"] == "relay-full", reply
                    with contextlib.suppress(ConnectionResetError):
                        assert await raw.closed()
                    full += 1
            for raw in held[:5]:
                raw.writer.close()
            await asyncio.sleep(0.5)
            fresh = await from_address(port, "127.0.250.9")
            fresh.line({"kind": "hello", "version": 1, "name": "Nina"})
            back_in = (await fresh.next())["kind"] == "hello"
            return len(held), full, back_in

        held, full, back_in = asyncio.run(flood())
        assert held == 200 - RESERVED_FILES and full == 260 - held
        assert back_in
    finally:
        relay.terminate()
        _, log = relay.communicate(timeout=10)
    assert "Too many open files" not in log and "Traceback" not in log
    assert log.count("the relay is full") == 1
