"""Accounts on the relay, over real sockets, kept in SQLite and in a real PostgreSQL: register,
log in again by the kept token, a registered name kept for its owner, guests, wrong passwords
backing off, a password changed, and a database that is not there."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from test_relay import with_relay

from audiospoons.net.accounts import REGISTRATION_BURST, REGISTRATIONS_A_SECOND
from audiospoons.net.accountstore import open_accounts
from audiospoons.net.backoff import FREE_TRIES
from audiospoons.net.client import Login, RelayClient, RelayError
from audiospoons.net.hashing import LANE_PLACES, LOGINS
from audiospoons.net.server import Relay
from audiospoons.net.storage import StorageError
from audiospoons.net.storage.store import Storage

Scenario = Callable[[Relay, int], Awaitable[None]]


def with_accounts(database: str, scenario: Scenario, timeout: float = 60.0) -> None:
    """``scenario`` against a relay on 127.0.0.1 (``test_relay.with_relay``) keeping its
    accounts in ``database``."""

    async def keeping_accounts(relay: Relay, port: int) -> None:
        relay.keep_records(await open_accounts(database))
        try:
            await scenario(relay, port)
        finally:
            for task in relay._tasks:
                task.cancel()
            await relay.keeper.close()
            relay.accounts.close()
            if relay.accounts.storage is not None:
                await relay.accounts.storage.close()

    with_relay(keeping_accounts, timeout)


async def connect(port: int, name: str, login: Login | None = None) -> RelayClient:
    return await RelayClient.connect("127.0.0.1", port, name, login=login)


async def refused(port: int, name: str, login: Login | None = None) -> RelayError:
    try:
        client = await connect(port, name, login)
    except RelayError as error:
        return error
    await client.close()
    raise AssertionError(f"{name} was let in")


def test_register_then_log_in_again_by_the_kept_token(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        assert (ann.name, ann.guest) == ("Ann", False) and ann.token is not None
        await ann.close()
        again = await connect(port, "whatever", Login(token=ann.token))
        assert (again.name, again.guest, again.token) == ("Ann", False, None)
        await again.close()
        by_password = await connect(port, "ann", Login(password="hunter22"))
        assert (by_password.name, by_password.guest) == ("Ann", False)
        assert by_password.token not in (None, ann.token)
        await by_password.close()

    with_accounts(database, scenario)


def test_a_registered_name_is_its_owner_s_and_a_guest_takes_a_free_one(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        await ann.close()
        for name in ("Ann", "ANN", "A n n", "\u0410nn"):  # the last with a Cyrillic A
            error = await refused(port, name)
            assert error.code == "name-registered", name
        assert str(await refused(port, "Ann")) == (
            "Ann is a registered player's name: log in with its password, or choose another"
            " name")
        taken = await refused(port, "ann", Login(password="another1", register=True))
        assert taken.code == "already-registered"
        guest = await connect(port, "Bob")
        assert (guest.name, guest.guest, guest.token) == ("Bob", True, None)
        await guest.close()

    with_accounts(database, scenario)


def test_wrong_passwords_back_off_and_say_so(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        await ann.close()
        for _ in range(FREE_TRIES):
            error = await refused(port, "Ann", Login(password="wrong-one"))
            assert (error.code, str(error)) == (
                "bad-login", "that name and password do not match an account")
        unknown = await refused(port, "Nobody", Login(password="wrong-one"))
        assert unknown.code in ("bad-login", "slow-down")
        slow = await refused(port, "Ann", Login(password="hunter22"))
        assert slow.code == "slow-down" and str(slow).startswith(
            "too many wrong passwords: try again in ")
        short = await refused(port, "Cy", Login(password="abc", register=True))
        assert (short.code, str(short)) == ("bad-password",
                                            "a password has 6 to 128 characters")

    with_accounts(database, scenario)


def test_a_changed_password_forgets_every_kept_login(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        first = await connect(port, "Ann", Login(password="hunter22", register=True))
        kept = first.token
        first.send("change_password", old="not-it-at-all", new="correct horse")
        error = await first.expect("error")
        assert error["code"] == "bad-login"
        first.send("change_password", old="hunter22", new="correct horse")
        changed = await first.expect("password_changed")
        assert changed["token"] not in (None, kept)
        await first.close()
        assert (await refused(port, "x", Login(token=kept))).code == "bad-token"
        assert (await refused(port, "Ann", Login(password="hunter22"))).code == "bad-login"
        fresh = await connect(port, "x", Login(token=changed["token"]))
        assert fresh.name == "Ann"
        await fresh.close()
        guest = await connect(port, "Bob")
        guest.send("change_password", old="a", new="bbbbbbbb")
        assert (await guest.expect("error"))["code"] == "not-logged-in"
        await guest.close()

    with_accounts(database, scenario)


def test_the_accounts_survive_the_relay(database: str) -> None:
    tokens: list[str] = []

    async def first(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        assert ann.token is not None
        tokens.append(ann.token)
        await ann.close()

    async def second(relay: Relay, port: int) -> None:
        ann = await connect(port, "x", Login(token=tokens[0]))
        assert (ann.name, ann.guest) == ("Ann", False)
        await ann.close()

    with_accounts(database, first)
    with_accounts(database, second)


def test_a_database_that_will_not_open_leaves_the_relay_playing_with_guests(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    corrupt = tmp_path / "relay.db"
    corrupt.write_bytes(b"this is not a database" * 100)

    async def scenario(relay: Relay, port: int) -> None:
        assert relay.accounts.down
        error = await refused(port, "Ann", Login(password="hunter22", register=True))
        assert error.code == "accounts-down"
        assert str(error).startswith("the relay cannot reach its accounts now")
        guest = await connect(port, "Ann")
        assert guest.guest
        guest.send("create_room")
        assert (await guest.expect("room"))["room"] == 1
        await guest.close()

    with_accounts(str(corrupt), scenario)
    assert "could not be opened" in caplog.text


def test_the_same_storage_code_serves_sqlite_and_postgresql(database: str) -> None:
    """The storage alone: keys held unique, tokens kept as hashes, a moderator flag."""

    async def scenario() -> None:
        storage = await Storage.open(database)
        try:
            now = time.time()
            ann = await storage.create_account("Ann", ("ann", "ann"), "hash", now)
            assert ann is not None
            assert await storage.create_account("Anne", ("anne", "ann"), "hash", now) is None
            await storage.add_token(ann.id, "secret-token", now)
            async with storage.engine.connect() as connection:
                stored = (await connection.exec_driver_sql(
                    "SELECT token_hash FROM tokens")).scalar_one()
            assert stored != "secret-token" and len(stored) == 64
            await storage.set_moderator(ann.id, True)
            found = await storage.account_for_token("secret-token", now + 1)
            assert found is not None and found.moderator
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_an_unreachable_postgresql_is_a_clear_error_that_keeps_its_password_to_itself(
        ) -> None:
    async def scenario() -> None:
        with pytest.raises(StorageError, match="could not be opened") as raised:
            await Storage.open("postgresql://nobody:SECRETPW@127.0.0.1:1/none")
        assert "SECRETPW" not in str(raised.value)
        assert "postgresql://nobody:***@127.0.0.1:1/none" in str(raised.value)

    asyncio.run(scenario())


def test_wrong_passwords_tried_all_at_once_are_held_back_as_if_one_after_another(
        database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        await ann.close()
        errors = await asyncio.gather(*(refused(port, "Ann", Login(password=f"wrong-{n}"))
                                        for n in range(12)))
        codes = [error.code for error in errors]
        assert codes.count("bad-login") <= FREE_TRIES and "slow-down" in codes

    with_accounts(database, scenario)


def test_one_account_change_at_a_time_per_connection(database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        for _ in range(3):
            ann.send("change_password", old="hunter22", new="correct horse")
        first = await ann.expect("error", "password_changed")
        assert (first["kind"], first.get("code")) == ("error", "busy")
        assert (await ann.expect("error", "password_changed"))["code"] == "busy"
        assert (await ann.expect("error", "password_changed"))["kind"] == "password_changed"
        await ann.close()

    with_accounts(database, scenario)


def test_names_that_clash_across_their_keys_are_one_name(database: str) -> None:
    """'Il' sounds as 'il' and looks as 'll'; 'iI' sounds as 'ii' and looks as 'il'."""

    async def scenario(relay: Relay, port: int) -> None:
        first = await connect(port, "Il", Login(password="hunter22", register=True))
        await first.close()
        clash = await refused(port, "iI", Login(password="hunter22", register=True))
        assert clash.code == "already-registered"

    with_accounts(database, scenario)


def test_logins_do_not_hold_up_the_relay(database: str) -> None:
    """While argon2 hashes four registrations in worker threads, the relay answers pings: they
    come back before the registrations are done."""

    async def scenario(relay: Relay, port: int) -> None:
        watcher = await connect(port, "Watcher")
        registering = [asyncio.create_task(connect(port, name, Login(
            password=f"password of {name}", register=True)))
            for name in ("Amy", "Ben", "Cleo", "Dot")]
        await until(lambda: len(relay._tasks) == 4)  # every registration is being hashed
        for _ in itertools.repeat(None, 5):
            watcher.send("ping", t=1.0)
            await watcher.expect("pong")
        assert not all(task.done() for task in registering)
        players = await asyncio.gather(*registering)
        assert all(not player.guest for player in players)
        for client in (watcher, *players):
            await client.close()

    with_accounts(database, scenario)


FLOODERS = 40


def flood_address(attempt: int) -> str:
    """Where the ``attempt``-th registration of a flood comes from: each from a /24 of its own
    (127.A.B.1; Linux routes all of 127/8 to the loopback), none the honest clients' 127.0.0."""
    return f"127.{1 + attempt // 256}.{attempt % 256}.1"


async def register_once(port: int, attempt: int) -> str:
    """One registration of a flood, from a fresh network: the code the relay answers with
    (``hello`` when it took the name)."""
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", port, local_addr=(flood_address(attempt), 0))
    try:
        writer.write(json.dumps({"kind": "register", "version": 1, "name": f"Flood {attempt}",
                                 "password": "flooding"}).encode() + b"\n")
        while True:
            answer = json.loads(await reader.readline())
            if answer["kind"] == "hello":
                return "hello"
            if answer["kind"] == "error":
                return str(answer["code"])
    finally:
        writer.close()


def test_logins_get_in_during_a_registration_flood_from_many_networks(database: str) -> None:
    """Forty clients registering names one after another, each time from a new /24: a player
    logging in by password and one by their kept token both get in at the first try, and the
    flood gets no more names than the relay takes from everywhere together."""

    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        await ann.close()
        bob = await connect(port, "Bob", Login(password="bobs password", register=True))
        token = bob.token
        await bob.close()
        answers: Counter[str] = Counter()
        stop = asyncio.Event()

        async def flooder(first: int) -> None:
            for attempt in itertools.count(first, FLOODERS):
                if stop.is_set():
                    return
                answers[await register_once(port, attempt)] += 1

        started = time.monotonic()
        flood = [asyncio.create_task(flooder(index)) for index in range(FLOODERS)]
        try:
            await until(lambda: answers.total() >= 4 * FLOODERS, 30.0)
            by_password, by_token = await asyncio.gather(
                connect(port, "Ann", Login(password="hunter22")),
                connect(port, "whoever", Login(token=token)), return_exceptions=True)
        finally:
            stop.set()
            await asyncio.gather(*flood, return_exceptions=True)
        elapsed = time.monotonic() - started
        assert isinstance(by_password, RelayClient), by_password
        assert isinstance(by_token, RelayClient), by_token
        assert (by_password.name, by_token.name) == ("Ann", "Bob")
        await by_password.close()
        await by_token.close()
        assert answers["hello"] <= REGISTRATION_BURST + REGISTRATIONS_A_SECOND * elapsed, answers

    with_accounts(database, scenario)


def test_a_login_refused_as_busy_counts_against_no_one(database: str) -> None:
    """While the logins' hashing lane is full, every try is refused ``busy``, and none of them
    counts as a wrong password: once there is room, the right one gets in at once."""

    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann", Login(password="hunter22", register=True))
        await ann.close()
        with contextlib.ExitStack() as full:
            for _ in range(LANE_PLACES):
                full.enter_context(relay.accounts.hashers.place(LOGINS))
            for _ in range(FREE_TRIES + 2):
                busy = await refused(port, "Ann", Login(password="hunter22"))
                assert (busy.code, str(busy)) == (
                    "busy", "the relay is busy with other logins: try again in a moment")
        again = await connect(port, "Ann", Login(password="hunter22"))
        assert (again.name, again.guest) == ("Ann", False)
        await again.close()

    with_accounts(database, scenario)


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.005)


def test_a_relay_without_accounts_greets_as_it_always_has() -> None:
    """A hello and what follows it at once are both answered; a login token is passed over,
    and a login or registration is refused at once."""

    async def scenario(relay: Relay, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b'{"kind":"hello","version":1,"name":"Ann","token":"' + b"x" * 43
                     + b'"}\n{"kind":"list_rooms"}\n')
        answers = [json.loads(await reader.readline()) for _ in range(4)]
        assert [answer["kind"] for answer in answers if answer["kind"] != "ping"] == [
            "hello", "rooms", "rooms"]
        assert answers[0] == {"kind": "hello", "version": 1, "name": "Ann",
                              "hearing": True, "heard": True}
        writer.close()
        refusal = await refused(port, "Bob", Login(password="hunter22", register=True))
        assert refusal.code == "no-accounts"

    with_relay(scenario)
