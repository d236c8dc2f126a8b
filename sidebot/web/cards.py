"""One finding as the item card shows it: the claim in context, the source's best passage cut into plain
and evidence segments, the suggestions, the review history and the links to the wiki and the source.

The models are also the JSON API's bodies for one finding (:mod:`sidebot.web.schemas`): its OpenAPI schema
takes their class names and field descriptions (and would take a docstring as a description).

Everything here is plain text; the templates escape it (no source HTML is ever rendered).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote, urlencode

from pydantic import BaseModel, ConfigDict, Field

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.queue.cards import CardRow, card_row
from sidebot.queue.db import Session
from sidebot.queue.lead import READER_SCORE, Wording, rival_words, said_of_subject
from sidebot.queue.models import Review
from sidebot.queue.reviews import DECISION_LABELS, FIRM_DECISIONS, Decision
from sidebot.queue.support import Support, no_citation_note, percent, support_text
from sidebot.web.integrity import ReviewTarget
from sidebot.web.lead import MIN_SHARE, states_nothing
from sidebot.web.passages import ShownPassage, shown_passage

MEDIAWIKI_URL_SAFE = ";@$!*(),/~:"  # what MediaWiki leaves unescaped in page URLs (as sidebot.wiki.site)


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class Segment(_View):
    """A piece of the shown source passage: evidence the verifier found (highlighted, with its score), plain
    text, or context the stored passage had cut."""

    text: str
    evidence: bool = Field(description="true: a sentence that holds the claim's words, highlighted")
    score: float | None = None
    context: bool = Field(
        False, description="true: the rest of a sentence the stored passage cut, from the fetched page"
    )


class SuggestionOut(_View):
    """Another source suggested for the claim: its page, its support figures and words, the passage that backs
    it, the other articles citing it, and a reference to paste."""

    id: int
    rank: int
    url: str
    title: str | None
    score: float
    probability: float | None = Field(description="calibrated P(it backs at least part of the claim)")
    every_part_probability: float | None = Field(description="P(it backs every part of the claim)")
    support: str = Field(description="both figures in words")
    passage: list[Segment]
    cited_in: list[str] = Field(
        description="the other articles citing this page for a claim it backs ('wiki: title' on another wiki)"
    )
    reference: str | None = Field(
        description="<ref>{{cite web|…}}</ref> to paste, filled from the page's own metadata (absent fields"
        " left out); the bot never inserts it"
    )


class PartOut(_View):
    """One part of a long claim, judged alone by the verifier's reader."""

    text: str
    probability: float | None
    support: str = Field(description="the part's probability in words")
    window: str | None = Field(description="the source window the reader found most supporting for it")


class FactOut(_View):
    """One fact of the claim (a year, number, name…) as the cited source states it."""

    text: str = Field(description="the fact as the claim writes it")
    kind: str = Field(description='what kind of fact: "year", "date", "number", "sum", "name", …')
    status: str = Field(description="found, missing or contradicted")
    explanation: str = Field(
        description='in words: "the source gives 1999, the claim says 2000"; a rival the source does not say '
        'of the subject: "the source gives another figure, not said of <subject>; the claim says 2000"'
    )
    stated: str | None = Field(description="the source's own value, where it contradicts the claim")
    said_of_subject: bool = Field(
        True,
        description="a contradicted fact: whether the source's sentence giving the rival names the claim's "
        "subject (false: the explanation leaves the rival's value out)",
    )
    sentence: list[Segment] = Field(description="the source's sentence stating the fact or its rival")
    elsewhere: list[Segment] = Field(
        description="where the source gives a contradicted fact's own value, away from the claim's words"
    )


class ChangeOut(_View):
    """An edit that changed a fact under a citation it kept, when the source states the old value."""

    old: str
    new: str
    kind: str
    old_claim: str = Field(description="the claim before the edit")
    old_rev: int
    new_rev: int
    editors: list[str] = Field(description="who saved the revisions between the two")
    diff_url: str | None = Field(description="the wiki's diff between the two revisions")
    sentence: list[Segment] = Field(description="the source's sentence that states the old value")
    new_sentence: list[Segment] = Field(
        description="where the source gives the new value, away from the claim's words (empty: it does not)"
    )
    edit: str = Field(
        "", description="what the edit did: citation removed, source replaced, tag removed (empty: a fact)"
    )
    before: str | None = Field(None, description="what the bot had found of the citation before the edit")
    after: str | None = Field(None, description="a replaced source: what the bot found of the new one")


class ReviewOut(_View):
    """A reviewer's decision on a finding, with when it was withdrawn or the finding reopened, if it was."""

    id: int
    reviewer: str
    decision: str
    decision_label: str
    suggestion_id: int | None
    comment: str | None
    created_at: datetime
    undone_at: datetime | None = Field(description="withdrawn by its reviewer: it no longer counts")
    reopened_at: datetime | None = Field(description="returned to open: no longer the finding's decision")
    reopened_by: str | None

    @property
    def current(self) -> bool:
        """Whether this decision still stands: a firm decision, neither withdrawn nor reopened."""
        return self.undone_at is None and self.reopened_at is None and self.decision in FIRM_DECISIONS


class Card(_View):
    """One finding as the card shows it: the claim in its article, the cited source with the passage and
    evidence, the verdict in figures and words, the facts checked, the suggestions and the reviews."""

    id: int
    state: str
    wiki: str
    api_url: str = Field(exclude=True)  # for the wiki's integrity checks and links; not in the API
    article: str
    section: str
    preceding: str = Field(description="the article text before the claim")  # SIDE's context
    claim: str
    marker: int = Field(description="the citation's order on the page (1 = the first <ref>)")
    tags: list[str]
    url: str | None
    archive_url: str | None
    source_title: str | None = Field(description="as the citation gives it, else the fetched page's title")
    # the fetched page's title differs from the cited one when a link moved
    page_title: str | None = Field(description="the fetched page's own title")
    source_status: str | None
    source_error: str | None
    copy_kind: str | None = Field(description='the copy read: "live", "archive-url" or "wayback"')
    copy_url: str | None = Field(description="the archived copy read, when one was")
    copy_date: str | None = Field(description="when the archived copy was captured")
    live_problem: str | None = Field(description="why the cited URL itself was not read")
    score: float | None = Field(description="the verifier's raw score (details only)")
    probability: float | None = Field(
        description="calibrated P(the source backs at least part of the claim); the bands are defined on it"
    )
    every_part_probability: float | None = Field(
        description="calibrated P(the source backs every part of the claim); null before scoring revision 6"
    )
    support: str = Field(
        description="what fails, then both figures in words, as the list, the CLI and the on-wiki list say"
        " it: 'The source does not give: 1998 — source backs only part of the claim (backs the whole claim:"
        " 24 %; backs part of it: 93 %)'; no 'backs part' figure where the source backs none of its facts"
    )
    support_words: str = Field(description='the verdict in words: "source backs only part of the claim"')
    support_figures: str = Field(
        description='"backs the whole claim: 24 %; backs part of it: 93 %" (no "backs part" when '
        "backs_nothing)"
    )
    gap: str | None = Field(description="the part or fact not backed, where no line of fails names it")
    partly_supported: bool = Field(
        description="the source backs part of the claim, probably not all of it (false when backs_nothing)"
    )
    reason: str | None = Field(description="why it is in the queue (tagged by editors, low support, …)")
    stance: str | None
    scorer: str
    flag_reason: str | None
    origin: str
    requested_by: str | None = Field(
        description="the user whose check before saving stored it (origin check)"
    )
    rev_id: int | None
    created_at: datetime
    passage: list[Segment] = Field(description="the source's best passage, cut into plain and evidence parts")
    parts: list[PartOut] = Field(description="the claim's parts, each judged alone (empty: not split)")
    failed_part: str | None = Field(description="the part the source does not back while it backs the others")
    band: str | None = Field(description='"very likely fails" or "may fail"')
    fact_note: str | None = Field(description="the failing fact in words")
    facts: list[FactOut] = Field(description="the claim's facts looked up on the source")
    fails: list[str] = Field(
        description="what fails, in words, the card's first lines: \"The source does not give: 1978, "
        'Lexington", "Changed fact: 2013 → 2014 (the source gives 2013)", "Citation removed"…'
    )
    backs_nothing: bool = Field(
        description="the claim has facts to check and the source gives none of them: no 'backs part' figure"
    )
    states_nothing: bool = Field(
        description="the shown passage states nothing of the claim: no sentence is highlighted as evidence"
    )
    shown_words: str = Field(description="the support words the card shows (as support_words)")
    shown_figures: str = Field(description="the figures the card shows (as support_figures)")
    change: ChangeOut | None = Field(description="a changed fact: what an edit changed under this citation")
    suggestions: list[SuggestionOut]
    reviews: list[ReviewOut]
    article_url: str | None
    revision_url: str | None
    no_citation: str | None = Field(
        None, description="a claim tagged {{citation needed}}: no source cited, since when it is tagged"
    )
    priority: float | None = Field(None, description="the queue's order: higher first")
    priority_note: str = Field(
        "", description='why it comes where it does: "living person · 12k views/day · tagged 3 years ago"'
    )
    edit_protection: str | None = Field(
        None, description='the level needed to edit the page ("autoconfirmed", "sysop"…); empty: anyone'
    )

    @property
    def current_review(self) -> ReviewOut | None:
        """The decision that stands on the finding now, the latest first (None when there is none)."""
        return next((r for r in reversed(self.reviews) if r.current), None)

    def chosen_suggestion(self, review: ReviewOut) -> SuggestionOut | None:
        """The suggestion a "a suggestion is better" decision named (None: another decision, or the
        suggestion is no longer stored)."""
        return next((s for s in self.suggestions if s.id == review.suggestion_id), None)

    @property
    def target(self) -> ReviewTarget:
        """What a review of this finding touches on the wiki, for the gate's checks."""
        return ReviewTarget(
            wiki=self.wiki, api_url=self.api_url, title=self.article, rev_id=self.rev_id, url=self.url
        )

    def diff_url(self, rev_id: int) -> str | None:
        """The wiki's diff of ``rev_id`` against the revision before it."""
        index = _index_url(self.api_url)
        return f"{index}?{urlencode({'diff': 'prev', 'oldid': rev_id})}" if index else None


def load_card(session: Session, finding_id: int) -> Card | None:
    """The card of finding ``finding_id``, or None when there is no such finding."""
    card = card_row(session, finding_id)
    return _card_view(card) if card is not None else None


def _card_view(card: CardRow) -> Card:
    row = card.row
    passage = highlight(
        shown_passage(row.best_passage or "", row.evidence, row.claim, card.source_text, row.page_title)
    )
    silent = states_nothing(row.facts, [s.score for s in passage if s.evidence])
    said = row.wording
    return Card(
        id=row.id,
        state=row.state,
        wiki=row.wiki,
        api_url=card.api_url,
        article=row.article,
        section=row.section,
        preceding=_preceding(card.context, row.claim),
        claim=row.claim,
        marker=card.position + 1,
        tags=row.tags,
        url=row.url,
        archive_url=row.archive_url,
        source_title=row.source_title,
        page_title=row.page_title,
        source_status=row.source_status,
        source_error=row.source_error,
        copy_kind=row.copy_kind,
        copy_url=row.copy_url,
        copy_date=row.copy_date,
        live_problem=row.live_problem,
        score=row.score,
        probability=row.probability,
        every_part_probability=row.every_part_probability,
        **_support_fields(said),
        reason=row.reason,
        priority=row.priority,
        priority_note=row.priority_note,
        edit_protection=row.edit_protection or None,
        stance=row.stance,
        scorer=row.scorer,
        flag_reason=row.flag_reason,
        origin=row.origin,
        requested_by=row.requested_by,
        rev_id=row.rev_id,
        created_at=row.created_at,
        passage=stating(passage, silent),
        parts=[
            PartOut(
                text=p["text"],
                probability=p.get("probability"),
                support=support_text(p.get("probability")),
                window=p.get("window"),
            )
            for p in card.parts
        ],
        failed_part=row.failed_part,
        band=row.band,
        fact_note=row.fact_note,
        facts=[_fact_view(f, row.article, row.facts) for f in row.facts],
        fails=list(said.fails),
        backs_nothing=said.backs_nothing,
        states_nothing=silent,
        shown_words=said.words,
        shown_figures=said.figures,
        change=_change_view(row.change, card.api_url),
        suggestions=_suggestion_views(card),
        reviews=[review_view(r) for r in card.reviews],
        article_url=_article_url(card.article_url, card.api_url, row.article),
        revision_url=_revision_url(card.api_url, row.rev_id),
        no_citation=no_citation_note(row.tag_date) if row.kind == NEEDS_SOURCE else None,
    )


def _suggestion_views(card: CardRow) -> list[SuggestionOut]:
    """The card's suggested sources, each with its passage and the other articles that cite it."""
    row = card.row
    return [
        SuggestionOut(
            id=s.id,
            rank=s.rank,
            url=s.url,
            title=s.title,
            score=s.score,
            probability=s.probability,
            every_part_probability=s.every_part_probability,
            support=Support(s.probability, s.every_part_probability).text,
            passage=highlight(shown_passage(s.passage or "", s.evidence, row.claim, None, s.title)),
            cited_in=[
                c.article if c.wiki == row.wiki else f"{c.wiki}: {c.article}"
                for c in card.cited_in.get(s.url, [])
                if (c.wiki, c.article) != (row.wiki, row.article)
            ],
            reference=s.reference,
        )
        for s in card.suggestions
    ]


def _support_fields(said: Wording) -> dict[str, Any]:
    """The support as every view words it (:mod:`sidebot.queue.lead`): the JSON says what the card says."""
    return {
        "support": said.text,
        "support_words": said.words,
        "support_figures": said.figures,
        "gap": said.gap,
        "partly_supported": said.partly,
    }


def _fact_view(fact: dict[str, Any], article: str, facts: Sequence[dict[str, Any]]) -> FactOut:
    contradicted = fact.get("status") == "contradicted"
    value = fact.get("stated") if contradicted else fact.get("text")
    return FactOut(
        text=fact.get("text", ""),
        kind=fact.get("kind", ""),
        status=fact.get("status", ""),
        explanation=rival_words(fact, article, facts),
        stated=fact.get("stated"),
        said_of_subject=not contradicted or said_of_subject(fact.get("sentence"), article, facts),
        sentence=mark(fact.get("sentence") or "", value or "", fact.get("value_at")),
        elsewhere=mark(fact.get("elsewhere") or "", fact.get("text") or "", fact.get("elsewhere_value_at")),
    )


def _change_view(change: dict[str, Any] | None, api_url: str) -> ChangeOut | None:
    if not change:
        return None
    index = _index_url(api_url)
    diff = (
        f"{index}?{urlencode({'diff': change['new_rev'], 'oldid': change['old_rev']})}"
        if index and change.get("old_rev")
        else None
    )
    return ChangeOut(
        old=change["old"],
        new=change["new"],
        kind=change.get("kind", ""),
        old_claim=change.get("old_claim", ""),
        old_rev=change.get("old_rev") or 0,
        new_rev=change.get("new_rev") or 0,
        editors=list(change.get("editors") or []),
        diff_url=diff,
        sentence=mark(change.get("sentence") or "", change["old"], change.get("value_at")),
        new_sentence=mark(change.get("new_sentence") or "", change["new"], change.get("new_value_at")),
        edit=change.get("edit", ""),
        before=_found_words(change.get("previous")),
        after=_found_words(change.get("after")),
    )


def _found_words(found: dict[str, Any] | None) -> str | None:
    """What the bot found of a source, in words (``sidebot.queue.store.verdict_summary``), its figure named
    for what it measures: "passed, the reader's support score 92 %", "queued, the reader's support score
    31 % — the source does not give 1994", "the source could not be read"."""
    if found is None:
        return None
    if found.get("probability") is None:
        return "the source could not be read" if found.get("state") else "not checked"
    state = {"passed": "passed, ", "open": "queued, "}.get(found.get("state") or "", "")
    note = f" — {found['fact_note']}" if found.get("fact_note") else ""
    return f"{state}{READER_SCORE} {percent(found['probability'])}{note}"


def mark(sentence: str, value: str, written_at: Sequence[int] | None = None) -> list[Segment]:
    """``sentence`` with the value as the evidence segment: at ``written_at`` (its offsets in the sentence,
    which the fact check records however the value is written there: "11 July 1909" for "July 11, 1909"),
    else at the first occurrence of ``value`` (case-insensitive; findings stored before the offsets were);
    the whole sentence as evidence when neither places it."""
    if not sentence:
        return []
    if written_at is not None and _fits(written_at, sentence):
        start, end = written_at[0], written_at[1]
    else:  # a search, not a find in a casefolded copy: "ß" folds to "ss", and the offsets would slip
        found = re.search(re.escape(value), sentence, re.IGNORECASE) if value else None
        if found is None:
            return [Segment(text=sentence, evidence=True)]
        start, end = found.span()
    parts = [
        (sentence[:start], False),
        (sentence[start:end], True),
        (sentence[end:], False),
    ]
    return [Segment(text=t, evidence=e) for t, e in parts if t]


def _fits(written_at: Sequence[int], sentence: str) -> bool:
    """Whether stored offsets are two whole numbers that cut a span out of ``sentence``."""
    return (
        len(written_at) == 2
        and all(type(i) is int for i in written_at)
        and 0 <= written_at[0] < written_at[1] <= len(sentence)
    )


def stating(segments: list[Segment], silent: bool) -> list[Segment]:
    """``segments`` highlighted only where a sentence states something of the claim: no mark holding under
    :data:`sidebot.web.lead.MIN_SHARE` of its content words, none at all in a passage that states nothing
    (``silent``)."""
    return [
        s.model_copy(update={"evidence": False, "score": None})
        if s.evidence and (silent or (s.score is not None and s.score < MIN_SHARE))
        else s
        for s in segments
    ]


def highlight(shown: ShownPassage) -> list[Segment]:
    """Cut the shown text into plain, evidence and context segments: evidence spans that overlap are merged,
    and the text added around the stored passage (``shown.context``) is marked as context."""
    merged: list[tuple[int, int, float | None]] = []
    for span in sorted(shown.evidence, key=lambda e: (e.start, e.end)):
        if merged and span.start <= merged[-1][1]:
            last_start, last_end, last_score = merged[-1]
            best = max((s for s in (last_score, span.score) if s is not None), default=None)
            merged[-1] = (last_start, max(last_end, span.end), best)
        else:
            merged.append((span.start, span.end, span.score))
    marks = sorted({0, len(shown.text), *shown.context, *(i for a, b, _ in merged for i in (a, b))})
    segments: list[Segment] = []
    inside = shown.context
    for start, end in zip(marks, marks[1:]):
        if start >= end:
            continue
        score = next((s for a, b, s in merged if a <= start and end <= b), None)
        evidence = any(a <= start and end <= b for a, b, _ in merged)
        context = not (inside[0] <= start and end <= inside[1])
        last = segments[-1] if segments else None
        if last and (last.evidence, last.context, last.score) == (evidence, context, score):
            segments[-1] = last.model_copy(update={"text": last.text + shown.text[start:end]})
        else:
            segments.append(
                Segment(text=shown.text[start:end], evidence=evidence, score=score, context=context)
            )
    return segments


def decision_label(decision: str) -> str:
    """The words a decision is shown in; an unknown value is shown as it is."""
    try:
        return DECISION_LABELS[Decision(decision)]
    except ValueError:
        return decision


def review_view(review: Review) -> ReviewOut:
    """A stored review as the card and the API show it."""
    return ReviewOut(
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


def _article_url(pattern: str, api_url: str, title: str) -> str | None:
    encoded = quote(title.replace(" ", "_"), safe=MEDIAWIKI_URL_SAFE)
    if pattern:
        return pattern.replace("{title}", encoded)
    index = _index_url(api_url)
    return f"{index}?title={encoded}" if index else None


def _revision_url(api_url: str, rev_id: int | None) -> str | None:
    index = _index_url(api_url)
    return f"{index}?oldid={rev_id}" if index and rev_id else None
