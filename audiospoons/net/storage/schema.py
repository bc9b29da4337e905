"""The relay's tables, as SQLAlchemy Core sees them: what the queries are written against. The
migrations (``migrations/versions``) make the same tables; a test holds the two to each other."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
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

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("family", String(80), nullable=False),
    Column("record", Text, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("ended_at", Float, nullable=False),
    Column("rating", String(8), nullable=False),
    Index("ix_games_rating", "rating", "id"),
)
"""A game played on the relay: its ``history.RelayGameRecord`` as JSON (enough to replay it), and
where its ratings stand: ``none`` (fewer than two people played), ``waiting`` or ``done``."""

game_players = Table(
    "game_players", metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False),
    Column("place", Integer, nullable=False),
    Column("rating_before", Integer, nullable=True),
    Column("rating_after", Integer, nullable=True),
    Index("ix_game_players_account_id", "account_id", "game_id"),
)
"""Each registered player's seat in a game, their place (1 the best), and their rating as it
was shown before and after the game (once rated)."""

ratings = Table(
    "ratings", metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True),
    Column("family", String(80), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("shown", Integer, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_family_shown", "family", "shown"),
)
"""A player's rating in one family of games (``ratings.family_of``): OpenSkill's ``mu`` and
``sigma``, and the number the player hears (``ratings.shown``), which the leaderboard orders."""

sanctions = Table(
    "sanctions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(8), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True,
           index=True),
    Column("address_group", String(64), nullable=True, index=True),
    Column("until", Float, nullable=False),
    Column("by_name", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)
"""A moderator's ban (``ban``: kept off the relay) or mute (``mute``: no chat), until a time:
by account, by address group (``addresses``), or both."""
