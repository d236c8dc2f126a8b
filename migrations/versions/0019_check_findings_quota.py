"""findings: who stored a finding from their check before saving, and when (``POST /api/check`` with
``"store": true``; sidebot.queue.checked); check_quota: the check's per-user quota windows, shared by every
web process (sidebot.queue.check_quota)

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("requested_by", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("requested_at", sa.DateTime(), nullable=True))
    op.create_table(
        "check_quota",
        sa.Column("user", sa.String(length=255), nullable=False),
        sa.Column("window", sa.String(length=8), nullable=False),
        sa.Column("start", sa.DateTime(), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user", "window", "start"),
    )
    op.create_index("ix_check_quota_start", "check_quota", ["start"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_check_quota_start", table_name="check_quota")
    op.drop_table("check_quota")
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("requested_at")
        batch_op.drop_column("requested_by")
