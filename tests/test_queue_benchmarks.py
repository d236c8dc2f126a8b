"""The benchmarks' queries in sidebot.queue.benchmarks, on a real SQLite queue filled by the web benchmark."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from sidebot.bench.web import fill
from sidebot.queue.benchmarks import cited_source_count, finding_counts, recent_runs, worker_runs
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, RunStatus
from sidebot.queue.runs import finish_run, start_run


def test_the_made_up_queue_is_inserted_and_counted(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'bench.db'}")
    fill(db, 95, seed=3)
    assert finding_counts(db) == (95, 0)
    with db.session() as session:  # another scorer's finding for the same citation is no duplicate
        first = session.get(Finding, 1)
        session.add(Finding(citation_id=first.citation_id, source_id=first.source_id, scorer="other"))
    assert finding_counts(db) == (96, 0)
    assert cited_source_count(db) == 0
    db.dispose()


def test_runs_are_read_by_kind_and_start(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'runs.db'}")
    before = datetime.now(UTC) - timedelta(seconds=1)
    with db.session() as session:
        worker = start_run(session, "worker", None, {}, worker="w1")
        recent = start_run(session, "recent", None, {"limit": 5})
        start_run(session, "recent", None, {})  # still running: not read
        finish_run(recent, {"pages_enqueued": 4}, RunStatus.OK)
    assert [r.id for r in worker_runs(db)] == [worker.id]
    [run] = recent_runs(db, before)
    assert run.id == recent.id and run.counts["pages_enqueued"] == 4 and run.options == {"limit": 5}
    assert recent_runs(db, datetime.now(UTC) + timedelta(minutes=1)) == []
    db.dispose()
