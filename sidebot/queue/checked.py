"""Findings a user's check before saving stores in the queue (``POST /api/check`` with ``"store": true``).

Each citation the check would queue is stored as the patrol stores it, keyed as the patrol keys it: the
citation by its page and fingerprint (the edited text's, as :func:`sidebot.citations.citations.fingerprint`
computes it), its finding by citation and scorer (:func:`sidebot.queue.store.record_verdict`). So the same
check stored twice makes one finding, and the patrol's run on the saved revision finds the citation and its
finding already there and verifies it no more (:func:`sidebot.queue.store.sync_citations` takes a citation
never seen on the wiki as arrived, not as back on the page). Until then the citation is not ``present``: the
review UI lists its finding (origin ``check``, ``requested_by``), the on-wiki list and the gadget do not;
one never saved is closed by the scheduler's stale check after ``UNSAVED_AFTER``
(:func:`close_unsaved`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import select, update

from sidebot.queue import store
from sidebot.queue.db import changed_rows
from sidebot.queue.models import Citation, Finding, FindingState, Page, Source, utcnow

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from sidebot.records import RefToCheck, Verdict

CHECK_ORIGIN = "check"
UNSAVED_AFTER = timedelta(days=7)  # a stored check's citation not on its page by then was never saved


@dataclass(frozen=True)
class CheckedFinding:
    """A citation the check would queue (``ref.fingerprint`` filled in), with the patrol's decision and the
    verdict it was made on."""

    ref: RefToCheck
    state: str
    flag_reason: str | None
    band: str | None
    verdict: Verdict


@dataclass(frozen=True)
class StoredFinding:
    """Where a checked citation is in the queue: its finding's id, and whether this check stored it
    (False: the queue had it already, from an earlier check or a patrol)."""

    finding_id: int
    new: bool


def store_checked(
    session: Session, wiki: str, title: str, scorer: str, user: str, found: Sequence[CheckedFinding]
) -> tuple[int, list[StoredFinding]]:
    """Store ``found`` (citations of the article ``title`` on the wiki named ``wiki``, checked by ``scorer``
    at ``user``'s request) as open findings, once each; returns the page's row id and where each is, in
    order. A
    finding the queue already has live (or a reviewer decided) stays as it is."""
    page = _page(session, wiki, title)
    stored = []
    for item in found:
        citation = _citation(session, page, item)
        finding = store.finding_of(session, citation, scorer)
        if finding is not None and finding.state != FindingState.STALE:
            stored.append(StoredFinding(finding.id, False))
            continue
        source = session.scalar(select(Source).where(Source.url_hash == store.url_hash(item.ref.url)))
        finding = store.record_verdict(
            session,
            citation,
            source,
            scorer,
            state=item.state,
            flag_reason=item.flag_reason,
            origin=CHECK_ORIGIN,
            run_id=None,
            rev_id=None,
            verdict=item.verdict,
            band=item.band,
            read_from=store.ReadFrom(),
        )
        finding.requested_by, finding.requested_at = user, utcnow()
        session.flush()
        stored.append(StoredFinding(finding.id, True))
    return page.id, stored


def _page(session: Session, wiki: str, title: str) -> Page:
    """The article's row, made (without a revision: never checked) when the patrol has not seen it."""
    row = store.get_or_create_wiki(session, wiki)
    page = store.find_page(session, row.id, title)
    if page is None and _inserted(session, Page, wiki_id=row.id, title=title):
        page = store.find_page(session, row.id, title)
    if page is None:
        page = Page(wiki_id=row.id, title=title)
        session.add(page)
        session.flush()
    return page


def _citation(session: Session, page: Page, item: CheckedFinding) -> Citation:
    """The citation by its fingerprint; a new one is not on the page (``present`` False, never seen at a
    revision) until the patrol reads it on a saved revision."""
    same = (Citation.page_id == page.id, Citation.fingerprint == item.ref.fingerprint)
    citation = session.scalar(select(Citation).where(*same))
    if citation is not None:
        return citation
    ref = item.ref
    values = {
        "page_id": page.id,
        "fingerprint": ref.fingerprint,
        "url": ref.url,
        "source_title": ref.source_title or None,
        "claim": ref.claim,
        "context": ref.context,
        "section": ref.section,
        "tags": list(ref.tags),
        "present": False,
    }
    if _inserted(session, Citation, **values):
        citation = session.scalar(select(Citation).where(*same))
    if citation is None:
        citation = Citation(**values)
        session.add(citation)
        session.flush()
    return citation


def _inserted(session: Session, model: type[Page | Citation], **values: object) -> bool:
    """On PostgreSQL, where several web processes may store the same check at once: insert the row unless
    one with the same key is there (``INSERT … ON CONFLICT DO NOTHING``); True when asked. Elsewhere False:
    the caller inserts as usual."""
    if session.get_bind().dialect.name != "postgresql":
        return False
    from sqlalchemy.dialects.postgresql import insert

    session.execute(insert(model).values(**values).on_conflict_do_nothing())
    return True


def close_unsaved(session: Session, before: datetime) -> int:
    """Close (stale) the live findings stored by checks before ``before`` whose citation no patrol has read
    on a saved revision since: the edit was never saved. Returns how many."""
    unsaved = select(Citation.id).where(~Citation.present, Citation.last_seen_rev.is_(None))
    return changed_rows(
        session,
        update(Finding)
        .where(
            Finding.origin == CHECK_ORIGIN,
            Finding.state.in_(store.LIVE_STATES),
            Finding.requested_at < before,
            Finding.citation_id.in_(unsaved),
        )
        .values(
            state=FindingState.STALE,
            closed_reason="checked before saving, never saved on the page",
            updated_at=utcnow(),
        ),
    )
