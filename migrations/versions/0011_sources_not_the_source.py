"""citations: |archive-date= of the archived copy; sources: the page's publication date and the Wikipedia
attribution it carries (mirrors and forks of Wikipedia, circular sources)

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("archive_date", sa.Text(), nullable=True))
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.add_column(sa.Column("published", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("wikipedia_notice", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.drop_column("wikipedia_notice")
        batch_op.drop_column("published")
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_column("archive_date")
