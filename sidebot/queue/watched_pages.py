"""The pages the stale check asks the wiki about (:mod:`sidebot.scheduler.stale`): live pages holding open or
unverifiable findings, and pages deleted lately (a deletion can be undone)."""

from __future__ import annotations

from datetime import timedelta
from typing import NamedTuple

from sqlalchemy import select

from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, FindingState, Page, Wiki, utcnow

WATCHED_STATES = (FindingState.OPEN, FindingState.UNVERIFIABLE)
RESTORE_WINDOW = timedelta(days=30)  # how long a deleted page is looked for again


class WatchedPage(NamedTuple):
    """A page with live findings, whose edits the patrol watches."""

    page_id: int  # MediaWiki's page id
    title: str
    rev_id: int | None  # the revision last checked


def pages_with_live_findings(db: Database, wiki_name: str) -> list[WatchedPage]:
    """The wiki's live pages that hold open or unverifiable findings."""
    with db.session() as session:
        rows = session.execute(
            select(Page.wiki_page_id, Page.title, Page.rev_id)
            .join(Wiki, Page.wiki_id == Wiki.id)
            .join(Citation, Citation.page_id == Page.id)
            .join(Finding, Finding.citation_id == Citation.id)
            .where(
                Wiki.name == wiki_name,
                Page.deleted_at.is_(None),
                Page.wiki_page_id.is_not(None),
                Finding.state.in_(WATCHED_STATES),
            )
            .distinct()
        ).all()
    return [WatchedPage(pid, title, rev) for pid, title, rev in rows if pid is not None]  # as the query asks


def recently_deleted_pages(db: Database, wiki_name: str, window: timedelta = RESTORE_WINDOW) -> list[str]:
    """Titles of the wiki's pages the queue saw deleted within ``window``."""
    with db.session() as session:
        rows = session.scalars(
            select(Page.title)
            .join(Wiki, Page.wiki_id == Wiki.id)
            .where(Wiki.name == wiki_name, Page.deleted_at >= utcnow() - window)
        ).all()
    return list(rows)
