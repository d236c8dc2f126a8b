"""`sidebot schedule`: the bot's jobs (``sidebot.scheduler.jobs``) on APScheduler, with the job store in the
queue database, so a restarted scheduler knows when each job last ran and when it is due.

- Each job runs at most one instance at a time, and jobs run one after another (one worker thread): one
  wiki session, one model in memory, a predictable load on the wiki.
- Runs missed while the scheduler was down are made up once, not once per missed interval (coalescing,
  no misfire grace limit).
- One scheduler per database: a lease row, renewed every ``lease_timeout / 4``; a second scheduler refuses
  to start until the first stops or its lease lapses (at once when its process on this host is gone).
- SIGTERM or SIGINT stops it gracefully: no new job starts, a running patrol finishes the page in hand
  (the recent-changes cursor keeps its place), on-wiki updates finish their edit, the lease is released.

APScheduler persists a job as a textual reference to a module-level function plus its arguments, so the
jobs call :func:`run_job` with the job's name, and it finds this process's :class:`JobContext` in
``_context``, set while a scheduler runs.
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.interval import IntervalTrigger

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.queue.scheduler_state import Lease
from sidebot.scheduler.jobs import (
    CITATION_NEEDED,
    CORPUS_FEED,
    FAILED_VERIFICATION,
    ONWIKI,
    PRIORITY,
    RECENT,
    STALE,
    JobContext,
    run_named,
)

log = logging.getLogger(__name__)

JOB_FUNCTION = "sidebot.scheduler.app:run_job"
JOB_OPTIONS = {"max_instances": 1, "coalesce": True, "misfire_grace_time": None}

_context: JobContext | None = None


@dataclass(frozen=True, slots=True)
class JobSpec:
    """A scheduled job: its name and how often it runs."""

    name: str
    every: timedelta


def job_specs(settings: Settings) -> list[JobSpec]:
    """The jobs a wiki's settings ask for: the patrols and the priority refresh always, the on-wiki update
    when an output is on, the corpus feed when retrieve.feed is on."""
    s = settings.schedule
    specs = [
        JobSpec(RECENT, s.recent_every),
        JobSpec(FAILED_VERIFICATION, s.failed_verification_every),
        JobSpec(CITATION_NEEDED, s.citation_needed_every),
        JobSpec(STALE, s.stale_every),
        JobSpec(PRIORITY, s.priority_every),
    ]
    if settings.onwiki.writes:
        specs.append(JobSpec(ONWIKI, s.onwiki_every))
    if settings.retrieve.feed:
        specs.append(JobSpec(CORPUS_FEED, s.corpus_feed_every))
    return specs


def run_job(name: str) -> None:
    """What APScheduler calls (by reference, see the module docstring)."""
    ctx = _context
    if ctx is None:
        raise RuntimeError(f"job {name!r} ran outside a running sidebot scheduler")
    if ctx.stop.is_set():
        return
    status = run_named(ctx, name)
    log.info("job %s finished: %s", name, status)


@contextmanager
def holding_lease(db: Database, timeout: timedelta) -> Iterator[Lease]:
    """The database's scheduler lease for the duration (LeaseHeldError if another scheduler has it).
    Taken before the slow start-up (model, login), so a second scheduler is refused at once."""
    lease = Lease(db, timeout)
    lease.acquire()
    try:
        yield lease
    finally:
        lease.release()


def serve(ctx: JobContext, lease: Lease) -> None:
    """Run the jobs until SIGTERM/SIGINT (or ``ctx.stop`` is set), then stop gracefully. ``lease``: this
    process's, held (see :func:`holding_lease`); it is renewed while the jobs run."""
    global _context
    stop_signals = (signal.SIGTERM, signal.SIGINT)
    previous = {sig: signal.signal(sig, lambda *_: ctx.stop.set()) for sig in stop_signals}
    scheduler = _scheduler(ctx)
    _context = ctx
    try:
        scheduler.start(paused=True)
        reconcile_jobs(scheduler, job_specs(ctx.settings))
        scheduler.resume()
        _wait(ctx, lease)
    finally:
        ctx.stop.set()
        if scheduler.running:
            scheduler.shutdown(wait=True)  # the running job sees ``stop`` and ends soon
        _context = None
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def reconcile_jobs(scheduler: BackgroundScheduler, specs: list[JobSpec]) -> None:
    """Make the job store hold exactly ``specs``. A job whose interval is unchanged keeps its next run
    time (a restart does not reset the clock); a new or changed one runs at once."""
    wanted = {spec.name for spec in specs}
    for job in scheduler.get_jobs():
        if job.id not in wanted:
            log.info("removing job %s (no longer configured)", job.id)
            job.remove()
    now = datetime.now(UTC)
    for spec in specs:
        job = scheduler.get_job(spec.name)
        trigger = job.trigger if job is not None else None
        if isinstance(trigger, IntervalTrigger) and trigger.interval == spec.every:
            scheduler.modify_job(
                spec.name, func=JOB_FUNCTION, args=(spec.name,), name=spec.name, **JOB_OPTIONS
            )
            continue
        scheduler.add_job(
            JOB_FUNCTION,
            IntervalTrigger(seconds=spec.every.total_seconds(), timezone=UTC),
            args=(spec.name,),
            id=spec.name,
            name=spec.name,
            replace_existing=True,
            next_run_time=now,
            **JOB_OPTIONS,
        )


def _scheduler(ctx: JobContext) -> BackgroundScheduler:
    # APScheduler makes a MetaData of its own: the table exists (migration 0003), it only checks for it.
    store = SQLAlchemyJobStore(engine=ctx.db.engine)
    return BackgroundScheduler(
        jobstores={"default": store},
        executors={"default": ThreadPoolExecutor(max_workers=1)},
        job_defaults=JOB_OPTIONS,
        timezone=UTC,
    )


def _wait(ctx: JobContext, lease: Lease) -> None:
    """Until stopped, renewing the lease; losing it stops this scheduler (another one took over)."""
    renew_every = ctx.settings.schedule.lease_timeout.total_seconds() / 4
    while not ctx.stop.wait(renew_every):
        lease.renew()
