"""When a cited URL was added to a page: the oldest revision of its history whose text holds the URL, found
by bisection over the revision list (WikiBlame's method), so a page with 2,000 revisions costs 4 list
requests and 11 revision texts.

The archived copy of a dead source without an access-date is the snapshot closest to this date: the page the
editor read when citing it, not the newest snapshot (often the dead site's error page, a parked domain, or a
rewritten article).

Bisection assumes the URL stayed once added. A link removed and put back may be dated by a later return;
that is still a time the citation stood on the page. Only the newest ``max_revisions`` revisions are read:
when the oldest of them already holds the URL, its date is reported with ``complete=False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sidebot.wiki.site import translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite

PAGE_SIZE = 500  # revisions per list request (the API's limit for bots and users alike)


@dataclass(frozen=True, slots=True)
class Revision:
    """A revision of a page: its id and time."""

    rev_id: int
    timestamp: datetime  # timezone-aware UTC


@dataclass(frozen=True, slots=True)
class UrlAdded:
    """The revision that added the URL; ``complete`` False when the history read was cut at
    ``max_revisions`` and the URL was already there; ``texts_read``: revision texts fetched to find it."""

    revision: Revision
    complete: bool
    texts_read: int


def url_added(site: APISite, page_id: int, url: str, max_revisions: int) -> UrlAdded | None:
    """The revision of page ``page_id`` that added ``url``; None when its newest revision does not hold it (or
    the page has no readable history). Raises :class:`~sidebot.wiki.site.WikiError` (or its
    ``WikiUnavailableError``) when the wiki refuses or fails."""
    history = _revisions(site, page_id, max_revisions)  # oldest first
    needles = _forms(url)
    texts_read = 0

    def holds(index: int) -> bool:
        nonlocal texts_read
        texts_read += 1
        text = revision_text(site, history[index].rev_id)
        return text is not None and any(needle in text for needle in needles)

    if not history or not holds(len(history) - 1):
        return None
    low, high = 0, len(history) - 1  # history[high] holds the URL; find the first that does
    while low < high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle + 1
    complete = high > 0 or len(history) < max_revisions
    return UrlAdded(history[high], complete, texts_read)


def _forms(url: str) -> tuple[str, ...]:
    """How ``url`` can appear in wikitext: without its scheme (``//host/path`` is cited protocol-relative,
    and http and https are both read as the same link), and with ``&`` written as ``&amp;``."""
    bare = url.split(":", 1)[1] if url.lower().startswith(("http://", "https://")) else url
    return tuple(dict.fromkeys((bare, bare.replace("&", "&amp;"))))


def _revisions(site: APISite, page_id: int, limit: int) -> list[Revision]:
    """The newest ``limit`` revisions of the page (ids and times), oldest first."""
    found: list[Revision] = []
    proceed: dict[str, str] = {}
    while len(found) < limit:
        with translate_errors():
            answer = site.simple_request(
                action="query",
                prop="revisions",
                pageids=page_id,
                rvprop="ids|timestamp",
                rvlimit=min(PAGE_SIZE, limit - len(found)),
                formatversion=2,
                **proceed,
            ).submit()
        pages = answer.get("query", {}).get("pages", [])
        if not pages or pages[0].get("missing"):
            return []
        found += [
            Revision(r["revid"], datetime.fromisoformat(r["timestamp"].replace("Z", "+00:00")))
            for r in pages[0].get("revisions", [])
        ]
        proceed = answer.get("continue", {})
        if "rvcontinue" not in proceed:
            break
    return found[::-1]


def revision_text(site: APISite, rev_id: int) -> str | None:
    """The wikitext of one revision; None when it is hidden (revision deletion)."""
    with translate_errors():
        answer = site.simple_request(
            action="query", prop="revisions", revids=rev_id, rvprop="content", rvslots="main", formatversion=2
        ).submit()
    pages = answer.get("query", {}).get("pages", [])
    revisions = pages[0].get("revisions", []) if pages else []
    main = revisions[0].get("slots", {}).get("main", {}) if revisions else {}
    return None if main.get("texthidden") else main.get("content")


def editors_between(site: APISite, page_id: int, old_rev: int, new_rev: int, limit: int = 50) -> list[str]:
    """The users who saved the revisions after ``old_rev`` up to ``new_rev`` of the page, oldest first, each
    once (a hidden user name is left out)."""
    with translate_errors():
        answer = site.simple_request(
            action="query",
            prop="revisions",
            pageids=page_id,
            rvprop="ids|user",
            rvstartid=new_rev,
            rvendid=old_rev,
            rvlimit=limit,
            formatversion=2,
        ).submit()
    pages = answer.get("query", {}).get("pages", [])
    revisions = pages[0].get("revisions", []) if pages else []
    users = [r["user"] for r in reversed(revisions) if r.get("revid") != old_rev and "user" in r]
    return list(dict.fromkeys(users))
