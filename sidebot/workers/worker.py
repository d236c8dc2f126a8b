"""`sidebot worker`: one process that takes page jobs from the queue database and checks each page with
the patrol's pipeline (sidebot.patrol.loop), until stopped (SIGTERM/SIGINT: after the page in hand).

The process loads the verifier and logs in to the wiki once, then keeps one run open (kind ``worker``,
named after the worker) whose counts grow page by page: `sidebot runs` and the review UI's statistics show
the work of each worker. A heartbeat thread keeps the run alive while the queue is empty, so a run whose
heartbeat stops (the process was killed) is marked interrupted, on any machine.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from sidebot.config import Settings
from sidebot.onwiki.exclusions import load_exclusions
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
    ensure_schema,
    page_queue,
)

log = logging.getLogger(__name__)

EXCLUSIONS_EVERY = 600.0  # seconds: the on-wiki exclusion lists are re-read this often


def default_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class WorkerState:
    """What the page jobs of one worker process share: the patrol (model, wiki login) and its open run."""

    settings: Settings
    patrol: Patrol
    run_id: int
    wiki_id: int
    counts: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)
    exclusions_read: float = field(default_factory=time.monotonic)

    def handle(self, job: PageJob) -> None:
        """Check the job's page (its given text, if any, instead of asking the wiki)."""
        if job.wiki != self.patrol.wiki.name:
            raise WorkersError(f"a job of wiki {job.wiki!r} reached a worker of {self.patrol.wiki.name!r}")
        self._refresh_exclusions()
        with self.lock:
            self.patrol.check(self.run_id, self.wiki_id, job.ref, self.counts, job.text)
            self.counts["jobs_done"] += 1

    def beat(self) -> None:
        with self.lock, self.patrol.db.session() as session:
            heartbeat(session.get(Run, self.run_id), self.counts)

    def _refresh_exclusions(self) -> None:
        if self.patrol.exclusions is None or time.monotonic() - self.exclusions_read < EXCLUSIONS_EVERY:
            return
        site = getattr(self.patrol.wiki, "site", None)
        if site is not None:
            self.patrol.exclusions = load_exclusions(site, self.settings.onwiki.exclusions)
        self.exclusions_read = time.monotonic()


def run_worker(
    settings: Settings, db: Database, wiki, scorer: Scorer, name: str | None = None, burst: bool = False
) -> PatrolSummary:
    """Take page jobs of ``wiki`` (a sidebot.wiki.reader.PywikibotWiki) until stopped, or, ``burst``, until
    the queue is empty. Returns the worker's run summary."""
    ensure_schema(settings)
    name = name or default_name()
    site = getattr(wiki, "site", None)
    exclusions = load_exclusions(site, settings.onwiki.exclusions) if site is not None else None
    patrol = Patrol(settings, db, wiki, scorer, exclusions=exclusions)
    run_id, wiki_id = patrol.start("worker", {"queue": page_queue(wiki.name), "burst": burst}, worker=name)
    state = WorkerState(settings, patrol, run_id, wiki_id)
    stop_beating = threading.Event()

    def beat_until_stopped() -> None:
        while not stop_beating.wait(settings.workers.heartbeat_every):
            try:
                state.beat()
            except Exception:  # the database blinked: the next beat tries again
                log.warning("worker heartbeat failed", exc_info=True)

    beater = threading.Thread(target=beat_until_stopped, name="sidebot-worker-heartbeat", daemon=True)
    beater.start()
    app = build_app(settings, state.handle)
    try:
        app.run_worker(
            queues=[page_queue(wiki.name), MAINTENANCE_QUEUE],
            name=name,
            concurrency=1,  # one model per process: run more processes for more pages at once
            wait=not burst,
            delete_jobs="successful",
            update_heartbeat_interval=settings.workers.heartbeat_every,
            stalled_worker_timeout=settings.workers.stalled_after,
            install_signal_handlers=True,
        )
    except BaseException as exc:
        stop_beating.set()
        status = RunStatus.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else RunStatus.FAILED
        patrol.finish(run_id, state.counts, status, f"worker stopped: {type(exc).__name__}: {exc}")
        raise
    stop_beating.set()
    beater.join()
    return patrol.finish(run_id, state.counts, RunStatus.OK)
