"""Reading and writing the relay's database with every database error coming out as a
``StorageError`` the relay can say and log."""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from audiospoons.net.storage import StorageError


class Access:
    """A connection of ``engine``'s for the ``async with`` block: a transaction when
    ``writing``. An ``IntegrityError`` (a key taken already) comes out as it is, after the
    transaction is rolled back, for the caller to answer."""

    def __init__(self, engine: AsyncEngine, *, writing: bool) -> None:
        self._writing = writing
        self._context: Any = engine.begin() if writing else engine.connect()

    async def __aenter__(self) -> AsyncConnection:
        try:
            connection: AsyncConnection = await self._context.__aenter__()
        except SQLAlchemyError as error:
            raise self._error(error) from error
        return connection

    async def __aexit__(self, *exc: Any) -> bool | None:
        if isinstance(exc[1], SQLAlchemyError) and not isinstance(exc[1], IntegrityError):
            with contextlib.suppress(SQLAlchemyError):
                await self._context.__aexit__(*exc)
            raise self._error(exc[1]) from exc[1]
        try:
            result: bool | None = await self._context.__aexit__(*exc)
        except SQLAlchemyError as error:
            raise self._error(error) from error
        return result

    def _error(self, error: SQLAlchemyError) -> StorageError:
        done = "written" if self._writing else "read"
        return StorageError(f"the database could not be {done}: {error}")


def reading(engine: AsyncEngine) -> Access:
    return Access(engine, writing=False)


def writing(engine: AsyncEngine) -> Access:
    return Access(engine, writing=True)
