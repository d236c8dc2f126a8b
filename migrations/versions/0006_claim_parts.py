"""findings: the claim's parts judged one by one, and the part the source fails (partial support)

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("parts", sa.JSON(), nullable=False, server_default="[]"))
        batch_op.add_column(sa.Column("failed_part", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("failed_part")
        batch_op.drop_column("parts")
