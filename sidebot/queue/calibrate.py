"""A wiki's flag threshold refitted from its reviewers' decisions (`sidebot calibrate --from-reviews`).

The verifier queues a citation when its calibrated support is below the flag threshold. Reviewers then say
whether each queued source really fails to support its claim (``sidebot.queue.stats.confirms``: "backs only
part" does not confirm a flag saying the source backs none of it, as the figure compared counts partial
support as support). Among the reviewed findings the model flagged
(editors' tags are queued whatever the threshold), the share confirmed at a lower threshold is the share
among those below it; the refit takes the highest threshold whose confirmed share reaches the target. The
support compared is the calibrated probability, or the raw score for a scorer without calibration (as
triage compares it).

Only findings below the current threshold are ever reviewed, so reviews can lower the threshold (a shorter,
more precise queue) but give no evidence for raising it: a target the queue already meets keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from sidebot.queue.models import Citation, Finding, FindingState, Page, Wiki
from sidebot.queue.stats import Share, reviewed_findings
from sidebot.queue.support import ReasonKind

MODEL_REASONS = frozenset({ReasonKind.LOW_SUPPORT, ReasonKind.CONTRADICTS, ReasonKind.PARTIAL})


class NotEnoughReviews(ValueError):
    """Too few decisions to refit the threshold."""


@dataclass(frozen=True)
class ThresholdPlan:
    """A wiki's flag threshold now and the one its reviewers' decisions support."""

    wiki: str
    decisions: int  # reviewed findings the model flagged, with a support figure
    current: float
    proposed: float
    target: float
    precision_before: Share
    precision_after: Share
    queue_before: int  # open findings flagged by the model below the threshold
    queue_after: int
    tagged_open: int  # open findings editors tagged: queued whatever the threshold

    @property
    def changes(self) -> bool:
        """Whether the proposed threshold differs from the one in use."""
        return self.proposed != self.current


def plan_threshold(
    session: Session, wiki: str, current: float, target: float = 0.85, min_decisions: int = 50
) -> ThresholdPlan:
    """The refit for ``wiki`` whose findings were flagged below ``current``. NotEnoughReviews below
    ``min_decisions`` reviewed, model-flagged findings."""
    rows = [
        r
        for r in reviewed_findings(session, wiki)
        if r.reason in MODEL_REASONS and r.support is not None and r.support < current
    ]
    if len(rows) < min_decisions:
        raise NotEnoughReviews(
            f"wiki {wiki}: {len(rows)} reviewed findings flagged by the model, fewer than the "
            f"{min_decisions} needed to refit its threshold"
        )

    def share(threshold: float) -> Share:
        below = [r for r in rows if r.support is not None and r.support < threshold]
        return Share(sum(r.confirmed for r in below), len(below))

    before = share(current)
    proposed = current
    if (before.value or 0.0) < target:
        # candidate thresholds: just above each reviewed probability, highest (largest queue) first
        for threshold in sorted({r.support for r in rows if r.support is not None}, reverse=True):
            candidate = share(threshold)
            if candidate.reviewed and (candidate.value or 0.0) >= target:
                proposed = threshold
                break
        else:
            proposed = min(r.support for r in rows if r.support is not None)  # nothing reaches it
    return ThresholdPlan(
        wiki=wiki,
        decisions=len(rows),
        current=current,
        proposed=proposed,
        target=target,
        precision_before=before,
        precision_after=share(proposed),
        queue_before=_open_below(session, wiki, current),
        queue_after=_open_below(session, wiki, proposed),
        tagged_open=_open_tagged(session, wiki),
    )


def apply_threshold(session: Session, wiki: str, threshold: float, very_likely: bool = False) -> None:
    """Store the learned threshold: the wiki's next patrols flag with it (``very_likely``: the line of the
    "very likely fails" band instead of the flag threshold, the "may fail" line)."""
    row = session.scalar(select(Wiki).where(Wiki.name == wiki))
    if row is None:
        raise ValueError(f"the queue knows no wiki {wiki!r}")
    if very_likely:
        row.very_likely_below = threshold
    else:
        row.flag_below = threshold


def _open_model_flagged(wiki: str) -> Select[int]:
    return (
        select(func.count())
        .select_from(Finding)
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .join(Wiki, Page.wiki_id == Wiki.id)
        .where(Wiki.name == wiki, Finding.state == FindingState.OPEN)
    )


def _open_below(session: Session, wiki: str, threshold: float) -> int:
    support = func.coalesce(Finding.probability, Finding.score)  # what triage compared, as in stats
    query = _open_model_flagged(wiki).where(support < threshold, ~Finding.flag_reason.like("tagged%"))
    return session.scalar(query) or 0


def _open_tagged(session: Session, wiki: str) -> int:
    return session.scalar(_open_model_flagged(wiki).where(Finding.flag_reason.like("tagged%"))) or 0
