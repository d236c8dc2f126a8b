"""The queue list: findings filtered, ordered, paged and counted, for the list page and the JSON API.

Open and all findings come least supported first (no score last), reviewed ones and "mine" newest decision
first. A page is read in two steps, ids first (only the findings table and what the filters need, so the
database can walk an index) and then the rows to show for those ids.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import ColumnElement, Select, and_, func, not_, or_, select
from sqlalchemy.orm import Session

from sidebot.queue.models import Citation, Finding, FindingState, Page, Review, Source, Suggestion, Wiki
from sidebot.queue.reviews import FIRM_DECISIONS
from sidebot.queue.support import (
    CHANGED_FACT_PREFIX,
    COPIES_PREFIX,
    REASON_LABELS,
    ReasonKind,
    finding_support,
    partly_condition,
    queue_reason,
    reason_condition,
)


class Tab(StrEnum):
    OPEN = "open"
    REVIEWED = "reviewed"
    MINE = "mine"
    ALL = "all"


REASONS = {kind.value: label for kind, label in REASON_LABELS.items()}
ORIGIN_LABELS = {
    "recent": "recent change",
    "failed_verification": "failed-verification sweep",
    "page": "single page",
    "backfill": "dump backfill",
}


@dataclass(frozen=True)
class QueueFilter:
    tab: Tab = Tab.OPEN
    article: str = ""  # title prefix, any case
    wiki: str = ""
    origin: str = ""
    reason: ReasonKind | None = None  # why it is queued (tagged, contradicts, partial, low support)
    partly: bool = False  # only findings whose source backs part of the claim, probably not all of it
    since: date | None = None  # flagged on or after (UTC)
    until: date | None = None  # flagged on or before (UTC)


# One row of the list, and the JSON API's list entry: its OpenAPI schema takes the class name and the field
# descriptions (and would take a docstring as the entry's description).
class FindingSummary(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    wiki: str
    article: str
    section: str
    claim: str
    url: str | None
    source_title: str | None
    score: float | None = Field(description="the verifier's raw score: lower is less supported")
    probability: float | None = Field(
        description="calibrated P(the source backs at least part of the claim), when the scorer has one"
    )
    every_part_probability: float | None = Field(
        default=None, description="calibrated P(the source backs every part of the claim)"
    )
    stance: str | None
    state: str
    origin: str = Field(description="how it was found: recent, failed_verification, page or backfill")
    flag_reason: str | None
    support: str = Field(
        description="both figures in words, with the part or fact not backed: 'source backs only part of the "
        "claim (backs the whole claim: 24 %; backs part of it: 93 %) — the source does not give the "
        "claim's year 1998'"
    )
    support_words: str = Field(
        default="", description='the verdict alone: "source backs only part of the claim"'
    )
    support_figures: str = Field(
        default="", description='"backs the whole claim: 24 %; backs part of it: 93 %"'
    )
    partly_supported: bool = Field(
        default=False, description="the source backs part of the claim, probably not all of it"
    )
    reason: str | None = Field(
        description="why it is in the queue: tagged by editors, changed fact, source contradicts a fact, "
        "source contradicts, partial support (with the failed part when the verifier names it), fact not in "
        "source or low support; none when it never was"
    )
    reason_kind: ReasonKind | None = Field(description="the reason as a key, for filters")
    band: str | None = Field(
        default=None, description='"very likely fails" or "may fail": the queued citation\'s band'
    )
    fact_note: str | None = Field(
        default=None,
        description='the failing fact in words, e.g. "the source gives 1999, the claim says 2000"',
    )
    created_at: datetime
    decided_by: str | None = Field(description="reviewed and mine tabs: who made the decision shown")
    decided_at: datetime | None
    decision: str | None
    decided_suggestion: str | None = Field(
        None, description="a suggestion is better: which one (its title, else its address)"
    )


@dataclass(frozen=True)
class QueuePage:
    items: list[FindingSummary]
    total: int  # findings in this tab with these filters
    counts: dict[str, int]  # per tab, with these filters
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


def list_queue(
    session: Session, flt: QueueFilter, user: str | None, page: int = 1, per_page: int = 50
) -> QueuePage:
    page = max(1, page)
    wikis = wiki_names(session)
    if flt.wiki and flt.wiki not in wikis:
        return QueuePage(
            items=[], total=0, counts=dict.fromkeys((t.value for t in Tab), 0), page=page, per_page=per_page
        )
    if flt.wiki and wikis == [
        flt.wiki
    ]:  # the only wiki: a filter that keeps everything costs a join for nothing
        flt = replace(flt, wiki="")
    counts = _counts(session, flt, user)
    ids_with_review = _page_ids(session, flt, user, (page - 1) * per_page, per_page)
    items = _rows(session, ids_with_review)
    return QueuePage(items=items, total=counts[flt.tab.value], counts=counts, page=page, per_page=per_page)


def next_open(session: Session, after: int, reviewer: str | None = None) -> int | None:
    """The open finding that follows finding ``after`` in the open list's order (:func:`_sections`);
    past the end, the first open one; None when no other is open. Reviewers work down the list, so one that
    ``reviewer`` already decided (an "unsure" leaves it open; someone may have returned it to open) is
    skipped: nobody is shown their own decision as the next item."""
    current = session.get(Finding, after)
    others = select(Finding.id).where(Finding.state == FindingState.OPEN, Finding.id != after)
    if reviewer:
        decided = select(Review.finding_id).where(Review.reviewer == reviewer, Review.undone_at.is_(None))
        others = others.where(Finding.id.not_in(decided))
    if current is not None:
        own = _section_of(current)
        for index, (condition, order) in enumerate(_sections()):
            if index < own:
                continue
            part = others.where(condition, _after(current, own)) if index == own else others.where(condition)
            found = session.scalars(part.order_by(*order).limit(1)).first()
            if found is not None:
                return found
    first = _by_score(session, others, 0, 1)
    return first[0] if first else None


def wiki_names(session: Session) -> list[str]:
    return list(session.scalars(select(Wiki.name).order_by(Wiki.name)))


def _filtered(query: Select, flt: QueueFilter) -> Select:
    """Apply the filters other than the tab to a query over ``findings``."""
    if flt.article or flt.wiki:
        pages = select(Page.id)
        if flt.article:
            pages = pages.where(Page.title.ilike(_like_prefix(flt.article), escape="\\"))
        if flt.wiki:
            pages = pages.join(Wiki, Page.wiki_id == Wiki.id).where(Wiki.name == flt.wiki)
        query = query.where(Finding.citation_id.in_(select(Citation.id).where(Citation.page_id.in_(pages))))
    if flt.origin:
        query = query.where(Finding.origin == flt.origin)
    if flt.reason:
        query = query.where(reason_condition(flt.reason))
    if flt.partly:
        query = query.where(partly_condition())
    if flt.since:
        query = query.where(Finding.created_at >= datetime.combine(flt.since, time.min))
    if flt.until:
        query = query.where(Finding.created_at < datetime.combine(flt.until + timedelta(days=1), time.min))
    return query


def _current_reviews():
    """Reviews that are a finding's current decision (at most one per reviewed finding)."""
    return and_(
        Review.undone_at.is_(None),
        Review.reopened_at.is_(None),
        Review.decision.in_([str(d) for d in FIRM_DECISIONS]),
    )


def _my_reviews(user: str):
    """Per finding, the time of ``user``'s newest decision that was not withdrawn."""
    return (
        select(Review.finding_id, func.max(Review.created_at).label("at"))
        .where(Review.reviewer == user, Review.undone_at.is_(None))
        .group_by(Review.finding_id)
        .subquery()
    )


def _counts(session: Session, flt: QueueFilter, user: str | None) -> dict[str, int]:
    """Findings per tab with these filters. One pass over the findings with conditional counts: grouping by
    state would lead SQLite to walk the state index and fetch every row from it, several times slower than
    the one sequential scan this is."""
    opened, reviewed, every = session.execute(
        _filtered(
            select(
                func.count().filter(Finding.state == FindingState.OPEN),
                func.count().filter(Finding.state == FindingState.REVIEWED),
                func.count(),
            ).select_from(Finding),
            flt,
        )
    ).one()
    mine = 0
    if user:
        mine_ids = _my_reviews(user)
        query = select(func.count()).select_from(Finding).join(mine_ids, mine_ids.c.finding_id == Finding.id)
        mine = session.scalar(_filtered(query, flt)) or 0
    return {Tab.OPEN.value: opened, Tab.REVIEWED.value: reviewed, Tab.MINE.value: mine, Tab.ALL.value: every}


def _page_ids(
    session: Session, flt: QueueFilter, user: str | None, offset: int, limit: int
) -> list[tuple[int, Review | None]]:
    """The ids on this page, in order, each with the review the row shows (reviewed and mine tabs)."""
    if flt.tab in (Tab.OPEN, Tab.ALL):
        query = select(Finding.id)
        if flt.tab == Tab.OPEN:
            query = query.where(Finding.state == FindingState.OPEN)
        return [(fid, None) for fid in _by_score(session, _filtered(query, flt), offset, limit)]
    if flt.tab == Tab.MINE and not user:
        return []
    if flt.tab == Tab.REVIEWED:
        query = (
            select(Finding.id, Review)
            .join(Review, and_(Review.finding_id == Finding.id, _current_reviews()))
            .where(Finding.state == FindingState.REVIEWED)
            .order_by(Review.created_at.desc(), Review.id.desc())
        )
    else:
        mine = _my_reviews(user or "")
        query = (
            select(Finding.id, Review)
            .join(mine, mine.c.finding_id == Finding.id)
            .join(
                Review,
                and_(
                    Review.finding_id == Finding.id,
                    Review.reviewer == user,
                    Review.created_at == mine.c.at,
                    Review.undone_at.is_(None),
                ),
            )
            .order_by(mine.c.at.desc(), Finding.id.desc())
        )
    rows = session.execute(_filtered(query, flt).offset(offset).limit(limit)).all()
    seen: dict[int, Review] = {}
    for fid, review in rows:  # two reviews of one finding in the same instant: keep one row
        seen.setdefault(fid, review)
    return list(seen.items())


def _sections() -> tuple[tuple[ColumnElement[bool], tuple[ColumnElement, ...]], ...]:
    """The queue's parts in list order, each a condition and its order: changed facts (newest first: they are
    often vandalism, and time matters), then sources that copy Wikipedia, then the others by score, no score
    last (the CLI's order, sidebot.queue.support.reason_rank). Separate parts, because SQLite puts NULL first
    and cannot walk the (state, score) index for ``NULLS LAST``; each part walks it in order."""
    changed_fact = Finding.flag_reason.like(CHANGED_FACT_PREFIX + "%")
    copies = Finding.flag_reason.like(COPIES_PREFIX + "%")
    # NOT LIKE is NULL on a NULL reason: findings without one (passed) are named apart
    other = or_(Finding.flag_reason.is_(None), and_(not_(changed_fact), not_(copies)))
    return (
        (changed_fact, (Finding.id.desc(),)),
        (copies, (Finding.score, Finding.id)),
        (and_(other, Finding.score.is_not(None)), (Finding.score, Finding.id)),
        (and_(other, Finding.score.is_(None)), (Finding.id,)),
    )


def _section_of(finding: Finding) -> int:
    """The index in :func:`_sections` of the part that holds ``finding``."""
    reason = finding.flag_reason or ""
    if reason.startswith(CHANGED_FACT_PREFIX):
        return 0
    if reason.startswith(COPIES_PREFIX):
        return 1
    return 2 if finding.score is not None else 3


def _after(finding: Finding, section: int) -> ColumnElement[bool]:
    """The findings that follow ``finding`` within its own part of the list."""
    if section == 0:
        return Finding.id < finding.id
    if finding.score is None:
        return and_(Finding.score.is_(None), Finding.id > finding.id)
    return or_(
        Finding.score > finding.score,
        and_(Finding.score == finding.score, Finding.id > finding.id),
    )


def _by_score(session: Session, query: Select, offset: int, limit: int) -> list[int]:
    """Ids in the queue's order (:func:`_sections`), ``limit`` of them from ``offset``."""
    ids: list[int] = []
    for condition, order in _sections():
        if len(ids) == limit:
            break
        part = query.where(condition).order_by(*order)
        if not ids and offset:
            size = session.scalar(select(func.count()).select_from(part.order_by(None).subquery())) or 0
            if offset >= size:
                offset -= size
                continue
        ids += list(session.scalars(part.offset(offset if not ids else 0).limit(limit - len(ids))))
        offset = 0
    return ids


def _rows(session: Session, ids_with_review: list[tuple[int, Review | None]]) -> list[FindingSummary]:
    if not ids_with_review:
        return []
    ids = [fid for fid, _ in ids_with_review]
    query = (
        select(Finding, Citation, Page, Wiki, Source.title)
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .outerjoin(Source, Finding.source_id == Source.id)
        .where(Finding.id.in_(ids))
    )
    found = {f.id: (f, c, p, w, st) for f, c, p, w, st in session.execute(query)}
    chosen_ids = [r.suggestion_id for _, r in ids_with_review if r is not None and r.suggestion_id]
    chosen = {
        sid: title or url
        for sid, title, url in session.execute(
            select(Suggestion.id, Suggestion.title, Suggestion.url).where(Suggestion.id.in_(chosen_ids))
        )
    }
    items = []
    for fid, review in ids_with_review:
        f, c, p, w, source_title = found[fid]
        reason = queue_reason(f.flag_reason, f.stance)
        support = finding_support(f)
        items.append(
            FindingSummary(
                id=f.id,
                wiki=w.name,
                article=p.title,
                section=c.section,
                claim=c.claim,
                url=c.url,
                source_title=c.source_title or source_title,
                score=f.score,
                probability=f.probability,
                every_part_probability=f.every_part_probability,
                stance=f.stance,
                state=f.state,
                origin=f.origin,
                flag_reason=f.flag_reason,
                support=support.text,
                support_words=support.words,
                support_figures=support.figures,
                partly_supported=support.partly,
                reason=reason.label if reason else None,
                reason_kind=reason.kind if reason else None,
                band=f.band,
                fact_note=f.fact_note,
                created_at=f.created_at,
                decided_by=review.reviewer if review else None,
                decided_at=review.created_at if review else None,
                decision=review.decision if review else None,
                decided_suggestion=chosen.get(review.suggestion_id)
                if review and review.suggestion_id
                else None,
            )
        )
    return items


def _like_prefix(text: str) -> str:
    """A LIKE pattern for titles starting with ``text`` (underscores typed for spaces count as spaces)."""
    title = text.strip().replace("_", " ")
    return title.replace("\\", "\\\\").replace("%", "\\%") + "%"
