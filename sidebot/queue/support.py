"""What people are shown about a finding: one support figure in words and the reason it is in the queue.

Everywhere a person looks (the web list and card, the CLI tables, the on-wiki list, talk notices) shows the
verifier's calibrated probability that the source supports the claim as a percentage with words, and why the
finding is queued. Raw scores and stances stay in details and the JSON. The reason is a kind plus an
optional detail, so that a verifier that checks sub-claims can report "partial support: <sub-claim> failed"
(a ``flag_reason`` starting with ``partial support``) without a new shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import ColumnElement, and_, case, not_

from sidebot.queue.models import Finding

# Upper bounds (exclusive) of the calibrated probability for each wording, lowest first.
SUPPORT_WORDS: tuple[tuple[float, str], ...] = (
    (0.2, "source unlikely to support the claim"),
    (0.5, "source may not support the claim"),
    (0.8, "source probably supports the claim"),
    (float("inf"), "source likely supports the claim"),
)


def support_text(probability: float | None) -> str:
    """``"source unlikely to support the claim, 13 %"``; a scorer without calibration gives no figure."""
    if probability is None:
        return "support not measured"
    words = next(words for upper, words in SUPPORT_WORDS if probability < upper)
    return f"{words}, {support_percent(probability)}"


def support_percent(probability: float | None) -> str:
    return "—" if probability is None else f"{round(100 * probability)} %"


class ReasonKind(StrEnum):
    """Why a finding is in the queue, most telling first."""

    TAGGED = "tagged"
    CHANGED_FACT = "changed_fact"  # an edit changed a fact the source states under an unchanged citation
    COPIES_WIKIPEDIA = "copies_wikipedia"  # a mirror or circular source: a failure however well it "supports"
    FACT_CONTRADICTED = "fact_contradicted"  # the source states another value of one of the claim's facts
    CONTRADICTS = "contradicts"
    PARTIAL = "partial"
    FACT_MISSING = "fact_missing"  # the source does not give a year, sum, person or place the claim states
    LOW_SUPPORT = "low_support"


REASON_LABELS: dict[ReasonKind, str] = {
    ReasonKind.TAGGED: "tagged by editors",
    ReasonKind.CHANGED_FACT: "changed fact",
    ReasonKind.COPIES_WIKIPEDIA: "the source copies Wikipedia",
    ReasonKind.FACT_CONTRADICTED: "source contradicts a fact",
    ReasonKind.CONTRADICTS: "source contradicts",
    ReasonKind.PARTIAL: "partial support",
    ReasonKind.FACT_MISSING: "fact not in source",
    ReasonKind.LOW_SUPPORT: "low support",
}

_FIGURE = re.compile(r"\s*\(\d\.\d\d < \d\.\d\d\)$")
COPIES_PREFIX = "copies Wikipedia"  # a source that copies the article (a mirror, a circular source)
TAGGED_PREFIX = "tagged"  # sidebot.patrol.pipeline.triage's flag_reason for citations editors tagged
LOW_PREFIX = "low support"  # triage's flag_reason for a citation below the flag threshold
PARTIAL_PREFIX = "partial support"  # a verifier reporting sub-claims: "partial support: <sub-claim> failed"
# The fact check's: "changed fact: 1999 → 2000", "contradicted fact: the source gives …", "missing fact: …"
CHANGED_FACT_PREFIX = "changed fact"
CONTRADICTED_FACT_PREFIX = "contradicted fact"
MISSING_FACT_PREFIX = "missing fact"
_DETAILED = (
    (CHANGED_FACT_PREFIX, ReasonKind.CHANGED_FACT),
    (COPIES_PREFIX, ReasonKind.COPIES_WIKIPEDIA),
    (CONTRADICTED_FACT_PREFIX, ReasonKind.FACT_CONTRADICTED),
    (PARTIAL_PREFIX, ReasonKind.PARTIAL),
    (MISSING_FACT_PREFIX, ReasonKind.FACT_MISSING),
)
REFUTES = "refutes"


@dataclass(frozen=True)
class QueueReason:
    kind: ReasonKind
    detail: str = ""  # e.g. the sub-claim that failed

    @property
    def label(self) -> str:
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
    return _FIGURE.sub("", rest).lstrip(" :")


def reason_rank() -> ColumnElement[int]:
    """The queue's first sort key: 0 for a changed fact (often vandalism: time matters), 1 for a source that
    copies Wikipedia (a failure however well the copy "supports" the claim), 2 for the others, which are then
    listed least supported first."""
    return case(
        (Finding.flag_reason.like(CHANGED_FACT_PREFIX + "%"), 0),
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
