"""Opening the accounts a relay keeps in a database. Only a relay given one loads this module
(``serving``), and with it SQLAlchemy, Alembic and the database's driver."""

from __future__ import annotations

import logging

from audiospoons.net.accounts import Accounts
from audiospoons.net.storage import StorageError
from audiospoons.net.storage.store import Storage

log = logging.getLogger("audiospoons.relay")


async def open_accounts(database: str) -> Accounts:
    """The accounts kept in ``database``; if it will not open, accounts that say so to every
    player who tries (the error logged)."""
    try:
        return Accounts(await Storage.open(database))
    except StorageError as error:
        log.error("accounts: %s; players can play only as guests until the relay restarts",
                  error)
        return Accounts(None, down=True)


async def cluster_accounts(database: str) -> Accounts:
    """The accounts of a cluster's process, kept in ``database``, its tables brought up to
    date; ``StorageError`` if it will not open."""
    return Accounts(await Storage.open(database))
