"""A patrol: page references in, findings in the queue out.

Each page is one transaction: extract its citations, match them to the queue by fingerprint, fetch and
verify only the citations with no finding yet, store the findings, record the revision. A crash loses at
most the page in hand; the next run skips every page already checked at its current revision, so a
recent-changes patrol costs in proportion to what changed. Fetched sources are committed as soon as they
arrive so a rerun does not fetch them again. When the verifier server (``[verify] endpoint``) is down, too
slow or answers garbage, the page's unverified citations are left for the next run, as over the per-page cap.

:class:`Patrol` walks the pages and hands each to its collaborators: the pipeline that verifies
(:mod:`sidebot.patrol.citation_check`), which stores each verdict (:func:`sidebot.queue.store.record_verdict`)
and records a source that backs its claim for the retrieval corpus (:mod:`sidebot.queue.cited_sources`), and
the suggester (:mod:`sidebot.patrol.suggester`): a weak citation (queued, or tagged {{failed verification}})
also gets up to ``retrieve.max_suggestions`` better sources from the retrieval index, stored with its
finding. The thresholds are settled once per run (:mod:`sidebot.patrol.thresholds`), and what the run did is
counted in one record (:mod:`sidebot.patrol.counts`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any

from sidebot.citations.citations import article_text, extract_citations
from sidebot.config import ConfigError, Settings, operator_contact_problem
from sidebot.patrol.archived import ArchivedCopies, Lookup
from sidebot.patrol.changed_facts import replacements
from sidebot.patrol.citation_check import CitationCheck
from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.edits import name_editors, queue_removals, source_replacements
from sidebot.patrol.field_expansion import field_expander
from sidebot.patrol.outage import OutageWait
from sidebot.patrol.source_cache import Fetcher
from sidebot.patrol.suggester import Suggester
from sidebot.patrol.thresholds import Thresholds
from sidebot.patrol.wiki_reader import WikiReader
from sidebot.queue import store
from sidebot.queue.db import Database, Session
from sidebot.queue.faults import CONNECTION_LOST
from sidebot.queue.models import Page, Run, RunStatus, Wiki, utcnow
from sidebot.queue.priority import has_open_findings, refresh_priorities, set_page_facts
from sidebot.queue.runs import add_error, finish_run, heartbeat, mark_interrupted, start_run
from sidebot.sources.fetch import fetch_many
from sidebot.verify.types import Scorer
from sidebot.wiki.pages import CITATION_NEEDED_ORIGIN, PageRef, as_origin
from sidebot.wiki.site import WikiError, WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.onwiki.exclusions import Exclusions

log = logging.getLogger(__name__)

# what stops a run rather than one page: the wiki (past patrol.outage_wait) or the database is down
_NOT_THE_PAGE: tuple[type[Exception], ...] = (WikiUnavailableError, *CONNECTION_LOST)


@dataclass
class PatrolSummary:
    """How a run ended: its status, counts by name, errors and notes (what the CLI and scheduler show)."""

    run_id: int
    status: str
    counts: Counter[str] = field(default_factory=Counter)  # by name (PatrolCounts.as_dict)
    errors: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the run could not do that is not an error


def deferred_pages(db: Database, wiki_id: int) -> list[PageRef]:
    """Pages a previous run left citations of, to be resumed first."""
    with db.session() as session:
        return [
            PageRef(
                p.title, p.wiki_page_id or 0, p.rev_id or 0, p.checked_at or utcnow(), as_origin(p.origin)
            )
            for p in store.deferred_pages(session, wiki_id)
        ]


class Patrol:
    """Walks pages and hands each to its collaborators (citation check, suggester); one run at a time."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        wiki: WikiReader,
        scorer: Scorer,
        fetcher: Fetcher | None = None,
        exclusions: Exclusions | None = None,
        archive_fetcher: Fetcher | None = None,
        lookup: Lookup | None = None,
    ) -> None:
        """``exclusions``: the on-wiki exclusion lists; excluded pages are skipped and citations of excluded
        sources are not verified. ``archive_fetcher`` reads archived copies and ``lookup`` asks the Wayback
        availability API (defaults: the fetcher and the endpoint of the settings). Raises ConfigError when
        the User-Agent names no contact of the operator and the wiki is not a local sandbox."""
        problem = operator_contact_problem(settings.fetch, wiki.api_url, settings.source_file)
        if problem:
            raise ConfigError(problem)
        self.settings, self.db, self.wiki, self.scorer = settings, db, wiki, scorer
        self.fetcher: Fetcher = fetcher or (lambda urls: fetch_many(urls, settings.fetch))
        archived = ArchivedCopies(
            settings,
            db,
            archive_fetcher or (lambda urls: fetch_many(urls, settings.fetch, probe=False)),
            lookup,
        )
        self.suggester = Suggester(
            settings, db, scorer, wiki.article_url, self.fetcher, self._source_excluded
        )
        self.citations = CitationCheck(settings, db, wiki, scorer, self.fetcher, archived, self.suggester)
        self.exclusions = exclusions
        self.thresholds = Thresholds.resolve(settings, scorer, None)  # settled again when a run starts
        self._notes: list[str] = []

    @property
    def exclusions(self) -> Exclusions | None:
        """The on-wiki exclusion lists the patrol applies (None: none read)."""
        return self._exclusions

    @exclusions.setter
    def exclusions(self, lists: Exclusions | None) -> None:
        """The exclusion lists, read again by a worker now and then: its collaborators follow."""
        self._exclusions = self.suggester.exclusions = self.citations.exclusions = lists

    def run(
        self,
        pages: Iterable[PageRef],
        kind: str,
        options: dict[str, Any],
        on_page: Callable[[PageRef], None] | None = None,
        resume_deferred: bool = True,
    ) -> PatrolSummary:
        """Check ``pages``, after the pages an earlier run left citations of (unless ``resume_deferred`` is
        off: ``sidebot check`` looks at one page only)."""
        counts = PatrolCounts()
        run_id, wiki_id = self.start(kind, options)
        if resume_deferred:  # a page is looked at once per run: its cap and budget are per run
            deferred = deferred_pages(self.db, wiki_id)
            resumed = {ref.title for ref in deferred}
            pages = chain(deferred, (ref for ref in pages if ref.title not in resumed))
        try:
            for ref in pages:
                self.check(run_id, wiki_id, ref, counts)
                if on_page:
                    on_page(ref)
        except BaseException as exc:
            status = RunStatus.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else RunStatus.FAILED
            self.finish(run_id, counts, status, f"run stopped: {type(exc).__name__}: {exc}")
            raise
        return self.finish(run_id, counts, RunStatus.OK)

    def start(self, kind: str, options: dict[str, Any], worker: str | None = None) -> tuple[int, int]:
        """Open a run of ``kind`` (a `sidebot worker` process keeps one open while it lives, named
        ``worker``) and settle its thresholds; returns (run id, wiki id)."""
        with self.db.session() as session:
            mark_interrupted(session)
            wiki = store.get_or_create_wiki(session, self.wiki.name, self.wiki.api_url, self.wiki.article_url)
            run = start_run(session, kind, wiki.id, options, worker)
            self.thresholds = Thresholds.resolve(self.settings, self.scorer, wiki)
        self._notes = []
        self.suggester.begin_run(self.thresholds.pass_probability, self._notes)
        return run.id, wiki.id

    def check(
        self, run_id: int, wiki_id: int, ref: PageRef, counts: PatrolCounts, text: str | None = None
    ) -> None:
        """Check one page within run ``run_id``: a page that fails is recorded in the run's errors; a wiki
        that stopped answering is waited for (:mod:`sidebot.patrol.outage`), and raises WikiUnavailableError
        when it stays down. ``text``: the page's wikitext at ``ref.rev_id`` when the caller has it (a dump
        backfill), so the wiki is not asked for it."""
        counts.pages_seen += 1
        try:
            self._check_page_waiting(wiki_id, run_id, ref, counts, text)
        except _NOT_THE_PAGE:
            raise  # the wiki (past patrol.outage_wait) or the database is down, not the page: stop
        except Exception as exc:  # one bad page must not stop the patrol; it is recorded
            log.exception("page %s failed", ref.title)
            counts.page_errors += 1
            with self.db.session() as session:
                add_error(session.get_one(Run, run_id), ref.title, f"{type(exc).__name__}: {exc}")
        with self.db.session() as session:
            heartbeat(session.get_one(Run, run_id), counts.as_dict())

    def finish(
        self, run_id: int, counts: PatrolCounts, status: RunStatus, error: str | None = None
    ) -> PatrolSummary:
        """Close run ``run_id`` with ``status`` (and ``error`` in its errors) and the retrieval index."""
        self.suggester.close()
        named = counts.as_dict()
        with self.db.session() as session:
            r = session.get_one(Run, run_id)
            if error is not None:
                add_error(r, None, error)
            finish_run(r, named, status)
            errors = list(r.errors)
        return PatrolSummary(
            run_id=run_id, status=status, counts=Counter(named), errors=errors, notes=self._notes
        )

    def reopen_retrieval(self) -> None:
        """Open the retrieval index afresh at its next use: a worker's run lasts as long as the process, and
        the indexer keeps adding passages (sidebot.patrol.corpus_feed)."""
        self.suggester.close()

    def _check_page_waiting(
        self, wiki_id: int, run_id: int, ref: PageRef, counts: PatrolCounts, text: str | None
    ) -> None:
        """The page checked, again after each wait while the wiki is down (what was stored is kept)."""
        outage = OutageWait(self.settings.patrol, self.wiki.api_url)
        try:
            while True:
                try:
                    self._check_page(wiki_id, run_id, ref, counts, text)
                    break
                except WikiUnavailableError as exc:
                    if not outage.retry(exc):
                        raise
            outage.answered()
        finally:
            if outage.outages:
                counts.wiki_outages += outage.outages
                counts.wiki_outage_seconds += round(outage.waited)

    def _check_page(
        self, wiki_id: int, run_id: int, ref: PageRef, counts: PatrolCounts, text: str | None = None
    ) -> None:
        if self.exclusions is not None and self.exclusions.ignores_page(ref.title):
            counts.pages_excluded += 1
            return
        if ref.rev_id is not None and self._already_checked(wiki_id, ref):
            counts.pages_unchanged += 1
            return
        if text is None:
            counts.page_texts_fetched += 1  # API calls for page text (a backfill makes none)
            fetched = self.wiki.page_text(ref)
        else:
            fetched = (text, ref.rev_id)
        with self.db.session() as session:
            wiki = session.get_one(Wiki, wiki_id)
            if fetched is None:
                self._page_gone(session, wiki, ref, counts)
                return
            wikitext, rev_id = fetched
            known = store.known_page(session, wiki.id, ref.title, ref.page_id)
            if known is not None and self._needs_no_check(session, known, ref, rev_id, text, counts):
                return
            # Read before the first write: the infobox fields' expansions are API calls (a wiki in maxlag
            # answers late), and on SQLite a write would hold the database's lock through them, keeping
            # reviewers' decisions out.
            extracted = extract_citations(
                wikitext,
                ref.title,
                self.wiki.tag_aliases,
                unsourced=self._reads_unsourced,
                expand=field_expander(self.wiki, ref.title, counts),
            )
            page = store.get_or_create_page(session, wiki, ref.title, ref.page_id)
            checked_rev = page.rev_id
            sync = store.sync_citations(session, page, extracted, rev_id)
            present = [c for c, _ in sync.citations]
            for new, old in replacements(sync.arrived, sync.gone, page.title):
                store.link_replacement(new, old)
            for new, old in source_replacements(sync.arrived, sync.gone, present):
                store.link_replacement(new, old)
            article = article_text(wikitext, ref.title)  # as a reader sees it
            removals = queue_removals(
                session,
                page,
                sync,
                article,
                checked_rev,
                self.scorer.name,
                (ref.origin, run_id, rev_id),
                counts,
            )
            counts.citations_seen += len(extracted)
            counts.citations_not_checkable += sum(1 for c in extracted if not c.checkable)
            counts.citations_removed += sync.removed
            counts.citations_untagged += sync.untagged
            counts.citations_tagged += sync.tagged
            todo = store.citations_needing_verification(
                session, [c for c, _ in sync.citations], self.scorer.name
            )
            if self.exclusions is not None:
                kept = [c for c in todo if self.exclusions.source_rule(c.url) is None]
                counts.citations_excluded += len(todo) - len(kept)
                todo = kept
            page_id, page_title = page.id, page.title
            work = [(c.id, c.url) for c in todo]
            unsourced = [
                c.id
                for c in store.unsourced_needing_search(
                    session, [c for c, _ in sync.citations], self.scorer.name
                )
            ]
        if removals:
            name_editors(self.db, self.wiki, page, removals)
        done, deferred_reason = self.citations.run(
            page_id, work, ref, run_id, rev_id, self.thresholds, counts, article
        )
        self.suggester.check_unsourced(page_id, unsourced, ref.origin, run_id, rev_id, counts)
        self._close_page(page_id, page_title, ref, rev_id, deferred_reason, len(work) - done, counts)

    def _needs_no_check(
        self, session: Session, page: Page, ref: PageRef, rev_id: int, text: str | None, counts: PatrolCounts
    ) -> bool:
        """Whether the known ``page`` at ``rev_id`` is already checked, or newer than a dump's ``text``."""
        if text is not None and page.rev_id is not None and page.rev_id > rev_id:
            counts.pages_newer_checked += 1  # a dump older than what a patrol already checked
            return True
        if store.page_is_current(
            session, page, rev_id, self.scorer.name, self._source_excluded, self._sweeps_unsourced(ref)
        ):
            counts.pages_unchanged += 1
            return True
        return False

    def _close_page(
        self,
        page_id: int,
        page_title: str,
        ref: PageRef,
        rev_id: int,
        deferred_reason: str | None,
        left: int,
        counts: PatrolCounts,
    ) -> None:
        """Record the page as checked at ``rev_id`` and work out its findings' priority; say why ``left`` of
        its citations wait for the next run."""
        with self.db.session() as session:
            page = session.get_one(Page, page_id)
            store.mark_checked(page, rev_id)
            page.deferred_reason = deferred_reason
            page.deferred_origin = ref.origin if deferred_reason else None
            counts.pages_checked += 1
        self._prioritize(page_id, page_title)
        if deferred_reason:
            counts.pages_deferred += 1
            counts.citations_deferred += left
            self._notes.append(f"{ref.title}: {left} citations left for the next run ({deferred_reason})")

    def _prioritize(self, page_id: int, title: str) -> None:
        """Read what the wiki says of a page with open findings (a living person's biography, its edit
        protection) and work out their priority (sidebot.queue.priority); page views come from
        `sidebot queue prioritize`."""
        with self.db.session() as session:
            if not has_open_findings(session, page_id):
                return
        try:
            facts = self.wiki.page_facts([title]).get(title)
        except WikiError as exc:
            if isinstance(exc, WikiUnavailableError):
                raise
            self._notes.append(f"{title}: could not read the page's categories and protection: {exc}")
            facts = None
        with self.db.session() as session:
            if facts is not None:
                set_page_facts(session, {page_id: facts})
            refresh_priorities(session, self.settings.priority, page_ids=[page_id])

    @property
    def _reads_unsourced(self) -> bool:
        """Whether claims tagged {{citation needed}} are read: retrieval can suggest a source for them, or the
        operator queues them without one (``patrol.needs_source_without_suggestion``)."""
        return self.settings.retrieve.enabled or self.settings.patrol.needs_source_without_suggestion

    def _source_excluded(self, url: str) -> bool:
        return self.exclusions is not None and self.exclusions.source_rule(url) is not None

    def _already_checked(self, wiki_id: int, ref: PageRef) -> bool:
        """Skip an unchanged page before downloading its text."""
        with self.db.session() as session:
            page = store.find_page(session, wiki_id, ref.title, ref.page_id)
            return page is not None and store.page_is_current(
                session,
                page,
                ref.rev_id,
                self.scorer.name,
                self._source_excluded,
                self._sweeps_unsourced(ref),
            )

    def _sweeps_unsourced(self, ref: PageRef) -> bool:
        """The {{citation needed}} sweep lists a page for its tagged claims: one checked without them (before
        they were read) is read again."""
        return ref.origin == CITATION_NEEDED_ORIGIN and self._reads_unsourced

    def _page_gone(self, session: Session, wiki: Wiki, ref: PageRef, counts: PatrolCounts) -> None:
        counts.pages_missing += 1
        page = store.find_page(session, wiki.id, ref.title, ref.page_id)
        if page is not None:
            counts.findings_closed_page_gone += store.mark_page_deleted(session, page)
