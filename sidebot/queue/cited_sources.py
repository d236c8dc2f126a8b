"""Source pages that back the claim citing them: the wiki's cited web, recorded as the patrol reads it.

The patrol, its workers and the dump backfill all verify through :class:`sidebot.patrol.loop.Patrol`, whose
verifying pipeline (:mod:`sidebot.patrol.citation_check`) calls :func:`record_backing_source` for each
citation it stores, in the transaction of the finding. Only a
source that *is* the source and backs its claim is recorded:

- its finding passed (support at or above the patrol's flag threshold, the same line that queues "low
  support"), and it was not tagged {{failed verification}} (a tagged citation is queued whatever its score);
- it was read live (not an archived copy: the corpus keeps the cited address), had text, and the fetcher
  judged it the page itself (``page_kind`` content: no wall, soft 404, parked domain or notice);
- it is neither Wikipedia nor a sister project, carries no Wikipedia attribution, and the mirror check did not
  find it copying the article (such a finding is queued, so it never passes).

Recording is one row per (page, URL) in ``cited_sources``; the single indexer
(:mod:`sidebot.patrol.corpus_feed`) moves the rows into the retrieval corpus. The same rows say where a
page was cited (:func:`cited_in`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from sidebot.config import RetrieveSettings
from sidebot.queue.models import Citation, CitedSource, CopyKind, Page, Source, Wiki
from sidebot.queue.store import url_hash
from sidebot.retrieve.corpus import content_hash
from sidebot.retrieve.exclusions import is_wikimedia_url
from sidebot.sources.classify import PageKind


@dataclass(frozen=True, slots=True)
class CitedIn:
    """An article that cites a page which backs its claim, at the revision last checked."""

    wiki: str
    article: str
    rev_id: int

    def to_json(self) -> dict[str, object]:
        """The citing article as JSON for the API."""
        return {"wiki": self.wiki, "article": self.article, "rev_id": self.rev_id}


def is_the_source(source: Source) -> bool:
    """Whether a fetched page is the cited page itself, with text, and no copy of Wikipedia."""
    return (
        source.readable
        and source.page_kind in (None, PageKind.CONTENT)
        and not source.wikipedia_notice
        and not is_wikimedia_url(source.url)
        and not is_wikimedia_url(source.final_url or "")
    )


def record_backing_source(
    session: Session,
    settings: RetrieveSettings,
    page: Page,
    citation: Citation,
    source: Source,
    state: str,
    copy_kind: object,
    rev_id: int,
) -> bool | None:
    """Record ``source`` as a page the wiki cites for a claim it backs, when it is one (module docstring):
    True when recorded, False when a passed citation's page is not the source itself, None when there was
    nothing to record."""
    if not settings.feed or state != "passed" or copy_kind != CopyKind.LIVE or not citation.url:
        return None
    if not is_the_source(source):
        return False
    key = url_hash(citation.url)
    old = session.scalar(
        select(CitedSource).where(CitedSource.page_id == page.id, CitedSource.url_hash == key)
    )
    if old is not None:  # checked again: a new id, so the indexer takes it up again (text, time, revision)
        session.delete(old)
        session.flush()
    session.add(
        CitedSource(
            page_id=page.id,
            source_id=source.id,
            url=citation.url,
            url_hash=key,
            text_hash=content_hash(source.text or ""),
            rev_id=rev_id,
        )
    )
    return True


def cited_in(session: Session, urls: Iterable[str]) -> dict[str, list[CitedIn]]:
    """For each URL, the articles that cite it, or a page with the same text (the corpus keeps one of them),
    for a claim it backs; by wiki and title."""
    wanted = {url_hash(u): u for u in dict.fromkeys(urls)}
    if not wanted:
        return {}
    own = session.execute(
        select(CitedSource.url_hash, CitedSource.text_hash).where(CitedSource.url_hash.in_(list(wanted)))
    ).all()
    texts: dict[str, set[str]] = {}
    for key, text_hash in own:
        texts.setdefault(text_hash, set()).add(key)
    rows = session.execute(
        select(CitedSource.url_hash, CitedSource.text_hash, Wiki.name, Page.title, CitedSource.rev_id)
        .join(Page, CitedSource.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .where(or_(CitedSource.url_hash.in_(list(wanted)), CitedSource.text_hash.in_(list(texts))))
        .order_by(Wiki.name, Page.title)
    ).all()
    found: dict[str, dict[tuple[str, str], CitedIn]] = {}
    for key, text_hash, wiki, title, rev_id in rows:
        for url_key in {key, *texts.get(text_hash, ())} & wanted.keys():
            found.setdefault(wanted[url_key], {})[(wiki, title)] = CitedIn(wiki, title, rev_id)
    return {url: list(by_article.values()) for url, by_article in found.items()}
