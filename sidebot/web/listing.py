"""The queue list as the list page and the JSON API show it: each finding's summary, the labels of the
filters. The rows come from :mod:`sidebot.queue.listing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from sidebot.queue import listing
from sidebot.queue.db import Session
from sidebot.queue.listing import ListedFinding, QueueFilter
from sidebot.queue.support import REASON_LABELS, ReasonKind, queue_reason

REASONS = {kind.value: label for kind, label in REASON_LABELS.items()}
ORIGIN_LABELS = {
    "recent": "recent change",
    "failed_verification": "failed-verification sweep",
    "page": "single page",
    "backfill": "dump backfill",
    "check": "a user's check before saving",
}


# One row of the list, and the JSON API's list entry: its OpenAPI schema takes the class name and the field
# descriptions (and would take a docstring as the entry's description).
class FindingSummary(BaseModel):
    """A finding as the queue lists it: where it is, the claim and source, its support and why it is queued,
    and the decision on it, if any."""

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
    origin: str = Field(
        description="how it was found: recent, failed_verification, page, backfill or check (a user's check "
        "before saving, stored at their request)"
    )
    flag_reason: str | None
    support: str = Field(
        description="what fails, then both figures in words, as the card says it (sidebot.queue.lead): 'The "
        "source does not give: 1998 — source backs only part of the claim (backs the whole claim: 24 %; "
        "backs part of it: 93 %)'; no 'backs part' figure where the source backs none of the claim's facts"
    )
    fails: list[str] = Field(
        default_factory=list,
        description='what fails, in words, as the card leads with it: "The source does not give: 1978", '
        '"Changed fact: 2013 → 2014 (the source gives 2013)", "Citation removed", "Needs a source"…',
    )
    backs_nothing: bool = Field(
        default=False, description="the claim has facts to check and the source gives none of them"
    )
    support_words: str = Field(
        default="", description='the verdict alone: "source backs only part of the claim"'
    )
    support_figures: str = Field(
        default="",
        description='"backs the whole claim: 24 %; backs part of it: 93 %" (no "backs part" when '
        "backs_nothing)",
    )
    partly_supported: bool = Field(
        default=False,
        description="the source backs part of the claim, probably not all of it (false when backs_nothing)",
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
    priority: float | None = Field(default=None, description="the queue's order: higher first")
    priority_note: str = Field(
        default="", description='why: "living person · 12k views/day · tagged 3 years ago"'
    )
    edit_protection: str | None = Field(
        default=None, description='the level needed to edit the page ("autoconfirmed", "sysop"…)'
    )
    created_at: datetime
    decided_by: str | None = Field(description="reviewed and mine tabs: who made the decision shown")
    decided_at: datetime | None
    decision: str | None
    decided_suggestion: str | None = Field(
        None, description="a suggestion is better: which one (its title, else its address)"
    )

    @classmethod
    def of(cls, item: ListedFinding) -> FindingSummary:
        """The API's view of a listed queue row: its figures, its support and reason in words, and the
        decision on it."""
        row, decided = item.row, item.decision
        reason = queue_reason(row.flag_reason, row.stance)
        said = row.wording
        return cls(
            id=row.id,
            wiki=row.wiki,
            article=row.article,
            section=row.section,
            claim=row.claim,
            url=row.url,
            source_title=row.source_title,
            score=row.score,
            probability=row.probability,
            every_part_probability=row.every_part_probability,
            stance=row.stance,
            state=row.state,
            origin=row.origin,
            flag_reason=row.flag_reason,
            support=said.text,
            fails=list(said.fails),
            backs_nothing=said.backs_nothing,
            support_words=said.words,
            support_figures=said.figures,
            partly_supported=said.partly,
            reason=reason.label if reason else None,
            reason_kind=reason.kind if reason else None,
            band=row.band,
            fact_note=row.fact_note,
            priority=row.priority,
            priority_note=row.priority_note,
            edit_protection=row.edit_protection or None,
            created_at=row.created_at,
            decided_by=decided.reviewer if decided else None,
            decided_at=decided.created_at if decided else None,
            decision=decided.decision if decided else None,
            decided_suggestion=decided.suggestion if decided else None,
        )


@dataclass(frozen=True)
class QueuePage:
    """One page of the queue: its findings, how many match in this tab and in each, and which page it is."""

    items: list[FindingSummary]
    total: int  # findings in this tab with these filters
    counts: dict[str, int]  # per tab, with these filters
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        """How many pages the matching findings fill (at least one)."""
        return max(1, -(-self.total // self.per_page))


def list_queue(
    session: Session, flt: QueueFilter, user: str | None, page: int = 1, per_page: int = 50
) -> QueuePage:
    """Page ``page`` (from 1) of the queue with filter ``flt``, as ``user`` sees it (their own tab needs
    them)."""
    page = max(1, page)
    rows = listing.list_queue(session, flt, user, page, per_page)
    return QueuePage(
        items=[FindingSummary.of(item) for item in rows.items],
        total=rows.total,
        counts=rows.counts,
        page=page,
        per_page=per_page,
    )
