"""citations: the revision that added the cited URL (page history), which dates the archived copy of a dead
source that has no access-date

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("added_rev", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("added_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_column("added_at")
        batch_op.drop_column("added_rev")
