"""One finding as the item card shows it: the claim in context, the source's best passage cut into plain
and evidence segments, the suggestions, the review history and the links to the wiki and the source.

Everything here is plain text; the templates escape it (no source HTML is ever rendered).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote, urlencode

from sqlalchemy.orm import Session

from sidebot.queue.models import Citation, Finding, FindingState, Page, Review, Source, Suggestion, Wiki
from sidebot.queue.reviews import DECISION_LABELS, FIRM_DECISIONS, Decision, history
from sidebot.web.integrity import ReviewTarget

MEDIAWIKI_URL_SAFE = ";@$!*(),/~:"  # what MediaWiki leaves unescaped in page URLs (as sidebot.wiki.site)


@dataclass(frozen=True)
class Segment:
    text: str
    evidence: bool
    score: float | None = None


@dataclass(frozen=True)
class SuggestionView:
    id: int
    rank: int
    url: str
    title: str | None
    score: float
    probability: float | None
    passage: list[Segment]


@dataclass(frozen=True)
class ReviewView:
    id: int
    reviewer: str
    decision: str
    decision_label: str
    suggestion_id: int | None
    comment: str | None
    created_at: datetime
    undone_at: datetime | None
    reopened_at: datetime | None
    reopened_by: str | None

    @property
    def current(self) -> bool:
        return self.undone_at is None and self.reopened_at is None and self.decision in FIRM_DECISIONS


@dataclass(frozen=True)
class Card:
    id: int
    state: str
    wiki: str
    api_url: str
    article: str
    section: str
    preceding: str  # the article text before the claim (SIDE's context)
    claim: str
    marker: int  # the footnote's number on the page (1 = the first <ref>)
    tags: list[str]
    url: str | None
    archive_url: str | None
    source_title: str | None  # as the citation gives it, else the fetched page's
    page_title: str | None  # the fetched page's own title (differs from the cited one when a link moved)
    source_status: str | None
    source_error: str | None
    score: float | None
    probability: float | None
    stance: str | None
    scorer: str
    flag_reason: str | None
    origin: str
    rev_id: int | None
    created_at: datetime
    passage: list[Segment]
    suggestions: list[SuggestionView]
    reviews: list[ReviewView]
    article_url: str | None
    revision_url: str | None

    @property
    def open(self) -> bool:
        return self.state == FindingState.OPEN

    @property
    def current_review(self) -> ReviewView | None:
        return next((r for r in reversed(self.reviews) if r.current), None)

    @property
    def target(self) -> ReviewTarget:
        return ReviewTarget(api_url=self.api_url, title=self.article, rev_id=self.rev_id, url=self.url)

    def diff_url(self, rev_id: int) -> str | None:
        """The wiki's diff of ``rev_id`` against the revision before it."""
        index = _index_url(self.api_url)
        return f"{index}?{urlencode({'diff': 'prev', 'oldid': rev_id})}" if index else None


def load_card(session: Session, finding_id: int) -> Card | None:
    finding = session.get(Finding, finding_id)
    if finding is None:
        return None
    citation: Citation = finding.citation
    page: Page = citation.page
    wiki: Wiki = page.wiki
    source: Source | None = finding.source
    suggestions: list[Suggestion] = list(finding.suggestions)
    return Card(
        id=finding.id,
        state=finding.state,
        wiki=wiki.name,
        api_url=wiki.api_url,
        article=page.title,
        section=citation.section,
        preceding=_preceding(citation.context, citation.claim),
        claim=citation.claim,
        marker=citation.position + 1,
        tags=list(citation.tags or []),
        url=citation.url,
        archive_url=citation.archive_url,
        source_title=citation.source_title or (source.title if source else None),
        page_title=source.title if source else None,
        source_status=source.status if source else None,
        source_error=source.error if source else None,
        score=finding.score,
        probability=finding.probability,
        stance=finding.stance,
        scorer=finding.scorer,
        flag_reason=finding.flag_reason,
        origin=finding.origin,
        rev_id=finding.rev_id,
        created_at=finding.created_at,
        passage=highlight(finding.best_passage or "", finding.evidence or []),
        suggestions=[
            SuggestionView(
                id=s.id,
                rank=s.rank,
                url=s.url,
                title=s.title,
                score=s.score,
                probability=s.probability,
                passage=highlight(s.passage or "", s.evidence or []),
            )
            for s in suggestions
        ],
        reviews=[review_view(r) for r in history(session, finding_id)],
        article_url=_article_url(wiki, page.title),
        revision_url=_revision_url(wiki.api_url, finding.rev_id),
    )


def highlight(text: str, evidence: list[Any]) -> list[Segment]:
    """Cut ``text`` into plain and evidence segments. ``evidence`` is ``[{"start", "end", "score"}]``
    character offsets; entries that are malformed or outside the text are skipped, overlaps merged."""
    spans: list[tuple[int, int, float | None]] = []
    for item in evidence:
        try:
            start, end = max(0, int(item["start"])), min(len(text), int(item["end"]))
            score = float(item["score"]) if item.get("score") is not None else None
        except (TypeError, KeyError, ValueError, AttributeError):
            continue
        if start < end:
            spans.append((start, end, score))
    spans.sort()
    merged: list[tuple[int, int, float | None]] = []
    for start, end, score in spans:
        if merged and start <= merged[-1][1]:
            last_start, last_end, last_score = merged[-1]
            best = max((s for s in (last_score, score) if s is not None), default=None)
            merged[-1] = (last_start, max(last_end, end), best)
        else:
            merged.append((start, end, score))
    segments, position = [], 0
    for start, end, score in merged:
        if start > position:
            segments.append(Segment(text[position:start], False))
        segments.append(Segment(text[start:end], True, score))
        position = end
    if position < len(text):
        segments.append(Segment(text[position:], False))
    return segments


def decision_label(decision: str) -> str:
    try:
        return DECISION_LABELS[Decision(decision)]
    except ValueError:
        return decision


def review_view(review: Review) -> ReviewView:
    return ReviewView(
        id=review.id,
        reviewer=review.reviewer,
        decision=review.decision,
        decision_label=decision_label(review.decision),
        suggestion_id=review.suggestion_id,
        comment=review.comment,
        created_at=review.created_at,
        undone_at=review.undone_at,
        reopened_at=review.reopened_at,
        reopened_by=review.reopened_by,
    )


def _preceding(context: str, claim: str) -> str:
    """The context without the claim it ends with."""
    before, found, _ = (context or "").rpartition(claim.strip()) if claim.strip() else ("", "", "")
    return before.rstrip() if found else (context or "").strip()


def _index_url(api_url: str) -> str | None:
    if not api_url or not api_url.endswith("api.php"):
        return None
    return api_url[: -len("api.php")] + "index.php"


def _article_url(wiki: Wiki, title: str) -> str | None:
    encoded = quote(title.replace(" ", "_"), safe=MEDIAWIKI_URL_SAFE)
    if wiki.article_url:
        return wiki.article_url.replace("{title}", encoded)
    index = _index_url(wiki.api_url)
    return f"{index}?title={encoded}" if index else None


def _revision_url(api_url: str, rev_id: int | None) -> str | None:
    index = _index_url(api_url)
    return f"{index}?oldid={rev_id}" if index and rev_id else None
