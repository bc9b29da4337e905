"""What the relay keeps between runs (``store``: accounts, their login tokens, games, ratings,
sanctions), and the few plain names the relay's parts use without it: an account, the error a
database raises, the kinds of sanction. Loading them loads no database: a relay that keeps no
accounts never loads SQLAlchemy or Alembic."""

from __future__ import annotations

from dataclasses import dataclass

BAN, MUTE = "ban", "mute"
"""The kinds of sanction a moderator gives."""


class StorageError(Exception):
    """The database could not do what was asked (it is down, locked, corrupt or full)."""


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    password_hash: str
    moderator: bool
