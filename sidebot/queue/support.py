"""What people are shown about a finding: how well its source backs the claim, in two figures and words, and
the reason it is in the queue.

Everywhere a person looks (the web list and card, the CLI tables, the on-wiki list, talk notices) shows the
verifier's two calibrated figures (sidebot/verify/every_part.py) and says which is which: P(the source backs
**every** part of the claim) and P(it backs **at least part** of it), with the part or fact it does not back
when the verifier names one ("backs the whole claim: 24 %; backs part of it: 93 % — the source does not give
the claim's year 1998"). The bands (very likely fails, may fail) stay defined on the at-least-part figure;
a citation whose source backs only part of its claim is shown as such, never as "likely supports". Raw
scores and stances stay in details and the JSON. The reason is a kind plus an optional detail, so that a
verifier that checks sub-claims can report "partial support: <sub-claim> failed" (a ``flag_reason``
starting with ``partial support``) without a new shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import ColumnElement, and_, case, not_, or_

from sidebot.queue.models import Finding

EVERY_PART_BELOW = 0.5  # below it, the source more likely backs only part of the claim than all of it


@dataclass(frozen=True)
class Support:
    """How well a source backs a claim, as a person reads it.

    ``at_least_part`` and ``every_part``: the verifier's two calibrated figures (``every_part`` is None for
    findings verified before it existed); ``gap``: the part or fact of the claim the verifier names as not
    backed, in words; ``copies_wikipedia``: the source is a copy of the article (its figures say
    nothing)."""

    at_least_part: float | None
    every_part: float | None = None
    gap: str | None = None
    copies_wikipedia: bool = False

    @classmethod
    def of(
        cls,
        at_least_part: float | None,
        every_part: float | None,
        fact_note: str | None,
        failed_part: str | None,
        flag_reason: str | None,
    ) -> Support:
        """What a stored finding's figures, failing fact or part, and triage reason say."""
        copies = (flag_reason or "").startswith(COPIES_PREFIX)
        return cls(at_least_part, every_part, gap_of(fact_note, failed_part), copies)

    @property
    def partly(self) -> bool:
        """The source backs part of the claim but (probably) not all of it."""
        if self.copies_wikipedia or self.at_least_part is None or self.at_least_part < 0.5:
            return False
        if self.every_part is None:
            return False
        return bool(self.gap) or self.every_part < EVERY_PART_BELOW

    @property
    def words(self) -> str:
        """The verdict in words, judged on both figures."""
        part, every = self.at_least_part, self.every_part
        if self.copies_wikipedia:
            return "the source copies Wikipedia: it cannot back the claim, whatever its figures"
        if part is None:
            return "support not measured"
        if part < 0.2:
            return "source unlikely to back the claim"
        if part < 0.5:
            return "source may not back the claim"
        if every is None:
            return f"source {'probably' if part < 0.8 else 'likely'} backs at least part of the claim"
        if self.gap:
            return "source backs only part of the claim"
        if every < EVERY_PART_BELOW:
            return "source may back only part of the claim"
        return f"source {'probably' if every < 0.8 else 'likely'} backs the whole claim"

    @property
    def figures(self) -> str:
        """``"backs the whole claim: 24 %; backs part of it: 93 %"``."""
        if self.at_least_part is None:
            return "no figure"
        part = f"backs part of it: {percent(self.at_least_part)}"
        if self.every_part is None:
            return f"backs at least part of the claim: {percent(self.at_least_part)}"
        return f"backs the whole claim: {percent(self.every_part)}; {part}"

    @property
    def text(self) -> str:
        """Words, figures and the gap in one line (CLI, on-wiki list, notices)."""
        if self.at_least_part is None:
            return self.words
        gap = f" — {self.gap}" if self.gap else ""
        return f"{self.words} ({self.figures}){gap}"


def partly_condition() -> ColumnElement[bool]:
    """The SQL condition on ``findings`` that matches what every view says of a finding's support
    (:attr:`sidebot.queue.lead.Wording.partly`): :attr:`Support.partly`, unless the source backs none of the
    claim's facts (the stored ``backs_nothing``), whatever its figures say."""
    return and_(
        not_(Finding.backs_nothing),
        Finding.probability >= 0.5,
        Finding.every_part_probability.is_not(None),
        or_(Finding.flag_reason.is_(None), not_(Finding.flag_reason.like(COPIES_PREFIX + "%"))),
        or_(
            Finding.every_part_probability < EVERY_PART_BELOW,
            Finding.fact_note.is_not(None),
            Finding.failed_part.is_not(None),
        ),
    )


def gap_of(fact_note: str | None, failed_part: str | None) -> str | None:
    """The part or fact of a claim the verifier names as not backed: the failing fact (the fact check's words,
    a contradiction first), else the part of the claim no window backs."""
    if fact_note:
        return fact_note
    return f"the source does not back ‘{failed_part}’" if failed_part else None


def finding_support(finding: Finding) -> Support:
    """How well a finding's source backs its claim, as the views word it."""
    return Support.of(
        finding.probability,
        finding.every_part_probability,
        finding.fact_note,
        finding.failed_part,
        finding.flag_reason,
    )


def support_text(probability: float | None) -> str:
    """One figure alone (a part of a claim, a suggested source verified before the every-part figure):
    ``"probably backs it, 73 %"``."""
    if probability is None:
        return "support not measured"
    words = next(words for upper, words in SUPPORT_WORDS if probability < upper)
    return f"{words}, {percent(probability)}"


# Upper bounds (exclusive) of one calibrated probability for each wording, lowest first.
SUPPORT_WORDS: tuple[tuple[float, str], ...] = (
    (0.2, "unlikely to back it"),
    (0.5, "may not back it"),
    (0.8, "probably backs it"),
    (float("inf"), "likely backs it"),
)


def percent(probability: float | None) -> str:
    """A probability as a whole percentage (a dash when there is none)."""
    return "—" if probability is None else f"{round(100 * probability)} %"


class ReasonKind(StrEnum):
    """Why a finding is in the queue, most telling first."""

    TAGGED = "tagged"
    CHANGED_FACT = "changed_fact"  # an edit changed a fact the source states under an unchanged citation
    CITATION_REMOVED = "citation_removed"  # an edit took a citation out and kept its claim
    SOURCE_REPLACED = "source_replaced"  # an edit pointed a citation at a source that backs its claim less
    TAG_REMOVED = "tag_removed"  # an edit took {{citation needed}} or {{failed verification}} off, alone
    COPIES_WIKIPEDIA = "copies_wikipedia"  # a mirror or circular source: a failure however well it "supports"
    FACT_CONTRADICTED = "fact_contradicted"  # the source states another value of one of the claim's facts
    CONTRADICTS = "contradicts"
    PARTIAL = "partial"
    FACT_MISSING = "fact_missing"  # the source does not give a year, sum, person or place the claim states
    LOW_SUPPORT = "low_support"
    NEEDS_SOURCE = "needs_source"  # a claim tagged {{citation needed}}: no source cited, one suggested


REASON_LABELS: dict[ReasonKind, str] = {
    ReasonKind.TAGGED: "tagged by editors",
    ReasonKind.CHANGED_FACT: "changed fact",
    ReasonKind.CITATION_REMOVED: "citation removed",
    ReasonKind.SOURCE_REPLACED: "source replaced",
    ReasonKind.TAG_REMOVED: "tag removed",
    ReasonKind.COPIES_WIKIPEDIA: "the source copies Wikipedia",
    ReasonKind.FACT_CONTRADICTED: "source contradicts a fact",
    ReasonKind.CONTRADICTS: "source contradicts",
    ReasonKind.PARTIAL: "partial support",
    ReasonKind.FACT_MISSING: "fact not in source",
    ReasonKind.LOW_SUPPORT: "low support",
    ReasonKind.NEEDS_SOURCE: "needs a source",
}

_FIGURE = re.compile(r"\s*\(\d\.\d\d < \d\.\d\d\)$")
COPIES_PREFIX = "copies Wikipedia"  # a source that copies the article (a mirror, a circular source)
TAGGED_PREFIX = "tagged"  # sidebot.patrol.pipeline.triage's flag_reason for citations editors tagged
LOW_PREFIX = "low support"  # triage's flag_reason for a citation below the flag threshold
PARTIAL_PREFIX = "partial support"  # a verifier reporting sub-claims: "partial support: <sub-claim> failed"
# The fact check's: "changed fact: 1999 → 2000", "contradicted fact: the source gives …", "missing fact: …"
CHANGED_FACT_PREFIX = "changed fact"
# An edit that touched a citation (sidebot.patrol.edits): "citation removed: <ref>", "source replaced: <old> →
# <new>", "tag removed: {{citation needed}}"
CITATION_REMOVED_PREFIX = "citation removed"
SOURCE_REPLACED_PREFIX = "source replaced"
TAG_REMOVED_PREFIX = "tag removed"
# The reasons an edit gave, listed first (often vandalism: time matters)
EDIT_PREFIXES = (CHANGED_FACT_PREFIX, CITATION_REMOVED_PREFIX, SOURCE_REPLACED_PREFIX, TAG_REMOVED_PREFIX)
CONTRADICTED_FACT_PREFIX = "contradicted fact"
MISSING_FACT_PREFIX = "missing fact"
NEEDS_SOURCE_PREFIX = "needs a source"  # a claim tagged {{citation needed}} (sidebot.patrol.pipeline)
_DETAILED = (
    (NEEDS_SOURCE_PREFIX, ReasonKind.NEEDS_SOURCE),
    (CHANGED_FACT_PREFIX, ReasonKind.CHANGED_FACT),
    (CITATION_REMOVED_PREFIX, ReasonKind.CITATION_REMOVED),
    (SOURCE_REPLACED_PREFIX, ReasonKind.SOURCE_REPLACED),
    (TAG_REMOVED_PREFIX, ReasonKind.TAG_REMOVED),
    (COPIES_PREFIX, ReasonKind.COPIES_WIKIPEDIA),
    (CONTRADICTED_FACT_PREFIX, ReasonKind.FACT_CONTRADICTED),
    (PARTIAL_PREFIX, ReasonKind.PARTIAL),
    (MISSING_FACT_PREFIX, ReasonKind.FACT_MISSING),
)
REFUTES = "refutes"


@dataclass(frozen=True)
class QueueReason:
    """Why a finding is in the queue, with its detail."""

    kind: ReasonKind
    detail: str = ""  # e.g. the sub-claim that failed

    @property
    def label(self) -> str:
        """The reason in words, with its detail after a colon when it has one."""
        return REASON_LABELS[self.kind] + (f": {self.detail}" if self.detail else "")


def queue_reason(flag_reason: str | None, stance: str | None) -> QueueReason | None:
    """The reason for a finding with this ``flag_reason`` (set when it was triaged) and verdict stance; None
    for one that was never queued (passed, or unverifiable with the problem as its reason)."""
    if not flag_reason:
        return None
    if flag_reason.startswith(TAGGED_PREFIX):
        return QueueReason(ReasonKind.TAGGED)
    for prefix, kind in _DETAILED:
        if flag_reason.startswith(prefix):
            return QueueReason(kind, _detail(flag_reason[len(prefix) :]))
    if flag_reason.startswith(LOW_PREFIX):
        return QueueReason(ReasonKind.CONTRADICTS if stance == REFUTES else ReasonKind.LOW_SUPPORT)
    return None


def _detail(rest: str) -> str:
    """The words after a reason's prefix, without the figure triage appends ("(0.31 < 0.50)")."""
    return strip_figure(rest).lstrip(" :")


def strip_figure(flag_reason: str) -> str:
    """A triage reason without the figure it ends with: "missing fact: the source does not give 1978"."""
    return _FIGURE.sub("", flag_reason)


def no_citation_note(tag_date: str | None) -> str:
    """What a claim tagged {{citation needed}} shows where a cited source would be."""
    since = f" since {tag_date}" if tag_date else ""
    return f"No citation; the claim is tagged {{{{citation needed}}}}{since}"


def suggested_support(suggestions: list[dict[str, Any]]) -> str:
    """The support shown for a claim that cites no source: its best suggestion's (``suggestions``: rows'
    dicts with ``probability`` and ``every_part_probability``, best first)."""
    if not suggestions:
        return "no cited source"
    best = suggestions[0]
    return f"suggested source: {Support(best['probability'], best.get('every_part_probability')).text}"


def is_edit_reason(flag_reason: str | None) -> bool:
    """Whether a finding is queued for an edit: a changed fact, a citation removed, a source replaced, a tag
    removed."""
    return (flag_reason or "").startswith(EDIT_PREFIXES)


def edit_condition() -> ColumnElement[bool]:
    """The SQL condition on ``findings`` that matches :func:`is_edit_reason`."""
    return or_(*(Finding.flag_reason.like(prefix + "%") for prefix in EDIT_PREFIXES))


def reason_rank() -> ColumnElement[int]:
    """The queue's first sort key: 0 for an edit that touched a citation (a changed fact, a citation removed,
    a source replaced, a tag removed: often vandalism, time matters), 1 for a source that copies Wikipedia (a
    failure however well the copy "supports" the claim), 2 for the others, which are then listed least
    supported first."""
    return case(
        (edit_condition(), 0),
        (Finding.flag_reason.like(COPIES_PREFIX + "%"), 1),
        else_=2,
    )


def reason_condition(kind: ReasonKind) -> ColumnElement[bool]:
    """The SQL condition on ``findings`` that matches :func:`queue_reason` giving ``kind``."""
    refutes = and_(Finding.stance.is_not(None), Finding.stance == REFUTES)
    low = Finding.flag_reason.like(LOW_PREFIX + "%")
    if kind is ReasonKind.TAGGED:
        return Finding.flag_reason.like(TAGGED_PREFIX + "%")
    for prefix, detailed in _DETAILED:
        if kind is detailed:
            return Finding.flag_reason.like(prefix + "%")
    if kind is ReasonKind.CONTRADICTS:
        return and_(low, refutes)
    return and_(low, not_(refutes))
