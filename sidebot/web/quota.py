"""Per-user quotas of the check before saving (``POST /api/check``): citations checked per hour and per day.

Each check fetches sources and runs the verifier, so one account must not be able to spend the service's
time for everyone. Counted in the ``sidebot serve`` process (a restart forgets them), in sliding windows,
with a bounded table of users (LRU): a million names cost a fixed amount of memory.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

from cachetools import LRUCache

HOUR_S = 3600.0
DAY_S = 86_400.0


class QuotaExceeded(Exception):
    """Over the hourly or daily quota: ``retry_after`` seconds until the request would fit."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class CheckQuota:
    """How many citations each user had checked in the last hour and day (thread-safe)."""

    def __init__(
        self, per_hour: int, per_day: int, size: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_hour, self.per_day, self.clock = per_hour, per_day, clock
        self._used: LRUCache[str, deque[tuple[float, int]]] = LRUCache(size)
        self._lock = threading.Lock()

    def spend(self, user: str, count: int) -> None:
        """Count ``count`` citations for ``user``, or raise :class:`QuotaExceeded` (counting nothing) when
        that would pass the hour's or the day's quota."""
        with self._lock:
            now = self.clock()
            used = self._used.get(user)
            if used is None:
                used = self._used[user] = deque()
            while used and used[0][0] <= now - DAY_S:
                used.popleft()
            for limit, window, name in ((self.per_hour, HOUR_S, "hour"), (self.per_day, DAY_S, "day")):
                spent = [(at, n) for at, n in used if at > now - window]
                total = sum(n for _, n in spent)
                if total + count > limit:
                    raise QuotaExceeded(
                        f"over the quota of {limit} citations checked per {name} "
                        f"({total} checked in the last {name}; this request has {count})",
                        _retry_after(spent, total + count - limit, window, now),
                    )
            used.append((now, count))


def _retry_after(spent: list[tuple[float, int]], excess: int, window: float, now: float) -> float:
    """Seconds until enough of ``spent`` leaves the window for ``excess`` more citations (the window's length
    when even an empty window would not hold them)."""
    freed = 0
    for at, n in spent:
        freed += n
        if freed >= excess:
            return max(1.0, at + window - now)
    return window
