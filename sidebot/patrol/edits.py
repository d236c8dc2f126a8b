"""Edits that touch citations, read from the change between two checked revisions of a page: a citation
taken out while its claim stays, a citation pointed at another source, a {{citation needed}} or {{failed
verification}} tag taken off while nothing else changed. Each is queued once, on the finding of the
citation it concerns (one per citation and scorer: a re-run or a second worker finds it queued), with what
the edit did, who made it, the revisions and what the bot had found; the store keeps it
(:func:`sidebot.queue.store.queue_edit`).

A claim "stays" when its text is still in the article as a reader sees it and no citation on the page
carries it: a claim removed with its ref is no removal, nor is a ref replaced by another (that is a source
replaced, queued only when the new source backs the claim less than the old one did).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sidebot.citations.citations import NEEDS_SOURCE, normalize
from sidebot.citations.tags import CITATION_NEEDED, FAILED_VERIFICATION
from sidebot.patrol.pipeline import Triage
from sidebot.queue import store
from sidebot.queue.models import Citation, FindingState, Page
from sidebot.queue.support import CITATION_REMOVED_PREFIX, SOURCE_REPLACED_PREFIX, TAG_REMOVED_PREFIX
from sidebot.records import Verdict
from sidebot.verify.bands import Band
from sidebot.wiki.site import WikiError, WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.patrol.counts import PatrolCounts
    from sidebot.patrol.page_work import PageWork
    from sidebot.patrol.wiki_reader import WikiReader
    from sidebot.queue.db import Database, Session
    from sidebot.queue.store import CitationSync

log = logging.getLogger(__name__)

# A new source backs the claim less than the old one when its probability is this much lower (a smaller
# difference is the verifier's noise between two pages that back the claim alike)
LESS_BY = 0.1


def editors_between(wiki: WikiReader, page: Page, old_rev: int | None, rev_id: int) -> list[str]:
    """Who saved the page between the two revisions; none when the history is hidden from this account (the
    finding still stands)."""
    if not old_rev:
        return []
    try:
        return wiki.editors_between(page.wiki_page_id or 0, old_rev, rev_id)
    except WikiUnavailableError:
        raise
    except WikiError as exc:
        log.warning("no editors for %s: %s", page.title, exc)
        return []


def _claim_key(citation: Citation) -> str:
    return normalize(citation.claim)


def source_replacements(
    arrived: Sequence[Citation], gone: Sequence[Citation], present: Sequence[Citation]
) -> list[tuple[Citation, Citation]]:
    """(new, old) for each citation that arrived on the claim of one that just went, with another source
    (URL, or the DOI's address): the patrol verifies the new source and compares the two verdicts. A claim
    that still cites the old source got another ref added, not a replacement."""
    cited = {(_claim_key(c), c.url) for c in present}
    links, taken = [], set()
    for row in arrived:
        if not row.url or row.kind == NEEDS_SOURCE or not row.claim.strip():
            continue
        for old in gone:
            key = _claim_key(old)
            if old.id in taken or not old.url or old.url == row.url or key != _claim_key(row):
                continue
            if (key, old.url) in cited:
                continue
            links.append((row, old))
            taken.add(old.id)
            break
    return links


def _claim_stays(citation: Citation, article: str, cited: set[str]) -> bool:
    """Whether ``citation``'s claim is still in the article and no citation there carries it (a ref
    taken out of "A, B[1] and C[2]" leaves "A, B and C" cited by the second)."""
    key = _claim_key(citation)
    return bool(key) and key in article and not any(key in claim for claim in cited)


def queue_removals(
    session: Session,
    page: Page,
    sync: CitationSync,
    article: str,
    old_rev: int | None,
    scorer: str,
    work: tuple[str, int, int],
    counts: PatrolCounts,
) -> list[tuple[int, int, int]]:
    """Queue the citations an edit took out while their claim stays (``article``: the page's text as a
    reader sees it), the {{citation needed}} tags taken off a claim left as it was, and the {{failed
    verification}} tags taken off a citation the bot finds failing too. ``work``: (origin, run id, revision
    checked); ``old_rev``: the revision checked before. Returns the page's findings whose editors are not
    read yet, these and any a stopped patrol left: who made the edit is read once the page's transaction is
    committed (:func:`name_editors`)."""
    origin, run_id, rev_id = work
    present = [c for c, _ in sync.citations]
    cited = {_claim_key(c) for c in present}
    text = normalize(article)
    waiting = store.queued_absent(session, page, (CITATION_REMOVED_PREFIX, TAG_REMOVED_PREFIX))
    done = [c.id for c in waiting if not _claim_stays(c, text, cited)]  # cited again, or taken out since
    store.close_findings(session, done, FindingState.FIXED, f"claim cited again or gone (rev {rev_id})")
    linked = {c.replaces_id for c in present if c.replaces_id}
    queued: list[tuple[Citation, str, dict[str, Any], str | None]] = []
    for old in sync.gone:
        if old.id in linked or not _claim_stays(old, text, cited):
            continue
        if old.kind == NEEDS_SOURCE:
            queued.append((old, "tag_removed", _tag_change(CITATION_NEEDED), None))
        elif FAILED_VERIFICATION not in (old.tags or []):  # a ref editors doubted, taken out: a fix
            ref = old.url or old.source_title or "a ref without a link"
            change: dict[str, Any] = {
                "edit": "citation removed",
                "old": ref,
                "new": "",
                "title": old.source_title,
            }
            queued.append((old, "citation_removed", change, None))
    for citation in sync.untagged_citations:
        finding = store.finding_of(session, citation, scorer)
        if finding is not None and finding.band:  # the verifier finds it failing too
            queued.append((citation, "tag_removed", _tag_change(FAILED_VERIFICATION), finding.band))
    for citation, kind, change, band in queued:
        previous = store.verdict_summary(store.finding_of(session, citation, scorer))
        change |= {
            "old_claim": citation.claim,
            "old_rev": old_rev or 0,
            "new_rev": rev_id,
            "editors": None,  # read after the page's transaction: name_editors
            "previous": previous,
        }
        prefix = CITATION_REMOVED_PREFIX if kind == "citation_removed" else TAG_REMOVED_PREFIX
        reason = f"{prefix}: {change['old']}"
        finding = store.queue_edit(
            session,
            citation,
            scorer,
            flag_reason=reason,
            change=change,
            origin=origin,
            run_id=run_id,
            rev_id=rev_id,
            band=band,
        )
        if finding is not None:
            counts.edits[kind] += 1
    return store.unnamed_edits(session, page, (CITATION_REMOVED_PREFIX, TAG_REMOVED_PREFIX))


def name_editors(db: Database, wiki: WikiReader, page: Page, unnamed: Sequence[tuple[int, int, int]]) -> None:
    """Name who saved the page between each finding's two revisions on the findings :func:`queue_removals`
    left unnamed ((finding id, revision before, revision after)). The history is an API call, late while the
    wiki is in maxlag, so it is read after the page's transaction (on SQLite a write holds the queue's lock
    to its end, and a reviewer's decision would wait). A patrol stopped between the two, or a wiki gone at the
    history, leaves the findings unnamed until the page is checked again; a history hidden from the bot names
    no one, and the card says "by an editor"."""
    edits: dict[tuple[int, int], list[int]] = {}
    for finding_id, old_rev, new_rev in unnamed:
        edits.setdefault((old_rev, new_rev), []).append(finding_id)
    for (old_rev, new_rev), finding_ids in edits.items():
        editors = editors_between(wiki, page, old_rev, new_rev)
        with db.session() as session:
            store.name_edit_editors(session, finding_ids, editors)


def _tag_change(tag: str) -> dict[str, Any]:
    return {"edit": "tag removed", "old": f"{{{{{tag}}}}}", "new": "", "tag": tag}


def verdict_figures(verdict: Verdict | None) -> dict[str, object]:
    """A new verdict in the shape of :func:`sidebot.queue.store.verdict_summary`, for the side-by-side."""
    if verdict is None or verdict.best_passage is None:
        return {"state": "unverifiable"}
    return {
        "probability": verdict.probability if verdict.probability is not None else verdict.score,
        "every_part_probability": verdict.every_part_probability,
        "facts": len(verdict.facts),
        "facts_found": sum(1 for f in verdict.facts if f.status == "found"),
        "fact_note": verdict.fact_note,
        "best_passage": verdict.best_passage.text,
    }


def backs_less(before: dict[str, Any], after: dict[str, Any], flag_below: float) -> bool:
    """Whether the new source (``after``) backs the claim less than the old one did (``before``): a
    probability lower by ``LESS_BY`` or more, fewer of the claim's facts found, or no text to read where the
    old source backed the claim."""
    old: float | None = before.get("probability")
    new: float | None = after.get("probability")
    if old is None:  # the old source was never read: nothing to compare with
        return False
    if new is None:
        return old >= flag_below
    return new <= old - LESS_BY or (after.get("facts_found") or 0) < (before.get("facts_found") or 0)


def source_replaced(
    work: PageWork,
    wiki: WikiReader,
    citation: Citation,
    scorer: str,
    verdict: Verdict | None,
    triaged: Triage,
) -> Triage | None:
    """The finding of a citation whose source an edit replaced (:func:`source_replacements`), when the new
    source backs the claim less than the old one did: open, with both verdicts side by side, the editors and
    the revisions; None otherwise (the new source's own triage stands)."""
    old = store.replaced_citation(work.session, citation)
    if old is None or old.url == citation.url:
        return None
    before = store.verdict_summary(store.finding_of(work.session, old, scorer))
    after = verdict_figures(verdict)
    if not backs_less(before, after, work.thresholds.flag_below):
        return None
    work.counts.edits["source_replaced"] += 1
    change = {
        "edit": "source replaced",
        "old": old.url,
        "new": citation.url,
        "old_claim": old.claim,
        "old_rev": old.last_seen_rev or 0,
        "new_rev": work.rev_id,
        "editors": editors_between(wiki, work.page, old.last_seen_rev, work.rev_id),
        "previous": before,
        "after": after,
    }
    return Triage(
        "open",
        f"{SOURCE_REPLACED_PREFIX}: {old.url} → {citation.url}",
        triaged.band or str(Band.MAY_FAIL),
        change,
    )
