"""cited_sources: source pages that back the claim citing them, recorded by the patrol and its workers, fed
into the retrieval corpus by one indexer (sidebot.retrieve.feed), and where each was cited

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cited_sources",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("page_id", sa.Integer(), sa.ForeignKey("pages.id", ondelete="CASCADE"), nullable=False),
        sa.Column("source_id", sa.Integer(), sa.ForeignKey("sources.id", ondelete="CASCADE"), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("url_hash", sa.String(length=64), nullable=False),
        sa.Column("text_hash", sa.String(length=64), nullable=False),
        sa.Column("rev_id", sa.Integer(), nullable=False),
        sa.Column("cited_at", sa.DateTime(), nullable=False),
        sa.Column("fed_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("page_id", "url_hash"),
    )
    op.create_index("ix_cited_sources_url_hash", "cited_sources", ["url_hash"])
    op.create_index("ix_cited_sources_text_hash", "cited_sources", ["text_hash"])
    op.create_index("ix_cited_sources_fed_at", "cited_sources", ["fed_at"])


def downgrade() -> None:
    op.drop_table("cited_sources")
