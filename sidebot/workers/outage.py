"""A worker whose queue database goes away: one log line per state change, retries, and it carries on.

When PostgreSQL stops (a restart, a failover, a network cut), procrastinate's listener, job fetcher and
connection pool, our heartbeat thread and the page job in hand all fail at once, each with its own
traceback, and procrastinate stops the worker. Here the worker instead:

1. says once that the database is lost, and why (``database lost: …``): the failures of procrastinate and
   psycopg's pool that only say the connection is gone are dropped from the log (:class:`QuietOutage`);
2. says once that it retries (``retrying the database every …``) and tries to connect with back-off,
   ``workers.database_retry_wait`` seconds doubling up to ``database_retry_max``;
3. says once that it is back (``database back after N s``) and takes jobs again, in the same run; a job
   that was in hand goes back to the queue through the stalled-job sweep, so nothing is lost;
4. or, after ``workers.database_outage_wait`` seconds, says it gives up and stops (exit code 2).
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg

from sidebot.config import WorkersSettings
from sidebot.queue.faults import CONNECTION_LOST

log = logging.getLogger(__name__)

# Libraries whose log records about a lost connection are replaced by our one line per state change.
QUIET_LOGGERS = ("procrastinate", "psycopg")
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    psycopg.OperationalError,  # includes psycopg_pool's PoolTimeout and PoolClosed
    psycopg.InterfaceError,
    *CONNECTION_LOST,
    ConnectionError,
)


class DatabaseGone(RuntimeError):
    """The queue database stayed away longer than ``workers.database_outage_wait``."""


def is_connection_error(exc: BaseException | None) -> bool:
    """Whether ``exc`` or an exception in its chain (``raise … from``, or raised while handling) says the
    database connection is gone."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, CONNECTION_ERRORS):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def _first_line(exc: BaseException) -> str:
    """The first line of the deepest connection error in ``exc``'s chain (procrastinate wraps psycopg's
    in a "Database error.")."""
    found, seen = exc, set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, CONNECTION_ERRORS):
            found = current
        current = current.__cause__ or current.__context__
    text = str(found).strip().splitlines()
    return f"{type(found).__name__}: {text[0] if text else ''}".rstrip(": ")


class DatabaseOutage:
    """The worker's view of its database: up, or lost since when (thread-safe: the heartbeat thread and
    the job loop both report)."""

    def __init__(
        self,
        settings: WorkersSettings,
        probe: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings, self.probe, self.clock = settings, probe, clock
        self.since: float | None = None
        self.outages = 0
        self.noticed = 0  # database failures reported, also while already down
        self._lock = threading.Lock()

    @property
    def down(self) -> bool:
        """Whether the database is taken to be down now."""
        return self.since is not None

    def lost(self, why: BaseException | str) -> None:
        """The database failed: logged once per outage."""
        with self._lock:
            self.noticed += 1
            if self.since is not None:
                return
            self.since = self.clock()
            self.outages += 1
        reason = why if isinstance(why, str) else _first_line(why)
        log.warning("database lost: %s", reason)

    def answered(self) -> None:
        """A query went through: if the database was lost, it is back (logged once)."""
        with self._lock:
            since, self.since = self.since, None
        if since is not None:
            log.warning("database back after %.0f s: the worker carries on", self.clock() - since)

    def wait_until_back(self, stop: threading.Event) -> bool:
        """Try to connect with back-off until the database answers (True) or the outage has lasted
        ``database_outage_wait`` seconds, or ``stop`` is set (False)."""
        cfg = self.settings
        delay, said = cfg.database_retry_wait, False
        while not stop.is_set():
            try:
                self.probe()
            except Exception as exc:  # still down: try again later
                if not is_connection_error(exc):
                    raise
                self.lost(exc)
                if not said:
                    log.warning(
                        "retrying the database every %.0f to %.0f s, for up to %.0f s (SIGTERM stops the "
                        "worker)", cfg.database_retry_wait, cfg.database_retry_max, cfg.database_outage_wait,
                    )  # fmt: skip
                    said = True
                gone = self.clock() - (self.since or self.clock())
                if gone >= cfg.database_outage_wait:
                    log.error("database still unreachable after %.0f s: the worker stops", gone)
                    return False
                stop.wait(min(delay, cfg.database_outage_wait - gone))
                delay = min(delay * 2, cfg.database_retry_max)
                continue
            self.answered()
            return True
        return False


class QuietOutage(logging.Filter):
    """Drops the records of ``QUIET_LOGGERS`` (and their children, such as a worker's own
    ``procrastinate.worker.NAME``) that only say the database connection is gone (a traceback each, several
    a second), and tells the outage instead, which logs one line."""

    def __init__(self, outage: DatabaseOutage) -> None:
        super().__init__()
        self.outage = outage

    def filter(self, record: logging.LogRecord) -> bool:
        """Let a record through unless it only says the database connection is gone; such a record tells the
        outage instead (which logs one line), and a pool's note about a dead connection after an outage is
        dropped."""
        if record.name.split(".")[0] not in QUIET_LOGGERS:
            return True
        exc = record.exc_info[1] if record.exc_info else None
        message = record.getMessage().lower()
        failed = is_connection_error(exc)
        pool_warning = record.name.startswith("psycopg") and record.levelno >= logging.WARNING
        if not (failed or pool_warning) and not (self.outage.down and "connection" in message):
            return True
        if failed or self.outage.down:
            self.outage.lost(exc if exc is not None else record.getMessage())
        # else a pool's note about a connection it dropped (one that died in an outage now over, found
        # when the pool next checks it): dropped from the log, and no outage, since nothing failed
        return False


@contextmanager
def quiet_outages(outage: DatabaseOutage) -> Iterator[None]:
    """:class:`QuietOutage` on the log's handlers while the worker runs (a filter on a handler sees the
    records of every logger, also of loggers created later, such as a worker's own)."""
    quiet = QuietOutage(outage)
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(quiet)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(quiet)


@contextmanager
def stop_on_signals(stop: threading.Event) -> Iterator[None]:
    """SIGTERM and SIGINT set ``stop`` (between procrastinate's own runs, which install their handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    for sig in previous:
        signal.signal(sig, lambda *_: stop.set())
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
