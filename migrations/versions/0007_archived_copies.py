"""archived copies and non-content pages: which copy a finding read, what a fetched page is, access dates,
and the cache of Wayback availability answers

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.add_column(sa.Column("page_kind", sa.String(length=32), nullable=True))
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("access_date", sa.Text(), nullable=True))
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("copy_kind", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("copy_url", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("copy_date", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("live_problem", sa.Text(), nullable=True))
    op.create_table(
        "archive_lookups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("wanted", sa.String(length=14), nullable=False),
        sa.Column("snapshot_url", sa.Text(), nullable=True),
        sa.Column("snapshot_time", sa.String(length=14), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("fetched_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key_hash"),
    )


def downgrade() -> None:
    op.drop_table("archive_lookups")
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("live_problem")
        batch_op.drop_column("copy_date")
        batch_op.drop_column("copy_url")
        batch_op.drop_column("copy_kind")
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_column("access_date")
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.drop_column("page_kind")
