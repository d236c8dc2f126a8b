"""web_sessions: server-side review UI sessions (revocable; the wiki that checked the login); pages'
deferred work (citations left for the next run by the per-page cap or time budget)

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user", sa.String(length=255), nullable=False),
        sa.Column("wiki", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_web_sessions_user"), ["user"], unique=False)
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deferred_reason", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("deferred_origin", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("deferred_origin")
        batch_op.drop_column("deferred_reason")
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_web_sessions_user"))
    op.drop_table("web_sessions")
