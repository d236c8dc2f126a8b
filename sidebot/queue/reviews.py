"""Review operations: an editor's decision on a finding, undo, return to open, and the leaderboard.

The rules (CopyPatrol's, see docs/REFERENCE.md):

- Only an open finding can be decided. A firm decision (the source does not support the claim, it backs only
  part of it, the source is fine, a suggestion is better) closes it as reviewed; "unsure" is recorded but
  leaves it open for someone else. Two people deciding the same finding at once: the first one wins, the
  second gets :class:`AlreadyDecided` (a conditional UPDATE, so this holds on SQLite and PostgreSQL alike).
- A reviewer can undo only their own decision. Undoing withdraws it (it no longer counts); if it was the
  finding's current decision the finding is open again.
- Anyone who may review can return a reviewed finding to open (for a second look). The decision stays on
  record with who reopened it and keeps its credit: withdrawing credit is the reviewer's own undo.
- Who may review at all (blocks, self-review) is the caller's to check: it needs the wiki
  (:mod:`sidebot.web.integrity`).

Like :mod:`sidebot.queue.store`, everything here works in the caller's session and never commits.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from sidebot.queue.db import changed_rows
from sidebot.queue.models import Finding, FindingState, Review, Suggestion, utcnow

MAX_COMMENT_CHARS = 2000


class Decision(StrEnum):
    """What a reviewer can decide about a finding."""

    UNSUPPORTED = "unsupported"  # the source does not support the claim
    ONLY_PART = "only_part"  # the source backs part of the claim, not all of it
    SUPPORTED = "supported"  # the source is fine
    BETTER_SUGGESTION = (
        "better_suggestion"  # one of the suggested sources is better (which one: suggestion_id)
    )
    UNSURE = "unsure"  # recorded, but the finding stays open for another reviewer


FIRM_DECISIONS = frozenset(
    {Decision.UNSUPPORTED, Decision.ONLY_PART, Decision.SUPPORTED, Decision.BETTER_SUGGESTION}
)
# The decisions that say the cited source does not back the claim: they confirm any finding.
CONFIRMING = frozenset({Decision.UNSUPPORTED, Decision.BETTER_SUGGESTION})
# The decisions that say the citation fails verification, in whole or in part ("backs only part" confirms a
# finding queued for a failing part or fact, not one queued as backing none of the claim: queue.stats).
FAILING = CONFIRMING | {Decision.ONLY_PART}

DECISION_LABELS = {
    Decision.UNSUPPORTED: "Source does not support the claim",
    Decision.ONLY_PART: "Source backs only part of the claim",
    Decision.SUPPORTED: "Source is fine",
    Decision.BETTER_SUGGESTION: "A suggestion is better",
    Decision.UNSURE: "Unsure",
}


class Period(StrEnum):
    """The leaderboard's windows."""

    WEEK = "7d"
    MONTH = "30d"
    ALL = "all"

    @property
    def span(self) -> timedelta | None:
        """How far back the window reaches (None: all time)."""
        return {Period.WEEK: timedelta(days=7), Period.MONTH: timedelta(days=30), Period.ALL: None}[self]


class ReviewError(Exception):
    """A review operation was refused; the message says why in words an editor understands."""


class FindingNotFound(ReviewError):
    """No finding has that id."""

    pass


class InvalidDecision(ReviewError):
    """The request itself is wrong (unknown decision, a suggestion of another finding, comment too long)."""


class AlreadyDecided(ReviewError):
    """The finding is not in the state the operation needs (someone else was quicker, or it was closed)."""


class NotYours(ReviewError):
    """Undo of someone else's decision."""


class NothingToUndo(ReviewError):
    """The reviewer has no decision left to withdraw."""

    pass


def decide(
    session: Session,
    finding_id: int,
    reviewer: str,
    decision: Decision | str,
    *,
    suggestion_id: int | None = None,
    comment: str | None = None,
    now: datetime | None = None,
) -> Review:
    """Record ``reviewer``'s decision on an open finding (see the module docstring for the rules)."""
    finding = _finding(session, finding_id)
    decision = _parse_decision(decision)
    comment = _clean_comment(comment)
    suggestion_id = _check_suggestion(session, finding_id, decision, suggestion_id)
    now = now or utcnow()
    if decision in FIRM_DECISIONS:
        if not _move_state(session, finding_id, FindingState.OPEN, FindingState.REVIEWED, now):
            session.refresh(finding)
            raise AlreadyDecided(_not_open_message(session, finding))
    else:
        if finding.state != FindingState.OPEN:
            raise AlreadyDecided(_not_open_message(session, finding))
        if _active_reviews(session, finding_id, reviewer, decision=Decision.UNSURE):
            raise AlreadyDecided("you already marked this finding unsure")
    review = Review(
        finding_id=finding_id,
        reviewer=reviewer,
        decision=str(decision),
        suggestion_id=suggestion_id if decision == Decision.BETTER_SUGGESTION else None,
        comment=comment,
        created_at=now,
    )
    session.add(review)
    session.flush()
    return review


def undo(session: Session, finding_id: int, reviewer: str, now: datetime | None = None) -> Review:
    """Withdraw ``reviewer``'s latest decision on the finding; if it was the current one, reopen it."""
    _finding(session, finding_id)
    mine = _active_reviews(session, finding_id, reviewer)
    if not mine:
        if _active_reviews(session, finding_id):
            raise NotYours("only the reviewer who made a decision can undo it")
        raise NothingToUndo("this finding has no decision to undo")
    review = mine[0]
    now = now or utcnow()
    was_current = review.decision in FIRM_DECISIONS and review.reopened_at is None
    review.undone_at = now
    if was_current:
        _move_state(session, finding_id, FindingState.REVIEWED, FindingState.OPEN, now)
    session.flush()
    return review


def return_to_open(session: Session, finding_id: int, user: str, now: datetime | None = None) -> Review:
    """Put a reviewed finding back in the open queue; its decision stays on record (reopened by ``user``)."""
    finding = _finding(session, finding_id)
    current = current_decision(session, finding_id)
    now = now or utcnow()
    if finding.state != FindingState.REVIEWED or current is None:
        raise AlreadyDecided(f"only a reviewed finding can be returned to open; this one is {finding.state}")
    if not _move_state(session, finding_id, FindingState.REVIEWED, FindingState.OPEN, now):
        raise AlreadyDecided("someone changed this finding at the same time; reload and try again")
    current.reopened_at, current.reopened_by = now, user
    session.flush()
    return current


def current_decision(session: Session, finding_id: int) -> Review | None:
    """The firm decision that closed the finding as reviewed (None when it is not reviewed)."""
    return session.scalar(
        select(Review)
        .where(
            Review.finding_id == finding_id,
            Review.undone_at.is_(None),
            Review.reopened_at.is_(None),
            Review.decision.in_([str(d) for d in FIRM_DECISIONS]),
        )
        .order_by(Review.created_at.desc(), Review.id.desc())
        .limit(1)
    )


def history(session: Session, finding_id: int) -> list[Review]:
    """Every review of the finding, withdrawn ones included, oldest first."""
    return list(
        session.scalars(
            select(Review).where(Review.finding_id == finding_id).order_by(Review.created_at, Review.id)
        )
    )


@dataclass(frozen=True)
class LeaderboardRow:
    """A reviewer's decisions in a period."""

    reviewer: str
    total: int
    by_decision: dict[str, int] = field(default_factory=dict)


def leaderboard(
    session: Session, period: Period | str = Period.ALL, limit: int = 50, now: datetime | None = None
) -> list[LeaderboardRow]:
    """Reviewers by the number of decisions they made in ``period`` and did not withdraw, most first."""
    span = Period(period).span
    query = (
        select(Review.reviewer, Review.decision, func.count())
        .where(Review.undone_at.is_(None))
        .group_by(Review.reviewer, Review.decision)
    )
    if span is not None:
        query = query.where(Review.created_at >= (now or utcnow()) - span)
    counts: dict[str, dict[str, int]] = defaultdict(dict)
    for reviewer, decision, n in session.execute(query):
        counts[reviewer][decision] = n
    rows = [LeaderboardRow(r, sum(by.values()), by) for r, by in counts.items()]
    rows.sort(key=lambda row: (-row.total, row.reviewer))
    return rows[:limit]


def _finding(session: Session, finding_id: int) -> Finding:
    finding = session.get(Finding, finding_id)
    if finding is None:
        raise FindingNotFound(f"there is no finding {finding_id}")
    return finding


def _parse_decision(value: Decision | str) -> Decision:
    try:
        return Decision(value)
    except ValueError:
        choices = ", ".join(d.value for d in Decision)
        raise InvalidDecision(f"unknown decision {value!r}; choose one of {choices}") from None


def _clean_comment(comment: str | None) -> str | None:
    comment = (comment or "").strip()
    if len(comment) > MAX_COMMENT_CHARS:
        raise InvalidDecision(
            f"the comment is {len(comment)} characters long; the limit is {MAX_COMMENT_CHARS}"
        )
    return comment or None


def _check_suggestion(
    session: Session, finding_id: int, decision: Decision, suggestion_id: int | None
) -> int | None:
    """The suggestion a "better suggestion" decision names: the one given, which must be the finding's own,
    or, when none is given and the finding has exactly one, that one (there is nothing to choose)."""
    if decision != Decision.BETTER_SUGGESTION:
        return None
    if suggestion_id is None:
        own = session.scalars(select(Suggestion.id).where(Suggestion.finding_id == finding_id).limit(2)).all()
        if len(own) == 1:
            return own[0]
        raise InvalidDecision(
            "say which suggestion is better" if own else "this finding has no suggested source to prefer"
        )
    suggestion = session.get(Suggestion, suggestion_id)
    if suggestion is None or suggestion.finding_id != finding_id:
        raise InvalidDecision(f"suggestion {suggestion_id} is not one of this finding's suggestions")
    return suggestion_id


def _move_state(
    session: Session, finding_id: int, old: FindingState, new: FindingState, now: datetime
) -> bool:
    """Compare-and-set of the finding's state: False when it was not ``old`` (someone else changed it)."""
    changed = changed_rows(
        session,
        update(Finding)
        .where(Finding.id == finding_id, Finding.state == old)
        .values(state=new, updated_at=now)
        .execution_options(synchronize_session="fetch"),
    )
    return changed == 1


def _active_reviews(
    session: Session, finding_id: int, reviewer: str | None = None, decision: Decision | None = None
) -> list[Review]:
    """Reviews of the finding not withdrawn, newest first (optionally only ``reviewer``'s, one decision)."""
    query = select(Review).where(Review.finding_id == finding_id, Review.undone_at.is_(None))
    if reviewer is not None:
        query = query.where(Review.reviewer == reviewer)
    if decision is not None:
        query = query.where(Review.decision == str(decision))
    return list(session.scalars(query.order_by(Review.created_at.desc(), Review.id.desc())))


def _not_open_message(session: Session, finding: Finding) -> str:
    if finding.state == FindingState.REVIEWED:
        current = current_decision(session, finding.id)
        if current is not None:
            return f"{current.reviewer} already reviewed this finding"
    return f"this finding is {finding.state}, not open"
