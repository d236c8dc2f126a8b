"""Waiting out a wiki that stopped answering (HTTP 5xx, ``maxlag`` for minutes, timeouts, no connection).

Pywikibot retries each request itself (``max_retries``, ``retry_wait`` … ``retry_max`` in user-config.py)
and then gives up with :class:`~sidebot.wiki.site.WikiUnavailableError`. The patrol then does not end
its run: it says once what the wiki has (in words, :func:`sidebot.wiki.health.diagnose`), waits —
``patrol.outage_retry_wait`` seconds, doubling up to ``patrol.outage_retry_max`` — and checks the same page
again, until the wiki answers (it says so, and how long it was gone) or ``patrol.outage_wait`` seconds have
passed (then the run ends as failed and the next run resumes: nothing is lost either way, since a page's
work is committed as it goes and a page checked again skips what it already stored).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from sidebot.config import PatrolSettings
from sidebot.wiki.health import diagnose

log = logging.getLogger(__name__)


class OutageWait:
    """One patrol's patience with its wiki: :meth:`retry` after a failure, :meth:`answered` after a page
    went through."""

    def __init__(
        self,
        settings: PatrolSettings,
        api_url: str | None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings, self.api_url, self.sleep, self.clock = settings, api_url, sleep, clock
        self.since: float | None = None  # when the current outage began
        self.tries = 0
        self.outages = 0
        self.waited = 0.0

    def retry(self, error: Exception) -> bool:
        """After ``error`` (the wiki stopped answering): wait and return True to try again, or False when
        the outage has lasted ``outage_wait`` seconds."""
        now = self.clock()
        if self.since is None:
            self.since, self.tries = now, 0
            self.outages += 1
            words = diagnose(self.api_url).words if self.api_url else str(error)
            log.warning(
                "wiki lost: %s; the patrol waits for it (up to %.0f s) and resumes", words,
                self.settings.outage_wait,
            )  # fmt: skip
        gone = now - self.since
        if gone >= self.settings.outage_wait:
            log.warning("wiki still not answering after %.0f s: the run stops; the next run resumes", gone)
            return False
        delay = min(self.settings.outage_retry_wait * 2**self.tries, self.settings.outage_retry_max)
        delay = min(delay, self.settings.outage_wait - gone)
        self.tries += 1
        self.sleep(delay)
        self.waited += delay
        return True

    def answered(self) -> None:
        """The wiki answered: close the outage, if there was one."""
        if self.since is not None:
            log.warning("wiki back after %.0f s; the patrol goes on", self.clock() - self.since)
            self.since = None
