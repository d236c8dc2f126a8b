"""Per-user quotas of the check before saving (``POST /api/check``): citations checked per hour and per day.

Each check fetches sources and runs the verifier, so one account must not be able to spend the service's
time for everyone. Counted in the queue database (:mod:`sidebot.queue.check_quota`): a restart keeps the
counts, and every ``sidebot serve`` process over one database shares them. The windows are the UTC clock's
hours and days; a request over either is refused with the seconds until that window ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

from sidebot.queue.check_quota import Window, prune, spend
from sidebot.queue.db import Database

HOUR_S = 3600.0
DAY_S = 86_400.0
PRUNE_EVERY_S = 600.0  # ended windows are deleted at most this often per process


class QuotaExceeded(Exception):
    """Over the hourly or daily quota: ``retry_after`` seconds until the request would fit."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class CheckQuota:
    """How many citations each user has checked this hour and this day (safe across threads and processes:
    the database counts)."""

    def __init__(
        self, db: Database, per_hour: int, per_day: int, clock: Callable[[], float] = time.time
    ) -> None:
        """``clock``: seconds since the Unix epoch (UTC)."""
        self.db, self.per_hour, self.per_day, self.clock = db, per_hour, per_day, clock
        self._pruned_at = -PRUNE_EVERY_S
        self._lock = threading.Lock()

    def spend(self, user: str, count: int) -> None:
        """Count ``count`` citations for ``user``, or raise :class:`QuotaExceeded` (counting nothing) when
        that would pass the hour's or the day's quota."""
        now = self.clock()
        self._prune(now)
        lengths = {"hour": HOUR_S, "day": DAY_S}
        windows = [
            Window(name, _utc(now - now % lengths[name]), limit)
            for name, limit in (("hour", self.per_hour), ("day", self.per_day))
        ]
        over = spend(self.db, user, count, windows)
        if over is None:
            return
        name, limit = over.window.name, over.window.limit
        length = lengths[name]
        # a request larger than the whole quota never fits: the window's length, as a hint to stop
        retry_after = length if count > limit else max(1.0, length - now % length)
        raise QuotaExceeded(
            f"over the quota of {limit} citations checked per {name} "
            f"({over.used} checked this {name}; this request has {count})",
            retry_after,
        )

    def _prune(self, now: float) -> None:
        """Delete the windows that ended a day ago or more, now and then."""
        with self._lock:
            if now - self._pruned_at < PRUNE_EVERY_S:
                return
            self._pruned_at = now
        prune(self.db, _utc(now - now % DAY_S - DAY_S))


def _utc(seconds: float) -> datetime:
    """Epoch seconds as the queue stores times: UTC without a zone."""
    return datetime.fromtimestamp(seconds, UTC).replace(tzinfo=None)
