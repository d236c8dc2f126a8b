"""sources: what the page says of itself (title, author, date, site, DOI…, sidebot.sources.metadata);
suggestions: the reference ready to paste built from it (sidebot.retrieve.reference)

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.add_column(sa.Column("metadata", sa.JSON(), nullable=True))
    with op.batch_alter_table("suggestions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reference", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("suggestions", schema=None) as batch_op:
        batch_op.drop_column("reference")
    with op.batch_alter_table("sources", schema=None) as batch_op:
        batch_op.drop_column("metadata")
