"""Where a finding is: its wiki, page, revision and cited address, what the review checks ask the wiki about
(:mod:`sidebot.web.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Wiki


@dataclass(frozen=True, slots=True)
class FindingPlace:
    """Where a finding lives on its wiki (for links and edit checks)."""

    wiki: str
    api_url: str
    title: str
    rev_id: int | None
    url: str | None


def finding_place(db: Database, finding_id: int) -> FindingPlace | None:
    """None: there is no such finding."""
    with db.session() as session:
        row = session.execute(
            select(Wiki.name, Wiki.api_url, Page.title, Finding.rev_id, Citation.url)
            .select_from(Finding)
            .join(Citation, Finding.citation_id == Citation.id)
            .join(Page, Citation.page_id == Page.id)
            .join(Wiki, Page.wiki_id == Wiki.id)
            .where(Finding.id == finding_id)
        ).first()
    return FindingPlace(*row) if row is not None else None
