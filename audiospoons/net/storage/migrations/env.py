"""Alembic's environment for the relay's database: run in-process by ``storage.migrate`` on the
connection it is given (``config.attributes["connection"]``), never from the command line."""

from __future__ import annotations

from alembic import context

from audiospoons.net.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
