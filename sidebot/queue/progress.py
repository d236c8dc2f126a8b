"""Where a dump backfill stands (`sidebot backfill`): the last page id it enqueued, so a stopped backfill
resumes after it. Each update is its own transaction, made after the pages it counts were enqueued."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from sidebot.queue.models import BackfillProgress, utcnow


def backfill_progress(session: Session, wiki_id: int, dump: str) -> BackfillProgress:
    """The progress row of ``dump`` on this wiki, created at zero the first time."""
    row = session.scalar(
        select(BackfillProgress).where(BackfillProgress.wiki_id == wiki_id, BackfillProgress.dump == dump)
    )
    if row is None:
        row = BackfillProgress(wiki_id=wiki_id, dump=dump, last_page_id=0, pages_enqueued=0)
        session.add(row)
        session.flush()
    return row


def record_backfill(row: BackfillProgress, last_page_id: int, enqueued: int, finished: bool = False) -> None:
    """Move a dump backfill's progress on; it never goes back."""
    row.last_page_id = max(row.last_page_id, last_page_id)
    row.pages_enqueued += enqueued
    row.finished_at = utcnow() if finished else None
