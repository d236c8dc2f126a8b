"""A finding as every view reads it: :class:`FindingRow` and the one mapping from the stored rows to it,
:func:`finding_row`, which the CLI (``queue list --json``), the JSON API, the item card and the on-wiki list
all go through; :attr:`FindingRow.wording` is what they all say of it (:mod:`sidebot.queue.lead`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.queue.lead import Wording, wording_of
from sidebot.queue.models import Citation, Finding, Page, Source, Suggestion, Wiki, utcnow
from sidebot.queue.priority import priority_note
from sidebot.queue.support import Support, queue_reason, suggested_support


@dataclass(frozen=True)
class SuggestionRow:
    """A source suggested for a claim, as stored."""

    id: int
    rank: int
    url: str
    title: str | None
    score: float
    probability: float | None
    every_part_probability: float | None
    passage: str | None
    evidence: list[Any]  # offsets into the passage
    reference: str | None  # <ref>{{cite web|…}}</ref> to paste

    def listed(self) -> dict[str, Any]:
        """The suggestion as :attr:`FindingRow.suggestions` lists it."""
        return {
            "rank": self.rank,
            "url": self.url,
            "title": self.title,
            "probability": self.probability,
            "every_part_probability": self.every_part_probability,
            "passage": self.passage,
            "evidence": self.evidence,
            "reference": self.reference,
        }


def suggestion_row(g: Suggestion) -> SuggestionRow:
    """A stored suggestion as the views show it."""
    return SuggestionRow(
        id=g.id,
        rank=g.rank,
        url=g.url,
        title=g.title,
        score=g.score,
        probability=g.probability,
        every_part_probability=g.every_part_probability,
        passage=g.passage,
        evidence=list(g.evidence or []),
        reference=g.reference,
    )


@dataclass(frozen=True)
class FindingRow:
    """A finding as every view shows it: the CLI, the JSON API, the card and the on-wiki list."""

    id: int
    wiki: str
    article: str
    section: str
    claim: str
    url: str | None
    source_title: str | None
    source_status: str | None
    source_error: str | None
    score: float | None
    probability: float | None  # calibrated P(the source backs at least part of the claim)
    stance: str | None
    state: str
    flag_reason: str | None
    origin: str
    tags: list[str]
    best_passage: str | None
    evidence: list[dict[str, Any]]
    scorer: str
    rev_id: int | None
    created_at: datetime
    # [{rank, url, title, probability, passage, evidence, cited_in}], best first; evidence: offsets into the
    # passage; cited_in: [{wiki, article, rev_id}], the other articles citing that page for a claim it backs
    suggestions: list[dict[str, Any]] = field(default_factory=list)
    # Which copy was read: "live", "archive-url" or "wayback" (None: checked before copies were recorded),
    # the archived copy's URL and date, why the live URL was not read, and the title of the page read.
    copy_kind: str | None = None
    copy_url: str | None = None
    copy_date: str | None = None
    live_problem: str | None = None
    page_title: str | None = None
    archive_url: str | None = None  # the archived copy the citation names (archive-url=, {{webarchive}})
    band: str | None = None  # "very likely fails" / "may fail" (sidebot.verify.bands)
    fact_note: str | None = None  # the failing fact in words ("the source gives 1999, the claim says 2000")
    facts: list[dict[str, Any]] = field(default_factory=list)  # each fact of the claim on the source
    change: dict[str, Any] | None = None  # a changed fact: old and new value, revisions, editors, sentence
    every_part_probability: float | None = None  # P(the source backs every part of the claim)
    failed_part: str | None = None  # the part of the claim the source does not back
    kind: str = ""  # the citation's kind: cite web, bare-url, …, needs-source (tagged {{citation needed}})
    tag_date: str | None = None  # its tag's date=: {{citation needed|date=}}, {{failed verification|date=}}
    # The queue's order (sidebot.queue.priority): the priority and what the wiki says of the page
    priority: float | None = None
    living_person: bool | None = None
    views_per_day: float | None = None
    edit_protection: str | None = None  # the level needed to edit the page ("" or None: anyone)
    # Stored from a user's check before saving (origin "check"): who asked, and when
    requested_by: str | None = None
    requested_at: datetime | None = None

    @property
    def priority_note(self) -> str:
        """Why it comes where it does: "living person · 12k views/day · tagged 3 years ago"."""
        return priority_note(self.living_person, self.views_per_day, self.tag_date, utcnow().date())

    @property
    def support_figures(self) -> Support:
        """The finding's support figures (probabilities, the fact and part the source fails on, the flag
        reason)."""
        return Support.of(
            self.probability, self.every_part_probability, self.fact_note, self.failed_part, self.flag_reason
        )

    @property
    def wording(self) -> Wording:
        """What fails and the support, as every view words them (:mod:`sidebot.queue.lead`)."""
        # no cited source: what was found for the claim stands for its support
        unsourced = suggested_support(self.suggestions) if self.kind == NEEDS_SOURCE else None
        return wording_of(
            self.support_figures,
            self.facts,
            self.article,
            self.change,
            self.flag_reason,
            self.failed_part,
            unsourced,
        )

    @property
    def support(self) -> str:
        """What fails, then the support in words and figures: the one line the CLI, the on-wiki list and
        notices and the JSON show."""
        return self.wording.text

    @property
    def reason(self) -> str | None:
        """Why the finding is queued, in words (None when no reason applies)."""
        reason = queue_reason(self.flag_reason, self.stance)
        return reason.label if reason else None

    def to_json(self) -> dict[str, Any]:
        """The row as JSON for the API and ``sidebot queue list --json``, with the support, reason and
        priority in words."""
        data = asdict(self)
        data["created_at"] = self.created_at.isoformat()
        data["requested_at"] = self.requested_at and self.requested_at.isoformat()
        said = self.wording
        return data | {
            "support": said.text,
            "fails": list(said.fails),
            "backs_nothing": said.backs_nothing,
            "partly_supported": said.partly,
            "reason": self.reason,
            "priority_note": self.priority_note,
        }


def finding_row(f: Finding, c: Citation, p: Page, w: Wiki, s: Source | None) -> FindingRow:
    """The one mapping from a stored finding to its view: the CLI, the JSON API, the card, the wiki list."""
    return FindingRow(
        id=f.id,
        wiki=w.name,
        article=p.title,
        section=c.section,
        claim=c.claim,
        url=c.url,
        source_title=c.source_title or (s.title if s else None),
        source_status=s.status if s else None,
        source_error=s.error if s else None,
        score=f.score,
        probability=f.probability,
        stance=f.stance,
        state=f.state,
        flag_reason=f.flag_reason,
        origin=f.origin,
        tags=list(c.tags or []),
        best_passage=f.best_passage,
        evidence=list(f.evidence or []),
        scorer=f.scorer,
        rev_id=f.rev_id,
        created_at=f.created_at,
        suggestions=[suggestion_row(g).listed() for g in f.suggestions],
        copy_kind=f.copy_kind,
        copy_url=f.copy_url,
        copy_date=f.copy_date,
        live_problem=f.live_problem,
        page_title=s.title if s else None,
        archive_url=c.archive_url,
        band=f.band,
        fact_note=f.fact_note,
        facts=list(f.facts or []),
        change=f.change,
        every_part_probability=f.every_part_probability,
        failed_part=f.failed_part,
        kind=c.kind,
        tag_date=c.tag_date,
        priority=f.priority,
        living_person=p.living_person,
        views_per_day=p.views_per_day,
        edit_protection=p.edit_protection,
        requested_by=f.requested_by,
        requested_at=f.requested_at,
    )
