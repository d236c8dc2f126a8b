"""pages: what the wiki says of a page for the queue's order (a biography of a living person, daily views,
the level needed to edit it); findings: their priority (sidebot.queue.priority); worklists: a reviewer's
saved filters (sidebot.queue.worklists)

Revision ID: 0018
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("living_person", sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column("views_per_day", sa.Double(), nullable=True))
        batch_op.add_column(sa.Column("edit_protection", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("facts_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("priority", sa.Double(), nullable=True))
        batch_op.create_index("ix_findings_state_priority", ["state", "priority"], unique=False)
    op.create_table(
        "worklists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user", sa.String(length=255), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("query", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user", "name"),
    )


def downgrade() -> None:
    op.drop_table("worklists")
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_index("ix_findings_state_priority")
        batch_op.drop_column("priority")
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("facts_at")
        batch_op.drop_column("edit_protection")
        batch_op.drop_column("views_per_day")
        batch_op.drop_column("living_person")
