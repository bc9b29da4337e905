"""Moderation over real sockets: a moderator named by the relay's operator bans a player from the
whole relay (by account and by address group, kept in the database, SQLite and PostgreSQL) and
lifts it; mutes on the relay and in a room; a host's kick for a number of minutes."""

from __future__ import annotations

import asyncio
from typing import Any

from test_accounts import with_accounts
from test_relay import until
from test_relay_faults import Raw

from audiospoons.net.moderation import moderator_accounts
from audiospoons.net.names import name_keys
from audiospoons.net.server import Relay

PASSWORD = "hunter22"


async def arrive(port: int, address: str, name: str, kind: str = "hello",
                 password: str | None = None) -> tuple[Raw, dict[str, Any]]:
    """A raw client from ``address`` (any of 127.0.0.0/8) greeting the relay with ``kind``;
    it and the relay's first answer."""
    raw = Raw(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))
    greeting: dict[str, Any] = {"kind": kind, "version": 1, "name": name}
    if password is not None:
        greeting["password"] = password
    raw.line(greeting)
    return raw, await raw.next()


async def greeted(port: int, address: str, name: str, kind: str = "hello") -> Raw:
    raw, first = await arrive(port, address, name, kind,
                              None if kind == "hello" else PASSWORD)
    assert first["kind"] == "hello", first
    assert (await raw.next())["kind"] == "rooms"
    return raw


async def reply(raw: Raw, request: dict[str, Any], *kinds: str) -> dict[str, Any]:
    raw.line(request)
    while (message := await raw.next())["kind"] not in kinds:
        pass
    return message


async def moderator(relay: Relay, port: int, address: str) -> Raw:
    """Mo, registered from ``address``, then made a moderator as ``serve --admin mo`` makes
    one, logged in."""
    raw, first = await arrive(port, address, "Mo", "register", PASSWORD)
    assert first["kind"] == "hello" and "moderator" not in first
    raw.writer.close()
    relay.moderation.admins = await moderator_accounts(relay.accounts.storage,
                                                       frozenset({"mo"}))
    raw, again = await arrive(port, address, "Mo", "login", PASSWORD)
    assert again["moderator"] is True
    assert (await raw.next())["kind"] == "rooms"
    return raw


def test_a_moderator_bans_a_player_from_the_relay_by_account_and_address_and_lifts_it(
        database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        mo_raw = await moderator(relay, port, "127.0.0.2")
        bob = await greeted(port, "127.0.1.2", "Bob", "register")
        assert "moderator" not in (await reply(bob, {"kind": "list_rooms"}, "rooms"))
        refused = await reply(bob, {"kind": "kick", "name": "Mo", "scope": "relay"}, "error")
        assert refused["code"] == "not-moderator"

        done = await reply(mo_raw, {"kind": "kick", "name": "Bob", "scope": "relay",
                                    "minutes": 5}, "moderated", "error")
        assert done == {"kind": "moderated", "action": "kick", "name": "Bob",
                        "scope": "relay"}
        banned = await reply(bob, {"kind": "list_rooms"}, "error")
        assert banned == {"kind": "error", "code": "banned", "message":
                          "a moderator has banned you from this relay for 5 minutes"}
        relay.moderation.bans.clear()  # what the database keeps holds without them
        _, again = await arrive(port, "127.0.2.2", "Bob", "login", PASSWORD)
        assert again["code"] == "banned" and again["message"].startswith(
            "a moderator has banned you from this relay for 5 minutes more"[:50])
        _, guest = await arrive(port, "127.0.1.9", "Cy")
        assert guest["code"] == "banned", "the ban holds for Bob's address group too"
        elsewhere = await greeted(port, "127.0.3.3", "Dee")

        lifted = await reply(mo_raw, {"kind": "unban", "name": "bob"}, "moderated")
        assert lifted == {"kind": "moderated", "action": "unban", "name": "Bob",
                          "scope": "relay"}
        await greeted(port, "127.0.2.2", "Bob", "login")
        await greeted(port, "127.0.1.9", "Cy")
        refused = await reply(elsewhere, {"kind": "unban", "name": "Bob"}, "error")
        assert refused["code"] == "not-moderator"

    with_accounts(database, scenario)


def test_a_ban_lifted_in_the_database_by_another_process_holds_no_more_here(
        database: str) -> None:
    """An unban made on another process of a cluster lifts the ban in the shared database
    before its word reaches this one: the database, answering, is the word on it."""
    async def scenario(relay: Relay, port: int) -> None:
        mo_raw = await moderator(relay, port, "127.0.7.2")
        bob = await greeted(port, "127.0.8.2", "Bob", "register")
        bob.writer.close()
        done = await reply(mo_raw, {"kind": "kick", "name": "Bob", "scope": "relay",
                                    "minutes": 5}, "moderated", "error")
        assert done["kind"] == "moderated", done
        _, refused = await arrive(port, "127.0.9.2", "Bob", "login", PASSWORD)
        assert refused["code"] == "banned"

        storage = relay.accounts.storage
        assert storage is not None
        account = await storage.account_named(name_keys("Bob"))
        assert account is not None
        await storage.sanctions.lift(account.id, None, relay.moderation.wall())
        await greeted(port, "127.0.9.2", "Bob", "login")

    with_accounts(database, scenario)


def test_mutes_in_a_room_and_on_the_relay_and_a_kick_for_minutes(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        mo = await moderator(relay, port, "127.0.4.2")
        ann = await greeted(port, "127.0.5.2", "Ann")
        bob = await greeted(port, "127.0.6.2", "Bob")
        room = (await reply(ann, {"kind": "create_room"}, "room"))["room"]
        await reply(bob, {"kind": "join_room", "room": room}, "room")

        assert (await reply(bob, {"kind": "mute", "name": "Ann"}, "error"))["code"] == (
            "not-host")
        ann.line({"kind": "mute", "name": "Bob", "minutes": 2})
        assert await reply(bob, {"kind": "list_rooms"}, "muted") == {
            "kind": "muted", "scope": "room", "minutes": 2}
        refused = await reply(bob, {"kind": "chat", "text": "hi"}, "error")
        assert refused == {"kind": "error", "code": "muted",
                           "message": "you are muted in this room for 2 minutes more"}
        bob.line({"kind": "chat", "text": "hello all", "scope": "lobby"})
        heard = await reply(ann, {"kind": "list_rooms"}, "chat")
        assert heard["text"] == "hello all", "a room's mute is for the room alone"

        assert (await reply(mo, {"kind": "mute", "name": "Bob", "scope": "relay",
                                 "minutes": 30}, "moderated"))["scope"] == "relay"
        assert (await reply(bob, {"kind": "list_rooms"}, "muted"))["scope"] == "relay"
        refused = await reply(bob, {"kind": "chat", "text": "hi", "scope": "lobby"}, "error")
        assert refused["message"] == "a moderator has muted you on this relay for 30 minutes"\
            " more"

        ann.line({"kind": "kick", "name": "Bob", "minutes": 0.02})
        assert (await reply(bob, {"kind": "list_rooms"}, "kicked"))["minutes"] == 0.0
        answer = await reply(bob, {"kind": "join_room", "room": room}, "room", "error")
        assert answer["code"] == "banned", "a kicked player could come straight back"
        kept = relay.rooms[room]
        await until(lambda: not kept.kept_out(["127.0.6.0/24", "bob"], relay.clock()), 5.0)
        assert (await reply(bob, {"kind": "join_room", "room": room}, "room", "error"))[
            "kind"] == "room", "the kick's minutes ran out"

    with_accounts(database, scenario)


def test_a_room_s_mute_holds_for_the_address_a_muted_player_comes_back_from(
        database: str) -> None:
    """Muted in a room, a player who comes back under another name from their address group
    is muted still; one from elsewhere is heard."""

    async def scenario(relay: Relay, port: int) -> None:
        ann = await greeted(port, "127.0.7.2", "Ann")
        bob = await greeted(port, "127.0.8.2", "Bob")
        room = (await reply(ann, {"kind": "create_room"}, "room"))["room"]
        await reply(bob, {"kind": "join_room", "room": room}, "room")
        ann.line({"kind": "mute", "name": "Bob", "minutes": 5})
        await reply(bob, {"kind": "list_rooms"}, "muted")
        bob.writer.close()
        await until(lambda: len(relay.rooms[room].members()) == 1)

        rob = await greeted(port, "127.0.8.3", "Rob")
        await reply(rob, {"kind": "join_room", "room": room}, "room")
        refused = await reply(rob, {"kind": "chat", "text": "still here"}, "error", "chat")
        assert refused == {"kind": "error", "code": "muted",
                           "message": "you are muted in this room for 5 minutes more"}
        cy = await greeted(port, "127.0.9.2", "Cy")
        await reply(cy, {"kind": "join_room", "room": room}, "room")
        cy.line({"kind": "chat", "text": "hello"})
        assert (await reply(ann, {"kind": "list_rooms"}, "chat"))["name"] == "Cy"

    with_accounts(database, scenario)
