"""Read-side queries of the queue: findings as plain rows for the CLI, the API and the on-wiki list."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from sidebot.queue.cited_sources import cited_in
from sidebot.queue.finding_row import FindingRow, finding_row
from sidebot.queue.listing import PRIORITY_ORDER, Sort
from sidebot.queue.models import Citation, Finding, FindingState, Page, Source, Wiki
from sidebot.queue.support import ReasonKind, Support, reason_condition, reason_rank


def _findings_query() -> Select[Finding, Citation, Page, Wiki, Source | None]:
    return (
        select(Finding, Citation, Page, Wiki, Source)
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .outerjoin(Source, Finding.source_id == Source.id)
    )


# Changed facts first, then sources that copy Wikipedia, then least supported first, unverifiable last
QUEUE_ORDER = (
    reason_rank(),
    Finding.score.is_(None),
    Finding.score,
    Finding.id,
)


def list_findings(
    session: Session,
    states: list[str] | None = None,
    wiki: str | None = None,
    article: str | None = None,
    limit: int = 100,
    offset: int = 0,
    reason: ReasonKind | None = None,
    sort: Sort = Sort.SUPPORT,
    titles: Collection[str] | None = None,
) -> list[FindingRow]:
    """Findings ordered changed facts first (often vandalism: time matters), then those whose source copies
    Wikipedia, then least-supported first (no score — unverifiable — last); by ``sort`` PRIORITY, highest
    priority first (sidebot.queue.priority). ``reason``: only findings in the queue for it; ``titles``:
    only findings on these pages (a topic or worklist)."""
    query = _findings_query()
    if titles is not None:
        query = query.where(Page.title.in_(list(titles)))
    if states:
        query = query.where(Finding.state.in_(states))
    if reason is not None:
        query = query.where(reason_condition(reason))
    if wiki:
        query = query.where(Wiki.name == wiki)
    if article:
        query = query.where(Page.title == article)
    order = PRIORITY_ORDER if sort == Sort.PRIORITY else QUEUE_ORDER
    query = query.order_by(*order).limit(limit).offset(offset)
    rows = [finding_row(*r) for r in session.execute(query)]
    cited = cited_in(session, [g["url"] for r in rows for g in r.suggestions])
    for r in rows:  # where else each suggested page backs a claim ("also cited in")
        for g in r.suggestions:
            others = [c for c in cited.get(g["url"], []) if (c.wiki, c.article) != (r.wiki, r.article)]
            g["cited_in"] = [c.to_json() for c in others]
    return rows


def count_by_state(session: Session, wiki: str | None = None) -> dict[str, int]:
    """Findings per state (of one wiki, when given)."""
    query = (
        select(Finding.state, func.count())
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .group_by(Finding.state)
    )
    if wiki:
        query = query.where(Wiki.name == wiki)
    return {state: n for state, n in session.execute(query)}


@dataclass(frozen=True)
class CitationRow:
    """A citation on a page with its current finding (None: not checked, e.g. no URL)."""

    claim: str
    url: str | None
    kind: str
    reason: str | None
    tags: list[str]
    state: str | None
    score: float | None
    probability: float | None
    stance: str | None
    flag_reason: str | None
    best_passage: str | None
    failed_part: str | None = None  # the part of the claim the source does not back (partial support)
    copy_kind: str | None = None  # which copy was read: live / archive-url / wayback
    copy_url: str | None = None
    copy_date: str | None = None
    fact_note: str | None = None  # the failing fact in words
    facts: list[dict[str, Any]] = field(default_factory=list)
    band: str | None = None
    every_part_probability: float | None = None  # P(the source backs every part of the claim)

    @property
    def support(self) -> Support:
        """The citation's support figures (probabilities, the fact and part the source fails on, the flag
        reason)."""
        return Support.of(
            self.probability, self.every_part_probability, self.fact_note, self.failed_part, self.flag_reason
        )


def page_citations(session: Session, wiki: str, title: str) -> list[CitationRow]:
    """The citations now on a page, in page order, each with its newest live or reviewed finding."""
    rows = session.execute(
        select(Citation)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .where(Wiki.name == wiki, Page.title == title, Citation.present)
        .order_by(Citation.position)
    ).scalars()
    out = []
    for c in rows:
        current = [f for f in c.findings if f.state != "stale"]
        f = max(current, key=lambda f: f.id) if current else None
        out.append(
            CitationRow(
                claim=c.claim,
                url=c.url,
                kind=c.kind,
                reason=c.reason,
                tags=list(c.tags or []),
                state=f.state if f else None,
                score=f.score if f else None,
                probability=f.probability if f else None,
                stance=f.stance if f else None,
                flag_reason=f.flag_reason if f else None,
                best_passage=f.best_passage if f else None,
                failed_part=f.failed_part if f else None,
                copy_kind=f.copy_kind if f else None,
                copy_url=f.copy_url if f else None,
                copy_date=f.copy_date if f else None,
                fact_note=f.fact_note if f else None,
                facts=list(f.facts or []) if f else [],
                band=f.band if f else None,
                every_part_probability=f.every_part_probability if f else None,
            )
        )
    return out


def open_findings_on_page(session: Session, wiki: str, title: str, limit: int) -> list[int]:
    """Ids of the open findings of the citations now on a page (``wiki`` by name, ``title`` as stored, with
    spaces), in page order: what the wiki gadget marks on the article. At most ``limit``."""
    return list(
        session.scalars(
            select(Finding.id)
            .join(Citation, Finding.citation_id == Citation.id)
            .join(Page, Citation.page_id == Page.id)
            .join(Wiki, Page.wiki_id == Wiki.id)
            .where(
                Wiki.name == wiki,
                Page.title == title,
                Citation.present,
                Finding.state == FindingState.OPEN.value,
            )
            .order_by(Citation.position, Finding.id)
            .limit(limit)
        )
    )
