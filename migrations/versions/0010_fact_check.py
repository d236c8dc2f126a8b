"""the fact check: each finding's facts looked up on its source, the failing one in words, its band, and a
changed fact (an edit that altered a number, date or name under a citation it left in place); the citation a
changed one replaces; the "very likely fails" threshold learned from reviewers

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", sa.JSON(), nullable=False, server_default="[]"))
        batch_op.add_column(sa.Column("fact_note", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("band", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("change", sa.JSON(), nullable=True))
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("replaces_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            "fk_citations_replaces_id", "citations", ["replaces_id"], ["id"], ondelete="SET NULL"
        )
    with op.batch_alter_table("wikis", schema=None) as batch_op:
        batch_op.add_column(sa.Column("very_likely_below", sa.Double(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("wikis", schema=None) as batch_op:
        batch_op.drop_column("very_likely_below")
    with op.batch_alter_table("citations", schema=None) as batch_op:
        batch_op.drop_constraint("fk_citations_replaces_id", type_="foreignkey")
        batch_op.drop_column("replaces_id")
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("change")
        batch_op.drop_column("band")
        batch_op.drop_column("fact_note")
        batch_op.drop_column("facts")
