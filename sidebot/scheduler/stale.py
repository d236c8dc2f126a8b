"""The stale check: which pages holding findings in the queue changed on the wiki without the patrol
seeing it. Deletions and moves are log events that recent changes (edits only) never lists, and a tag
removed on a page outside the patrol's window would leave its finding open for ever.

For every page with open or unverifiable findings, the wiki is asked by page id (which survives moves) for
its current title and latest revision, 50 pages a request. A page whose revision or title differs comes
back as a :class:`PageRef` for the patrol, which then follows the move, closes findings whose citation
changed or lost its tag, and verifies new citations; a deleted page comes back with revision 0, which no
page has, so the patrol finds it gone and closes its findings.

A deletion can be undone. Pages deleted in the last :data:`~sidebot.queue.watched_pages.RESTORE_WINDOW`
are asked for by title too: one that exists again comes back as a :class:`PageRef`, and the patrol verifies
its citations again (their findings went stale with the deletion). Recent changes would list the restore
only as a log entry, among every other log entry of the wiki's articles.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sidebot.queue.watched_pages import WatchedPage
from sidebot.wiki.pages import PageRef
from sidebot.wiki.site import translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite

BATCH = 50  # page ids per query: the API's limit without apihighlimits
NO_REVISION = 0  # MediaWiki revision ids start at 1


def restored_pages(site: APISite, titles: Sequence[str]) -> Iterator[PageRef]:
    """PageRefs (origin "page") for those of ``titles`` that exist again, at their latest revision."""
    for start in range(0, len(titles), BATCH):
        for page_id, title, rev_id, moment in _current_revisions(
            site, titles="|".join(titles[start : start + BATCH])
        ):
            yield PageRef(title, page_id, rev_id, moment, "page")


def changed_pages(site: APISite, known: Sequence[WatchedPage]) -> Iterator[PageRef]:
    """PageRefs (origin "page") for the ``known`` pages whose title or latest revision is not what the
    queue has, deleted pages with revision 0."""
    for start in range(0, len(known), BATCH):
        batch = known[start : start + BATCH]
        current = _latest_revisions(site, [pid for pid, _, _ in batch])
        for pid, title, rev_id in batch:
            state = current.get(pid)
            if state is None:
                yield PageRef(title, pid, NO_REVISION, datetime.now(UTC), "page")
                continue
            now_title, now_rev, timestamp = state
            if now_title != title or now_rev != rev_id:
                yield PageRef(now_title, pid, now_rev, timestamp, "page")


def _latest_revisions(site: APISite, page_ids: list[int]) -> dict[int, tuple[str, int, datetime]]:
    """page id → (title, latest revision id, its time) for the pages that exist."""
    pageids = "|".join(map(str, page_ids))
    return {
        pid: (title, rev, moment) for pid, title, rev, moment in _current_revisions(site, pageids=pageids)
    }


def _current_revisions(site: APISite, **pages: str) -> list[tuple[int, str, int, datetime]]:
    """(page id, title, latest revision id, its time) of the pages named by ``pages`` (``pageids=`` or
    ``titles=``, "|"-separated) that exist; missing, deleted and invalid titles are left out."""
    with translate_errors():
        answer = site.simple_request(
            action="query", prop="revisions", rvprop="ids|timestamp", formatversion=2, **pages
        ).submit()
    found = []
    for page in answer.get("query", {}).get("pages", []):
        if page.get("missing") or not page.get("revisions"):
            continue
        revision = page["revisions"][0]
        moment = datetime.fromisoformat(revision["timestamp"].replace("Z", "+00:00"))
        found.append((page["pageid"], page["title"], revision["revid"], moment))
    return found
