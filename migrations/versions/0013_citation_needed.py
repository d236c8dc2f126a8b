"""claims tagged {{citation needed}}: the tag's date= on their needs-source citation rows, and the page-id
cursor of the {{citation needed}} sweep on patrol_cursors

Revision ID: 0013
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("tag_date", sa.Text(), nullable=True))
    with op.batch_alter_table("patrol_cursors", schema=None) as batch_op:
        batch_op.add_column(sa.Column("page_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("patrol_cursors", schema=None) as batch_op:
        batch_op.drop_column("page_id")
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_column("tag_date")
