"""The review actions behind both the pages and the JSON API: check the person against the wiki first (blocks,
self-review: network calls, made outside any database transaction), then change the queue.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus

from sidebot.queue import reviews
from sidebot.queue.db import Database, Session
from sidebot.queue.models import Finding, Review
from sidebot.queue.places import finding_place
from sidebot.web.integrity import ReviewGate, ReviewNotAllowed, ReviewTarget
from sidebot.web.sessions import Login
from sidebot.web.wikiapi import WikiApiError


@dataclass(frozen=True)
class Outcome:
    """What a review action did: the review it recorded (or withdrew) and the finding's state afterwards."""

    review: Review
    state: str  # the finding's state afterwards


class ActionError(Exception):
    """A refused action, with the HTTP status that says why."""

    def __init__(self, message: str, status: HTTPStatus) -> None:
        super().__init__(message)
        self.status = status


STATUS_OF: dict[type[Exception], HTTPStatus] = {
    reviews.FindingNotFound: HTTPStatus.NOT_FOUND,
    reviews.InvalidDecision: HTTPStatus.BAD_REQUEST,
    reviews.AlreadyDecided: HTTPStatus.CONFLICT,
    reviews.NothingToUndo: HTTPStatus.CONFLICT,
    reviews.NotYours: HTTPStatus.FORBIDDEN,
    ReviewNotAllowed: HTTPStatus.FORBIDDEN,
}


def target_of(db: Database, finding_id: int) -> ReviewTarget:
    """What a review of finding ``finding_id`` touches on the wiki (page, revision, cited URL), for the gate's
    checks; ActionError 404 when there is no such finding."""
    place = finding_place(db, finding_id)
    if place is None:
        raise ActionError(f"there is no finding {finding_id}", HTTPStatus.NOT_FOUND)
    return ReviewTarget(
        wiki=place.wiki, api_url=place.api_url, title=place.title, rev_id=place.rev_id, url=place.url
    )


def check_may_review(gate: ReviewGate, login: Login, target: ReviewTarget) -> None:
    """Raise ActionError unless ``login`` may review ``target`` now: 403 with the gate's reason in words, 503
    when the wiki cannot be asked."""
    try:
        gate.check(login, target)
    except ReviewNotAllowed as exc:
        raise ActionError(str(exc), HTTPStatus.FORBIDDEN) from exc
    except WikiApiError as exc:
        raise ActionError(
            f"cannot check with the wiki whether you may review this now ({exc}); try again later",
            HTTPStatus.SERVICE_UNAVAILABLE,
        ) from exc


def run_review_action(
    db: Database, gate: ReviewGate, login: Login, finding_id: int, operation: Callable[[Session], Review]
) -> Outcome:
    """Check ``login`` may review the finding, then run ``operation`` in one transaction."""
    check_may_review(gate, login, target_of(db, finding_id))
    try:
        with db.session() as session:
            review = operation(session)
            state = session.get_one(Finding, finding_id).state
    except reviews.ReviewError as exc:
        raise ActionError(str(exc), STATUS_OF.get(type(exc), HTTPStatus.BAD_REQUEST)) from exc
    return Outcome(review=review, state=state)


def decide(
    db: Database,
    gate: ReviewGate,
    login: Login,
    finding_id: int,
    decision: str,
    suggestion_id: int | None,
    comment: str | None,
) -> Outcome:
    """Record ``login``'s decision on an open finding (with the better suggestion's id, or a comment), once
    the gate allows it."""
    user = login.user
    return run_review_action(
        db,
        gate,
        login,
        finding_id,
        lambda s: reviews.decide(s, finding_id, user, decision, suggestion_id=suggestion_id, comment=comment),
    )


def undo(db: Database, gate: ReviewGate, login: Login, finding_id: int) -> Outcome:
    """Withdraw ``login``'s own latest decision on the finding, once the gate allows it."""
    return run_review_action(db, gate, login, finding_id, lambda s: reviews.undo(s, finding_id, login.user))


def reopen(db: Database, gate: ReviewGate, login: Login, finding_id: int) -> Outcome:
    """Return a reviewed finding to open (its decision stays on record), once the gate allows it."""
    return run_review_action(
        db, gate, login, finding_id, lambda s: reviews.return_to_open(s, finding_id, login.user)
    )
