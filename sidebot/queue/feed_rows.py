"""The cited sources waiting for the one indexer (:mod:`sidebot.patrol.corpus_feed`): which rows are not fed
yet, marking them fed, and on PostgreSQL the advisory lock that makes one indexer per queue."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, text, update

from sidebot.queue.db import Database
from sidebot.queue.models import CitedSource, Source, utcnow

FEED_LOCK = 0x5D3B0C  # pg_advisory_lock key: one indexer per queue database


@dataclass(frozen=True, slots=True)
class UnfedSource:
    """A cited source the indexer has not added to the corpus yet."""

    id: int  # the cited_sources row
    url: str
    title: str | None
    text: str | None
    cited_at: datetime


def any_unfed(db: Database) -> bool:
    """Whether any cited source waits for the indexer (cheap: the scheduler asks often)."""
    with db.session() as session:
        return session.scalar(select(CitedSource.id).where(CitedSource.fed_at.is_(None)).limit(1)) is not None


def unfed_sources(db: Database, batch: int) -> list[UnfedSource]:
    """The oldest ``batch`` rows not fed yet, with their sources' text."""
    with db.session() as session:
        rows = session.execute(
            select(CitedSource.id, CitedSource.url, Source.title, Source.text, CitedSource.cited_at)
            .join(Source, CitedSource.source_id == Source.id)
            .where(CitedSource.fed_at.is_(None))
            .order_by(CitedSource.id)
            .limit(batch)
        ).all()
    return [UnfedSource(*row) for row in rows]


def mark_fed(db: Database, ids: list[int]) -> None:
    """Record that the indexer added these cited sources."""
    with db.session() as session:
        session.execute(update(CitedSource).where(CitedSource.id.in_(ids)).values(fed_at=utcnow()))


@contextmanager
def feed_lock(db: Database) -> Iterator[bool]:
    """On PostgreSQL, the advisory lock that makes this the queue's one indexer (SQLite is one machine's);
    yields False when another holds it."""
    if db.engine.dialect.name != "postgresql":
        yield True
        return
    with db.engine.connect() as conn:
        if not conn.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": FEED_LOCK}).scalar():
            yield False
            return
        try:
            yield True
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": FEED_LOCK})
            conn.commit()
