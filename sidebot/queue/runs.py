"""Run bookkeeping: every patrol is a row with counts and errors, so a failed or dead run is visible."""

from __future__ import annotations

import os
import socket
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from sidebot.processes import pid_alive
from sidebot.queue.models import Finding, FindingState, Run, RunStatus, utcnow

# A running run refreshes its heartbeat after every page; one silent for this long has died.
HEARTBEAT_TIMEOUT = timedelta(minutes=15)


def mark_interrupted(session: Session) -> list[Run]:
    """Runs still marked running whose process is gone (when it ran on this host) or whose heartbeat
    stopped. A run of another host (a worker on another machine) is judged by its heartbeat alone: its pid
    means nothing here."""
    now, dead, here = utcnow(), [], socket.gethostname()
    for run in session.scalars(select(Run).where(Run.status == RunStatus.RUNNING)):
        stale = run.heartbeat_at is None or now - run.heartbeat_at > HEARTBEAT_TIMEOUT
        if run.host not in (None, here):
            gone = stale
        else:
            gone = run.pid != os.getpid() and (not pid_alive(run.pid) or stale)
        if gone:
            run.status = RunStatus.INTERRUPTED
            run.ended_at = run.heartbeat_at or run.started_at
            dead.append(run)
    return dead


def start_run(
    session: Session, kind: str, wiki_id: int | None, options: dict[str, Any], worker: str | None = None
) -> Run:
    """Open a run of ``kind`` (its first heartbeat now)."""
    now = utcnow()  # one moment: a run killed before its first beat took 0 s, not "-0 s"
    run = Run(
        kind=kind,
        wiki_id=wiki_id,
        options=options,
        counts={},
        errors=[],
        pid=os.getpid(),
        host=socket.gethostname(),
        worker=worker,
        started_at=now,
        heartbeat_at=now,
    )
    session.add(run)
    session.flush()
    return run


def record_failed_run(
    session: Session, kind: str, wiki_name: str, options: dict[str, Any], error: str
) -> Run:
    """A run of ``kind`` that failed before it started (the wiki failing from the start), on record."""
    from sidebot.queue.store import get_or_create_wiki

    mark_interrupted(session)
    run = start_run(session, kind, get_or_create_wiki(session, wiki_name).id, options)
    add_error(run, None, error)
    finish_run(run, {}, RunStatus.FAILED)
    return run


def heartbeat(run: Run, counts: dict[str, int]) -> None:
    """Store the run's counts so far and that it is alive."""
    run.counts = dict(counts)  # a new object, so SQLAlchemy sees the JSON change
    run.heartbeat_at = utcnow()


def add_error(run: Run, page: str | None, error: str) -> None:
    """Keep an error of the run (cut to 2,000 characters), naming the page when there is one."""
    run.errors = [*run.errors, {"page": page, "error": error[:2000], "at": utcnow().isoformat()}]


def finish_run(run: Run, counts: dict[str, int], status: RunStatus) -> None:
    """Close the run with its final counts and ``status``."""
    heartbeat(run, counts)
    run.status, run.ended_at = status, utcnow()


def newest_run_id(session: Session) -> int:
    """The id of the newest run of any kind (0: none yet)."""
    return session.scalar(select(func.max(Run.id))) or 0


def newest_run_of(session: Session, kind: str, after: int) -> Run | None:
    """The newest run of ``kind`` with an id above ``after``."""
    return session.scalars(
        select(Run).where(Run.kind == kind, Run.id > after).order_by(Run.id.desc()).limit(1)
    ).first()


@dataclass(frozen=True)
class RunHistory:
    """What `sidebot runs` shows: the newest runs, each kind's latest finished run, its last success."""

    runs: list[Run]  # newest first
    latest: list[Run]  # per kind, the newest run that is not running, by kind
    last_ok: dict[str, datetime | None]  # per kind, when its last successful run ended


def run_history(session: Session, kind: str | None, limit: int) -> RunHistory:
    """The ``limit`` newest runs (of ``kind`` only, when given), after marking the dead ones interrupted."""
    mark_interrupted(session)
    query = select(Run).order_by(Run.id.desc()).limit(limit)
    if kind:
        query = query.where(Run.kind == kind)
    rows = list(session.scalars(query))
    latest_ids = select(func.max(Run.id)).where(Run.status != "running").group_by(Run.kind)
    latest = list(session.scalars(select(Run).where(Run.id.in_(latest_ids)).order_by(Run.kind)))
    successes = select(Run.kind, func.max(Run.ended_at)).where(Run.status == "ok").group_by(Run.kind)
    return RunHistory(rows, latest, dict(session.execute(successes).all()))


@dataclass(frozen=True)
class WorkerWork:
    """What one `sidebot worker` process did (its run), for `sidebot runs` and the review UI's stats."""

    worker: str
    host: str | None
    status: str
    started_at: datetime
    heartbeat_at: datetime | None
    pages_checked: int
    citations_scored: int
    findings: int  # findings it stored (those still in the queue, in any state)
    findings_open: int


def worker_work(session: Session, since: datetime) -> list[WorkerWork]:
    """The worker runs started since ``since``, newest first, with the findings each stored."""
    mark_interrupted(session)
    runs = list(
        session.scalars(
            select(Run).where(Run.kind == "worker", Run.started_at >= since).order_by(Run.id.desc())
        )
    )
    stored: dict[int | None, Counter[str]] = {}
    if runs:
        rows = session.execute(
            select(Finding.run_id, Finding.state, func.count())
            .where(Finding.run_id.in_([r.id for r in runs]))
            .group_by(Finding.run_id, Finding.state)
        )
        for run_id, state, count in rows:
            stored.setdefault(run_id, Counter())[state] += count
    return [
        WorkerWork(
            worker=r.worker or f"pid {r.pid}",
            host=r.host,
            status=r.status,
            started_at=r.started_at,
            heartbeat_at=r.heartbeat_at,
            pages_checked=(r.counts or {}).get("pages_checked", 0),
            citations_scored=(r.counts or {}).get("citations_scored", 0),
            findings=sum(stored.get(r.id, Counter()).values()),
            findings_open=stored.get(r.id, Counter())[FindingState.OPEN],
        )
        for r in runs
    ]
