"""Games kept and rated on the relay, over real sockets, in SQLite and in a real PostgreSQL:
each game's record, the ratings it changes (OpenSkill, by place), the leaderboard, "my last
games", a game's record that replays exactly, and ratings that catch up once a locked database
is free again."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from test_accounts import connect, with_accounts
from test_relay import FAST, QUICK_GAME, until

from audiospoons.engine.events import Event
from audiospoons.games.registry import GAMES
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import Login, RelayClient
from audiospoons.net.history import RelayGameRecord, SeatRecord, replay_of
from audiospoons.net.ratings import NEW, bot_rating, shown
from audiospoons.net.server import Relay
from audiospoons.net.skill import rate
from audiospoons.replay.runner import run

PASSWORD = "hunter22"


async def registered(port: int, name: str) -> RelayClient:
    return await connect(port, name, Login(password=PASSWORD, register=True))


async def play_a_game(relay: Relay | None, clients: list[RelayClient], bots: int = 1
                      ) -> list[Event]:
    """The first client opens a room of a quick classic game with ``bots`` easy bots, the
    others sit in it once the bots are seated (so that the seats come in that order), and all
    play it to its end as remote bots: the events the relay's table made (none when the relay
    runs in another process: ``relay`` None)."""
    host = clients[0]
    host.send("create_room", options=QUICK_GAME)
    room = (await host.expect("room"))["room"]
    for _ in range(bots):
        host.send("add_bot", level="easy")
    if bots and clients[1:]:
        await host.expect("room", where=lambda m: len(m["seats"]) == 1 + bots)
    for client in clients[1:]:
        client.send("join_room", room=room)
        client.send("ready", ready=True)
    await host.expect("room", where=lambda m: len(m["seats"]) == len(clients) + bots
                      and all(seat["ready"] or seat["bot"] for seat in m["seats"][1:]))
    truth: list[Event] = []
    if relay is not None:
        relay.rooms[room].watchers.append(lambda game, events: truth.extend(events))
    host.send("start")
    started = [await client.expect("game_started") for client in clients]
    await asyncio.gather(*(play_seat(client, start, seed=index, pace=FAST, timeout=80.0)
                           for index, (client, start) in enumerate(zip(clients, started,
                                                                       strict=True))))
    return truth


async def whole_record(client: RelayClient, game: int) -> tuple[RelayGameRecord, int]:
    """Ask for a game's record, and put it together from its ``game_moves``."""
    client.send("game_record", game=game)
    head = await client.expect("game_record")
    moves: list[dict[str, Any]] = []
    while len(moves) < head["moves"]:
        moves += (await client.expect("game_moves"))["moves"]
    wire = dict(head["record"], moves=moves)
    import json
    return RelayGameRecord.from_json(json.dumps(wire)), head["seat"]


def test_a_game_between_two_players_rates_them_by_place_and_replays_exactly(
        database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await registered(port, "Ann"), await registered(port, "Bob")
        truth = await play_a_game(relay, [ann, bob])
        family = "spoons/custom"
        ann_rating = await ann.expect("rating", timeout=20.0)
        bob_rating = await bob.expect("rating", timeout=20.0)
        assert ann_rating["family"] == bob_rating["family"] == family
        new = shown(*NEW)
        assert ann_rating["before"] == bob_rating["before"] == new
        assert ann_rating["games"] == bob_rating["games"] == 1
        better, worse = sorted([ann_rating, bob_rating], key=lambda r: r["place"])
        assert better["place"] < worse["place"]
        assert better["rating"] > worse["rating"]

        ann.send("leaderboard", family=family)
        board = await ann.expect("leaderboard")
        assert board["players"] == 2
        assert [leader["rating"] for leader in board["leaders"]] == [
            better["rating"], worse["rating"]]
        assert board["leaders"][0]["place"] == 1 and board["leaders"][1]["place"] == 2
        assert board["you"] == {"rating": ann_rating["rating"], "games": 1,
                                "place": 1 if ann_rating is better else 2}

        ann.send("ratings")
        families = (await ann.expect("ratings"))["families"]
        assert families == [{"family": family, "players": 2, "rating": ann_rating["rating"],
                             "games": 1, "place": board["you"]["place"]}]

        bob.send("my_games")
        games = (await bob.expect("my_games"))["games"]
        assert len(games) == 1
        past = games[0]
        assert past["players"][::2] == ["Ann", "Bob"] and past["bots"] == [False, True, False]
        assert (past["seat"], past["place"]) == (2, bob_rating["place"])
        assert (past["before"], past["after"]) == (new, bob_rating["rating"])

        record, seat = await whole_record(bob, past["game"])
        assert seat == 2 and record.seats[1].bot == "easy"
        _, game, script = replay_of(record)
        replayed = [item for _, item in run(game, script) if isinstance(item, Event)]
        assert replayed == truth
        assert record.places == GAMES["spoons"].places(truth, 3)
        expected = rate(record, {})
        assert record.seats[0].account is not None and record.seats[2].account is not None
        assert (expected[record.seats[0].account].shown, expected[record.seats[2].account].shown
                ) == (ann_rating["rating"], bob_rating["rating"])

        ann.send("game_record", game=past["game"] + 1)
        assert (await ann.expect("error"))["code"] == "no-game"
        await ann.close()
        await bob.close()

    with_accounts(database, scenario, timeout=120.0)


def test_a_game_with_one_person_is_kept_but_not_rated_and_a_guest_has_no_games(
        database: str) -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await registered(port, "Ann")
        await play_a_game(relay, [ann], bots=2)
        guest = await connect(port, "Cy")
        ann.send("my_games")
        games = (await ann.expect("my_games", timeout=20.0))["games"]
        if not games:
            await until(lambda: not relay.keeper.pending, 20.0)
            ann.send("my_games")
            games = (await ann.expect("my_games"))["games"]
        assert len(games) == 1 and "after" not in games[0]
        ann.send("ratings")
        assert (await ann.expect("ratings"))["families"] == []
        guest.send("my_games")
        assert (await guest.expect("error"))["code"] == "not-logged-in"
        guest.send("leaderboard", family="spoons/custom")
        board = await guest.expect("leaderboard")
        assert board == {"kind": "leaderboard", "family": "spoons/custom", "players": 0,
                         "leaders": []}
        await ann.close()
        await guest.close()

    with_accounts(database, scenario, timeout=120.0)


def test_a_bot_counts_at_its_level_s_fixed_rating() -> None:
    assert bot_rating("easy").shown < bot_rating("normal").shown < bot_rating("hard").shown \
        < bot_rating("expert").shown


def test_ratings_wait_for_a_locked_database_and_catch_up_when_it_is_free(
        tmp_path: Path) -> None:
    path = tmp_path / "relay.db"

    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await registered(port, "Ann"), await registered(port, "Bob")
        lock = sqlite3.connect(path, timeout=0.1)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            await play_a_game(relay, [ann, bob])
            later = await ann.expect("error", timeout=20.0,
                                     where=lambda m: m["code"] == "ratings-later")
            assert later["message"] == ("the relay cannot reach its records now: this game's"
                                        " ratings will follow when it can")
            assert len(relay.keeper.pending) == 1
        finally:
            lock.rollback()
            lock.close()
        rating = await ann.expect("rating", timeout=30.0)
        assert rating["games"] == 1 and not relay.keeper.pending
        await ann.close()
        await bob.close()

    with_accounts(str(path), scenario, timeout=120.0)


def test_the_migrations_make_exactly_the_tables_the_queries_are_written_against(
        database: str) -> None:
    """Alembic's own comparison of the migrated database with ``schema``: nothing differs."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from audiospoons.net.storage.schema import metadata
    from audiospoons.net.storage.store import Storage

    async def compare() -> list[Any]:
        storage = await Storage.open(database)
        try:
            async with storage.engine.connect() as connection:
                return await connection.run_sync(lambda sync: compare_metadata(
                    MigrationContext.configure(sync), metadata))
        finally:
            await storage.close()

    assert asyncio.run(compare()) == []


def test_games_not_kept_when_the_relay_stops_wait_in_the_spool_for_the_next_start(
        tmp_path: Path) -> None:
    """The database is locked when a game ends and when the relay stops: the game goes to the
    spool file, and the next start keeps it and rates it."""
    from audiospoons.net.keeper import Keeper
    from audiospoons.net.storage.store import Storage

    path, spool = tmp_path / "relay.db", tmp_path / "unsaved-games.jsonl"

    async def first() -> RelayGameRecord:
        storage = await Storage.open(str(path))
        ann = await storage.create_account("Ann", ("ann", "ann"), "hash", 1.0)
        bob = await storage.create_account("Bob", ("bob", "bob"), "hash", 1.0)
        assert ann is not None and bob is not None
        record = RelayGameRecord("razz", {}, (SeatRecord("Ann", ann.id), SeatRecord("Bob", bob.id)),
                            7, 0, (), (2, 1), 10.0, 20.0)
        keeper = Keeper(storage, spool=spool)
        lock = sqlite3.connect(path, timeout=0.1)
        lock.execute("BEGIN EXCLUSIVE")
        keeper.finished(record)
        await until(lambda: keeper._retry > 2.0, 20.0)
        await keeper.close()
        lock.rollback()
        lock.close()
        await storage.close()
        return record

    record = asyncio.run(first())
    assert spool.read_text(encoding="utf-8") == record.to_json() + "\n"

    async def second() -> list[tuple[str, tuple[int, int]]]:
        storage = await Storage.open(str(path))
        rated: list[Any] = []
        keeper = Keeper(storage, spool=spool, on_rated=rated.append)
        assert not spool.exists() and len(keeper.pending) == 1
        keeper.start()
        await until(lambda: bool(rated), 10.0)
        await keeper.close()
        kept = await storage.games.ratings_of(2)
        await storage.close()
        return list(kept.items())

    assert [(family, games) for family, (_, games) in asyncio.run(second())] == [("razz", 1)]
