"""`sidebot backfill --dump FILE.xml[.bz2]`: every article of a MediaWiki XML dump becomes a page job with
its text, so the workers check a whole wiki without one API call per page.

Articles are the pages of the wiki's article namespaces that are not redirects, at the dump's latest
revision of each. A dump lists pages by ascending page id; the progress (the last page id enqueued) is
recorded every ``BATCH`` pages or ``SAVE_EVERY`` seconds, whichever comes first, so a backfill that was
stopped (Ctrl-C, a lost machine) resumes after it having re-read at most that much, and a page enqueued
twice across a resume is refused by the job's queueing lock while it waits, or skipped by the worker at a
revision already checked.
"""

from __future__ import annotations

import bz2
import gzip
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

import mwxml

from sidebot.config import Settings
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.progress import backfill_progress, record_backfill
from sidebot.wiki.pages import PageRef
from sidebot.workers.jobs import PageQueue

BATCH = 10  # pages read between two progress records at most
SAVE_EVERY = 5.0  # seconds between two progress records at most


class DumpError(RuntimeError):
    """The file is not a readable MediaWiki XML dump."""


@dataclass(frozen=True, slots=True)
class DumpArticle:
    """An article read from a dump: its page and wikitext."""

    ref: PageRef
    text: str


@dataclass
class BackfillSummary:
    """What one backfill call read from a dump and enqueued."""

    dump: str
    articles: int = 0  # articles read from the dump in this call
    enqueued: int = 0
    already_queued: int = 0
    skipped_before: int = 0  # articles at or before the recorded progress (a resumed backfill)
    resumed_after: int = 0  # the page id this call resumed after (0: from the start)
    finished: bool = False


def open_dump(path: Path) -> IO[bytes] | gzip.GzipFile:
    """The dump's bytes, decompressed by its name (.bz2, .gz) or as it is."""
    if not path.is_file():
        raise DumpError(f"dump not found: {path}")
    if path.suffix == ".bz2":
        return bz2.open(path, "rb")
    if path.suffix == ".gz":
        return gzip.open(path, "rb")
    return path.open("rb")


def dump_articles(file: IO[bytes] | gzip.GzipFile, namespaces: list[int]) -> Iterator[DumpArticle]:
    """The articles of a dump (pages of ``namespaces``, no redirects), each at its last listed revision."""
    try:
        dump = mwxml.Dump.from_file(file)
    except Exception as exc:  # mwxml raises its own and ElementTree's errors on a file that is no dump
        raise DumpError(f"not a MediaWiki XML dump: {type(exc).__name__}: {exc}") from exc
    for page in dump.pages:
        if page.namespace not in namespaces or page.redirect is not None:
            continue
        last = None
        for revision in page:
            last = revision
        if last is None or last.deleted.text:
            continue
        main = last.slots["main"] if last.slots is not None and "main" in last.slots else None
        text = main.text if main is not None else None
        if text is None:
            continue
        moment = datetime.fromtimestamp(last.timestamp.unix(), UTC)
        yield DumpArticle(PageRef(page.title, page.id, last.id, moment, "backfill"), text)


def backfill(
    settings: Settings,
    db: Database,
    wiki_name: str,
    dump_path: Path,
    limit: int | None = None,
    restart: bool = False,
    on_batch: Callable[[BackfillSummary], None] | None = None,
) -> BackfillSummary:
    """Enqueue the dump's articles for the workers of ``wiki_name``, after the recorded progress (from the
    start with ``restart``); at most ``limit`` in this call. The progress is keyed by the dump's file name."""
    summary = BackfillSummary(dump=dump_path.name)
    with db.session() as session:
        wiki = store.get_or_create_wiki(session, wiki_name)
        progress = backfill_progress(session, wiki.id, dump_path.name)
        if restart:
            progress.last_page_id, progress.pages_enqueued, progress.finished_at = 0, 0, None
        wiki_id, after = wiki.id, progress.last_page_id
    summary.resumed_after = after
    batch_last, batch_count, batch_read, saved_at = after, 0, 0, time.monotonic()

    def record(finished: bool = False) -> None:
        nonlocal batch_count, batch_read, saved_at
        with db.session() as session:
            record_backfill(
                backfill_progress(session, wiki_id, dump_path.name), batch_last, batch_count, finished
            )
        batch_count, batch_read, saved_at = 0, 0, time.monotonic()
        if on_batch:
            on_batch(summary)

    with open_dump(dump_path) as file, PageQueue(settings, wiki_name) as queue:
        articles = dump_articles(file, settings.wiki.article_namespaces)
        for article in articles:
            if article.ref.page_id <= after:
                summary.skipped_before += 1
                continue
            if limit is not None and summary.articles >= limit:
                break
            summary.articles += 1
            if queue.enqueue(article.ref, article.text):
                summary.enqueued += 1
                batch_count += 1
            else:
                summary.already_queued += 1
            batch_last = article.ref.page_id
            batch_read += 1
            if batch_read >= BATCH or time.monotonic() - saved_at >= SAVE_EVERY:
                record()
        else:
            summary.finished = True
        record(summary.finished)
    return summary
