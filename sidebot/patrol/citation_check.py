"""The pipeline that verifies a page's citations: fetch their sources (cached, or now), find an archived copy
of a dead one, verify every readable source in one batched call, triage each verdict (a changed fact and a
source that copies Wikipedia first), look for better sources for the weak ones, and store the findings.

The citations go in chunks, each its own transaction, until the per-page cap or time budget is reached; a
verifier server that is down, too slow or answers garbage leaves the chunk for the next run. Within a chunk
everything slow is done before the first write (the page history, the searches for better sources): on
SQLite a write holds the queue's lock to the end of the transaction, and a reviewer's decision waits for it.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sidebot.citations.citations import article_text
from sidebot.citations.sources import DEAD_URL_STATUSES
from sidebot.config import Settings
from sidebot.patrol.archived import ArchivedCopies, ArchivedCopy, Wanted, is_dead
from sidebot.patrol.changed_facts import changed_fact
from sidebot.patrol.edits import source_replaced
from sidebot.patrol.mirrors import MirrorCheck, SourceFacts
from sidebot.patrol.page_work import PageWork
from sidebot.patrol.pipeline import (
    SourceText,
    Triage,
    claim_for,
    copy_problem,
    source_problem,
    triage,
    verify_sources,
    wants_suggestions,
)
from sidebot.patrol.source_cache import Fetcher, cached_or_fetched
from sidebot.patrol.suggester import Suggester
from sidebot.patrol.thresholds import Thresholds
from sidebot.queue import store
from sidebot.queue.cited_sources import record_backing_source
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, CopyKind, Page, Run, Source
from sidebot.queue.runs import add_error
from sidebot.records import Claim, Verdict
from sidebot.verify.remote import VerifierUnavailableError
from sidebot.verify.types import Scorer
from sidebot.wiki.site import WikiError, WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.onwiki.exclusions import Exclusions
    from sidebot.patrol.counts import PatrolCounts
    from sidebot.patrol.wiki_reader import WikiReader
    from sidebot.queue.db import Session
    from sidebot.retrieve.retriever import Suggestion as FoundSource
    from sidebot.wiki.pages import PageRef

log = logging.getLogger(__name__)

# Citations fetched, verified and committed together; a page's cap and time budget are checked between chunks.
CHUNK = 50
# a readable citation as read, its verdict, triage and the better sources found for it (None: not searched)
Decided = tuple[tuple[Citation, Source, "store.ReadFrom"], Verdict, Triage, "list[FoundSource] | None"]


class CitationCheck:
    """Fetches, verifies, triages and stores a page's cited sources, a chunk per transaction."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        wiki: WikiReader,
        scorer: Scorer,
        fetcher: Fetcher,
        archived: ArchivedCopies,
        suggester: Suggester,
    ) -> None:
        self.settings, self.db, self.wiki, self.scorer = settings, db, wiki, scorer
        self.fetcher, self.archived, self.suggester = fetcher, archived, suggester
        self.exclusions: Exclusions | None = None  # the patrol's, for the mirror check

    def run(
        self,
        page_id: int,
        work: list[tuple[int, str | None]],
        ref: PageRef,
        run_id: int,
        rev_id: int,
        thresholds: Thresholds,
        counts: PatrolCounts,
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
                    page = session.get_one(Page, page_id)
                    citations = [session.get_one(Citation, cid) for cid, _ in chunk]
                    page_work = PageWork(session, page, ref.origin, run_id, rev_id, thresholds, counts)
                    self._verify_and_store(page_work, citations, sources, copies, article)
            except VerifierUnavailableError as exc:  # the chunk's transaction is rolled back: nothing stored
                counts.verifier_errors += 1
                with self.db.session() as session:
                    add_error(session.get_one(Run, run_id), ref.title, str(exc))
                return done, "the verifier server is unavailable"
            done += len(chunk)
        return done, None

    def _sources_for(self, urls: set[str], counts: PatrolCounts) -> dict[str, int]:
        """Source ids for ``urls``: from the cache when fresh, else fetched now and committed at once."""
        read = cached_or_fetched(self.db, self.fetcher, self.settings.fetch, urls, lambda row: row.id)
        counts.sources_cached += read.cached
        if read.fetched:
            counts.fetch_ms += read.fetch_ms
            counts.sources_fetched += len(read.fetched)
            counts.sources.update(read.fetched)
        return read.found

    def _dead_links(
        self, chunk: list[tuple[int, str | None]], sources: dict[str, int], counts: PatrolCounts
    ) -> dict[int, Wanted]:
        """The citations of ``chunk`` whose live source is dead or not the page, or that editors marked dead
        (|url-status=dead, usurped or unfit: the page at the URL is no longer the source): an archived copy is
        read."""
        wanted: dict[int, Wanted] = {}
        with self.db.session() as session:
            for cid, url in chunk:
                citation = session.get_one(Citation, cid)
                marked_dead = citation.url_status in DEAD_URL_STATUSES
                if url and (marked_dead or is_dead(session.get_one(Source, sources[url]))):
                    added = self._date_added(citation, counts)
                    wanted[cid] = Wanted(
                        url, citation.archive_url, citation.access_date, added, citation.archive_date
                    )
        return wanted

    def _date_added(self, citation: Citation, counts: PatrolCounts) -> datetime | None:
        """When the citation's URL was added to the page, for a Wayback lookup that has no access-date to go
        by: read from the page history once per citation and kept on it; None when not needed or not found."""
        if citation.access_date or citation.archive_url or not self.archived.asks_by_date_added:
            return None
        return self._url_added_at(citation, counts)

    def _url_added_at(self, citation: Citation, counts: PatrolCounts) -> datetime | None:
        """When the citation's URL was added to the page, read from the page history once and kept on it."""
        if citation.added_at is None and citation.url and citation.page.wiki_page_id:
            try:
                added = self.wiki.url_added(citation.page.wiki_page_id, citation.url)
            except WikiUnavailableError:
                raise
            except WikiError as exc:  # e.g. history hidden from this account: the newest snapshot then
                counts.added_dates_failed += 1
                log.warning("no date added for %s: %s", citation.url, exc)
                return None
            counts.added_dates_read += 1
            if added is not None:
                citation.added_rev = added.revision.rev_id
                citation.added_at = added.revision.timestamp.astimezone(UTC).replace(tzinfo=None)
        return citation.added_at

    def _text_when_added(self, citation: Citation, counts: PatrolCounts) -> str | None:
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
        counts.revision_texts_read += 1
        return article_text(wikitext, citation.page.title) if wikitext else None

    def _verify_and_store(
        self,
        work: PageWork,
        citations: list[Citation],
        source_ids: dict[str, int],
        copies: dict[int, ArchivedCopy],
        article: str,
    ) -> None:
        """Verify the chunk's readable sources in one call and store every citation's finding."""
        readable: list[tuple[Citation, Source, store.ReadFrom]] = []
        unreadable: list[tuple[Citation, Source, store.ReadFrom]] = []
        for citation in citations:
            source, read_from = _source_read(work.session, citation, source_ids, copies.get(citation.id))
            (readable if source.readable else unreadable).append((citation, source, read_from))
            work.counts.sources_read[read_from.copy_kind] += source.readable
        jobs = [
            (
                claim_for(c.claim, work.page.title, c.section, c.context),
                SourceText(c.url or "", s.title or c.source_title or "", s.text or ""),
            )
            for c, s, _ in readable
        ]
        started = time.monotonic()
        verdicts = verify_sources(self.scorer, jobs)
        work.counts.verify_ms += round((time.monotonic() - started) * 1000)  # where a GPU would help
        # Everything that reads the wiki or searches for better sources is done before the first write: on
        # SQLite a write holds the queue's lock to the end of the chunk, and a reviewer's decision waits.
        with work.session.no_autoflush:
            decided = self._decide_readable(work, readable, verdicts, jobs, article)
            unread = [self._decide_unreadable(work, c, s, copies.get(c.id)) for c, s, _ in unreadable]
        for (citation, source, read_from), verdict, decision, found in decided:
            self._store(work, citation, source, read_from, verdict, decision, found)
        for (citation, source, read_from), (decision, found) in zip(unreadable, unread):
            self._store(work, citation, source, read_from, None, decision, found)

    def _decide_readable(
        self,
        work: PageWork,
        readable: list[tuple[Citation, Source, store.ReadFrom]],
        verdicts: list[Verdict],
        jobs: list[tuple[Claim, SourceText]],
        article: str,
    ) -> list[Decided]:
        """Each readable citation's triage and, where it wants them, better sources (nothing written)."""
        mirrors = MirrorCheck(self.settings.mirrors, self.exclusions)
        decided = []
        for (citation, source, read_from), verdict, (claim, cited) in zip(readable, verdicts, jobs):
            decision, copied = self._decide(work, citation, source, verdict, cited, mirrors, article)
            found = None
            if wants_suggestions(decision.state, citation.tags):
                found = self.suggester.search(work, claim, cited, verdict, citation.tags, bool(copied))
            decided.append(((citation, source, read_from), verdict, decision, found))
        return decided

    def _store(
        self,
        work: PageWork,
        citation: Citation,
        source: Source,
        read_from: store.ReadFrom,
        verdict: Verdict | None,
        decision: Triage,
        found: list[FoundSource] | None,
    ) -> None:
        """Store a citation's finding with its better sources; a readable one (``verdict``) is counted as
        scored, and its source is recorded as one that backs a claim where it does."""
        scored = {} if verdict is None else {"verdict": verdict}
        finding = work.record(
            self.scorer.name,
            citation,
            source,
            decision.state,
            decision.flag_reason,
            read_from,
            band=decision.band,
            change=decision.change,
            **scored,
        )
        work.counts.findings[decision.state] += 1
        self.suggester.keep(finding, found, work.counts)
        if verdict is None:
            return
        work.counts.citations_scored += 1
        recorded = record_backing_source(
            work.session,
            self.settings.retrieve,
            work.page,
            citation,
            source,
            decision.state,
            read_from.copy_kind,
            work.rev_id,
        )
        if recorded is not None:
            work.counts.cited_sources_recorded += recorded
            work.counts.cited_sources_not_the_source += not recorded

    def _decide(
        self,
        work: PageWork,
        citation: Citation,
        source: Source,
        verdict: Verdict,
        cited: SourceText,
        mirrors: MirrorCheck,
        article: str,
    ) -> tuple[Triage, str | None]:
        """The citation's triage, and why its source copies Wikipedia (None when it does not, or when the
        claim changed a fact the source settles: queued as that, whatever else the source is)."""
        changed = changed_fact(work.session, self.wiki, work.page, citation, cited, work.rev_id, work.counts)
        if changed is not None:
            return changed, None
        counts = work.counts
        copied = mirrors.reason(
            SourceFacts(
                citation.url or source.url, source.text or "", source.published, source.wikipedia_notice
            ),
            article,
            citation.claim,
            lambda: self._url_added_at(citation, counts),
            lambda: self._text_when_added(citation, counts),
        )
        counts.findings_copies_wikipedia += bool(copied)
        thresholds = work.thresholds
        decision = triage(
            verdict,
            None,
            citation.tags,
            thresholds.flag_below,
            thresholds.very_likely_below,
            copies_wikipedia=copied,
        )
        if not copied:
            replaced = source_replaced(work, self.wiki, citation, self.scorer.name, verdict, decision)
            if replaced is not None:
                return replaced, None
        return decision, copied

    def _decide_unreadable(
        self, work: PageWork, citation: Citation, source: Source, copy: ArchivedCopy | None
    ) -> tuple[Triage, list[FoundSource] | None]:
        """A citation whose source (and archived copy, if any) could not be read: unverifiable, with why, and
        better sources where it wants them (nothing written)."""
        problem = source_problem(source.status, source.error)
        if copy is not None:
            problem += f"; {copy_problem(copy.kind, copy.url, copy.problem)}"
        decision = triage(None, problem, citation.tags, work.thresholds.flag_below)
        decision = source_replaced(work, self.wiki, citation, self.scorer.name, None, decision) or decision
        if not wants_suggestions(decision.state, citation.tags):
            return decision, None
        claim = claim_for(citation.claim, work.page.title, citation.section, citation.context)
        cited = SourceText(citation.url or "", citation.source_title or "", "")
        return decision, self.suggester.search(work, claim, cited, None, citation.tags)


def _source_read(
    session: Session, citation: Citation, source_ids: dict[str, int], copy: ArchivedCopy | None
) -> tuple[Source, store.ReadFrom]:
    """The source a citation's finding reads: the live page, or its archived copy when one was found and
    read (then why the live page was not)."""
    if citation.url is None:
        raise ValueError(f"citation {citation.id} cites no URL: it has no source to read")
    source = session.get_one(Source, source_ids[citation.url])
    if copy is None:
        return source, store.ReadFrom(CopyKind.LIVE)
    live_problem = source_problem(source.status, source.error)
    if citation.url_status in DEAD_URL_STATUSES and source.readable:
        live_problem = f"marked {citation.url_status} by editors (url-status={citation.url_status})"
    read_from = store.ReadFrom(copy.kind, copy.url, copy.date, live_problem)
    if copy.source_id is not None and copy.problem is None:
        source = session.get_one(Source, copy.source_id)  # the archived copy is what gets read
    return source, read_from
