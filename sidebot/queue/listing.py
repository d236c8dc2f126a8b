"""The queue list: findings filtered, ordered, paged and counted, for the list page and the JSON API.

Open and all findings come least supported first (no score last), reviewed ones and "mine" newest decision
first. A page is read in two steps, ids first (only the findings table and what the filters need, so the
database can walk an index) and then the rows to show for those ids.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Select, Subquery, and_, func, not_, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session, defer, selectinload

from sidebot.queue.finding_row import FindingRow, finding_row
from sidebot.queue.models import Citation, Finding, FindingState, Page, Review, Source, Suggestion, Wiki
from sidebot.queue.reviews import FIRM_DECISIONS
from sidebot.queue.support import (
    COPIES_PREFIX,
    ReasonKind,
    edit_condition,
    is_edit_reason,
    partly_condition,
    reason_condition,
    reason_rank,
)
from sidebot.queue.wikis import wiki_names

_Query = TypeVar("_Query", bound="Select[*tuple[Any, ...]]")
_Order = ColumnElement[Any] | InstrumentedAttribute[Any]


class Sort(StrEnum):
    """The list's orders."""

    PRIORITY = "priority"  # highest priority first (sidebot.queue.priority), then as SUPPORT
    SUPPORT = "support"  # changed facts, sources that copy Wikipedia, then least supported first


# Highest priority first (none last), then the queue's order by reason and support
PRIORITY_ORDER = (
    Finding.priority.is_(None),
    Finding.priority.desc(),
    reason_rank(),
    Finding.score.is_(None),
    Finding.score,
    Finding.id,
)


class Tab(StrEnum):
    """The list page's tabs."""

    OPEN = "open"
    REVIEWED = "reviewed"
    MINE = "mine"
    ALL = "all"


@dataclass(frozen=True)
class QueueFilter:
    """What the list page shows: its tab and filters."""

    tab: Tab = Tab.OPEN
    article: str = ""  # title prefix, any case
    wiki: str = ""
    origin: str = ""
    reason: ReasonKind | None = None  # why it is queued (tagged, contradicts, partial, low support)
    # only findings whose source backs part of the claim, probably not all of it: those whose rows say so
    partly: bool = False
    since: date | None = None  # flagged on or after (UTC)
    until: date | None = None  # flagged on or before (UTC)
    sort: Sort = Sort.PRIORITY  # the order of the open and all tabs
    titles: frozenset[str] | None = None  # only these pages (a topic, a WikiProject, a list of titles)
    # Only pages anyone may edit or protected at one of these levels (a reviewer's); None: every page
    editable_levels: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class Decided:
    """The review a reviewed or mine row shows: who decided what, when."""

    reviewer: str
    created_at: datetime
    decision: str
    suggestion: str | None  # a suggestion is better: which one (its title, else its address)


@dataclass(frozen=True, slots=True)
class ListedFinding:
    """A row of the list page, with the decision it shows (reviewed and mine tabs)."""

    row: FindingRow
    decision: Decided | None  # reviewed and mine tabs


@dataclass(frozen=True)
class QueueRows:
    """One page of the list with its totals."""

    items: list[ListedFinding]
    total: int  # findings in this tab with these filters
    counts: dict[str, int]  # per tab, with these filters


def list_queue(session: Session, flt: QueueFilter, user: str | None, page: int, per_page: int) -> QueueRows:
    """Page ``page`` (from 1) of the tab, ``per_page`` rows a page."""
    wikis = wiki_names(session)
    if flt.wiki and flt.wiki not in wikis:
        return QueueRows(items=[], total=0, counts=dict.fromkeys((t.value for t in Tab), 0))
    if flt.wiki and wikis == [
        flt.wiki
    ]:  # the only wiki: a filter that keeps everything costs a join for nothing
        flt = replace(flt, wiki="")
    counts = _counts(session, flt, user)
    ids_with_review = _page_ids(session, flt, user, (page - 1) * per_page, per_page)
    items = _rows(session, ids_with_review)
    return QueueRows(items=items, total=counts[flt.tab.value], counts=counts)


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
    if current is not None and current.priority is not None:  # the list's default order: by priority
        ordered = list(
            session.scalars(
                select(Finding.id)
                .where(or_(Finding.id.in_(others), Finding.id == after))
                .order_by(*PRIORITY_ORDER)
            )
        )
        following = ordered[ordered.index(after) + 1 :] + ordered[: ordered.index(after)]
        return following[0] if following else None
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


def protection_levels(session: Session) -> set[str]:
    """The edit protection levels of the queue's pages ("autoconfirmed", "sysop"…)."""
    query = select(Page.edit_protection).where(Page.edit_protection.is_not(None)).distinct()
    return {level for level in session.scalars(query) if level}


def wiki_api_url(session: Session, name: str) -> str:
    """The api.php address of the wiki named ``name`` ("" when unknown)."""
    return session.scalar(select(Wiki.api_url).where(Wiki.name == name)) or ""


def _filtered(query: _Query, flt: QueueFilter) -> _Query:
    """Apply the filters other than the tab to a query over ``findings``."""
    if flt.article or flt.wiki or flt.titles is not None or flt.editable_levels is not None:
        pages = select(Page.id)
        if flt.editable_levels is not None:
            pages = pages.where(
                or_(
                    Page.edit_protection.is_(None),
                    Page.edit_protection == "",
                    Page.edit_protection.in_(sorted(flt.editable_levels)),
                )
            )
        if flt.titles is not None:
            pages = pages.where(Page.title.in_(sorted(flt.titles)))
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


def _current_reviews() -> ColumnElement[bool]:
    """Reviews that are a finding's current decision (at most one per reviewed finding)."""
    return and_(
        Review.undone_at.is_(None),
        Review.reopened_at.is_(None),
        Review.decision.in_([str(d) for d in FIRM_DECISIONS]),
    )


def _my_reviews(user: str) -> Subquery:
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
        ids = select(Finding.id)
        if flt.tab == Tab.OPEN:
            ids = ids.where(Finding.state == FindingState.OPEN)
        if flt.sort == Sort.PRIORITY:
            ranked = _filtered(ids, flt).order_by(*PRIORITY_ORDER).offset(offset).limit(limit)
            return [(fid, None) for fid in session.scalars(ranked)]
        return [(fid, None) for fid in _by_score(session, _filtered(ids, flt), offset, limit)]
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


def _sections() -> tuple[tuple[ColumnElement[bool], tuple[_Order, ...]], ...]:
    """The queue's parts in list order, each a condition and its order: changed facts and the other edits that
    touched a citation (newest first: they are often vandalism, and time matters), then sources that copy
    Wikipedia, then the others by score, no score last (the CLI's order, sidebot.queue.support.reason_rank).
    Separate parts, because SQLite puts NULL first and cannot walk the (state, score) index for ``NULLS
    LAST``; each part walks it in order."""
    edited = edit_condition()
    copies = Finding.flag_reason.like(COPIES_PREFIX + "%")
    # NOT LIKE is NULL on a NULL reason: findings without one (passed) are named apart
    other = or_(Finding.flag_reason.is_(None), and_(not_(edited), not_(copies)))
    return (
        (edited, (Finding.id.desc(),)),
        (copies, (Finding.score, Finding.id)),
        (and_(other, Finding.score.is_not(None)), (Finding.score, Finding.id)),
        (and_(other, Finding.score.is_(None)), (Finding.id,)),
    )


def _section_of(finding: Finding) -> int:
    """The index in :func:`_sections` of the part that holds ``finding``."""
    reason = finding.flag_reason or ""
    if is_edit_reason(reason):
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


def _by_score(session: Session, query: Select[int], offset: int, limit: int) -> list[int]:
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


def _rows(session: Session, ids_with_review: list[tuple[int, Review | None]]) -> list[ListedFinding]:
    if not ids_with_review:
        return []
    ids = [fid for fid, _ in ids_with_review]
    query = (
        select(Finding, Citation, Page, Wiki, Source)
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .outerjoin(Source, Finding.source_id == Source.id)
        .where(Finding.id.in_(ids))
        # the page's text is not shown in the list; the suggestions in one query, not one per row
        .options(defer(Source.text), selectinload(Finding.suggestions))
    )
    found = {r[0].id: finding_row(*r) for r in session.execute(query)}
    chosen_ids = [r.suggestion_id for _, r in ids_with_review if r is not None and r.suggestion_id]
    chosen = {
        sid: title or url
        for sid, title, url in session.execute(
            select(Suggestion.id, Suggestion.title, Suggestion.url).where(Suggestion.id.in_(chosen_ids))
        )
    }
    return [
        ListedFinding(
            found[fid],
            Decided(
                review.reviewer,
                review.created_at,
                review.decision,
                chosen.get(review.suggestion_id) if review.suggestion_id else None,
            )
            if review
            else None,
        )
        for fid, review in ids_with_review
    ]


def _like_prefix(text: str) -> str:
    """A LIKE pattern for titles starting with ``text`` (underscores typed for spaces count as spaces)."""
    title = text.strip().replace("_", " ")
    return title.replace("\\", "\\\\").replace("%", "\\%") + "%"
