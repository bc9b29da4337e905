"""A cluster's tickets and bans, attacked over real sockets on 127.0.0.1, on a redis-server of the
test's own and one SQLite database: a ticket is good once, at the process it names, from the
address group it was given to, for the request it was given for; many ``create_room`` at once
from one address open no more rooms than one after another; every hello with a ticket is
checked against the bans; and a moderator's ban reaches the player on whichever process they
are, at once. Players come from different address groups (127.0.x.y) as a test needs."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from postgres import free_port
from redisserver import redis_server
from test_moderation import PASSWORD
from test_relay_faults import Raw

from audiospoons.net.accounts import Accounts
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.serving import serve
from audiospoons.net.storage.store import Storage
from audiospoons.voice.i18n import messages
from audiospoons.voice.relaywords import relay_error_text

HEARTBEAT = 1.0
MODERATOR = "Mo"


@dataclass
class Ports:
    front: int
    processes: list[int]


async def _serving(port: int, redis: str, database: str, *, front: bool
                   ) -> tuple[asyncio.Event, asyncio.Task[None]]:
    ready, stop = asyncio.Event(), asyncio.Event()
    task = asyncio.create_task(serve(
        "127.0.0.1", port, ready=ready, stop=stop, redis=redis, front=front,
        heartbeat=HEARTBEAT, settings=RelaySettings(per_address=100), database=database,
        admins=frozenset({MODERATOR})))
    await asyncio.wait_for(ready.wait(), 30.0)
    return stop, task


async def register_moderator(database: str) -> None:
    """Register ``MODERATOR``, as its operator does before naming it with ``--admin``."""
    storage = await Storage.open(database)
    accounts = Accounts(storage)
    try:
        await accounts.register(MODERATOR, PASSWORD, "127.0.0.0/24", time.time(), 0.0)
    finally:
        accounts.close()
        await storage.close()


@contextlib.asynccontextmanager
async def cluster(redis: str, database: str) -> AsyncIterator[Ports]:
    ports = Ports(free_port(), [free_port(), free_port()])
    await register_moderator(database)
    started = [await _serving(port, redis, database, front=False) for port in ports.processes]
    started.append(await _serving(ports.front, redis, database, front=True))
    try:
        yield ports
    finally:
        for stop, _ in started:
            stop.set()
        for _, task in started:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 15.0)


def with_cluster(tmp_path: Path, scenario: Callable[[Ports], Awaitable[None]]) -> None:
    with redis_server() as redis:
        async def main() -> None:
            async with cluster(redis.url, str(tmp_path / "relay.db")) as ports:
                await asyncio.wait_for(scenario(ports), 90.0)
        asyncio.run(main())


async def arrive(port: int, address: str, greeting: dict[str, Any]) -> tuple[Raw, dict[str, Any]]:
    """A raw client from ``address`` saying ``greeting`` (version 2); it and the answer."""
    raw = Raw(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))
    raw.line({"version": 2, **greeting})
    return raw, await raw.next()


async def at_front(port: int, address: str, name: str, *, register: bool = False,
                   login: bool = False) -> Raw:
    """Greeted at the front (registering ``name`` with ``register``, or logging in with
    ``login``), the rooms read."""
    greeting: dict[str, Any] = {"kind": "hello", "name": name}
    if register or login:
        greeting.update(kind="register" if register else "login", password=PASSWORD)
    raw, hello = await arrive(port, address, greeting)
    assert hello["kind"] == "hello", hello
    assert (await raw.next())["kind"] == "rooms"
    return raw


async def answer(raw: Raw, request: dict[str, Any], *kinds: str) -> dict[str, Any]:
    raw.line(request)
    while (message := await raw.next())["kind"] not in kinds:
        pass
    return message


async def moved(ports: Ports, address: str, name: str, request: dict[str, Any], *,
                register: bool = False, login: bool = False) -> dict[str, Any]:
    """The ``moved`` the front answers ``request`` with, to a player from ``address``."""
    raw = await at_front(ports.front, address, name, register=register, login=login)
    sent = await answer(raw, request, "moved", "error")
    assert sent["kind"] == "moved", sent
    assert await raw.closed()
    return sent


async def show(port: int, address: str, name: str, ticket: str) -> tuple[Raw, dict[str, Any]]:
    return await arrive(port, address, {"kind": "hello", "name": name, "ticket": ticket})


def test_a_ticket_is_good_once_at_the_process_it_names_from_the_address_it_was_given_to(
        tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        sent = await moved(ports, "127.0.1.1", "Ann", {"kind": "create_room"}, register=True)
        ticket, port = sent["ticket"], sent["port"]
        other = next(p for p in ports.processes if p != port)
        for elsewhere in (other, ports.front):
            _, refused = await show(elsewhere, "127.0.1.1", "Ann", ticket)
            assert refused["code"] == "ticket-elsewhere", refused
        _, refused = await show(port, "127.0.2.1", "Thief", ticket)
        assert refused["code"] == "ticket-address", "not from another address group"

        ann, hello = await show(port, "127.0.1.1", "Ann", ticket)
        assert hello["kind"] == "hello" and hello["guest"] is False
        assert (await answer(ann, sent["then"], "room"))["host"] == "Ann"
        for address in ("127.0.1.1", "127.0.1.2"):
            _, refused = await show(port, address, "Ann", ticket)
            assert (refused["code"], refused["message"]) == (
                "ticket-used", "that ticket has been used: go through the relay's front"
                " again"), "a ticket is good once"

    with_cluster(tmp_path, scenario)


def test_a_ticket_lets_a_player_ask_only_what_it_was_given_for(tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        sent = await moved(ports, "127.0.1.1", "Ann", {"kind": "create_room"})
        ann, _ = await show(sent["port"], "127.0.1.1", "Ann", sent["ticket"])
        room = (await answer(ann, sent["then"], "room"))["room"]

        sent = await moved(ports, "127.0.2.1", "Bob", {"kind": "join_room", "room": room})
        bob, hello = await show(sent["port"], "127.0.2.1", "Bob", sent["ticket"])
        assert hello["kind"] == "hello"
        for request in ({"kind": "create_room"}, {"kind": "spectate", "room": room},
                        {"kind": "join_room", "room": room + 1}):
            refused = await answer(bob, request, "error")
            assert refused["code"] == "ticket-request", (request, refused)
        joined = await answer(bob, {"kind": "join_room", "room": room}, "room")
        assert [seat["name"] for seat in joined["seats"]] == ["Ann", "Bob"]

    with_cluster(tmp_path, scenario)


def test_many_create_rooms_at_once_from_one_address_open_no_more_than_its_limit(
        tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        players = [await at_front(ports.front, "127.0.1.1", f"Pat {n}") for n in range(8)]
        for raw in players:
            raw.line({"kind": "create_room"})
        answers = [await raw.next() for raw in players]
        sent = [message for message in answers if message["kind"] == "moved"]
        refused = [message["code"] for message in answers if message["kind"] == "error"]
        assert len(sent) == 4 and refused == ["too-many-rooms"] * 4, answers

    with_cluster(tmp_path, scenario)


def test_a_moderator_at_the_front_bans_a_guest_on_a_room_process_at_once(
        tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        mo = await at_front(ports.front, "127.0.0.1", MODERATOR, login=True)
        sent = await moved(ports, "127.0.1.1", "Thief", {"kind": "create_room"})
        thief, _ = await show(sent["port"], "127.0.1.1", "Thief", sent["ticket"])
        await answer(thief, sent["then"], "room")

        done = await answer(mo, {"kind": "kick", "name": "Thief", "scope": "relay",
                                 "minutes": 5}, "moderated", "error")
        assert done == {"kind": "moderated", "action": "kick", "name": "Thief",
                        "scope": "relay"}
        cut_off = await thief.next()
        assert (cut_off["kind"], cut_off["code"]) == ("error", "banned"), cut_off
        assert await thief.closed()
        _, again = await arrive(ports.front, "127.0.1.7", {"kind": "hello", "name": "Cat"})
        assert again["code"] == "banned", "the ban holds for the guest's address group"

    with_cluster(tmp_path, scenario)


def test_a_player_banned_at_the_front_cannot_hop_on_with_a_ticket(tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        mo = await at_front(ports.front, "127.0.0.1", MODERATOR, login=True)
        host = await at_front(ports.front, "127.0.0.1", "Ann")
        sent = await answer(host, {"kind": "create_room"}, "moved")
        ann, _ = await show(sent["port"], "127.0.0.1", "Ann", sent["ticket"])
        room = (await answer(ann, sent["then"], "room"))["room"]
        kept = await moved(ports, "127.0.1.1", "Thief", {"kind": "join_room", "room": room})
        thief = await at_front(ports.front, "127.0.1.1", "Thief")

        await answer(mo, {"kind": "kick", "name": "Thief", "scope": "relay", "minutes": 5},
                     "moderated")
        assert (await thief.next())["code"] == "banned"
        _, refused = await show(kept["port"], "127.0.1.1", "Thief", kept["ticket"])
        assert (refused["kind"], refused["code"]) == ("error", "banned"), refused

    with_cluster(tmp_path, scenario)


@pytest.mark.parametrize("code", ["bad-ticket", "ticket-used", "ticket-elsewhere",
                                  "ticket-address", "ticket-request"])
def test_a_refused_ticket_is_said_in_the_players_language(code: str) -> None:
    assert relay_error_text(code, messages("en")) == (
        "The relay would not let you through to that room: try again from the lobby.")
    assert relay_error_text(code, messages("de")) == (
        "Der Server hat dich nicht in diesen Raum gelassen: Versuch es noch einmal aus der"
        " Lobby.")


def test_a_moderator_on_a_room_process_mutes_bans_and_unbans_a_player_in_the_fronts_lobby(
        tmp_path: Path) -> None:
    async def scenario(ports: Ports) -> None:
        sent = await moved(ports, "127.0.0.1", MODERATOR, {"kind": "create_room"},
                           login=True)
        mo, hello = await show(sent["port"], "127.0.0.1", MODERATOR, sent["ticket"])
        assert hello["moderator"] is True
        await answer(mo, sent["then"], "room")
        ann = await at_front(ports.front, "127.0.1.1", "Ann", register=True)

        done = await answer(mo, {"kind": "mute", "name": "Ann", "scope": "relay",
                                 "minutes": 5}, "moderated", "error")
        assert done["kind"] == "moderated", done
        assert await answer(ann, {"kind": "list_rooms"}, "muted") == {
            "kind": "muted", "scope": "relay", "minutes": 5.0}
        refused = await answer(ann, {"kind": "chat", "scope": "lobby", "text": "hi"}, "error")
        assert refused["code"] == "muted"

        await answer(mo, {"kind": "kick", "name": "Ann", "scope": "relay", "minutes": 5},
                     "moderated")
        cut_off = await ann.next()
        assert (cut_off["kind"], cut_off["code"]) == ("error", "banned"), cut_off
        assert await ann.closed()

        lifted = await answer(mo, {"kind": "unban", "name": "Ann"}, "moderated")
        assert lifted["action"] == "unban"
        back = await at_front(ports.front, "127.0.1.1", "Ann", login=True)
        sent = await answer(back, {"kind": "create_room"}, "moved")
        ann, hello = await show(sent["port"], "127.0.1.1", "Ann", sent["ticket"])
        assert hello["kind"] == "hello", "the unban holds on every process"

    with_cluster(tmp_path, scenario)
