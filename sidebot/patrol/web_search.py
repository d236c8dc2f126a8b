"""Suggestions from the web: a search engine's hits for a claim, each read as a cited source is and
shown only when it passes the corpus suggestions' gate.

For one claim: the engine (:mod:`sidebot.retrieve.metasearch`) is asked the claim's plain BM25 query (the
claim sentence and the article title, :func:`sidebot.retrieve.query.build_queries`); hits that are no source
are dropped before anything is fetched (not http(s), Wikipedia and its sister projects, a listed mirror, a
source the wiki excludes, the cited page or one already suggested, a copy of the citing article by its
title); up to ``max_hits`` of the rest are fetched with the project's fetcher (SSRF guard, robots.txt,
per-host pacing, the page-kind classifier: walls, soft 404s and parked pages are not read) and kept as
sources in the queue, so a second claim or run reads them from the cache; a page that says it is taken from
Wikipedia is dropped; each page left is verified as a whole (:meth:`Retriever.page_verdicts` reads corpus
pages the same way) and must pass :meth:`Retriever.gate` (probability, margin over the cited source) and
:func:`checked_page` (the text shown states the claim's facts, the page names the article's subject).
Every hit dropped is logged with its reason.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from sidebot.patrol.source_cache import Fetcher, cached_or_fetched
from sidebot.records import Claim
from sidebot.retrieve.checks import checked_page
from sidebot.retrieve.exclusions import is_citing_article, is_wikimedia_url
from sidebot.retrieve.metasearch import EngineHit, Metasearch
from sidebot.retrieve.query import build_queries
from sidebot.sources.passages import split_passages

if TYPE_CHECKING:
    from sidebot.config import FetchSettings
    from sidebot.patrol.mirrors import MirrorCheck
    from sidebot.queue.db import Database
    from sidebot.retrieve.retriever import Retriever, Suggestion

log = logging.getLogger(__name__)


class WebPage(Protocol):
    """A fetched page as the queue keeps it (:class:`sidebot.queue.models.Source`)."""

    @property
    def url(self) -> str:
        """The address the page was asked for."""

    @property
    def final_url(self) -> str | None:
        """Where redirects ended, when elsewhere."""

    @property
    def status(self) -> str:
        """How the fetch ended (a :class:`sidebot.sources.fetch.FetchStatus` value)."""

    @property
    def title(self) -> str | None:
        """The page's title, when it has one."""

    @property
    def text(self) -> str | None:
        """The page's main text, when it was read."""

    @property
    def error(self) -> str | None:
        """Why there is no text, in words."""

    @property
    def wikipedia_notice(self) -> str | None:
        """The Wikipedia attribution the page carries, if any (a mirror or fork of the article)."""

    @property
    def readable(self) -> bool:
        """Whether there is text to verify."""


PageReader = Callable[[list[str]], Mapping[str, WebPage]]


def _text_of(page: WebPage) -> str:
    return page.text or ""


def stored_pages(db: Database, fetcher: Fetcher, settings: FetchSettings) -> PageReader:
    """A page reader that takes pages from the queue's source cache when fresh, else fetches them with
    ``fetcher`` and saves them there at once, in a transaction of its own (:func:`cached_or_fetched`): the
    patrol searches before it writes its findings, and on SQLite a write held through the fetches would keep
    reviewers' decisions waiting."""

    def read(urls: list[str]) -> Mapping[str, WebPage]:
        # mypy 1.13 does not match a Protocol's properties against SQLAlchemy's Mapped[...] descriptors,
        # though a Source reads as a WebPage at run time (tests/test_metasearch.py)
        return cached_or_fetched(db, fetcher, settings, set(urls), lambda row: row).found  # type: ignore[return-value]

    return read


class WebSearch:
    """The engine, how pages are read, and which sites are no source (``mirrors``: the configured and on-wiki
    mirror lists; ``excluded``: whether the wiki excludes a source URL)."""

    def __init__(
        self,
        engine: Metasearch,
        read_pages: PageReader,
        max_hits: int,
        mirrors: MirrorCheck | None = None,
        excluded: Callable[[str], bool] = lambda url: False,
    ) -> None:
        self.engine, self.read_pages, self.max_hits = engine, read_pages, max_hits
        self.mirrors, self.excluded = mirrors, excluded

    def suggest(
        self,
        retriever: Retriever,
        claim: Claim,
        current_score: float | None,
        exclude_urls: Iterable[str],
        margin: float | None,
        min_probability: float | None,
        limit: int,
    ) -> list[Suggestion]:
        """Up to ``limit`` web pages that pass the gate for ``claim``, best verifier score first. The gate's
        arguments are :meth:`Retriever.gate`'s; ``exclude_urls``: the cited page, the citing article, pages
        already suggested."""
        hits = self.engine.search(build_queries(claim).plain)
        chosen = self._candidates(claim, hits, set(exclude_urls))[: self.max_hits]
        if not chosen:
            return []
        pages = self.read_pages([hit.url for hit in chosen])
        read = [(hit, pages[hit.url]) for hit in chosen if self._readable(hit.url, pages[hit.url], claim)]
        if not read:
            return []
        passages = [split_passages(page.text or "", page.title or hit.title) for hit, page in read]
        verdicts = retriever.scorer.verify_many(
            [(claim, page_passages) for page_passages in passages], urls=[hit.url for hit, _ in read]
        )
        found: list[Suggestion] = []
        for (hit, page), page_passages, verdict in zip(read, passages, verdicts, strict=True):
            title = page.title or hit.title
            suggestion = retriever.gate(hit.url, title, verdict, current_score, margin, min_probability)
            shown = suggestion and checked_page(claim, page_passages, partial(_text_of, page), suggestion)
            if suggestion is None:
                log.info("metasearch: %s not suggested: the verifier does not prefer it", hit.url)
            elif shown is None:
                log.info("metasearch: %s not suggested: it misses the claim's facts or subject", hit.url)
            else:
                found.append(shown)
        found.sort(key=lambda s: s.score, reverse=True)
        return found[:limit]

    def _candidates(self, claim: Claim, hits: Sequence[EngineHit], excluded: set[str]) -> list[EngineHit]:
        kept = []
        for hit in hits:
            reason = self._refusal(claim, hit, excluded)
            if reason:
                log.info("metasearch: hit %r refused: %s", hit.url[:300], reason)
            else:
                kept.append(hit)
        return kept

    def _refusal(self, claim: Claim, hit: EngineHit, excluded: set[str]) -> str | None:
        """Why ``hit`` is not fetched, or None."""
        scheme = urlsplit(hit.url).scheme.lower()
        if scheme not in ("http", "https"):
            return f"a {scheme or 'relative'} address, not http(s)"
        if is_wikimedia_url(hit.url):
            return "Wikipedia or a sister project is no source"
        listed = self.mirrors.listed(hit.url) if self.mirrors is not None else None
        if listed:
            return f"a copy of Wikipedia: {listed}"
        if self.excluded(hit.url):
            return "the wiki's source exclusion list names it"
        if hit.url in excluded:
            return "the cited page, the citing article or a page already suggested"
        if is_citing_article(hit.title, claim.article_title):
            return "a copy of the citing article (its title)"
        return None

    def _readable(self, url: str, page: WebPage, claim: Claim) -> bool:
        """Whether the fetched page is read: the source itself, not Wikipedia's text."""
        final = page.final_url or url
        if not page.readable:
            log.info("metasearch: hit %s not read: %s: %s", url, page.status, page.error or "no text")
        elif final != url and (is_wikimedia_url(final) or (self.mirrors and self.mirrors.listed(final))):
            log.info("metasearch: hit %s not read: it redirects to %s, a copy of Wikipedia", url, final)
        elif page.wikipedia_notice:
            log.info("metasearch: hit %s not read: it says it is taken from Wikipedia", url)
        elif is_citing_article(page.title or "", claim.article_title):
            log.info("metasearch: hit %s not read: a copy of the citing article (its title)", url)
        else:
            return True
        return False
