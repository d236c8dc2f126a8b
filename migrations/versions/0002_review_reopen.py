"""reviews: return to open (reopened_at, reopened_by) and an index for leaderboard periods

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reviews", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reopened_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("reopened_by", sa.String(length=255), nullable=True))
        batch_op.create_index(batch_op.f("ix_reviews_created_at"), ["created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("reviews", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_reviews_created_at"))
        batch_op.drop_column("reopened_by")
        batch_op.drop_column("reopened_at")
