"""What the relay keeps between runs: accounts and their login tokens. One small module in front
of the database, so that the relay holds no SQL and the same code serves SQLite (a file in the
relay's data folder, the default) and PostgreSQL (for a cluster of relays).

Every call is a coroutine on SQLAlchemy's asyncio engine (``aiosqlite``, ``asyncpg``): nothing
the relay waits on blocks its loop. The tables are made and moved forward by Alembic's
migrations (``migrations/versions``) when the storage opens, under a lock of the database's own
(``MIGRATION_LOCK``): processes of a cluster that open a new database at once make its tables
one after another, the others finding them made. A database that cannot be reached,
read or written raises ``StorageError`` with a sentence for the log and the player; the relay
plays on without what it could not keep.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, delete, event, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from audiospoons.net.storage import Account, StorageError
from audiospoons.net.storage.access import reading, writing
from audiospoons.net.storage.filelock import file_lock
from audiospoons.net.storage.games import GameStore
from audiospoons.net.storage.sanctions import SanctionStore
from audiospoons.net.storage.schema import accounts, tokens

__all__ = ["GameStore", "SanctionStore", "Storage", "database_url"]

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x617564696F73
"""The key of PostgreSQL's advisory lock that bringing the tables up to date holds: one
process at a time, released by the server when its transaction ends or its holder dies. An
SQLite file is locked by a file beside it instead (``filelock``)."""
TOKEN_LIFE = 180 * 86_400.0
"""Seconds a login token stays good unused: one not used for half a year is forgotten."""


def database_url(target: str) -> str:
    """The SQLAlchemy URL of ``target``: a ``postgresql://`` URL (given its asyncpg driver), or
    a path to an SQLite file."""
    if target.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + target.split("://", 1)[1]
    if "://" in target:
        return target
    return f"sqlite+aiosqlite:///{Path(target).expanduser()}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Storage:
    """The relay's database (see the module)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.games = GameStore(engine)
        self.sanctions = SanctionStore(engine)

    @classmethod
    async def open(cls, target: str) -> Storage:
        """The database at ``target`` (see ``database_url``), its tables brought up to date.
        An SQLite file is made readable by its owner alone: it holds password hashes."""
        shown = _shown(target)
        engine: AsyncEngine | None = None
        try:
            url = database_url(target)
            engine = create_async_engine(url, hide_parameters=True, **_engine_options(url))
            if url.startswith("sqlite"):
                path = Path(url.split("///", 1)[1])
                _private_file(path)
                event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
                async with file_lock(path.with_name(path.name + ".lock")):
                    await _brought_up_to_date(engine, advisory=False)
            else:
                await _brought_up_to_date(engine, advisory=url.startswith("postgresql"))
        except Exception as error:
            if engine is not None:
                await engine.dispose()
            raise StorageError(f"the database at {shown} could not be opened:"
                               f" {_shown(str(error))}") from error
        return cls(engine)

    async def close(self) -> None:
        await self.engine.dispose()

    # ----------------------------------------------------------------- accounts

    async def create_account(self, name: str, keys: tuple[str, str], password_hash: str,
                             now: float) -> Account | None:
        """A new account, or None when either of the name's keys is taken, as either key of
        another name."""
        try:
            async with writing(self.engine) as connection:
                clash = (await connection.execute(select(accounts.c.id).where(or_(
                    accounts.c.heard_key.in_(keys), accounts.c.seen_key.in_(keys))))).first()
                if clash is not None:
                    return None
                result = await connection.execute(insert(accounts).values(
                    name=name, heard_key=keys[0], seen_key=keys[1],
                    password_hash=password_hash, moderator=False, created_at=now))
                key = result.inserted_primary_key
        except IntegrityError:
            return None
        assert key is not None
        return Account(int(key[0]), name, password_hash, False)

    async def account_named(self, keys: tuple[str, str]) -> Account | None:
        """The account whose name sounds or looks like one with these keys (the oldest, should
        two ever clash)."""
        return await self._one(select(accounts).where(or_(
            accounts.c.heard_key.in_(keys), accounts.c.seen_key.in_(keys)))
            .order_by(accounts.c.id))

    async def account_by_id(self, account: int) -> Account | None:
        return await self._one(select(accounts).where(accounts.c.id == account))

    async def set_password(self, account: int, password_hash: str) -> None:
        """A new password: every token of the account is forgotten with the old one."""
        async with writing(self.engine) as connection:
            await connection.execute(update(accounts).where(accounts.c.id == account)
                                     .values(password_hash=password_hash))
            await connection.execute(delete(tokens).where(tokens.c.account_id == account))

    async def set_moderator(self, account: int, moderator: bool) -> None:
        async with writing(self.engine) as connection:
            await connection.execute(update(accounts).where(accounts.c.id == account)
                                     .values(moderator=moderator))

    # ----------------------------------------------------------------- tokens

    async def add_token(self, account: int, token: str, now: float) -> None:
        async with writing(self.engine) as connection:
            await connection.execute(insert(tokens).values(
                token_hash=token_hash(token), account_id=account, created_at=now, used_at=now))

    async def account_for_token(self, token: str, now: float) -> Account | None:
        """The account a token logs in, its use noted; None for a token unknown, forgotten,
        or unused for ``TOKEN_LIFE``."""
        hashed = token_hash(token)
        found = await self._one(select(accounts).join(tokens).where(
            tokens.c.token_hash == hashed, tokens.c.used_at > now - TOKEN_LIFE))
        if found is not None:
            async with writing(self.engine) as connection:
                await connection.execute(update(tokens).where(tokens.c.token_hash == hashed)
                                         .values(used_at=now))
        return found

    async def drop_token(self, account: int, token: str) -> bool:
        """Forget ``token``, if it is ``account``'s (a logout); whether it was."""
        async with writing(self.engine) as connection:
            result = await connection.execute(delete(tokens).where(
                tokens.c.token_hash == token_hash(token), tokens.c.account_id == account))
        return bool(result.rowcount)

    # ----------------------------------------------------------------- inside

    async def _one(self, query: Any) -> Account | None:
        async with reading(self.engine) as connection:
            row = (await connection.execute(query)).first()
        if row is None:
            return None
        return Account(int(row.id), str(row.name), str(row.password_hash), bool(row.moderator))


def _engine_options(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 5.0}}
    return {"pool_pre_ping": True}


def _shown(text: str) -> str:
    """``text`` with the password of any database URL in it hidden."""
    return re.sub(r"(://[^:/@\s]+:)[^@\s]+@", r"\1***@", text)


def _private_file(path: Path) -> None:
    """``path``'s folder made (readable by its owner alone, when new), and the file too."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        path.touch(mode=0o600)


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """Each SQLite connection: foreign keys kept, and a write-ahead log, so that readers do
    not wait on a writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


async def _brought_up_to_date(engine: AsyncEngine, *, advisory: bool) -> None:
    """Run the migrations still to run, in one transaction; with ``advisory``, holding
    PostgreSQL's lock (``MIGRATION_LOCK``) until it ends, so that a process opening the
    database at the same time waits, then finds the tables made."""
    async with engine.begin() as connection:
        if advisory:
            await connection.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK)))
        await connection.run_sync(_migrate)


def _migrate(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
