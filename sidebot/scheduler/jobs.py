"""The scheduler's jobs, each one run recorded in the runs table (`sidebot runs`):

- ``recent``: the recent-changes patrol. It resumes from the cursor (the time of the newest change it has
  finished) minus ``schedule.recent_overlap``, moves the cursor after every page it completes, and reads
  at most ``schedule.recent_max_pages`` pages a run. A crash or a restart therefore leaves no gap, and the
  pages read again are skipped at the revision already checked: no double work. The first run, with no
  cursor yet, takes the ``patrol.recent_limit`` most recently changed pages. When the overlap alone fills
  a run, the run starts at the cursor instead (this assumes fewer than ``recent_max_pages`` articles
  change within one second, which holds on any wiki with the default of 500).
- ``failed-verification``: every page that transcludes {{failed verification}}.
- ``citation-needed``: the pages that transclude {{citation needed}} or {{citation needed span}} (or a
  redirect), by ascending page id, at most ``schedule.citation_needed_max_pages`` a run, resuming after the
  last page done (a cursor kept like the recent-changes one); once past the last page it starts again.
- ``stale``: pages with open findings that were deleted, moved or edited unseen (``sidebot.scheduler.stale``);
  findings a user's check stored for an edit not saved within a week are closed.
- ``onwiki``: the review list, count page and talk notices that the wiki's config enables.
- ``corpus-feed``: the sources patrols found backing their claims, into the retrieval corpus and its indexes
  (:mod:`sidebot.patrol.corpus_feed`; when ``retrieve.feed`` is on).
- ``priority``: `sidebot queue prioritize` (:mod:`sidebot.patrol.page_priority`): which pages are living
  people's biographies and protected, their views from the configured pageview dump, and every open
  finding's priority again (tags age), so the queue's order stays true without an operator.

Every patrol re-reads the on-wiki exclusion lists first. A job that cannot even start (say the wiki is down
while listing pages) still leaves a failed run with the error: no failure is silent. ``stop`` (set on
SIGTERM) ends a patrol after the page in hand; the cursor keeps what was done.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

from sidebot.config import Settings
from sidebot.onwiki.exclusions import Exclusions, load_exclusions
from sidebot.onwiki.outputs import update_onwiki
from sidebot.patrol.loop import Patrol, PatrolSummary
from sidebot.queue import store
from sidebot.queue.checked import UNSAVED_AFTER, close_unsaved
from sidebot.queue.db import Database
from sidebot.queue.models import Run, RunStatus, utcnow
from sidebot.queue.runs import (
    add_error,
    finish_run,
    newest_run_id,
    newest_run_of,
    record_failed_run,
    start_run,
)
from sidebot.queue.scheduler_state import advance_cursor, cursor_position, set_sweep_position, sweep_position
from sidebot.queue.watched_pages import pages_with_live_findings, recently_deleted_pages
from sidebot.scheduler.stale import changed_pages, restored_pages
from sidebot.verify.types import Scorer
from sidebot.wiki.pages import (
    PageRef,
    RecentChanges,
    citation_needed,
    deduplicate,
    failed_verification,
    recent_changes,
)
from sidebot.wiki.site import WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.wiki.reader import PywikibotWiki

log = logging.getLogger(__name__)

RECENT = "recent"
FAILED_VERIFICATION = "failed-verification"
CITATION_NEEDED = "citation-needed"
STALE = "stale"
ONWIKI = "onwiki"
CORPUS_FEED = "corpus-feed"
PRIORITY = "priority"
JOB_NAMES = (RECENT, FAILED_VERIFICATION, CITATION_NEEDED, STALE, ONWIKI, CORPUS_FEED, PRIORITY)

T = TypeVar("T")


@dataclass
class JobContext:
    """What every job needs, made once per scheduler process: loading the model and logging in are slow."""

    settings: Settings
    db: Database
    wiki: PywikibotWiki
    scorer: Scorer
    stop: threading.Event
    show: Callable[[str], None] = print  # where a dry run shows the wikitext it would save

    def wiki_id(self) -> int:
        """The queue's id of the scheduler's wiki (the row created on first use)."""
        with self.db.session() as session:
            return store.get_or_create_wiki(
                session, self.wiki.name, self.wiki.api_url, self.wiki.article_url
            ).id


@dataclass(frozen=True, slots=True)
class JobResult:
    """What one job did: its run's status and counts (a job that made no run has none)."""

    status: str
    counts: dict[str, int]


def run_named(ctx: JobContext, name: str) -> str:
    """Run the job ``name`` now; returns its run's status."""
    return run_job(ctx, name).status


def run_job(ctx: JobContext, name: str) -> JobResult:
    """Run the job ``name`` now; returns its run's status and the counts of the run it recorded."""
    jobs: dict[str, Callable[[JobContext], str]] = {
        RECENT: recent_patrol,
        FAILED_VERIFICATION: failed_verification_sweep,
        CITATION_NEEDED: citation_needed_sweep,
        STALE: stale_check,
        ONWIKI: onwiki_update,
        CORPUS_FEED: corpus_feed,
        PRIORITY: priority_refresh,
    }
    if name not in jobs:
        raise ValueError(f"no job {name!r}: the jobs are {', '.join(JOB_NAMES)}")
    with ctx.db.session() as session:
        before = newest_run_id(session)
    status = jobs[name](ctx)
    with ctx.db.session() as session:
        run = newest_run_of(session, name, before)
        counts = dict(run.counts or {}) if run is not None else {}
    return JobResult(status, counts)


def recent_patrol(ctx: JobContext) -> str:
    """Patrol the recent changes since the stored cursor, and move the cursor on."""
    settings, site, wiki_id = ctx.settings, ctx.wiki.site, ctx.wiki_id()
    cursor = cursor_position(ctx.db, wiki_id, RECENT)
    since = cursor - settings.schedule.recent_overlap if cursor is not None else None
    limit = settings.schedule.recent_max_pages if since is not None else settings.patrol.recent_limit
    namespaces = settings.wiki.article_namespaces
    options = {"since": _iso(since), "cursor": _iso(cursor), "limit": limit}

    def listing() -> RecentChanges:
        changes = recent_changes(site, limit, since, namespaces)
        if (
            cursor is not None
            and len(changes) >= limit
            and (changes.newest is None or changes.newest <= cursor)
        ):
            # The overlap alone filled the run with pages already checked: start at the cursor instead,
            # or a busy wiki would keep the patrol re-reading its overlap for ever.
            changes = recent_changes(site, limit, cursor, namespaces)
        return changes

    prepared = _prepare(ctx, RECENT, options, listing)
    if prepared is None:
        return RunStatus.FAILED
    changes, exclusions = prepared

    def on_page(ref: PageRef) -> None:
        advance_cursor(ctx.db, wiki_id, RECENT, ref.timestamp)

    summary = _patrol(ctx, changes.pages, exclusions, RECENT, options, on_page)
    if summary is None:
        return RunStatus.FAILED
    if summary.status == RunStatus.OK and not ctx.stop.is_set() and changes.newest is not None:
        advance_cursor(ctx.db, wiki_id, RECENT, changes.newest)
    with ctx.db.session() as session:  # where the next run resumes, for `sidebot runs` and the record
        run = session.get_one(Run, summary.run_id)
        run.options = {**run.options, "cursor_after": _iso(cursor_position(ctx.db, wiki_id, RECENT))}
    return summary.status


def failed_verification_sweep(ctx: JobContext) -> str:
    """Patrol the pages tagged {{failed verification}}."""
    wiki = ctx.settings.wiki
    options = {"template": wiki.failed_verification_template}
    prepared = _prepare(
        ctx,
        FAILED_VERIFICATION,
        options,
        lambda: list(
            deduplicate(
                failed_verification(ctx.wiki.site, wiki.failed_verification_template, wiki.article_namespaces)
            )
        ),
    )
    if prepared is None:
        return RunStatus.FAILED
    summary = _patrol(ctx, *prepared, FAILED_VERIFICATION, options)
    return summary.status if summary is not None else RunStatus.FAILED


def citation_needed_sweep(ctx: JobContext) -> str:
    """The next ``schedule.citation_needed_max_pages`` pages tagged {{citation needed}} after the cursor."""
    wiki, wiki_id = ctx.settings.wiki, ctx.wiki_id()
    templates = citation_needed_templates(ctx.settings)
    after, limit = (
        sweep_position(ctx.db, wiki_id, CITATION_NEEDED),
        ctx.settings.schedule.citation_needed_max_pages,
    )
    options = {"templates": templates, "after_page_id": after, "limit": limit}
    prepared = _prepare(
        ctx,
        CITATION_NEEDED,
        options,
        lambda: list(citation_needed(ctx.wiki.site, templates, wiki.article_namespaces, after, limit)),
    )
    if prepared is None:
        return RunStatus.FAILED
    refs, exclusions = prepared

    def on_page(ref: PageRef) -> None:
        set_sweep_position(ctx.db, wiki_id, CITATION_NEEDED, ref.page_id)

    summary = _patrol(ctx, refs, exclusions, CITATION_NEEDED, options, on_page)
    if summary is None:
        return RunStatus.FAILED
    if summary.status == RunStatus.OK and not ctx.stop.is_set() and len(refs) < limit:
        set_sweep_position(ctx.db, wiki_id, CITATION_NEEDED, 0)  # went round: the next run starts again
    return summary.status


def citation_needed_templates(settings: Settings) -> list[str]:
    """The templates that mark a claim as needing a source."""
    return [settings.wiki.citation_needed_template, settings.wiki.citation_needed_span_template]


def stale_check(ctx: JobContext) -> str:
    """Close the findings of citations that left their pages or whose pages were deleted, and those a
    user's check stored for an edit never saved."""
    with ctx.db.session() as session:
        unsaved = close_unsaved(session, utcnow() - UNSAVED_AFTER)
    known = pages_with_live_findings(ctx.db, ctx.wiki.name)
    deleted = recently_deleted_pages(ctx.db, ctx.wiki.name)
    options = {
        "pages_watched": len(known),
        "deleted_pages_watched": len(deleted),
        "unsaved_checks_closed": unsaved,
    }
    site = ctx.wiki.site
    prepared = _prepare(
        ctx, STALE, options, lambda: [*changed_pages(site, known), *restored_pages(site, deleted)]
    )
    if prepared is None:
        return RunStatus.FAILED
    refs, exclusions = prepared
    summary = _patrol(ctx, refs, exclusions, STALE, options | {"pages_changed": len(refs)})
    return summary.status if summary is not None else RunStatus.FAILED


def onwiki_update(ctx: JobContext) -> str:
    """Write the on-wiki outputs (review list, talk notices)."""
    return update_onwiki(ctx.settings, ctx.db, ctx.wiki, show=ctx.show).status


def corpus_feed(ctx: JobContext) -> str:
    """The one indexer's turn, recorded as a run with its counts (a turn another indexer held is skipped)."""
    from sidebot.patrol.corpus_feed import feed_corpus

    def feed() -> dict[str, int]:
        report = feed_corpus(ctx.settings, ctx.db)
        return report.counts() | {"feed_busy": int(report.busy)}

    return _recorded(ctx, CORPUS_FEED, feed)


def priority_refresh(ctx: JobContext) -> str:
    """`sidebot queue prioritize`: the pages' facts from the wiki, their views from the configured pageview
    dump, every open finding's priority; recorded as a run with what it read and changed."""
    from sidebot.patrol.page_priority import refresh_page_priority

    return _recorded(ctx, PRIORITY, lambda: asdict(refresh_page_priority(ctx.settings, ctx.db, ctx.wiki)))


def _recorded(ctx: JobContext, kind: str, work: Callable[[], dict[str, int]]) -> str:
    """Run ``work`` as a run of ``kind`` with the counts it returns; an error fails the run, recorded."""
    with ctx.db.session() as session:
        run_id = start_run(session, kind, ctx.wiki_id(), {}).id
    try:
        counts = work()
    except Exception as exc:
        log.exception("%s failed", kind)
        with ctx.db.session() as session:
            run = session.get_one(Run, run_id)
            add_error(run, None, f"{type(exc).__name__}: {exc}")
            finish_run(run, {}, RunStatus.FAILED)
        return RunStatus.FAILED
    with ctx.db.session() as session:
        finish_run(session.get_one(Run, run_id), counts, RunStatus.OK)
    return RunStatus.OK


def _patrol(
    ctx: JobContext,
    refs: Iterable[PageRef],
    exclusions: Exclusions,
    kind: str,
    options: dict,
    on_page: Callable[[PageRef], None] | None = None,
) -> PatrolSummary | None:
    """A patrol of ``refs`` that stops early when asked to; None when the wiki stopped answering (the
    patrol recorded its run as failed, and the cursor stays at the last page done). With workers
    configured the pages are enqueued for them instead (the cursor moves as pages enter the queue)."""
    pages = _until(ctx.stop, refs)
    if ctx.settings.workers.enabled:
        from sidebot.workers.enqueue import enqueue_pages

        wiki = ctx.wiki
        return enqueue_pages(
            ctx.settings, ctx.db, wiki.name, pages, kind, options, on_page, wiki.api_url, wiki.article_url
        )
    patrol = Patrol(ctx.settings, ctx.db, ctx.wiki, ctx.scorer, exclusions=exclusions)
    try:
        return patrol.run(pages, kind, options | {"exclusions": exclusions.summary()}, on_page)
    except WikiUnavailableError:
        log.warning("%s: the wiki stopped answering; the next run goes on from here", kind, exc_info=True)
        return None


def _until(stop: threading.Event, refs: Iterable[PageRef]) -> Iterator[PageRef]:
    """The pages, until ``stop`` is set (checked before each page)."""
    for ref in refs:
        if stop.is_set():
            return
        yield ref


def _prepare(
    ctx: JobContext, kind: str, options: dict, listing: Callable[[], T]
) -> tuple[T, Exclusions] | None:
    """The exclusion lists as they are now and the pages (``listing()``). When either fails, a failed run
    of ``kind`` with the error is recorded and None returned."""
    try:
        exclusions = load_exclusions(ctx.wiki.site, ctx.settings.onwiki.exclusions)
        return listing(), exclusions
    except Exception as exc:
        log.exception("%s: listing the pages failed", kind)
        with ctx.db.session() as session:
            error = f"listing the pages failed: {type(exc).__name__}: {exc}"
            record_failed_run(session, kind, ctx.wiki.name, options, error)
        return None


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None
