"""Which archived copy to read when a cited URL is dead or not the source.

A live source that is dead (DNS failure, refused, timeout, 404/410, a redirect loop), refused by its site's
robots.txt, or not the page (soft 404, home page, consent wall, paywall, bot check, script shell, empty…) is
replaced by an archived copy:
the citation's own ``archive-url`` when it has one (dated by the snapshot address, else by the citation's
``archive-date``), else the snapshot the Wayback availability API names as
closest to the citation's access date, or without one to the time its URL was added to the page (from the
page history, ``sidebot.wiki.history``; the newest snapshot when neither is known). Availability answers
are cached in the database like sources; the copy itself is fetched (and cached) like any source, without
the soft-404 probe (an archive answers a nonsense address with its own 404).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from sidebot.config import Settings
from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.source_cache import Fetcher, cached_or_fetched
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import CopyKind, Source
from sidebot.sources.client import SourceClient
from sidebot.sources.wayback import (
    Availability,
    citation_date,
    iso_timestamp,
    lookup,
    raw_snapshot_url,
    snapshot_date,
    wanted_timestamp,
    wayback_timestamp,
)

DEAD_STATUSES = frozenset({"dead", "timeout", "too_many_redirects", "not_source", "empty", "disallowed"})
DEAD_HTTP_STATUSES = frozenset({404, 410})

Lookup = Callable[[str, str], Availability]  # (url, wanted timestamp) → answer


def is_dead(source: Source) -> bool:
    """Whether the live source is gone or not the page, so an archived copy should be read instead."""
    if source.status in DEAD_STATUSES:
        return True
    return source.status == "http_error" and source.http_status in DEAD_HTTP_STATUSES


@dataclass(frozen=True, slots=True)
class Wanted:
    """A citation whose live source is dead: its URL, the archived copy it names, its access date, and when
    its URL was added to the page (naive UTC; looked up only when there is no access date)."""

    url: str
    archive_url: str | None
    access_date: str | None
    added: datetime | None = None
    archive_date: str | None = None  # the citation's |archive-date=, as written


@dataclass(frozen=True, slots=True)
class ArchivedCopy:
    """The archived copy found for a citation: where (``url``, shown to reviewers), from when, and the
    source row it was fetched into; ``source_id`` None when there is no copy to read. ``problem``: why
    there is none, or why the copy cannot be read."""

    kind: CopyKind
    url: str | None
    date: str | None
    source_id: int | None
    problem: str | None = None


class ArchivedCopies:
    """Finds and fetches archived copies for one patrol; ``fetcher`` reads archived pages (no soft-404
    probe), ``lookup`` asks the availability API (default: the configured endpoint)."""

    def __init__(self, settings: Settings, db: Database, fetcher: Fetcher, lookup_: Lookup | None = None):
        self.settings, self.db, self.fetcher = settings, db, fetcher
        self._lookup = lookup_

    @property
    def asks_by_date_added(self) -> bool:
        """Whether a citation without access date is dated by the page history for the availability API."""
        archive = self.settings.archive
        return archive.enabled and bool(archive.availability_url) and archive.history_revisions > 0

    def find(self, wanted: Mapping[int, Wanted], counts: PatrolCounts) -> dict[int, ArchivedCopy]:
        """An archived copy (or why there is none) for each citation id in ``wanted``."""
        located: dict[int, tuple[CopyKind, str | None, str | None, str | None]] = {}
        asked: dict[tuple[str, str], Availability] = {}
        for cid, want in wanted.items():
            if want.archive_url == want.url:  # a citation of an archived copy: there is no other to read
                located[cid] = (CopyKind.ARCHIVE_URL, None, None, "the cited URL is itself an archived copy")
                continue
            if want.archive_url:
                date = snapshot_date(want.archive_url) or citation_date(want.archive_date)
                located[cid] = (CopyKind.ARCHIVE_URL, want.archive_url, date, None)
                continue
            if not (self.settings.archive.enabled and self.settings.archive.availability_url):
                located[cid] = (
                    CopyKind.WAYBACK,
                    None,
                    None,
                    "no archived copy (archive-url) and no Wayback lookup",
                )
                continue
            key = (want.url, wanted_timestamp(want.access_date) or wayback_timestamp(want.added))
            if key not in asked:
                asked[key] = self._availability(*key, counts)
            answer = asked[key]
            if answer.snapshot_url:
                located[cid] = (CopyKind.WAYBACK, answer.snapshot_url, iso_timestamp(answer.timestamp), None)
            else:
                reason = answer.error or "the Wayback Machine has no readable snapshot"
                located[cid] = (CopyKind.WAYBACK, None, None, reason)
        to_fetch = {raw_snapshot_url(url) for _, url, _, problem in located.values() if url and not problem}
        sources = self._sources(to_fetch, counts)
        copies: dict[int, ArchivedCopy] = {}
        for cid, (kind, url, date, problem) in located.items():
            if problem or not url:
                copies[cid] = ArchivedCopy(kind, url, date, None, problem)
                counts.archived_copies_none += 1
                continue
            source_id, fetch_problem = sources[raw_snapshot_url(url)]
            copies[cid] = ArchivedCopy(kind, url, date, source_id, fetch_problem)
            if fetch_problem:
                counts.archived_copies_unreadable += 1
            else:
                counts.archived_copies_read += 1
        return copies

    def _availability(self, url: str, wanted: str, counts: PatrolCounts) -> Availability:
        fetch_cfg = self.settings.fetch
        with self.db.session() as session:
            row = store.cached_lookup(
                session,
                url,
                wanted,
                timedelta(days=fetch_cfg.cache_days),
                timedelta(hours=fetch_cfg.retry_failed_hours),
            )
            if row is not None:
                counts.archive_lookups_cached += 1
                return Availability(row.snapshot_url, row.snapshot_time, row.error)
        answer = self._ask(url, wanted)
        counts.archive_lookups += 1
        counts.archive_lookups_failed += bool(answer.error)
        with self.db.session() as session:
            store.save_lookup(session, url, wanted, answer)
        return answer

    def _ask(self, url: str, wanted: str) -> Availability:
        if self._lookup is not None:
            return self._lookup(url, wanted)
        with SourceClient(self.settings.fetch) as client:
            return lookup(url, wanted, client, self.settings.archive)

    def _sources(self, urls: set[str], counts: PatrolCounts) -> dict[str, tuple[int, str | None]]:
        """(source id, why it cannot be read or None) for each archived page: cached or fetched now."""
        read = cached_or_fetched(
            self.db, self.fetcher, self.settings.fetch, urls, lambda row: (row.id, _problem(row))
        )
        counts.archived_pages_cached += read.cached
        if read.fetched:
            counts.archived_pages_fetched += len(read.fetched)
            counts.archived_pages.update(read.fetched)
        return read.found


def _problem(source: Source) -> str | None:
    if source.readable:
        return None
    if source.status == "not_source" and source.error:
        return source.error
    return f"{source.status}: {source.error or 'no text'}"
