"""Games played, ratings, and the moderators' bans and mutes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("family", sa.String(80), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=False),
        sa.Column("rating", sa.String(8), nullable=False),
    )
    op.create_index("ix_games_rating", "games", ["rating", "id"])
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("rating_before", sa.Integer, nullable=True),
        sa.Column("rating_after", sa.Integer, nullable=True),
    )
    op.create_index("ix_game_players_account_id", "game_players", ["account_id", "game_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("family", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_family_shown", "ratings", ["family", "shown"])
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("address_group", sa.String(64), nullable=True),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("by_name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sanctions_account_id", "sanctions", ["account_id"])
    op.create_index("ix_sanctions_address_group", "sanctions", ["address_group"])


def downgrade() -> None:
    op.drop_index("ix_sanctions_address_group", "sanctions")
    op.drop_index("ix_sanctions_account_id", "sanctions")
    op.drop_table("sanctions")
    op.drop_index("ix_ratings_family_shown", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_game_players_account_id", "game_players")
    op.drop_table("game_players")
    op.drop_index("ix_games_rating", "games")
    op.drop_table("games")
