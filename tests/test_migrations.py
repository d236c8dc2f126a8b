"""The Alembic migrations build the schema the ORM models describe, on SQLite and on PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from sidebot.queue.db import current_revision, downgrade, head_revision, make_engine, upgrade
from sidebot.queue.models import Base


def test_upgrade_matches_models_and_downgrades_cleanly(database_url: str) -> None:
    engine = make_engine(database_url)
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    assert diff == [], f"models and migrations disagree: {diff}"

    downgrade(engine, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(engine)  # and back up again: the downgrade left nothing behind that blocks a re-run
    assert {"findings", "citations", "sources", "runs"} <= set(inspect(engine).get_table_names())
    engine.dispose()
