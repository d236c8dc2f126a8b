"""Sources for a set of URLs: from the queue's cache when fresh, else fetched now and saved at once.

The patrol's cited sources and the archived copies it reads come this one way. The cache is read in one
transaction, the missing pages are fetched outside any (a fetch takes seconds, a transaction should not), and
what was fetched is saved in a second one. Failures are cached too, for ``retry_failed_hours`` instead of
``cache_days``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Generic, TypeVar

from sidebot.config import FetchSettings
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Source
from sidebot.sources.fetch import FetchResult

Fetcher = Callable[[list[str]], Mapping[str, FetchResult]]
T = TypeVar("T")


@dataclass
class SourceRead(Generic[T]):
    """What ``keep`` made of each URL's source row (read inside its session), how many came from the cache
    (and which), the status of each source fetched now, and the time the fetch took."""

    found: dict[str, T] = field(default_factory=dict)
    cached: int = 0
    cached_urls: frozenset[str] = frozenset()
    fetched: list[str] = field(default_factory=list)
    fetch_ms: int = 0


def cached_or_fetched(
    db: Database, fetcher: Fetcher, settings: FetchSettings, urls: set[str], keep: Callable[[Source], T]
) -> SourceRead[T]:
    """``keep(row)`` for the source of each of ``urls``: the cached row when fresh, else fetched now (the
    missing URLs in sorted order) and committed at once."""
    read: SourceRead[T] = SourceRead()
    with db.session() as session:
        cached = store.cached_sources(
            session, urls, timedelta(days=settings.cache_days), timedelta(hours=settings.retry_failed_hours)
        )
        read.found = {url: keep(row) for url, row in cached.items()}
    read.cached, read.cached_urls = len(read.found), frozenset(read.found)
    missing = sorted(urls - read.found.keys())
    if missing:
        started = time.monotonic()
        results = fetcher(missing)
        read.fetch_ms = round((time.monotonic() - started) * 1000)
        with db.session() as session:
            for url in missing:
                row = store.save_source(session, results[url])
                read.found[url] = keep(row)
                read.fetched.append(row.status)
    return read
