"""findings: whether the source backs none of the claim's facts (each is missing or contradicted), stored so
the list's "backs only part of the claim" filter selects in SQL what the rows say (issue 54); existing
findings get it from their stored facts, by the function the views word them with
(sidebot.queue.facts_backed.backs_nothing)

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from sidebot.queue.facts_backed import backs_nothing

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

BATCH = 1000  # findings read at a time: their facts are JSON lists, read and judged in Python

_findings = sa.table(
    "findings",
    sa.column("id", sa.Integer()),
    sa.column("facts", sa.JSON()),
    sa.column("backs_nothing", sa.Boolean()),
)


def upgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("backs_nothing", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    _backfill(op.get_bind())


def _backfill(bind: sa.Connection) -> None:
    """Set ``backs_nothing`` on each finding whose stored facts say so, a batch of ids at a time."""
    after = 0
    while True:
        rows = bind.execute(
            sa.select(_findings.c.id, _findings.c.facts)
            .where(_findings.c.id > after)
            .order_by(_findings.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        after = rows[-1].id
        nothing = [row.id for row in rows if backs_nothing(row.facts or [])]
        if nothing:
            bind.execute(sa.update(_findings).where(_findings.c.id.in_(nothing)).values(backs_nothing=True))


def downgrade() -> None:
    with op.batch_alter_table("findings", schema=None) as batch_op:
        batch_op.drop_column("backs_nothing")
