"""The games played on the relay and the ratings they earned: a record kept for every game,
each registered player's place in it, and their rating in each family of games."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from audiospoons.net.history import RecordError, RelayGameRecord
from audiospoons.net.ratings import NEW, Rating
from audiospoons.net.skill import rate
from audiospoons.net.storage import StorageError
from audiospoons.net.storage.access import reading, writing
from audiospoons.net.storage.schema import accounts, game_players, games, ratings

LEADERS = 20
"""Players a leaderboard names."""
WAITING, DONE, UNRATED = "waiting", "done", "none"
"""Where a game's ratings stand: to be done, done, or none to do (fewer than two people)."""


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    account: int
    place: int
    before: int
    after: int
    games: int


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game whose ratings were just updated, and each registered player's change."""

    game_id: int
    family: str
    players: tuple[RatedPlayer, ...]


@dataclass(frozen=True, slots=True)
class Leader:
    """A line of a leaderboard (``place`` shared by equal ratings)."""

    place: int
    name: str
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class FamilyStanding:
    """A family of games as a player stands in it: how many are rated in it, and the player's
    own rating, games and place (None where they have played none)."""

    family: str
    players: int
    rating: int | None = None
    games: int = 0
    place: int | None = None


@dataclass(frozen=True, slots=True)
class PastGame:
    """One of a player's games, as "My last games" lists it."""

    game_id: int
    game: str
    family: str
    ended_at: float
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    seat: int
    place: int
    before: int | None
    after: int | None


class GameStore:
    """The games and ratings of the relay's database (see the module)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def keep(self, record: RelayGameRecord, family: str, *, rated: bool) -> int:
        """Keep ``record``; ``rated``: its ratings wait to be done (``rate_next``)."""
        async with writing(self.engine) as connection:
            result = await connection.execute(insert(games).values(
                game=record.game, family=family, record=record.to_json(),
                started_at=record.started_at, ended_at=record.ended_at,
                rating=WAITING if rated else UNRATED))
            key = result.inserted_primary_key
            assert key is not None
            game_id = int(key[0])
            players = [{"game_id": game_id, "seat": index, "account_id": seat.account,
                        "place": record.places[index]}
                       for index, seat in enumerate(record.seats)
                       if seat.account is not None and seat.bot is None]
            if players:
                await connection.execute(insert(game_players), players)
        return game_id

    async def rate_next(self, now: float) -> RatedGame | None:
        """Update the ratings of the oldest game still waiting for them, in one transaction
        (None when no game waits). A game taken by another relay of a cluster is passed
        over; one whose record cannot be read is marked unrated."""
        async with writing(self.engine) as connection:
            row = (await connection.execute(
                select(games.c.id, games.c.family, games.c.record)
                .where(games.c.rating == WAITING).order_by(games.c.id).limit(1)
                .with_for_update(skip_locked=True))).first()
            if row is None:
                return None
            try:
                record = RelayGameRecord.from_json(str(row.record))
            except RecordError:
                await _mark(connection, int(row.id), UNRATED)
                return RatedGame(int(row.id), str(row.family), ())
            rated = await _rate(connection, int(row.id), str(row.family), record, now)
            await _mark(connection, int(row.id), DONE)
        return rated

    async def waiting(self) -> int:
        """How many games wait for their ratings."""
        async with reading(self.engine) as connection:
            return int((await connection.execute(
                select(func.count()).select_from(games).where(games.c.rating == WAITING)))
                .scalar_one())

    async def ratings_of(self, account: int) -> dict[str, tuple[int, int]]:
        """The account's rating and games in each family it has played."""
        async with reading(self.engine) as connection:
            rows = (await connection.execute(
                select(ratings.c.family, ratings.c.shown, ratings.c.games)
                .where(ratings.c.account_id == account))).all()
        return {str(row.family): (int(row.shown), int(row.games)) for row in rows}

    async def standings(self, account: int | None) -> list[FamilyStanding]:
        """Every family anyone is rated in, the most played first, with where ``account``
        stands in each."""
        async with reading(self.engine) as connection:
            counts = (await connection.execute(
                select(ratings.c.family, func.count().label("players"))
                .group_by(ratings.c.family)
                .order_by(func.count().desc(), ratings.c.family))).all()
            own = {} if account is None else {
                str(row.family): (int(row.shown), int(row.games))
                for row in (await connection.execute(
                    select(ratings.c.family, ratings.c.shown, ratings.c.games)
                    .where(ratings.c.account_id == account))).all()}
            out = []
            for row in counts:
                family = str(row.family)
                mine = own.get(family)
                place = None if mine is None else await _place(connection, family, mine[0])
                out.append(FamilyStanding(family, int(row.players),
                                          None if mine is None else mine[0],
                                          0 if mine is None else mine[1], place))
        return out

    async def leaderboard(self, family: str, account: int | None
                          ) -> tuple[list[Leader], FamilyStanding]:
        """The ``LEADERS`` best in ``family``, and where ``account`` stands in it."""
        async with reading(self.engine) as connection:
            rows = (await connection.execute(
                select(accounts.c.name, ratings.c.shown, ratings.c.games)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(ratings.c.family == family)
                .order_by(ratings.c.shown.desc(), ratings.c.games.desc(), accounts.c.id)
                .limit(LEADERS))).all()
            players = int((await connection.execute(
                select(func.count()).select_from(ratings).where(ratings.c.family == family)))
                .scalar_one())
            mine = None if account is None else (await connection.execute(
                select(ratings.c.shown, ratings.c.games).where(
                    ratings.c.family == family, ratings.c.account_id == account))).first()
            place = None if mine is None else await _place(connection, family, int(mine.shown))
        leaders, previous = [], None
        for index, row in enumerate(rows):
            at = previous.place if previous is not None and previous.rating == row.shown \
                else index + 1
            previous = Leader(at, str(row.name), int(row.shown), int(row.games))
            leaders.append(previous)
        you = FamilyStanding(family, players, None if mine is None else int(mine.shown),
                             0 if mine is None else int(mine.games), place)
        return leaders, you

    async def games_of(self, account: int, limit: int = 20) -> list[PastGame]:
        """The account's last ``limit`` games, the latest first."""
        async with reading(self.engine) as connection:
            rows = (await connection.execute(
                select(games.c.id, games.c.game, games.c.family, games.c.ended_at,
                       games.c.record, game_players.c.seat, game_players.c.place,
                       game_players.c.rating_before, game_players.c.rating_after)
                .join(game_players, game_players.c.game_id == games.c.id)
                .where(game_players.c.account_id == account)
                .order_by(games.c.id.desc()).limit(limit))).all()
        past = []
        for row in rows:
            try:
                record = RelayGameRecord.from_json(str(row.record))
            except RecordError:
                continue
            past.append(PastGame(
                int(row.id), str(row.game), str(row.family), float(row.ended_at),
                tuple(record.names()), tuple(seat.bot is not None for seat in record.seats),
                int(row.seat), int(row.place),
                None if row.rating_before is None else int(row.rating_before),
                None if row.rating_after is None else int(row.rating_after)))
        return past

    async def record_of(self, game_id: int, account: int) -> tuple[RelayGameRecord, int] | None:
        """A game ``account`` played, and the seat it played; None for any other game."""
        async with reading(self.engine) as connection:
            row = (await connection.execute(
                select(games.c.record, game_players.c.seat)
                .join(game_players, game_players.c.game_id == games.c.id)
                .where(games.c.id == game_id, game_players.c.account_id == account))).first()
        if row is None:
            return None
        try:
            return RelayGameRecord.from_json(str(row.record)), int(row.seat)
        except RecordError as error:
            raise StorageError(f"game {game_id}: {error}") from error


async def _rate(connection: AsyncConnection, game_id: int, family: str, record: RelayGameRecord,
                now: float) -> RatedGame:
    """Rate ``record`` within ``connection``'s transaction."""
    ids = [seat.account for seat in record.seats if seat.account is not None]
    rows = (await connection.execute(
        select(ratings).where(ratings.c.family == family, ratings.c.account_id.in_(ids))
        .with_for_update())).all()
    current = {int(row.account_id): (Rating(float(row.mu), float(row.sigma)), int(row.games))
               for row in rows}
    new = rate(record, {account: kept[0] for account, kept in current.items()})
    players = []
    for seat_index, seat in enumerate(record.seats):
        if seat.account is None or seat.account not in new:
            continue
        after = new[seat.account]
        before, played = current.get(seat.account, (Rating(*NEW), 0))
        values = {"mu": after.mu, "sigma": after.sigma, "shown": after.shown,
                  "games": played + 1, "updated_at": now}
        if seat.account in current:
            await connection.execute(update(ratings).where(
                ratings.c.account_id == seat.account, ratings.c.family == family)
                .values(**values))
        else:
            await connection.execute(insert(ratings).values(
                account_id=seat.account, family=family, **values))
        await connection.execute(update(game_players).where(
            game_players.c.game_id == game_id, game_players.c.seat == seat_index)
            .values(rating_before=before.shown, rating_after=after.shown))
        players.append(RatedPlayer(seat.account, record.places[seat_index], before.shown,
                                   after.shown, played + 1))
    return RatedGame(game_id, family, tuple(players))


async def _mark(connection: AsyncConnection, game_id: int, state: str) -> None:
    await connection.execute(update(games).where(games.c.id == game_id).values(rating=state))


async def _place(connection: AsyncConnection, family: str, rating: int) -> int:
    """The place of a rating in ``family``: one after every rating above it."""
    above = (await connection.execute(select(func.count()).select_from(ratings).where(
        ratings.c.family == family, ratings.c.shown > rating))).scalar_one()
    return int(above) + 1


__all__ = ["DONE", "UNRATED", "WAITING", "FamilyStanding", "GameStore", "Leader", "PastGame",
           "RatedGame", "RatedPlayer"]
