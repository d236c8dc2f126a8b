"""workers: which process a run ran in (host and pid, for runs on many machines), and the progress of dump
backfills (so one can be stopped and resumed)

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("host", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("worker", sa.String(length=255), nullable=True))
        batch_op.create_index("ix_runs_worker", ["worker"])
    op.create_table(
        "backfill_progress",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("wiki_id", sa.Integer(), sa.ForeignKey("wikis.id", ondelete="CASCADE"), nullable=False),
        sa.Column("dump", sa.String(length=512), nullable=False),
        sa.Column("last_page_id", sa.Integer(), nullable=False),
        sa.Column("pages_enqueued", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("wiki_id", "dump"),
    )


def downgrade() -> None:
    op.drop_table("backfill_progress")
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_index("ix_runs_worker")
        batch_op.drop_column("worker")
        batch_op.drop_column("host")
