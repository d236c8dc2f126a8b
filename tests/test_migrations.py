"""The Alembic migrations build the schema the ORM models describe, on SQLite and on PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text

from sidebot.queue.db import Database, current_revision, downgrade, head_revision, make_engine, upgrade
from sidebot.queue.models import Base, Citation, Finding, Page, Wiki


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


def test_0020_backfills_backs_nothing_from_each_findings_stored_facts(database_url: str) -> None:
    """Findings stored before 0020 get ``backs_nothing`` from their facts, batch after batch (1,000 ids at a
    time: 1,203 rows make two batches), as the views word them (sidebot.queue.facts_backed)."""
    missing = {"text": "1978", "kind": "year", "status": "missing", "explanation": "not given"}
    found = {**missing, "status": "found"}
    subject = {"text": "Gill", "kind": "name", "status": "found", "subject": True, "explanation": "found"}
    kinds = [[subject, missing], [missing, found], [], [subject], [{**missing, "status": "contradicted"}]]
    db = Database(database_url)
    with db.session() as session:
        page = Page(wiki=Wiki(name="w"), title="T")
        session.add_all(
            Finding(
                citation=Citation(page=page, fingerprint=f"{n:040d}", claim=f"c{n}", position=n),
                scorer="s",
                facts=kinds[n % len(kinds)],
            )
            for n in range(1203)
        )
    with db.session() as session:
        expected = {fid: flag for fid, flag in session.execute(select(Finding.id, Finding.backs_nothing))}
    assert sum(expected.values()) == 481 and max(expected) > 1000  # 2 kinds of 5 flagged, past one batch

    downgrade(db.engine, "0019")
    assert "backs_nothing" not in {c["name"] for c in inspect(db.engine).get_columns("findings")}
    upgrade(db.engine, "0020")
    with db.engine.connect() as conn:
        backfilled = {fid: flag for fid, flag in conn.execute(text("SELECT id, backs_nothing FROM findings"))}
    assert {fid: bool(flag) for fid, flag in backfilled.items()} == expected
    db.dispose()
