"""The moderators' bans and mutes, kept so that a restart or another relay of a cluster keeps
them too: each by account, by address group, or both, until a time (wall clock)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from audiospoons.net.storage.access import reading, writing
from audiospoons.net.storage.schema import sanctions


@dataclass(frozen=True, slots=True)
class Sanction:
    kind: str
    until: float
    by: str


class SanctionStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def add(self, kind: str, account: int | None, group: str | None, until: float,
                  by: str, now: float) -> None:
        async with writing(self.engine) as connection:
            await connection.execute(insert(sanctions).values(
                kind=kind, account_id=account, address_group=group, until=until, by_name=by,
                created_at=now))

    async def active(self, account: int | None, group: str, now: float) -> list[Sanction]:
        """What holds now against this account (None: a guest) or address group, the
        longest first."""
        against = [sanctions.c.address_group == group]
        if account is not None:
            against.append(sanctions.c.account_id == account)
        async with reading(self.engine) as connection:
            rows = (await connection.execute(
                select(sanctions.c.kind, sanctions.c.until, sanctions.c.by_name)
                .where(or_(*against), sanctions.c.until > now)
                .order_by(sanctions.c.until.desc()))).all()
        return [Sanction(str(row.kind), float(row.until), str(row.by_name)) for row in rows]

    async def lift(self, account: int | None, group: str | None, now: float) -> int:
        """End every ban and mute on this account or address group; how many there were."""
        against = []
        if account is not None:
            against.append(sanctions.c.account_id == account)
        if group is not None:
            against.append(sanctions.c.address_group == group)
        if not against:
            return 0
        async with writing(self.engine) as connection:
            result = await connection.execute(delete(sanctions).where(
                or_(*against), sanctions.c.until > now))
        return int(result.rowcount)
