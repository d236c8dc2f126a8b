"""scheduler (APScheduler job store, lease), patrol cursors, talk notices

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # APScheduler 3's SQLAlchemyJobStore table, column for column (it would create it itself otherwise).
    op.create_table(
        "apscheduler_jobs",
        sa.Column("id", sa.Unicode(length=191), nullable=False),
        sa.Column("next_run_time", sa.Float(precision=25), nullable=True),
        sa.Column("job_state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("apscheduler_jobs", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_apscheduler_jobs_next_run_time"), ["next_run_time"], unique=False
        )
    op.create_table(
        "scheduler_leases",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("owner", sa.String(length=255), nullable=False),
        sa.Column("acquired_at", sa.DateTime(), nullable=False),
        sa.Column("renewed_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_table(
        "patrol_cursors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("wiki_id", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("position", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["wiki_id"], ["wikis.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("wiki_id", "source"),
    )
    op.create_table(
        "talk_notices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("wiki_id", sa.Integer(), nullable=False),
        sa.Column("page_id", sa.Integer(), nullable=False),
        sa.Column("talk_title", sa.String(length=512), nullable=False),
        sa.Column("marker", sa.String(length=64), nullable=False),
        sa.Column("section_title", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("rev_id", sa.Integer(), nullable=True),
        sa.Column("run_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["page_id"], ["pages.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["wiki_id"], ["wikis.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("marker"),
    )
    with op.batch_alter_table("talk_notices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_talk_notices_created_at"), ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_talk_notices_page_id"), ["page_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_talk_notices_status"), ["status"], unique=False)
    op.create_table(
        "talk_notice_findings",
        sa.Column("notice_id", sa.Integer(), nullable=False),
        sa.Column("finding_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["finding_id"], ["findings.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["notice_id"], ["talk_notices.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("notice_id", "finding_id"),
    )
    with op.batch_alter_table("talk_notice_findings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_talk_notice_findings_finding_id"), ["finding_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("talk_notice_findings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_talk_notice_findings_finding_id"))
    op.drop_table("talk_notice_findings")
    with op.batch_alter_table("talk_notices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_talk_notices_status"))
        batch_op.drop_index(batch_op.f("ix_talk_notices_page_id"))
        batch_op.drop_index(batch_op.f("ix_talk_notices_created_at"))
    op.drop_table("talk_notices")
    op.drop_table("patrol_cursors")
    op.drop_table("scheduler_leases")
    with op.batch_alter_table("apscheduler_jobs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_apscheduler_jobs_next_run_time"))
    op.drop_table("apscheduler_jobs")
