"""What a player may ask the relay of its records: ratings, leaderboards, their last games and a
game's record to hear it again, and logging out; and each player told of their new rating once
a game is rated. Each answer waits on the database in a task of
its own, one at a time for a connection; a database out of reach is said, and the relay goes on.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.net.storage import StorageError

if TYPE_CHECKING:
    from audiospoons.net.accounts import Accounts
    from audiospoons.net.history import RelayGameRecord
    from audiospoons.net.link import Client
    from audiospoons.net.storage.games import FamilyStanding, RatedGame
    from audiospoons.net.storage.store import Storage

log = logging.getLogger("audiospoons.relay")

MY_GAMES = 20
"""Games "My last games" lists."""
MOVES_PER_MESSAGE = 400
"""Moves in one ``game_moves`` message: a long game's record comes in several, each well
under a client's longest line."""


def standing_fields(standing: FamilyStanding) -> dict[str, Any]:
    fields: dict[str, Any] = {"family": standing.family, "players": standing.players}
    if standing.rating is not None:
        fields.update(rating=standing.rating, games=standing.games, place=standing.place)
    return fields


class Relay(Protocol):
    """What the desk needs of its relay: its accounts (and their storage), its connections,
    and to run an answer's work and report its faults."""

    accounts: Accounts
    clients: set[Client]

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...

    def faulted(self, client: Client, kind: str) -> None: ...


class RecordDesk:
    """The answers (see the module)."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    def _ask(self, client: Client, kind: str, *, account: bool,
             work: Callable[[Storage], Awaitable[None]]) -> None:
        storage = self.relay.accounts.storage
        if not self.relay.accounts.keeps:
            client.refuse("no-accounts", "this relay keeps no records: play as a guest")
            return
        if account and client.account is None:
            client.refuse("not-logged-in", "log in to have games of your own kept")
            return
        if client.querying:
            client.refuse("busy", "wait for the answer to what you asked before")
            return
        if storage is None:
            client.refuse("accounts-down", "the relay cannot reach its records now: try"
                          " again later")
            return
        client.querying = True

        async def answer() -> None:
            try:
                await work(storage)
            except StorageError as error:
                log.error("records: %s", error)
                client.refuse("accounts-down", "the relay cannot reach its records now: try"
                              " again later")
            except Exception:
                self.relay.faulted(client, kind)
            finally:
                client.querying = False

        self.relay.spawn(answer())

    def ratings(self, client: Client, body: dict[str, Any]) -> None:
        async def work(storage: Storage) -> None:
            account = client.account.id if client.account else None
            standings = await storage.games.standings(account)
            client.send("ratings", families=[standing_fields(s) for s in standings[:50]])
        self._ask(client, "ratings", account=False, work=work)

    def leaderboard(self, client: Client, body: dict[str, Any]) -> None:
        family = str(body["family"])[:80]

        async def work(storage: Storage) -> None:
            account = client.account.id if client.account else None
            leaders, you = await storage.games.leaderboard(family, account)
            client.send("leaderboard", family=family, players=you.players,
                        leaders=[{"place": leader.place, "name": leader.name,
                                  "rating": leader.rating, "games": leader.games}
                                 for leader in leaders],
                        **({} if you.rating is None else {"you": {
                            "rating": you.rating, "games": you.games, "place": you.place}}))
        self._ask(client, "leaderboard", account=False, work=work)

    def my_games(self, client: Client, body: dict[str, Any]) -> None:
        async def work(storage: Storage) -> None:
            assert client.account is not None
            past = await storage.games.games_of(client.account.id, MY_GAMES)
            client.send("my_games", games=[{
                "game": game.game_id, "kind": game.game, "family": game.family,
                "ended_at": round(game.ended_at, 3), "players": list(game.names),
                "bots": list(game.bots), "seat": game.seat, "place": game.place,
                **({} if game.after is None else {"before": game.before, "after": game.after})}
                for game in past])
        self._ask(client, "my_games", account=True, work=work)

    def game_record(self, client: Client, body: dict[str, Any]) -> None:
        number = int(body["game"])

        async def work(storage: Storage) -> None:
            assert client.account is not None
            found = await storage.games.record_of(number, client.account.id)
            if found is None:
                client.refuse("no-game", f"you played no game {number} here")
                return
            record, seat = found
            wire = record.to_wire()
            moves = wire.pop("moves")
            client.send("game_record", game=number, seat=seat, record=wire, moves=len(moves))
            for start in range(0, len(moves), MOVES_PER_MESSAGE):
                client.send("game_moves", game=number,
                            moves=moves[start:start + MOVES_PER_MESSAGE])
        self._ask(client, "game_record", account=True, work=work)

    def logout(self, client: Client, body: dict[str, Any]) -> None:
        """Forget the login token the client kept: the next start asks for the password."""
        token = str(body["token"])

        async def work(storage: Storage) -> None:
            assert client.account is not None
            await storage.drop_token(client.account.id, token)
            client.send("logged_out")
        self._ask(client, "logout", account=True, work=work)

    def rated(self, rated: RatedGame) -> None:
        """A game's ratings are done: each of its players still here is told their change,
        and any room they are in shows their new rating."""
        for player in rated.players:
            for client in list(self.relay.clients):
                if client.account is None or client.account.id != player.account:
                    continue
                client.ratings[rated.family] = player.after
                client.send("rating", family=rated.family, rating=player.after,
                            before=player.before, games=player.games, place=player.place)
                if client.room is not None and client.room.family == rated.family:
                    client.room.broadcast("room", **client.room.state())

    def ratings_wait(self, record: RelayGameRecord) -> None:
        """A game's ratings cannot be done now (the database is out of reach): its players
        still here are told they will be."""
        accounts = {seat.account for seat in record.seats if seat.account is not None}
        for client in list(self.relay.clients):
            if client.account is not None and client.account.id in accounts:
                client.send("error", code="ratings-later", message="the relay cannot reach"
                            " its records now: this game's ratings will follow when it can")
