"""The relay's tables, as SQLAlchemy Core sees them: what the queries are written against. The
migrations (``migrations/versions``) make the same tables; a test holds the two to each other."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("heard_key", String(256), nullable=False, unique=True),
    Column("seen_key", String(256), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("moderator", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
)
"""A registered player: the name as they typed it, the two keys a name is told apart by
(``names.name_keys``: as heard, as seen), each reserved for them, and their password's argon2id
hash."""

tokens = Table(
    "tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("used_at", Float, nullable=False),
)
"""A login token a client keeps to log in by itself next time: kept only as its SHA-256, so
that the database alone logs nobody in."""
