"""One finding with everything its item card shows beyond the row (:class:`FindingRow`): the claim's context,
the page read, the claim's parts, the suggestions with where else they are cited, and the review history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from sidebot.queue.cited_sources import CitedIn, cited_in
from sidebot.queue.finding_row import FindingRow, SuggestionRow, finding_row, suggestion_row
from sidebot.queue.models import Finding, Review
from sidebot.queue.reviews import history


@dataclass(frozen=True)
class CardRow:
    """A finding's row with what the card needs to link to the wiki."""

    row: FindingRow
    api_url: str  # the wiki's api.php
    article_url: str  # the wiki's article address with "{title}" ("": not known)
    context: str  # the article text before the claim, ending with the claim
    position: int  # the citation's order on the page, from 0
    parts: list[dict[str, Any]]  # the claim's parts, each judged alone: text, probability, window
    source_text: str | None  # the text of the page read
    suggestions: list[SuggestionRow]
    cited_in: dict[str, list[CitedIn]]  # per suggested URL, the articles citing it for a claim it backs
    reviews: list[Review]  # oldest first, withdrawn ones included


def card_row(session: Session, finding_id: int) -> CardRow | None:
    """None: there is no such finding."""
    finding = session.get(Finding, finding_id)
    if finding is None:
        return None
    citation = finding.citation
    page = citation.page
    wiki = page.wiki
    source = finding.source
    suggestions = [suggestion_row(s) for s in finding.suggestions]
    return CardRow(
        row=finding_row(finding, citation, page, wiki, source),
        api_url=wiki.api_url,
        article_url=wiki.article_url,
        context=citation.context,
        position=citation.position,
        parts=list(finding.parts or []),
        source_text=source.text if source else None,
        suggestions=suggestions,
        cited_in=cited_in(session, [s.url for s in suggestions]),
        reviews=history(session, finding_id),
    )
