"""a citation's |url-status= (dead, usurped, unfit, live): editors marking a link dead send the patrol to its
archived copy first

Revision ID: 0016
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("url_status", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_column("url_status")
