"""Fetch politely: at most N requests per host waiting for their answer, a minimum gap between requests to
one host, and a host that answers 429 (or 503) with Retry-After is left alone for that long.

One :class:`HostLimiter` per process and setting (:func:`shared_limiter`), so the batches of one patrol,
and patrols run one after the other in the same process, share each host's budget. The time a fetch waits
for its turn is not counted against its own time limit (:func:`sidebot.sources.client.extend_deadline`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from functools import cache


class HostLimiter:
    """Per-host concurrency and spacing of requests; thread-safe.

    A turn covers sending a request until its answer's headers arrive (the body is read after it). Without a
    delay, up to ``per_host`` requests to one host wait for their answer at once; with one, they are sent
    one at a time and the next starts ``min_delay`` after the previous one was answered, so a slow thread
    scheduler or network cannot bunch two requests together on the server's side.
    """

    def __init__(
        self,
        per_host: int,
        min_delay: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.per_host, self.min_delay = max(1, per_host), max(0.0, min_delay)
        self._clock, self._sleep = clock, sleep
        self._lock = threading.Lock()
        self._slots: dict[str, threading.BoundedSemaphore] = {}
        self._gates: dict[str, threading.Lock] = {}
        self._next_start: dict[str, float] = {}

    @contextmanager
    def turn(self, host: str) -> Iterator[float]:
        """Hold one of ``host``'s slots, starting no sooner than its spacing (and any back-off) allows; the
        block sends the request. Yields the seconds waited."""
        host = host.lower()
        started = self._clock()
        with self._lock:
            slot = self._slots.setdefault(host, threading.BoundedSemaphore(self.per_host))
            gate = self._gates.setdefault(host, threading.Lock())
        slot.acquire()
        try:
            gate.acquire()
            gated = True
            try:
                with self._lock:
                    wait = self._next_start.get(host, 0.0) - self._clock()
                if wait > 0:
                    self._sleep(wait)
                if self.min_delay <= 0:  # no spacing: only the slots (and back-offs) hold requests back
                    gate.release()
                    gated = False
                yield self._clock() - started
            finally:
                if gated:
                    with self._lock:
                        after = self._clock() + self.min_delay
                        self._next_start[host] = max(self._next_start.get(host, 0.0), after)
                    gate.release()
        finally:
            slot.release()

    def back_off(self, host: str, seconds: float) -> None:
        """Start no request to ``host`` for ``seconds`` (a Retry-After)."""
        with self._lock:
            host = host.lower()
            until = self._clock() + max(0.0, seconds)
            self._next_start[host] = max(self._next_start.get(host, 0.0), until)


@cache
def shared_limiter(per_host: int, min_delay: float) -> HostLimiter:
    """The process's limiter for these settings."""
    return HostLimiter(per_host, min_delay)


def retry_after_seconds(value: str | None, default: float) -> float:
    """Seconds a Retry-After header asks for (delta-seconds or an HTTP date); ``default`` when absent or
    unreadable. Never negative."""
    if not value or not value.strip():
        return default
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return default
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())
