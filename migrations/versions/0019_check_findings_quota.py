"""findings: who stored a finding from their check before saving, and when (``POST /api/check`` with
``"store": true``; sidebot.queue.checked)

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


def downgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("requested_at")
        batch_op.drop_column("requested_by")
