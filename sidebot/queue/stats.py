"""What the queue and its reviewers did: findings queued per day by reason, decisions per day, and the share
of reviewed findings reviewers confirmed — the bot's precision in production, measured by people — per wiki
and per reason, with a 95 % Wilson interval and the number of reviews it rests on.

A finding counts as *confirmed* when its current decision says the cited source does not support the claim
("does not support" or "a suggestion is better"), or, for a finding queued because a part or a fact of the
claim fails (or tagged by editors), that it backs only part of it; "source is fine" means the bot was wrong,
and so does "backs only part" for a finding queued as backing none of the claim (low support, contradicts:
the figure the flag threshold is drawn on counts partial support as support, docs/verifier.md). "Unsure"
decisions and withdrawn (undone) or superseded (reopened) ones do not count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from sidebot.queue.models import Citation, Finding, FindingState, Page, Review, Wiki, utcnow
from sidebot.queue.reviews import CONFIRMING, FIRM_DECISIONS, Decision
from sidebot.queue.support import REASON_LABELS, ReasonKind, queue_reason

ALL = "all"
# The reasons that say a part or a fact of the claim fails, which "backs only part of the claim" confirms (an
# editor's {{Failed verification}} is put on claims a source backs only in part too).
PART_REASONS = frozenset(
    {
        ReasonKind.TAGGED,
        ReasonKind.CHANGED_FACT,
        ReasonKind.FACT_CONTRADICTED,
        ReasonKind.PARTIAL,
        ReasonKind.FACT_MISSING,
    }
)


@dataclass(frozen=True)
class Share:
    """Reviewer-confirmed findings out of reviewed ones, with a 95 % Wilson interval."""

    confirmed: int
    reviewed: int

    @property
    def value(self) -> float | None:
        """The confirmed share (None before any review)."""
        return self.confirmed / self.reviewed if self.reviewed else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95 % Wilson interval of the share (None before any review)."""
        if not self.reviewed:
            return None
        from scipy.stats import binomtest

        ci = binomtest(self.confirmed, self.reviewed).proportion_ci(confidence_level=0.95, method="wilson")
        return float(ci.low), float(ci.high)

    def text(self) -> str:
        """ "83 % (95 % CI 70–91 %, 40 reviewed)"; "no reviews yet"."""
        if not self.reviewed:
            return "no reviews yet"
        low, high = self.interval or (0.0, 0.0)
        return (
            f"{round(100 * (self.value or 0))} % (95 % CI {round(100 * low)}–{round(100 * high)} %, "
            f"{self.reviewed} reviewed)"
        )


@dataclass(frozen=True)
class ReviewedFinding:
    """A finding's current firm decision, with what the bot knew when it queued it."""

    wiki: str
    reason: ReasonKind | None
    support: float | None  # what triage compared with the threshold: the probability, else the raw score
    confirmed: bool
    decision: str
    probability: float | None  # the two figures the card showed (None: a scorer without them)
    every_part_probability: float | None


@dataclass
class QueueStats:
    """The review UI's statistics: what was queued and decided per day, and the precision per reason."""

    days: list[date]
    queued: dict[date, Counter[str]]  # day → reason kind → findings queued that day
    decisions: dict[date, Counter[str]]  # day → decision → decisions made that day (withdrawn ones left out)
    precision: dict[tuple[str, str], Share] = field(default_factory=dict)  # (wiki or "all", reason or "all")
    reviewed: list[ReviewedFinding] = field(default_factory=list)  # what the precision was measured on

    def precision_rows(self) -> list[tuple[str, str, Share]]:
        """The precision table's rows, (wiki, reason, share), sorted by wiki and reason."""
        return [(wiki, reason, share) for (wiki, reason), share in sorted(self.precision.items())]


def reviewed_findings(session: Session, wiki: str | None = None) -> list[ReviewedFinding]:
    """Every finding whose current decision is firm (one row per finding)."""
    current = and_(
        Review.undone_at.is_(None),
        Review.reopened_at.is_(None),
        Review.decision.in_([str(d) for d in FIRM_DECISIONS]),
    )
    query = (
        select(
            Wiki.name,
            Finding.flag_reason,
            Finding.stance,
            Finding.probability,
            Finding.score,
            Finding.every_part_probability,
            Review.decision,
            Finding.id,
        )
        .join(Review, and_(Review.finding_id == Finding.id, current))
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .order_by(Finding.id, Review.created_at.desc())
    )
    if wiki:
        query = query.where(Wiki.name == wiki)
    seen: set[int] = set()
    rows = []
    for name, flag_reason, stance, probability, score, every_part, decision, finding_id in session.execute(
        query
    ):
        if finding_id in seen:
            continue
        seen.add(finding_id)
        reason = queue_reason(flag_reason, stance)
        support = probability if probability is not None else score
        rows.append(
            ReviewedFinding(
                wiki=name,
                reason=reason.kind if reason else None,
                support=support,
                confirmed=confirms(decision, reason.kind if reason else None),
                decision=decision,
                probability=probability,
                every_part_probability=every_part,
            )
        )
    return rows


def confirms(decision: str, reason: ReasonKind | None) -> bool:
    """Whether a firm decision agrees with why the finding was queued (the module docstring says how)."""
    if decision == Decision.ONLY_PART:
        return reason in PART_REASONS
    return decision in CONFIRMING


def queue_stats(session: Session, days: int = 30, today: date | None = None) -> QueueStats:
    """The statistics over the ``days`` up to ``today``."""
    today = today or utcnow().date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time())
    queued: dict[date, Counter[str]] = {}
    for created_at, flag_reason, stance in session.execute(
        select(Finding.created_at, Finding.flag_reason, Finding.stance).where(
            Finding.flag_reason.is_not(None),
            Finding.state != FindingState.UNVERIFIABLE,
            Finding.created_at >= since,
        )
    ):
        reason = queue_reason(flag_reason, stance)
        if reason:
            queued.setdefault(created_at.date(), Counter())[reason.kind.value] += 1
    decisions: dict[date, Counter[str]] = {}
    for created_at, decision in session.execute(
        select(Review.created_at, Review.decision).where(
            Review.created_at >= since, Review.undone_at.is_(None)
        )
    ):
        decisions.setdefault(created_at.date(), Counter())[decision] += 1
    precision: dict[tuple[str, str], Counter[str]] = {}
    reviewed = reviewed_findings(session)
    for row in reviewed:
        reason_name = row.reason.value if row.reason else "never queued"
        for key in ((ALL, ALL), (row.wiki, ALL), (ALL, reason_name), (row.wiki, reason_name)):
            counts = precision.setdefault(key, Counter())
            counts["reviewed"] += 1
            counts["confirmed"] += row.confirmed
    return QueueStats(
        days=[first + timedelta(days=i) for i in range(days)],
        queued=queued,
        decisions=decisions,
        precision={key: Share(c["confirmed"], c["reviewed"]) for key, c in precision.items()},
        reviewed=reviewed,
    )


def reason_label(key: str) -> str:
    """A reason's label for the statistics table (its key when it names no reason)."""
    if key == ALL:
        return "all reasons"
    return REASON_LABELS[ReasonKind(key)] if key in {k.value for k in ReasonKind} else key
