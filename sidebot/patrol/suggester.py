"""Better sources for weak citations, and a source for claims that cite none, from the retrieval index (and
the search engine, when one is configured).

The index is opened once per run, and only when a weak citation needs it; without one the run goes on and
says so in its summary's notes. Retrieval reranks with the verifier its margin was fitted on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import quote

from sidebot.config import Settings
from sidebot.patrol.pipeline import SourceText, claim_for, suggest_sources, triage_unsourced
from sidebot.patrol.source_cache import Fetcher
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Run
from sidebot.queue.runs import add_error
from sidebot.records import Claim, Verdict
from sidebot.verify.remote import VerifierUnavailableError
from sidebot.verify.types import Scorer
from sidebot.wiki.site import MEDIAWIKI_URL_SAFE

if TYPE_CHECKING:
    from sidebot.onwiki.exclusions import Exclusions
    from sidebot.patrol.counts import PatrolCounts
    from sidebot.patrol.page_work import PageWork
    from sidebot.patrol.web_search import WebSearch
    from sidebot.queue.db import Session
    from sidebot.retrieve.retriever import Retriever
    from sidebot.retrieve.retriever import Suggestion as FoundSource

log = logging.getLogger(__name__)


class Suggester:
    """Finds and stores better sources for queued citations and for claims tagged {{citation needed}}."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        scorer: Scorer,
        article_url: str,
        fetcher: Fetcher,
        source_excluded: Callable[[str], bool],
    ) -> None:
        """``article_url``: the wiki's article address pattern (``{title}``); ``source_excluded``: whether a
        URL is on the on-wiki exclusion lists."""
        self.settings, self.db, self.scorer = settings, db, scorer
        self.article_url, self.fetcher, self.source_excluded = article_url, fetcher, source_excluded
        self.exclusions: Exclusions | None = None  # the patrol's, for the search engine's mirror check
        self.pass_probability = settings.retrieve.min_probability
        self.notes: list[str] = []
        self._reranker: Scorer | None = None  # the retrieval verifier, loaded once when needed
        self._retriever: Retriever | None = None  # opened once per run when a weak citation needs it
        self._retrieval_looked = False

    def begin_run(self, pass_probability: float, notes: list[str]) -> None:
        """A new run: its suggestions must reach ``pass_probability``; what retrieval cannot do is noted in
        ``notes`` (the run's)."""
        self.pass_probability, self.notes = pass_probability, notes
        self._retriever, self._retrieval_looked = None, False

    def search(
        self,
        work: PageWork,
        claim: Claim,
        cited: SourceText,
        verdict: Verdict | None,
        tags: list[str],
        copies_wikipedia: bool = False,
    ) -> list[FoundSource] | None:
        """Better sources for a weak citation (one whose source copies Wikipedia has no score worth beating),
        searched before the chunk writes anything (:meth:`keep` stores them with the finding); None where
        retrieval could not search. A retrieval failure is recorded in the run's errors and costs only the
        suggestions: the finding stays. A verifier server that is down is not such a failure (it would cost an
        unchanged page its suggestions for good): it defers the chunk."""
        counts, page = work.counts, work.page
        retriever = self._open_retriever()
        if retriever is None:
            counts.suggestions_no_index += 1
            return None
        try:
            return suggest_sources(
                retriever,
                claim,
                cited,
                verdict,
                tags,
                exclude_urls=[self.article_address(page)],
                min_probability=self.pass_probability,
                web=self.web_search(),
                copies_wikipedia=copies_wikipedia,
            )
        except VerifierUnavailableError:
            raise  # the reranking server is down: the chunk waits for the next run, suggestions included
        except Exception as exc:  # e.g. a Java error from Lucene: this citation's suggestions only
            log.exception("retrieval failed for a citation on %s", page.title)
            counts.suggestions_failed += 1
            add_error(
                work.session.get_one(Run, work.run_id), page.title, f"retrieval: {type(exc).__name__}: {exc}"
            )
            return None

    @staticmethod
    def keep(finding: Finding, found: list[FoundSource] | None, counts: PatrolCounts) -> None:
        """Keep the sources :meth:`search` found with ``finding`` (nothing where it could not search)."""
        if found is None:
            return
        store.set_suggestions(finding, found)
        counts.suggestions_stored += len(found)
        counts.findings_with_suggestions += bool(found)

    def check_unsourced(
        self,
        page_id: int,
        citation_ids: list[int],
        origin: str,
        run_id: int,
        rev_id: int,
        counts: PatrolCounts,
    ) -> None:
        """Look for a source for each claim tagged {{citation needed}} (no source is fetched: it has none)
        and store its finding: open ("needs a source") with its suggestions when a verified one was found,
        else counted and kept out of the queue (:func:`~sidebot.patrol.pipeline.triage_unsourced`). A claim
        retrieval could not search (no index, a failure) gets no finding: the page is looked at again."""
        keep_all = self.settings.patrol.needs_source_without_suggestion
        for cid in citation_ids:
            with self.db.session() as session:
                citation = session.get_one(Citation, cid)
                page = session.get_one(Page, page_id)
                claim = claim_for(citation.claim, page.title, citation.section, citation.context)
                found = self._search_unsourced(session, page, claim, run_id, counts)
                if found is None and not keep_all:
                    counts.needs_source_not_searched += 1
                    continue
                decision = triage_unsourced(bool(found), keep_all)
                finding = store.record_verdict(
                    session,
                    citation,
                    None,
                    self.scorer.name,
                    state=decision.state,
                    flag_reason=decision.flag_reason,
                    origin=origin,
                    run_id=run_id,
                    rev_id=rev_id,
                )
                store.set_suggestions(finding, found or [])
                counts.needs_source_seen += 1
                counts.findings[decision.state] += 1
                if found:
                    counts.needs_source_with_suggestion += 1
                    counts.suggestions_stored += len(found)
                    counts.findings_with_suggestions += 1
                else:
                    counts.needs_source_no_suggestion += 1

    def _search_unsourced(
        self, session: Session, page: Page, claim: Claim, run_id: int, counts: PatrolCounts
    ) -> list[FoundSource] | None:
        """Verified sources for a claim that cites none; None when retrieval cannot look (no index, an error:
        recorded in the run's errors). A verifier server that is down stops the page, as for citations."""
        retriever = self._open_retriever()
        if retriever is None:
            counts.suggestions_no_index += 1
            return None
        try:  # no cited source: the unsourced gate, then the search engine's hits if one is configured
            no_source = SourceText("", "", "")
            article = [self.article_address(page)]
            web = self.web_search()
            return suggest_sources(retriever, claim, no_source, None, [], article, self.pass_probability, web)
        except VerifierUnavailableError:
            raise
        except Exception as exc:  # e.g. a Java error from Lucene: this claim only, tried again next time
            log.exception("retrieval failed for a claim tagged citation needed on %s", page.title)
            counts.suggestions_failed += 1
            add_error(session.get_one(Run, run_id), page.title, f"retrieval: {type(exc).__name__}: {exc}")
            return None

    def article_address(self, page: Page) -> str:
        """The citing article's URL: never a suggestion (a copy of it is no source)."""
        return self.article_url.replace(
            "{title}", quote(page.title.replace(" ", "_"), safe=MEDIAWIKI_URL_SAFE)
        )

    def close(self) -> None:
        """Close the retrieval index; it is opened afresh at its next use."""
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
                self.notes.append(f"no retrieval index in {where}: suggestions from the search engine only")
                self._retriever = retriever
                return retriever
            retriever.close()
            self.notes.append(
                f"no suggestions: no retrieval index in {where} "
                "(build one with `sidebot corpus add` and `sidebot index build`)"
            )
            return None
        self._retriever = retriever
        return retriever

    def web_search(self) -> WebSearch | None:
        """The search engine's suggestions for a claim, its pages read and cached in the queue at once; None
        unless ``[retrieve.metasearch] url`` is set."""
        settings = self.settings.retrieve.metasearch
        if not settings.url:
            return None
        from sidebot.patrol.mirrors import MirrorCheck
        from sidebot.patrol.web_search import WebSearch, stored_pages
        from sidebot.retrieve.metasearch import Metasearch

        return WebSearch(
            Metasearch(settings, self.settings.fetch.user_agent),
            stored_pages(self.db, self.fetcher, self.settings.fetch),
            settings.max_hits,
            MirrorCheck(self.settings.mirrors, self.exclusions),
            self.source_excluded,
        )

    def _reranking_verifier(self) -> Scorer:
        """The verifier retrieval reranks with (its margin is fitted on it): the patrol's own scorer when that
        is the verifier, else the configured verifier loaded once."""
        if self._reranker is None:
            from sidebot.verify.factory import reranker_for

            self._reranker = reranker_for(self.scorer, self.settings.verify)
        return self._reranker
