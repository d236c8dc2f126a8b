"""Store operations the patrol needs: pages, citations, cached sources, findings, runs.

Everything here works inside a caller's session and never commits: the caller decides the transaction
boundary (the patrol commits once per page, so a crash loses at most the page in hand).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session, object_session

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.citations.tags import FAILED_VERIFICATION
from sidebot.queue.db import changed_rows
from sidebot.queue.models import (
    ArchiveLookup,
    Citation,
    CopyKind,
    Finding,
    FindingState,
    Page,
    Source,
    Suggestion,
    Wiki,
    utcnow,
)
from sidebot.queue.reviews import FAILING, current_decision
from sidebot.retrieve.reference import build_reference

if TYPE_CHECKING:
    from sidebot.citations.citations import ExtractedCitation
    from sidebot.records import Verdict
    from sidebot.retrieve.retriever import Suggestion as FoundSource
    from sidebot.sources.fetch import FetchResult
    from sidebot.sources.wayback import Availability

LIVE_STATES = (FindingState.OPEN, FindingState.PASSED, FindingState.UNVERIFIABLE)


def url_hash(url: str) -> str:
    """The key of a source address (addresses are too long to index)."""
    return hashlib.sha256(url.encode("utf-8")).hexdigest()


def get_or_create_wiki(session: Session, name: str, api_url: str = "", article_url: str = "") -> Wiki:
    """The wiki named ``name``, created if new (safe when two processes race)."""
    wiki = session.scalar(select(Wiki).where(Wiki.name == name))
    if wiki is None and _insert_if_absent(
        session, Wiki, "name", name=name, api_url=api_url, article_url=article_url
    ):
        wiki = session.scalar(select(Wiki).where(Wiki.name == name))  # another worker's, made meanwhile
    if wiki is None:
        wiki = Wiki(name=name, api_url=api_url, article_url=article_url)
        session.add(wiki)
        session.flush()
    elif (api_url and wiki.api_url != api_url) or (article_url and wiki.article_url != article_url):
        wiki.api_url, wiki.article_url = api_url or wiki.api_url, article_url or wiki.article_url
    return wiki


def find_page(session: Session, wiki_id: int, title: str, wiki_page_id: int | None = None) -> Page | None:
    """The page with MediaWiki page id ``wiki_page_id`` when given and known (it survives moves), else the
    page titled ``title``."""
    if wiki_page_id is not None:
        page = session.scalar(select(Page).where(Page.wiki_id == wiki_id, Page.wiki_page_id == wiki_page_id))
        if page is not None:
            return page
    return session.scalar(select(Page).where(Page.wiki_id == wiki_id, Page.title == title))


def _reused_title(page: Page, wiki_page_id: int | None) -> bool:
    """Whether ``page``, found by its title, belongs to another wiki page than ``wiki_page_id`` (the old one
    was moved away or deleted, and the title reused)."""
    return wiki_page_id is not None and page.wiki_page_id not in (None, wiki_page_id)


def known_page(session: Session, wiki_id: int, title: str, wiki_page_id: int | None = None) -> Page | None:
    """The row :func:`get_or_create_page` would use for a wiki page, without writing: None for a page not
    seen yet, or whose title another wiki page held."""
    page = find_page(session, wiki_id, title, wiki_page_id)
    return None if page is None or _reused_title(page, wiki_page_id) else page


def get_or_create_page(session: Session, wiki: Wiki, title: str, wiki_page_id: int | None = None) -> Page:
    """The page row for a wiki page, found by page id first so that a moved page keeps its citations and
    findings (the row takes the new title)."""
    page = find_page(session, wiki.id, title, wiki_page_id)
    if page is not None and _reused_title(page, wiki_page_id):
        # the old row gives way; the stale check follows it by its page id
        _displace(session, page)
        page = None
    if page is None:
        page = Page(wiki_id=wiki.id, title=title, wiki_page_id=wiki_page_id)
        session.add(page)
        session.flush()
        return page
    if wiki_page_id is not None:
        page.wiki_page_id = wiki_page_id
    if page.title != title:
        rename_page(session, page, title)
    return page


def rename_page(session: Session, page: Page, title: str) -> None:
    """Follow a move: ``page`` takes ``title``; a row still holding that title (another page) gives way."""
    holder = session.scalar(select(Page).where(Page.wiki_id == page.wiki_id, Page.title == title))
    if holder is not None and holder.id != page.id:
        _displace(session, holder)
    page.title = title
    session.flush()


def _displace(session: Session, page: Page) -> None:
    """Move a row off its title to a placeholder no real title can equal (MediaWiki titles never contain
    square brackets), until the stale check learns the page's fate from its page id."""
    page.title = f"{page.title} [page id {page.wiki_page_id}, row {page.id}]"[:512]
    session.flush()


def mark_page_deleted(session: Session, page: Page, reason: str = "page deleted") -> int:
    """The page is gone from the wiki: its live findings go stale. Returns how many were closed."""
    page.deleted_at = utcnow()
    return close_findings(session, [c.id for c in page.citations], FindingState.STALE, reason)


def page_is_current(
    session: Session,
    page: Page,
    rev_id: int,
    scorer: str,
    ignored_url: Callable[[str], bool] | None = None,
    needs_unsourced: bool = False,
) -> bool:
    """True when ``rev_id`` was already checked completely: every checkable citation and every claim tagged
    {{citation needed}} on it has a finding by ``scorer`` (so a new scorer re-verifies unchanged pages),
    apart from those whose URL ``ignored_url`` accepts (sources on an exclusion list; taking one off the
    list makes its citations due again). ``needs_unsourced`` (the {{citation needed}} sweep, which lists
    pages that carry the tag): a page with no such claim recorded is not current either (it was checked
    before its tagged claims were read)."""
    if page.rev_id != rev_id or page.checked_at is None:
        return False
    unsourced = (Citation.page_id == page.id, Citation.present, Citation.kind == NEEDS_SOURCE)
    if needs_unsourced and session.scalar(select(Citation.id).where(*unsourced).limit(1)) is None:
        return False
    current = (
        Finding.citation_id == Citation.id,
        Finding.scorer == scorer,
        Finding.state != FindingState.STALE,
    )
    scored = select(Finding.id).where(*current).exists()
    unscored = session.scalars(
        select(Citation.url).where(
            Citation.page_id == page.id,
            Citation.present,
            or_(Citation.checkable, Citation.kind == NEEDS_SOURCE),
            ~scored,
        )
    )
    return all(ignored_url is not None and url and ignored_url(url) for url in unscored)


@dataclass(frozen=True)
class DeferredPage:
    """A page a run left citations of (over its cap or time budget, or the verifier down)."""

    title: str
    wiki_page_id: int | None
    rev_id: int | None
    checked_at: datetime | None
    origin: str


def deferred_pages(session: Session, wiki_id: int) -> list[DeferredPage]:
    """The pages of wiki ``wiki_id`` (not deleted) whose citations a run left for the next one."""
    rows = session.scalars(
        select(Page).where(
            Page.wiki_id == wiki_id, Page.deferred_origin.is_not(None), Page.deleted_at.is_(None)
        )
    )
    return [
        DeferredPage(p.title, p.wiki_page_id, p.rev_id, p.checked_at, p.deferred_origin)
        for p in rows
        if p.deferred_origin is not None  # as the query asks
    ]


@dataclass
class CitationSync:
    """The outcome of matching a page's extracted citations against what the queue knows."""

    citations: list[tuple[Citation, ExtractedCitation]]  # every citation now on the page, in page order
    added: int
    removed: int
    untagged: int = 0  # citations whose {{failed verification}} tag was removed (their findings: fixed)
    tagged: int = 0  # citations tagged since their last check (passed or fixed findings: open again)
    # never seen, or back on the page after it left (an edit undone or redone): what each replaces, if any,
    # is for the caller to decide (link_replacement)
    arrived: list[Citation] = field(default_factory=list)
    gone: list[Citation] = field(default_factory=list)  # citations that just left the page
    untagged_citations: list[Citation] = field(default_factory=list)  # {{failed verification}} just removed


def _read_into(row: Citation, ex: ExtractedCitation, rev_id: int) -> None:
    """Store on ``row`` what the page says of the citation now, seen at ``rev_id``."""
    row.position, row.ref_name, row.url, row.source_title = ex.index, ex.ref_name, ex.url, ex.source_title
    row.archive_url, row.access_date, row.kind = ex.archive_url, ex.access_date, ex.kind
    row.archive_date, row.tag_date = ex.archive_date, ex.tag_date
    row.url_status = (ex.url_status or "")[:16] or None
    row.claim, row.context, row.section = ex.claim, ex.context, ex.section
    row.tags, row.checkable, row.reason = list(ex.tags), ex.checkable, ex.reason
    if ex.checkable and not ex.claim.strip():  # e.g. a ref alone in an infobox footnote field
        row.checkable, row.reason = False, "no claim text before the ref"
    row.present, row.last_seen_rev = True, rev_id


def sync_citations(
    session: Session, page: Page, extracted: Sequence[ExtractedCitation], rev_id: int
) -> CitationSync:
    """Upsert the page's citations by fingerprint. Citations no longer on the page are marked absent and
    their live findings go stale: a changed citation has a new fingerprint, so its old finding is superseded
    and the new one is verified afresh. A citation still there whose {{failed verification}} tag was
    removed has its live findings closed as fixed; one newly tagged has its passed or fixed finding opened
    again (its verdict stays: the tag is the news). A citation a user's check stored before the edit was
    saved (never seen at a revision) arrives with its finding kept, now of ``rev_id``: not verified again."""
    known = {c.fingerprint: c for c in session.scalars(select(Citation).where(Citation.page_id == page.id))}
    now_present, added, pairs = set(), 0, []
    untagged: list[Citation] = []
    tagged: list[Citation] = []
    new_rows: list[Citation] = []  # never seen, or back on the page after it left (an edit undone or redone)
    returned: list[Citation] = []
    checked: list[Citation] = []
    for ex in extracted:
        row = known.get(ex.fingerprint)
        if row is None:
            row = Citation(page_id=page.id, fingerprint=ex.fingerprint, first_seen_rev=rev_id)
            session.add(row)
            known[ex.fingerprint] = row
            added += 1
            new_rows.append(row)
        elif not row.present:
            row.replaces_id = None  # what it replaces now is decided again by the caller
            new_rows.append(row)
            # never seen at a revision: stored by a user's check before saving (sidebot.queue.checked)
            (checked if row.last_seen_rev is None else returned).append(row)
        elif (FAILED_VERIFICATION in (row.tags or [])) != (FAILED_VERIFICATION in ex.tags):
            (tagged if FAILED_VERIFICATION in ex.tags else untagged).append(row)
        _read_into(row, ex, rev_id)
        now_present.add(ex.fingerprint)
        pairs.append((row, ex))
    gone = [c for fp, c in known.items() if fp not in now_present and c.present]
    for citation in gone:
        citation.present = False
    session.flush()
    _reopen_confirmed_problems(session, returned, rev_id)
    _checked_before_saving(session, checked, rev_id)
    if returned:  # a finding queued when it left (citation removed, tag removed) is done: verified afresh
        close_findings(
            session, [c.id for c in returned], FindingState.STALE, f"citation back on the page (rev {rev_id})"
        )
    if gone:
        close_findings(
            session, [c.id for c in gone], FindingState.STALE, f"citation changed or removed (rev {rev_id})"
        )
    if untagged:  # an editor took the tag off an unchanged citation: they consider it resolved
        close_findings(
            session,
            [c.id for c in untagged],
            FindingState.FIXED,
            f"{{{{failed verification}}}} removed (rev {rev_id})",
        )
    if tagged:  # an editor doubts a citation the bot had passed (or seen fixed): back to the queue
        session.execute(
            update(Finding)
            .where(
                Finding.citation_id.in_([c.id for c in tagged]),
                Finding.state.in_((FindingState.PASSED, FindingState.FIXED)),
            )
            .values(
                state=FindingState.OPEN,
                flag_reason=f"tagged failed verification (rev {rev_id})",
                closed_reason=None,
                updated_at=utcnow(),
            )
        )
    return CitationSync(
        citations=pairs,
        added=added,
        removed=len(gone),
        untagged=len(untagged),
        tagged=len(tagged),
        arrived=new_rows,
        gone=gone,
        untagged_citations=untagged,
    )


def _checked_before_saving(session: Session, citations: Sequence[Citation], rev_id: int) -> None:
    """Citations a user's check stored before the edit was saved, now read at ``rev_id``: their findings
    stay (verified before the save), now of this revision."""
    if not citations:
        return
    for citation in citations:
        citation.first_seen_rev = rev_id
    session.execute(
        update(Finding)
        .where(Finding.citation_id.in_([c.id for c in citations]), Finding.rev_id.is_(None))
        .values(rev_id=rev_id)
    )


def link_replacement(new: Citation, old: Citation) -> None:
    """Record that ``new`` replaces ``old`` (the same source and a fact of the claim changed, or the same
    claim and another source: the caller decides which)."""
    new.replaces_id = old.id


def replaced_citation(session: Session, citation: Citation) -> Citation | None:
    """The citation ``citation`` replaced (:func:`link_replacement`), if any."""
    return session.get(Citation, citation.replaces_id) if citation.replaces_id else None


def finding_of(session: Session, citation: Citation, scorer: str) -> Finding | None:
    """The finding of ``citation`` by ``scorer``, whatever its state."""
    return session.scalar(select(Finding).where(Finding.citation_id == citation.id, Finding.scorer == scorer))


def verdict_summary(finding: Finding | None) -> dict[str, object]:
    """What the bot had found of a citation, kept with a finding an edit queued (the finding's own verdict
    may be replaced later): its state (a finding the edit closed: the state it had, read from its band and
    figures) and reason, its two figures, how many of the claim's facts the
    source gave, its failing fact and best passage."""
    if finding is None:
        return {"state": None}
    facts = list(finding.facts or [])
    state = finding.state
    value = finding.probability if finding.probability is not None else finding.score
    if state in (FindingState.STALE, FindingState.FIXED):  # closed when the edit was read: what it was
        state = FindingState.UNVERIFIABLE if value is None else FindingState.PASSED
        state = FindingState.OPEN if finding.band else state
    return {
        "state": str(state),
        "flag_reason": finding.flag_reason,
        "probability": value,  # the calibrated figure; a scorer without calibration: its score
        "every_part_probability": finding.every_part_probability,
        "facts": len(facts),
        "facts_found": sum(1 for f in facts if f.get("status") == "found"),
        "fact_note": finding.fact_note,
        "best_passage": finding.best_passage,
    }


def queue_edit(
    session: Session,
    citation: Citation,
    scorer: str,
    *,
    flag_reason: str,
    change: dict[str, Any],
    origin: str,
    run_id: int,
    rev_id: int,
    band: str | None = None,
) -> Finding | None:
    """Queue ``citation``'s finding by ``scorer`` for an edit that touched it (a citation removed, a tag
    removed): open, with ``flag_reason`` and ``change`` (what the edit did, who made it, what the bot had
    found); its verdict stays, as what the bot had found. One finding per citation and scorer, so a re-run
    or a second worker queues it once. A finding a reviewer decided stays as it is (None)."""
    finding = finding_of(session, citation, scorer)
    if finding is None:
        finding = Finding(citation_id=citation.id, scorer=scorer, origin=origin, run_id=run_id, rev_id=rev_id)
        session.add(finding)
    elif finding.state == FindingState.REVIEWED:
        return None
    finding.state, finding.flag_reason, finding.change = FindingState.OPEN, flag_reason, change
    finding.band, finding.closed_reason, finding.run_id = band, None, run_id
    session.flush()
    return finding


def name_edit_editors(session: Session, finding_ids: Sequence[int], editors: list[str]) -> None:
    """Name who made the edit on findings :func:`queue_edit` queued (the history is read after the
    transaction that queued them)."""
    for finding in session.scalars(select(Finding).where(Finding.id.in_(finding_ids))):
        finding.change = {**(finding.change or {}), "editors": editors}


def unnamed_edits(session: Session, page: Page, prefixes: Sequence[str]) -> list[tuple[int, int, int]]:
    """The open findings of ``page`` queued for an edit (``flag_reason`` starting with one of ``prefixes``)
    whose editors are not read yet (``change["editors"]`` None: just queued, or a patrol stopped before it
    read the history): (finding id, revision before the edit, revision after)."""
    findings = session.scalars(
        select(Finding)
        .join(Citation, Finding.citation_id == Citation.id)
        .where(
            Citation.page_id == page.id,
            Finding.state == FindingState.OPEN,
            or_(*(Finding.flag_reason.like(prefix + "%") for prefix in prefixes)),
        )
    )
    return [
        (f.id, int(f.change.get("old_rev") or 0), int(f.change["new_rev"]))
        for f in findings
        if f.change and "editors" in f.change and f.change["editors"] is None
    ]


def queued_absent(session: Session, page: Page, prefixes: Sequence[str]) -> list[Citation]:
    """The citations no longer on ``page`` with an open finding whose reason starts with one of
    ``prefixes`` (a citation removed, a tag removed)."""
    return list(
        session.scalars(
            select(Citation)
            .join(Finding, Finding.citation_id == Citation.id)
            .where(
                Citation.page_id == page.id,
                ~Citation.present,
                Finding.state == FindingState.OPEN,
                or_(*(Finding.flag_reason.like(prefix + "%") for prefix in prefixes)),
            )
        ).unique()
    )


def _reopen_confirmed_problems(session: Session, returned: Sequence[Citation], rev_id: int) -> None:
    """A citation back on its page whose finding a reviewer confirmed as failing: the problem was taken off
    the page (most often reverted) and is back (the edit made again). Its finding is verified again and
    queued anew; the decision stays on record, returned to open by the bot. A citation a reviewer found fine
    stays reviewed."""
    if not returned:
        return
    reviewed = session.scalars(
        select(Finding).where(
            Finding.citation_id.in_([c.id for c in returned]), Finding.state == FindingState.REVIEWED
        )
    )
    for finding in reviewed:
        decision = current_decision(session, finding.id)
        if decision is None or decision.decision not in FAILING:
            continue
        decision.reopened_at = utcnow()
        decision.reopened_by = f"sidebot (the citation came back in rev {rev_id})"
        finding.state, finding.closed_reason = FindingState.STALE, f"citation back on the page (rev {rev_id})"


def close_findings(session: Session, citation_ids: Iterable[int], state: FindingState, reason: str) -> int:
    """Move the live findings of these citations to ``state`` (stale/fixed); reviewed ones keep theirs."""
    ids = list(citation_ids)
    if not ids:
        return 0
    return changed_rows(
        session,
        update(Finding)
        .where(Finding.citation_id.in_(ids), Finding.state.in_(LIVE_STATES))
        .values(state=state, closed_reason=reason, updated_at=utcnow()),
    )


def citations_needing_verification(
    session: Session, citations: Iterable[Citation], scorer: str
) -> list[Citation]:
    """Checkable citations with no current finding by ``scorer``: the only ones a patrol fetches and scores.
    A stale finding is not current: it was closed when its citation left the page (or the page was deleted),
    so a citation back on its page (an edit undone, the same change made again, a page restored) is verified
    again, as the page now reads."""
    return _without_finding(session, [c for c in citations if c.checkable and c.url], scorer)


def unsourced_needing_search(session: Session, citations: Iterable[Citation], scorer: str) -> list[Citation]:
    """Claims tagged {{citation needed}} with no current finding by ``scorer``: retrieval looks for a source
    for these (once per claim; a stale finding is not current, as for other citations)."""
    return _without_finding(session, [c for c in citations if c.kind == NEEDS_SOURCE], scorer)


def _without_finding(session: Session, rows: list[Citation], scorer: str) -> list[Citation]:
    if not rows:
        return []
    done = set(
        session.scalars(
            select(Finding.citation_id).where(
                Finding.scorer == scorer,
                Finding.citation_id.in_([c.id for c in rows]),
                Finding.state != FindingState.STALE,
            )
        )
    )
    return [c for c in rows if c.id not in done]


def cached_sources(
    session: Session, urls: Iterable[str], max_age: timedelta, failed_max_age: timedelta
) -> dict[str, Source]:
    """Sources fetched recently enough to reuse; failures are retried sooner than successes."""
    urls = list(set(urls))
    if not urls:
        return {}
    now = utcnow()
    rows = session.scalars(select(Source).where(Source.url_hash.in_([url_hash(u) for u in urls])))
    fresh = {}
    for row in rows:
        limit = max_age if row.readable else failed_max_age
        if now - row.fetched_at <= limit:
            fresh[row.url] = row
    return fresh


def save_source(session: Session, result: FetchResult) -> Source:
    """Insert or refresh the cached copy of a fetched source."""
    key = url_hash(result.url)
    row = session.scalar(select(Source).where(Source.url_hash == key))
    if row is None and _insert_if_absent(
        session, Source, "url_hash", url_hash=key, url=result.url, status="new"
    ):
        row = session.scalar(select(Source).where(Source.url_hash == key))  # it is ours to refresh now
    if row is None:
        row = Source(url_hash=key, url=result.url)
        session.add(row)
    row.final_url, row.status, row.http_status = result.final_url, str(result.status), result.http_status
    row.content_type, row.title, row.text = result.content_type, result.title, result.text
    row.content_hash, row.size_bytes, row.error = result.content_hash, result.size_bytes, result.error
    row.page_kind = result.page_kind
    row.published, row.wikipedia_notice = result.published, result.wikipedia_notice
    row.page_metadata = result.metadata
    row.fetched_at = utcnow()
    session.flush()
    return row


def _lookup_key(url: str, wanted: str) -> str:
    return hashlib.sha256(f"{wanted} {url}".encode()).hexdigest()


def cached_lookup(
    session: Session, url: str, wanted: str, max_age: timedelta, failed_max_age: timedelta
) -> ArchiveLookup | None:
    """A Wayback availability answer for (``url``, ``wanted``) young enough to reuse; failures expire
    sooner, as failed fetches do."""
    row = session.scalar(select(ArchiveLookup).where(ArchiveLookup.key_hash == _lookup_key(url, wanted)))
    if row is None:
        return None
    limit = failed_max_age if row.error else max_age
    return row if utcnow() - row.fetched_at <= limit else None


def save_lookup(session: Session, url: str, wanted: str, answer: Availability) -> ArchiveLookup:
    """Insert or refresh the cached availability answer for (``url``, ``wanted``)."""
    key = _lookup_key(url, wanted)
    row = session.scalar(select(ArchiveLookup).where(ArchiveLookup.key_hash == key))
    if row is None:
        row = ArchiveLookup(key_hash=key, url=url, wanted=wanted)
        session.add(row)
    row.snapshot_url, row.snapshot_time, row.error = answer.snapshot_url, answer.timestamp, answer.error
    row.fetched_at = utcnow()
    session.flush()
    return row


def _insert_if_absent(session: Session, model: type, key: str, **values: object) -> bool:
    """On PostgreSQL, where workers on many machines share the queue: insert the row unless one with the
    same unique ``key`` exists (``INSERT … ON CONFLICT DO NOTHING``), so two workers saving the same source
    or wiki at once cannot fail each other's page; True when it did. Elsewhere (SQLite, one process) False:
    the caller inserts as usual."""
    if session.get_bind().dialect.name != "postgresql":
        return False
    from sqlalchemy.dialects.postgresql import insert

    session.execute(insert(model).values(**values).on_conflict_do_nothing(index_elements=[key]))
    return True


def record_finding(session: Session, **values: object) -> Finding:
    """Store a citation's verdict by a scorer (``values``: the finding's columns). A citation back on its page
    has the finding that went stale when it left: that row takes the new verdict in place, every other
    column back to its default and its suggestions dropped, so its id (linked from the on-wiki list and
    notices) and its reviews stay."""
    same = (Finding.citation_id == values["citation_id"], Finding.scorer == values["scorer"])
    finding = session.scalar(select(Finding).where(*same))
    if finding is None:
        finding = Finding(**values)
        session.add(finding)
        return finding
    for column in Finding.__table__.columns:
        if column.key in ("id", "created_at", "updated_at"):
            continue
        default = column.default
        fresh = None if default is None else default.arg(None) if default.is_callable else default.arg
        setattr(finding, column.key, values.get(column.key, fresh))
    finding.suggestions = []
    return finding


@dataclass(frozen=True)
class ReadFrom:
    """Which copy of a cited source a finding read: the live page, or an archived copy (its address and
    date, and why the live page was not read)."""

    copy_kind: str = CopyKind.LIVE
    copy_url: str | None = None
    copy_date: str | None = None
    live_problem: str | None = None


def record_verdict(
    session: Session,
    citation: Citation,
    source: Source | None,
    scorer: str,
    *,
    state: str,
    flag_reason: str | None,
    origin: str,
    run_id: int | None,
    rev_id: int | None,
    verdict: Verdict | None = None,
    band: str | None = None,
    change: dict[str, Any] | None = None,
    read_from: ReadFrom | None = None,
) -> Finding:
    """Store the finding of ``citation`` by ``scorer`` (its other scorers' findings stop being current):
    the decision the caller made (``state``, ``flag_reason``, ``band``, a settled ``change``), and the
    ``verdict`` it was made on, if the source could be read. ``source``: the copy read (``read_from`` says
    which); None, with ``read_from``, for a claim that cites none."""
    supersede_other_scorers(session, citation, scorer)
    columns: dict[str, object] = {"band": band, "change": change}
    if verdict is not None:
        columns |= _verdict_columns(verdict)
    if read_from is not None:
        columns |= asdict(read_from)
    return record_finding(
        session,
        citation_id=citation.id,
        source_id=source.id if source is not None else None,
        scorer=scorer,
        state=state,
        flag_reason=flag_reason,
        origin=origin,
        run_id=run_id,
        rev_id=rev_id,
        **columns,
    )


def _verdict_columns(verdict: Verdict) -> dict[str, object]:
    """A verdict as the finding's columns (its passages, parts and facts as JSON)."""
    best = verdict.best_passage
    return {
        "score": verdict.score,
        "probability": verdict.probability,
        "every_part_probability": verdict.every_part_probability,
        "stance": str(verdict.stance) if verdict.stance else None,
        "best_passage": best.text if best else None,
        "best_passage_index": best.index if best else None,
        "evidence": [{"start": e.start, "end": e.end, "score": e.score} for e in verdict.evidence],
        "parts": [
            {
                "text": p.text,
                "score": p.score,
                "probability": p.probability,
                "stance": str(p.stance) if p.stance else None,
                "window": p.window.text if p.window else None,
            }
            for p in verdict.parts
        ],
        "failed_part": verdict.failed_part,
        "facts": [asdict(f) for f in verdict.facts],
        "fact_note": verdict.fact_note,
    }


def supersede_other_scorers(session: Session, citation: Citation, scorer: str) -> None:
    """When a new scorer verifies a citation, the older scorers' live findings stop being current."""
    session.execute(
        update(Finding)
        .where(Finding.citation_id == citation.id, Finding.scorer != scorer, Finding.state.in_(LIVE_STATES))
        .values(state=FindingState.STALE, closed_reason=f"superseded by scorer {scorer}", updated_at=utcnow())
    )


def mark_checked(page: Page, rev_id: int, when: datetime | None = None) -> None:
    """Record that ``page`` was checked at ``rev_id`` (and exists)."""
    page.rev_id, page.checked_at, page.deleted_at = rev_id, when or utcnow(), None


def set_suggestions(finding: Finding, found: Sequence[FoundSource]) -> None:
    """Store the better sources retrieval found for ``finding``, best first, replacing any it had (so
    storing them again never duplicates them). Evidence offsets point into each suggestion's passage. Each
    carries its reference to paste (:func:`suggestion_reference`)."""
    session = object_session(finding)
    finding.suggestions = [
        Suggestion(
            rank=rank,
            url=s.url,
            title=s.title or None,
            score=s.score,
            probability=s.probability,
            every_part_probability=s.every_part_probability,
            passage=s.passage.text if s.passage else None,
            evidence=[{"start": e.start, "end": e.end, "score": e.score} for e in s.evidence],
            reference=suggestion_reference(session, s),
        )
        for rank, s in enumerate(found, 1)
    ]


def suggestion_reference(session: Session | None, found: FoundSource) -> str | None:
    """The reference to paste for a suggested source, quoting its best evidence sentence: from the page's
    own metadata when the bot read the page (its cached :class:`Source`), else from what the corpus gives
    (its address and title)."""
    source = session.scalar(select(Source).where(Source.url_hash == url_hash(found.url))) if session else None
    read = source if source is not None and source.readable else None
    best = max(found.evidence, key=lambda e: e.score, default=None)
    quote = found.passage.text[best.start : best.end] if best and found.passage else None
    return build_reference(
        found.url,
        read.page_metadata if read else None,
        title=found.title or (read.title if read else None),
        quote=quote,
        accessed=read.fetched_at if read else None,
    )
