"""`sidebot worker`: one process that takes page jobs from the queue database and checks each page with
the patrol's pipeline (sidebot.patrol.loop), until stopped (SIGTERM/SIGINT: after the page in hand).

The process loads the verifier and logs in to the wiki once, then keeps one run open (kind ``worker``,
named after the worker) whose counts grow page by page: `sidebot runs` and the review UI's statistics show
the work of each worker. A heartbeat thread keeps the run alive while the queue is empty, so a run whose
heartbeat stops (the process was killed) is marked interrupted, on any machine. A queue database that goes
away is waited for, in one log line per state change (:mod:`sidebot.workers.outage`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import psycopg
from procrastinate import App

from sidebot.config import Settings
from sidebot.onwiki.exclusions import load_exclusions
from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.loop import Patrol, PatrolSummary
from sidebot.queue.db import Database
from sidebot.queue.models import Run, RunStatus
from sidebot.queue.runs import heartbeat
from sidebot.verify.types import Scorer
from sidebot.workers.jobs import (
    MAINTENANCE_QUEUE,
    PageJob,
    WorkersError,
    build_app,
    conninfo,
    ensure_schema,
    page_queue,
)
from sidebot.workers.outage import (
    DatabaseGone,
    DatabaseOutage,
    is_connection_error,
    quiet_outages,
    stop_on_signals,
)

log = logging.getLogger(__name__)

EXCLUSIONS_EVERY = 600.0  # seconds: the on-wiki exclusion lists are re-read this often
RETRIEVAL_EVERY = 600.0  # seconds: the retrieval index is reopened this often (the indexer adds to it)


def default_name() -> str:
    """A worker's name when none is given: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class WorkerState:
    """What the page jobs of one worker process share: the patrol (model, wiki login) and its open run."""

    settings: Settings
    patrol: Patrol
    run_id: int
    wiki_id: int
    counts: PatrolCounts = field(default_factory=PatrolCounts)
    lock: threading.Lock = field(default_factory=threading.Lock)
    exclusions_read: float = field(default_factory=time.monotonic)
    retrieval_opened: float = field(default_factory=time.monotonic)

    def handle(self, job: PageJob) -> None:
        """Check the job's page (its given text, if any, instead of asking the wiki)."""
        if job.wiki != self.patrol.wiki.name:
            raise WorkersError(f"a job of wiki {job.wiki!r} reached a worker of {self.patrol.wiki.name!r}")
        self._refresh_exclusions()
        with self.lock:
            if time.monotonic() - self.retrieval_opened > RETRIEVAL_EVERY:
                self.patrol.reopen_retrieval()
                self.retrieval_opened = time.monotonic()
            self.patrol.check(self.run_id, self.wiki_id, job.ref, self.counts, job.text)
            self.counts.jobs_done += 1

    def beat(self) -> None:
        """Record the worker's heartbeat on its run row, with its counts so far."""
        with self.lock, self.patrol.db.session() as session:
            heartbeat(session.get_one(Run, self.run_id), self.counts.as_dict())

    def _refresh_exclusions(self) -> None:
        if self.patrol.exclusions is None or time.monotonic() - self.exclusions_read < EXCLUSIONS_EVERY:
            return
        site = getattr(self.patrol.wiki, "site", None)
        if site is not None:
            self.patrol.exclusions = load_exclusions(site, self.settings.onwiki.exclusions)
        self.exclusions_read = time.monotonic()


def run_worker(
    settings: Settings,
    db: Database,
    wiki,
    scorer: Scorer,
    name: str | None = None,
    burst: bool = False,
    stop: threading.Event | None = None,
) -> PatrolSummary:
    """Take page jobs of ``wiki`` (a sidebot.wiki.reader.PywikibotWiki) until stopped, or, ``burst``, until
    the queue is empty. Returns the worker's run summary; DatabaseGone when the queue database stayed away
    longer than ``workers.database_outage_wait``. ``stop``, when already set (a SIGTERM while the worker
    was starting), ends the run before it takes a job."""
    stop = stop or threading.Event()
    ensure_schema(settings)
    name = name or default_name()
    site = getattr(wiki, "site", None)
    exclusions = load_exclusions(site, settings.onwiki.exclusions) if site is not None else None
    patrol = Patrol(settings, db, wiki, scorer, exclusions=exclusions)
    run_id, wiki_id = patrol.start("worker", {"queue": page_queue(wiki.name), "burst": burst}, worker=name)
    state = WorkerState(settings, patrol, run_id, wiki_id)
    outage = DatabaseOutage(settings.workers, probe=lambda: _probe(settings))
    stop_beating = threading.Event()

    def beat_until_stopped() -> None:
        while not stop_beating.wait(settings.workers.heartbeat_every):
            try:
                state.beat()
            except Exception as exc:  # the database blinked: the next beat tries again
                if is_connection_error(exc):
                    outage.lost(exc)
                else:
                    log.warning("worker heartbeat failed", exc_info=True)
            else:
                outage.answered()

    beater = threading.Thread(target=beat_until_stopped, name="sidebot-worker-heartbeat", daemon=True)
    beater.start()
    app = build_app(settings, state.handle)
    try:
        with quiet_outages(outage):
            _take_jobs(app, settings, wiki.name, name, burst, outage, stop)
    except BaseException as exc:
        stop_beating.set()
        status = RunStatus.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else RunStatus.FAILED
        _finish(patrol, run_id, state.counts, status, f"worker stopped: {type(exc).__name__}: {exc}")
        raise
    stop_beating.set()
    beater.join()
    return _finish(patrol, run_id, state.counts, RunStatus.OK)


def _take_jobs(
    app: App,
    settings: Settings,
    wiki: str,
    name: str,
    burst: bool,
    outage: DatabaseOutage,
    stop: threading.Event,
) -> None:
    """procrastinate's worker loop until SIGTERM or SIGINT (or, in a burst, an empty queue), started again
    each time the database comes back after an outage."""
    options = {
        "queues": [page_queue(wiki), MAINTENANCE_QUEUE],
        "name": name,
        "concurrency": 1,  # one model per process: run more processes for more pages at once
        "wait": not burst,
        "delete_jobs": "successful",
        "update_heartbeat_interval": settings.workers.heartbeat_every,
        "stalled_worker_timeout": settings.workers.stalled_after,
        "install_signal_handlers": False,  # ours: a stop asked for is then told from a stop on an error
    }
    while not stop.is_set():
        noticed = outage.noticed
        try:
            asyncio.run(_run_until_stopped(app, stop, options))
        except Exception as exc:
            if not is_connection_error(exc):
                raise
            outage.lost(exc)
        if stop.is_set():
            return
        if outage.noticed == noticed and _reachable(settings, outage):
            if burst:
                return  # the queue is empty
            raise WorkersError("procrastinate's worker stopped by itself (see the log above)")
        # procrastinate stops itself, without raising, when its listener loses the database
        with stop_on_signals(stop):
            back = outage.wait_until_back(stop)
        if stop.is_set():
            return
        if not back:
            raise DatabaseGone(
                f"the queue database stayed unreachable for {settings.workers.database_outage_wait:.0f} s "
                "(workers.database_outage_wait)"
            )


async def _run_until_stopped(app: App, stop: threading.Event, options: dict) -> None:
    """procrastinate's worker; SIGTERM and SIGINT set ``stop`` and stop it gracefully (the job in hand is
    finished first: cancelling ``run_worker_async`` is procrastinate's way to ask)."""
    async with app.open_async():
        worker = asyncio.ensure_future(app.run_worker_async(**options))
        loop = asyncio.get_running_loop()

        def on_signal() -> None:
            stop.set()
            worker.cancel()

        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, on_signal)
        if stop.is_set():  # a signal that came while the connection opened, before these handlers
            worker.cancel()
        try:
            await worker
        except asyncio.CancelledError:
            if not stop.is_set():
                raise
        finally:
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(sig)


def _reachable(settings: Settings, outage: DatabaseOutage) -> bool:
    try:
        _probe(settings)
    except Exception as exc:
        if not is_connection_error(exc):
            raise
        outage.lost(exc)
        return False
    return True


def _probe(settings: Settings) -> None:
    """One connection to the queue database, or the error that prevents it."""
    psycopg.connect(conninfo(settings), connect_timeout=5).close()


def _finish(
    patrol: Patrol, run_id: int, counts: PatrolCounts, status: RunStatus, error: str | None = None
) -> PatrolSummary:
    """Close the worker's run; with the database gone, it stays open and is marked interrupted later
    (its heartbeat stopped)."""
    try:
        return patrol.finish(run_id, counts, status, error)
    except Exception as exc:
        if not is_connection_error(exc):
            raise
        log.warning("the worker's run %d could not be closed: the database is unreachable", run_id)
        return PatrolSummary(
            run_id=run_id, status=status, counts=Counter(counts.as_dict()), errors=[], notes=[]
        )
