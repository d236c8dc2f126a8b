"""What the on-wiki outputs read from and write to the queue database: the open findings to list (with
their best suggestion), and the talk notices (recorded before each edit, reconciled after a crash).

Like ``sidebot.queue.store``, nothing here commits: the caller owns the transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from sidebot.queue.finding_row import FindingRow
from sidebot.queue.listing import Sort
from sidebot.queue.models import (
    Citation,
    Finding,
    FindingState,
    NoticeStatus,
    Page,
    Suggestion,
    TalkNotice,
    TalkNoticeFinding,
    Wiki,
    utcnow,
)
from sidebot.queue.queries import list_findings
from sidebot.queue.support import edit_condition

# Notices that hold their findings: a finding in one of these is never put in another notice.
HOLDING = (NoticeStatus.PENDING, NoticeStatus.POSTED)
# Notices that count towards "one section per article per period".
THIS_PERIOD = (NoticeStatus.PENDING, NoticeStatus.POSTED, NoticeStatus.FAILED, NoticeStatus.REFUSED)


@dataclass(frozen=True, slots=True)
class OpenFinding:
    """An open finding as the on-wiki outputs show it."""

    row: FindingRow
    page_id: int  # the queue's page row (not MediaWiki's page id)
    suggestion_url: str | None  # the best suggested source
    suggestion_title: str | None = None
    suggestion_reference: str | None = None  # its reference to paste (sidebot.retrieve.reference)


def open_findings(session: Session, wiki: str, titles: Collection[str] | None = None) -> list[OpenFinding]:
    """Every open finding of the wiki (on ``titles`` only, when given: a WikiProject's list) whose citation is
    still on a live page (or was taken off it by an edit queued as that: a citation removed, a tag removed),
    highest priority first (sidebot.queue.priority). Pages
    whose row gave its title to another page (a placeholder title with "[", which no MediaWiki title has)
    wait for the stale check to learn where they went."""
    rows = list_findings(
        session, states=[FindingState.OPEN], wiki=wiki, limit=1_000_000, sort=Sort.PRIORITY, titles=titles
    )
    rows = [r for r in rows if "[" not in r.article]
    if not rows:
        return []
    ids = [r.id for r in rows]
    live = dict(
        session.execute(
            select(Finding.id, Page.id)
            .join(Citation, Finding.citation_id == Citation.id)
            .join(Page, Citation.page_id == Page.id)
            .where(Finding.id.in_(ids), or_(Citation.present, edit_condition()), Page.deleted_at.is_(None))
        ).all()
    )
    best: dict[int, tuple[str, str | None, str | None]] = {}
    for finding_id, url, title, reference in session.execute(
        select(Suggestion.finding_id, Suggestion.url, Suggestion.title, Suggestion.reference)
        .where(Suggestion.finding_id.in_(ids))
        .order_by(Suggestion.finding_id, Suggestion.rank)
    ):
        best.setdefault(finding_id, (url, title, reference))
    return [OpenFinding(r, live[r.id], *best.get(r.id, (None, None, None))) for r in rows if r.id in live]


def wiki_id(session: Session, name: str) -> int | None:
    """The id of the wiki named ``name`` (None: never patrolled)."""
    return session.scalar(select(Wiki.id).where(Wiki.name == name))


def noticed_finding_ids(session: Session, finding_ids: Iterable[int]) -> set[int]:
    """Those of ``finding_ids`` that a pending or posted notice already holds."""
    ids = list(finding_ids)
    if not ids:
        return set()
    return set(
        session.scalars(
            select(TalkNoticeFinding.finding_id)
            .join(TalkNotice, TalkNotice.id == TalkNoticeFinding.notice_id)
            .where(TalkNoticeFinding.finding_id.in_(ids), TalkNotice.status.in_(HOLDING))
        )
    )


def pages_noticed_since(session: Session, page_ids: Iterable[int], since: datetime) -> set[int]:
    """Pages (queue page ids) with a notice this period: posted, pending, or refused or failed for good."""
    ids = list(page_ids)
    if not ids:
        return set()
    return set(
        session.scalars(
            select(TalkNotice.page_id).where(
                TalkNotice.page_id.in_(ids),
                TalkNotice.created_at >= since,
                TalkNotice.status.in_(THIS_PERIOD),
            )
        )
    )


def notices_since(session: Session, wiki_id: int, since: datetime) -> int:
    """Notices posted (or pending) on the wiki since ``since``: what the daily rate limit counts."""
    return (
        session.scalar(
            select(func.count(TalkNotice.id)).where(
                TalkNotice.wiki_id == wiki_id, TalkNotice.created_at >= since, TalkNotice.status.in_(HOLDING)
            )
        )
        or 0
    )


def notice_counts(session: Session, wiki: str) -> dict[str, int]:
    """The wiki's talk notices per status (`sidebot onwiki status`)."""
    return dict(
        session.execute(
            select(TalkNotice.status, func.count())
            .join(Wiki, TalkNotice.wiki_id == Wiki.id)
            .where(Wiki.name == wiki)
            .group_by(TalkNotice.status)
        ).all()
    )


def pending_notices(session: Session, wiki_id: int) -> list[TalkNotice]:
    """Notices recorded but not known to be saved: a run died between the record and the edit's answer."""
    return list(
        session.scalars(
            select(TalkNotice)
            .where(TalkNotice.wiki_id == wiki_id, TalkNotice.status == NoticeStatus.PENDING)
            .order_by(TalkNotice.id)
        )
    )


def record_notice(
    session: Session,
    wiki_id: int,
    page_id: int,
    talk_title: str,
    section_title: str,
    text: str,
    marker: str,
    finding_ids: Sequence[int],
    run_id: int,
) -> TalkNotice:
    """The intent to post, written before the edit (the caller commits it first)."""
    notice = TalkNotice(
        wiki_id=wiki_id,
        page_id=page_id,
        talk_title=talk_title,
        section_title=section_title,
        text=text,
        marker=marker,
        status=NoticeStatus.PENDING,
        run_id=run_id,
        items=[TalkNoticeFinding(finding_id=fid) for fid in finding_ids],
    )
    session.add(notice)
    session.flush()
    return notice


def new_marker() -> str:
    """A fresh marker that finds a notice on the talk page again after its save."""
    return uuid.uuid4().hex


def settle(
    notice: TalkNotice, status: NoticeStatus, rev_id: int | None = None, error: str | None = None
) -> None:
    """Record how posting ``notice`` ended."""
    notice.status, notice.rev_id, notice.error = status, rev_id, error
    notice.updated_at = utcnow()


def day_ago() -> datetime:
    """24 hours ago, the window of the per-day caps."""
    return utcnow() - timedelta(days=1)
