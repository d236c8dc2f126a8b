"""Page jobs on a PostgreSQL task queue (procrastinate): what the page sources enqueue and workers take.

One job is one page at one revision: ``{"wiki", "title", "page_id", "rev_id", "timestamp", "origin"}``, plus
``"text"`` when the source already has the wikitext (a dump backfill), so no worker asks the wiki for it.

- A page revision is enqueued once while it waits: the job's *queueing lock* is ``wiki:page_id:rev_id``
  (procrastinate refuses a second waiting job with the same one).
- A page is checked by one worker at a time: the job's *lock* is ``wiki:page_id``; procrastinate hands no
  worker a job whose lock a running job holds (two revisions of one page are checked one after another).
- A worker that dies (kill -9, lost machine) stops sending heartbeats; the ``retry-stalled`` periodic job,
  run by whichever worker is free every few seconds, puts its running job back in the queue for another
  worker. The queue database's transactions do the rest (a page's work is committed chunk by chunk, and
  a retried page skips the citations that already have their finding): nothing is stored twice.
- A job that fails (the wiki stopped answering) is retried ``workers.retry_attempts`` times, later each time.

Why procrastinate (not pgqueuer): it has every guarantee above built in and tested (locks, queueing locks,
worker heartbeats with stalled-job retry, retry strategies, periodic jobs), uses psycopg 3 like the rest of
sidebot, and installs with our pinned dependencies on Python 3.11. pgqueuer would need the locks and the
periodic stalled-job sweep written here by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import psycopg
from procrastinate import App, JobContext, PsycopgConnector, RetryStrategy
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.schema import SchemaManager

from sidebot.config import Settings
from sidebot.queue.addresses import libpq_address, parse
from sidebot.wiki.pages import Origin, PageRef

CHECK_PAGE = "check-page"
RETRY_STALLED = "retry-stalled"
MAINTENANCE_QUEUE = "sidebot-maintenance"
SCHEMA_LOCK = 0x5D3B07  # pg_advisory_lock key: one process at a time creates procrastinate's tables


class WorkersError(RuntimeError):
    """Workers cannot run with these settings (e.g. the queue database is not PostgreSQL)."""


@dataclass(frozen=True, slots=True)
class PageJob:
    """One page at one revision, as a job's JSON arguments."""

    wiki: str
    title: str
    page_id: int
    rev_id: int
    timestamp: str  # ISO 8601, UTC
    origin: Origin
    text: str | None = None  # the wikitext at rev_id, when the source has it (a dump)

    @classmethod
    def of(cls, wiki: str, ref: PageRef, text: str | None = None) -> PageJob:
        """The job of checking ``ref`` on ``wiki`` (with ``text``: check that text rather than ask the
        wiki)."""
        return cls(wiki, ref.title, ref.page_id, ref.rev_id, ref.timestamp.isoformat(), ref.origin, text)

    @property
    def ref(self) -> PageRef:
        """The page and revision the job checks."""
        return PageRef(
            self.title, self.page_id, self.rev_id, datetime.fromisoformat(self.timestamp), self.origin
        )

    @property
    def lock(self) -> str:
        """Procrastinate's lock: one job per page runs at a time."""
        return f"{self.wiki}:{self.page_id}"

    @property
    def queueing_lock(self) -> str:
        """Procrastinate's queueing lock: a revision of a page waits in the queue once."""
        return f"{self.wiki}:{self.page_id}:{self.rev_id}"


def page_queue(wiki: str) -> str:
    """The queue of a wiki's page jobs: a worker takes only its own wiki's pages."""
    return f"pages:{wiki}"


def conninfo(settings: Settings) -> str:
    """The queue database as a libpq address; WorkersError unless it is PostgreSQL."""
    backend = parse(settings.database_url).backend
    if backend != "postgresql":
        raise WorkersError(
            f"workers need a PostgreSQL queue database ([database] url), not {backend}: "
            "SQLite serves one process only"
        )
    return libpq_address(settings.database_url)


PageHandler = Callable[[PageJob], None]


def build_app(settings: Settings, handle_page: PageHandler | None = None) -> App:
    """The procrastinate app on the queue database, with sidebot's two tasks. ``handle_page``: what a
    worker does with a page job (None where jobs are only enqueued)."""
    workers = settings.workers
    app = App(connector=PsycopgConnector(conninfo=conninfo(settings)))

    @app.task(
        name=CHECK_PAGE,
        pass_context=True,
        retry=RetryStrategy(
            max_attempts=workers.retry_attempts,
            wait=int(workers.retry_wait),
            linear_wait=int(workers.retry_wait),
        ),
    )
    def check_page(context: JobContext, **job: Any) -> None:
        if handle_page is None:
            raise WorkersError("this process enqueues page jobs; it does not run them")
        handle_page(PageJob(**job))

    @app.periodic(cron=f"*/{max(1, int(workers.stalled_after // 3))} * * * * *", periodic_id=RETRY_STALLED)
    @app.task(name=RETRY_STALLED, queue=MAINTENANCE_QUEUE, queueing_lock=RETRY_STALLED, priority=10)
    async def retry_stalled(timestamp: int) -> None:
        """Jobs of workers whose heartbeat stopped go back to the queue."""
        for job in await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=workers.stalled_after):
            await app.job_manager.retry_job(job)

    return app


def ensure_schema(settings: Settings) -> None:
    """Create procrastinate's tables in the queue database unless they exist (idempotent; processes on
    several machines may start at once: an advisory lock lets one of them do it)."""
    with psycopg.connect(conninfo(settings), autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            exists = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL").fetchone()
            if not (exists and exists[0]):
                conn.execute(SchemaManager.get_schema())  # no parameters: sent as written
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))


class PageQueue:
    """Enqueues page jobs (a context manager: it holds a connection to the queue database)."""

    def __init__(self, settings: Settings, wiki: str) -> None:
        ensure_schema(settings)
        self.wiki = wiki
        self.app = build_app(settings)
        self._task = self.app.tasks[CHECK_PAGE]

    def __enter__(self) -> PageQueue:
        self.app.open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.app.close()

    def enqueue(self, ref: PageRef, text: str | None = None) -> bool:
        """Queue ``ref`` for the workers; False when that revision is already waiting in the queue."""
        job = PageJob.of(self.wiki, ref, text)
        deferrer = self._task.configure(
            queue=page_queue(self.wiki), lock=job.lock, queueing_lock=job.queueing_lock
        )
        try:
            deferrer.defer(**asdict(job))
        except AlreadyEnqueued:
            return False
        return True


def queue_counts(settings: Settings, wiki: str) -> dict[str, int]:
    """How many of the wiki's page jobs are in each state (todo, doing, failed, …)."""
    with psycopg.connect(conninfo(settings)) as conn:
        rows = conn.execute(
            "SELECT status::text, count(*) FROM procrastinate_jobs WHERE queue_name = %s GROUP BY status",
            (page_queue(wiki),),
        ).fetchall()
    return {status: count for status, count in rows}
