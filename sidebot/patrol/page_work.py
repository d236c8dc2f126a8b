"""What the findings of one page's transaction are stored under: the session, the page, the run and the
revision, with the run's thresholds and counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.thresholds import Thresholds
from sidebot.queue import store
from sidebot.queue.models import Citation, Finding, Page, Source

if TYPE_CHECKING:
    from sidebot.queue.db import Session


@dataclass
class PageWork:
    """What the collaborators share while they work on one page within one transaction."""

    session: Session
    page: Page
    origin: str  # how the page was listed (sidebot.wiki.pages: recent, failed_verification…)
    run_id: int
    rev_id: int
    thresholds: Thresholds
    counts: PatrolCounts

    def record(
        self,
        scorer: str,
        citation: Citation,
        source: Source | None,
        state: str,
        flag_reason: str | None,
        read_from: store.ReadFrom | None,
        **verdict: Any,
    ) -> Finding:
        """Store the citation's finding by ``scorer`` (:func:`sidebot.queue.store.record_verdict`)."""
        return store.record_verdict(
            self.session,
            citation,
            source,
            scorer,
            state=state,
            flag_reason=flag_reason,
            origin=self.origin,
            run_id=self.run_id,
            rev_id=self.rev_id,
            read_from=read_from,
            **verdict,
        )
