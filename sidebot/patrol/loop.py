"""A patrol: page references in, findings in the queue out.

Each page is one transaction: extract its citations, match them to the queue by fingerprint, fetch and
verify only the citations with no finding yet, store the findings, record the revision. A crash loses at
most the page in hand; the next run skips every page already checked at its current revision, so a
recent-changes patrol costs in proportion to what changed. Fetched sources are committed as soon as they
arrive so a rerun does not fetch them again. When the verifier server (``[verify] endpoint``) is down, too
slow or answers garbage, the page's unverified citations are left for the next run, as over the per-page cap.

A source that backs its claim is recorded for the retrieval corpus (:mod:`sidebot.queue.cited_sources`).
A weak citation (queued, or tagged {{failed verification}}) also gets up to ``retrieve.max_suggestions``
better sources from the retrieval index, stored with its finding. The index is opened once per run, and only
when a weak citation needs it; without one the run goes on and says so in its summary's notes.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from itertools import chain
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote

from sqlalchemy import select
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session

from sidebot.citations.citations import article_text, extract_citations
from sidebot.citations.sources import DEAD_URL_STATUSES
from sidebot.config import ConfigError, Settings, operator_contact_problem
from sidebot.patrol.archived import ArchivedCopies, ArchivedCopy, Lookup, Wanted, is_dead
from sidebot.patrol.changed_facts import replacements
from sidebot.patrol.mirrors import MirrorCheck, SourceFacts
from sidebot.patrol.outage import OutageWait
from sidebot.patrol.pipeline import (
    SourceText,
    Triage,
    changed_fact_reason,
    claim_for,
    copy_problem,
    source_problem,
    suggest_sources,
    triage,
    triage_unsourced,
    verify_sources,
    wants_suggestions,
)
from sidebot.patrol.source_cache import Fetcher, cached_or_fetched
from sidebot.queue import store
from sidebot.queue.cited_sources import record_backing_source
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, CopyKind, Finding, Page, Run, RunStatus, Source, Wiki, utcnow
from sidebot.queue.runs import add_error, finish_run, heartbeat, mark_interrupted, start_run
from sidebot.records import Claim, Verdict
from sidebot.sources.fetch import fetch_many
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Band
from sidebot.verify.facts import settled_by_source
from sidebot.verify.remote import RemoteVerifier, VerifierUnavailableError
from sidebot.verify.types import Scorer
from sidebot.wiki.history import UrlAdded
from sidebot.wiki.pages import CITATION_NEEDED_ORIGIN, PageRef
from sidebot.wiki.site import MEDIAWIKI_URL_SAFE, WikiError, WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.onwiki.exclusions import Exclusions
    from sidebot.patrol.web_search import WebSearch
    from sidebot.retrieve.retriever import Retriever
    from sidebot.retrieve.retriever import Suggestion as FoundSource

log = logging.getLogger(__name__)

# Citations fetched, verified and committed together; a page's cap and time budget are checked between chunks.
CHUNK = 50


class WikiReader(Protocol):
    """What the patrol needs from a wiki: the text of a page at its latest revision, and when a URL was added
    to it (dating the archived copy of a dead source that has no access-date)."""

    name: str
    api_url: str
    article_url: str
    tag_aliases: Mapping[str, str]

    def page_text(self, ref: PageRef) -> tuple[str, int] | None:
        """(wikitext, revision id), or None when the page no longer exists."""

    def url_added(self, page_id: int, url: str) -> UrlAdded | None:
        """The revision of the page that added ``url`` (None when its newest revision does not hold it)."""

    def editors_between(self, page_id: int, old_rev: int, new_rev: int) -> list[str]:
        """Who saved the page's revisions after ``old_rev`` up to ``new_rev``."""

    def revision_text(self, rev_id: int) -> str | None:
        """The wikitext of one revision (None when hidden): a source that copies an earlier version."""


@dataclass
class PatrolSummary:
    run_id: int
    status: str
    counts: Counter = field(default_factory=Counter)
    errors: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the run could not do that is not an error


def deferred_pages(db: Database, wiki_id: int) -> list[PageRef]:
    """Pages a previous run left citations of, to be resumed first."""
    with db.session() as session:
        rows = session.scalars(
            select(Page).where(
                Page.wiki_id == wiki_id, Page.deferred_origin.is_not(None), Page.deleted_at.is_(None)
            )
        )
        return [
            PageRef(p.title, p.wiki_page_id or 0, p.rev_id or 0, p.checked_at or utcnow(), p.deferred_origin)
            for p in rows
        ]


class Patrol:
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
        self.exclusions = exclusions
        self.fetcher: Fetcher = fetcher or (lambda urls: fetch_many(urls, settings.fetch))
        self.archived = ArchivedCopies(
            settings,
            db,
            archive_fetcher or (lambda urls: fetch_many(urls, settings.fetch, probe=False)),
            lookup,
        )
        threshold = settings.verify.flag_below
        self.flag_below = threshold if threshold is not None else scorer.flag_threshold
        bands = scorer.bands  # the verifier's "very likely fails" line, if it has one
        self.very_likely_below = min(bands.very_likely_fails, self.flag_below) if bands else 0.0
        # A suggestion's calibrated probability must reach retrieve.min_probability, and the flag threshold
        # when the patrol's scorer is calibrated (otherwise that threshold is on another scale).
        self.pass_probability = settings.retrieve.min_probability
        if scorer.calibrated:
            self.pass_probability = max(self.pass_probability, self.flag_below)
        self._reranker: Scorer | None = None  # the retrieval verifier, loaded once per Patrol when needed
        self._retriever: Retriever | None = None  # opened once per run when a weak citation needs it
        self._retrieval_looked = False
        self._notes: list[str] = []

    def run(
        self,
        pages: Iterable[PageRef],
        kind: str,
        options: dict,
        on_page: Callable[[PageRef], None] | None = None,
        resume_deferred: bool = True,
    ) -> PatrolSummary:
        """Check ``pages``, after the pages an earlier run left citations of (unless ``resume_deferred`` is
        off: ``sidebot check`` looks at one page only)."""
        counts: Counter = Counter()
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

    def start(self, kind: str, options: dict, worker: str | None = None) -> tuple[int, int]:
        """Open a run of ``kind`` (a `sidebot worker` process keeps one open while it lives, named
        ``worker``); returns (run id, wiki id)."""
        with self.db.session() as session:
            mark_interrupted(session)
            wiki = store.get_or_create_wiki(session, self.wiki.name, self.wiki.api_url, self.wiki.article_url)
            run = start_run(session, kind, wiki.id, options, worker)
            if self.settings.verify.flag_below is None and wiki.flag_below is not None:
                self.flag_below = wiki.flag_below  # learned from this wiki's reviewers
            if wiki.very_likely_below is not None:
                self.very_likely_below = wiki.very_likely_below
            self.very_likely_below = min(self.very_likely_below, self.flag_below)
        self._retriever, self._retrieval_looked, self._notes = None, False, []
        return run.id, wiki.id

    def check(
        self, run_id: int, wiki_id: int, ref: PageRef, counts: Counter, text: str | None = None
    ) -> None:
        """Check one page within run ``run_id``: a page that fails is recorded in the run's errors; a wiki
        that stopped answering is waited for (:mod:`sidebot.patrol.outage`), and raises WikiUnavailableError
        when it stays down. ``text``: the page's wikitext at ``ref.rev_id`` when the caller has it (a dump
        backfill), so the wiki is not asked for it."""
        counts["pages_seen"] += 1
        try:
            self._check_page_waiting(wiki_id, run_id, ref, counts, text)
        except (WikiUnavailableError, OperationalError, InterfaceError):
            raise  # the wiki (past patrol.outage_wait) or the database is down, not the page: stop
        except Exception as exc:  # one bad page must not stop the patrol; it is recorded
            log.exception("page %s failed", ref.title)
            counts["page_errors"] += 1
            with self.db.session() as session:
                add_error(session.get(Run, run_id), ref.title, f"{type(exc).__name__}: {exc}")
        with self.db.session() as session:
            heartbeat(session.get(Run, run_id), counts)

    def finish(
        self, run_id: int, counts: Counter, status: RunStatus, error: str | None = None
    ) -> PatrolSummary:
        """Close run ``run_id`` with ``status`` (and ``error`` in its errors) and the retrieval index."""
        if self._retriever is not None:
            self._retriever.close()
            self._retriever = None
        with self.db.session() as session:
            r = session.get(Run, run_id)
            if error is not None:
                add_error(r, None, error)
            finish_run(r, counts, status)
            errors = list(r.errors)
        return PatrolSummary(run_id=run_id, status=status, counts=counts, errors=errors, notes=self._notes)

    def _check_page_waiting(
        self, wiki_id: int, run_id: int, ref: PageRef, counts: Counter, text: str | None
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
                counts["wiki_outages"] += outage.outages
                counts["wiki_outage_seconds"] += round(outage.waited)

    def _check_page(
        self, wiki_id: int, run_id: int, ref: PageRef, counts: Counter, text: str | None = None
    ) -> None:
        if self.exclusions is not None and self.exclusions.ignores_page(ref.title):
            counts["pages_excluded"] += 1
            return
        if ref.rev_id is not None and self._already_checked(wiki_id, ref):
            counts["pages_unchanged"] += 1
            return
        if text is None:
            counts["page_texts_fetched"] += 1  # API calls for page text (a backfill makes none)
            fetched = self.wiki.page_text(ref)
        else:
            fetched = (text, ref.rev_id)
        with self.db.session() as session:
            wiki = session.get(Wiki, wiki_id)
            if fetched is None:
                self._page_gone(session, wiki, ref, counts)
                return
            wikitext, rev_id = fetched
            page = store.get_or_create_page(session, wiki, ref.title, ref.page_id)
            if text is not None and page.rev_id is not None and page.rev_id > rev_id:
                counts["pages_newer_checked"] += 1  # a dump older than what a patrol already checked
                return
            if store.page_is_current(
                session, page, rev_id, self.scorer.name, self._source_excluded, self._sweeps_unsourced(ref)
            ):
                counts["pages_unchanged"] += 1
                return
            extracted = extract_citations(
                wikitext, ref.title, self.wiki.tag_aliases, unsourced=self._reads_unsourced
            )
            sync = store.sync_citations(session, page, extracted, rev_id)
            for new, old in replacements(sync.arrived, sync.gone, page.title):
                store.link_replacement(new, old)
            counts["citations_seen"] += len(extracted)
            counts["citations_not_checkable"] += sum(1 for c in extracted if not c.checkable)
            counts["citations_removed"] += sync.removed
            counts["citations_untagged"] += sync.untagged
            counts["citations_tagged"] += sync.tagged
            todo = store.citations_needing_verification(
                session, [c for c, _ in sync.citations], self.scorer.name
            )
            if self.exclusions is not None:
                kept = [c for c in todo if self.exclusions.source_rule(c.url) is None]
                counts["citations_excluded"] += len(todo) - len(kept)
                todo = kept
            page_id = page.id
            work = [(c.id, c.url) for c in todo]
            unsourced = [
                c.id
                for c in store.unsourced_needing_search(
                    session, [c for c, _ in sync.citations], self.scorer.name
                )
            ]
        article = article_text(wikitext, ref.title) if work else ""
        done, deferred_reason = self._check_citations(page_id, work, ref, run_id, rev_id, counts, article)
        self._check_unsourced(page_id, unsourced, ref, run_id, rev_id, counts)
        with self.db.session() as session:
            page = session.get(Page, page_id)
            store.mark_checked(page, rev_id)
            page.deferred_reason = deferred_reason
            page.deferred_origin = ref.origin if deferred_reason else None
            counts["pages_checked"] += 1
        if deferred_reason:
            counts["pages_deferred"] += 1
            counts["citations_deferred"] += len(work) - done
            self._notes.append(
                f"{ref.title}: {len(work) - done} citations left for the next run ({deferred_reason})"
            )

    @property
    def _reads_unsourced(self) -> bool:
        """Whether claims tagged {{citation needed}} are read: retrieval can suggest a source for them, or the
        operator queues them without one (``patrol.needs_source_without_suggestion``)."""
        return self.settings.retrieve.enabled or self.settings.patrol.needs_source_without_suggestion

    def _check_unsourced(
        self, page_id: int, citation_ids: list[int], ref: PageRef, run_id: int, rev_id: int, counts: Counter
    ) -> None:
        """Look for a source for each claim tagged {{citation needed}} (no source is fetched: it has none)
        and store its finding: open ("needs a source") with its suggestions when a verified one was found,
        else counted and kept out of the queue (:func:`~sidebot.patrol.pipeline.triage_unsourced`). A claim
        retrieval could not search (no index, a failure) gets no finding: the page is looked at again."""
        keep_all = self.settings.patrol.needs_source_without_suggestion
        for cid in citation_ids:
            with self.db.session() as session:
                citation = session.get(Citation, cid)
                page = session.get(Page, page_id)
                claim = claim_for(citation.claim, page.title, citation.section, citation.context)
                found = self._search_unsourced(session, page, claim, run_id, counts)
                if found is None and not keep_all:
                    counts["needs_source_not_searched"] += 1
                    continue
                decision = triage_unsourced(bool(found), keep_all)
                finding = self._store_finding(
                    session, citation, None, ref.origin, run_id, rev_id, decision.state, decision.flag_reason
                )
                store.set_suggestions(finding, found or [])
                counts["needs_source_seen"] += 1
                counts[f"findings_{decision.state}"] += 1
                if found:
                    counts["needs_source_with_suggestion"] += 1
                    counts["suggestions_stored"] += len(found)
                    counts["findings_with_suggestions"] += 1
                else:
                    counts["needs_source_no_suggestion"] += 1

    def _search_unsourced(
        self, session: Session, page: Page, claim: Claim, run_id: int, counts: Counter
    ) -> list[FoundSource] | None:
        """Verified sources for a claim that cites none; None when retrieval cannot look (no index, an error:
        recorded in the run's errors). A verifier server that is down stops the page, as for citations."""
        retriever = self._open_retriever()
        if retriever is None:
            counts["suggestions_no_index"] += 1
            return None
        try:  # no cited source: the unsourced gate, then the search engine's hits if one is configured
            no_source = SourceText("", "", "")
            article = [self._article_address(page)]
            web = self.web_search(session)
            return suggest_sources(retriever, claim, no_source, None, [], article, self.pass_probability, web)
        except VerifierUnavailableError:
            raise
        except Exception as exc:  # e.g. a Java error from Lucene: this claim only, tried again next time
            log.exception("retrieval failed for a claim tagged citation needed on %s", page.title)
            counts["suggestions_failed"] += 1
            add_error(session.get(Run, run_id), page.title, f"retrieval: {type(exc).__name__}: {exc}")
            return None

    def _article_address(self, page: Page) -> str:
        """The citing article's URL: never a suggestion (a copy of it is no source)."""
        return self.wiki.article_url.replace(
            "{title}", quote(page.title.replace(" ", "_"), safe=MEDIAWIKI_URL_SAFE)
        )

    def _check_citations(
        self,
        page_id: int,
        work: list[tuple[int, str | None]],
        ref: PageRef,
        run_id: int,
        rev_id: int,
        counts: Counter,
        article: str = "",
    ) -> tuple[int, str | None]:
        """Fetch, verify and store ``work`` (citation id, url) in chunks, each its own transaction, until the
        per-page cap or time budget is reached; returns how many were done and why the rest were deferred.
        ``article``: the page's text as a reader sees it (a source that copies it is no source)."""
        cap, budget = self.settings.patrol.max_citations_per_page, self.settings.patrol.page_time_budget
        started = time.monotonic()
        done = 0
        for start in range(0, len(work), CHUNK):
            if done >= cap:
                return done, f"over the cap of {cap} citations checked per page and run"
            if time.monotonic() - started > budget:
                return done, f"over the time budget of {budget:g} s per page and run"
            chunk = work[start : start + min(CHUNK, cap - done)]
            sources = self._sources_for({url for _, url in chunk if url}, counts)
            copies = self.archived.find(self._dead_links(chunk, sources, counts), counts)
            try:
                with self.db.session() as session:
                    page = session.get(Page, page_id)
                    citations = [session.get(Citation, cid) for cid, _ in chunk]
                    self._verify_and_store(
                        session, page, citations, sources, copies, ref.origin, run_id, rev_id, counts, article
                    )
            except VerifierUnavailableError as exc:  # the chunk's transaction is rolled back: nothing stored
                counts["verifier_errors"] += 1
                with self.db.session() as session:
                    add_error(session.get(Run, run_id), ref.title, str(exc))
                return done, "the verifier server is unavailable"
            done += len(chunk)
        return done, None

    def _dead_links(
        self, chunk: list[tuple[int, str | None]], sources: dict[str, int], counts: Counter
    ) -> dict[int, Wanted]:
        """The citations of ``chunk`` whose live source is dead or not the page, or that editors marked dead
        (|url-status=dead, usurped or unfit: the page at the URL is no longer the source): an archived copy is
        read."""
        wanted: dict[int, Wanted] = {}
        with self.db.session() as session:
            for cid, url in chunk:
                citation = session.get(Citation, cid)
                marked_dead = citation.url_status in DEAD_URL_STATUSES
                if url and (marked_dead or is_dead(session.get(Source, sources[url]))):
                    added = self._date_added(citation, counts)
                    wanted[cid] = Wanted(
                        url, citation.archive_url, citation.access_date, added, citation.archive_date
                    )
        return wanted

    def _date_added(self, citation: Citation, counts: Counter) -> datetime | None:
        """When the citation's URL was added to the page, for a Wayback lookup that has no access-date to go
        by: read from the page history once per citation and kept on it; None when not needed or not found."""
        if citation.access_date or citation.archive_url or not self.archived.asks_by_date_added:
            return None
        return self._url_added_at(citation, counts)

    def _url_added_at(self, citation: Citation, counts: Counter) -> datetime | None:
        """When the citation's URL was added to the page, read from the page history once and kept on it."""
        if citation.added_at is None and citation.url and citation.page.wiki_page_id:
            try:
                added = self.wiki.url_added(citation.page.wiki_page_id, citation.url)
            except WikiUnavailableError:
                raise
            except WikiError as exc:  # e.g. history hidden from this account: the newest snapshot then
                counts["added_dates_failed"] += 1
                log.warning("no date added for %s: %s", citation.url, exc)
                return None
            counts["added_dates_read"] += 1
            if added is not None:
                citation.added_rev = added.revision.rev_id
                citation.added_at = added.revision.timestamp.astimezone(UTC).replace(tzinfo=None)
        return citation.added_at

    def _text_when_added(self, citation: Citation, counts: Counter) -> str | None:
        """The article's text at the revision that added the citation (a source may copy that version)."""
        if self._url_added_at(citation, counts) is None or citation.added_rev is None:
            return None
        try:
            wikitext = self.wiki.revision_text(citation.added_rev)
        except WikiUnavailableError:
            raise
        except WikiError as exc:
            log.warning("no earlier revision for %s: %s", citation.url, exc)
            return None
        counts["revision_texts_read"] += 1
        return article_text(wikitext, citation.page.title) if wikitext else None

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

    def _page_gone(self, session: Session, wiki: Wiki, ref: PageRef, counts: Counter) -> None:
        counts["pages_missing"] += 1
        page = store.find_page(session, wiki.id, ref.title, ref.page_id)
        if page is not None:
            counts["findings_closed_page_gone"] += store.mark_page_deleted(session, page)

    def _sources_for(self, urls: set[str], counts: Counter) -> dict[str, int]:
        """Source ids for ``urls``: from the cache when fresh, else fetched now and committed at once."""
        read = cached_or_fetched(self.db, self.fetcher, self.settings.fetch, urls, lambda row: row.id)
        counts["sources_cached"] += read.cached
        if read.fetched:
            counts["fetch_ms"] += read.fetch_ms
            counts["sources_fetched"] += len(read.fetched)
            counts.update(f"sources_{status}" for status in read.fetched)
        return read.found

    def _verify_and_store(
        self,
        session: Session,
        page: Page,
        citations: list[Citation],
        source_ids: dict[str, int],
        copies: dict[int, ArchivedCopy],
        origin: str,
        run_id: int,
        rev_id: int,
        counts: Counter,
        article: str = "",
    ) -> None:
        readable: list[tuple[Citation, Source]] = []
        unreadable: list[tuple[Citation, Source]] = []
        read_from: dict[int, dict[str, object]] = {}  # citation id → the copy's fields of its finding
        for citation in citations:
            source = session.get(Source, source_ids[citation.url])
            copy = copies.get(citation.id)
            read_from[citation.id] = {"copy_kind": CopyKind.LIVE}
            if copy is not None:
                live_problem = source_problem(source.status, source.error)
                if citation.url_status in DEAD_URL_STATUSES and source.readable:
                    live_problem = (
                        f"marked {citation.url_status} by editors (url-status={citation.url_status})"
                    )
                read_from[citation.id] = {
                    "copy_kind": copy.kind,
                    "copy_url": copy.url,
                    "copy_date": copy.date,
                    "live_problem": live_problem,
                }
                if copy.source_id is not None and copy.problem is None:
                    source = session.get(Source, copy.source_id)  # the archived copy is what gets read
            (readable if source.readable else unreadable).append((citation, source))
            counts[f"sources_read_{read_from[citation.id]['copy_kind']}"] += source.readable
        jobs = [
            (
                claim_for(c.claim, page.title, c.section, c.context),
                SourceText(c.url or "", s.title or c.source_title or "", s.text),
            )
            for c, s in readable
        ]
        started = time.monotonic()
        verdicts = verify_sources(self.scorer, jobs)
        counts["verify_ms"] += round((time.monotonic() - started) * 1000)  # where a GPU would help
        mirrors = MirrorCheck(self.settings.mirrors, self.exclusions)
        for (citation, source), verdict, (claim, cited) in zip(readable, verdicts, jobs):
            decision = self._changed_fact(session, page, citation, cited, rev_id, counts)
            copied = None  # a changed fact is queued as that, whatever else the source is
            if decision is None:
                copied = mirrors.reason(
                    SourceFacts(
                        citation.url or source.url,
                        source.text or "",
                        source.published,
                        source.wikipedia_notice,
                    ),
                    article,
                    citation.claim,
                    lambda c=citation: self._url_added_at(c, counts),
                    lambda c=citation: self._text_when_added(c, counts),
                )
                counts["findings_copies_wikipedia"] += bool(copied)
                decision = triage(
                    verdict,
                    None,
                    citation.tags,
                    self.flag_below,
                    self.very_likely_below,
                    copies_wikipedia=copied,
                )
            best = verdict.best_passage
            finding = self._store_finding(
                session,
                citation,
                source,
                origin,
                run_id,
                rev_id,
                decision.state,
                decision.flag_reason,
                score=verdict.score,
                probability=verdict.probability,
                every_part_probability=verdict.every_part_probability,
                stance=str(verdict.stance) if verdict.stance else None,
                best_passage=best.text if best else None,
                best_passage_index=best.index if best else None,
                evidence=[{"start": e.start, "end": e.end, "score": e.score} for e in verdict.evidence],
                parts=[
                    {
                        "text": p.text,
                        "score": p.score,
                        "probability": p.probability,
                        "stance": str(p.stance) if p.stance else None,
                        "window": p.window.text if p.window else None,
                    }
                    for p in verdict.parts
                ],
                failed_part=verdict.failed_part,
                facts=[asdict(f) for f in verdict.facts],
                fact_note=verdict.fact_note,
                band=decision.band,
                change=decision.change,
                **read_from[citation.id],
            )
            counts["citations_scored"] += 1
            counts[f"findings_{decision.state}"] += 1
            read = read_from[citation.id]["copy_kind"]
            feed = self.settings.retrieve
            record_backing_source(session, feed, page, citation, source, decision.state, read, rev_id, counts)
            if wants_suggestions(decision.state, citation.tags):
                self._suggest(
                    session, page, finding, claim, cited, verdict, citation.tags, run_id, counts, bool(copied)
                )
        for citation, source in unreadable:
            problem = source_problem(source.status, source.error)
            copy = copies.get(citation.id)
            if copy is not None:
                problem += f"; {copy_problem(copy.kind, copy.url, copy.problem)}"
            decision = triage(None, problem, citation.tags, self.flag_below)
            finding = self._store_finding(
                session,
                citation,
                source,
                origin,
                run_id,
                rev_id,
                decision.state,
                decision.flag_reason,
                **read_from[citation.id],
            )
            counts[f"findings_{decision.state}"] += 1
            if wants_suggestions(decision.state, citation.tags):
                claim = claim_for(citation.claim, page.title, citation.section, citation.context)
                cited = SourceText(citation.url or "", citation.source_title or "", "")
                self._suggest(session, page, finding, claim, cited, None, citation.tags, run_id, counts)

    def _changed_fact(
        self,
        session: Session,
        page: Page,
        citation: Citation,
        cited: SourceText,
        rev_id: int,
        counts: Counter,
    ) -> Triage | None:
        """An edit that changed a number, date or name of the claim and kept the citation, when the source
        states the old value and not the new one: queued first, whatever the verifier's score."""
        old = store.replaced_citation(session, citation)
        if old is None:
            return None
        settled = settled_by_source(
            old.claim, citation.claim, split_passages(cited.text, cited.title), page.title
        )
        if settled is None:
            return None
        old_rev = old.last_seen_rev or 0
        try:
            editors = self.wiki.editors_between(page.wiki_page_id or 0, old_rev, rev_id) if old_rev else []
        except WikiUnavailableError:
            raise
        except WikiError as exc:  # the history hidden from this account: the finding still stands
            log.warning("no editors for %s: %s", page.title, exc)
            editors = []
        counts["changed_facts"] += 1
        change = settled.change
        return Triage(
            "open",
            changed_fact_reason(change.old.text, change.new.text),
            str(Band.MAY_FAIL),
            {
                "old": change.old.text,
                "new": change.new.text,
                "kind": change.old.description,
                "old_claim": old.claim,
                "old_rev": old_rev,
                "new_rev": rev_id,
                "editors": editors,
                "sentence": settled.sentence,
                "new_sentence": settled.new_sentence,
                "value_at": settled.value_at,
                "new_value_at": settled.new_value_at,
            },
        )

    def _suggest(
        self,
        session: Session,
        page: Page,
        finding: Finding,
        claim: Claim,
        cited: SourceText,
        verdict: Verdict | None,
        tags: list[str],
        run_id: int,
        counts: Counter,
        copies_wikipedia: bool = False,
    ) -> None:
        """Store better sources for a weak citation (one whose source copies Wikipedia has no score worth
        beating). A retrieval failure is recorded in the run's errors and costs only the suggestions: the
        finding stays. A verifier server that is down is not such a failure (it would cost an unchanged page
        its suggestions for good): it defers the chunk."""
        retriever = self._open_retriever()
        if retriever is None:
            counts["suggestions_no_index"] += 1
            return
        article = self._article_address(page)
        try:
            found = suggest_sources(
                retriever,
                claim,
                cited,
                verdict,
                tags,
                exclude_urls=[article],
                min_probability=self.pass_probability,
                web=self.web_search(session),
                copies_wikipedia=copies_wikipedia,
            )
        except VerifierUnavailableError:
            raise  # the reranking server is down: the chunk waits for the next run, suggestions included
        except Exception as exc:  # e.g. a Java error from Lucene: this citation's suggestions only
            log.exception("retrieval failed for a citation on %s", page.title)
            counts["suggestions_failed"] += 1
            add_error(session.get(Run, run_id), page.title, f"retrieval: {type(exc).__name__}: {exc}")
            return
        store.set_suggestions(finding, found)
        counts["suggestions_stored"] += len(found)
        counts["findings_with_suggestions"] += bool(found)

    def reopen_retrieval(self) -> None:
        """Open the retrieval index afresh at its next use: a worker's run lasts as long as the process, and
        the indexer keeps adding passages (sidebot.patrol.corpus_feed)."""
        if self._retriever is not None:
            self._retriever.close()
        self._retriever, self._retrieval_looked = None, False

    def _open_retriever(self) -> Retriever | None:
        """The retrieval index, opened on first need in a run; None (noted once) when retrieval is off or
        there is no index."""
        if self._retriever is not None or self._retrieval_looked:
            return self._retriever
        self._retrieval_looked = True
        settings = self.settings.retrieve
        if not settings.enabled:
            return None
        from sidebot.retrieve.retriever import open_retriever

        retriever = open_retriever(self.settings.home, settings, scorer=self._reranking_verifier)
        if not retriever.ready:
            where = settings.resolved_folder(self.settings.home)
            if settings.metasearch.url:  # the search engine suggests without an index
                self._notes.append(f"no retrieval index in {where}: suggestions from the search engine only")
                self._retriever = retriever
                return retriever
            retriever.close()
            self._notes.append(
                f"no suggestions: no retrieval index in {where} "
                "(build one with `sidebot corpus add` and `sidebot index build`)"
            )
            return None
        self._retriever = retriever
        return retriever

    def web_search(self, session: Session) -> WebSearch | None:
        """The search engine's suggestions for a claim, its pages read and cached in ``session``; None unless
        ``[retrieve.metasearch] url`` is set."""
        settings = self.settings.retrieve.metasearch
        if not settings.url:
            return None
        from sidebot.patrol.mirrors import MirrorCheck
        from sidebot.patrol.web_search import WebSearch, stored_pages
        from sidebot.retrieve.metasearch import Metasearch

        return WebSearch(
            Metasearch(settings, self.settings.fetch.user_agent),
            stored_pages(session, self.fetcher, self.settings.fetch),
            settings.max_hits,
            MirrorCheck(self.settings.mirrors, self.exclusions),
            self._source_excluded,
        )

    def _reranking_verifier(self) -> Scorer:
        """The verifier retrieval reranks with (its margin is fitted on it): the patrol's own scorer when that
        is the verifier, else the verifier loaded once."""
        if self._reranker is None:
            from sidebot.verify import load_verifier
            from sidebot.verify.crossencoder import CrossEncoderScorer

            verify = self.settings.verify
            if isinstance(self.scorer, CrossEncoderScorer | RemoteVerifier):
                self._reranker = self.scorer
            elif verify.endpoint:
                self._reranker = RemoteVerifier.configured(verify)
            else:
                self._reranker = load_verifier(verify)
        return self._reranker

    def _store_finding(
        self,
        session: Session,
        citation: Citation,
        source: Source | None,
        origin: str,
        run_id: int,
        rev_id: int,
        state: str,
        flag_reason: str | None,
        **verdict: object,
    ) -> Finding:
        """``source``: the source read; None for a claim that cites none."""
        store.supersede_other_scorers(session, citation, self.scorer.name)
        return store.record_finding(
            session,
            citation_id=citation.id,
            source_id=source.id if source is not None else None,
            scorer=self.scorer.name,
            state=state,
            flag_reason=flag_reason,
            origin=origin,
            run_id=run_id,
            rev_id=rev_id,
            **verdict,
        )
