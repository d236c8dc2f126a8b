"""The queries of the benchmarks in :mod:`sidebot.bench`: what the workers and the scheduler stored during a
timing, and the bulk insert of the web benchmark's made-up queue (the rows are built by the benchmark)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, text

from sidebot.queue.db import Database
from sidebot.queue.facts_backed import backs_nothing
from sidebot.queue.models import Citation, CitedSource, Finding, Page, Review, Run, Source, Wiki
from sidebot.queue.runs import mark_interrupted

Row = Mapping[str, Any]


def cited_source_count(db: Database) -> int:
    """How many backing sources the workers have recorded for the corpus feed."""
    with db.session() as session:
        return session.scalar(select(func.count(CitedSource.id))) or 0


def worker_runs(db: Database) -> list[Run]:
    """Every worker's run, a killed worker's shown as interrupted."""
    with db.session() as session:
        mark_interrupted(session)
        return list(session.scalars(select(Run).where(Run.kind == "worker")))


def finding_counts(db: Database) -> tuple[int, int]:
    """(findings, citations with more than one finding by the same scorer)."""
    with db.session() as session:
        total = session.scalar(select(func.count(Finding.id))) or 0
        per = (
            select(Finding.citation_id, Finding.scorer, func.count().label("n"))
            .group_by(Finding.citation_id, Finding.scorer)
            .subquery()
        )
        twice = session.scalar(select(func.count()).select_from(per).where(per.c.n > 1)) or 0
    return total, twice


def database_size(db: Database) -> int | None:
    """The PostgreSQL database's size in bytes."""
    with db.session() as session:
        size = session.scalar(text("SELECT pg_database_size(current_database())"))
    return None if size is None else int(size)


def recent_runs(db: Database, since: datetime) -> list[Run]:
    """The scheduler's finished recent-changes runs started since ``since``."""
    naive = since.replace(tzinfo=None)
    with db.session() as session:
        return list(
            session.scalars(
                select(Run).where(Run.kind == "recent", Run.started_at >= naive, Run.ended_at.is_not(None))
            )
        )


def insert_wiki(db: Database, name: str, pages: Sequence[Row], sources: Sequence[Row]) -> int:
    """Insert a wiki (no API), then ``pages`` (given ``wiki_id``) and ``sources``; the wiki's id."""
    with db.engine.begin() as conn:
        key = conn.execute(insert(Wiki).values(name=name, api_url="", article_url="")).inserted_primary_key
        assert key is not None  # a one-row INSERT has its new row's key
        wiki_id = int(key[0])
        conn.execute(insert(Page), [{**page, "wiki_id": wiki_id} for page in pages])
        conn.execute(insert(Source), list(sources))
    return wiki_id


def insert_findings(
    db: Database, citations: Sequence[Row], findings: Sequence[Row], reviews: Sequence[Row]
) -> None:
    """Insert citations, their findings and reviews in one transaction (a Core insert runs no ORM event: each
    finding's ``backs_nothing`` is worked out from its facts here)."""
    with db.engine.begin() as conn:
        conn.execute(insert(Citation), list(citations))
        conn.execute(
            insert(Finding), [{**f, "backs_nothing": backs_nothing(f.get("facts") or [])} for f in findings]
        )
        if reviews:
            conn.execute(insert(Review), list(reviews))


def refresh_statistics(db: Database) -> None:
    """What a live database has from autovacuum (PostgreSQL) or ``PRAGMA optimize`` (SQLite): fresh
    statistics for the query planner."""
    with db.engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
            "VACUUM ANALYZE" if db.engine.dialect.name == "postgresql" else "ANALYZE"
        )
