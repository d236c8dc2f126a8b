"""the second support figure: P(the source backs every part of the claim), beside the calibrated P(it backs at
least part of it), for findings and for suggested sources

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("findings", "suggestions"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("every_part_probability", sa.Double(), nullable=True))


def downgrade() -> None:
    for table in ("suggestions", "findings"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("every_part_probability")
